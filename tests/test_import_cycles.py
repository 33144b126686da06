"""No module of the package imports, directly or through others, a module that imports it back.

Every import counts: at the top of a module, inside a function, and under
``TYPE_CHECKING``, since each of them is a module leaning on another.  A
cycle is broken by moving what both sides share down into a module below
them both, never by moving an import into a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(package: Path) -> dict[str, Path]:
    """Every module below ``package`` (a folder), by its dotted name; a package by its own name."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that the module ``name`` imports anywhere in its source.

    ``from a.b import c`` imports ``a.b.c`` when that is a module, else ``a.b``; a relative import is
    read from the module's own package.
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for a in node.names:
                found.add(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base)
    return {m for m in found if m in known and m != name}


def cycles(package: Path) -> list[list[str]]:
    """Each group of modules that import one another in a circle (Tarjan's strongly connected components)."""
    mods = modules(package)
    graph = {name: sorted(imports(name, path, set(mods))) for name, path in mods.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_the_package_has_no_import_cycle():
    assert cycles(ROOT / "abteach") == []


def test_the_scan_finds_a_cycle_through_a_local_or_type_only_import(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from pkg.sub.a import A\n")
    (pkg / "sub" / "a.py").write_text("from pkg.sub import b\nA = 1\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .c import C\n    return C\n")
    (pkg / "sub" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                      "    from pkg.sub.a import A\nC = 2\n")
    (pkg / "alone.py").write_text("import pkg.sub.a\n")
    assert cycles(pkg) == [["pkg.sub.a", "pkg.sub.b", "pkg.sub.c"]]
    (pkg / "sub" / "c.py").write_text("C = 2\n")
    assert cycles(pkg) == []
