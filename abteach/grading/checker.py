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
from typing import Any, Callable, Collection, Mapping, Sequence

from abteach.games import examples
from abteach.games.generate import random_tree
from abteach.games.trees import Node, Path, Tree
from abteach.lessons.answers import check_rule, correct, variant
from abteach.grading.game import GradingGame, state_names
from abteach.grading.sandbox import ISOLATIONS, OUTPUT_LIMIT, TIME_LIMIT, Outcome, Run, run_submission
from abteach.grading.source import SourceUnavailable, Submission, submission, uses_package
from abteach.grading.steps import SearchSteps
from abteach.lessons.mistakes import MISTAKES
from abteach.lessons.mistakes.registry import DEPTH_MISTAKES, lookup, pairs
from abteach.lessons.practice import interesting, misconception_sentence, mistake_name, rule_sentence
from abteach.search.events import Kind
from abteach.search.minimax import node_values
from abteach.search.result import SearchResult
from abteach.trace.protocol import Status

#: Seeded trees per check, besides the shipped examples.
SEEDED = 8
#: The mistakes a submission can make: those of a search with no depth limit (the exercise has none).
CANDIDATES: tuple[str, ...] = tuple(m for m in MISTAKES if m not in DEPTH_MISTAKES)
#: Two of them made at once (``'root-window-reset+strict-test'``), named only when no single one fits.
PAIRS: tuple[str, ...] = pairs(CANDIDATES)


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
    # Leaves scored more than once: noted in the feedback, not held against the search.
    repeated: tuple[str, ...] = field(default=(), compare=False)

    def same_value(self, other: "Behaviour") -> bool:
        if self.value is None or other.value is None:
            return True
        try:
            return math.isclose(self.value, other.value, abs_tol=1e-9)
        except (OverflowError, TypeError, ValueError):  # 10**400 is no float, and no tree's value
            return False


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
        the submission behaves as that mistake does on every tree (the first of
        :attr:`diagnoses`); ``'unknown'`` otherwise.
    departure : Departure or None
        The first tree and node where it departs.
    feedback : str
        What failed and why, for the student.
    failure : str or None
        What stopped it, if anything: 'missing', 'load', 'raised', 'timeout',
        'output', 'none' (returned None), 'illegal' (returned no legal move), 'package' (it imports
        abteach instead of writing the search).
    rule, seed
        As given.
    diagnoses : tuple of str
        Every mistake the submission behaves as on every tree, in the
        registry's order: more than one when they cannot be told apart from
        outside (no pruning at all, and α and β not passed down, never prune).
    steps : SearchSteps or None
        When it fails, or is stopped, on a shipped example: what it asked the
        game there, in order, for feedback to step through beside the correct
        search.  Never of a hidden tree.
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
    diagnoses: tuple[str, ...] = ()
    steps: SearchSteps | None = field(default=None, repr=False)

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
        wrong = {}
        for m in CANDIDATES + PAIRS:
            result = variant(m, tree, rule)
            wrong[m] = behaviour(result, names)
            if "shared-move" in lookup(m).ids:
                # The tree's search answers with a child index, legal at the root whatever node wrote it;
                # a game with named moves answers with that node's move name, legal only if it is the root's.
                wrong[m] = replace(wrong[m], move=_shared_move(result))
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
                    time_limit: float = TIME_LIMIT, edition: int = 3, isolation: str = "bwrap",
                    total_limit: float | None = None, packages: Sequence[str] | None = None) -> Report:
    """Grade a student's ``alpha_beta_search(game, state)``; never raises for the student's failure.

    Parameters
    ----------
    alpha_beta_search : callable, str, path or Submission
        Source text, or a ``.py`` file, that defines it; a
        :class:`~abteach.grading.source.Submission` (source text and the
        name of the function in it to grade); or the function,
        graded by its source and that of the helpers, imports and constants
        it uses from its module (a notebook cell's).  Only the source is run,
        in a fresh sandboxed interpreter (:mod:`~abteach.grading.sandbox`);
        syntax and import errors are reported.  ``None`` reports that no
        function was defined.
    rule : {'textbook', 'strict'}
        The tie rule the exercise asks for: the textbook's ``v ≥ β``, or CS188's ``v > β``.
    seed : int or str
        Seeds the trees; the same seed gives the same report.
    time_limit : float
        Seconds allowed per tree.  A loop is stopped at the first tree that
        exceeds it, and nothing of the submission runs after the report returns.
    edition : {3, 4}
        The edition the exercise follows; it changes only the wording.  The
        4th edition's (value, move) pairs and "update only when v improves"
        are inside the search: through the game, a 3rd-edition search that
        breaks ties to the first action generates, scores and returns
        exactly the same, so the two cannot be told apart here.
    isolation : {'bwrap', 'limits'}
        ``'bwrap'`` (the default) runs the submission in bubblewrap; ``'limits'``
        with the resource limits alone, where bubblewrap cannot run (it can then
        read the machine's files), and the feedback says so.
    total_limit : float, optional
        Seconds allowed for all the trees together (the sandbox's
        ``TOTAL_LIMIT`` by default): a slow search is stopped there and told so.
    packages : sequence of str, optional
        The packages the submission may import besides the standard library
        (the course's list, :func:`~abteach.grading.sandbox.allowed_packages`, by default).

    Returns
    -------
    Report

    Raises
    ------
    abteach.grading.sandbox.SandboxUnavailable
        With ``isolation='bwrap'``, on a machine where bubblewrap is missing or cannot start.
    """
    check_rule(rule)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, not {seed!r}")
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if isinstance(edition, bool) or edition not in (3, 4):
        raise ValueError(f"edition must be 3 or 4, not {edition!r}")
    if isolation not in ISOLATIONS:
        raise ValueError(f"isolation must be one of {ISOLATIONS}, not {isolation!r}")
    trees = grading_trees(seed, rule)
    n = len(trees)

    code = loaded(alpha_beta_search)
    if not isinstance(code, Submission):
        kind, text = code
        return Report(0, n, "unknown", None, f"{text}\nDiagnosis: unknown ({kind})", kind, rule, seed,
                      tuple(name for name, _ in trees))
    games: list[Callable[[], GradingGame]] = [_maker(t, exp[2]) for (_, t), exp in zip(trees, expectations(seed, rule))]
    outcome = run_submission(code.source, games, name=code.name, filename=code.filename,
                             hidden=_hidden(tuple(name for name, _ in trees)), time_limit=time_limit,
                             isolation=isolation, total_limit=total_limit, packages=packages)
    report = _report(outcome, trees, expectations(seed, rule), rule, seed, edition, time_limit)
    if isolation != "bwrap":
        report = replace(report, feedback=f"{UNSANDBOXED}\n{report.feedback}")
    return report


