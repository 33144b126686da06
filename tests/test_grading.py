"""The grader: correct searches in every style pass, each classic bug is named, bad submissions are reported.

The samples are course/samples/*.py, each named for what it is: ``correct_*``
must pass, ``bug_<mistake>`` must be diagnosed as that mistake.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import abteach as ab
from abteach.grading.checker import CANDIDATES, Behaviour, behaviour, expectations, grading_trees, what_it_did
from abteach.grading.game import GradingGame, state_names

# Every test here grades in the sandbox, or checks what grading reports.
pytestmark = pytest.mark.sandbox

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
    # α and β not passed down prunes nothing, as plain minimax does: both are named, no pruning first.
    assert r.diagnoses == (("no-pruning", mistake) if mistake == "no-window" else (mistake,))
    assert r.diagnosis == r.diagnoses[0] and r.score < r.out_of
    assert r.departure is not None and f"Diagnosis: {' or '.join(r.diagnoses)}" in r.feedback
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
    assert {"no-pruning", "root-window-reset"} <= set(CANDIDATES)
    for rule in ("textbook", "strict"):
        exp = expectations(0, rule)
        signature = {m: tuple(e[1][m] for e in exp) for m in CANDIDATES}
        right = tuple(e[0] for e in exp)
        assert all(s != right for s in signature.values())
        # Two searches that never prune look alike from outside; every other pair differs.
        assert signature["no-pruning"] == signature["no-window"]
        others = [s for m, s in signature.items() if m != "no-window"]
        assert len(set(others)) == len(others)


def test_the_grading_trees_have_max_at_the_root_ties_and_cutoffs():
    trees = grading_trees(0)
    assert all(t.root.player == "MAX" for _, t in trees)
    seeded = [t for name, t in trees if name.startswith("seeded")]
    assert len(seeded) == 8 and all(ab.alphabeta(t).pruned for t in seeded)
    assert any(ab.alphabeta(t).pruned != ab.alphabeta(t, prune_on_tie=False).pruned for _, t in trees)


def test_a_loop_is_stopped_once_and_uses_no_cpu_after_the_report(tmp_path):
    # The heartbeat is a file the loop writes: only without bubblewrap can a submission write one
    # (test_grading_hostile.py checks that no sandboxed process outlives its report).
    beat = tmp_path / "beat"
    beat.touch()
    beat.chmod(0o666)  # as root the grader runs the submission as nobody, who may write only this
    code = ("import time\n"
            "def alpha_beta_search(game, state):\n"
            f"    n = 0\n    while True:\n        n += 1\n"
            f"        if n % 10000 == 0:\n            open({str(beat)!r}, 'a').write('.')\n")
    start = time.perf_counter()
    r = ab.grading.check_alphabeta(code, time_limit=1.0, isolation="limits")
    took = time.perf_counter() - start
    assert (r.score, r.failure) == (0, "timeout") and "did not finish" in r.feedback
    # One time limit, not one per tree: per tree, the 15 trees would take 15 s or more.  The bound sits between the
    # two, well clear of a loaded machine's start-up time, so it tells the behaviours apart, not the machine's speed.
    assert took < 8, took
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


# -- naming the mistake: the student's own code ------------------------------------------------

CORRECT = sample("correct_3rd_edition").read_text()
ROOT_CALL = "        v = min_value(game.result(state, a), alpha, math.inf)\n"
assert ROOT_CALL in CORRECT

# Plain minimax, handed in as alpha-beta: no α, no β, no test.
PLAIN_MINIMAX = """
def alpha_beta_search(game, state):
    player = game.to_move(state)

    def value(s):
        if game.is_terminal(s):
            return game.utility(s, player)
        values = [value(game.result(s, a)) for a in game.actions(s)]
        return max(values) if game.to_move(s) == player else min(values)

    return max(game.actions(state), key=lambda a: value(game.result(state, a)))
