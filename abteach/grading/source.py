"""A submission as source text: from a file, from text, or from a function defined in a notebook.

The sandbox runs a submission's *source* in a fresh interpreter, never an
object of the grader's process.  :func:`submission` turns what a grader is
given into that text: a ``.py`` file or source text as it is; a function by
its own source and the source of what it uses from its module (helper
functions and classes, imports, plain constants), which is what a notebook
cell defines.  :func:`cells_source` does the same from a notebook's cells'
*text*, for a grader that must not trust the student's kernel.  :func:`uses_package` finds, in the text alone, an import of
the package the exercise asks the student to write a part of.

Examples
--------
>>> s = submission("def alpha_beta_search(game, state):\\n    return game.actions(state)[0]\\n")
>>> s.name, s.filename
('alpha_beta_search', '<submission>')
>>> uses_package("import abteach as ab\\n"), uses_package("import math\\n")
('abteach', None)
"""

from __future__ import annotations

import ast
import inspect
import linecache
import math
import textwrap
import types
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Any, Sequence

#: Packages a submission may not use: importing them is not writing the search.
FORBIDDEN = ("abteach",)
#: The code flag ``from __future__ import annotations`` sets on a function compiled under it.
_FUTURE_ANNOTATIONS = 0x1000000


class SourceUnavailable(ValueError):
    """A function whose source cannot be read (a built-in, a lambda typed at a prompt that kept no text)."""


@dataclass(frozen=True)
class Submission:
    """What the sandbox runs.

    Attributes
    ----------
    source : str
        The text, which defines ``name``.
    name : str
        The function to grade.
    filename : str
        How feedback names the source: the file's name, ``'<submission>'`` or ``'<your code>'``.
    """

    source: str
    name: str = "alpha_beta_search"
    filename: str = "<submission>"


def submission(target: Any, name: str = "alpha_beta_search") -> Submission:
    """The :class:`Submission` for a path, source text or a function.

    Parameters
    ----------
    target : str, bytes, path-like, function or Submission
        A Submission, returned as it is; a ``.py`` file (a path, or a one-line str ending in ``.py``), source
        text that defines ``name``, or the function itself.
    name : str
        The function to grade in a file or text; a function is graded under its own name.

    Raises
    ------
    SourceUnavailable
        A function whose source cannot be read.
    OSError
        A file that cannot be read.
    """
    if isinstance(target, Submission):
        return target
    if isinstance(target, bytes):
        target = target.decode("utf-8", "replace")
    if hasattr(target, "__fspath__") or (isinstance(target, str) and target.endswith(".py") and "\n" not in target):
        path = FilePath(target)
        return Submission(path.read_text(encoding="utf-8", errors="replace"), name, path.name)
    if isinstance(target, str):
        return Submission(target, name)
    if callable(target):
        function = inspect.unwrap(target)
        return Submission(function_source(function), getattr(function, "__name__", name), "<your code>")
    raise TypeError(f"target must be a path, source text or a function, not {type(target).__name__}")


