"""The generaliser ladders (ladders.yaml) and their use by the generaliser."""

from __future__ import annotations

import pytest

from guardian.anonymize.evidence import evidence_finding
from guardian.anonymize.generalize import Generalize
from guardian.anonymize.ladder import Ladder, LadderError, default_ladder
from guardian.categories import DataCategory as C
from guardian.records import Finding


@pytest.mark.parametrize(
    "attribute, span, rung, expected",
    [
        ("occupation", "a nurse", 1, "a healthcare worker"),
        ("occupation", "nurse", 2, "a professional"),
        ("occupation", "Nurses", 1, "a healthcare worker"),  # plural and case
        ("occupation", "nurse", 9, "a professional"),  # the last rung repeats
        ("location", "Tacoma", 1, "a city in the US"),
        ("location", "Tacoma", 2, "a place"),
        ("age", "34", 1, "30-something"),
        ("age", "34", 2, "an adult age"),
        (None, "Tacoma", 1, "a city in the US"),
        ("occupation", "gizmo", 1, None),
    ],
)
def test_ladder_rungs(attribute: str | None, span: str, rung: int, expected: str | None) -> None:
    assert default_ladder().phrase(attribute, span, rung) == expected


def test_fallback_only_when_asked() -> None:
    ladder = default_ladder()
    assert ladder.phrase("occupation", "gizmo", 1, fallback=True) == "some work"
    assert default_ladder() is ladder  # loaded once


def test_bad_ladder_file_is_a_config_error() -> None:
    with pytest.raises(LadderError, match="rungs"):
        Ladder.from_dict({"attributes": {"occupation": {"groups": {"x": {"terms": ["a"]}}}}})
    with pytest.raises(LadderError):
        Ladder.from_dict(["not", "a", "mapping"])


def test_generaliser_climbs_the_ladder_with_agreement() -> None:
    text = "As a nurse in Tacoma I work night shifts."
    g = Generalize()
    one = [evidence_finding("occupation", "text:", 5, 10, 1, 0.9), evidence_finding("location", "text:", 14, 20, 1, 0.9)]
    assert g.rewrite_in(text, one) == "As a healthcare worker in a city in the US I work night shifts."
    two = [evidence_finding("occupation", "text:", 5, 10, 2, 0.9)]
    assert g.rewrite_in(text, two) == "As a professional in Tacoma I work night shifts."


def test_detected_span_takes_its_first_rung() -> None:
    text = "My sister is a nurse."
    f = Finding(C.CONTACT, "OCCUPATION", "text:", 15, 20, 0.8, "occupations", quasi=True)
    assert Generalize().rewrite_in(text, [f]) == "My sister is a healthcare worker."
    other = Finding(C.CONTACT, "OCCUPATION", "text:", 15, 21, 0.8, "occupations", quasi=True)
    assert Generalize().rewrite_in("My sister is a glazer.", [other]) == "My sister is a professional."


def test_l3_never_tags_a_time_or_a_relation_as_a_person() -> None:
    # a real failure: "for [PERSON] and [PERSON] still gets the kids [PERSON]"
    from guardian.anonymize.operators.l3_tag import EntityTag
    from guardian.detect.detector import Detector
    from guardian.records import Field, FieldKind, Payload

    text = "I was married for 11 years and my ex-husband still gets the kids every weekend since last spring."
    payload = Payload(fields=(Field("json:$.message", "message", text, FieldKind.STRING),), body_codec="json")
    tag = EntityTag()
    tags = {text[f.start:f.end]: tag.rewrite(text[f.start:f.end], f, FieldKind.STRING) for f in Detector().detect(payload)}
    assert "[PERSON]" not in tags.values()
    assert tags.get("11 years") == "[TIME]" and tags.get("my ex-husband") == "[RELATION]"