def loaded(target: Any, function: str = "alpha_beta_search") -> Submission | tuple[str, str]:
    """The submission to run, read from ``target`` (source text, a file, a function), or why it cannot be,
    as (failure kind, feedback): no function, source that cannot be read, or the package imported."""
    if target is None:
        return "missing", (f"No function {function} was defined: run the cell that defines it, "
                           "and check that it runs without an error.")
    if not (callable(target) or isinstance(target, (str, bytes, Submission)) or hasattr(target, "__fspath__")):
        return "missing", (f"{function} is a {type(target).__name__}, not a function: "
                           f"define it with def {function}(game, state): ...")
    try:
        code = submission(target, function)
    except (SourceUnavailable, OSError) as error:
        return "load", f"Your code could not be read: {error}"
    package = uses_package(code.source)
    if package is not None:
        return "package", _package_text(package)
    return code


#: The first line of feedback graded without bubblewrap: never silently.
UNSANDBOXED = ("Note: graded without bubblewrap, with the resource limits alone: this submission could read "
               "this machine's files.")


def _hidden(names: Sequence[str]) -> frozenset[int]:
    """The trees feedback must not show: every one that is not a shipped example."""
    return frozenset(k for k, name in enumerate(names) if name not in examples.ALL)


def _package_text(package: str) -> str:
    return (f"Your code imports {package}, the package that checks your work: this exercise is to write the "
            "search yourself, so this part earns no marks. Remove the import, and search with the game's own "
            "methods (to_move, actions, result, is_terminal, utility).")


