"""Autograding a notebook in the instructor's process: nothing the student's kernel does decides a mark.

nbgrader runs a notebook's hidden tests in the student's own kernel, so an
answer cell that replaces ``ab.grading.require`` or ``check_alphabeta``, patches
a module of the package, or installs an IPython handler that swallows errors
would pass every test.  Two preprocessors, set in ``course/nbgrader_config.py``
around nbgrader's ``Execute``, take the tests out of the kernel's hands:

- :class:`HoldOutTests`, before ``Execute``: every test cell the grader
  recognises is replaced, for the kernel's run only, by a comment, so the
  kernel never runs a test (and never grades twice);
- :class:`GradeFromSource`, after ``Execute`` and before ``SaveAutoGrades``:
  puts each test back and writes its output from grading done here, from the
  notebook's *text*: the function's source (:func:`~abteach.grading.source.cells_source`,
  graded in the sandbox by :func:`~abteach.grading.checker.check_alphabeta`)
  or an answer written as a literal.  A failed test gets an error output, so
  nbgrader gives it no points; a passed one the feedback as text.

A test is recognised by its source, which nbgrader restores from the
gradebook (test cells are locked), never by anything the student can edit:

- ``require(check_alphabeta(NAME, rule=..., seed=..., edition=...))``, with
  ``NAME`` or ``globals().get("NAME")`` and literal options;
- ``require_minimax(student_tree(SEED, ..., KIND), NAME)`` and
  ``require_pruned(student_tree(SEED, ..., KIND), NAME)``, with a literal
  seed and kind; the student is the one nbgrader is grading, and ``NAME``
  must be written out as a literal in the notebook.

The safety rests on :class:`GradeFromSource` alone: without
:class:`HoldOutTests` the kernel runs the tests too, and its outputs are
thrown away.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbformat import NotebookNode
from nbformat.v4 import new_output
from traitlets import Bool, Unicode

from abteach.grading.checker import GradingFailed, check_alphabeta, require_minimax, require_pruned
from abteach.grading.sandbox import ISOLATIONS
from abteach.grading.source import cells_source
from abteach.grading.variants import student_tree

#: What the kernel runs in place of a test cell.
HELD_OUT = "# This test is graded by abteach in the instructor's process, not in this kernel."
#: Options of check_alphabeta a test may set.
CHECK_OPTIONS = ("rule", "seed", "edition", "time_limit")


class UnknownTest(ValueError):
    """A test cell that calls the grader in a way :func:`hidden_tests` cannot read: the course's fault, not a student's."""


@dataclass(frozen=True)
class HiddenTest:
    """One hidden test, as read from a test cell's source.

    Attributes
    ----------
    kind : {'search', 'values', 'pruned'}
        What it checks: a search function, minimax values, pruned leaves.
    name : str
        The notebook's name for what is graded: the function, or the answer.
    options : dict
        ``check_alphabeta``'s options, or ``student_tree``'s seed and kind and ``require_pruned``'s rule.
    """

    kind: str
    name: str
    options: dict[str, Any] = field(default_factory=dict)


def hidden_tests(source: str) -> list[HiddenTest]:
    """The tests a test cell's source makes, in order; ``[]`` for a cell that calls no ``require``.

    Raises
    ------
    UnknownTest
        A ``require`` call whose arguments are not of a recognised form.

    Examples
    --------
    >>> hidden_tests('ab.grading.require(ab.grading.check_alphabeta(f, rule="strict", seed="s"))')
    [HiddenTest(kind='search', name='f', options={'rule': 'strict', 'seed': 's'})]
    >>> hidden_tests('print(1)')
    []
    """
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise UnknownTest(f"the test does not parse: {error}") from None
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) in ("require", "require_minimax", "require_pruned"):
            found.append((node.lineno, node.col_offset, _test(node)))
    return [test for *_, test in sorted(found, key=lambda f: (f[0], f[1]))]


def _called(call: ast.Call) -> str:
    """The called function's own name: ``require`` for ``ab.grading.require(...)``."""
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _test(call: ast.Call) -> HiddenTest:
    what = _called(call)
    if what == "require":
        inner = call.args[0] if len(call.args) == 1 and not call.keywords else None
        if not isinstance(inner, ast.Call) or _called(inner) != "check_alphabeta" or len(inner.args) != 1:
            raise UnknownTest("require must be given check_alphabeta(NAME, option=literal, ...)")
        options = _literals(inner.keywords, CHECK_OPTIONS)
        return HiddenTest("search", _graded_name(inner.args[0]), options)
    if len(call.args) != 2 or not isinstance(call.args[0], ast.Call) or _called(call.args[0]) != "student_tree":
        raise UnknownTest(f"{what} must be given student_tree(SEED, student, KIND) and the answer's name")
    tree_args = call.args[0].args
    if len(tree_args) != 3:
        raise UnknownTest("student_tree must be given a literal seed, the student and a literal kind")
    options = {"seed": _literal(tree_args[0]), "tree": _literal(tree_args[2]),
               **_literals(call.keywords, ("rule",) if what == "require_pruned" else ())}
    return HiddenTest("values" if what == "require_minimax" else "pruned", _graded_name(call.args[1]), options)


