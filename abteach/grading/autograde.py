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

- ``require(check_alphabeta(NAME, rule=..., edition=...))``,
  ``require(check_table_search(NAME))`` and
  ``require(check_expectimax(NAME, part=...))``, with ``NAME`` or
  ``globals().get("NAME")`` and literal options.  The trees are drawn from
  the course's hidden seed, which the grader reads here
  (:func:`~abteach.grading.secret.hidden_seed`: ``ABTEACH_HIDDEN_SEED``, or
  ``.hidden-seed`` in the course folder), never from the test: a test's text
  is in the course's git.  A test that writes ``seed=...`` is graded on that
  seed, which is then public;
- ``require_fig55(NAME)``: the answer written out as a literal;
- ``require_order(ordering_tree(SEED, ..., KIND), NAME)`` and
  ``require_ucb1(ucb1_situations(SEED, ..., KIND), NAME)``, as below;
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
import importlib.util
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from nbconvert.preprocessors import Preprocessor
from nbformat import NotebookNode
from nbformat.v4 import new_output
from traitlets import Bool, Float, Unicode

from abteach.grading.checker import GradingFailed, check_alphabeta, require_minimax, require_pruned
from abteach.grading.expectimax import check_expectimax
from abteach.grading.handwork import (literal_value, ordering_tree, require_fig55, require_order, require_ucb1,
                                      ucb1_situations)
from abteach.grading.sandbox import ISOLATIONS, TOTAL_LIMIT
from abteach.grading.secret import hidden_seed
from abteach.grading.source import Submission, cells_source
from abteach.grading.steps import MIME as STEPS_MIME
from abteach.grading.steps import SearchSteps
from abteach.grading.tables import NAME as TABLE_NAME
from abteach.grading.tables import check_table_search
from abteach.grading.variants import student_tree

#: Seconds all the code checks of one notebook may take together (``GradeFromSource.notebook_limit``).
NOTEBOOK_LIMIT = 60.0

#: The template nbgrader's feedback is written with: nbgrader's own, with no script from another site.
FEEDBACK_TEMPLATE = "abteach_feedback"

#: What the kernel runs in place of a test cell.
HELD_OUT = "# This test is graded by abteach in the instructor's process, not in this kernel."
#: Options of check_alphabeta a test may set.
CHECK_OPTIONS = ("rule", "seed", "edition", "time_limit")
#: The checks of code a test may require, the kind of test each makes, and the options it may set.
CODE_CHECKS = {"check_alphabeta": ("search", CHECK_OPTIONS), "check_table_search": ("table", ("seed", "time_limit")),
               "check_expectimax": ("expectimax", ("seed", "time_limit", "part"))}
#: The kinds of test that grade code in the sandbox, on the course's hidden seed unless the test names one.
CODE_KINDS = tuple(kind for kind, _ in CODE_CHECKS.values())
#: The checks of an answer by hand on the student's own data: the kind of test, and the function that makes the data.
BY_HAND = {"require_minimax": ("values", "student_tree"), "require_pruned": ("pruned", "student_tree"),
           "require_order": ("order", "ordering_tree"), "require_ucb1": ("ucb1", "ucb1_situations")}
#: Makers of a student's data, by name, as a test calls them: (course seed, student, exercise).
DATA: dict[str, Callable[[str, str, str], Any]] = {"student_tree": student_tree, "ordering_tree": ordering_tree,
                                                   "ucb1_situations": ucb1_situations}


class UnknownTest(ValueError):
    """A test cell that calls the grader in a way :func:`hidden_tests` cannot read: the course's fault, not a student's."""