"""

# The root window reset, in the two shapes students write it: a loop that calls each move with a fresh
# window (many CS188 solutions), and the book's old arg max root.
ROOT_RESET = {
    "loop": CORRECT.replace(ROOT_CALL, "        v = min_value(game.result(state, a), -math.inf, math.inf)\n"),
    "arg max": CORRECT.split("    best, alpha = None")[0]
    + "    return max(game.actions(state), key=lambda a: min_value(game.result(state, a), -math.inf, math.inf))\n",
}


def strict(source: str) -> str:
    """The same search with the strict tie rule's tests (CS188's)."""
    return source.replace("if v >= beta", "if v > beta").replace("if v <= alpha", "if v < alpha")


def run_on(source: str, tree: ab.Tree) -> GradingGame:
    """Run a submission's search on ``tree`` here, in this process, and return the game with its records."""
    space: dict = {}
    exec(compile(source, "<submission>", "exec"), space)
    game = GradingGame(tree)
    space["alpha_beta_search"](game, game.initial)
    return game


def behaviour_of(source: str, tree: ab.Tree, names: dict) -> Behaviour:
    """What a submission did on ``tree``, run here, as the checker records it (the move is not needed)."""
    game = run_on(source, tree)
    order = list(dict.fromkeys(game.generated))
    return Behaviour(None, frozenset(game.generated) | {names[()]}, tuple(dict.fromkeys(game.scored)), tuple(order))


def test_plain_minimax_is_diagnosed_as_no_pruning_and_names_the_lookalike_too():
    # Premise: it scores every leaf of Fig. 5.2, where alpha-beta scores 7 of the 9 (FACTS.md §3).
    assert len(run_on(PLAIN_MINIMAX, ab.examples.FIG_5_2).scored) == 9
    r = ab.grading.check_alphabeta(PLAIN_MINIMAX, seed=2)
    assert (r.diagnosis, r.diagnoses) == ("no-pruning", ("no-pruning", "no-window"))
    assert r.feedback.splitlines()[-1] == "Diagnosis: no-pruning or no-window"
    assert "each of these 2 mistakes" in r.feedback and "look for either in your code" in r.feedback
    assert "1. no pruning at all." in r.feedback and "2. α and β not passed down." in r.feedback


@pytest.mark.parametrize("shape", sorted(ROOT_RESET))
@pytest.mark.parametrize("rule", ["textbook", "strict"])
def test_the_root_window_reset_is_named_in_either_shape_and_tie_rule(shape, rule):
    source = ROOT_RESET[shape] if rule == "textbook" else strict(ROOT_RESET[shape])
    r = ab.grading.check_alphabeta(source, rule=rule, seed=4)
    assert (r.diagnosis, r.diagnoses) == ("root-window-reset", ("root-window-reset",))
    assert r.score < r.out_of and "the window reset at the root" in r.feedback
    assert r.feedback.splitlines()[-1] == "Diagnosis: root-window-reset"


def test_the_root_window_reset_differs_from_the_correct_search_only_at_the_root():
    # On Fig. 5.2 the correct search calls C with (3, +∞) and prunes c2, c3; with (−∞, +∞) nothing cuts C.
    got = run_on(ROOT_RESET["loop"], ab.examples.FIG_5_2)
    assert got.scored == ["b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"]
    assert run_on(CORRECT, ab.examples.FIG_5_2).scored == ["b1", "b2", "b3", "c1", "d1", "d2", "d3"]


def test_a_leaf_scored_twice_is_noted_in_passing_and_failing_feedback():
    twice = CORRECT.replace("            return game.utility(s, player)\n",
                            "            game.utility(s, player)\n            return game.utility(s, player)\n")
    assert twice.count("game.utility(s, player)") == 4
    assert run_on(twice, ab.examples.FIG_5_2).scored[:2] == ["b1", "b1"]
    r = ab.grading.check_alphabeta(twice, seed=1)
    assert r.passed
    # Every leaf it scores, it scores twice: Fig. 5.2's 7 (FACTS.md §3), on every tree.
    # Only the public trees are counted or named: which leaves a search scores twice on a hidden tree is its
    # own choice, and could spell out that tree's leaves.
    public = sum(name in ab.examples.ALL for name in r.tree_names)
    note = (f"Note: on tree FIG_5_2 your search scored 7 leaves more than once (b1, b2, b3, c1 and 3 more), "
            f"and it did so on {public} of the public trees")
    assert note in r.feedback and "seeded" not in r.feedback
    failing = ab.grading.check_alphabeta(ROOT_RESET["loop"].replace(
        "            return game.utility(s, player)\n",
        "            game.utility(s, player)\n            return game.utility(s, player)\n"), seed=1)
    assert failing.diagnosis == "root-window-reset" and "more than once" in failing.feedback
    assert "more than once" not in ab.grading.check_alphabeta(CORRECT, seed=1).feedback


