"""The rules file's `recognizers` section: parsing, line-numbered errors, the
pipeline's detectors (the component detectors untouched) and a reload with a bad entry."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from mitmproxy.test import taddons, tflow

from guardian.addon import GuardianAddon
from guardian.assemble import Components, assemble, build_components
from guardian.categories import DataCategory
from guardian.detect.recognizers import CustomRecognizer
from guardian.detect.recognizers.credit_card import luhn_ok
from guardian.errors import RulesError
from guardian.records import Field, HttpRequest, RecipientType
from guardian.rules import load_rules, parse_rules
from guardian.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
EMPLOYEE = "E-123455"  # passes Luhn
NOT_EMPLOYEE = "E-123456"  # fails it
# More that pass, one per test that sends them: the classifier remembers an id once found
# (guardian/fieldkinds/seen.py), so a value already seen proves nothing about the rules.
OTHER_EMPLOYEES = ("E-654327", "E-246801", "E-975318")

RULES = r"""
version: 1
domains:
  metrics.example: {recipient: analytics, purposes: [analytics]}
recognizers:
  - name: employee number
    supported_entity: EMPLOYEE_ID
    category: PersistentID
    patterns:
      - {name: staff id, regex: '\bE-[0-9]{6}\b', score: 0.5}
    context: [employee, staff]
    checksum: luhn
  - name: code names
    category: Contact
    deny_list: [Project Bluebird, build01.corp.example]
    deny_list_score: 0.9