def _maker(tree: Tree, names: dict[Path, str]) -> Callable[[], GradingGame]:
    return lambda: GradingGame(tree, names)


def _report(outcome: Outcome, trees: Sequence[tuple[str, Tree]], expected: Sequence[Any], rule: str,
            seed: int | str, edition: int, time_limit: float) -> Report:
    n = len(trees)
    names = tuple(name for name, _ in trees)

    stop = stopped(outcome, names, time_limit)
    if stop is not None:
        kind, text = stop
        where = next((k for k, run in enumerate(outcome.runs) if run.status != "ok" or run.returned is None), None)
        return Report(0, n, "unknown", None, f"{text}\nDiagnosis: unknown ({kind})", kind, rule, seed, names,
                      steps=_steps(outcome, names, where, rule))
    # A move that is not legal at the root counts as no move, as it does for the mistakes' own searches.
    behaviours = [_student(run, exp[2][()], _moves(tree)) for run, exp, (_, tree) in zip(outcome.runs, expected, trees)]
    passed = [b == exp[0] and b.same_value(exp[0]) for b, exp in zip(behaviours, expected)]
    score = sum(passed)
    label = f"alpha-beta ({'the textbook' if rule == 'textbook' else 'the strict'} tie rule, edition {edition})"
    hidden = _hidden(names)
    twice = _scored_twice(behaviours, names, hidden)
    if all(passed):
        return Report(n, n, None, None, "\n".join([f"All {n} trees right: your search is {label}.", *twice]),
                      None, rule, seed, names)
    fits = fitting(behaviours, [(exp[0], exp[1]) for exp in expected])
    diagnosis = fits[0] if fits else "unknown"
    # The tree the feedback explains: a public one where the search fails, if any; what it did on a hidden
    # one would let a submission choose nodes to name, and so spell out what it saw there.
    failed = [j for j, ok in enumerate(passed) if not ok]
    k = next((j for j in failed if j not in hidden), failed[0])
    departure = (_departure(k, names[k], behaviours[k], expected[k][0], outcome.runs[k].shown) if k not in hidden
                 else Departure(k + 1, names[k], "a hidden node", "your search parts from the correct search "
                                "(the hidden trees stay hidden)"))
    lines = [f"{score} of {n} trees right. On {departure}."]
    illegal = next((j for j, b in enumerate(behaviours) if b.move is None and expected[j][0].move is not None), None)
    if illegal is not None:
        lines.append(f"On tree {names[illegal]} your search returned {outcome.runs[illegal].shown}, "
                     f"which is not a legal action there; the actions were {_moves(trees[illegal][1])}.")
    lines.extend(diagnosis_lines(fits, rule) if fits else
                 ["Its behaviour matches none of the classic mistakes; compare it line by line with the pseudocode. "
                  + (what_it_did(behaviours[k], expected[k][0], trees[k][1], expected[k][2]) if k not in hidden
                     else "It fails only on hidden trees: test it on the shipped examples and trees of your own.")])
    lines.extend(twice)
    tree = trees[k][1]
    lines.append(f"The tree (MAX at the root, lists are children left to right): {tree.to_nested()}" if k not in hidden
                 else f"Tree {names[k]} is one of the hidden trees, so it is not shown; test your search on the "
                      "shipped examples (ab.examples) and on trees of your own.")
    lines.append(f"Diagnosis: {' or '.join(fits) if fits else 'unknown'}")
    return Report(score, n, diagnosis, departure, "\n".join(lines), None, rule, seed, names, fits,
                  _steps(outcome, names, k, rule))


def _steps(outcome: Outcome, names: Sequence[str], k: int | None, rule: str) -> SearchSteps | None:
    """What the submission asked the game on tree ``k``, if it is a shipped example (the sandbox keeps no
    hidden game's calls) and the search got as far as a call."""
    if k is None or k >= len(outcome.runs) or names[k] not in examples.ALL or k in _hidden(names):
        return None
    run = outcome.runs[k]
    if not run.calls:
        return None
    return SearchSteps(names[k], rule, run.calls, max(run.made, len(run.calls)))


