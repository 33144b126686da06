"""The classic transposition-table bugs, each a search that makes one.

Each :class:`TableMistake` is negamax alpha-beta with a transposition table
(:func:`abteach.negamax_memory`) with one thing done wrong, as
:class:`abteach.search.TableFault` implements it, and is measured against
the same search done right.  A table only matters where positions repeat, so
the example is :data:`abteach.games.examples.DAG`, a small game whose tree
is a DAG, and tic-tac-toe.

Three of the bugs give wrong values.  The fourth, the flag decided against
the α the loop raised, stores every exact value as an upper bound: in this
fail-soft search with merged bounds an upper bound that equals the value is
still true, so it never changes an answer, only loses what the table knew
and costs a search of positions already settled.

Examples
--------
>>> import abteach as ab
>>> from abteach.lessons.mistakes import TABLE_MISTAKES, diagnose, run_mistake
>>> run_mistake("fail-low-as-exact", ab.examples.DAG).value, ab.negamax_memory(ab.examples.DAG).value
(4, 2)
>>> print(diagnose("fail-low-as-exact").difference)
step 38, at B D H E: E's result is stored as exactly 4 (searched to the end) where the correct search stores at most 4 (searched to the end)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from abteach.games import examples
from abteach.lessons.mistakes.registry import Edits, Line, Moment
from abteach.search.events import Event, Kind
from abteach.search.table import TableFault
from abteach.trace.algorithms import describe, negamax_memory
from abteach.trace.registry import Registration, register
from abteach.trace.registry import listing as pseudocode
from abteach.trace.listings import Listing, memory_listing
from abteach.trace.memory import MEMORY_NARRATION
from abteach.trace.protocol import Algorithm, NarrateStep, Telling
from abteach.search.result import SearchResult, Spec


@dataclass(frozen=True)
class TableMistake:
    """One classic transposition-table bug, with the fault that makes it.

    Attributes
    ----------
    id, title, explanation, symptom, expected : str
        As for :class:`~abteach.lessons.mistakes.registry.Mistake`.
    fault : TableFault
        What :func:`abteach.negamax_memory` does wrong.
    example : str
        The example game, an attribute of :mod:`abteach.games.examples` (``'DAG'``) or ``'TicTacToe'``.
    options : mapping
        ``depth`` for the depth bug; a depth-limited search scores with the game's ``estimate``.
    at : Moment
        Where, on the example, its trace first departs from the correct one: what the buggy search
        does there (``at.step(trace)`` finds the step, ``at.node`` is the node).
    edits : tuple
        How its listing departs from the correct one's: a line id (or, for an
        unnumbered line, its text) and the lines that replace it.
    wrong_answer : bool
        Whether it can give a wrong value or move at all.

    Examples
    --------
    >>> m = TABLE_MISTAKES["ignore-depth"]
    >>> m.title, m.example, dict(m.options)
    ('an entry used without checking its depth', 'DAG', {'depth': 5})
    """

    id: str
    title: str
    explanation: str
    fault: TableFault
    symptom: str
    example: str
    options: Mapping[str, Any]
    expected: str
    at: Moment
    edits: Edits = field(default=(), repr=False)
    wrong_answer: bool = True

    @property
    def node(self) -> tuple[int, ...]:
        """The node where its trace first departs on its example."""
        return self.at.node

    @property
    def example_game(self) -> Any:
        """The example game itself."""
        if self.example == "TicTacToe":
            from abteach.games.tictactoe import TicTacToe
            return TicTacToe()
        return getattr(examples, self.example)

    def correct_listing(self, depth_limited: bool = False) -> Listing:
        """The listing it is shown beside: negamax with a table, done right."""
        return pseudocode("negamax_memory", depth_limited=depth_limited)

    def listing(self, depth_limited: bool = False) -> Listing:
        """The listing of negamax with a table, with this bug's lines swapped in and marked ✗.

        Examples
        --------
        >>> print(TABLE_MISTAKES["fail-low-as-exact"].listing().text("mem.store"))
          TABLE.STORE(state, v, depth, best, LOWER if v ≥ β, else EXACT)   ✗ a fail-low is stored as exact
        """
        base = memory_listing("negamax_memory", depth_limited=depth_limited)
        edits = dict(self.edits)
        lines: list[Line] = []
        for line_id, text in base.lines:
            key = line_id or text
            lines.extend(edits.get(key, ((line_id, text),)))
        return Listing(title=f"{base.title}, with a mistake: {self.title}", lines=tuple(lines))


def _mistakes(*items: TableMistake) -> Mapping[str, TableMistake]:
    return MappingProxyType({m.id: m for m in items})


_DEPTH_CHECK = "  if entry was searched at least as deep as this call will be then"

#: The transposition-table bugs, by id.  Read-only.
TABLE_MISTAKES: Mapping[str, TableMistake] = _mistakes(
    TableMistake(
        id="fail-low-as-exact",
        title="a fail-low stored as exact",
        explanation=(
            "The flag starts as EXACT and is changed only when the search fails high, so a search that "
            "failed low (v ≤ α₀) is stored as the position's exact value. But a fail-low v is only an upper "
            "bound: the children were cut short because nothing below α could matter. When the same position "
            "is reached again along another line, with a wider window, the table answers with that bound as "
            "if it were the value, and the search above believes it. The value can be wrong, and the move too."
        ),
        fault=TableFault(fail_low_as_exact=True),
        symptom="wrong value: 4 on the DAG example instead of 2; E's bound 'at most 4' comes back as exactly 4",
        example="DAG", options=MappingProxyType({}),
        expected="at B D H E: below H, E failed low against α₀ = 7 and is stored as exactly 4, "
                 "not at most 4",
        at=Moment(Kind.STORE, (0, 0, 1, 0)),
        edits=(("mem.store", (("mem.store", "  TABLE.STORE(state, v, depth, best, LOWER if v ≥ β, else EXACT)"
                                            "   ✗ a fail-low is stored as exact"),)),),
    ),
    TableMistake(
        id="raised-alpha-flag",
        title="the flag decided against the raised α",
        explanation=(
            "The flag is decided with v ≤ α, where α is the one the loop has raised, not α₀, the one the "
            "node was called with. After the loop α ≥ v always holds unless the node cut off, so every "
            "exact value is stored as an upper bound. In this fail-soft search that bound equals the value "
            "and is still true, so no answer changes; but the table forgets every exact value it learned, "
            "and a position reached again with a window that bound does not settle is searched again. "
            "In searches that trust the flag elsewhere (to return a principal variation from the table, "
            "or to stop at exact entries only) the same line does worse."
        ),
        fault=TableFault(flag_from_raised_alpha=True),
        symptom="right value and move; exact values stored as bounds, positions searched again "
                "(tic-tac-toe from the empty board: more nodes)",
        example="DAG", options=MappingProxyType({}),
        expected="at B D: D's exact 7 is stored as 'at most 7', since v = 7 ≤ the raised α = 7",
        at=Moment(Kind.STORE, (0, 0)),
        edits=(("mem.store", (("mem.store", "  TABLE.STORE(state, v, depth, best, UPPER if v ≤ α, LOWER if v ≥ β, "
                                            "else EXACT)   ✗ α, not α₀"),)),),
        wrong_answer=False,
    ),
    TableMistake(
        id="ignore-depth",
        title="an entry used without checking its depth",
        explanation=(
            "The table is asked whether it knows the position, but not how deep that knowledge goes. In a "
            "depth-limited search the same position can be reached after a few moves, with much of the depth "
            "left, or after many, with little left. An entry from the shallow search is then used for the deep "
            "one: its value rests on static estimates a few plies down, where the deep search would have looked "
            "further. The value and move are those of a shallower search in part of the tree."
        ),
        fault=TableFault(ignore_depth=True),
        symptom="wrong value at depth 5 on the DAG example: 7 instead of 2, from E searched 1 ply deep "
                "standing in for 3",
        example="DAG", options=MappingProxyType({"depth": 5}),
        expected="at B E: E's entry, searched 1 ply deep below H, answers for a search 3 plies deep",
        at=Moment(Kind.EXIT, (0, 1)),
        edits=((_DEPTH_CHECK, (("", "  if entry is not null then   ✗ whatever depth it was searched to"),)),),
    ),
    TableMistake(
        id="key-without-window",
        title="a table keyed by position alone",
        explanation=(
            "The table remembers what the search of a position returned, keyed by the position alone, and "
            "hands it back as the position's value. But what alpha-beta returns depends on the window it was "
            "called with: outside (α, β) it is only a bound. Reached again with another window, the position "
            "gets a bound taken for its value. This is the bug of a cache that memoises alpha-beta by state, as "
            "the book's old Python notebook did: the value and move can be wrong."
        ),
        fault=TableFault(key_without_window=True),
        symptom="wrong value: 4 on the DAG example instead of 2; E's 'at most 4' is used as its value",
        example="DAG", options=MappingProxyType({}),
        expected="at B E: the table's 'at most 4' for E is returned as E's value, "
                 "where the correct search narrows β to 4 and searches",
        at=Moment(Kind.EXIT, (0, 1)),
        edits=(("mem.hit", (("mem.hit", "    return entry.value   ✗ whatever window it was found with"),)),
               ("mem.lower", ()), ("mem.upper", ()), ("mem.cut", ())),
    ),
)


def _faulty(base: NarrateStep) -> NarrateStep:
    """``base``, flagged on the lines the mistake gets wrong."""

    def tell(t: Telling, e: Event) -> str:
        said = base(t, e)
        if e.line not in t.algorithm.faulty:
            return said
        listing = t.algorithm.listing
        where = f"line {listing.number(e.line)}" if e.line in listing else "a faulty line"
        return f"✗ The mistake is on {where}: {said} {t.algorithm.faults.get(e.line, '')}".rstrip()

    return tell


def _faulty_lines(m: TableMistake) -> frozenset[str]:
    # An unnumbered line (the depth check) runs no event of its own: only the listing marks it.
    return frozenset(key for key, _ in m.edits if not key.startswith(" "))


#: The name a table mistake's results carry; their ``spec.variant`` is the mistake's id.
TABLE_MISTAKE = "negamax_memory_mistake"


def table_mistake_description(spec: Spec) -> Algorithm:
    """The correct search's description, with the mistake ``spec.variant``'s listing and its faulty lines flagged."""
    # A table mistake is negamax with a table, some lines changed: it replays and reads as that search,
    # and with no mistake named it is that search.
    base = describe(replace(spec, name="negamax_memory", variant=""))
    if not spec.variant:
        return base.but(name=TABLE_MISTAKE)
    m = TABLE_MISTAKES[spec.variant]
    lines = _faulty_lines(m)
    return base.but(name=TABLE_MISTAKE, label=f"negamax with a table, mistake: {m.title}",
                    listing=m.listing(spec.depth_limited),
                    narrate={kind: _faulty(tell) for kind, tell in MEMORY_NARRATION.items()}, faulty=lines,
                    faults={line: f"The mistake: {m.title}." for line in lines})


def run_table_mistake(m: TableMistake, game: Any, state: Any = None, *, depth: int | None = None,
                      evaluate: Any = None, order: Any = None, trace: bool = True) -> SearchResult:
    """Search ``game`` with negamax and a transposition table that makes the mistake ``m``.

    A depth-limited search of a game with an ``estimate`` method scores with it unless told otherwise.
    """
    if depth is not None and evaluate is None:
        evaluate = getattr(game, "estimate", None)
    r = negamax_memory(game, state, depth=depth, evaluate=evaluate, order=order, trace=trace, fault=m.fault)
    spec = replace(r.spec, name=TABLE_MISTAKE, variant=m.id)
    if r.trace is None:
        return replace(r, spec=spec)
    trace = type(r.trace)(r.trace.events, describe(spec), r.trace.game, r.trace.state, r.trace.root)
    return replace(r, trace=trace, spec=spec)


def _search_table_mistake(game: Any, state: Any = None, *, mistake: str = "", **options: Any) -> SearchResult:
    return run_table_mistake(TABLE_MISTAKES[mistake], game, state, **options)


register(Registration(TABLE_MISTAKE, _search_table_mistake, table_mistake_description, front_door=False))


def correct_table_search(game: Any, state: Any = None, *, depth: int | None = None, evaluate: Any = None,
                         order: Any = None, trace: bool = True) -> SearchResult:
    """The search a table mistake is measured against: :func:`abteach.negamax_memory`, done right."""
    if depth is not None and evaluate is None:
        evaluate = getattr(game, "estimate", None)
    return negamax_memory(game, state, depth=depth, evaluate=evaluate, order=order, trace=trace)


__all__ = ["TableMistake", "TABLE_MISTAKES", "run_table_mistake", "correct_table_search",
           "table_mistake_description", "TABLE_MISTAKE"]
