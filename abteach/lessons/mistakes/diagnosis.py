"""Comparing a mistake with the correct search: where the traces part, and what it costs.

:func:`first_difference` finds the first step at which two traces do
different things and says in one line what the buggy one does instead;
:func:`diagnose` runs a mistake beside the textbook search and measures the
value, the move and the leaves; :func:`summary_rows` puts diagnoses in a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from abteach.games import examples
from abteach.search.events import Event, Kind, fmt
from abteach.lessons.mistakes.registry import MISTAKES, Mistake, lookup
from abteach.lessons.mistakes.running import resolve, run_mistake
from abteach.lessons.mistakes.table import TABLE_MISTAKES, TableMistake, correct_table_search, run_table_mistake
from abteach.trace.algorithms import alphabeta
from abteach.search.problem import Problem
from abteach.search.result import SearchResult
from abteach.trace.algorithms import minimax
from abteach.trace.frames import Trace
from abteach.games.trees import Path


# -- comparing traces -----------------------------------------------------------------

# The fields that say what a step did.  The comparison's wording ("test") is left
# out: a strict test that never meets a tie takes exactly the textbook's steps.
_FIELDS = ("kind", "node", "line", "alpha", "beta", "v", "value", "which", "skipped", "bound", "move")


@dataclass(frozen=True)
class Difference:
    """Where two traces part: the first step at which they do different things.

    Attributes
    ----------
    step : int
        The 1-based step, as for :meth:`abteach.Trace.frame`.
    node : tuple of int
        The node the step is about (the buggy search's, if the two differ).
    name : str
        Its display name.
    correct, buggy : Event or None
        The two events at that step; ``None`` when that trace has already ended.
    what : str
        One line on what the buggy search does differently there.

    Examples
    --------
    >>> d = diagnose("right-to-left").difference
    >>> d.step, d.name, d.correct.node, d.buggy.node
    (3, 'D', (0,), (2,))
    """

    step: int
    node: Path
    name: str
    correct: Event | None
    buggy: Event | None
    what: str

    def __str__(self) -> str:
        return f"step {self.step}, at {self.name}: {self.what}"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """Show the one line in IPython and Jupyter, in place of the fields."""
        p.text(str(self))


def first_difference(correct_trace: Trace, buggy_trace: Trace) -> Difference | None:
    """The first step at which ``buggy_trace`` does something ``correct_trace`` does not.

    Two steps are the same when they have the same kind, node, pseudocode line
    and values (α, β, v, the value, which bound, the pruned children, the best
    move); how the comparison is written is not compared.  Both traces should
    come from searches of the same game from the same state.

    When the two searches follow different tie rules, a return that differs
    only in its label (exact under the strict rule, a bound under the
    textbook's) is not where they part: it is how each rule labels a value on
    the window's end, and both searches have done the same thing.  What they
    do differently comes next, where the textbook's test cuts off on a tie and
    the strict one does not, and that step is the difference.  Only if the
    traces differ in nothing else is the first such label reported.

    Parameters
    ----------
    correct_trace, buggy_trace : Trace

    Returns
    -------
    Difference or None
        ``None`` when the two take the same steps throughout.

    Examples
    --------
    >>> import abteach as ab
    >>> t = ab.examples.FIG_5_2
    >>> d = first_difference(ab.alphabeta(t).trace, run_mistake("no-window", t).trace)
    >>> print(d)
    step 10, at b2: b2 is called with (α, β) = (−∞, +∞) where the correct search passes (−∞, 3)

    Under the other tie rule, the tie cutoff is the difference, not the label
    of the return that led to it.  Here D returns 5 = β, exact under the
    strict rule and a lower bound under the textbook's; then C, at v = 5 = β,
    cuts off under the textbook's rule only:

    >>> t = ab.tree([[5, [[5, 7], 9]]], names={(): "A", (0,): "B", (0, 1): "C", (0, 1, 0): "D", (0, 1, 1): "c2"})
    >>> print(first_difference(ab.alphabeta(t).trace, run_mistake("strict-test", t).trace))
    ... # doctest: +NORMALIZE_WHITESPACE
    step 26, at C: the correct test v=5 ≥ β=5 cuts off here; this search's v=5 > β=5 does not,
    so c2 is still searched
    """
    tie_rules_differ = correct_trace.tie != buggy_trace.tie
    label: Difference | None = None  # the first return labelled differently, should nothing else differ
    for k in range(max(len(correct_trace), len(buggy_trace))):
        c = correct_trace[k] if k < len(correct_trace) else None
        b = buggy_trace[k] if k < len(buggy_trace) else None
        if c is not None and b is not None and _same(c, b):
            continue
        node = b.node if b is not None else c.node  # type: ignore[union-attr]
        found = Difference(step=k + 1, node=node, name=correct_trace.name(node), correct=c, buggy=b,
                           what=_what(correct_trace, c, b))
        if tie_rules_differ and c is not None and b is not None and _only_labelled_differently(c, b):
            label = label or found
            continue
        return found
    return label


# What a table probe found and what a node stored are compared too: a table bug shows first there.
_TABLE_KINDS = frozenset({Kind.PROBE, Kind.STORE})
# The lines on which a search answers or narrows from a table entry instead of searching.
_TABLE_USE = frozenset({"mem.hit", "mem.lower", "mem.upper", "mem.cut"})


def _same(a: Event, b: Event) -> bool:
    return all(getattr(a, f) == getattr(b, f) for f in _FIELDS) and (a.kind not in _TABLE_KINDS
                                                                      or a.info == b.info)


def _only_labelled_differently(a: Event, b: Event) -> bool:
    """Two returns that are the same step but for the bound they carry."""
    return a.kind == b.kind == Kind.EXIT and all(getattr(a, f) == getattr(b, f) for f in _FIELDS if f != "bound")


def _what(tr: Trace, c: Event | None, b: Event | None) -> str:
    """One line on what the buggy step ``b`` does in place of the correct step ``c``."""
    if b is None:
        return f"this search has finished, where the correct one goes on with {_doing(tr, c)}"
    if c is None:
        return f"this search goes on with {_doing(tr, b)} after the correct one has finished"
    name = tr.name(b.node)
    if c.node == b.node and c.kind == b.kind == Kind.STORE:
        return f"{_short(tr, name)}'s result is stored as {b.test} where the correct search stores {c.test}"
    if c.node == b.node and c.kind == b.kind == Kind.PROBE:
        return (f"the table holds {b.test or 'nothing'} for {_short(tr, name)} where the correct search's table "
                f"holds {c.test or 'nothing'}")
    if c.node == b.node and b.line in _TABLE_USE and c.line not in _TABLE_USE:
        used = (f"returns the table's {fmt(b.value)} at once" if b.line == "mem.hit" else
                f"uses the table's entry ({_doing(tr, b)})")
        return f"{_short(tr, name)} {used} where the correct search does not use the entry and searches it"
    if c.node == b.node and b.line == "mem.hit" and c.line == "mem.upper":
        return (f"{_short(tr, name)} returns the table's {fmt(b.value)} at once where the correct search only "
                f"narrows β to {fmt(c.beta)} and searches")
    if c.node == b.node and b.line == "mem.hit" and c.line == "mem.lower":
        return (f"{_short(tr, name)} returns the table's {fmt(b.value)} at once where the correct search only "
                f"raises α to {fmt(c.alpha)} and searches")
    if c.node != b.node:
        if c.kind == b.kind == Kind.ENTER:
            return f"{tr.name(c.node[:-1])} calls {name} where the correct search calls {tr.name(c.node)}"
        if c.kind == Kind.TEST and b.kind is not Kind.TEST:
            # The test is missing, not moved: say so at the node that should have made it.
            return (f"{tr.name(c.node)} makes no cutoff test and goes on with {_doing(tr, b)}, "
                    f"where the correct search tests {c.test}")
        return f"this search goes on with {_doing(tr, b)} where the correct one goes on with {_doing(tr, c)}"
    if c.kind != b.kind:
        if c.kind == Kind.CUTOFF:
            return (f"the correct test {c.test} cuts off here; this search's "
                    f"{b.test or _doing(tr, b)} does not, so {_cut_text(tr, c)} searched")
        if b.kind == Kind.CUTOFF:
            # The correct step need not be a test (a one-leaf tree returns at once): then say what it does.
            correct = f"the correct test {c.test} does not" if c.test else f"the correct search {predicate(tr, c)}"
            return f"{b.test} cuts off here where {correct}: {_cut_text(tr, b, wrongly=True)}"
        if c.kind == Kind.LEAF:
            return f"{name} is expanded where the correct search stops at the limit and evaluates it ({fmt(c.value)})"
        if b.kind == Kind.LEAF:
            return f"{name} is evaluated ({fmt(b.value)}) where the correct search expands it"
        if b.kind == Kind.TEST and c.kind == Kind.VALUE:
            return (f"{name} tests {b.test} before taking the child's value in; "
                    f"the correct search first sets v = {fmt(c.v)}")
        if c.kind == Kind.TEST:
            # The test is missing: say what the node does in its place, and which test it skips.
            return f"{name} makes no cutoff test and {predicate(tr, b)}, where the correct search tests {c.test}"
        return f"{name} {predicate(tr, b)} where, in the correct search, it {predicate(tr, c)}"
    kind = b.kind
    if kind == Kind.ENTER:
        return (f"{name} is called with (α, β) = ({fmt(b.alpha)}, {fmt(b.beta)}) "
                f"where the correct search passes ({fmt(c.alpha)}, {fmt(c.beta)})")
    if kind == Kind.WINDOW and b.which != c.which:
        return (f"{name} sets {_sym(b.which)} = {fmt(_bound(b))} where the correct search sets "
                f"{_sym(c.which)} = {fmt(_bound(c))}")
    if kind == Kind.DONE and b.move != c.move:
        return (f"the search answers {_move(tr, b.move)} where the correct one answers {_move(tr, c.move)}, "
                f"both for the value {fmt(b.value)}" if b.value == c.value else
                f"the search answers {_move(tr, b.move)} for {fmt(b.value)} where the correct one answers "
                f"{_move(tr, c.move)} for {fmt(c.value)}")
    if kind == Kind.CUTOFF and b.skipped != c.skipped:
        return (f"the cutoff at {name} prunes {tr.names(b.skipped) or 'nothing'} "
                f"where the correct one prunes {tr.names(c.skipped) or 'nothing'}")
    for f in ("value", "v", "alpha", "beta", "bound", "move", "line"):
        x, y = getattr(b, f), getattr(c, f)
        if x != y:
            return (f"{_field_name(f)} at {name} is {_show(x)} "
                    f"where the correct search has {_show(y)} ({kind} step)")
    return f"{name} {predicate(tr, b)} where, in the correct search, it {predicate(tr, c)}"  # pragma: no cover


def predicate(tr: Trace, e: Event) -> str:
    """What the node of step ``e`` does there, as a verb phrase with the node as its subject.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> [predicate(tr, e) for e in tr.events[2:5]]
    ['is called with (α, β) = (−∞, +∞)', 'sets v = +∞', 'is called with (α, β) = (−∞, +∞)']
    """
    return {
        Kind.ENTER: lambda: f"is called with (α, β) = ({fmt(e.alpha)}, {fmt(e.beta)})",
        Kind.LEAF: lambda: f"is evaluated ({fmt(e.value)})",
        Kind.VALUE: lambda: f"sets v = {fmt(e.v)}",
        Kind.TEST: lambda: f"tests {e.test}, which does not cut off",
        Kind.WINDOW: lambda: f"sets {_sym(e.which)} = {fmt(_bound(e))}",
        Kind.CUTOFF: lambda: f"cuts off ({e.test})",
        Kind.EXIT: lambda: f"returns {fmt(e.value)}",
        Kind.DONE: lambda: f"answers {_move(tr, e.move)}",
        Kind.PROBE: lambda: "looks itself up in the table",
        Kind.STORE: lambda: "stores its result in the table",
    }.get(e.kind, lambda: f"takes a {e.kind} step")()


def clause(tr: Trace, e: Event) -> str:
    """What step ``e`` does, as a clause: the node it is about, then :func:`predicate`.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> clause(tr, tr.events[8]), clause(tr, tr.events[-1])
    ('B sets β = 3', 'the search answers a1')
    """
    if e.kind == Kind.DONE:
        return f"the search {predicate(tr, e)}"
    return f"{tr.name(e.node)} {predicate(tr, e)}"


def _short(tr: Trace, name: str) -> str:
    """In a game of named positions, a position reached by moves (``'B E'``) is the last one (``'E'``)."""
    return name.rsplit(" ", 1)[-1] if isinstance(getattr(tr.game, "positions", None), tuple) else name


def _doing(tr: Trace, e: Event | None) -> str:
    if e is None:  # pragma: no cover - both traces end with a done event
        return "nothing"
    return {
        Kind.ENTER: lambda: f"a call on {tr.name(e.node)}",
        Kind.LEAF: lambda: f"evaluating {tr.name(e.node)} ({fmt(e.value)})",
        Kind.VALUE: lambda: f"v = {fmt(e.v)} at {tr.name(e.node)}",
        Kind.TEST: lambda: f"the test {e.test} at {tr.name(e.node)}",
        Kind.WINDOW: lambda: f"{_sym(e.which)} = {fmt(_bound(e))} at {tr.name(e.node)}",
        Kind.CUTOFF: lambda: f"a cutoff at {tr.name(e.node)} ({e.test})",
        Kind.EXIT: lambda: f"{tr.name(e.node)} returning {fmt(e.value)}",
        Kind.DONE: lambda: f"the answer {_move(tr, e.move)}",
    }.get(e.kind, lambda: f"a {e.kind} step at {tr.name(e.node)}")()


def _cut_text(tr: Trace, e: Event, wrongly: bool = False) -> str:
    if not e.skipped:
        return "nothing is pruned (it was the last child)" if wrongly else "nothing more is"
    verb = "is" if len(e.skipped) == 1 else "are"
    return f"{tr.names(e.skipped)} {verb} {'wrongly pruned' if wrongly else 'still'}"


def _sym(which: str) -> str:
    return "α" if which == "alpha" else "β"


def _bound(e: Event) -> float | None:
    return e.alpha if e.which == "alpha" else e.beta


def _move(tr: Trace, move: Any) -> str:
    return tr.move_name((move,)) if move is not None else "no legal move"


def _field_name(f: str) -> str:
    return {"alpha": "α", "beta": "β", "value": "the value", "bound": "the bound", "move": "the best child",
            "line": "the pseudocode line"}.get(f, f)


def _show(x: Any) -> str:
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        return fmt(x)
    return str(getattr(x, "value", x))


# -- diagnosis ------------------------------------------------------------------------


@dataclass(frozen=True)
class Diagnosis:
    """What a mistake costs on one game, measured against the correct search.

    Attributes
    ----------
    mistake : Mistake or TableMistake
    correct, buggy : SearchResult
        The textbook search (3rd edition, pruning on ties) and the mistake's; for a
        table mistake, :func:`abteach.negamax_memory` done right and with the bug.
    difference : Difference or None
        Where their traces first part (``None`` if they never do).
    value_right : bool
        The buggy value equals the correct one.
    move_right : bool
        The buggy move is a best move: its minimax value is the root's (with
        ties, it may be another best move than the textbook's).
    same_move : bool
        It is the very move the correct search answers with.
    extra : tuple of paths
        Nodes the buggy search evaluated that the correct one did not, in its order.
    missed : tuple of paths
        Nodes the correct search evaluated that the buggy one skipped.
    """

    mistake: Mistake | TableMistake
    correct: SearchResult
    buggy: SearchResult
    difference: Difference | None
    value_right: bool
    move_right: bool
    same_move: bool
    extra: tuple[Path, ...]
    missed: tuple[Path, ...]

    @property
    def leaves(self) -> int:
        """Evaluations by the buggy search."""
        return self.buggy.leaves

    @property
    def correct_leaves(self) -> int:
        """Evaluations by the correct search."""
        return self.correct.leaves

    def summary(self) -> str:
        """A few lines for students: the difference, the value, the move, the leaves."""
        tr = self.correct.trace
        name = tr.names if tr is not None else (lambda ps: ", ".join(map(str, ps)))
        lines = [f"{self.mistake.title}:"]
        lines.append(f"  first difference: {self.difference}" if self.difference else
                     "  the traces never differ here")
        lines.append(f"  value {fmt(self.buggy.value)}: "
                     + ("right" if self.value_right else f"wrong, {self._correct_value()}"))
        move = self.buggy.move_name or "no legal move"
        if self.same_move:
            lines.append(f"  move {move}: right")
        elif self.move_right:
            lines.append(f"  move {move}: another best move (the textbook answers {self.correct.move_name})")
        else:
            lines.append(f"  move {move}: wrong, the correct move is {self.correct.move_name}")
        lines.append(f"  {_count(self.leaves, 'evaluation')} where the correct search makes {self.correct_leaves}")
        if self.extra:
            lines.append(f"  evaluated but not needed: {name(list(self.extra))}")
        if self.missed:
            lines.append(f"  needed but skipped: {name(list(self.missed))}")
        return "\n".join(lines)

    def _correct_value(self) -> str:
        """What the correct search returns, with its premise when a depth limit makes it an estimate."""
        problem = self.correct.problem
        depth = getattr(problem, "depth", None)
        node = getattr(getattr(problem, "game", None), "node", None)
        # On an explicit tree the limit matters only if it stopped the correct search above a leaf.
        cut = depth is not None and (node is None or any(not node(p).is_leaf for p in self.correct.evaluated))
        if not cut:
            return f"the correct value is {fmt(self.correct.value)}"
        # Cut off at a limit, the correct search scores positions with the evaluation: its
        # value is that estimate, which may differ from the game's own value.
        return (f"the correct search to depth {depth} returns {fmt(self.correct.value)} "
                "(an estimate from the evaluation at that depth, not the game's value)")

    def __str__(self) -> str:
        return self.summary()

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """Show the summary in IPython and Jupyter, in place of the fields."""
        p.text(self.summary())


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def known(mistake_id: object) -> str:
    """``mistake_id`` if it names a mistake of :data:`MISTAKES` or :data:`TABLE_MISTAKES`; else a ValueError naming them.

    Examples
    --------
    >>> known("no-window")
    'no-window'
    >>> known("no-such-thing")
    Traceback (most recent call last):
    ...
    ValueError: mistake_id must be one of ...; got 'no-such-thing'
    """
    if isinstance(mistake_id, str) and (mistake_id in MISTAKES or mistake_id in TABLE_MISTAKES):
        return mistake_id
    raise ValueError(f"mistake_id must be one of {', '.join([*MISTAKES, *TABLE_MISTAKES])}; got {mistake_id!r}")


def diagnose(mistake_id: str, game: Any = None, state: Any = None, **options: Any) -> Diagnosis:
    """Run a mistake beside the correct search and say what it costs.

    Parameters
    ----------
    mistake_id : str
        A key of :data:`MISTAKES`.
    game : Tree or Game, optional
        Defaults to the mistake's example tree, with its example options.
    state : optional
        Where to start; defaults to ``game.initial``.
    **options
        ``depth``, ``evaluate``, ``order``, as for :func:`run_mistake`.

    Returns
    -------
    Diagnosis

    Examples
    --------
    >>> print(diagnose("test-before-update"))  # doctest: +NORMALIZE_WHITESPACE
    cutoff tested before v is updated:
      first difference: step 7, at B: B tests v=+∞ ≤ α=−∞ before taking the child's value in;
      the correct search first sets v = 3
      value 3: right
      move a1: right
      8 evaluations where the correct search makes 7
      evaluated but not needed: c2
    """
    if isinstance(mistake_id, str) and mistake_id in TABLE_MISTAKES:
        return _diagnose_table(TABLE_MISTAKES[mistake_id], game, state, options)
    m = lookup(mistake_id)
    if game is None:
        game = m.example_tree
        options = {**m.options, **options}
    unknown = set(options) - {"depth", "evaluate", "order"}
    if unknown:
        raise TypeError(f"diagnose() got unknown options {sorted(unknown)}; it takes depth, evaluate and order")
    depth, evaluate, order = options.get("depth"), options.get("evaluate"), options.get("order")
    correct = _correct(m, game, state, depth, evaluate, order)
    buggy = run_mistake(m.id, game, state, depth=depth, evaluate=evaluate, order=order)
    depth, evaluate = resolve(m, game, depth, evaluate)
    best = _best_moves(game, state, depth, evaluate, order, correct.value)
    buggy_index = buggy.pv_path[0] if buggy.pv_path else None
    correct_index = correct.pv_path[0] if correct.pv_path else None
    evaluated = set(correct.evaluated)
    found = set(buggy.evaluated)
    return Diagnosis(
        mistake=m, correct=correct, buggy=buggy,
        difference=first_difference(correct.trace, buggy.trace),
        value_right=buggy.value == correct.value,
        move_right=buggy_index in best if best else buggy_index is None,
        same_move=buggy_index == correct_index,
        extra=tuple(p for p in buggy.evaluated if p not in evaluated),
        missed=tuple(p for p in correct.evaluated if p not in found),
    )


def _diagnose_table(m: TableMistake, game: Any, state: Any, options: dict[str, Any]) -> Diagnosis:
    """A transposition-table bug beside the same search done right, on the same game and depth."""
    if game is None:
        game = m.example_game
        options = {**m.options, **options}
    unknown = set(options) - {"depth", "evaluate", "order"}
    if unknown:
        raise TypeError(f"diagnose() got unknown options {sorted(unknown)}; it takes depth, evaluate and order")
    correct = correct_table_search(game, state, **options)
    buggy = run_table_mistake(m, game, state, **options)
    best = _best_table_moves(game, state, options, correct.value)
    buggy_index = buggy.pv_path[0] if buggy.pv_path else None
    correct_index = correct.pv_path[0] if correct.pv_path else None
    evaluated, found = set(correct.evaluated), set(buggy.evaluated)
    return Diagnosis(
        mistake=m, correct=correct, buggy=buggy,
        difference=first_difference(correct.trace, buggy.trace),
        value_right=buggy.value == correct.value,
        move_right=buggy_index in best if best else buggy_index is None,
        same_move=buggy_index == correct_index,
        extra=tuple(p for p in buggy.evaluated if p not in evaluated),
        missed=tuple(p for p in correct.evaluated if p not in found),
    )


def _best_table_moves(game: Any, state: Any, options: dict[str, Any], value: float) -> frozenset[int]:
    """The start's moves whose value (by the correct search, for the start's MAX) is the start's."""
    problem = Problem(game, state)
    depth = options.get("depth")
    best = set()
    for k, a in enumerate(game.actions(problem.state)):
        child = game.result(problem.state, a)
        r = correct_table_search(game, child, depth=None if depth is None else depth - 1,
                                 evaluate=options.get("evaluate"), order=options.get("order"), trace=False)
        # The child's search scores for its own MAX: the start's, unless the game names no MAX and the turn passed.
        same = getattr(game, "max_player", None) is not None or game.to_move(child) == problem.player
        if (r.value if same else -r.value) == value:
            best.add(k)
    return frozenset(best)


def _correct(m: Mistake, game: Any, state: Any, depth: int | None, evaluate: Any, order: Any,
             trace: bool = True) -> SearchResult:
    """The textbook search a mistake is measured against: 3rd edition, pruning on ties."""
    depth, evaluate = resolve(m, game, depth, evaluate)
    return alphabeta(game, state, edition=3, prune_on_tie=True, depth=depth, evaluate=evaluate,
                     order=order, trace=trace)


def _best_moves(game: Any, state: Any, depth: int | None, evaluate: Any, order: Any,
                value: float) -> frozenset[int]:
    """The root children whose minimax value is the root's (under the same depth limit)."""
    r = minimax(game, state, depth=depth, evaluate=evaluate, order=order)
    return frozenset(e.node[0] for e in r.trace
                     if len(e.node) == 1 and e.kind in (Kind.EXIT, Kind.LEAF) and e.value == value)


# -- a summary for tables ------------------------------------------------------------

#: The columns of :func:`summary_rows`, for ``ab.table(rows, SUMMARY_COLUMNS)``.
SUMMARY_COLUMNS: tuple[str, ...] = ("mistake", "tree", "value", "move", "leaves", "correct leaves",
                                    "first difference")


def summary_rows(diagnoses: Iterable[Diagnosis] | None = None) -> list[tuple[str, ...]]:
    """One row per diagnosis, to compare mistakes in a table.

    A value or move is marked ✓ when right and ✗ when wrong; a move that is
    another best move than the textbook's is marked ≈.

    Parameters
    ----------
    diagnoses : iterable of Diagnosis, optional
        By default every mistake of :data:`MISTAKES` on its own example tree.

    Returns
    -------
    list of tuple of str
        Rows with the columns :data:`SUMMARY_COLUMNS`.  The tree is named by
        its key in ``abteach.games.examples.ALL``, or ``"(given)"`` for another.

    Examples
    --------
    >>> import abteach as ab
    >>> print(ab.table(summary_rows([diagnose("alpha-in-min")]), SUMMARY_COLUMNS))
    mistake                  tree     value  move  leaves  correct leaves  first difference
    -----------------------  -------  -----  ----  ------  --------------  ----------------
    α updated in a MIN node  FIG_5_2  5 ✗    a3 ✗  5       7               step 9, at B
    """
    if diagnoses is None:
        diagnoses = (diagnose(m) for m in MISTAKES)
    rows: list[tuple[str, ...]] = []
    for d in diagnoses:
        move = d.buggy.move_name or "none"
        mark = "✓" if d.same_move else "≈" if d.move_right else "✗"
        rows.append((
            d.mistake.title,
            _example_name(d.correct.trace.game if d.correct.trace is not None else None),
            f"{fmt(d.buggy.value)} {'✓' if d.value_right else '✗'}",
            f"{move} {mark}",
            str(d.leaves),
            str(d.correct_leaves),
            f"step {d.difference.step}, at {d.difference.name}" if d.difference else "none",
        ))
    return rows


def _example_name(game: Any) -> str:
    """The key of ``game`` in ``abteach.games.examples.ALL``, or ``"(given)"``."""
    return next((key for key, t in examples.ALL.items() if t is game), None) or next(
        (key for key, t in vars(examples).items() if key.isupper() and t is game), "(given)")


__all__ = [
    "Difference", "first_difference", "predicate", "clause", "Diagnosis", "diagnose", "known", "summary_rows",
    "SUMMARY_COLUMNS",
]