def stopped(outcome: Outcome, names: Sequence[str], time_limit: float,
            function: str = "alpha_beta_search") -> tuple[str, str] | None:
    """What kept a submission from being graded, as (failure kind, feedback), or ``None`` if every tree ran.

    The kinds are :attr:`Report.failure`'s.  An error on a hidden tree is told as the sandbox tells it
    (:data:`~abteach.grading.sandbox.HIDDEN_ERROR`), never as the submission reported it.
    """
    n = len(names)
    if outcome.package:
        return "package", _package_text(outcome.package)
    if outcome.load_error:
        return "load", "Your code could not be loaded:\n" + outcome.load_error
    if outcome.printed > OUTPUT_LIMIT:
        return "output", (f"Your search printed more than {OUTPUT_LIMIT // 1_000_000} MB of output and was "
                          "stopped. Remove the print calls inside the search (print on a small tree "
                          "while you debug, not in the graded function).")
    for k, run in enumerate(outcome.runs):
        where = f"tree {k + 1} of {n} ({names[k]})"
        if run.status == "timeout" and run.over_budget:
            return "timeout", (f"Your search used up the {_budget(outcome):g} s this check allows for all "
                               f"{n} trees together, on {where}, and was stopped: it was not run on the "
                               "remaining trees. A correct search takes well under a second a tree; look "
                               "for a sleep, a wait or repeated work.")
        if run.status == "timeout":
            return "timeout", (f"Your search did not finish on {where} within {time_limit:g} s and was "
                               "stopped. Look for a loop that never ends, or a recursion that never "
                               "reaches a terminal state; it was not run on the remaining trees.")
        if run.status == "raised":
            return "raised", f"Your search raised an error on {where}:\n{run.error}"
        if run.returned is None:
            return "none", (f"Your search returned None on {where}: {function} must return "
                            "an action, one of game.actions(state). Did a function end without return?")
    return None


def _budget(outcome: Outcome) -> float:
    """The whole check's time, as the sandbox allowed it."""
    return outcome.total_limit


def _moves(tree: Tree) -> list[str]:
    return [tree.move_name(tree.root, i) for i in range(len(tree.root.children))]


def _student(run: Run, root: str, legal: list[str]) -> Behaviour:
    returned = run.returned
    move = returned[1] if isinstance(returned, tuple) and len(returned) == 2 else returned
    if not isinstance(move, str) or move not in legal:
        move = None
    scored: list[str] = []
    repeated: list[str] = []
    for s in run.scored:
        if s not in scored:
            scored.append(s)
        elif s not in repeated:
            repeated.append(s)
    order: list[str] = []
    for s in run.generated:
        if s not in order:
            order.append(s)
    value = returned[0] if isinstance(returned, tuple) and len(returned) == 2 else None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        value = None
    return Behaviour(move, frozenset(run.generated) | {root}, tuple(scored), tuple(order), value, tuple(repeated))


def _departure(k: int, tree_name: str, got: Behaviour, want: Behaviour, shown: str, hidden: bool = False) -> Departure:
    """Where, on tree ``k``, the student's generated states first part from the correct ones.

    ``shown`` is what the submission returned, as feedback may describe it; on
    a ``hidden`` tree no value, the submission's or the correct one, is told.
    """
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
        return Departure(k + 1, tree_name, "the root", "your search returns a value that is not the root's "
                                                       "minimax value" if hidden else
                                                       f"your search returns the value {_short(got.value)}; the "
                                                       f"correct value is {want.value!r}")
    if got.move is None:
        return Departure(k + 1, tree_name, "the root", f"your search returns {shown}, which is not a legal "
                                                       f"action there; the correct move is {want.move!r}")
    return Departure(k + 1, tree_name, "the root", f"your search returns {got.move!r}; the correct move is {want.move!r}")


