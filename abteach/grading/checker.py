"""Grading a student's ``alpha_beta_search``: right or wrong, and which classic mistake it makes.

:func:`check_alphabeta` runs the submission on seeded trees and the shipped
examples through the instrumented game (:mod:`~abteach.grading.game`),
compares what it generated and scored, and the move, with the correct search
under the exercise's tie rule, and then runs every mistake of
:data:`~abteach.lessons.mistakes.MISTAKES` on the same trees: the mistake whose
behaviour matches the student's on every tree is the diagnosis.

Examples
--------
>>> def alpha_beta_search(game, state):
...     player = game.to_move(state)
...     def max_value(s, a, b):
...         if game.is_terminal(s):
...             return game.utility(s, player), None
...         v, move = float("-inf"), None
...         for m in game.actions(s):
...             v2, _ = min_value(game.result(s, m), a, b)
...             if v2 > v:
...                 v, move = v2, m
...                 a = max(a, v)
...             if v >= b:
...                 return v, move
...         return v, move
...     def min_value(s, a, b):
...         if game.is_terminal(s):
...             return game.utility(s, player), None
...         v, move = float("inf"), None
...         for m in game.actions(s):
...             v2, _ = max_value(game.result(s, m), a, b)
...             if v2 < v:
...                 v, move = v2, m
...                 b = min(b, v)
...             if v <= a:
...                 return v, move
...         return v, move
...     return max_value(state, float("-inf"), float("inf"))[1]
>>> r = check_alphabeta(alpha_beta_search, seed=1)
>>> r.score == r.out_of, r.diagnosis
(True, None)
>>> r = check_alphabeta(alpha_beta_search, rule="strict", seed=1)
>>> r.diagnosis
'strict-test'
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from abteach.games import examples
from abteach.games.generate import random_tree
from abteach.games.trees import Path, Tree
from abteach.lessons.answers import check_rule, correct, variant
from abteach.grading.game import GradingGame, state_names
from abteach.grading.sandbox import OUTPUT_LIMIT, TIME_LIMIT, Outcome, Run, run_submission
from abteach.lessons.mistakes import MISTAKES
from abteach.lessons.mistakes.registry import DEPTH_MISTAKES
from abteach.lessons.practice import interesting, misconception_sentence
from abteach.search.events import Kind
from abteach.search.result import SearchResult
from abteach.trace.protocol import Status

#: Seeded trees per check, besides the shipped examples.
SEEDED = 8
#: The mistakes a submission can make: those of a search with no depth limit (the exercise has none).
CANDIDATES: tuple[str, ...] = tuple(m for m in MISTAKES if m not in DEPTH_MISTAKES)


@dataclass(frozen=True)
class Behaviour:
    """What a search did on one tree: its move, the states it generated, the leaves it scored in order."""

    move: Any
    generated: frozenset[str]
    scored: tuple[str, ...]
    order: tuple[str, ...] = field(default=(), compare=False)  # generated, in order, for the departure
    # The root's value, when the search tells it (a submission that returns (value, move)); a mistake's
    # behaviour is told apart by the rest, so the value is compared on its own.
    value: float | None = field(default=None, compare=False)

    def same_value(self, other: "Behaviour") -> bool:
        return self.value is None or other.value is None or math.isclose(self.value, other.value, abs_tol=1e-9)


@dataclass(frozen=True)
class Departure:
    """The first tree and node where the submission parts from the correct search."""

    tree: int
    tree_name: str
    node: str
    what: str

    def __str__(self) -> str:
        return f"tree {self.tree_name}, at {self.node}: {self.what}"


@dataclass(frozen=True)
class Report:
    """What :func:`check_alphabeta` found.

    Attributes
    ----------
    score, out_of : int
        Trees passed, of trees checked; 0 whenever the submission failed to run.
    diagnosis : str or None
        ``None`` when correct; a mistake id from ``ab.mistakes.MISTAKES`` when
        the submission behaves as that mistake does on every tree; ``'unknown'`` otherwise.
    departure : Departure or None
        The first tree and node where it departs.
    feedback : str
        What failed and why, for the student.
    failure : str or None
        What stopped it, if anything: 'missing', 'load', 'raised', 'timeout',
        'output', 'none' (returned None), 'illegal' (returned no legal move).
    rule, seed
        As given.
    """

    score: int
    out_of: int
    diagnosis: str | None
    departure: Departure | None
    feedback: str
    failure: str | None = None
    rule: str = "textbook"
    seed: int | str = 0
    tree_names: tuple[str, ...] = field(default=(), repr=False)

    @property
    def passed(self) -> bool:
        return self.score == self.out_of

    def __str__(self) -> str:
        return self.feedback


# -- the trees --------------------------------------------------------------------

@lru_cache(maxsize=16)
def grading_trees(seed: int | str = 0, rule: str = "textbook") -> tuple[tuple[str, Tree], ...]:
    """The trees a check runs on: the shipped examples with MAX at the root, then seeded ones.

    Half the seeded trees have a tie that decides a cutoff (so the tie rule
    shows), half do not; all have MAX at the root, since students write
    ``player = game.to_move(state)``, and at least one cutoff.

    Examples
    --------
    >>> [name for name, _ in grading_trees(0)][:3]
    ['FIG_5_2', 'WIKIPEDIA', 'TUTORIAL']
    >>> len(grading_trees(0)) == len([t for t in examples.ALL.values() if t.root.player == 'MAX']) + SEEDED
    True
    """
    check_rule(rule)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, not {seed!r}")
    out = [(name, t) for name, t in examples.ALL.items() if t.root.player == "MAX"]
    rng = random.Random(f"grading:{seed}")
    shapes = [(2, 3, False), (3, 2, False), (2, 4, False), (3, 3, True)]
    seeded: list[tuple[str, Tree]] = []
    while len(seeded) < SEEDED:
        b, d, uneven = shapes[len(seeded) % len(shapes)]
        t = random_tree(b, d, seed=rng.getrandbits(32), uneven=uneven, values=(0, 9))
        if interesting(t, rule, ties=len(seeded) % 2 == 0):
            seeded.append((f"seeded-{len(seeded) + 1}", t))
    return tuple(out + seeded)


def behaviour(result: SearchResult, names: Mapping[Path, str]) -> Behaviour:
    """The :class:`Behaviour` of a search of an abteach tree, read from its trace."""
    trace = result.trace
    assert trace is not None
    tree = trace.game
    assert isinstance(tree, Tree)
    last = trace.last()
    root = tree.root
    move = tree.move_name(root, result.move) if result.move is not None else None
    order = []
    for e in trace.events:
        if e.kind == Kind.ENTER and e.node != () and names[e.node] not in order:
            order.append(names[e.node])
    generated = frozenset([names[()]] + [names[n.path] for n in tree.walk()
                                          if last.node(n.path).status is Status.DONE])
    scored = tuple(names[p] for p in result.evaluated)
    return Behaviour(move, generated, scored, tuple(order), result.value)


@lru_cache(maxsize=16)
def expectations(seed: int | str, rule: str) -> tuple[tuple[Behaviour, Mapping[str, Behaviour], dict[Path, str]], ...]:
    """For each grading tree: the correct behaviour, and each candidate mistake's."""
    out = []
    for _, tree in grading_trees(seed, rule):
        names = state_names(tree)
        right = behaviour(correct(tree, rule), names)
        wrong = {m: behaviour(variant(m, tree, rule), names) for m in CANDIDATES}
        # The tree's search answers with a child index, legal at the root whatever node wrote it;
        # a game with named moves answers with that node's move name, legal only if it is the root's.
        wrong["shared-move"] = replace(wrong["shared-move"], move=_shared_move(variant("shared-move", tree, rule)))
        out.append((right, wrong, names))
    return tuple(out)


