"""The grader: correct searches in every style pass, each classic bug is named, bad submissions are reported.

The samples are course/samples/*.py, each named for what it is: ``correct_*``
must pass, ``bug_<mistake>`` must be diagnosed as that mistake.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import abteach as ab
from abteach.grading.checker import CANDIDATES, expectations, grading_trees

SAMPLES = Path(__file__).resolve().parent.parent / "course" / "samples"


def sample(name: str) -> Path:
    return SAMPLES / f"{name}.py"


@pytest.mark.parametrize("style", ["correct_3rd_edition", "correct_4th_edition", "correct_negamax"])
def test_correct_searches_in_every_style_pass(style):
    r = ab.grading.check_alphabeta(sample(style), seed=3)
    assert (r.score, r.diagnosis, r.failure, r.departure) == (r.out_of, None, None, None)
    assert r.out_of == len(grading_trees(3))


@pytest.mark.parametrize("bug", sorted(p.stem for p in SAMPLES.glob("bug_*.py")))
def test_each_classic_bug_is_named(bug):
    mistake = bug.removeprefix("bug_").replace("_", "-")
    assert mistake in ab.mistakes.MISTAKES
    r = ab.grading.check_alphabeta(sample(bug), seed=3)
    assert r.diagnosis == mistake and r.score < r.out_of
    assert r.departure is not None and f"Diagnosis: {mistake}" in r.feedback
    assert ab.mistakes.MISTAKES[mistake].title in r.feedback or mistake == "strict-test"


def test_a_strict_search_is_strict_test_under_the_textbook_rule_and_correct_under_strict():
    r = ab.grading.check_alphabeta(sample("bug_strict_test"), rule="textbook", seed=5)
    assert r.diagnosis == "strict-test"
    assert ab.grading.check_alphabeta(sample("bug_strict_test"), rule="strict", seed=5).passed


def test_the_same_seed_gives_the_same_report():
    a = ab.grading.check_alphabeta(sample("bug_no_window"), seed="x")
    b = ab.grading.check_alphabeta(sample("bug_no_window"), seed="x")
    assert a == b


def test_every_candidate_mistake_shows_on_the_grading_trees_and_each_differs_from_the_others():
    for rule in ("textbook", "strict"):
        exp = expectations(0, rule)
        signature = {m: tuple(e[1][m] for e in exp) for m in CANDIDATES}
        right = tuple(e[0] for e in exp)
        assert all(s != right for s in signature.values())
        assert len(set(signature.values())) == len(CANDIDATES)


def test_the_grading_trees_have_max_at_the_root_ties_and_cutoffs():
    trees = grading_trees(0)
    assert all(t.root.player == "MAX" for _, t in trees)
    seeded = [t for name, t in trees if name.startswith("seeded")]
    assert len(seeded) == 8 and all(ab.alphabeta(t).pruned for t in seeded)
    assert any(ab.alphabeta(t).pruned != ab.alphabeta(t, prune_on_tie=False).pruned for _, t in trees)


def test_a_loop_is_stopped_once_and_uses_no_cpu_after_the_report(tmp_path):
    beat = tmp_path / "beat"
    code = ("import time\n"
            "def alpha_beta_search(game, state):\n"
            f"    n = 0\n    while True:\n        n += 1\n"
            f"        if n % 10000 == 0:\n            open({str(beat)!r}, 'a').write('.')\n")
    start = time.perf_counter()
    r = ab.grading.check_alphabeta(code, time_limit=1.0)
    took = time.perf_counter() - start
    assert (r.score, r.failure) == (0, "timeout") and "did not finish" in r.feedback
    # One time limit, not one per tree (there are more than ten trees).
    assert took < 1.0 * 3
    size = beat.stat().st_size
    time.sleep(0.6)
    assert beat.stat().st_size == size, "the submission still runs after the report"


@pytest.mark.parametrize("code, failure, words", [
    ("def alpha_beta_search(game, state):\n    raise KeyError('oops')\n", "raised", "KeyError: 'oops'"),
    ("def alpha_beta_search(game, state)\n    return 1\n", "load", "SyntaxError"),
    ("import no_such_module_here\n", "load", "No module named 'no_such_module_here'"),
    ("x = 1\n", "load", "defines no function named alpha_beta_search"),
    ("def alpha_beta_search(game, state):\n    pass\n", "none", "returned None"),
    ("def alpha_beta_search(game, state):\n    while True:\n        print('x' * 1000)\n", "output", "more than 1 MB"),
    ("def alpha_beta_search(game, state):\n    import os\n    os._exit(3)\n", "raised", "exit code 3"),
    ("def alpha_beta_search(game, state):\n    return game.utility(state, 'MAX')\n", "raised", "not terminal"),
])
def test_bad_submissions_get_a_clear_message_and_score_zero(code, failure, words):
    r = ab.grading.check_alphabeta(code, seed=0)
    assert (r.score, r.failure, r.diagnosis) == (0, failure, "unknown")
    assert words in r.feedback


def test_a_missing_function_or_a_non_function_is_reported_not_raised():
    assert ab.grading.check_alphabeta(None).failure == "missing"
    assert "int" in ab.grading.check_alphabeta(5).feedback


def test_an_illegal_move_scores_zero_on_that_tree():
    r = ab.grading.check_alphabeta("def alpha_beta_search(game, state):\n    return 'nowhere'\n")
    assert r.score == 0 and "not a legal action" in r.feedback


def test_bad_grader_options_raise_by_name():
    with pytest.raises(ValueError, match="rule"):
        ab.grading.check_alphabeta(None, rule="cs188")
    with pytest.raises(TypeError, match="seed"):
        ab.grading.check_alphabeta(None, seed=1.5)
    with pytest.raises(ValueError, match="time_limit"):
        ab.grading.check_alphabeta(None, time_limit=0)


def test_students_get_their_own_trees_and_the_grader_derives_them_again():
    ids = ["ada", "alan", "grace", "edsger", "barbara"]
    trees = [ab.grading.student_tree("course-1", s).to_nested() for s in ids]
    assert len({repr(t) for t in trees}) == len(ids)
    assert trees == [ab.grading.student_tree("course-1", s).to_nested() for s in ids]
    assert ab.grading.student_tree("course-2", "ada").to_nested() != trees[0]
    # One student's right answers do not fit another's tree.
    ada = ab.grading.minimax_values(ab.grading.student_tree("course-1", "ada", "minimax"))
    with pytest.raises(ab.grading.GradingFailed):
        ab.grading.require_minimax(ab.grading.student_tree("course-1", "alan", "minimax"), ada)
    ab.grading.require_minimax(ab.grading.student_tree("course-1", "ada", "minimax"), ada)


def test_the_grading_failure_renders_as_its_feedback_alone():
    with pytest.raises(ab.grading.GradingFailed) as caught:
        ab.grading.require(ab.grading.check_alphabeta(sample("bug_no_window")))
    lines = caught.value._render_traceback_()
    assert lines[0] == "Not yet right:" and any("α and β not passed down" in x for x in lines)
    assert not any("require(" in x for x in lines)


def test_a_value_returned_beside_the_move_is_compared():
    # Returning (value, move) tells the root's value; Fig. 5.2's is 3 (FACTS.md §1), so 99 is wrong.
    source = sample("correct_4th_edition").read_text()
    honest = source.replace("    return move\n", "    return value, move\n", 1)
    assert ab.grading.check_alphabeta(honest, seed=1).passed
    lying = source.replace("    return move\n", "    return 99, move\n", 1)
    r = ab.grading.check_alphabeta(lying, seed=1)
    assert r.score == 0 and "the value 99" in r.feedback
