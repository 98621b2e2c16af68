"""Layers that do not loop, read from the source.

- No import cycle among guardian's modules: the graph of module-level imports (those under
  `if TYPE_CHECKING:` excepted) must be acyclic.
- Imports inside functions may close a loop only through the lazy imports in `LAZY`, each kept
  for what it saves, never to dodge a cycle.
- The decision process (`python -m guardian.worker`) never loads mitmproxy: `guardian.addon` is
  the only package that imports it, and nothing the worker can import reaches that package.

An edge `a -> b` is "importing a runs b": `import x.y.z` and `from x.y import z` (z a module)
run x, x.y and x.y.z; `from x.y import name` runs x and x.y. A module's own enclosing packages
are left out: Python runs them before the module, whatever it imports.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from mitmproxy.test import tflow

import guardian
from guardian.addon.guardian import flow_request
from guardian.audit import ValueHasher
from guardian._wire import Configure, Decide, encode_frame
from guardian.settings import Settings

ROOT = Path(guardian.__file__).resolve().parent  # guardian/
PROXY_ONLY = ("mitmproxy", "guardian.addon")  # what the decision process must never load
DECISION_PROCESS = ("guardian.worker", "guardian.decider", "guardian._wire")

# (importer, imported): lazy imports allowed to close a loop, and why they are lazy.
LAZY: dict[tuple[str, str], str] = {
    ("guardian.rules", "guardian.detect.recognizers.custom"): (
        "only a rules file that declares recognisers loads the detection package for them"
    ),
}


class Import(NamedTuple):
    """One imported module, as written in `importer` (resolved to an absolute dotted name)."""

    importer: str
    target: str
    line: int
    lazy: bool  # inside a function: runs when it is called, not when the module is imported


def find_modules(root: Path) -> dict[str, Path]:
    """Every module of the package at `root`, by dotted name (a package by its `__init__.py`)."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(nodes: Iterable[ast.AST], lazy: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """The import statements under `nodes`, less those under `if TYPE_CHECKING:`."""
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, lazy
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _import_nodes(node.orelse, lazy)
        else:
            inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            yield from _import_nodes(ast.iter_child_nodes(node), inner)


def _parse(source: str) -> list[ast.stmt]:
    """`ast.parse(source).body`, tried again after CPython 3.11's spurious "AST constructor recursion
    depth mismatch" (python/cpython#106905): another thread parsing at the same time (torch parses
    its own source while a MiniLM loads in the background) can raise it for a valid source."""
    for attempt in range(10):
        try:
            return ast.parse(source).body
        except SystemError as e:
            if "recursion depth mismatch" not in str(e) or attempt == 9:
                raise
            time.sleep(0.1 * (attempt + 1))  # let the other thread's parse finish
    raise AssertionError("unreachable")


def read_imports(name: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """What module `name` (its source at `path`) imports, guardian's modules and others alike."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    for node, lazy in _import_nodes(_parse(path.read_text(encoding="utf-8")), False):
        if isinstance(node, ast.Import):
            found += [Import(name, alias.name, node.lineno, lazy) for alias in node.names]
            continue
        base = node.module or ""
        if node.level:  # relative: from the package, one level up per extra dot
            anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join(anchor + ([base] if base else []))
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            found.append(Import(name, submodule if submodule in modules else base, node.lineno, lazy))
    return found


def import_graph(
    root: Path, *, lazy: bool, allowed: Iterable[tuple[str, str]] = ()
) -> tuple[dict[str, set[str]], dict[tuple[str, str], str]]:
    """The edges between the package's modules (with the imports inside functions when `lazy`,
    less the `allowed` ones), and where each edge is written ("path:line")."""
    modules = find_modules(root)
    skip = set(allowed)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    where: dict[tuple[str, str], str] = {}
    for name, path in modules.items():
        own = set(_prefixes(name))
        for imp in read_imports(name, path, modules):
            if (imp.lazy and not lazy) or (imp.importer, imp.target) in skip:
                continue
            for runs in _prefixes(imp.target):
                if runs in modules and runs not in own:
                    graph[name].add(runs)
                    where.setdefault((name, runs), f"{path.relative_to(root.parent)}:{imp.line}")
    return graph, where


def _prefixes(dotted: str) -> list[str]:
    parts = dotted.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as [a, b, ..., a], or None: a depth-first search that meets a module on its path."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path = [start]
        stack: list[Iterator[str]] = [iter(sorted(graph[start]))]  # the edges left to follow, per module on the path
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                done.add(path.pop())
                stack.pop()
            elif nxt in path:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in done:
                path.append(nxt)
                stack.append(iter(sorted(graph[nxt])))
    return None


def describe(cycle: list[str] | None, where: dict[tuple[str, str], str]) -> str:
    if cycle is None:
        return "no import cycle"
    return "import cycle:\n" + "\n".join(f"  {a} -> {b}   ({where[(a, b)]})" for a, b in zip(cycle, cycle[1:]))


def reachable(graph: dict[str, set[str]], starts: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph[name])
    return seen


