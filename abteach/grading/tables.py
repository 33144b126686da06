"""Grading a student's table search: negamax alpha-beta with a transposition table that stores its flags right.

The student writes ``table_search(game, state, alpha, beta, table)``: the
value of ``state`` for the side to move there, fail-soft, searched with the
window (α, β), reading and writing ``table``, a dict the caller owns.  A
table matters only when the same position is searched again, so the grader
searches each tree's root again and again on one table, as MTD(f) and
re-searches do (:data:`DRIVER`, run beside the submission in the sandbox):

1. MTD(f) from above (first guess :data:`FIRST_GUESS`): null-window passes
   (β − 1, β), each on the table the earlier ones filled;
2. the full window (−∞, +∞), once;
3. the full window again, which a table holding the root's exact value
   answers without scoring a leaf.

The grader knows each root's value and keeps, on its side, every leaf scored
in each of the three parts (the driver marks where a part starts).  A
fail-low stored as exact, or a table read whatever the window, makes a pass
return a wrong value; a flag decided against the raised α (every exact value
stored as a bound), or a table never read, makes step 3 score leaves again.
Each is named, from these symptoms over every tree (:func:`fitting`), with
the mistake of :data:`abteach.lessons.mistakes.TABLE_MISTAKES` that causes
it, its explanation included; the root values come from the package's own
table search (:func:`reference`).

Examples
--------
>>> SOLUTION = '''
... import math
... def table_search(game, state, alpha, beta, table):
...     if game.is_terminal(state):
...         return game.utility(state, game.to_move(state))
...     alpha0 = alpha
...     entry = table.get(state)
...     if entry is not None:
...         value, flag = entry
...         if flag == "EXACT":
...             return value
...         if flag == "LOWER":
...             alpha = max(alpha, value)
...         else:
...             beta = min(beta, value)
...         if alpha >= beta:
...             return value
...     v = -math.inf
...     for a in game.actions(state):
...         v = max(v, -table_search(game, game.result(state, a), -beta, -alpha, table))
...         if v >= beta:
...             break
...         alpha = max(alpha, v)
...     table[state] = (v, "UPPER" if v <= alpha0 else "LOWER" if v >= beta else "EXACT")
...     return v
... '''
>>> r = check_table_search(SOLUTION, seed=1)
>>> r.passed, r.diagnosis
(True, None)
>>> r = check_table_search(SOLUTION.replace('v <= alpha0', 'v <= alpha'), seed=1)
>>> r.passed, r.diagnosis
(False, 'raised-alpha-flag')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Sequence

from abteach.games.trees import Tree
from abteach.grading.checker import Report, UNSANDBOXED, _package_text, grading_trees
from abteach.grading.game import GradingGame, state_names
from abteach.grading.sandbox import ISOLATIONS, TIME_LIMIT, Outcome, run_submission
from abteach.grading.source import SourceUnavailable, Submission, submission, uses_package
from abteach.lessons.mistakes.table import TABLE_MISTAKES
from abteach.search.memory import MEMORY_TESTS, Options, searcher
from abteach.search.problem import Problem
from abteach.search.record import recorder_for
from abteach.search.table import Table, TableFault

#: The graded function's name.
NAME = "table_search"
#: MTD(f)'s first guess: above every leaf of the grading trees, so its passes fail low on the way down.
FIRST_GUESS = 100
#: What the driver passes to ``game.is_terminal`` to mark the start of a part; the grader records it.
PASS_MARK = "next part"
#: The table mistakes a search of a whole tree can make (no depth limit here), and a table never read.
CANDIDATES: tuple[str, ...] = tuple(m for m in TABLE_MISTAKES if m != "ignore-depth") + ("no-table",)

#: The grader's calls, run beside the submission: its source is appended to the student's.
DRIVER = f'''

def _abteach_table_parts(game, state):
    # MTD(f) from above, then the full window twice, all on one table.
    infinity = float("inf")
    table = {{}}
    lower, upper, g, passes = -infinity, infinity, {FIRST_GUESS}, 0
    while lower < upper and passes < 40:
        beta = g + 1 if g == lower else g
        g = {NAME}(game, state, beta - 1, beta, table)
        passes += 1
        if g < beta:
            upper = g
        else:
            lower = g
    game.is_terminal({PASS_MARK!r})
    full = {NAME}(game, state, -infinity, infinity, table)
    game.is_terminal({PASS_MARK!r})
    again = {NAME}(game, state, -infinity, infinity, table)
    return (g, full, again, passes)
'''
_DRIVER_NAME = "_abteach_table_parts"


class PartsGame(GradingGame):
    """The grading game, which also records the driver's marks between the parts of a check."""

    def is_terminal(self, state: Any) -> bool:
        if isinstance(state, str) and state == PASS_MARK:
            self.scored.append(PASS_MARK)
            self.generated.append(PASS_MARK)
            return False
        return super().is_terminal(state)