"""


def test_the_example_values_are_what_they_claim() -> None:
    assert luhn_ok(EMPLOYEE[2:]) and not luhn_ok(NOT_EMPLOYEE[2:])
    assert all(luhn_ok(e[2:]) for e in OTHER_EMPLOYEES)


def test_a_recognizers_section_parses() -> None:
    employee, names = parse_rules(RULES).recognizers
    assert (employee.name, employee.entity, employee.category) == ("employee number", "EMPLOYEE_ID", DataCategory.PERSISTENT_ID)
    assert [(p.name, p.regex, p.score) for p in employee.patterns] == [("staff id", r"\bE-[0-9]{6}\b", 0.5)]
    assert (employee.context, employee.checksum, employee.deny_list) == (("employee", "staff"), "luhn", ())
    assert (names.entity, names.category, names.patterns) == ("CODE_NAMES", DataCategory.CONTACT, ())
    assert (names.deny_list, names.deny_list_score, names.checksum) == (("Project Bluebird", "build01.corp.example"), 0.9, None)


def test_categories_by_value_or_member_name_and_checksum_in_any_case() -> None:
    text = "recognizers:\n  - {name: x, category: PERSISTENT_ID, checksum: MOD97, patterns: [{name: a, regex: 'C[0-9]{9}', score: 1}]}\n"
    (spec,) = parse_rules(text).recognizers
    assert (spec.category, spec.checksum, spec.entity) == (DataCategory.PERSISTENT_ID, "mod97", "X")


def test_a_file_without_the_section_has_none() -> None:
    assert parse_rules("trusted: [a.example]\n").recognizers == ()
    assert parse_rules("recognizers:\n").recognizers == ()


def _entry(*lines: str) -> str:
    return "version: 1\nrecognizers:\n" + "".join(f"  {line}\n" for line in lines)


GOOD_PATTERN = "  patterns: [{name: p, regex: 'E-[0-9]{6}', score: 0.5}]"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (_entry("- name: a", "  category: PersistentID", "  patterns:", "    - {name: p, regex: 'E-[0-9', score: 0.5}"),
         6, "invalid regex"),
        (_entry("- name: a", "  category: PersistentID", "  patterns:", "    - name: p", "      regex: 'E-[0-9]+'", "      score: 0.5"),
         7, "without a bound ({1,})"),
        (_entry("- name: a", "  category: Contact", "  patterns:", '    - {name: p, regex: "\\bx{2}", score: 0.5}'),
         6, "backspace: write it in single quotes"),  # YAML's double quotes read \b as a backspace
        (_entry("- name: a", "  category: Secrets", "  deny_list: [x]"), 4, "category 'Secrets' is not one of: Credentials"),
        (_entry("- name: a", "  category: Content", "  deny_list: [x]"), 4, "only the LLM levels rewrite; choose e.g. Contact"),
        (_entry("- name: a", "  category: Contact", "  checksum: crc32", GOOD_PATTERN), 5, "checksum 'crc32' is not one of: luhn, mod97, mod11"),
        (_entry("- category: Contact", "  deny_list: [x]"), 3, "needs a `name`"),
        (_entry("- name: a", "  deny_list: [x]"), 3, "recognizer 'a' needs a `category`"),
        (_entry("- name: a", "  category: Contact", "  patterns:", "    - {name: p, regex: 'x{2}', score: 1.5}"),
         6, "score must be between 0 and 1, not 1.5"),
        (_entry("- name: a", "  category: Contact", "  deny_list: [x]", "  deny_list_score: -0.1"), 6, "must be between 0 and 1"),
        (_entry("- name: a", "  category: Contact", "  patterns:", "    - {name: p, regex: 'x{2}', score: high}"), 6, "must be a number"),
        (_entry("- name: a", "  category: Contact"), 3, "needs `patterns` or a `deny_list`"),
        (_entry("- name: a", "  category: Contact", "  deny_list: [x]", "  supported_language: en"), 6, "not 'supported_language'"),
        (_entry("- name: a", "  category: Contact", "  patterns:", "    - {name: p, score: 0.5}"), 6, "exactly `name`, `regex` and `score`"),
        (_entry("- name: a", "  category: Contact", "  checksum: luhn", "  deny_list: [x]"), 5, "and it has none"),
        (_entry("- name: a", "  category: Contact", "  supported_entity: employee id", "  deny_list: [x]"), 5, "letters, digits and _"),
        (_entry("- name: '!!'", "  category: Contact", "  deny_list: [x]"), 3, "give it a `supported_entity`"),
        (_entry("- {name: a, category: Contact, deny_list: [x]}", "- {name: a, category: Email, deny_list: [y]}"), 4, "two recognizers are named 'a'"),
        (_entry("- name: a", "  category: Contact", "  deny_list: ['']"), 5, "must be a non-empty string"),
        ("recognizers: {name: a}\n", 1, "recognizers must be a list"),
    ],
)
def test_a_bad_entry_names_the_file_line_and_reason(text: str, line: int, fragment: str) -> None:
    with pytest.raises(RulesError) as info:
        parse_rules(text, "my.yaml")
    assert info.value.path == "my.yaml" and info.value.line == line, str(info.value)
    assert str(info.value).startswith(f"my.yaml:{line}: ") and fragment in str(info.value)


def test_load_rules_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(_entry("- name: a", "  category: Contact", "  patterns:", "    - {name: p, regex: '(x', score: 0.5}"))
    with pytest.raises(RulesError, match=re.escape(f"{path}:6: recognizer 'a', pattern 'p': invalid regex")):
        load_rules(path)


def test_the_shipped_example_parses_once_uncommented() -> None:
    """rules/default.yaml ships the section commented out; the example must be valid as written."""
    text = (ROOT / "rules" / "default.yaml").read_text()
    assert load_rules(ROOT / "rules" / "default.yaml").recognizers == ()  # off by default
    block = text[text.index("# recognizers:") :]
    example = "\n".join(line.removeprefix("# ") for line in block.splitlines() if line.startswith("# "))
    employee, internal = parse_rules(example, "default.yaml").recognizers
    found = CustomRecognizer(employee).analyze(Field("json:$.n", "note", f"staff {EMPLOYEE}, {NOT_EMPLOYEE}"))
    assert [(f.entity, f.start) for f in found] == [("EMPLOYEE_ID", 6)]
    assert internal.deny_list and internal.category is DataCategory.CONTACT


# --- the pipeline --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def parts() -> Iterator[Components]:
    components = build_components(Settings(policy_db=None), warm=False)
    try:
        yield components
    finally:
        components.close()


def _beacon(body: dict[str, object]) -> HttpRequest:
    return HttpRequest(
        method="POST",
        url="https://metrics.example/collect",
        headers=(("Content-Type", "application/json"), ("Origin", "https://shop.example"), ("Sec-Fetch-Site", "cross-site")),
        body=json.dumps(body).encode(),
    )


def test_a_pipeline_rewrites_an_employee_number_sent_to_a_third_party(parts: Components) -> None:
    # without the rules' recogniser the number passes as it is (first: see OTHER_EMPLOYEES)
    plain = assemble(parts.settings, rules=parse_rules(RULES.split("recognizers:")[0]), components=parts)
    assert plain.decide(_beacon({"event": "login", "employee": EMPLOYEE})).rewrite is None
    pipeline = assemble(parts.settings, rules=parse_rules(RULES), components=parts)
    outcome = pipeline.decide(_beacon({"event": "login", "employee": EMPLOYEE, "plan": "pro"}))
    record = outcome.line
    assert record["decision"] == "transform" and outcome.rewrite is not None
    sent = json.loads(outcome.rewrite.body)
    assert sent["employee"] != EMPLOYEE and re.fullmatch(r"E-[0-9]{6}", sent["employee"])  # same shape
    assert sent["plan"] == "pro"
    (finding,) = record["findings"]
    assert (finding["entity"], finding["category"], finding["recognizer"]) == ("EMPLOYEE_ID", "PersistentID", "custom:employee number")
    # a number that fails the checksum is no employee number
    assert pipeline.decide(_beacon({"event": "login", "employee": NOT_EMPLOYEE})).rewrite is None


def test_the_component_detectors_are_left_as_they_were(parts: Components) -> None:
    assert parts.prompt_detector is not None  # guardian_prose=auto: two detectors to extend
    detector, prompts = parts.detector.recognizers, parts.prompt_detector.recognizers
    pipeline = assemble(parts.settings, rules=parse_rules(RULES), components=parts)
    assert parts.detector.recognizers is detector and parts.prompt_detector.recognizers is prompts
    assert not any(isinstance(r, CustomRecognizer) for r in detector + prompts)
    web, ai = pipeline.detector_for(RecipientType.ANALYTICS), pipeline.detector_for(RecipientType.AI_SERVICE)
    assert web is not parts.detector and ai is not parts.prompt_detector and web is not ai
    assert web.recognizers[2:] == detector and ai.recognizers[2:] == prompts  # the same instances
    assert web.recognizers[:2] == ai.recognizers[:2]  # one set of the rules' own, shared
    assert [r.name for r in ai.recognizers[:2]] == ["custom:employee number", "custom:code names"]
    item = Field("json:$.e", "employee", EMPLOYEE)
    assert [f.entity for f in ai.analyze_field(item)] == ["EMPLOYEE_ID"]
    assert all(f.entity != "EMPLOYEE_ID" for f in parts.prompt_detector.analyze_field(item))
    # no recognisers declared: the component detectors themselves, the default path unchanged
    plain = assemble(parts.settings, rules=parse_rules("version: 1\n"), components=parts)
    assert plain.detector is parts.detector and plain.prompt_detector is parts.prompt_detector


def test_with_rules_swaps_the_rules_own_recognisers(parts: Components) -> None:
    pipeline = assemble(parts.settings, rules=parse_rules(RULES), components=parts)
    dropped = pipeline.with_rules(parse_rules("version: 1\n"))
    for detector in (dropped.detector, dropped.prompt_detector):
        assert detector is not None and not any(isinstance(r, CustomRecognizer) for r in detector.recognizers)
    again = dropped.with_rules(parse_rules(RULES))
    assert [r.name for r in again.detector.recognizers[:2]] == ["custom:employee number", "custom:code names"]
    assert sum(isinstance(r, CustomRecognizer) for r in again.detector.recognizers) == 2  # not stacked
    assert again.decide(_beacon({"event": "login", "employee": EMPLOYEE})).rewrite is not None


# --- a live reload -------------------------------------------------------------------------------


def _employee_flow(number: str) -> object:
    flow = tflow.tflow()
    flow.request.method = "POST"
    flow.request.url = "http://metrics.example/collect"
    flow.request.headers["Content-Type"] = "application/json"
    flow.request.headers["Origin"] = "https://shop.example"
    flow.request.headers["Sec-Fetch-Site"] = "cross-site"
    flow.request.content = json.dumps({"event": "login", "employee": number}).encode()
    return flow


def test_a_reload_with_a_bad_recognizer_keeps_the_old_rules(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    first, second, third = OTHER_EMPLOYEES
    rules_file = tmp_path / "rules.yaml"
    rules_file.write_text(RULES)
    addon = GuardianAddon()
    with taddons.context(addon) as tctx:
        tctx.configure(addon, guardian_rules=str(rules_file))
        assert addon.engine.watch is not None
        flow = _employee_flow(first)
        asyncio.run(addon.request(flow))
        assert first.encode() not in flow.request.content  # type: ignore[attr-defined]
        before = addon.pipeline
        rules_file.write_text(RULES.replace(r"\bE-[0-9]{6}\b", r"\bE-[0-9]+\b"))  # unbounded: refused
        addon.engine.watch._next = 0.0  # noqa: SLF001 - no waiting for the once-a-second check
        flow = _employee_flow(second)
        asyncio.run(addon.request(flow))
        assert addon.pipeline is before  # the old rules, and their recogniser, stay in force
        assert second.encode() not in flow.request.content  # type: ignore[attr-defined]
        assert f"{rules_file}:10: recognizer 'employee number', pattern 'staff id'" in caplog.text
        assert "keeping the old ones" in caplog.text
        # a good file again is picked up: here one without the recogniser, so a new number passes
        rules_file.write_text(RULES.split("recognizers:")[0])
        addon.engine.watch._next = 0.0  # noqa: SLF001
        flow = _employee_flow(third)
        asyncio.run(addon.request(flow))
        assert addon.pipeline is not before and third.encode() in flow.request.content  # type: ignore[attr-defined]
