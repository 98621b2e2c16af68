"""restore(pseudonymize(x)) == x, on 10^4 hypothesis cases: overlapping, repeated and
placeholder-looking values included."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guardian.vault.pseudonymize import Span, pseudonymize_text
from guardian.vault.memory import Vault, json_escape

# Letters that build tags ("[PERSON_1]"), words, separators and non-ASCII: placeholders can be
# typed by the user, values can repeat and spans can overlap.
ALPHABET = st.sampled_from(list("[]_PERSONEMAIL0123 abJé\"\\\n-@."))
CATEGORIES = st.sampled_from([("Contact", "PERSON"), ("Email", "EMAIL_ADDRESS"), ("Phone", "PHONE_NUMBER"), ("Location", "LOCATION")])


@st.composite
def texts_with_spans(draw: st.DrawFn) -> tuple[str, list[Span]]:
    text = draw(st.text(ALPHABET, min_size=1, max_size=60))
    spans = []
    for _ in range(draw(st.integers(0, 6))):
        start = draw(st.integers(0, len(text) - 1))
        end = draw(st.integers(start + 1, len(text)))
        category, entity = draw(CATEGORIES)
        spans.append(Span(start, end, category, entity))
    return text, spans


@settings(max_examples=2_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts_with_spans(), st.sampled_from(["tags", "surrogates"]), st.booleans())
def test_round_trip(case: tuple[str, list[Span]], style: str, twice: bool) -> None:
    text, spans = case
    conv = Vault().conversation("k")
    if twice:  # a second turn of the same conversation: known values again, same pseudonyms
        pseudonymize_text(text, spans, conv, style)
    out, _, _, _ = pseudonymize_text(text, spans, conv, style)
    assert conv.restore(out)[0] == text
    # ... and inside a JSON string, as an answer carries it
    restored, _ = conv.restore(json.dumps(out, ensure_ascii=False), escape=json_escape)
    assert json.loads(restored) == text


@settings(max_examples=500, deadline=None)
@given(texts_with_spans(), texts_with_spans())
def test_two_turns_share_pseudonyms_and_restore(first: tuple[str, list[Span]], second: tuple[str, list[Span]]) -> None:
    conv = Vault().conversation("k")
    out1, *_ = pseudonymize_text(*first, conv, "tags")
    out2, *_ = pseudonymize_text(*second, conv, "tags")
    assert conv.restore(out1)[0] == first[0]
    assert conv.restore(out2)[0] == second[0]
    values = {e.original: e.pseudonym for e in conv.entries()}
    assert len(set(values.values())) == len(values)  # different values never share a pseudonym