def _shared_move(result: SearchResult) -> str | None:
    """The move a one-variable-for-all search answers with on a game with named moves: the last improvement's."""
    trace = result.trace
    assert trace is not None
    tree = trace.game
    assert isinstance(tree, Tree)
    v: dict[Path, float] = {}
    last: tuple[Path, int] | None = None
    for e in trace.events:
        if e.kind == Kind.VALUE and e.value is None and e.v is not None:  # v ← ±∞
            v[e.node] = e.v
        elif e.kind == Kind.VALUE and e.v is not None and e.value is not None:
            is_max = tree.node(e.node).player == "MAX"
            old = v.get(e.node, -math.inf if is_max else math.inf)
            if (e.value > old) if is_max else (e.value < old):
                last = (e.node, e.move)
            v[e.node] = e.v
    if last is None:
        return None
    name = tree.move_name(tree.node(last[0]), last[1])
    return name if name in _moves(tree) else None


# -- the check --------------------------------------------------------------------

def check_alphabeta(alpha_beta_search: Any, *, rule: str = "textbook", seed: int | str = 0,
                    time_limit: float = TIME_LIMIT, edition: int = 3) -> Report:
    """Grade a student's ``alpha_beta_search(game, state)``; never raises for the student's failure.

    Parameters
    ----------
    alpha_beta_search : callable, str or path
        The function; or source text, or a ``.py`` file, that defines it
        (then syntax and import errors are reported too).  ``None`` reports
        that no function was defined.
    rule : {'textbook', 'strict'}
        The tie rule the exercise asks for: the textbook's ``v ≥ β``, or CS188's ``v > β``.
    seed : int or str
        Seeds the trees; the same seed gives the same report.
    time_limit : float
        Seconds allowed per tree.  A loop is stopped at the first tree that
        exceeds it, and nothing of the submission runs after the report returns.
    edition : {3, 4}
        The edition the exercise follows: both prune the same leaves, so it changes only the wording.

    Returns
    -------
    Report
    """
    check_rule(rule)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, not {seed!r}")
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if isinstance(edition, bool) or edition not in (3, 4):
        raise ValueError(f"edition must be 3 or 4, not {edition!r}")
    trees = grading_trees(seed, rule)
    n = len(trees)

    def fail(kind: str, text: str) -> Report:
        return Report(0, n, "unknown", None, f"{text}\nDiagnosis: unknown ({kind})", kind, rule, seed,
                      tuple(name for name, _ in trees))

    if alpha_beta_search is None:
        return fail("missing", "No function alpha_beta_search was defined: run the cell that defines it, "
                               "and check that it runs without an error.")
    if not (callable(alpha_beta_search) or isinstance(alpha_beta_search, (str, bytes)) or
            hasattr(alpha_beta_search, "__fspath__")):
        return fail("missing", f"alpha_beta_search is a {type(alpha_beta_search).__name__}, not a function: "
                               "define it with def alpha_beta_search(game, state): ...")
    games: list[Callable[[], GradingGame]] = [_maker(t, exp[2]) for (_, t), exp in zip(trees, expectations(seed, rule))]
    outcome = run_submission(alpha_beta_search, games, time_limit=time_limit)
    return _report(outcome, trees, expectations(seed, rule), rule, seed, edition, time_limit)