def uses_package(source: str) -> str | None:
    """The forbidden package ``source`` imports (by statement, ``__import__`` or ``import_module``), or ``None``.

    Examples
    --------
    >>> uses_package("from abteach.search import alphabeta")
    'abteach'
    >>> uses_package("import importlib\\nm = importlib.import_module('abteach')")
    'abteach'
    >>> uses_package("x = 'abteach is a word here'")
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if called in ("__import__", "import_module") and isinstance(node.args[0].value, str):
                names = [node.args[0].value]
        for found in names:
            if found.partition(".")[0] in FORBIDDEN:
                return found.partition(".")[0]
    return None


# -- a function's source, with what it uses ----------------------------------------------------

def function_source(function: Any) -> str:
    """The source of ``function`` and of everything it uses from its module, as one module's text.

    Helpers defined beside it (functions, classes) are copied from their
    source, modules and things imported from other modules become imports,
    and plain constants (numbers, strings, their tuples, lists and dicts)
    become assignments.  Anything else it uses is left out, with a comment,
    so the submission meets it as a ``NameError``.

    Raises
    ------
    SourceUnavailable
        ``function`` is not a Python function, or its source cannot be read.
    """
    if not isinstance(function, types.FunctionType):
        raise SourceUnavailable(f"{function!r} is not a function written in Python, so its source cannot be graded")
    copier = _Copier(function.__globals__, function.__module__)
    copier.add(function.__name__, function)
    future = ["from __future__ import annotations"] if function.__code__.co_flags & _FUTURE_ANNOTATIONS else []
    return "\n".join([*future, *copier.imports, *copier.constants, "", *copier.definitions]).strip() + "\n"


class _Copier:
    """What a function needs from its module, gathered one name at a time, what it uses first."""

    def __init__(self, namespace: dict[str, Any], home: str) -> None:
        self._namespace = namespace
        self._home = home
        self._done: set[str] = set()
        self._files: list[str] = []
        self.imports: list[str] = []
        self.constants: list[str] = []
        self.definitions: list[str] = []

    def add(self, name: str, value: Any) -> None:
        if name in self._done:
            return
        self._done.add(name)
        if isinstance(value, types.ModuleType):
            self.imports.append(f"import {value.__name__}" if value.__name__ == name
                                else f"import {value.__name__} as {name}")
        elif isinstance(value, (types.FunctionType, type)) and getattr(value, "__module__", None) == self._home:
            self._copy(name, value)
        elif callable(value) and isinstance(getattr(value, "__module__", None), str) and value.__module__ != self._home:
            qualname = getattr(value, "__qualname__", "")
            if qualname.isidentifier():
                self.imports.append(f"from {value.__module__} import {qualname}"
                                    + ("" if qualname == name else f" as {name}"))
        else:
            text = _literal(value)
            self.constants.append(f"{name} = {text}" if text is not None else
                                  f"# {name} is a {type(value).__name__}, which cannot be copied into the submission")

    def _copy(self, name: str, value: Any) -> None:
        text = self._definition(value)
        if text is None:
            self.definitions.append(f"# the source of {name} could not be read")
            return
        used = set(_global_names(text))
        code = getattr(value, "__code__", None)
        if code is not None:
            self._files.append(code.co_filename)
        for other in sorted(used):
            if other in self._namespace and other not in self._done and not other.startswith("__"):
                self.add(other, self._namespace[other])
        self.definitions.append(text)
        if value.__name__ != name:
            self.definitions.append(f"{name} = {value.__name__}")

    def _definition(self, value: Any) -> str | None:
        """``value``'s source: from inspect, or, for a class defined in a notebook cell, from the cells seen."""
        try:
            return textwrap.dedent(inspect.getsource(value))
        except (OSError, TypeError):
            pass
        for filename in reversed(self._files):
            text = "".join(linecache.getlines(filename))
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError):
                continue
            found = [node for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))
                     and node.name == value.__name__]
            if found:
                segment = ast.get_source_segment(text, found[-1])
                decorators = [ast.get_source_segment(text, d) for d in found[-1].decorator_list]
                if segment is not None:
                    return "".join(f"@{d}\n" for d in decorators if d) + segment
        return None


def _global_names(text: str) -> list[str]:
    """The global (and attribute) names a definition's text uses, decorators and defaults included; not its locals.

    A local variable named like a global of the notebook (``ab`` for alpha-beta)
    must not bring that global along, so the names come from the compiled code, not the text.
    """
    try:
        return _code_names(compile(text, "<definition>", "exec", dont_inherit=True))
    except (SyntaxError, ValueError, RecursionError):
        return []


