"""Grading a student's table search: negamax alpha-beta with a transposition table that stores its flags right.

The student writes ``table_search(game, state, alpha, beta, table)``: the
value of ``state`` for the side to move there, fail-soft, searched with the
window (α, β), reading and writing ``table``, a dict the caller owns, as
``table[state] = (value, flag)``.  A table matters only when the same
position is searched again, so each tree's root is searched again and again
on one table, as MTD(f) and re-searches do (:class:`Driver`):

1. MTD(f) from above (first guess :data:`FIRST_GUESS`): null-window searches
   (β − 1, β), each on the table the earlier ones filled;
2. the full window (−∞, +∞), once;
3. the full window again, which a table holding the root's exact value
   answers without scoring a leaf.

The grader decides every window, here, from what each search returned; in
the submission's process a few lines (:data:`SERVANT`) only ask for the next
window, run the student's search on it, and tell what it returned and what
the table then holds, each through the game, whose every call the grader
records.  So the grader keeps, on its side, each search's window, value and
leaves scored, in order, and the table after it (:class:`Record`); whatever
the submission does to those lines only changes what it is recorded doing.

A tree is right when that record is the record of the package's own search
under the exercise's rules (:func:`reference`: the table overwrites its
entry, as ``table[state] = ...`` does): the same value from every search,
the same leaves scored, in the same order, and the same entries, each with
the flag the lecture teaches (UPPER if v ≤ α₀, LOWER if v ≥ β, else
EXACT).  So a search that does not prune, or keeps no table, or answers from
a memory of its own, or stores a wrong flag, earns nothing on that tree.

A wrong value comes from an entry read as more than it is: a fail-low
stored as exact, or a table read whatever the window; a flag decided
against the raised α (every exact value stored as a bound), or a table
never read, makes step 3 score leaves again.  Each is named, from these
symptoms over every tree (:func:`fitting`), with the mistake of
:data:`abteach.lessons.mistakes.TABLE_MISTAKES` that causes it, its
explanation included; leaves a correct search prunes are named
``'no-pruning'``, and a flag the rule does not give ``'wrong-flag'``.

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
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from abteach.games.trees import Tree
from abteach.grading.checker import Report, UNSANDBOXED, _package_text, grading_trees
from abteach.grading.game import GradingGame, State, state_names
from abteach.grading.sandbox import ISOLATIONS, TIME_LIMIT, Outcome, run_submission
from abteach.grading.source import SourceUnavailable, Submission, submission, uses_package
from abteach.lessons.mistakes.table import TABLE_MISTAKES
from abteach.search.memory import MEMORY_TESTS, Mtd, Options, searcher
from abteach.search.problem import Problem
from abteach.search.record import recorder_for
from abteach.search.table import Entry, Flag, Table, TableFault

#: The graded function's name.
NAME = "table_search"
#: MTD(f)'s first guess: above every leaf of the grading trees, so its passes fail low on the way down.
FIRST_GUESS = 100
#: MTD(f)'s passes at most, before the full windows: a search whose values never close the bounds stops there.
MAX_PASSES = 40
#: What the submission's side sends, as ``game.is_terminal((NEXT, value))``, to hand in a search and ask for the next.
NEXT = "abteach-next"
#: What it sends, as ``game.result(key, (ENTRY, entry))``, for each entry of the table after a search.
ENTRY = "abteach-entry"
#: The table mistakes a search of a whole tree can make (no depth limit here), and a table never read.
CANDIDATES: tuple[str, ...] = tuple(m for m in TABLE_MISTAKES if m != "ignore-depth") + ("no-table",)
#: What else a search can do wrong that the record shows: score leaves a right one prunes, store a wrong flag.
BEHAVIOURS: tuple[str, ...] = ("no-pruning", "wrong-flag")
#: The three parts of a check, by index.
PART_NAMES = ("MTD(f)'s null-window searches", "the search with the full window", "the full window again")

#: The submission's side of the check, appended to its source: it decides nothing, and says everything.
SERVANT = f"""