@dataclass(frozen=True)
class HiddenTest:
    """One hidden test, as read from a test cell's source.

    Attributes
    ----------
    kind : {'search', 'table', 'expectimax', 'values', 'pruned', 'order', 'ucb1', 'fig55'}
        What it checks: a search function, a table search, an expectimax search, minimax values,
        pruned leaves, a child order, UCB1's choices, Fig. 5.5's stages.
    name : str
        The notebook's name for what is graded: the function, or the answer.
    options : dict
        ``check_alphabeta``'s options (with no ``seed``, the course's hidden seed is used), or
        ``student_tree``'s seed and kind and ``require_pruned``'s rule.
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
    >>> hidden_tests('ab.grading.require(ab.grading.check_alphabeta(f, rule="strict"))')
    [HiddenTest(kind='search', name='f', options={'rule': 'strict'})]
    >>> hidden_tests('ab.grading.require(ab.grading.check_table_search(table_search))')
    [HiddenTest(kind='table', name='table_search', options={})]
    >>> hidden_tests('print(1)')
    []
    """
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise UnknownTest(f"the test does not parse: {error}") from None
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) in ("require", "require_fig55", *BY_HAND):
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
        if not isinstance(inner, ast.Call) or _called(inner) not in CODE_CHECKS or len(inner.args) != 1:
            raise UnknownTest(f"require must be given one of {sorted(CODE_CHECKS)}(NAME, option=literal, ...)")
        kind, allowed = CODE_CHECKS[_called(inner)]
        return HiddenTest(kind, _graded_name(inner.args[0]), _literals(inner.keywords, allowed))
    if what == "require_fig55":
        if len(call.args) != 1 or call.keywords:
            raise UnknownTest("require_fig55 must be given the answer's name alone")
        return HiddenTest("fig55", _graded_name(call.args[0]))
    kind, maker = BY_HAND[what]
    if len(call.args) != 2 or not isinstance(call.args[0], ast.Call) or _called(call.args[0]) != maker:
        raise UnknownTest(f"{what} must be given {maker}(SEED, student, KIND) and the answer's name")
    tree_args = call.args[0].args
    if len(tree_args) != 3:
        raise UnknownTest(f"{maker} must be given a literal seed, the student and a literal kind")
    options = {"seed": _literal(tree_args[0]), "tree": _literal(tree_args[2]),
               **_literals(call.keywords, ("rule",) if what == "require_pruned" else ())}
    return HiddenTest(kind, _graded_name(call.args[1]), options)


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

def grade(test: HiddenTest, cells: list[str], student: str, isolation: str = "bwrap",
          seed: str | None = None, total_limit: float | None = None) -> tuple[bool, str]:
    """Whether ``test`` passes on the code cells ``cells`` (those before the test, in order), and the feedback.

    :func:`graded`, without the steps.
    """
    passed, feedback, _ = graded(test, cells, student, isolation, seed, total_limit)
    return passed, feedback


def graded(test: HiddenTest, cells: list[str], student: str, isolation: str = "bwrap",
           seed: str | None = None, total_limit: float | None = None) -> tuple[bool, str, SearchSteps | None]:
    """Whether ``test`` passes on the code cells ``cells`` (those before the test, in order), the feedback,
    and, for a search that fails on a shipped example, its calls of the game there (else ``None``).

    Nothing of the student's kernel is used: the function is graded from its
    source in the sandbox, an answer from its literal text, and the tree is
    ``student``'s, the student nbgrader is grading.  A check of code that
    names no seed is run on ``seed``, the course's hidden seed (by default
    :func:`~abteach.grading.secret.hidden_seed` of the current folder), and
    within ``total_limit`` seconds (the check's own default if None).
    """
    if test.kind in CODE_KINDS:
        options = dict(test.options)
        if "seed" not in options:
            options["seed"] = seed if seed is not None else hidden_seed()
        found = cells_source(cells, test.name)
        if found is None:
            signature = "(game, state, alpha, beta, table)" if test.kind == "table" else "(game, state)"
            return False, (f"No function {test.name} is defined at the top level of a cell before this test: "
                           f"define it with def {test.name}{signature}: ...\nDiagnosis: unknown (missing)"), None
        if test.kind == "table":
            # The sandbox runs the function by its own name, whatever the notebook calls it.
            found = Submission(found.source + f"\n{TABLE_NAME} = {test.name}\n", TABLE_NAME, found.filename) \
                if test.name != TABLE_NAME else found
            table = check_table_search(found, isolation=isolation, total_limit=total_limit, **options)
            return table.passed, table.feedback, None
        check = check_expectimax if test.kind == "expectimax" else check_alphabeta
        report = check(found, isolation=isolation, total_limit=total_limit, **options)
        return report.passed, report.feedback, None if report.passed else report.steps
    given, problem = literal_answer(cells, test.name)
    if problem:
        return False, problem, None
    try:
        if test.kind == "fig55":
            require_fig55(given)
        else:
            maker = dict(BY_HAND.values())[test.kind]
            data = DATA[maker](test.options["seed"], student, test.options["tree"])
            if test.kind == "values":
                require_minimax(data, given)
            elif test.kind == "pruned":
                require_pruned(data, given, test.options.get("rule", "textbook"))
            elif test.kind == "order":
                require_order(data, given)
            else:
                require_ucb1(data, given)
    except GradingFailed as failed:
        return False, str(failed), None
    return True, f"{test.name}: all right.", None


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
        except (SyntaxError, ValueError, RecursionError, MemoryError):  # a cell nested past the parser's depth
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                value = node.value
    if value is None:
        return None, f"No cell before this test gives {name} a value: write {name} = ... in the answer cell."
    try:
        return literal_value(value), None
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None, (f"{name} is not written out: the grader reads your answer from the cell's text, not from the "
                      f"notebook's memory, so write it out by hand, as {{...}}, with no calls or variables.")