def _short(value: Any) -> str:
    """A number's repr, cut to the length feedback shows of anything a submission returned."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- naming the mistake --------------------------------------------------------------

def fitting(behaviours: Sequence[Behaviour],
            expected: Sequence[tuple[Behaviour, Mapping[str, Behaviour]]]) -> tuple[str, ...]:
    """Every candidate mistake that behaves as the submission does on every tree, in the registry's order.

    A mistake that behaves as the correct search on every tree explains nothing and is left out.  Two
    mistakes can fit equally: what a search generates and scores is all the grader sees, and, for
    instance, a search with no cutoff test and one that never passes α and β down both prune nothing.
    Only when no single mistake fits are two made at once (:data:`PAIRS`) tried: one mistake is the
    simpler explanation, and a pair that fits alongside a single one adds nothing.

    Parameters
    ----------
    behaviours : sequence of Behaviour
        The submission's, one per tree.
    expected : sequence of (Behaviour, mapping)
        Per tree, the correct search's behaviour and each candidate mistake's (or pair's), by id.

    Examples
    --------
    >>> right = Behaviour("a1", frozenset({"A", "B"}), ("b1",))
    >>> every = Behaviour("a1", frozenset({"A", "B", "C"}), ("b1", "c1"))
    >>> wrong = {m: right for m in CANDIDATES + PAIRS} | {"no-pruning": every, "no-window": every}
    >>> fitting([every], [(right, wrong)])
    ('no-pruning', 'no-window')
    >>> fitting([right], [(right, wrong)])
    ()
    >>> fitting([every], [(right, {**wrong, "no-pruning": right, "no-window": right,
    ...                            "root-window-reset+strict-test": every})])
    ('root-window-reset+strict-test',)
    """
    for candidates in (CANDIDATES, PAIRS):
        fits = tuple(m for m in candidates
                     if all(b == mistakes.get(m) for b, (_, mistakes) in zip(behaviours, expected))
                     and any(mistakes.get(m) != right for right, mistakes in expected))
        if fits:
            return fits
    return ()


def diagnosis_lines(fits: Sequence[str], rule: str) -> list[str]:
    """The feedback's lines on the mistakes that fit: each named and explained, as alternatives when several do."""
    if len(fits) == 1:
        return _named(fits[0], rule)
    lines = [f"On every tree your search behaves exactly as each of these {len(fits)} mistakes does; from the "
             "states a search generates and the leaves it scores they cannot be told apart, so look for "
             + ("either" if len(fits) == 2 else "any of them") + " in your code."]
    for k, m in enumerate(fits, start=1):
        lines.extend(_named(m, rule, f"{k}. "))
    return lines


def _named(mistake_id: str, rule: str, lead: str | None = None) -> list[str]:
    """One mistake (or two made at once) for the feedback: its name and what it does, then its explanation.

    ``lead`` numbers it among several that fit; ``None`` when it is the only one.
    """
    parts = lookup(mistake_id).ids
    if parts == ("strict-test",):
        cuts = ("on ties (v ≥ β, v ≤ α), as the textbook does." if rule == "textbook"
                else "only on strict inequalities (v > β, v < α), as CS188 does; yours also cuts off on ties.")
        head = "Your search is correct for the other tie rule" if lead is None else f"{lead}the other tie rule"
        return [f"{head}: this exercise cuts off {cuts}"]
    said = misconception_sentence(mistake_id, rule=rule).replace("Your answers are", "That is")
    if len(parts) == 1:
        m = MISTAKES[mistake_id]
        head = "On every tree your search behaves as one with this mistake: " if lead is None else lead
        return [f"{head}{m.title}. {said}", m.explanation]
    head = ("On every tree your search behaves as one with two mistakes at once: " if lead is None
            else f"{lead}two mistakes at once: ")
    return [f"{head}{mistake_name(mistake_id, rule)}. {said}",
            *(rule_sentence(rule) if m == "strict-test" else MISTAKES[m].explanation for m in parts)]


def what_it_did(got: Behaviour, want: Behaviour, tree: Tree, names: Mapping[Path, str]) -> str:
    """A hint for a search no mistake explains, from what it did on ``tree``: which leaves, and at which node.

    Leaves it scored that the correct search prunes are told at the node that
    should have cut off before them; leaves it skipped, at the node that
    stopped too early; states it generated and never searched, at their parent.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.grading.game import state_names
    >>> t = ab.examples.FIG_5_2
    >>> names = state_names(t)
    >>> want = behaviour(ab.alphabeta(t), names)
    >>> got = behaviour(ab.minimax(t), names)
    >>> print(what_it_did(got, want, t, names))
    At C your search goes on to score c2 and c3, which the correct search prunes: C can stop before them.
    """
    path = {name: p for p, name in names.items()}

    def below(leaves: Sequence[str], known: frozenset[str]) -> dict[str, list[str]]:
        # Each leaf under its nearest ancestor in `known`: the node that decided whether it is searched.
        groups: dict[str, list[str]] = {}
        for leaf in leaves:
            p = path[leaf][:-1]
            while p and names[p] not in known:
                p = p[:-1]
            groups.setdefault(names[p], []).append(leaf)
        return groups

    said = []
    extra = [s for s in got.scored if s not in want.scored]
    for node, leaves in below(extra, want.generated).items():
        said.append(f"At {node} your search goes on to score {_few(leaves)}, which the correct search prunes: "
                    f"{node} can stop before {'it' if len(leaves) == 1 else 'them'}.")
    missing = [s for s in want.scored if s not in got.scored]
    for node, leaves in below(missing, got.generated).items():
        said.append(f"At {node} your search never scores {_few(leaves)}, which the correct search needs: "
                    f"{node} stops too early.")
    idle = [s for s in got.order if s not in want.generated and not _searched(tree.node(path[s]), got, names)]
    for node, states in below(idle, frozenset(names[path[s][:-1]] for s in idle)).items():
        said.append(f"At {node} your search generates {_few(states)} but never searches "
                    f"{'it' if len(states) == 1 else 'them'}: generate a child only when you are about to search it.")
    if said:
        return " ".join(said[:3])
    if got.scored != want.scored:
        k = next(i for i, (a, b) in enumerate(zip(got.scored, want.scored)) if a != b)
        return (f"It scores the same leaves as the correct search, in another order: {got.scored[k]} where the "
                f"correct search scores {want.scored[k]}. Search the children in the order game.actions gives them.")
    return ("It generates and scores exactly what the correct search does; only its answer differs, so look at "
            "how the root chooses its move and what it returns.")


def _searched(node: Node, got: Behaviour, names: Mapping[Path, str]) -> bool:
    """Whether the submission searched ``node``: scored it (a leaf) or generated a child of it."""
    if node.is_leaf:
        return names[node.path] in got.scored
    return any(names[c.path] in got.generated for c in node.children)


def _few(items: Sequence[str], most: int = 4) -> str:
    """``'c2, c3 and d1'``; past ``most`` items, ``'c2, c3, c4, c5 and 3 more'``."""
    items = list(items)
    if len(items) > most:
        return f"{', '.join(items[:most])} and {len(items) - most} more"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _scored_twice(behaviours: Sequence[Behaviour], names: Sequence[str],
                  hidden: Collection[int] = frozenset()) -> list[str]:
    """A note on leaves the submission scored more than once: the first public tree where it did, and on how many.

    Of a ``hidden`` tree it names no leaf and counts nothing: which leaves a
    search scores twice is its own choice, and could spell out what it saw there.
    """
    trees = [(name, b.repeated) for k, (name, b) in enumerate(zip(names, behaviours))
             if b.repeated and k not in hidden]
    if not trees:
        if any(b.repeated for b in behaviours):
            return ["Note: on a hidden tree your search scored a leaf more than once: game.utility was called "
                    "again on a leaf it had already scored. Call it once per leaf and keep the value."]
        return []
    name, leaves = trees[0]
    what = f"{len(leaves)} leaf" if len(leaves) == 1 else f"{len(leaves)} leaves"
    more = f", and it did so on {len(trees)} of the public trees" if len(trees) > 1 else ""
    return [f"Note: on tree {name} your search scored {what} more than once ({_few(leaves)}){more}: "
            "game.utility was called again on a leaf it had already scored. Call it once per leaf and keep the value."]


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
    return {names[p]: v for p, v in node_values(tree).items() if not tree.node(p).is_leaf}


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
           "loaded", "stopped", "fitting", "diagnosis_lines", "what_it_did",
           "CANDIDATES", "PAIRS", "SEEDED", "current_student", "minimax_values", "pruned_leaves", "require_minimax",
           "require_pruned"]