def _is_proxy_only(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in PROXY_ONLY)


# -- the reader itself, on a package made for it ------------------------------------------------


def test_the_reader_resolves_every_form_and_leaves_out_type_checking(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from pkg.a import A\n",
        "a.py": "from typing import TYPE_CHECKING\nfrom . import b\nif TYPE_CHECKING:\n    from pkg.c import C\nA = 1\n",
        "b.py": "from .sub import d\nimport json\n",
        "c.py": "def f():\n    from pkg import a\n",
        "sub/__init__.py": "",
        "sub/d.py": "from ..c import f\nfrom pkg.sub import helper\nhelper = 1\n",
    }
    for rel, text in files.items():
        (pkg / rel).write_text(text)

    graph, where = import_graph(pkg, lazy=False)
    assert graph == {
        "pkg": {"pkg.a"},
        "pkg.a": {"pkg.b"},  # `from . import b` is the module b; pkg.c only under TYPE_CHECKING
        "pkg.b": {"pkg.sub", "pkg.sub.d"},  # a submodule runs its package first
        "pkg.c": set(),  # its import is inside a function
        "pkg.sub": set(),
        "pkg.sub.d": {"pkg.c"},  # `from pkg.sub import helper`: its own package, always run before
    }
    assert find_cycle(graph) is None
    assert where[("pkg.b", "pkg.sub.d")] == "pkg/b.py:1"

    lazy_graph, lazy_where = import_graph(pkg, lazy=True)
    cycle = find_cycle(lazy_graph)
    assert cycle is not None and cycle[0] == cycle[-1] and {"pkg.a", "pkg.c"} <= set(cycle)
    assert "pkg/c.py:2" in describe(cycle, lazy_where)
    assert find_cycle(import_graph(pkg, lazy=True, allowed=[("pkg.c", "pkg.a")])[0]) is None


# -- guardian ------------------------------------------------------------------------------------


def test_module_level_imports_have_no_cycle() -> None:
    graph, where = import_graph(ROOT, lazy=False)
    cycle = find_cycle(graph)
    assert cycle is None, describe(cycle, where)


def test_imports_in_functions_loop_only_through_the_listed_lazy_ones() -> None:
    graph, where = import_graph(ROOT, lazy=True, allowed=LAZY)
    cycle = find_cycle(graph)
    assert cycle is None, describe(cycle, where) + "\n(a lazy import that only dodges this loop hides a layering problem)"
    modules = find_modules(ROOT)
    written = {(i.importer, i.target) for name, path in modules.items() for i in read_imports(name, path, modules) if i.lazy}
    assert set(LAZY) <= written, f"no longer lazy imports, drop them from LAZY: {sorted(set(LAZY) - written)}"


def test_nothing_the_decision_process_can_import_is_the_proxys() -> None:
    """Every guardian module the worker can reach, at import or in any function, and what those
    import from elsewhere: none of it is mitmproxy or guardian.addon."""
    graph, _ = import_graph(ROOT, lazy=True)
    modules = find_modules(ROOT)
    reach = reachable(graph, DECISION_PROCESS)
    assert not [m for m in reach if _is_proxy_only(m)]
    outside = {i.target for m in reach for i in read_imports(m, modules[m], modules) if i.target.split(".")[0] != "guardian"}
    assert not [m for m in outside if _is_proxy_only(m)]


CHILD = """
import json, sys
import guardian.decider, guardian._wire, guardian.worker
from guardian._wire import FrameLink

got = []
FrameLink(got.append, print).data_received(sys.stdin.buffer.read())  # the proxy's first frames
guardian.worker.main([])  # the usage path: no socket, nothing started
print(json.dumps({"kinds": [type(m).__name__ for m in got], "request": type(got[1].request).__module__,
                  "loaded": sorted(m for m in sys.modules if m.split(".")[0] == "mitmproxy"
                                   or m == "guardian.addon" or m.startswith("guardian.addon."))}))
"""


def test_the_decision_process_loads_no_mitmproxy_even_reading_the_proxys_frames() -> None:
    """A fresh interpreter imports the worker, the decider and the wire module, and unpickles the frames
    a proxy sends (a request built from a mitmproxy flow); mitmproxy stays unloaded. Building the
    pipeline, the real child's next step, takes seconds (spaCy): the static test above covers the
    modules it imports, and tests/unit/addon/test_offload.py runs a real child."""
    flow = tflow.tflow()
    flow.request.headers["Cookie"] = "sid=1"
    frames = encode_frame(Configure(Settings(policy_db=None), ValueHasher())) + encode_frame(
        Decide(1, flow_request(flow), "closed", 5.0, "-", None, None, None)
    )
    done = subprocess.run([sys.executable, "-c", CHILD], input=frames, capture_output=True, timeout=120, cwd=ROOT.parent)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    report = json.loads(done.stdout.decode().splitlines()[-1])
    assert report == {"kinds": ["Configure", "Decide"], "request": "guardian.records", "loaded": []}

