"""Alpha-beta with memory, and the searches built on it: iterative deepening, aspiration,
SCOUT's null-window test, NegaScout, MTD(f) and SSS*.

One negamax search (:func:`searcher`) reads like its listing
(``ab.listing("negamax_memory")``): it asks the transposition table first,
orders the children (the table's move, then the killers, then the history
scores), and stores what it found with a flag decided against the α it was
called with.  Each driver below calls it, once or pass after pass, and marks
each pass in the trace.

Values inside a search are for the side to move (negamax); every result's
``value`` is for MAX, as with every search.

With a table, a result's principal variation is read from the table: at each
position the stored move that proved the position's value, so the line goes
on past the positions a table hit settled.  If it must stop before the end,
``result.stats["pv stops"]`` says where and why.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from math import inf
from dataclasses import replace
from typing import Any, Callable

from abteach.games.players import MAX, MIN
from abteach.search.events import Kind
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.record import Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run
from abteach.search.rules import USES
from abteach.search.table import Entry, Table, TableFault, key_of

#: The tests the recorder reports, in the listing's words.
MEMORY_TESTS = {"neg.test": ("v", "≥", "β"), "neg.improve": ("v2", ">", "v"), "mem.cut": ("α", "≥", "β"),
                "pvs.test": ("v", "≥", "β"), "pvs.scout": ("t", ">", "α")}

Search = Callable[[Any, float, float, int], float]



@dataclass
class Options:
    """What the memory search keeps between calls: the table, the killers, the history scores."""

    table: Table | None = None
    killers: bool = False
    history: bool = False
    reorder: bool = True  # the table's move first; MTD(f) and SSS* keep the static order instead
    killer_moves: dict[int, list[Any]] = field(default_factory=dict)
    history_scores: dict[Any, float] = field(default_factory=dict)
    pv: dict[tuple[int, ...], Any] = field(default_factory=dict)  # the previous pass's best move per node
    deadline: float | None = None
    researches: int = 0  # NegaScout's re-searches, counted whether or not the search is traced


class OutOfTime(Exception):
    """The time budget ran out inside a pass; the pass is abandoned."""


def deepening(max_depth: int, one_pass: Callable[[int], Any]) -> int:
    """Iterative deepening's loop: ``one_pass(d)`` for d = 1, 2, ..., ``max_depth``; the deepest that finished.

    A pass that runs out of time raises :class:`OutOfTime` and is abandoned: the passes before it
    stand.  Both the readable search (:func:`iterative_deepening`) and the engine
    (:func:`abteach.search.solve.deepen`) deepen with this one loop.

    Examples
    --------
    >>> def one_pass(d):
    ...     if d == 3: raise OutOfTime
    >>> deepening(5, one_pass)
    2
    """
    done = 0
    for d in range(1, max_depth + 1):
        try:
            one_pass(d)
        except OutOfTime:
            break
        done = d
    return done


@dataclass
class Mtd:
    """MTD(f)'s bounds, the one place its loop decides the next pass and takes in a result.

    ``lower`` and ``upper`` close in on the value; ``g`` is the last result
    (at first the guess).  The loop runs while ``lower < upper``: each pass
    asks "is the value ≥ β?" with β from :meth:`beta` and gives its result to
    :meth:`took`.  SSS* is MTD from a guess of +∞.  :func:`mtdf` and
    :func:`sss_star` loop over it here; the table-search grader
    (:class:`abteach.grading.tables.Driver`) steps it one window at a time,
    since the submission searches in its own process.

    Examples
    --------
    >>> m = Mtd(5)
    >>> m.beta(); m.took(3, 5); (m.lower, m.upper, m.beta())
    5
    (-inf, 3, 3)
    >>> m.took(3, 3); m.closed, m.passes
    (True, 2)
    """

    g: float
    lower: float = -inf
    upper: float = inf
    passes: int = 0

    @property
    def closed(self) -> bool:
        """``not (lower < upper)``: the bounds have met at the value."""
        return not self.lower < self.upper

    def beta(self) -> float:
        """β ← g + 1 if g = lower else g."""
        return self.g + 1 if self.g == self.lower else self.g

    def took(self, g: float, β: float) -> None:
        """A pass with the null window (β − 1, β) returned ``g``: if g < β then upper ← g else lower ← g."""
        self.g, self.passes = g, self.passes + 1
        if g < β: self.upper = g
        else: self.lower = g


def searcher(p: Problem, log: Tally, o: Options) -> Search:
    """NEGAMAX(state, α, β, color) with memory, as the listing has it; ``depth`` is what is left of ``p.depth``."""

    def remaining() -> float:
        return inf if p.depth is None else p.depth - log.ply

    def negamax(state: Any, α: float, β: float, color: int) -> float:
        log.call("neg.def", MAX if color > 0 else MIN, α, β)
        if o.deadline is not None and time.perf_counter() > o.deadline: raise OutOfTime
        if p.is_cutoff(state, log.ply): return log.leaf("neg.terminal", color * p.utility(state))
        α0, entry = α, probe(state)
        if entry is not None and o.table is not None and o.table.usable(entry, remaining()):
            if o.table.fault.key_without_window: return hit(entry.value)
            if entry.lower >= β: return hit(entry.lower)
            if entry.upper <= α: return hit(entry.upper)
            if entry.lower > α: α = log.alpha("mem.lower", entry.lower)
            if entry.upper < β: β = log.beta("mem.upper", entry.upper)
            if log.test("mem.cut", α >= β): return hit(α)
        v, best = log.v("neg.init", -inf), None
        for a in log.each(ordered(p.actions(state), entry)):
            v2 = -negamax(p.result(state, a), -β, -α, -color)
            if log.test("neg.improve", v2 > v): v, best = log.v("neg.update", v2), a
            if log.cut("neg.test", v >= β): remember(a); break
            α = log.alpha("neg.window", max(α, v))
        store(state, v, best, α0, α, β)
        return log.exit("neg.return", v)

    def probe(state: Any) -> Entry | None:
        if o.table is None:
            return None
        entry = o.table.probe(key_of(p.game, state))
        if log.events is not None:  # the text is for a trace; an untraced search skips making it
            log.mark("probe", "mem.probe", str(entry) if entry else "", entry)
        return entry

    def hit(value: float) -> float:
        o.table.hits += 1  # type: ignore[union-attr]
        return log.exit("mem.hit", value)

    def store(state: Any, v: float, best: Any, α0: float, α: float, β: float) -> None:
        if o.table is not None:
            entry = o.table.store(key_of(p.game, state), v, depth=remaining(), move=best, alpha0=α0,
                                  beta=β, alpha=α)
            if log.events is not None:
                log.mark("store", "mem.store", str(entry), entry)

    def ordered(pairs: list[tuple[int, Any]], entry: Entry | None) -> list[tuple[int, Any]]:
        """The table's move first, then this ply's killers, then by history score; else as given."""
        path = log.stack[-1].path
        if o.reorder and entry is not None and entry.move is not None:
            first = entry.move
        elif o.table is None and path in o.pv:
            # The previous pass's line is kept as child indexes (paths are indexes); lead with that child's move.
            first = next((a for i, a in pairs if i == o.pv[path]), None)
        else:
            first = None
        killers = o.killer_moves.get(log.ply, []) if o.killers else []
        scores = o.history_scores if o.history else {}
        if first is None and not killers and not scores:
            return pairs

        def rank(pair: tuple[int, Any]) -> tuple[int, float]:
            a = pair[1]
            if a == first:
                return (0, 0.0)
            if a in killers:
                return (1, float(killers.index(a)))
            return (2, -scores.get(a, 0.0))

        out = sorted(pairs, key=rank)  # stable: ties keep the game's order
        if out != pairs and log.events is not None:
            log.mark("order", "neg.order", _why(first, killers, scores), tuple(i for i, _ in out))
        return out

    def remember(a: Any) -> None:
        """A cutoff move: a killer at this ply, and history credit by the depth left squared."""
        if o.killers:
            slots = o.killer_moves.setdefault(log.ply, [])
            if not slots or slots[0] != a:
                o.killer_moves[log.ply] = [a] + slots[:1]
        if o.history:
            left = remaining()
            o.history_scores[a] = o.history_scores.get(a, 0.0) + (left * left if left != inf else 1.0)

    return negamax


def _why(first: Any, killers: list[Any], scores: dict[Any, float]) -> str:
    parts = []
    if first is not None:
        parts.append("the best move found before")
    if killers:
        parts.append("the killers")
    if scores:
        parts.append("the history scores")
    return "first " + ", then ".join(parts)


def scouting(p: Problem, log: Tally, o: Options) -> Search:
    """NEGASCOUT(state, α, β, color): the first child with the full window, the rest with a null window."""

    def negascout(state: Any, α: float, β: float, color: int) -> float:
        log.call("pvs.def", MAX if color > 0 else MIN, α, β)
        if p.is_cutoff(state, log.ply): return log.leaf("pvs.terminal", color * _integral(p.utility(state), state))
        v = log.v("pvs.init", -inf)
        for k, a in enumerate(log.each(p.actions(state))):
            if k == 0: t = -negascout(p.result(state, a), -β, -α, -color)
            else:
                t = -negascout(p.result(state, a), -α - 1, -α, -color)
                if log.test("pvs.scout", α < t < β): t = research(state, a, t, α, β, color)
            v = log.v("pvs.update", max(v, t))
            if log.cut("pvs.test", v >= β): break
            α = log.alpha("pvs.window", max(α, v))
        return log.exit("pvs.return", v)

    def research(state: Any, a: Any, t: float, α: float, β: float, color: int) -> float:
        # The whole window (α, β), not (t, β): the value may be t itself, and a search whose window starts
        # at its value fails low, which bounds the value but leaves no best move below it to follow.
        o.researches += 1
        log.mark("research", "pvs.research", f"the null window failed high with {_f(t)}: search again with ({_f(α)}, {_f(β)})")
        return -negascout(p.result(state, a), -β, -α, -color)

    return negascout


def _integral(x: float, state: Any) -> float:
    if isinstance(x, float) and not x.is_integer() and math.isfinite(x):
        raise ValueError(f"a null-window search needs whole-number values; a leaf scores {x!r} at {state!r}")
    return x


# -- the drivers ----------------------------------------------------------------------

def _start(game: Any, state: Any, depth: int | None, evaluate: Evaluate | None, order: Order | None,
           trace: bool) -> tuple[Problem, Tally, int]:
    check_flag("trace", trace)
    problem = Problem(game, state, depth, evaluate, order)
    log = recorder_for(problem.root, trace, tests=MEMORY_TESTS)
    log.negated = True
    return problem, log, (1 if problem.root_is_max else -1)


def _options(tt: bool, killers: bool, history: bool, fault: TableFault | None = None) -> Options:
    for name, flag in (("tt", tt), ("killers", killers), ("history", history)):
        check_flag(name, flag)
    return Options(table=Table(fault or TableFault()) if tt else None, killers=killers, history=history)


def _uses(o: Options, previous_line: bool) -> frozenset[str]:
    """The parts of :data:`USES` the search ran with."""
    table = o.table is not None
    on = (table, table and o.reorder, previous_line and not table, o.killers, o.history)
    return frozenset(name for name, used in zip(USES, on) if used)


def _finish(problem: Problem, log: Tally, value: float, name: str, o: Options, passes: int,
            previous_line: bool = False, **notes: Any) -> SearchResult:
    stats = dict(o.table.stats()) if o.table is not None else {}
    spec = Spec(name, depth_limited=problem.depth is not None, uses=_uses(o, previous_line))
    if o.table is None or o.table.fault != TableFault():
        # A faulty table's bounds prove nothing: the line is the one the search itself followed.
        result = finish(problem, log, value, spec)
    else:
        line, stops = _table_line(problem, o.table, value if problem.root_is_max else -value)
        result = finish(problem, log, value, spec, line=line)
        if stops is not None:
            notes = {**notes, "pv stops": stops}
    return replace(result, passes=passes, stats={**stats, **notes})


def _table_line(problem: Problem, table: Table, v: float) -> tuple[list[Any], str | None]:
    """The principal variation the table proves, from the start on, and why it stops early if it does.

    The line goes on from a position with the table's move only where the
    table's lower bound is the position's value: a stored move reaches its
    entry's lower bound (:meth:`Table.store` keeps the move that proved it), so
    there it is a best move.  The table answers for positions that a hit
    settled or that were searched along another path, which the search's own
    best children do not reach.

    Parameters
    ----------
    problem : Problem
        The search's problem, its depth that of the last pass.
    table : Table
        The search's table, as the search left it.
    v : float
        The value of the start for its side to move.

    Returns
    -------
    line : list
        The moves, from the start.
    stops : str or None
        Where and why the line stops before the end of the game or the depth
        limit; None if it does not.
    """
    game, state, ply = problem.game, problem.state, 0
    line: list[Any] = []
    while not problem.is_cutoff(state, ply):
        entry = table.entries.get(key_of(game, state))
        left = inf if problem.depth is None else problem.depth - ply
        if entry is None or entry.depth != left:
            why = "the table holds no result for this position searched to the depth left"
        elif entry.move is None:
            why = ("every move scores −∞ for the side to move, and no move is better than v's start −∞"
                   if v == -inf else "the table holds no move for this position")
        elif entry.lower < v:
            why = (f"the table's move is only known to reach {_f(entry.lower)}, not the value {_f(v)}: "
                   "no search of this position proved that one of its moves reaches its value")
        else:
            line.append(entry.move)
            state, v, ply = game.result(state, entry.move), -v, ply + 1
            continue
        return line, f"after {len(line)} move{'' if len(line) == 1 else 's'}: {why}"
    return line, None


def negamax_memory(game: Any, state: Any = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
                   order: Order | None = None, tt: bool = True, killers: bool = False, history: bool = False,
                   trace: bool = True, fault: TableFault | None = None) -> SearchResult:
    """Negamax alpha-beta with a transposition table (``tt``, on by default), killer moves and history scores.

    Killer moves (``killers``) and history scores (``history``) are off unless asked for.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.negamax_memory(ab.TicTacToe())
    >>> r.value, r.stats["hits"] > 0
    (0, True)
    """
    problem, log, color = _start(game, state, depth, evaluate, order, trace)
    o = _options(tt, killers, history, fault)
    value = run(lambda p, lg: color * searcher(p, lg, o)(p.state, -inf, inf, color), problem, log)
    return _finish(problem, log, value, "negamax_memory", o, 1)


def iterative_deepening(game: Any, state: Any = None, *, max_depth: int, evaluate: Evaluate | None = None,
                        order: Order | None = None, tt: bool = True, killers: bool = True, history: bool = False,
                        time_budget: float | None = None, delta: float | None = None,
                        trace: bool = True) -> SearchResult:
    """Search to depth 1, 2, ..., ``max_depth``, each pass ordered by what the one before found.

    Each iteration is a pass in the trace.  With ``tt`` the table's best move
    leads at every node; without it the previous pass's principal variation does.
    ``time_budget`` (seconds) stops between or inside passes and keeps the
    deepest pass that finished.  On an explicit tree ``evaluate(state, player)``
    scores the states where a pass stops above the leaves.

    With ``delta``, every pass from the third is an aspiration search: the
    window (g − δ, g + δ) around the value g of the pass two before, whose
    last ply was the same side's move (consecutive passes swing by a whole
    ply, MAX's then MIN's), and on a fail-low or fail-high a re-search with
    the window opened on that side.  The table and the killers carry over from
    pass to pass and into the re-search.

    Killer moves are on by default (``killers=True``), with or without the
    table: ``tt=False`` leaves them on, and only ``killers=False`` turns them
    off.  History scores are off unless asked for (``history=True``).

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.iterative_deepening(ab.examples.FIG_5_2, max_depth=2, evaluate=lambda s, p: 0)
    >>> r.value, r.passes, list(r.trace.passes)
    (3, 2, ['depth 1', 'depth 2'])
    """
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1:
        raise ValueError(f"max_depth must be a whole number of plies ≥ 1, not {max_depth!r}")
    if time_budget is not None and (isinstance(time_budget, bool) or not isinstance(time_budget, (int, float))
                                    or not time_budget > 0):
        raise ValueError(f"time_budget must be a positive number of seconds, not {time_budget!r}")
    if delta is not None and (isinstance(delta, bool) or not isinstance(delta, (int, float))
                              or not delta > 0):  # `not > 0` also refuses NaN
        raise ValueError(f"delta must be a positive number (or None for full windows), not {delta!r}")
    if evaluate is None:
        # Every pass but the last stops above the leaves, so it needs an evaluation: say so before searching.
        raise ValueError("iterative deepening stops above the leaves in its early passes: "
                         "pass evaluate=f(state, player)")
    problem, log, color = _start(game, state, 1, evaluate, order, trace)
    o = _options(tt, killers, history)
    if time_budget is not None:
        o.deadline = time.perf_counter() + time_budget
    kept = dict(log.best)
    values: list[float] = []  # each finished pass's value, for MAX

    def one_pass(d: int) -> None:
        nonlocal kept
        problem.depth = d
        try:
            if delta is None or len(values) < 2:
                log.mark(Kind.PASS, "id.iterate", f"depth {d}", d)
                value = run(lambda p, lg: color * searcher(p, lg, o)(p.state, -inf, inf, color), problem, log)
            else:
                value = _aspirated(problem, log, o, color, d, values[-2], delta)
        except OutOfTime:
            # The unfinished pass stays in the trace, but the answer is the last finished pass's.
            log.stack.clear()
            log.best.clear()
            log.best.update(kept)
            raise
        kept = dict(log.best)
        values.append(value)
        o.pv = _principal(log, problem.root)

    done = deepening(max_depth, one_pass)
    if done == 0:
        raise ValueError(f"time_budget={time_budget!r} s was not enough for a search to depth 1")
    problem.depth = done
    return _finish(problem, log, values[-1], "iterative_deepening", o, done, previous_line=True, depth=done)


def _aspirated(problem: Problem, log: Tally, o: Options, color: int, d: int, guess: float, delta: float) -> float:
    """One pass of iterative deepening in the window (guess − δ, guess + δ), searched again if it fails; for MAX."""
    search = searcher(problem, log, o)
    α, β = color * guess - delta, color * guess + delta
    log.mark(Kind.PASS, "id.iterate", f"depth {d}: aspiration window ({_f(α)}, {_f(β)})", d)
    g = run(lambda p, lg: search(p.state, α, β, color), problem, log)
    if g <= α:  # as in aspiration: the re-search keeps the bound that held
        log.mark(Kind.PASS, "id.iterate", f"depth {d}: fail-low, search again with (−∞, {_f(β)})", d)
        g = run(lambda p, lg: search(p.state, -inf, β, color), problem, log)
    elif g >= β:
        log.mark(Kind.PASS, "id.iterate", f"depth {d}: fail-high, search again with ({_f(α)}, +∞)", d)
        g = run(lambda p, lg: search(p.state, α, inf, color), problem, log)
    return color * g


def _principal(log: Tally, root: tuple[int, ...]) -> dict[tuple[int, ...], Any]:
    """Each node of the principal variation, with its best child index: the next pass tries it first."""
    out, path = {}, root
    while path in log.best:
        out[path] = log.best[path][0]
        path = path + (log.best[path][0],)
    return out


def aspiration(game: Any, state: Any = None, *, guess: float, delta: float, depth: int | None = None,
               evaluate: Evaluate | None = None, order: Order | None = None, tt: bool = False,
               trace: bool = True) -> SearchResult:
    """Search the window (guess − δ, guess + δ); on a fail-low or fail-high, search again with that side opened.

    It keeps a transposition table only with ``tt=True`` (off by default), and no killers or history.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.aspiration(ab.examples.FIG_5_2, guess=3, delta=1).passes
    1
    >>> r = ab.aspiration(ab.examples.FIG_5_2, guess=10, delta=1)
    >>> r.value, r.passes, r.trace.passes[-1]
    (3, 2, 'fail-low: search again with (−∞, 11)')
    """
    for name, x in (("guess", guess), ("delta", delta)):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or math.isnan(x):
            raise TypeError(f"{name} must be a number, not {x!r}")
    if not delta > 0:
        raise ValueError(f"delta must be positive, not {delta!r}")
    problem, log, color = _start(game, state, depth, evaluate, order, trace)
    o = _options(tt, False, False)
    search = searcher(problem, log, o)
    α, β = color * guess - delta, color * guess + delta
    log.mark(Kind.PASS, "asp.window", f"aspiration window ({_f(α)}, {_f(β)})", (α, β))
    g = run(lambda p, lg: search(p.state, α, β, color), problem, log)
    passes = 1
    # The re-search keeps the bound that held, not g: the value may be g itself, and a window that ends at
    # the value fails on it, giving the value again but no best move below it.
    if g <= α:
        log.mark(Kind.PASS, "asp.low", f"fail-low: search again with (−∞, {_f(β)})", (-inf, β))
        g, passes = run(lambda p, lg: search(p.state, -inf, β, color), problem, log), 2
    elif g >= β:
        log.mark(Kind.PASS, "asp.high", f"fail-high: search again with ({_f(α)}, +∞)", (α, inf))
        g, passes = run(lambda p, lg: search(p.state, α, inf, color), problem, log), 2
    return _finish(problem, log, color * g, "aspiration", o, passes, window=(α, β))


def null_window(game: Any, state: Any = None, *, bound: int, depth: int | None = None,
                evaluate: Evaluate | None = None, order: Order | None = None, trace: bool = True) -> SearchResult:
    """SCOUT's test: is the value ≥ ``bound``?  One search with the null window (bound − 1, bound).

    No whole number lies strictly inside (bound − 1, bound), so the search
    can only fail high (the value is at least ``bound``) or fail low (at most
    ``bound − 1``).  It keeps no table, no killers and no history.

    Values must be whole numbers.  ``result.stats["at least"]`` is the answer;
    ``result.value`` is the bound the search returned (fail-soft).

    Examples
    --------
    >>> import abteach as ab
    >>> ab.null_window(ab.examples.FIG_5_2, bound=3).stats["at least"]
    True
    >>> ab.null_window(ab.examples.FIG_5_2, bound=4).stats["at least"]
    False
    """
    if isinstance(bound, bool) or not isinstance(bound, int):
        raise TypeError(f"bound must be a whole number, not {bound!r}")
    problem, log, color = _start(game, state, depth, evaluate, order, trace)
    o = _options(False, False, False)
    search = searcher(problem, log, o)
    # In the root mover's terms "MAX's value ≥ bound" is "≥ bound" at a MAX root and "≤ −bound"... at a MIN root.
    if color > 0:
        g = run(lambda p, lg: search(p.state, bound - 1, bound, color), problem, log)
        value, answer = g, g >= bound
    else:
        g = run(lambda p, lg: search(p.state, -bound, -bound + 1, color), problem, log)
        value, answer = -g, -g >= bound
    return _finish(problem, log, value, "null_window", o, 1, **{"at least": answer, "bound": bound})


def negascout(game: Any, state: Any = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
              order: Order | None = None, trace: bool = True) -> SearchResult:
    """NegaScout (principal variation search): the first child with the full window, the rest with a null window.

    A null-window search that fails high (t > α) with t still below β
    (α < t < β) is searched again with the whole window (α, β); each re-search
    is marked in the trace.  Values must be whole numbers.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.negascout(ab.examples.FIG_5_2)
    >>> r.value, r.move_name
    (3, 'a1')
    """
    problem, log, color = _start(game, state, depth, evaluate, order, trace)
    log.tests = {**MEMORY_TESTS, "pvs.test": ("v", "≥", "β")}
    o = _options(False, False, False)
    value = run(lambda p, lg: color * scouting(p, lg, o)(p.state, -inf, inf, color), problem, log)
    return _finish(problem, log, value, "negascout", o, 1, researches=o.researches)


def mtdf(game: Any, state: Any = None, *, first_guess: float = 0, depth: int | None = None,
         evaluate: Evaluate | None = None, order: Order | None = None, trace: bool = True,
         max_passes: int = 1000) -> SearchResult:
    """MTD(f): null-window passes with memory, the bounds [lower, upper] closing in on the value.

    Each pass asks "is the value ≥ β?" with the window (β − 1, β), where β is
    the last result g (plus one when g was a lower bound).  Values must be whole numbers.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.mtdf(ab.examples.FIG_5_2, first_guess=3)
    >>> r.value, r.passes
    (3, 2)
    """
    if isinstance(first_guess, bool) or not isinstance(first_guess, (int, float)) or math.isnan(first_guess):
        raise TypeError(f"first_guess must be a number, not {first_guess!r}")
    problem, log, color = _start(game, state, depth, evaluate, order, trace)
    o = _options(True, False, False)
    o.reorder = False  # Plaat's MT passes search in the static order; the table lends only bounds
    search = searcher(problem, log, o)
    m = _mtd(problem, log, search, color, Mtd(color * first_guess), max_passes, "MTD(f)",
             lambda m, β: log.mark(Kind.PASS, "mtd.pass", f"pass {m.passes + 1}: is the value ≥ {_f(β)}? "
                                   f"bounds [{_f(m.lower)}, {_f(m.upper)}]", (m.lower, m.upper, β)))
    return _finish(problem, log, color * m.g, "mtdf", o, m.passes, bounds=(m.lower, m.upper))


def _mtd(problem: Problem, log: Tally, search: Search, color: int, m: Mtd, max_passes: int, name: str,
         mark: Callable[[Mtd, float], None]) -> Mtd:
    """The MTD loop: null-window passes (β − 1, β) on one table until the bounds meet; ``mark`` reports each pass."""
    while not m.closed:
        if m.passes >= max_passes:
            raise ValueError(f"{name} did not converge in max_passes={max_passes} passes")
        β = m.beta()
        mark(m, β)
        m.took(run(lambda p, lg: search(p.state, β - 1, β, color), problem, log), β)
    return m


def sss_star(game: Any, state: Any = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
             order: Order | None = None, trace: bool = True, max_passes: int = 100_000) -> SearchResult:
    """SSS* in its MT form (Plaat et al. 1996): MTD from +∞, each pass lowering β to the last result.

    The table is what SSS* keeps instead of its OPEN list; ``result.stats["table size"]``
    is its memory.  Values must be whole numbers.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.sss_star(ab.examples.FIG_5_2)
    >>> r.value, r.stats["table size"] > 0
    (3, True)
    """
    problem, log, color = _start(game, state, depth, evaluate, order, trace)
    o = _options(True, False, False)
    o.reorder = False  # the same static order as alpha-beta, for Stockman's dominance to hold
    search = searcher(problem, log, o)
    # SSS* is MTD from +∞: each pass's β is the last result, until a pass proves it.
    m = _mtd(problem, log, search, color, Mtd(inf), max_passes, "SSS*",
             lambda m, β: log.mark(Kind.PASS, "sss.pass", f"pass {m.passes + 1}: is the value ≥ {_f(β)}?", β))
    return _finish(problem, log, color * m.g, "sss_star", o, m.passes)


def _f(x: float) -> str:
    if x == inf:
        return "+∞"
    if x == -inf:
        return "−∞"
    return f"{x:g}"