def feedback_template_dirs() -> list[str]:
    """The folders ``HTMLExporter.extra_template_basedirs`` needs for :data:`FEEDBACK_TEMPLATE`: abteach's, then nbgrader's.

    abteach's template extends nbgrader's feedback template, so nbgrader's folder is listed whenever nbgrader is
    installed (it always is where feedback is written; the fast tests' venv has no nbgrader, and gets abteach's
    folder alone).

    Examples
    --------
    >>> Path(feedback_template_dirs()[0], FEEDBACK_TEMPLATE, "conf.json").is_file()
    True
    """
    ours = [str(Path(__file__).with_name("templates"))]
    spec = importlib.util.find_spec("nbgrader")
    if spec is None or spec.origin is None:
        return ours
    return ours + [str(Path(spec.origin).parent / "server_extensions" / "formgrader" / "templates")]


#: A tag that makes a browser fetch from another site as the page opens: a script, a style sheet, an image, a frame.
_FETCHES = re.compile(r"<(?:script|link|img|iframe|source|video|audio)\b[^>]*?\b(?:src|href)\s*=\s*"
                      r"[\"']?((?:https?:)?//[^\"'\s>]+)", re.I)


def outside_requests(html: str) -> list[str]:
    """The addresses on other sites a page fetches as it opens (scripts, style sheets, images, frames).

    A link the reader may follow (``<a href>``) or an address in a comment or a style sheet's text is not one.

    Examples
    --------
    >>> outside_requests('<script src="https://cdn.example/mathjax.js"></script><a href="https://x.org">x</a>')
    ['https://cdn.example/mathjax.js']
    >>> outside_requests('<img src="data:image/png;base64,AAAA"><script>var u = "https://x.org";</script>')
    []
    """
    return _FETCHES.findall(html)


# -- the two preprocessors ------------------------------------------------------------------------