def _maker(tree: Tree, names: dict[Path, str]) -> Callable[[], GradingGame]:
    return lambda: GradingGame(tree, names)


def _report(outcome: Outcome, trees: Sequence[tuple[str, Tree]], expected: Sequence[Any], rule: str,
            seed: int | str, edition: int, time_limit: float) -> Report:
    n = len(trees)
    names = tuple(name for name, _ in trees)

    def fail(kind: str, text: str, departure: Departure | None = None) -> Report:
        return Report(0, n, "unknown", departure, f"{text}\nDiagnosis: unknown ({kind})", kind, rule, seed, names)

    if outcome.load_error:
        return fail("load", "Your code could not be loaded:\n" + outcome.load_error)
    if outcome.printed > OUTPUT_LIMIT:
        return fail("output", f"Your search printed more than {OUTPUT_LIMIT // 1_000_000} MB of output and was "
                              "stopped. Remove the print calls inside the search (print on a small tree "
                              "while you debug, not in the graded function).")
    for k, run in enumerate(outcome.runs):
        where = f"tree {k + 1} of {n} ({names[k]})"
        if run.status == "timeout":
            return fail("timeout", f"Your search did not finish on {where} within {time_limit:g} s and was "
                                   "stopped. Look for a loop that never ends, or a recursion that never "
                                   "reaches a terminal state; it was not run on the remaining trees.")
        if run.status == "raised":
            return fail("raised", f"Your search raised an error on {where}:\n{run.error}")
        if run.returned is None:
            return fail("none", f"Your search returned None on {where}: alpha_beta_search must return "
                                "an action, one of game.actions(state). Did a function end without return?")
    # A move that is not legal at the root counts as no move, as it does for the mistakes' own searches.
    behaviours = [_student(run, exp[2][()], _moves(tree)) for run, exp, (_, tree) in zip(outcome.runs, expected, trees)]
    passed = [b == exp[0] and b.same_value(exp[0]) for b, exp in zip(behaviours, expected)]
    score = sum(passed)
    label = f"alpha-beta ({'the textbook' if rule == 'textbook' else 'the strict'} tie rule, edition {edition})"
    if all(passed):
        return Report(n, n, None, None, f"All {n} trees right: your search is {label}.", None, rule, seed, names)
    diagnosis = next((m for m in CANDIDATES
                      if all(b == exp[1][m] for b, exp in zip(behaviours, expected))
                      and any(exp[1][m] != exp[0] for exp in expected)), "unknown")
    k = passed.index(False)
    departure = _departure(k, names[k], behaviours[k], expected[k][0], outcome.runs[k].returned)
    lines = [f"{score} of {n} trees right. On {departure}."]
    illegal = next((j for j, b in enumerate(behaviours) if b.move is None and expected[j][0].move is not None), None)
    if illegal is not None:
        lines.append(f"On tree {names[illegal]} your search returned {outcome.runs[illegal].returned!r}, "
                     f"which is not a legal action there; the actions were {_moves(trees[illegal][1])}.")
    if diagnosis == "strict-test":
        lines.append("Your search is correct for the other tie rule: this exercise cuts off "
                     + ("on ties (v ≥ β, v ≤ α), as the textbook does." if rule == "textbook"
                        else "only on strict inequalities (v > β, v < α), as CS188 does; yours also cuts off on ties."))
    elif diagnosis != "unknown":
        m = MISTAKES[diagnosis]
        lines.append(f"On every tree your search behaves as one with this mistake: {m.title}. "
                     + misconception_sentence(diagnosis).replace("Your answers are", "That is"))
        lines.append(m.explanation)
    else:
        lines.append("Its behaviour matches none of the classic mistakes; compare it line by line with the "
                     "pseudocode. Generate a child only when you are about to search it.")
    tree = trees[k][1]
    lines.append(f"The tree (MAX at the root, lists are children left to right): {tree.to_nested()}")
    lines.append(f"Diagnosis: {diagnosis}")
    return Report(score, n, diagnosis, departure, "\n".join(lines), None, rule, seed, names)


