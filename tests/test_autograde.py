"""Autograding outside the student's kernel: the tests read from the gradebook's text, graded from the notebook's.

The real nbgrader run is tests/test_grade_demo.py; here the preprocessors run
on notebooks in memory, without a kernel: what a kernel would have done is
exactly what they must not depend on.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

import abteach as ab
from abteach.grading.autograde import (HELD_OUT, GradeFromSource, HiddenTest, HoldOutTests, UnknownTest, grade,
                                       hidden_tests, literal_answer)
from abteach.grading.source import cells_source

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "course" / "samples"
SOURCE_NOTEBOOKS = sorted((ROOT / "course" / "source").glob("*/*.ipynb"))


# -- reading the function from the cells' text --------------------------------------------------------

def test_the_last_definition_before_the_test_wins_and_only_what_the_function_uses_is_kept():
    cells = ["import math\nimport abteach as ab",
             "def helper():\n    return 1",
             "def search(game, state):\n    return helper() + math.floor(0.5)",
             "def helper():\n    return 2",
             "ab.grading.require = print\nimport os"]
    text = cells_source(cells, "search").source
    assert "return 2" in text and "return 1" not in text
    assert "abteach" not in text and "require" not in text and "import os" not in text
    assert cells_source(cells[:3], "search").source.count("def helper") == 1


def test_magics_are_skipped_a_broken_cell_is_reported_and_a_missing_name_is_none():
    assert "%timeit" not in cells_source(["%timeit 1\ndef f(g, s):\n    return 1"], "f").source
    broken = cells_source(["def f(g, s):\n    return (", "x = 1"], "f")
    assert broken is not None and broken.source.startswith("def f(g, s):\n    return (")
    assert cells_source(["x = 1"], "f") is None


def test_an_answer_counts_only_written_out_as_a_literal():
    assert literal_answer(["x = {'A': 1}", "x = {'A': 2}"], "x") == ({"A": 2}, None)
    assert literal_answer(["x = set()"], "x") == (set(), None)
    assert "not written out" in literal_answer(["x = ab.grading.minimax_values(tree)"], "x")[1]
    assert "No cell" in literal_answer(["y = 1"], "x")[1]


# -- reading the tests ----------------------------------------------------------------------------------

def test_every_test_cell_of_the_course_is_graded_outside_the_kernel():
    kinds = []
    for path in SOURCE_NOTEBOOKS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.metadata.get("nbgrader", {}).get("grade"):
                tests = hidden_tests(cell.source)
                assert tests, f"{path.name}: {cell.metadata['nbgrader']['grade_id']} would be graded in the kernel"
                kinds += [t.kind for t in tests]
    assert sorted(set(kinds)) == ["expectimax", "fig55", "order", "pruned", "search", "table", "ucb1", "values"]
    fourth = nbformat.read(ROOT / "course/source/fourth-edition/fourth-edition.ipynb", as_version=4)
    assert any(t.options.get("edition") == 4 for c in fourth.cells if c.metadata.get("nbgrader", {}).get("grade")
               for t in hidden_tests(c.source))


def test_a_test_that_names_its_options_through_a_variable_is_refused():
    # A name would be looked up in the student's cells, which could rebind it.
    with pytest.raises(UnknownTest):
        hidden_tests("ab.grading.require(ab.grading.check_alphabeta(f, seed=SEED))")
    with pytest.raises(UnknownTest):
        hidden_tests("ab.grading.require(report)")
    assert hidden_tests('ab.grading.require_pruned(ab.grading.student_tree("s", who, "pruning"), p)') == \
        [HiddenTest("pruned", "p", {"seed": "s", "tree": "pruning"})]


# -- the preprocessors ------------------------------------------------------------------------------

def notebook(answer: str, test: str) -> nbformat.NotebookNode:
    meta = {"grade": True, "solution": False, "locked": True, "points": 1, "grade_id": "t", "schema_version": 3}
    return new_notebook(cells=[new_code_cell("import math\n\nimport abteach as ab"), new_code_cell(answer),
                               new_code_cell(test, metadata={"nbgrader": meta})])


def autograde(nb: nbformat.NotebookNode, student: str = "ada") -> nbformat.NotebookNode:
    resources: dict = {"nbgrader": {"student": student}}
    nb, resources = HoldOutTests().preprocess(nb, resources)
    assert nb.cells[2].source == HELD_OUT  # what the kernel would run
    return GradeFromSource().preprocess(nb, resources)[0]


@pytest.mark.sandbox
@pytest.mark.parametrize("sample", ["hostile_kernel_grader", "hostile_kernel_patch"])
def test_a_kernel_that_replaces_the_grader_changes_nothing(sample):
    test = 'ab.grading.require(ab.grading.check_alphabeta(alpha_beta_search, seed="s"))'
    nb = autograde(notebook((SAMPLES / f"{sample}.py").read_text(), test))
    assert nb.cells[2].source == test  # put back as the gradebook has it
    [out] = nb.cells[2].outputs
    assert out.output_type == "error" and out.traceback[0] == "Not yet right:"
    right = autograde(notebook((SAMPLES / "correct_negamax.py").read_text(), test))
    assert [o.output_type for o in right.cells[2].outputs] == ["stream"]


def test_by_hand_answers_are_graded_on_the_student_nbgrader_names():
    tree = ab.grading.student_tree("course", "ada", "minimax")
    answer = f"minimax_values = {ab.grading.minimax_values(tree)!r}"
    test = 'ab.grading.require_minimax(ab.grading.student_tree("course", STUDENT_ID, "minimax"), minimax_values)'
    assert [o.output_type for o in autograde(notebook(answer, test), "ada").cells[2].outputs] == ["stream"]
    # The same answer is someone else's tree for bob, whatever id his notebook names.
    assert autograde(notebook(answer, test), "bob").cells[2].outputs[0].output_type == "error"
    computed = "minimax_values = ab.grading.minimax_values(tree)"
    assert grade(hidden_tests(test)[0], [computed], "ada")[0] is False


# -- the exercises of lectures 03, 06, 07 and 10 -------------------------------------------------------

def test_the_new_tests_are_read_with_their_literal_options_and_a_variable_is_refused():
    assert hidden_tests("ab.grading.require_fig55(algorithm_holds)") == [HiddenTest("fig55", "algorithm_holds")]
    assert hidden_tests('ab.grading.require_order(ab.grading.ordering_tree("s", who, "ordering"), o)') == \
        [HiddenTest("order", "o", {"seed": "s", "tree": "ordering"})]
    assert hidden_tests('ab.grading.require_ucb1(ab.grading.ucb1_situations("s", who, "ucb1"), p)') == \
        [HiddenTest("ucb1", "p", {"seed": "s", "tree": "ucb1"})]
    assert hidden_tests('ab.grading.require(ab.grading.check_table_search(t, seed="s"))') == \
        [HiddenTest("table", "t", {"seed": "s"})]
    for bad in ('ab.grading.require_order(ab.grading.student_tree("s", who, "ordering"), o)',  # the wrong data
                'ab.grading.require_ucb1(ab.grading.ucb1_situations(SEED, who, "ucb1"), p)',
                "ab.grading.require_fig55(answer, extra)",
                'ab.grading.require(ab.grading.check_table_search(t, rule="strict"))'):
        with pytest.raises(UnknownTest):
            hidden_tests(bad)


def test_an_answer_may_write_infinity_and_nothing_else_that_is_not_a_literal():
    assert literal_answer(["x = {'a': (-inf, inf), 'b': (-math.inf, float('inf'))}"], "x")[0] == \
        {"a": (-math.inf, math.inf), "b": (-math.inf, math.inf)}
    assert "not written out" in literal_answer(["x = {'a': infinity}"], "x")[1]
    assert "not written out" in literal_answer(["x = float('nan')"], "x")[1]


def test_answers_by_hand_of_the_new_exercises_are_graded_on_the_student_nbgrader_names():
    picks = {s.name: ab.grading.ucb1_choice(s) for s in ab.grading.ucb1_situations("course", "ada", "ucb1")}
    test = 'ab.grading.require_ucb1(ab.grading.ucb1_situations("course", STUDENT_ID, "ucb1"), ucb1_picks)'
    assert grade(hidden_tests(test)[0], [f"ucb1_picks = {picks!r}"], "ada")[0] is True
    assert grade(hidden_tests(test)[0], [f"ucb1_picks = {picks!r}"], "bob")[0] is False  # ada's picks, bob's data
    order = ab.grading.optimal_order(ab.grading.ordering_tree("course", "ada", "ordering"))
    test = 'ab.grading.require_order(ab.grading.ordering_tree("course", STUDENT_ID, "ordering"), child_order)'
    assert grade(hidden_tests(test)[0], [f"child_order = {order!r}"], "ada") == (True, "child_order: all right.")
    holds = ab.grading.fig55_answers()
    ok, text = grade(HiddenTest("fig55", "a"), [f"a = {holds!r}"], "ada")
    assert ok and "inf" in repr(holds)  # the windows hold infinities, written out as inf
    holds["e"]["A"] = (3, 14)
    ok, text = grade(HiddenTest("fig55", "a"), [f"a = {holds!r}"], "ada")
    assert not ok and "Stage (e), A" in text and "figure's range" in text


def test_a_kernel_that_replaces_every_require_does_not_pass_an_answer_by_hand():
    # What mallory hands in: the package computes the answer, and every require is replaced in her kernel.
    cells = ["ucb1_picks = {s.name: ab.grading.ucb1_choice(s) for s in situations}\n"
             "for name in dir(ab.grading):\n    if name.startswith('require'):\n"
             "        setattr(ab.grading, name, lambda *a, **k: None)"]
    test = 'ab.grading.require_ucb1(ab.grading.ucb1_situations("course", STUDENT_ID, "ucb1"), ucb1_picks)'
    ok, text = grade(hidden_tests(test)[0], cells, "ada")
    assert not ok and "not written out" in text


@pytest.mark.sandbox
def test_a_table_search_is_graded_from_its_source_under_the_name_the_notebook_gives_it():
    source = (SAMPLES / "table-search" / "correct.py").read_text().replace("table_search", "my_search")
    ok, text = grade(HiddenTest("table", "my_search", {"seed": "s"}), [source], "ada")
    assert ok, text
    ok, text = grade(HiddenTest("table", "table_search", {"seed": "s"}), ["x = 1"], "ada")
    assert not ok and "def table_search(game, state, alpha, beta, table)" in text


def test_the_feedback_scan_finds_what_a_stock_page_fetches_from_a_cdn():
    # The scan the grade demo runs on every feedback page must see a CDN's MathJax where one is asked for.
    from nbconvert import HTMLExporter

    from abteach.grading.autograde import outside_requests
    html, _ = HTMLExporter(template_name="classic").from_notebook_node(notebook("x = 1", "assert x"))
    assert any("mathjax" in url.lower() for url in outside_requests(html))


@pytest.mark.sandbox
def test_a_notebooks_code_checks_share_one_time_budget():
    # Two checks of a search that sleeps on every tree: each check alone would be stopped at its own total, so a
    # notebook of several would take several checks' time.  The notebook's budget stops the first and runs no second.
    meta = {"grade": True, "solution": False, "locked": True, "points": 1, "schema_version": 3}
    test = 'ab.grading.require(ab.grading.check_alphabeta(alpha_beta_search, seed="s"))'
    nb = new_notebook(cells=[new_code_cell((SAMPLES / "slow_sleeper.py").read_text()),
                             *(new_code_cell(test, metadata={"nbgrader": {**meta, "grade_id": f"t{k}"}})
                               for k in (1, 2))])
    started = time.monotonic()
    graded = GradeFromSource(notebook_limit=4.0).preprocess(nb, {"nbgrader": {"student": "ada"}})[0]
    took = time.monotonic() - started
    first, second = (cell.outputs[0] for cell in graded.cells[1:])
    assert first.output_type == second.output_type == "error"
    assert "(timeout)" in "\n".join(first.traceback)
    assert "Not run: the code checks before this one used up the 4 s" in "\n".join(second.traceback)
    assert took < 4.0 + 6.0, took  # the budget, and the sandbox's start-up
