"""Autograding outside the student's kernel: the tests read from the gradebook's text, graded from the notebook's.

The real nbgrader run is tests/test_grade_demo.py; here the preprocessors run
on notebooks in memory, without a kernel: what a kernel would have done is
exactly what they must not depend on.
"""

from __future__ import annotations

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
    assert sorted(set(kinds)) == ["pruned", "search", "values"]
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
