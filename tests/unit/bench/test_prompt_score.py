"""lab/bench/prompts/score.py on tiny hand-written prompts (no third-party text)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

SCORE_PY = Path(__file__).resolve().parents[3] / "lab" / "bench" / "prompts" / "score.py"


@pytest.fixture(scope="module")
def score():
    spec = importlib.util.spec_from_file_location("prompt_score", SCORE_PY)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


PY = "What is the difference between a list and a tuple in Python?"
BENIGN = [
    {"id": "b1", "source": "s1", "text": PY},
    {"id": "b2", "source": "s2", "text": "When did the Berlin Wall fall?"},
    {"id": "b3", "source": "s2", "text": "Name three rivers in France."},
    {"id": "b4", "source": "s1", "text": "What is the capital of France?"},
]


def _planted(text: str, values: list[tuple[str, str]]) -> dict:
    spans = []
    for category, value in values:
        start = text.index(value)
        spans.append({"category": category, "value": value, "start": start, "end": start + len(value)})
    return {"id": "p1", "source": "s1", "split": "dev", "text": text, "planted": spans,
            "base_span": [text.index("How"), text.index("?") + 1]}


PLANTED_TEXT = "Hi, I'm Jane Roe. How do I bake bread? Mail me at jane.roe@example.org."
PLANTED = _planted(PLANTED_TEXT, [("full_name", "Jane Roe"), ("email", "jane.roe@example.org")])


def test_changed_spans_are_word_level_on_the_original(score) -> None:
    sent = PY.replace("Python", "[LOCATION_1]")
    [change] = score.changed_spans(PY, sent)
    assert (change["orig"], change["repl"]) == ("Python", "[LOCATION_1]")
    assert PY[change["start"]:change["end"]] == "Python"
    assert score.replacement_kind("[LOCATION_1]") == "[LOCATION]"
    assert score.replacement_kind("a place") == "(other)" and score.replacement_kind("") == "(removed)"
    assert score.changed_spans(PY, PY) == []


def test_benign_counts_every_change_a_block_and_a_missing_prompt(score) -> None:
    sent = {
        "b1": {"sent": PY.replace("Python", "[LOCATION_1]"), "findings": [{"start": 53, "end": 59, "entity": "LOCATION"}]},
        "b2": {"sent": "When did the Berlin Wall fall?", "findings": []},
        "b3": {"sent": None},
        # a word generalised with no finding is a change too
        "b4": {"sent": "What is the capital of a place?", "findings": []},
    }
    result = score.score_benign(BENIGN, sent, show_texts=False)
    assert (result["unchanged"], result["changed"], result["blocked"], result["missing"]) == (1, 2, 1, 0)
    assert result["unchanged_share"] == 0.25
    assert result["replacement_kinds"] == {"[LOCATION]": 1, "(other)": 1}
    assert result["changed_prompts_with_a_change_no_finding_covers"] == 1
    assert result["per_source"]["s2"] == {"n": 2, "unchanged": 1, "unchanged_share": 0.5}
    assert "examples" not in result and "top_changes" not in result

    missing = score.score_benign(BENIGN, {"b2": sent["b2"]}, show_texts=True)
    assert missing["missing"] == 3 and missing["unchanged_share"] == 1.0 and missing["examples"] == []


def test_benign_examples_show_the_changed_spans(score) -> None:
    sent = {r["id"]: {"sent": r["text"]} for r in BENIGN} | {"b1": {"sent": PY.replace("Python", "[LOCATION]")}}
    result = score.score_benign(BENIGN, sent, show_texts=True)
    [example] = result["examples"]
    assert example["id"] == "b1" and example["changes"] == [{"orig": "Python", "repl": "[LOCATION]"}]
    assert result["top_changes"] == [{"orig": "Python", "repl": "[LOCATION]", "count": 1}]


def test_planted_values_replaced_and_nothing_else_changed(score) -> None:
    sent = "Hi, I'm [PERSON]. How do I bake bread? Mail me at ***@example.org."
    res = score.planted_result(PLANTED, {"sent": sent})
    assert res["aligned"] and res["extra"] == []
    name, email = res["values"]
    assert name == {"category": "full_name", "protected": True, "nothing_kept": True, "kept": [], "replacement": "[PERSON]"}
    # a partly masked e-mail is protected, but keeps its domain
    assert email["protected"] and not email["nothing_kept"] and email["kept"] == ["example", "org"]


def test_planted_changes_outside_the_values_break_otherwise_unchanged(score) -> None:
    sent = "Hi, I'm [PERSON]. How do I bake [FOOD]? Mail me at [EMAIL]."
    res = score.planted_result(PLANTED, {"sent": sent, "findings": [{"start": 32, "end": 37, "entity": "FOOD"}]})
    assert not res["aligned"] and all(v["protected"] and v["nothing_kept"] for v in res["values"])
    [extra] = res["extra"]
    assert (extra["orig"], extra["repl"], extra["where"], extra["finding"]) == ("bread", "[FOOD]", "base", True)
    # the wording around the values counts too
    wording = score.planted_result(PLANTED, {"sent": "Hello, I'm [PERSON]. How do I bake bread? Mail me at [EMAIL]."})
    assert not wording["aligned"] and [(c["orig"], c["where"]) for c in wording["extra"]] == [("Hi", "wording")]


def test_planted_value_left_as_it_was_is_not_protected(score) -> None:
    res = score.planted_result(PLANTED, {"sent": PLANTED_TEXT.replace("jane.roe@example.org", "[EMAIL]")})
    name, email = res["values"]
    assert res["aligned"] and not name["protected"] and name["kept"] == ["jane", "roe"]
    assert email["protected"] and email["nothing_kept"]
    # a block protects every value, but the prompt did not reach the service as written
    blocked = score.planted_result(PLANTED, {"sent": None})
    assert blocked["status"] == "blocked" and not blocked["aligned"] and all(v["protected"] for v in blocked["values"])


def test_numbers_count_as_present_with_other_separators(score) -> None:
    assert score.value_present("415 555 0199", "call 415-555-0199 now")
    assert score.value_present("4111 1111 1111 1111", "card 4111111111111111")
    assert not score.value_present("415 555 0199", "call [PHONE] now")
    assert score.kept_parts("415 555 0199", "call 555-[PHONE]", "") == []  # 3-digit groups are not words
    assert score.kept_parts("12 Elm Street", "[ADDRESS] on Elm", "") == ["elm"]
    assert score.kept_parts("12 Elm Street", "Elm Street", "the Elm") == ["street"]  # "elm" was there already


def test_align_assigns_each_span_its_replacement(score) -> None:
    spans = PLANTED["planted"]
    assert score.align(PLANTED_TEXT, spans, "Hi, I'm . How do I bake bread? Mail me at X.") == ["", "X"]
    assert score.align(PLANTED_TEXT, spans, "Hi, I'm A. How do I bake bread?") is None


def test_planted_totals(score) -> None:
    sent = {"p1": {"sent": "Hi, I'm [PERSON]. How do I bake bread? Mail me at jane.roe@example.org."}}
    result = score.score_planted([PLANTED], sent, show_texts=False)
    assert result["values"] == 2 and result["protected_share"] == 0.5
    assert result["per_category"]["email"]["protected_share"] == 0.0
    assert result["otherwise_unchanged_share"] == 1.0 and result["protected_and_otherwise_unchanged_share"] == 0.0
    assert "examples" not in result


def test_cli_scores_a_jsonl_and_prints_no_test_text(score, tmp_path: Path, capsys) -> None:
    data = tmp_path / "sets"
    data.mkdir()
    with (data / "benign_test.jsonl").open("w") as f:
        for r in BENIGN:
            f.write(json.dumps(r) + "\n")
    sent = tmp_path / "sent.jsonl"
    sent.write_text("\n".join(json.dumps({"id": r["id"], "sent": r["text"].replace("France", "[LOCATION]")}) for r in BENIGN) + "\n")
    out = tmp_path / "result.json"
    assert score.main(["--set", "benign_test", "--data", str(data), "--jsonl", str(sent), "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["unchanged"] == 2 and result["changed"] == 2 and "examples" not in result
    printed = capsys.readouterr().out
    assert "France" not in printed and "rivers" not in printed and "50.0%" in printed