def is_test(cell: NotebookNode) -> bool:
    """Whether ``cell`` is a test cell :class:`GradeFromSource` writes the outputs of (if it recognises the test)."""
    return _is_test(cell)


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
    notebook_limit = Float(NOTEBOOK_LIMIT, help="Seconds all the code checks of one notebook may take together: "
                                                "a notebook of several checks cannot take several checks' time "
                                                "each.").tag(config=True)
    seed_folder = Unicode("", help="The folder whose .hidden-seed holds the course's hidden seed (made there on "
                                   "first use), unless ABTEACH_HIDDEN_SEED is set; by default nbgrader's "
                                   "CourseDirectory.root, else the current folder.").tag(config=True)

    def hidden_seed(self) -> str:
        """The course's hidden seed, read where the grader runs (see :mod:`abteach.grading.secret`)."""
        folder = self.seed_folder or self.config.get("CourseDirectory", {}).get("root") or "."
        return hidden_seed(folder)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        if self.isolation not in ISOLATIONS:
            raise ValueError(f"GradeFromSource.isolation must be one of {ISOLATIONS}, not {self.isolation!r}")
        held = resources.get("abteach", {}).get("held", {})
        student = str(resources.get("nbgrader", {}).get("student", ""))
        before: list[str] = []
        seed: str | None = None
        deadline = time.monotonic() + self.notebook_limit
        for k, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if _is_test(cell):
                cell.source = held.get(k, cell.source)
                tests = hidden_tests(cell.source)
                if tests:
                    if seed is None and any(t.kind in CODE_KINDS and "seed" not in t.options
                                            for t in tests):
                        seed = self.hidden_seed()
                    cell.outputs = _outputs([self._grade_in_time(t, before, student, seed, deadline)
                                             for t in tests])
                else:
                    self.log.warning("test cell %s calls no abteach require: it is graded in the student's kernel",
                                     cell.metadata["nbgrader"].get("grade_id"))
                continue  # a test defines nothing the student's code may use
            before.append(cell.source)
        return nb, resources

    def _grade_in_time(self, test: HiddenTest, before: list[str], student: str, seed: str | None,
                       deadline: float) -> tuple[bool, str, SearchSteps | None]:
        """:func:`graded`, with a code check given what is left of the notebook's time, and none once it is gone."""
        if test.kind not in CODE_KINDS:
            return graded(test, before, student, self.isolation, seed)
        left = deadline - time.monotonic()
        if left < 1:
            return False, (f"Not run: the code checks before this one used up the {self.notebook_limit:g} s this "
                           "notebook's checks may take together; make your search faster.\nDiagnosis: unknown "
                           "(timeout)"), None
        return graded(test, before, student, self.isolation, seed, total_limit=min(left, TOTAL_LIMIT))


class WrapFeedback(Preprocessor):
    """For ``generate_feedback``, after ``CSSHTMLHeaderPreprocessor``: the page wraps long output lines.

    The feedback of a failed test is an error output, which the page shows as
    preformatted text: a line wider than the page would be cut off, and a
    student would have to scroll sideways through each sentence.
    """

    enabled = Bool(True).tag(config=True)  # off by default in nbconvert, as above

    #: Output text wraps at the page's edge, breaking a long word only where nothing else fits.
    CSS = ".output_subarea pre { white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere; }"

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        inlining = resources.setdefault("inlining", {})
        inlining["css"] = [*inlining.get("css", []), self.CSS]
        return nb, resources


def _outputs(results: list[tuple[bool, str, SearchSteps | None]]) -> list[NotebookNode]:
    """A test cell's outputs: the feedback as text if every test passed, else an error nbgrader scores 0,
    then each failed search's steps on a shipped example, as data (:data:`~abteach.grading.steps.MIME`) that
    the feedback page steps through (:mod:`abteach.widgets.feedback`); nbgrader's scoring reads errors alone."""
    text = "\n".join(feedback for _, feedback, _ in results)
    if all(passed for passed, _, _ in results):
        return [new_output("stream", name="stdout", text=text + "\n")]
    # The same lines GradingFailed shows in a kernel: the feedback alone, never the test's code.
    lines = ["Not yet right:", *"\n".join(f for passed, f, _ in results if not passed).splitlines()]
    return [new_output("error", ename=GradingFailed.__name__, evalue=lines[1] if len(lines) > 1 else "",
                       traceback=lines),
            *(new_output("display_data", data={STEPS_MIME: steps.to_json()})
              for passed, _, steps in results if not passed and steps is not None)]


__all__ = ["FEEDBACK_TEMPLATE", "feedback_template_dirs", "outside_requests", "WrapFeedback", "HoldOutTests",
           "GradeFromSource", "is_test", "HiddenTest", "UnknownTest", "hidden_tests", "grade", "graded",
           "literal_answer", "HELD_OUT"]
