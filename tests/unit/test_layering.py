"""The runtime stands apart from the lab and the tests.

`guardian/` (and `guardian_addon.py`, the script mitmdump loads) ships to users; `lab/` (training,
evaluation, benchmarks, test helpers: `pip install -e .[lab]`) and `tests/` do not. Two checks:

- read from the source: no import statement under the runtime names `lab` or `tests` (nor an
  `__import__`/`importlib.import_module` of them), at module level or inside a function;
- run: a fresh interpreter imports every runtime module, then none of the lab's, the tests' or
  their dependencies' top-level packages (`FORBIDDEN`) is in `sys.modules`.

tests/unit/test_layers.py checks the runtime's own layers (no cycles, no mitmproxy in the decision
process).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import guardian

ROOT = Path(guardian.__file__).resolve().parents[1]  # the checkout
RUNTIME = ROOT / "guardian"
ADDON_SCRIPT = ROOT / "guardian_addon.py"
# Never written in the runtime's source: the lab and the tests.
NEVER_NAMED = ("lab", "tests")
# Never loaded by importing the runtime: the above, and what only they depend on.
FORBIDDEN = ("lab", "tests", "matplotlib", "presidio_anonymizer", "playwright", "pytest", "_pytest")


def runtime_modules(root: Path = RUNTIME) -> list[str]:
    """Every module of the runtime package, by dotted name (a package by its `__init__.py`)."""
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if "__pycache__" not in parts:
            names.append(".".join(parts))
    return names


def _top(dotted: str) -> str:
    return dotted.split(".")[0]


def _parse(source: str) -> ast.Module:
    """`ast.parse(source)`, tried again after CPython 3.11's spurious "AST constructor recursion
    depth mismatch" (python/cpython#106905) when another thread parses at the same time (a model
    loading in the background); test_layers.py reads its sources the same way."""
    for attempt in range(10):
        try:
            return ast.parse(source)
        except SystemError as e:
            if "recursion depth mismatch" not in str(e) or attempt == 9:
                raise
            time.sleep(0.1 * (attempt + 1))  # let the other thread's parse finish
    raise AssertionError("unreachable")


def named_imports(source: str) -> Iterator[tuple[int, str]]:
    """(line, module) for every absolute import in `source`, in functions too, and every
    `__import__("x")` / `import_module("x")` with a literal name."""
    for node in ast.walk(_parse(source)):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in ("__import__", "import_module") and isinstance(node.args[0].value, str):
                yield node.lineno, node.args[0].value


def forbidden_imports(paths: list[Path], never: tuple[str, ...] = NEVER_NAMED) -> list[str]:
    """"path:line: module" for each import under `paths` whose top-level package is in `never`."""
    found = []
    for path in paths:
        for line, module in named_imports(path.read_text(encoding="utf-8")):
            if _top(module) in never:
                found.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{line}: {module}")
    return found


def test_the_reader_finds_every_form(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text(
        "import json\nimport lab.cli\nfrom tests.unit import x\nfrom . import lab\n"
        "def f():\n    from lab.eval import cli\n    __import__('tests.helpers')\n    importlib.import_module('lab')\n"
    )
    assert [f.split(": ", 1)[1] for f in forbidden_imports([src])] == ["lab.cli", "tests.unit", "lab.eval", "tests.helpers", "lab"]
    src.write_text("import json\nfrom . import lab\nfrom guardian.lab_notes import x\nimport labels\n")
    assert forbidden_imports([src]) == []


def test_no_runtime_file_names_the_lab_or_the_tests() -> None:
    paths = sorted(p for p in RUNTIME.rglob("*.py") if "__pycache__" not in p.parts) + [ADDON_SCRIPT]
    found = forbidden_imports(paths)
    assert not found, "the runtime imports the lab or the tests:\n" + "\n".join(found)


CHILD = """
import importlib, json, sys
failed = {}
for name in json.loads(sys.argv[1]):
    try:
        importlib.import_module(name)
    except Exception as e:  # reported: a module that does not import is a failure too
        failed[name] = f"{type(e).__name__}: {e}"
forbidden = tuple(json.loads(sys.argv[2]))
loaded = sorted({m.split(".")[0] for m in sys.modules} & set(forbidden))
print(json.dumps({"failed": failed, "loaded": loaded}))
"""


def test_importing_every_runtime_module_loads_nothing_of_the_lab_or_the_tests() -> None:
    """A fresh interpreter, with the lab installed and importable, imports every runtime module:
    none of them loads it."""
    modules = runtime_modules()
    assert "guardian.cli" in modules and "guardian.addon" in modules
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(modules), json.dumps(FORBIDDEN)],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["failed"] == {}, f"runtime modules that do not import: {report['failed']}"
    assert report["loaded"] == [], f"importing the runtime loaded: {report['loaded']}"


def test_the_runtime_cli_sends_lab_commands_to_guardian_lab(capsys: pytest.CaptureFixture[str]) -> None:
    """`guardian eval ...` and the training commands moved to `guardian-lab`: one line, exit 2."""
    from guardian.cli import main

    assert main(["matcher", "train", "--data", "my data"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == ["guardian: `matcher` is a lab command: use `guardian-lab matcher train --data 'my data'` "
                                        "(pip install -e .[lab])"]