def _moves(tree: Tree) -> list[str]:
    return [tree.move_name(tree.root, i) for i in range(len(tree.root.children))]


def _student(run: Run, root: str, legal: list[str]) -> Behaviour:
    returned = run.returned
    move = returned[1] if isinstance(returned, tuple) and len(returned) == 2 else returned
    if not isinstance(move, str) or move not in legal:
        move = None
    scored: list[str] = []
    for s in run.scored:
        if s not in scored:
            scored.append(s)
    order: list[str] = []
    for s in run.generated:
        if s not in order:
            order.append(s)
    value = returned[0] if isinstance(returned, tuple) and len(returned) == 2 else None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        value = None
    return Behaviour(move, frozenset(run.generated) | {root}, tuple(scored), tuple(order), value)


def _departure(k: int, tree_name: str, got: Behaviour, want: Behaviour, returned: Any) -> Departure:
    """Where, on tree ``k``, the student's generated states first part from the correct ones."""
    for i, name in enumerate(want.order):
        mine = got.order[i] if i < len(got.order) else None
        if mine != name:
            if mine is None:
                what = f"your search stops, where the correct search goes on to {name}"
            elif mine not in want.generated:
                what = f"your search generates {mine}, which the correct search prunes"
            else:
                what = f"your search generates {mine} where the correct search generates {name}"
            return Departure(k + 1, tree_name, mine or name, what)
    if len(got.order) > len(want.order):
        extra = got.order[len(want.order)]
        return Departure(k + 1, tree_name, extra, f"your search generates {extra}, which the correct search prunes")
    if got.scored != want.scored:
        return Departure(k + 1, tree_name, "the root", f"your search scores the leaves {', '.join(got.scored)}; "
                                                f"the correct search scores {', '.join(want.scored)}")
    if not got.same_value(want):
        return Departure(k + 1, tree_name, "the root", f"your search returns the value {got.value!r}; the "
                                                       f"correct value is {want.value!r}")
    if got.move is None:
        return Departure(k + 1, tree_name, "the root", f"your search returns {returned!r}, which is not a legal "
                                                       f"action there; the correct move is {want.move!r}")
    return Departure(k + 1, tree_name, "the root", f"your search returns {got.move!r}; the correct move is {want.move!r}")


