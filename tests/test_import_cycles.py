"""No module of ``ginscore/`` imports, directly or through others, a module that imports it back.

Every import counts, at the top of a module or inside a function: an import put in a function
to dodge a cycle still ties the two modules into one piece that cannot be read or changed alone.
The graph is read from the source (``ast``), so the test needs neither Django nor a database.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "ginscore"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports (by their full names)."""
    files = {module_name(p, root): p for p in sorted((root / PACKAGE).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:   # relative: from the module's own package upwards
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    here = here[:len(here) - (node.level - 1)]
                    base = ".".join(here + ([base] if base else []))
                # "from package import module" names the module; "from module import name", the module
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            else:
                continue
            edges |= {t for t in targets if t in files and t != name}
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected pieces of more than one module (Tarjan), each sorted, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            piece = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                piece.append(w)
                if w == v:
                    break
            if len(piece) > 1:
                found.append(sorted(piece))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_graph_sees_the_imports_it_must():
    """The reader finds imports of every form the code uses (else an empty graph would pass)."""
    graph = import_graph()
    assert "ginscore.tournaments.services" in graph["ginscore.tournaments.apps"]   # inside ready()
    assert "ginscore.matches.selectors" in graph["ginscore.club.views"]   # from ginscore.matches import selectors
    assert "ginscore.engine.tournament" in graph["ginscore.tournaments.services.rounds"]


def test_cycles_are_found(tmp_path):
    """A cycle through a function-level import, and a relative one, are both reported."""
    pkg = tmp_path / PACKAGE
    (pkg / "inner").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "inner" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from ginscore import b\n")
    (pkg / "b.py").write_text("def f():\n    from ginscore.a import x\n")
    (pkg / "inner" / "c.py").write_text("from .d import y\n")
    (pkg / "inner" / "d.py").write_text("from ginscore.inner import c\n")
    (pkg / "e.py").write_text("import ginscore.a\n")
    assert cycles(import_graph(tmp_path)) == [["ginscore.a", "ginscore.b"], ["ginscore.inner.c", "ginscore.inner.d"]]


def test_ginscore_has_no_import_cycle():
    found = cycles(import_graph())
    assert not found, "import cycles in ginscore/:\n" + "\n".join(" <-> ".join(piece) for piece in found)