def _code_names(code: types.CodeType) -> list[str]:
    """The global and attribute names a code object and those nested in it use."""
    out = list(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out += _code_names(const)
    return out


def _literal(value: Any) -> str | None:
    """Python text that makes ``value`` again, for plain constants; ``None`` for anything else."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    if value is None or type(value) in (bool, int, float, str, bytes, complex):
        return repr(value)
    if type(value) in (tuple, list, set, frozenset, dict) and len(value) <= 1000:
        items = value.items() if isinstance(value, dict) else ((x, None) for x in value)
        parts = [(_literal(k), _literal(v) if isinstance(value, dict) else "") for k, v in items]
        if any(k is None or v is None for k, v in parts):
            return None
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {v}" for k, v in parts) + "}"
        inner = ", ".join(str(k) for k, _ in parts)
        if isinstance(value, tuple):
            return f"({inner}{',' if len(value) == 1 else ''})"
        if isinstance(value, list):
            return f"[{inner}]"
        return f"{type(value).__name__}([{inner}])"
    return None


# -- a function's source, from a notebook's cells -------------------------------------------------

def cells_source(cells: Sequence[str], name: str) -> Submission | None:
    """The source of ``name`` and of what it uses, read from the text of notebook cells run in order.

    What "Restart and Run All" would leave defined when the last of
    ``cells`` has run: the last top-level definition of each name wins
    (``def``, ``class``, an import, a plain assignment), and only the
    statements ``name`` needs, directly or through another, are kept, in
    their cells' order.  Nothing is run: the text alone decides, so what a
    cell does to the kernel (a module patched, a function replaced) is not
    seen.  IPython's magics (``%``, ``!``) are left out, and so are star
    imports (a name only they define meets the submission as a ``NameError``).

    Parameters
    ----------
    cells : sequence of str
        Code cells' sources, in the notebook's order.
    name : str
        The function to grade.

    Returns
    -------
    Submission or None
        ``None`` when no cell defines ``name`` at its top level.  A cell
        that does not parse, before ``name`` is found, is returned as the
        submission itself, so the grader reports its syntax error.

    Examples
    --------
    >>> cells = ["import math\\nimport abteach as ab", "def helper(x):\\n    return math.floor(x)",
    ...          "def search(game, state):\\n    return helper(1)", "ab.grading.require = print"]
    >>> print(cells_source(cells, "search").source)
    import math
    def helper(x):
        return math.floor(x)
    def search(game, state):
        return helper(1)
    <BLANKLINE>
    >>> cells_source(cells, "missing") is None
    True
    """
    bound: dict[str, tuple[int, int]] = {}  # name -> (cell, statement) of its last binding
    statements: dict[tuple[int, int], tuple[ast.stmt, str]] = {}
    future = False
    broken: str | None = None
    for k, text in enumerate(cells):
        text = _without_magics(text)
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            broken = broken or text
            continue
        for j, node in enumerate(tree.body):
            names = _bound_names(node)
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                future = future or any(alias.name == "annotations" for alias in node.names)
                continue
            if names:
                statements[(k, j)] = (node, _segment(text, node))
                bound.update((n, (k, j)) for n in names)
    if name not in bound:
        return Submission(broken, name, "<your code>") if broken is not None else None
    keep: set[tuple[int, int]] = set()
    todo = [name]
    while todo:
        where = bound.get(todo.pop())
        if where is not None and where not in keep:
            keep.add(where)
            todo.extend(_global_names(statements[where][1]))
    body = [statements[at][1] for at in sorted(keep)]
    head = ["from __future__ import annotations"] if future else []
    return Submission("\n".join([*head, *body]) + "\n", name, "<your code>")


def _without_magics(text: str) -> str:
    """A cell's text with IPython's line magics and shell escapes commented out (they are not Python)."""
    return "\n".join(f"# {line}" if line.lstrip().startswith(("%", "!")) else line for line in text.splitlines())


def _bound_names(node: ast.stmt) -> list[str]:
    """The names a top-level statement binds, if it is a definition, an import or a plain assignment."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(alias.asname or alias.name).partition(".")[0] for alias in node.names if alias.name != "*"]
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        targets = [node.target]
    out: list[str] = []
    for target in targets:
        for leaf in ast.walk(target):
            if isinstance(leaf, ast.Name) and isinstance(leaf.ctx, ast.Store):
                out.append(leaf.id)
    return out


def _segment(text: str, node: ast.stmt) -> str:
    """A top-level statement's lines, its decorators included."""
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    assert node.end_lineno is not None
    return "\n".join(text.splitlines()[first - 1:node.end_lineno])


__all__ = ["Submission", "SourceUnavailable", "submission", "function_source", "cells_source", "uses_package",
           "FORBIDDEN"]