class GradingFailed(AssertionError):
    """A failed check, shown in a notebook as its feedback alone, without a traceback of the test."""

    def _render_traceback_(self) -> list[str]:
        # IPython shows these lines in place of the traceback, so a hidden test's code never appears.
        return ["Not yet right:", *str(self).splitlines()]


def require(report: Report) -> None:
    """Raise :class:`GradingFailed` with the feedback unless ``report`` passed; a test cell's one line.

    It returns nothing, so a hidden test's last line shows no result (a report's repr names its seed).
    """
    if not isinstance(report, Report):
        raise TypeError(f"require needs a Report from check_alphabeta, not {type(report).__name__}")
    if not report.passed:
        raise GradingFailed(report.feedback)




# -- the exercises by hand ------------------------------------------------------------

def current_student() -> str | None:
    """The id of the student being graded, while nbgrader autogrades; ``None`` otherwise.

    nbgrader runs each submission in ``autograded/<student id>/<assignment>/``
    and sets ``NBGRADER_EXECUTION=autograde``, so the grader can derive the
    student's own trees again from the folder, whatever id the notebook names.
    """
    import os
    from pathlib import Path as FilePath
    if os.environ.get("NBGRADER_EXECUTION") != "autograde":
        return None
    here = FilePath.cwd()
    return here.parent.name if here.parent.parent.name == "autograded" else None


def minimax_values(tree: Tree) -> dict[str, float]:
    """The minimax value of every inner node, by name: the answer to the minimax exercise."""
    names = state_names(tree)
    every = _minimax_all(tree)
    return {names[n.path]: every[names[n.path]] for n in tree.walk() if not n.is_leaf}


def _minimax_all(tree: Tree) -> dict[str, float]:
    names = state_names(tree)
    out: dict[str, float] = {}
    for node in reversed(list(tree.walk())):  # children before parents
        if node.is_leaf:
            out[names[node.path]] = node.value  # type: ignore[assignment]
        else:
            kids = [out[names[c.path]] for c in node.children]
            out[names[node.path]] = max(kids) if node.player == "MAX" else min(kids)
    return out


def pruned_leaves(tree: Tree, rule: str = "textbook") -> set[str]:
    """The leaves alpha-beta never evaluates under ``rule``, by name: the answer to the pruning exercise."""
    names = state_names(tree)
    result = correct(tree, rule)
    evaluated = set(result.evaluated)
    return {names[n.path] for n in tree.walk() if n.is_leaf and n.path not in evaluated}


def require_minimax(tree: Tree, values: Any) -> None:
    """Raise :class:`GradingFailed` naming every inner node whose minimax value is wrong or missing."""
    if not isinstance(values, dict):
        raise GradingFailed(f"minimax_values must be a dict from node names to values, not {type(values).__name__}")
    want = minimax_values(tree)
    wrong: list[str] = []
    for name, value in want.items():
        got = values.get(name)
        if got is None:
            wrong.append(f"{name}: no value given")
        elif not isinstance(got, (int, float)) or isinstance(got, bool) or abs(got - value) > 1e-9:
            wrong.append(f"{name}: you gave {got!r}")
    right = len(want) - len(wrong)
    extra = sorted(map(str, set(values) - set(want)))
    if extra:
        wrong.append(f"not inner nodes of your tree: {', '.join(extra)}")
    if wrong:
        raise GradingFailed(f"{right} of {len(want)} inner nodes right. Look again at:\n" + "\n".join(wrong))


def require_pruned(tree: Tree, leaves: Any, rule: str = "textbook") -> None:
    """Raise :class:`GradingFailed` saying which leaves were marked wrongly as pruned, or missed."""
    if not isinstance(leaves, (set, frozenset, list, tuple)):
        raise GradingFailed(f"pruned_leaves must be a set of leaf names, not {type(leaves).__name__}")
    want = pruned_leaves(tree, rule)
    got = {str(x) for x in leaves}
    problems = []
    if got - want:
        problems.append(f"searched, not pruned: {', '.join(sorted(got - want))}")
    if want - got:
        problems.append(f"pruned, but not in your set: {len(want - got)} leaf(s)")
    if problems:
        raise GradingFailed("Not all pruned leaves are right.\n" + "\n".join(problems))


__all__ = ["check_alphabeta", "Report", "Departure", "Behaviour", "grading_trees", "require", "GradingFailed",
           "CANDIDATES", "SEEDED", "current_student", "minimax_values", "pruned_leaves", "require_minimax",
           "require_pruned"]
