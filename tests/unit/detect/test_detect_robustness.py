"""Detection never raises on any string and runs in bounded time: every regex is bounded."""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import guardian.detect
from guardian.detect import Detector, default_recognizers
from guardian.detect.base import Recognizer
from guardian.records import Field, FieldKind, Finding

try:  # Python 3.11+: the parser moved under `re`
    from re import _parser as sre_parse
except ImportError:  # pragma: no cover
    import sre_parse  # type: ignore[no-redef]

_REPEATS = {sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT}
if hasattr(sre_parse, "POSSESSIVE_REPEAT"):
    _REPEATS.add(sre_parse.POSSESSIVE_REPEAT)

MAX_REPEAT_BOUND = 10_000

PATHOLOGICAL = {
    "a@": "a@" * 50_000,
    "1-": "1-" * 50_000,
    "1.": "1." * 50_000,
    "1 ": "1 " * 50_000,
    "digits": "0" * 100_000,
    "letters": "A" * 100_000,
    "a.": "a." * 50_000,
    "a@a.": "a@a." * 25_000,
    "colons": ":" * 100_000,
    "hex colons": "ff:" * 33_334,
    "plus": "+1 " * 33_334,
    "parens": "(1" * 50_000,
    "jwt": "eyJ." * 25_000,
    "jwt run": "eyJ" + "a" * 99_990,
    "iban groups": "DE89 " * 20_000,
    "card groups": "4111 " * 20_000,
    "pairs": "password=" * 11_112,
    "bearer": "Bearer " * 14_286,
    "coordinates": "1.123, " * 14_286,
    "sk": "sk-" * 33_334,
    "emails": "a@b.co " * 14_286,
    "ips": "1.2.3.4 " * 12_500,
    "surrogates": "\udcff\ud800\udfff" * 33_334,
    "mixed scripts": "Привет 你好 مرحبا ٤١١١ 𝟘𝟙 " * 4_000,
}


def all_regexes() -> list[re.Pattern[str]]:
    """Every compiled regex of the package: recogniser patterns and module-level helpers."""
    found: list[re.Pattern[str]] = []
    for rec in default_recognizers():
        found.extend(rec.compiled_patterns())
    for info in pkgutil.walk_packages(guardian.detect.__path__, "guardian.detect."):
        module = importlib.import_module(info.name)
        found.extend(v for v in vars(module).values() if isinstance(v, re.Pattern))
    return found


def _unbounded(parsed: object) -> list[str]:
    """The repeats in a parsed regex without a finite upper bound."""
    bad: list[str] = []
    for op, av in parsed:  # type: ignore[attr-defined]
        if op in _REPEATS:
            low, high, sub = av
            if high == sre_parse.MAXREPEAT or high > MAX_REPEAT_BOUND:
                bad.append(f"{{{low},{high}}}")
            bad.extend(_unbounded(sub))
        elif op is sre_parse.SUBPATTERN:
            bad.extend(_unbounded(av[-1]))
        elif op is sre_parse.BRANCH:
            for branch in av[1]:
                bad.extend(_unbounded(branch))
        elif op in (sre_parse.ASSERT, sre_parse.ASSERT_NOT):
            bad.extend(_unbounded(av[1]))
        elif op is sre_parse.GROUPREF_EXISTS:
            bad.extend(_unbounded(av[1]))
            if av[2] is not None:
                bad.extend(_unbounded(av[2]))
    return bad


def test_the_bound_check_can_fail() -> None:
    assert _unbounded(sre_parse.parse(r"a+b")) and _unbounded(sre_parse.parse(r"(?:x(?=y*))"))
    assert not _unbounded(sre_parse.parse(r"a{1,5}(?:b|c{2,3})"))


def test_every_regex_is_bounded() -> None:
    regexes = all_regexes()
    assert len(regexes) >= 20
    for regex in regexes:
        assert _unbounded(sre_parse.parse(regex.pattern, regex.flags)) == [], regex.pattern


@pytest.mark.parametrize("name", sorted(PATHOLOGICAL))
def test_pathological_input_completes(name: str) -> None:
    """Each recogniser directly (so a raise fails the test), then the Detector; no timing asserted."""
    text = PATHOLOGICAL[name][:100_000]
    field = Field("text:", "message", text)
    for rec in default_recognizers():
        for f in rec.analyze(field):
            assert 0 <= f.start < f.end <= len(text)
    found = Detector().analyze_field(field)
    assert all(a.end <= b.start for a, b in zip(found, found[1:]))


def test_huge_field_is_capped() -> None:
    value = "ann@example.com " * 50_000  # 800k characters
    found = Detector().analyze_field(Field("text:", "", value))
    assert found and max(f.end for f in found) <= 100_000


def test_surrogate_escaped_bytes() -> None:
    value = b"\xff\xfe card 4111 1111 1111 1111 \xc3(".decode("utf-8", "surrogateescape")
    found = Detector().analyze_field(Field("form:x#0", "x\udcff", value))
    assert [value[f.start : f.end] for f in found] == ["4111 1111 1111 1111"]


def test_non_ascii_digits_are_not_numbers() -> None:
    # Arabic-Indic and mathematical digits would pass `int()`; they are no card or phone here.
    value = "٤١١١١١١١١١١١١١١١ " + "\U0001d7d2" + "\U0001d7cf" * 15  # 𝟒𝟏𝟏...
    assert Detector().analyze_field(Field("text:", "", value)) == []


_ALPHABET = st.one_of(
    st.characters(codec=None),
    st.sampled_from(list("@.-+:/ ()=,_0123456789eyJ") + ["\udcff", "\ud800", "٤", "\n"]),
)
_TEXT = st.text(_ALPHABET, max_size=300)
_NAMES = st.one_of(
    st.text(_ALPHABET, max_size=30),
    st.sampled_from(["email", "password", "lat", "message", "q", "phone", "zip", "cardNumber", ""]),
)


def _check(found: list[Finding], field: Field) -> None:
    for f in found:
        assert f.field_path == field.path
        assert 0 <= f.start < f.end <= len(field.value)
        assert 0.0 <= f.score <= 1.0


@functools.lru_cache(maxsize=1)
def _built() -> tuple[tuple[Recognizer, ...], Detector]:
    """One set of recognisers and one detector for every example: building them is what costs, and
    no example is about building."""
    return tuple(default_recognizers()), Detector()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=_TEXT, name=_NAMES, number=st.booleans())
def test_any_string_never_raises(value: str, name: str, number: bool) -> None:
    field = Field("json:$.x", name, value, FieldKind.NUMBER if number else FieldKind.STRING)
    recognizers, detector = _built()
    for rec in recognizers:
        _check(rec.analyze(field), field)
    found = detector.analyze_field(field)
    _check(found, field)
    assert all(a.end <= b.start for a, b in zip(found, found[1:]))