def _graded_name(node: ast.expr) -> str:
    """``NAME`` from ``NAME`` or ``globals().get("NAME")``."""
    if isinstance(node, ast.Name):
        return node.id
    if (isinstance(node, ast.Call) and _called(node) == "get" and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return node.args[0].value
    raise UnknownTest(f"the graded name must be a plain name, not {ast.unparse(node)}")


def _literals(keywords: list[ast.keyword], allowed: tuple[str, ...]) -> dict[str, Any]:
    out = {}
    for keyword in keywords:
        if keyword.arg not in allowed:
            raise UnknownTest(f"option {keyword.arg!r} is not one of {allowed}")
        out[keyword.arg] = _literal(keyword.value)
    return out


def _literal(node: ast.expr) -> Any:
    # The test's own options must not depend on a name the student's cells could rebind.
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise UnknownTest(f"{ast.unparse(node)} must be written as a literal in the test") from None


# -- grading one test from the notebook's text --------------------------------------------------

def grade(test: HiddenTest, cells: list[str], student: str, isolation: str = "bwrap") -> tuple[bool, str]:
    """Whether ``test`` passes on the code cells ``cells`` (those before the test, in order), and the feedback.

    Nothing of the student's kernel is used: the function is graded from its
    source in the sandbox, an answer from its literal text, and the tree is
    ``student``'s, the student nbgrader is grading.
    """
    if test.kind == "search":
        found = cells_source(cells, test.name)
        if found is None:
            return False, (f"No function {test.name} is defined at the top level of a cell before this test: "
                           f"define it with def {test.name}(game, state): ...\nDiagnosis: unknown (missing)")
        report = check_alphabeta(found, isolation=isolation, **test.options)
        return report.passed, report.feedback
    given, problem = literal_answer(cells, test.name)
    if problem:
        return False, problem
    tree = student_tree(test.options["seed"], student, test.options["tree"])
    try:
        if test.kind == "values":
            require_minimax(tree, given)
        else:
            require_pruned(tree, given, test.options.get("rule", "textbook"))
    except GradingFailed as failed:
        return False, str(failed)
    return True, f"{test.name}: all right."


def literal_answer(cells: list[str], name: str) -> tuple[Any, str | None]:
    """The value the last top-level ``name = <literal>`` in ``cells`` gives, or ``(None, why not)``.

    Examples
    --------
    >>> literal_answer(["x = {'A': 3}", "y = 1"], "x")
    ({'A': 3}, None)
    >>> literal_answer(["x = f()"], "x")[1].startswith("x is not written out")
    True
    """
    value: ast.expr | None = None
    for text in cells:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                value = node.value
    if value is None:
        return None, f"No cell before this test gives {name} a value: write {name} = ... in the answer cell."
    try:
        return ast.literal_eval(value), None
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None, (f"{name} is not written out: the grader reads your answer from the cell's text, not from the "
                      f"notebook's memory, so write it out by hand, as {{...}}, with no calls or variables.")


# -- the two preprocessors ------------------------------------------------------------------------

def _is_test(cell: NotebookNode) -> bool:
    meta = cell.metadata.get("nbgrader", {})
    return cell.cell_type == "code" and bool(meta.get("grade")) and not meta.get("solution")


class HoldOutTests(Preprocessor):
    """Before ``Execute``: each recognised test cell becomes a comment for the kernel's run, its source kept."""

    # nbconvert's preprocessors are off unless enabled, and nbgrader skips one that is off without a word.
    enabled = Bool(True).tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        held = resources.setdefault("abteach", {}).setdefault("held", {})
        for k, cell in enumerate(nb.cells):
            if _is_test(cell) and hidden_tests(cell.source):
                held[k] = cell.source
                cell.source = HELD_OUT
        return nb, resources


class GradeFromSource(Preprocessor):
    """After ``Execute``: every recognised test graded here, from the notebook's text, its output written."""

    enabled = Bool(True).tag(config=True)  # off by default in nbconvert, as above

    isolation = Unicode("bwrap", help="How to sandbox a submission: 'bwrap', or 'limits' where bubblewrap "
                                      "cannot run (the feedback then says so).").tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        if self.isolation not in ISOLATIONS:
            raise ValueError(f"GradeFromSource.isolation must be one of {ISOLATIONS}, not {self.isolation!r}")
        held = resources.get("abteach", {}).get("held", {})
        student = str(resources.get("nbgrader", {}).get("student", ""))
        before: list[str] = []
        for k, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if _is_test(cell):
                cell.source = held.get(k, cell.source)
                tests = hidden_tests(cell.source)
                if tests:
                    cell.outputs = _outputs([grade(t, before, student, self.isolation) for t in tests])
                else:
                    self.log.warning("test cell %s calls no abteach require: it is graded in the student's kernel",
                                     cell.metadata["nbgrader"].get("grade_id"))
                continue  # a test defines nothing the student's code may use
            before.append(cell.source)
        return nb, resources


def _outputs(results: list[tuple[bool, str]]) -> list[NotebookNode]:
    """A test cell's outputs: the feedback as text if every test passed, else an error nbgrader scores 0."""
    text = "\n".join(feedback for _, feedback in results)
    if all(passed for passed, _ in results):
        return [new_output("stream", name="stdout", text=text + "\n")]
    # The same lines GradingFailed shows in a kernel: the feedback alone, never the test's code.
    lines = ["Not yet right:", *"\n".join(f for passed, f in results if not passed).splitlines()]
    return [new_output("error", ename=GradingFailed.__name__, evalue=lines[1] if len(lines) > 1 else "",
                       traceback=lines)]


__all__ = ["HoldOutTests", "GradeFromSource", "HiddenTest", "UnknownTest", "hidden_tests", "grade", "literal_answer",
           "HELD_OUT"]