@dataclass(frozen=True)
class Parts:
    """What a table search did on one tree: the three values, and the leaves scored in each part, in order."""

    values: tuple[float, float, float]
    leaves: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]

    def symptoms(self, value: float) -> tuple[bool, bool]:
        """(every value right, the repeated full window scored no leaf)."""
        return all(v == value for v in self.values), not self.leaves[2]


def _split(scored: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    parts: list[list[str]] = [[]]
    for s in scored:
        if s == PASS_MARK:
            parts.append([])
        else:
            parts[-1].append(s)
    return tuple(tuple(p) for p in parts)


# -- the package's own searches, as references ------------------------------------------------

def reference(tree: Tree, mistake: str | None = None) -> Parts:
    """The three parts as :func:`abteach.negamax_memory`'s search does them, done right or with ``mistake``.

    ``mistake`` is an id of :data:`CANDIDATES`: a table mistake, or ``'no-table'``.

    Examples
    --------
    >>> import abteach as ab
    >>> reference(ab.examples.FIG_5_2).values, reference(ab.examples.FIG_5_2).leaves[2]
    ((3, 3, 3), ())
    >>> reference(ab.examples.FIG_5_2, "no-table").leaves[2] == reference(ab.examples.FIG_5_2, "no-table").leaves[1]
    True
    """
    names = state_names(tree)
    problem = Problem(tree, tree.root)
    log = recorder_for(problem.root, False, tests=MEMORY_TESTS)
    log.negated = True
    table = None if mistake == "no-table" else Table(TABLE_MISTAKES[mistake].fault if mistake else TableFault())
    # The table's move first would change only the order leaves are scored in; the student's search keeps the game's.
    search = searcher(problem, log, Options(table=table, reorder=False))
    color = 1 if tree.root.player == "MAX" else -1
    cuts = []
    g, lower, upper = float(FIRST_GUESS), -math.inf, math.inf
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = search(tree.root, beta - 1, beta, color)
        if g < beta:
            upper = g
        else:
            lower = g
    cuts.append(len(log.evaluated))
    full = search(tree.root, -math.inf, math.inf, color)
    cuts.append(len(log.evaluated))
    again = search(tree.root, -math.inf, math.inf, color)
    leaves = [names[p] for p in log.evaluated]
    return Parts((g, full, again), (tuple(leaves[:cuts[0]]), tuple(leaves[cuts[0]:cuts[1]]), tuple(leaves[cuts[1]:])))


def table_trees(seed: int | str) -> tuple[tuple[str, Tree], ...]:
    """The trees a check runs on: the grading trees with whole-number leaves (MTD(f) needs them)."""
    return tuple((name, t) for name, t in grading_trees(seed, "textbook")
                 if all(float(n.value).is_integer() for n in t.walk() if n.is_leaf))  # type: ignore[arg-type]


@lru_cache(maxsize=8)
def _values(seed: int | str) -> tuple[float, ...]:
    """Each tree's root value, from the package's own table search."""
    return tuple(reference(tree).values[1] for _, tree in table_trees(seed))


def fitting(parts: Sequence[Parts], values: Sequence[float]) -> tuple[str, ...]:
    """The table mistakes that explain what a search did, read from its symptoms over every tree.

    A wrong value comes from an entry read as more than it is: a fail-low
    stored as exact, or a table read whatever the window (from outside the
    two cannot be told apart).  Right values with leaves scored again by the
    repeated full window: the table never answers (the repeat is the search
    before, leaf for leaf), or it holds the exact value as a bound (the flag
    decided against the raised α).

    Examples
    --------
    >>> right = Parts((3, 3, 3), (("b1",), ("b1",), ()))
    >>> fitting([right], [3])
    ()
    >>> fitting([Parts((3, 3, 3), (("b1",), ("b1", "c1"), ("b1", "c1")))], [3])
    ('no-table',)
    >>> fitting([Parts((3, 3, 3), (("b1",), ("b1", "c1"), ("c1",)))], [3])
    ('raised-alpha-flag',)
    >>> fitting([Parts((4, 3, 3), ((), (), ()))], [3])
    ('fail-low-as-exact', 'key-without-window')
    """
    if any(v != value for p, value in zip(parts, values) for v in p.values):
        return ("fail-low-as-exact", "key-without-window")
    again = [p for p in parts if p.leaves[2]]
    if not again:
        return ()
    return ("no-table",) if all(p.leaves[2] == p.leaves[1] for p in again) else ("raised-alpha-flag",)


# -- the check ----------------------------------------------------------------------------

def check_table_search(table_search: Any, *, seed: int | str = 0, time_limit: float = TIME_LIMIT,
                       isolation: str = "bwrap") -> Report:
    """Grade a student's ``table_search(game, state, alpha, beta, table)``; never raises for the student's failure.

    Parameters
    ----------
    table_search : callable, str, path or Submission
        As :func:`~abteach.grading.checker.check_alphabeta` takes it: only its source is run, in the sandbox.
    seed : int or str
        Seeds the trees.
    time_limit : float
        Seconds allowed per tree.
    isolation : {'bwrap', 'limits'}
        As for :func:`~abteach.grading.checker.check_alphabeta`.

    Returns
    -------
    Report
        ``diagnosis`` is ``None`` when right, else the table mistake that
        behaves the same on every tree, or ``'unknown'``.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, not {seed!r}")
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if isolation not in ISOLATIONS:
        raise ValueError(f"isolation must be one of {ISOLATIONS}, not {isolation!r}")
    trees = table_trees(seed)
    names = tuple(name for name, _ in trees)
    n = len(trees)

    def fail(kind: str, text: str) -> Report:
        return Report(0, n, "unknown", None, f"{text}\nDiagnosis: unknown ({kind})", kind, "textbook", seed, names)

    if table_search is None:
        return fail("missing", f"No function {NAME} was defined: run the cell that defines it.")
    try:
        code = submission(table_search, NAME) if not isinstance(table_search, Submission) else table_search
    except (SourceUnavailable, OSError) as error:
        return fail("load", f"Your code could not be read: {error}")
    package = uses_package(code.source)
    if package is not None:
        return fail("package", _package_text(package).replace("write the search", "write the table search"))
    makers: list[Callable[[], GradingGame]] = [_maker(t) for _, t in trees]
    outcome = run_submission(code.source + DRIVER, makers, name=_DRIVER_NAME, filename=code.filename,
                             hidden=frozenset(k for k, name in enumerate(names) if name.startswith("seeded")),
                             time_limit=time_limit, isolation=isolation)
    report = _report(outcome, trees, seed, time_limit, fail)
    return replace(report, feedback=f"{UNSANDBOXED}\n{report.feedback}") if isolation != "bwrap" else report


def _maker(tree: Tree) -> Callable[[], GradingGame]:
    names = state_names(tree)
    return lambda: PartsGame(tree, names)


def _report(outcome: Outcome, trees: Sequence[tuple[str, Tree]], seed: int | str, time_limit: float,
            fail: Callable[[str, str], Report]) -> Report:
    n = len(trees)
    names = tuple(name for name, _ in trees)
    if outcome.package:
        return fail("package", _package_text(outcome.package))
    if outcome.load_error:
        return fail("load", "Your code could not be loaded:\n" + outcome.load_error)
    values = _values(seed)
    got: list[Parts] = []
    for k, run in enumerate(outcome.runs):
        where = f"tree {k + 1} of {n} ({names[k]})"
        if run.status == "timeout":
            return fail("timeout", f"Your search did not finish on {where} within {time_limit:g} s and was stopped.")
        if run.status == "output":
            return fail("output", "Your search printed too much and was stopped: remove the print calls.")
        if run.status == "raised":
            return fail("raised", f"Your search raised an error on {where}:\n{run.error}")
        parts = _split(run.scored)
        returned = run.returned
        if not (isinstance(returned, tuple) and len(returned) == 4 and len(parts) == 3
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in returned[:3])):
            return fail("wrong", f"On {where} the searches did not run as the grader calls them: {NAME} must "
                                 "return a number each time, the value for the side to move.")
        got.append(Parts((returned[0], returned[1], returned[2]), (parts[0], parts[1], parts[2])))
    passed = [p.symptoms(v) == (True, True) for p, v in zip(got, values)]
    if all(passed):
        return Report(n, n, None, None, f"All {n} trees right: your table stores and reads its flags right.",
                      None, "textbook", seed, names)
    fits = fitting(got, values)
    k = passed.index(False)
    hidden = names[k].startswith("seeded")
    lines = [f"{sum(passed)} of {n} trees right. On tree {names[k]}: " + _what(got[k], values[k], trees[k][1],
                                                                                hidden)]
    for m in fits:
        if m == "no-table":
            lines.append("Your search behaves as one that never answers from its table: read the entry before "
                         "searching the children.")
        else:
            mistake = TABLE_MISTAKES[m]
            lead = "One mistake that does this" if len(fits) > 1 else "Your search behaves as one with this mistake"
            lines.append(f"{lead}: {mistake.title}. {mistake.explanation}")
    if not fits:
        lines.append("Its behaviour matches none of the classic table mistakes; compare it line by line with the "
                     "listing: save α₀ before the probe, store UPPER if v ≤ α₀, LOWER if v ≥ β, else EXACT.")
    lines.append(f"Tree {names[k]} is one of the hidden trees, so it is not shown." if hidden else
                 f"The tree (MAX at the root, lists are children left to right): {trees[k][1].to_nested()}")
    lines.append(f"Diagnosis: {' or '.join(fits) if fits else 'unknown'}")
    return Report(sum(passed), n, fits[0] if fits else "unknown", None, "\n".join(lines), None, "textbook", seed,
                  names, fits)


def _what(parts: Parts, value: float, tree: Tree, hidden: bool) -> str:
    """What went wrong on one tree, at which part and, for a leaf scored again, at which node."""
    mtd, full, again = parts.values
    say = (lambda v: "a wrong value") if hidden else (lambda v: f"{v!r}, not the root's value {value!r}")
    if mtd != value:
        return (f"MTD(f)'s null-window passes, each reading the table the earlier ones wrote, end at {say(mtd)}: "
                "an entry was taken for more than it is (a bound for the value).")
    if full != value:
        return (f"after the null-window passes, the search with the full window returns {say(full)}: an entry "
                "stored by a pass that failed low or high was read as the position's value.")
    if again != value:
        return f"searched again with the same full window, the root gets {say(again)}."
    leaf = parts.leaves[2][0]
    names = {v: p for p, v in state_names(tree).items()}
    parent = state_names(tree)[names[leaf][:-1]] if leaf in names else "the root"
    shown = "" if hidden else f" (the first, {leaf}, under {parent})"
    return (f"searched again with the same full window, your search scores {len(parts.leaves[2])} leaves again"
            f"{shown}: the root's exact value, found by the search before, was not answered from the table. "
            "A value strictly inside the window the node was called with (α₀ < v < β) is EXACT.")


__all__ = ["check_table_search", "reference", "table_trees", "Parts", "PartsGame", "DRIVER", "FIRST_GUESS",
           "PASS_MARK", "CANDIDATES", "NAME", "fitting"]
