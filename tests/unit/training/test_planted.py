"""Training texts from planted prompt sets (lab/training/detect/planted.py)."""

from __future__ import annotations

import json
from pathlib import Path

from lab.training.detect.data import IGNORE, NONE
from lab.training.detect.planted import SOURCE, licences_of, planted_items


def _row(i: int, frame: str, base: str, value: str, category: str, source: str = "gsm8k") -> dict[str, object]:
    text = frame.format(v=value, q=base)
    s = text.index(value)
    b = text.index(base)
    return {"id": f"p{i}", "source": source, "text": text, "base_span": [b, b + len(base)],
            "planted": [{"category": category, "value": value, "start": s, "end": s + len(value)}]}


def _write(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    path = tmp_path / "planted_x_dev.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_the_value_takes_its_class_the_base_is_none_and_other_kinds_are_left_out(tmp_path: Path) -> None:
    rows = [_row(1, "{q} - asked by a tired {v}", "How far is the moon?", "welder", "job_title"),
            _row(2, "{v} here, quick one: {q}", "What is 2 + 2?", "Ann Lee", "person_name")]
    items = planted_items([_write(tmp_path, rows)], swaps=0)
    got = [(source, group, [(text[s:e], c) for s, e, c in spans]) for source, group, text, spans in items]
    assert got == [
        (SOURCE, "planted:planted_x_dev:gsm8k", [("How far is the moon?", NONE), ("welder", "JOB")]),
        (SOURCE, "planted:planted_x_dev:gsm8k", [("Ann Lee", IGNORE), ("What is 2 + 2?", NONE)]),
    ]


def test_swaps_keep_the_frame_and_move_the_spans_with_the_new_value_and_base(tmp_path: Path) -> None:
    rows = [_row(1, "{q} (I'm on {v} since May)", "How far is the moon?", "Ozempic", "medication"),
            _row(2, "{q} (I'm on {v} since May)", "Why is the sky blue today?", "metformin", "medication")]
    items = planted_items([_write(tmp_path, rows)], seed=3, swaps=4)
    variants = [(text, spans) for _, _, text, spans in items[1:] if items[0][2] != text][:8]
    assert variants
    for text, spans in variants:
        labelled = {c: text[s:e] for s, e, c in spans}
        assert labelled["HEALTH"] in ("Ozempic", "metformin", "ozempic")
        assert labelled[NONE] in ("How far is the moon?", "Why is the sky blue today?")
        assert text.endswith(f"(I'm on {labelled['HEALTH']} since May)")


def test_a_row_whose_source_licence_is_unknown_or_whose_span_lies_is_not_read(tmp_path: Path) -> None:
    lying = _row(1, "{q} - asked by a tired {v}", "How far is the moon?", "welder", "job_title")
    lying["planted"][0]["start"] += 1  # type: ignore[index]
    unknown = _row(2, "{q} - asked by a tired {v}", "How far is the sun?", "baker", "job_title", source="somewhere")
    path = _write(tmp_path, [lying, unknown])
    assert planted_items([path]) == []
    assert [entry["licence"] for entry in licences_of([path])] == ["MIT", "the project's own (Apache-2.0)"]  # GSM8K's