def _abteach_table_searches(game, state):
    # The grader sends each window and keeps every record; this only runs the searches on one table.
    table = {{}}
    order = game.is_terminal(({NEXT!r},))
    while order is not None:
        alpha, beta = (float(x) if isinstance(x, str) else x for x in order)
        value = {NAME}(game, state, alpha, beta, table)
        for key, entry in list(table.items()):
            game.result(key, ({ENTRY!r}, entry))
        order = game.is_terminal(({NEXT!r}, value))
"""
_SERVANT_NAME = "_abteach_table_searches"

Window = tuple[float, float]


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == x


@dataclass
class Driver:
    """The sequence of searches a check makes on one table: MTD(f) from above, then the full window twice.

    :meth:`first` gives the first window; :meth:`next` takes what the search
    returned and gives the next window, or ``None`` when the check is over
    (or the search returned no number, after which nothing can follow).

    Examples
    --------
    >>> d = Driver()
    >>> d.first(), d.next(3), d.next(3), d.next(3), d.next(3), d.next(3)
    ((99, 100), (2, 3), (-inf, inf), (-inf, inf), None, None)
    """

    # The package's own MTD loop, stepped a window at a time: the submission searches in its own process.
    mtd: Mtd = field(default_factory=lambda: Mtd(FIRST_GUESS))
    part: int = 0
    window: Window | None = None

    def first(self) -> Window:
        self.window = self._null_window()
        return self.window

    def _null_window(self) -> Window:
        beta = self.mtd.beta()
        return (beta - 1, beta)

    def next(self, value: Any) -> Window | None:
        if self.window is None:
            return None
        if not _number(value):
            self.window = None
            return None
        if self.part == 0:
            self.mtd.took(value, self.window[1])
            if not self.mtd.closed and self.mtd.passes < MAX_PASSES:
                self.window = self._null_window()
                return self.window
        self.part += 1
        self.window = (-math.inf, math.inf) if self.part <= 2 else None
        return self.window


@dataclass(frozen=True)
class Search:
    """One search of the root: its window, what it returned, the leaves it scored in order, and the table after it.

    ``table`` maps each stored position's name to its entry, ``(value, flag)``
    as the exercise writes it; a key that is no state of the game is named
    ``'<not a state: ...>'``.
    """

    part: int
    window: Window
    value: Any
    leaves: tuple[str, ...]
    table: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Parts:
    """What a table search did on one tree: the three values, and the leaves scored in each part, in order."""

    values: tuple[Any, Any, Any]
    leaves: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]

    def symptoms(self, value: float) -> tuple[bool, bool]:
        """(every value right, the repeated full window scored no leaf)."""
        return all(v == value for v in self.values), not self.leaves[2]


@dataclass(frozen=True)
class Record:
    """Every search a check made of one tree, in order, and what happened outside them.

    ``outside`` counts leaves scored outside the searches the grader asked
    for, and messages out of turn: none, for a search run as the grader runs it.
    """

    searches: tuple[Search, ...]
    outside: int = 0

    @property
    def complete(self) -> bool:
        """Whether all three parts ran, each search returning a number."""
        return (bool(self.searches) and [s.part for s in self.searches][-2:] == [1, 2]
                and all(_number(s.value) for s in self.searches))

    @property
    def values(self) -> tuple[Any, Any, Any]:
        """MTD(f)'s last value, the full window's, and the repeat's (``None`` for a part that did not run)."""
        last = [next((s.value for s in reversed(self.searches) if s.part == k), None) for k in range(3)]
        return (last[0], last[1], last[2])

    @property
    def leaves(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """The leaves each part scored, in order."""
        parts = [tuple(leaf for s in self.searches if s.part == k for leaf in s.leaves) for k in range(3)]
        return (parts[0], parts[1], parts[2])

    def parts(self) -> Parts:
        return Parts(self.values, self.leaves)


class PartsGame(GradingGame):
    """The grading game, which also serves the check's searches: it sends each window and records each search.

    The submission's side (:data:`SERVANT`) asks for a window with
    ``is_terminal((NEXT,))``, hands a search in with ``is_terminal((NEXT,
    value))`` and tells each table entry with ``result(key, (ENTRY,
    entry))``; every leaf ``utility`` scores between a window sent and the
    search handed in is that search's.  Infinite window bounds are sent as
    the strings ``'inf'`` and ``'-inf'``.
    """

    def __init__(self, tree: Tree, names: dict[Any, str] | None = None) -> None:
        super().__init__(tree, names)
        self.driver = Driver()
        self.searches: list[Search] = []
        self.outside = 0
        self._open: tuple[int, Window, int] | None = None  # (part, window, where its leaves start in scored)
        self._entries: dict[str, Any] = {}
        self._started = False

    def is_terminal(self, state: Any) -> bool | list[Any] | None:  # type: ignore[override]
        if isinstance(state, tuple) and state[:1] == (NEXT,):
            return self._next(state[1:])
        return super().is_terminal(state)

    def result(self, state: Any, action: Any) -> Any:
        if isinstance(action, tuple) and action[:1] == (ENTRY,):
            if self._open is None or len(action) != 2:
                self.outside += 1
            else:
                key = self._names[state._path] if isinstance(state, State) and state._path in self._tree.nodes \
                    else f"<not a state: {state!r}>"
                self._entries[key] = action[1]
            return None
        return super().result(state, action)

    def _next(self, said: tuple[Any, ...]) -> list[Any] | None:
        if self._open is None:
            if self._started or said:
                self.outside += 1
                return None
            self._started = True
            window: Window | None = self.driver.first()
        else:
            if len(said) != 1:
                self.outside += 1
                said = (None,)
            part, opened, start = self._open
            self.searches.append(Search(part, opened, said[0], tuple(self.scored[start:]), dict(self._entries)))
            window = self.driver.next(said[0])
        self._entries = {}
        if window is None:
            self._open = None
            return None
        self._open = (self.driver.part, window, len(self.scored))
        return [str(b) if math.isinf(b) else b for b in window]

    def record(self) -> Record:
        """The searches handed in; leaves scored outside them (an unfinished search's among them) count as outside."""
        inside = sum(len(s.leaves) for s in self.searches)
        return Record(tuple(self.searches), self.outside + len(self.scored) - inside)


# -- the package's own searches, as references ------------------------------------------------

class ExerciseTable(Table):
    """The package's table under the exercise's rules: a store replaces the entry, as ``table[state] = ...`` does."""

    def store(self, key: Any, value: float, *, depth: float, move: Any, alpha0: float,
              beta: float, alpha: float | None = None) -> Entry:
        flag = self.flag(value, alpha0, alpha0 if alpha is None else alpha, beta)
        lower, upper = {Flag.EXACT: (value, value), Flag.LOWER: (value, math.inf),
                        Flag.UPPER: (-math.inf, value)}[flag]
        entry = Entry(lower, upper, depth, move)
        self.entries[key] = entry
        self.stores += 1
        return entry


def reference(tree: Tree, mistake: str | None = None) -> Record:
    """Every search of a check as :func:`abteach.negamax_memory`'s search does it, done right or with ``mistake``.

    ``mistake`` is an id of :data:`CANDIDATES`: a table mistake, or ``'no-table'``.

    Examples
    --------
    >>> import abteach as ab
    >>> right = reference(ab.examples.FIG_5_2)
    >>> right.values, right.leaves[2], right.searches[-1].table["A"]
    ((3, 3, 3), (), (3, 'EXACT'))
    >>> reference(ab.examples.FIG_5_2, "no-table").leaves[2] == reference(ab.examples.FIG_5_2, "no-table").leaves[1]
    True
    """
    names = state_names(tree)
    problem = Problem(tree, tree.root)
    log = recorder_for(problem.root, False, tests=MEMORY_TESTS)
    log.negated = True
    table = None if mistake == "no-table" else \
        ExerciseTable(TABLE_MISTAKES[mistake].fault if mistake else TableFault())
    # The table's move first would change only the order leaves are scored in; the student's search keeps the game's.
    search = searcher(problem, log, Options(table=table, reorder=False))
    color = 1 if tree.root.player == "MAX" else -1
    driver = Driver()
    window: Window | None = driver.first()
    searches = []
    while window is not None:
        start, part = len(log.evaluated), driver.part
        value = search(tree.root, window[0], window[1], color)
        # The package's table is keyed by the tree's nodes, named here as the game names its states.
        entries = {} if table is None else {names[key.path]: (entry.value, entry.flag.name)  # type: ignore[attr-defined]
                                            for key, entry in table.entries.items()}
        searches.append(Search(part, window, value, tuple(names[p] for p in log.evaluated[start:]), entries))
        window = driver.next(value)
    return Record(tuple(searches))


def table_trees(seed: int | str) -> tuple[tuple[str, Tree], ...]:
    """The trees a check runs on: the grading trees with whole-number leaves (MTD(f) needs them)."""
    return tuple((name, t) for name, t in grading_trees(seed, "textbook")
                 if all(float(n.value).is_integer() for n in t.walk() if n.is_leaf))  # type: ignore[arg-type]


@lru_cache(maxsize=8)
def _references(seed: int | str) -> tuple[Record, ...]:
    """Each tree's record, from the package's own table search."""
    return tuple(reference(tree) for _, tree in table_trees(seed))


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


def behaviour(record: Record, right: Record) -> str | None:
    """What a record with right values shows beyond :func:`fitting`: ``'no-pruning'``, ``'wrong-flag'`` or ``None``.

    ``'no-pruning'``: some search scores every leaf the right one scores, and
    more.  ``'wrong-flag'``: every search scores the right leaves, but after
    one the table holds the right positions and values with another flag.

    Examples
    --------
    >>> right = Record((Search(0, (2, 3), 3, ("b1",), {"A": (3, "LOWER")}),))
    >>> behaviour(Record((Search(0, (2, 3), 3, ("b1", "b2"), {"A": (3, "LOWER")}),)), right)
    'no-pruning'
    >>> behaviour(Record((Search(0, (2, 3), 3, ("b1",), {"A": (3, "UPPER")}),)), right)
    'wrong-flag'
    """
    pairs = list(zip(record.searches, right.searches))
    for got, want in pairs:
        if got.leaves != want.leaves:
            return "no-pruning" if set(got.leaves) > set(want.leaves) else None
    for got, want in pairs:
        if got.table != want.table:
            same_values = got.table.keys() == want.table.keys() and all(
                isinstance(e, tuple) and len(e) == 2 and e[0] == want.table[k][0] for k, e in got.table.items())
            return "wrong-flag" if same_values else None
    return None


# -- the check ----------------------------------------------------------------------------

def check_table_search(table_search: Any, *, seed: int | str = 0, time_limit: float = TIME_LIMIT,
                       isolation: str = "bwrap", total_limit: float | None = None) -> Report:
    """Grade a student's ``table_search(game, state, alpha, beta, table)``; never raises for the student's failure.

    Parameters
    ----------
    table_search : callable, str, path or Submission
        As :func:`~abteach.grading.checker.check_alphabeta` takes it: only its source is run, in the sandbox.
    seed : int or str
        Seeds the trees (a course grades on its hidden seed: :mod:`abteach.grading.secret`).
    time_limit : float
        Seconds allowed per tree.
    isolation : {'bwrap', 'limits'}
        As for :func:`~abteach.grading.checker.check_alphabeta`.
    total_limit : float, optional
        Seconds for all the trees together, as for :func:`~abteach.grading.checker.check_alphabeta`.

    Returns
    -------
    Report
        ``diagnosis`` is ``None`` when right, else the table mistake that
        behaves the same on every tree, one of :data:`BEHAVIOURS`, or ``'unknown'``.
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
    games = [PartsGame(t, state_names(t)) for _, t in trees]
    makers: list[Callable[[], GradingGame]] = [lambda g=g: g for g in games]  # type: ignore[misc]
    outcome = run_submission(code.source + SERVANT, makers, name=_SERVANT_NAME, filename=code.filename,
                             hidden=frozenset(k for k, name in enumerate(names) if name.startswith("seeded")),
                             time_limit=time_limit, isolation=isolation, total_limit=total_limit)
    report = _report(outcome, [g.record() for g in games], trees, seed, time_limit, fail)
    return replace(report, feedback=f"{UNSANDBOXED}\n{report.feedback}") if isolation != "bwrap" else report


def _report(outcome: Outcome, records: Sequence[Record], trees: Sequence[tuple[str, Tree]], seed: int | str,
            time_limit: float, fail: Callable[[str, str], Report]) -> Report:
    n = len(trees)
    names = tuple(name for name, _ in trees)
    if outcome.package:
        return fail("package", _package_text(outcome.package))
    if outcome.load_error:
        return fail("load", "Your code could not be loaded:\n" + outcome.load_error)
    rights = _references(seed)
    for k, run in enumerate(outcome.runs):
        where = f"tree {k + 1} of {n} ({names[k]})"
        if run.status == "timeout":
            return fail("timeout", f"Your search did not finish on {where} within {time_limit:g} s and was stopped.")
        if run.status == "output":
            return fail("output", "Your search printed too much and was stopped: remove the print calls.")
        if run.status == "raised":
            return fail("raised", f"Your search raised an error on {where}:\n{run.error}")
        if not records[k].complete:
            return fail("wrong", f"On {where} the searches did not run as the grader calls them: {NAME} must "
                                 "return a number each time, the value for the side to move.")
    values = [right.values[1] for right in rights]
    passed = [record == right for record, right in zip(records, rights)]
    if all(passed):
        return Report(n, n, None, None, f"All {n} trees right: your table stores and reads its flags right.",
                      None, "textbook", seed, names)
    fits = fitting([r.parts() for r in records], values)
    k = passed.index(False)
    hidden = names[k].startswith("seeded")
    more = () if fits else tuple(dict.fromkeys(b for r, right, ok in zip(records, rights, passed) if not ok
                                               for b in [behaviour(r, right)] if b is not None))
    named = fits or (more if len(more) == 1 else ())
    lines = [f"{sum(passed)} of {n} trees right. On tree {names[k]}: "
             + _what(records[k], rights[k], trees[k][1], hidden)]
    for m in named:
        if m == "no-table":
            lines.append("Your search behaves as one that never answers from its table: read the entry before "
                         "searching the children.")
        elif m == "no-pruning":
            lines.append("Your search scores leaves that alpha-beta prunes: stop searching a node's children as "
                         "soon as v ≥ β, and pass the window down as (−β, −α).")
        elif m == "wrong-flag":
            lines.append("Your search finds the right values but stores a flag the rule does not give: UPPER if "
                         "v ≤ α₀, LOWER if v ≥ β, else EXACT, spelled as these three words.")
        else:
            mistake = TABLE_MISTAKES[m]
            lead = "One mistake that does this" if len(named) > 1 else "Your search behaves as one with this mistake"
            lines.append(f"{lead}: {mistake.title}. {mistake.explanation}")
    if not named:
        lines.append("Its behaviour matches none of the classic table mistakes; compare it line by line with the "
                     "listing: save α₀ before the probe, store UPPER if v ≤ α₀, LOWER if v ≥ β, else EXACT.")
    lines.append(f"Tree {names[k]} is one of the hidden trees, so it is not shown." if hidden else
                 f"The tree (MAX at the root, lists are children left to right): {trees[k][1].to_nested()}")
    lines.append(f"Diagnosis: {' or '.join(named) if named else 'unknown'}")
    return Report(sum(passed), n, named[0] if named else "unknown", None, "\n".join(lines), None, "textbook", seed,
                  names, tuple(named))


def _window(window: Window) -> str:
    return "(" + ", ".join("−∞" if b == -math.inf else "+∞" if b == math.inf else f"{b:g}" for b in window) + ")"


def _what(record: Record, right: Record, tree: Tree, hidden: bool) -> str:
    """What went wrong on one tree: at which search, and, on a public tree, at which node."""
    value = right.values[1]
    mtd, full, again = record.values
    say = (lambda v: "a wrong value") if hidden else (lambda v: f"{v!r}, not the root's value {value!r}")
    if mtd != value:
        return (f"MTD(f)'s null-window passes, each reading the table the earlier ones wrote, end at {say(mtd)}: "
                "an entry was taken for more than it is (a bound for the value).")
    if full != value:
        return (f"after the null-window passes, the search with the full window returns {say(full)}: an entry "
                "stored by a pass that failed low or high was read as the position's value.")
    if again != value:
        return f"searched again with the same full window, the root gets {say(again)}."
    if record.leaves[2]:
        leaf = record.leaves[2][0]
        by_name = {v: p for p, v in state_names(tree).items()}
        parent = state_names(tree)[by_name[leaf][:-1]] if leaf in by_name else "the root"
        shown = "" if hidden else f" (the first, {leaf}, under {parent})"
        return (f"searched again with the same full window, your search scores {len(record.leaves[2])} leaves "
                f"again{shown}: the root's exact value, found by the search before, was not answered from the "
                "table. A value strictly inside the window the node was called with (α₀ < v < β) is EXACT.")
    if record.outside:
        return ("leaves were scored, or the grader's searches asked for, outside the searches the grader runs: "
                f"{NAME} must do all its work inside each call.")
    for i, (got, want) in enumerate(zip(record.searches, right.searches), 1):
        # A hidden tree's windows would tell the values returned on it.
        which = f"search {i} ({PART_NAMES[got.part]}" + (")" if hidden else f", window {_window(got.window)})")
        if got.value != want.value:
            return f"{which} returns {'a wrong value' if hidden else repr(got.value)}, not what alpha-beta with " \
                   "this table returns."
        if got.leaves != want.leaves:
            extra = [leaf for leaf in got.leaves if leaf not in want.leaves]
            missing = [leaf for leaf in want.leaves if leaf not in got.leaves]
            if hidden:
                detail = "other leaves"
            elif extra:
                detail = f"{len(extra)} leaves alpha-beta with this table does not score (the first, {extra[0]})"
            elif missing:
                detail = f"too few leaves (it skips {missing[0]})"
            else:
                detail = "the leaves in another order than the game's"
            return f"{which} scores {detail}."
        if got.table != want.table:
            return f"after {which}, the table holds " + _table_difference(got.table, want.table, hidden) + "."
    return "the searches differ from alpha-beta with this table."


def _table_difference(got: Mapping[str, Any], want: Mapping[str, Any], hidden: bool) -> str:
    """The first entry that differs, named on a public tree only."""
    if not got and want:
        return "nothing: store each searched position, table[state] = (value, flag), in the table you are given"
    if hidden:
        return "an entry other than the rule gives"
    for key in sorted(set(got) | set(want)):
        if key not in want:
            return f"an entry for {key}, which alpha-beta with this table does not store"
        if key not in got:
            return f"no entry for {key}, which alpha-beta with this table stores as {want[key]!r}"
        if got[key] != want[key]:
            return f"{got[key]!r} for {key}, where the rule gives {want[key]!r}"
    return "other entries"


__all__ = ["check_table_search", "reference", "table_trees", "Parts", "PartsGame", "Record", "Search", "Driver",
           "ExerciseTable", "SERVANT", "FIRST_GUESS", "NEXT", "ENTRY", "CANDIDATES", "BEHAVIOURS", "NAME",
           "fitting", "behaviour"]