def test_the_unknown_hint_names_states_generated_and_never_searched():
    eager = CORRECT.replace("        for a in game.actions(s):\n            v = max(v, min_value(game.result(s, a), alpha, beta))",
                            "        for c in [game.result(s, a) for a in game.actions(s)]:\n"
                            "            v = max(v, min_value(c, alpha, beta))")
    eager = eager.replace("        for a in game.actions(s):\n            v = min(v, max_value(game.result(s, a), alpha, beta))",
                          "        for c in [game.result(s, a) for a in game.actions(s)]:\n"
                          "            v = min(v, max_value(c, alpha, beta))")
    assert eager.count("for c in [game.result") == 2
    # Fig. 5.2, the first tree: C cuts off after c1 (2 ≤ 3), so c2 and c3, generated up front, are never searched.
    game = run_on(eager, ab.examples.FIG_5_2)
    assert {"c2", "c3"} <= set(game.generated) and not {"c2", "c3"} & set(game.scored)
    r = ab.grading.check_alphabeta(eager, seed=0)
    assert r.diagnosis == "unknown" and r.diagnoses == ()
    assert ("At C your search generates c2 and c3 but never searches them: generate a child only when you are "
            "about to search it.") in r.feedback


def test_the_unknown_hint_names_the_extra_leaves_and_where_the_search_should_have_stopped():
    # MAX-VALUE with the strict test, MIN-VALUE with the textbook's: no classic mistake, half of one.
    half = CORRECT.replace("if v >= beta", "if v > beta")
    r = ab.grading.check_alphabeta(half, seed=3)
    assert r.diagnosis == "unknown"
    assert "Generate a child only when" not in r.feedback
    # Where it first goes wrong, found here by running it beside ab.alphabeta on each tree in turn.
    for name, tree in grading_trees(3):
        names = state_names(tree)
        want = [names[p] for p in ab.alphabeta(tree).evaluated]
        got = run_on(half, tree).scored
        if got != want:
            break
    extra = [leaf for leaf in got if leaf not in want]
    assert extra, "the half-strict search scores more, never less"
    entered = {names[e.node] for e in ab.alphabeta(tree).trace if e.kind == "enter"}
    path = next(p for p, n in names.items() if n == extra[0])[:-1]
    while names[path] not in entered:
        path = path[:-1]
    hint = what_it_did(behaviour_of(half, tree, names), behaviour(ab.alphabeta(tree), names), tree, names)
    assert f"At {names[path]} your search goes on to score {extra[0]}" in hint
    assert "which the correct search prunes" in hint and f"tree {name}" in r.feedback
    # That tree is hidden (its name is a seeded one): the feedback names none of its nodes, since a submission
    # chooses what it generates and scores, and could spell out that tree's leaves with them.
    assert name.startswith("seeded") and f"score {extra[0]}" not in r.feedback and names[path] + " " not in r.feedback
    assert "It fails only on hidden trees" in r.feedback


def test_what_it_did_says_which_leaves_were_skipped_and_where():
    # α updated in a MIN node on Fig. 5.2 skips b3 (B stops at b2) and d3 (D stops at d2), FACTS.md §3.
    t = ab.examples.FIG_5_2
    names = state_names(t)
    want = behaviour(ab.alphabeta(t), names)
    got = behaviour(ab.mistakes.run_mistake("alpha-in-min", t), names)
    assert what_it_did(got, want, t, names) == (
        "At B your search never scores b3, which the correct search needs: B stops too early. "
        "At D your search never scores d3, which the correct search needs: D stops too early.")
    # The same leaves in another order (one MAX node: nothing can be pruned either way): the order is told.
    flat = ab.tree([1, 2, 3])
    names = state_names(flat)
    want = behaviour(ab.alphabeta(flat), names)
    got = behaviour(ab.mistakes.run_mistake("right-to-left", flat), names)
    assert what_it_did(got, want, flat, names) == (
        "It scores the same leaves as the correct search, in another order: a3 where the correct search scores "
        "a1. Search the children in the order game.actions gives them.")
    assert "only its answer differs" in what_it_did(want, want, flat, names)
