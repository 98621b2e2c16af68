"""The documentation: the generated options table is current, README.md stays short, links resolve."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from guardian.docs_options import (
    BEGIN,
    DOC_PATH,
    END,
    REGENERATE,
    DeclaredOption,
    gather_options,
    render_table,
    update_text,
)
from guardian.settings import OPTIONS

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
README_MAX_LINES = 220


def test_the_options_table_in_docs_is_up_to_date() -> None:
    text = DOC_PATH.read_text(encoding="utf-8")
    assert update_text(text, render_table()) == text, f"docs/options.md is out of date; run: {REGENERATE}"


def test_the_table_lists_every_option_the_proxy_declares() -> None:
    names = [o.name for o in gather_options()]
    assert len(names) == len(set(names))
    assert set(OPTIONS) <= set(names)
    # declared by their addons, not in OPTIONS
    assert {"guardian_pac_port", "guardian_metrics", "guardian_metrics_hosts"} <= set(names)
    table = render_table()
    for name in names:
        assert f"| `{name}` |" in table


def test_a_row_has_type_default_choices_and_help() -> None:
    table = render_table([
        DeclaredOption("guardian_x", str, "a", "Pick a | b.", ("a", "b")),
        DeclaredOption("guardian_y", int, 8 * 1024 * 1024, "Largest body, in bytes."),
        DeclaredOption("guardian_z", str, "86400", "Seconds kept."),
        DeclaredOption("guardian_w", bool, False, "A switch."),
    ])
    rows = table.splitlines()
    assert rows[2] == "| `guardian_x` | str | `a` | `a`, `b` | Pick a \\| b. |"
    assert rows[3] == "| `guardian_y` | int | `8388608` (8 MiB) |  | Largest body, in bytes. |"
    assert rows[4] == "| `guardian_z` | str | `86400` (1 day) |  | Seconds kept. |"
    assert rows[5] == "| `guardian_w` | bool | `false` |  | A switch. |"


def test_update_replaces_only_what_is_between_the_markers() -> None:
    text = f"intro\n{BEGIN}\nold\n{END}\nnotes\n"
    assert update_text(text, "| new |\n") == f"intro\n{BEGIN}\n\n| new |\n\n{END}\nnotes\n"
    with pytest.raises(ValueError):
        update_text("no markers", "| new |\n")


def test_the_readme_is_short_and_keeps_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < README_MAX_LINES
    assert "./guardian.sh run " in text and "./guardian.sh test " in text
    assert "exec ./guardian.sh test\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _links(text: str) -> list[str]:
    return _LINK.findall(_CODE.sub("``", _FENCE.sub("", text)))


def _anchors(text: str) -> set[str]:
    """GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered."""
    seen: dict[str, int] = {}
    out = set()
    for line in _FENCE.sub("", text).splitlines():
        m = re.match(r"#{1,6} (.+)", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


@pytest.mark.parametrize("doc", [README, *DOCS, ROOT / "lab" / "bench" / "README.md"], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(doc: Path) -> None:
    broken = []
    for target in _links(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path_part, _, anchor = target.partition("#")
        path = (doc.parent / path_part).resolve() if path_part else doc
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in _anchors(path.read_text(encoding="utf-8")):
            broken.append(f"{target}: no such heading in {path.name}")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_docs_index_lists_every_file_of_the_docs_folder() -> None:
    index = ROOT / "docs" / "README.md"
    assert "docs/README.md" in _links(README.read_text(encoding="utf-8"))  # the README points to the index
    listed = {Path(t).name for t in _links(index.read_text(encoding="utf-8")) if "/" not in t and t.endswith(".md")}
    assert listed == {p.name for p in DOCS if p.name != "README.md"}
