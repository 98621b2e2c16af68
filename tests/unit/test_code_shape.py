"""The runtime package's functions stay short enough to read at once: none over `MAX_LINES`
lines (decorators left out, the docstring counted), so that a function that grows past it is
split where it grows, not after."""

from __future__ import annotations

import ast
from pathlib import Path

import guardian

ROOT = Path(guardian.__file__).resolve().parent
MAX_LINES = 80


def _long_functions(root: Path, limit: int) -> list[str]:
    out: list[str] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > limit:
                    out.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name} ({lines} lines)")
    return out


def test_the_reader_counts_a_functions_lines(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(5))
    (tmp_path / "m.py").write_text(f"def short():\n    return 1\n\n\nasync def long():\n{body}\n", encoding="utf-8")
    assert _long_functions(tmp_path, 5) == [f"{tmp_path.name}/m.py:5 long (6 lines)"]


def test_no_runtime_function_runs_over_eighty_lines() -> None:
    assert _long_functions(ROOT, MAX_LINES) == []
