"""The registry of mistakes: what each one is called, what it does wrong, and its listing.

Each :class:`Mistake` pairs a buggy search from :mod:`abteach.lessons.mistakes.variants`
with the words for students (an explanation, the symptom, where its trace first
departs on its example tree) and the textbook's pseudocode with the faulty
lines swapped in and marked ``✗``.

Examples
--------
>>> MISTAKES["no-window"].title
'α and β not passed down'
>>> print(MISTAKES["right-to-left"].listing().text("max.loop"))
  for each a in REVERSE(ACTIONS(state)) do   ✗
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from abteach.games import examples
from abteach.lessons.mistakes.variants import (
    FAULTS, Search, faulty, alpha_in_min, beta_in_max, cutoff_before_update, inverted_test, no_pruning, no_window, one_ply_too_deep,
    one_ply_too_shallow, right_to_left, root_window_reset, shared_move, strict_test,
)
from abteach.search.events import Kind
from abteach.search.rules import STRICT, TEXTBOOK, TieRule
from abteach.trace.listings import Listing, alphabeta_listing
from abteach.trace.registry import listing as pseudocode
from abteach.games.trees import Path, Tree

#: A pseudocode line: (line id, text), as in :mod:`abteach.trace.listings`.
Line = tuple[str, str]


@dataclass(frozen=True)
class Moment:
    """A step named by what happens there, not by its number: the ``nth`` event of ``kind`` at ``node``.

    A lesson that says where something happens names the moment, and
    :meth:`step` finds its number in a trace, so the lesson stays right when a
    search reports a step more or fewer before it.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> Moment("enter", (0, 1)).step(trace), Moment("exit", (0,)).step(trace)  # b2 is called; B returns
    (10, 20)
    >>> Moment("cutoff", (1,)).step(trace), str(Moment("cutoff", (1,)))
    (29, 'the first cutoff at 1')
    >>> Moment("cutoff", (0,)).step(trace)
    Traceback (most recent call last):
    ...
    LookupError: trace: the first cutoff at 0 never happens in it
    """

    kind: str
    node: Path
    nth: int = 1

    def step(self, trace: Any) -> int:
        """The 1-based step of ``trace`` (a :class:`~abteach.trace.frames.Trace`, or its events) this moment is."""
        seen = 0
        for k, e in enumerate(trace, start=1):
            if e.kind == self.kind and e.node == self.node:
                seen += 1
                if seen == self.nth:
                    return k
        raise LookupError(f"trace: {self} never happens in it")

    def __str__(self) -> str:
        nth = {1: "first", 2: "second", 3: "third"}.get(self.nth, f"{self.nth}th")
        return f"the {nth} {self.kind} at {'.'.join(map(str, self.node)) or 'the root'}"

#: How a mistake's listing departs from the textbook's: each named line is
#: replaced by the given lines (none, to delete it).
Edits = tuple[tuple[str, tuple[Line, ...]], ...]


@dataclass(frozen=True)
class Mistake:
    """One classic alpha-beta mistake, with a search that makes it.

    Attributes
    ----------
    id : str
        The key in :data:`MISTAKES`, e.g. ``'no-window'``.
    title : str
        A short name for it.
    explanation : str
        One paragraph for students: what the code does wrong and what follows.
    search : callable
        ``search(problem, log) -> (value, root action or None)``, the buggy
        3rd-edition search.
    symptom : str
        What a student sees from outside: wrong value, wrong move, too many leaves...
    example : str
        The example tree (a key of ``abteach.games.examples.ALL``) the mistake is shown on.
    options : mapping
        Options for :func:`run_mistake` on that tree (``{'depth': 1}`` for instance).
    expected : str
        Where, on the example, its trace first departs from the correct one, and why.
    at : Moment or None
        The same, as what the mistake's own search does there: the step :func:`first_difference`
        finds is ``at.step(trace)`` of its trace on the example, and its node ``at.node``.
    edits : tuple
        How its pseudocode departs from the textbook's (see :meth:`listing`).
    tie : TieRule
        The tie rule its cutoff test uses (only the strict-test mistake, alone or in a pair, differs).
    parts : tuple of str
        For two mistakes made at once (:func:`combination`), their ids; empty for one mistake.
        A combination has no worked example of its own: its ``expected`` is empty and ``at`` None.

    Examples
    --------
    >>> m = MISTAKES["test-before-update"]
    >>> m.title, m.example, m.at
    ('cutoff tested before v is updated', 'FIG_5_2', Moment(kind='test', node=(0,), nth=1))
    """

    id: str
    title: str
    explanation: str
    search: Search = field(repr=False)
    symptom: str
    example: str
    options: Mapping[str, Any]
    expected: str
    at: Moment | None
    edits: Edits = field(default=(), repr=False)
    tie: TieRule = TEXTBOOK
    parts: tuple[str, ...] = ()

    @property
    def node(self) -> Path:
        """The node where its trace first departs on its example (the root for a combination)."""
        return self.at.node if self.at is not None else ()

    @property
    def ids(self) -> tuple[str, ...]:
        """The registered mistakes this one is made of: itself, or the two of a combination."""
        return self.parts or (self.id,)

    @property
    def example_tree(self) -> Tree:
        """The example tree itself."""
        return examples.ALL[self.example]

    def correct_listing(self, depth_limited: bool = False) -> Listing:
        """The listing it is shown beside: the textbook's, under the textbook's own tie rule.

        Also beside the strict test, since the strict test *is* the mistake.
        """
        return pseudocode("alphabeta", 3, depth_limited=depth_limited)

    def listing(self, depth_limited: bool = False) -> Listing:
        """The textbook's 3rd-edition listing with this mistake's lines swapped in, marked ✗.

        Line ids stay those of the textbook, so a view highlights the buggy
        line where the correct search would highlight the right one.

        Examples
        --------
        >>> print(MISTAKES["beta-in-max"].listing().text("max.window"))
            β ← MIN(β, v)   ✗ MIN's line, in MAX-VALUE
        """
        base = alphabeta_listing(3, tie=self.tie, depth_limited=depth_limited)
        edits = dict(self.edits)
        lines: list[Line] = []
        for line_id, text in base.lines:
            lines.extend(edits.get(line_id, ((line_id, text),)))
        return Listing(title=f"{base.title}, with a mistake: {self.title}", lines=tuple(lines))


def _mistakes(*items: Mistake) -> Mapping[str, Mistake]:
    return MappingProxyType({m.id: m for m in items})


def _swap(line_id: str, text: str) -> tuple[str, tuple[Line, ...]]:
    """An edit that rewrites one line and keeps its id."""
    return line_id, ((line_id, text),)


def _between_call_and_update(side: str, line_id: str, text: str) -> tuple[str, tuple[Line, ...]]:
    """An edit that splits ``v ← MAX(v, MIN-VALUE(...))`` in two and puts one line between.

    ``side`` is ``'max'`` or ``'min'``; the child's value is named u, as in the
    buggy searches, so the line in between can see it apart from v.
    """
    mine, other = ("MAX", "MIN") if side == "max" else ("MIN", "MAX")
    return f"{side}.update", ((f"{side}.call", f"    u ← {other}-VALUE(RESULT(state, a), α, β)"),
                              (line_id, text),
                              (f"{side}.update", f"    v ← {mine}(v, u)"))


_TOO_DEEP = "  if DEPTH(state) > limit or TERMINAL-TEST(state) then return EVAL(state)   ✗ > for ≥"
_TOO_SHALLOW = ("  if DEPTH(state) + 1 ≥ limit or TERMINAL-TEST(state) then return EVAL(state)"
                "   ✗ root counted as ply 1")


#: Every mistake, by id, in teaching order.  Read-only.
MISTAKES: Mapping[str, Mistake] = _mistakes(
    Mistake(
        id="no-pruning",
        title="no pruning at all",
        explanation=(
            "The search never prunes: after each child it takes the child's value into v and goes straight "
            "on to the next one, with no test v ≥ β (v ≤ α in a MIN node), and α and β, if they are there at "
            "all, never move. That is plain minimax, often handed in as alpha-beta, or alpha-beta with its "
            "two pruning lines lost. The value and the move are right, since they are minimax's, but every "
            "leaf is evaluated, and a grader that counts the states a search expands sees all of them. Seen "
            "from outside, by the states it generates and the leaves it scores, it cannot be told apart from "
            "a search whose tests can never fire, such as one that does not pass α and β down. After each "
            "child, test v against the bound and return if it is reached; otherwise move your own bound."
        ),
        search=no_pruning,
        symptom="right value and move; no cutoff and no bound ever moved, every leaf evaluated (9 of 9 on Fig. 5.2)",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected=("at b2: after b1, B makes no cutoff test and goes on to b2, where the correct "
                  "search tests v=3 ≤ α=−∞ and lowers β to 3"),
        at=Moment(Kind.ENTER, (0, 1)),
        edits=(
            _swap("max.update", "    v ← MAX(v, MIN-VALUE(RESULT(state, a), α, β))   ✗ no test follows, α never moves"),
            ("max.test", ()),
            ("max.window", ()),
            _swap("min.update", "    v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β))   ✗ no test follows, β never moves"),
            ("min.test", ()),
            ("min.window", ()),
        ),
    ),
    Mistake(
        id="no-window",
        title="α and β not passed down",
        explanation=(
            "Each child is searched with a fresh window (−∞, +∞) instead of the node's own (α, β). "
            "A node then only knows what its own earlier children showed, never what its ancestors "
            "already have elsewhere, so the test v ≥ β in a MAX node (v ≤ α in a MIN node) compares "
            "against a bound that node never changes itself: it can never fire. Nothing is ever pruned "
            "and the search is plain minimax with extra bookkeeping: the value and move are right, but "
            "every leaf is evaluated."
        ),
        search=no_window,
        symptom="right value and move; no cutoff ever, every leaf evaluated (9 of 9 on Fig. 5.2 instead of 7)",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected=(
            "at b2: B calls b2 with (−∞, +∞) where the correct search passes (−∞, 3), "
            "since B lowered β to 3 after b1"
        ),
        at=Moment(Kind.ENTER, (0, 1)),
        edits=(
            _swap("max.update", "    v ← MAX(v, MIN-VALUE(RESULT(state, a), −∞, +∞))   ✗ α, β not passed"),
            _swap("min.update", "    v ← MIN(v, MAX-VALUE(RESULT(state, a), −∞, +∞))   ✗ α, β not passed"),
        ),
    ),
    Mistake(
        id="root-window-reset",
        title="the window reset at the root",
        explanation=(
            "The root's loop searches each of its moves with a fresh window (−∞, +∞): return arg max over a "
            "of MIN-VALUE(RESULT(state, a), −∞, +∞), as the book's old root did and many CS188 solutions "
            "still do. The root keeps its best value to choose its move, but never passes it on as α. Each "
            "later move is then searched as if it were the first: none of its replies can be cut off by what "
            "the root already has, so every cutoff that comes from the root's α is lost. Below the root, "
            "alpha-beta works as usual and still prunes inside each move's subtree. The value and the move "
            "stay right (each root move even gets its exact value), but more leaves are evaluated than "
            "needed. Pass the root's α, raised after each move, to the next move's search."
        ),
        search=root_window_reset,
        symptom=("right value and move; more leaves, fewer than minimax: 11 on the encyclopedia tree instead of 9 "
                 "(r1, r2 under J), where minimax evaluates 14"),
        example="WIKIPEDIA",
        options=MappingProxyType({}),
        expected=("at C: A calls its second move C with (−∞, +∞) where the correct search passes "
                  "(3, +∞), since A raised α to 3 after B"),
        at=Moment(Kind.ENTER, (1,)),
        edits=(
            ("search.call", ()),
            _swap("search.return", "  return arg max over a in ACTIONS(state) of MIN-VALUE(RESULT(state, a), −∞, +∞)"
                                   "   ✗ a fresh window for each move"),
        ),
    ),
    Mistake(
        id="alpha-in-min",
        title="α updated in a MIN node",
        explanation=(
            "MIN-VALUE was made by copying MAX-VALUE and its last line was left as α ← MAX(α, v). "
            "So a MIN node raises α to its own v instead of lowering β. α is meant to be what MAX "
            "is already sure of elsewhere; set to MIN's current v, it makes the next test v ≤ α "
            "true whatever the next child returns, since v can only fall. Every MIN node stops "
            "after its second child, and its value is wrong whenever MIN's best reply comes later. "
            "The raised α also reaches the second child's subtree and cuts it short, and β is never "
            "lowered, so MAX nodes below lose their own cutoffs. Value and move can both be wrong. "
            "(Half-mirrored, α ← MIN(α, v) does nothing at all, since the test has just shown "
            "v > α: that version only loses β's updates, and prunes less, never wrongly.)"
        ),
        search=alpha_in_min,
        symptom="prunes too much: wrong value and move (5 and a3 on Fig. 5.2 instead of 3 and a1), b3 and d3 skipped",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="at B: after b1, B sets α = 3 where the correct search sets β = 3",
        at=Moment(Kind.WINDOW, (0,)),
        edits=(_swap("min.window", "    α ← MAX(α, v)   ✗ MAX's line, in MIN-VALUE"),),
    ),
    Mistake(
        id="beta-in-max",
        title="β updated in a MAX node",
        explanation=(
            "MAX-VALUE ends its loop with β ← MIN(β, v), the line that belongs to MIN-VALUE. "
            "After the test v ≥ β has failed, v < β, so β drops to v, and after the next child "
            "v ≥ β (v can only grow) always holds: every MAX node stops after its second child, "
            "the root included, and MAX's later moves are never looked at. The second child is "
            "searched with β lowered to the first one's value, so what it returns may be only a "
            "lower bound, taken as exact; and α never rises anywhere, so MIN nodes lose all their "
            "cutoffs. It is the mirror image of alpha-in-min: both swap the roles of α and β, one "
            "in each function. Value and move can both be wrong; on Fig. 5.2 they happen to be right."
        ),
        search=beta_in_max,
        symptom="MAX nodes look at two children at most; on Fig. 5.2 D is never searched but c2, c3 are",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="at A: after B returns 3, A sets β = 3 where the correct search sets α = 3",
        at=Moment(Kind.WINDOW, ()),
        edits=(_swap("max.window", "    β ← MIN(β, v)   ✗ MIN's line, in MAX-VALUE"),),
    ),
    Mistake(
        id="strict-test",
        title="the strict tie rule where the textbook prunes on ties",
        explanation=(
            "The cutoff tests are v > β and v < α instead of the textbook's v ≥ β and v ≤ α. "
            "When v equals the bound, the node can no longer change the choice above (MAX already "
            "has that value elsewhere), but the strict test goes on searching. The value and the "
            "move stay right; only ties cost extra leaves. CS188's autograder demands exactly this "
            "strict rule, so there the textbook's ≥ is the mistake: know which rule you are graded on."
        ),
        search=strict_test,
        symptom="right value and move; extra leaves on ties only (5 instead of 3 on the tied tree)",
        example="TIED",
        options=MappingProxyType({}),
        expected="at C: c1 = 5 equals α = 5; the correct search cuts off, this one goes on to c2",
        at=Moment(Kind.TEST, (1,)),
        edits=(
            _swap("max.test", "    if v > β then return v   ✗ strict: no cutoff on a tie"),
            _swap("min.test", "    if v < α then return v   ✗ strict: no cutoff on a tie"),
        ),
        tie=STRICT,
    ),
    Mistake(
        id="inverted-test",
        title="the cutoff test inverted",
        explanation=(
            "The inequality points the wrong way: v ≤ β in MAX-VALUE and v ≥ α in MIN-VALUE. "
            "Inside the window these are true almost always, so nearly every node returns after "
            "its first child: the search follows the leftmost line down and reports its leaf as "
            "the value. It is very fast and almost always wrong; it is right only when the first "
            "line happens to be the principal variation, as on Fig. 5.2."
        ),
        search=inverted_test,
        symptom="one leaf evaluated; the value is the leftmost leaf (5 on the encyclopedia tree, whose value is 6)",
        example="WIKIPEDIA",
        options=MappingProxyType({}),
        expected=(
            "at 0.0.0: its first leaf gives v = 5, and 5 ≥ α = −∞ cuts off where the correct "
            "test 5 ≤ −∞ fails"
        ),
        at=Moment(Kind.CUTOFF, (0, 0, 0)),
        edits=(
            _swap("max.test", "    if v ≤ β then return v   ✗ inverted"),
            _swap("min.test", "    if v ≥ α then return v   ✗ inverted"),
        ),
    ),
    Mistake(
        id="test-before-update",
        title="cutoff tested before v is updated",
        explanation=(
            "The loop searches the child, then tests v ≥ β, then takes the child's value into v. "
            "The test therefore sees the v of the earlier children only: when a child earns a "
            "cutoff, nobody notices until the next child's whole subtree has been searched, and "
            "its result is then thrown away. The value and move stay right, but every cutoff that "
            "is not on a last child costs one extra subtree. It is the usual answer to \"why does "
            "my alpha-beta expand more nodes than necessary?\"."
        ),
        search=cutoff_before_update,
        symptom="right value and move; one extra subtree after each cutoff (c2 on Fig. 5.2: 8 leaves, not 7)",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="at B: after b1 returns 3, B tests v = +∞ ≤ α before it sets v = 3",
        at=Moment(Kind.TEST, (0,)),
        edits=(
            _between_call_and_update("max", "max.test", "    if v ≥ β then return v   ✗ before v includes u"),
            ("max.test", ()),
            _between_call_and_update("min", "min.test", "    if v ≤ α then return v   ✗ before v includes u"),
            ("min.test", ()),
        ),
    ),
    Mistake(
        id="right-to-left",
        title="children visited right to left",
        explanation=(
            "The children are searched last to first, as happens when they are pushed on a stack "
            "and popped, or the loop runs over a reversed list. Alpha-beta is correct in any order, "
            "so the value is right, but which leaves are pruned depends entirely on the order: the "
            "set of expanded nodes no longer matches the textbook's (and CS188's autograder), and "
            "on ties the move can be a different, equally good one."
        ),
        search=right_to_left,
        symptom="right value; a different set of leaves (all 9 on Fig. 5.2); on ties another best move",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="at D: A calls D first where the correct search calls B",
        at=Moment(Kind.ENTER, (2,)),
        edits=(
            _swap("max.loop", "  for each a in REVERSE(ACTIONS(state)) do   ✗"),
            _swap("min.loop", "  for each a in REVERSE(ACTIONS(state)) do   ✗"),
        ),
    ),
    Mistake(
        id="one-ply-too-deep",
        title="depth limit off by one: one ply too deep",
        explanation=(
            "In a depth-limited search the cutoff test reads depth > limit where it needs "
            "depth ≥ limit, so the nodes at the limit are expanded instead of evaluated. The search "
            "costs a whole ply more (a factor of the branching factor), and its values are those of "
            "a deeper search, not the one asked for: a grader comparing with the requested depth "
            "sees the wrong expanded set and possibly another value or move (CS188's \"depth off by one\")."
        ),
        search=one_ply_too_deep,
        symptom="searches depth d + 1: on Fig. 5.2 with depth 1, 7 leaves instead of 3 evaluations, value 3 not 23/3",
        example="FIG_5_2",
        options=MappingProxyType({"depth": 1}),
        expected="at B: at the depth limit the correct search evaluates B, this one expands it",
        at=Moment(Kind.VALUE, (0,)),
        edits=(
            _swap("max.terminal", _TOO_DEEP),
            _swap("min.terminal", _TOO_DEEP),
        ),
    ),
    Mistake(
        id="one-ply-too-shallow",
        title="depth limit off by one: one ply too shallow",
        explanation=(
            "The cutoff test counts the root as ply 1 (or the depth is decremented before it is "
            "tested), so the search stops one ply early and scores the nodes above the limit with "
            "the evaluation function. On an explicit tree, whose intended depth is the whole tree, "
            "the last internal nodes are evaluated instead of searched; abteach scores them with "
            "random_play_value, the mean outcome of random play, a sensible heuristic that ignores who "
            "chooses. The search is cheap and its value is an estimate, not the minimax value; the "
            "move is right only if the estimate happens to rank the moves as minimax does."
        ),
        search=one_ply_too_shallow,
        symptom="evaluates inner nodes: on Fig. 5.2 B, C, D are scored 23/3, 4, 7 and the value is 23/3, not 3",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected="at B: this search evaluates B as 23/3 at the limit where the correct one expands it",
        at=Moment(Kind.LEAF, (0,)),
        edits=(
            _swap("max.terminal", _TOO_SHALLOW),
            _swap("min.terminal", _TOO_SHALLOW),
        ),
    ),
    Mistake(
        id="shared-move",
        title="the best move taken from the wrong level",
        explanation=(
            "The move is kept in one variable for the whole search (a global, or a field of the "
            "agent) and every MAX-VALUE and MIN-VALUE call writes to it when its v improves. The "
            "search itself is right, so the value is, but the move returned is the one stored last: "
            "usually the best reply of the last MIN node searched, a move at the wrong level and "
            "often not even legal at the root. Only the root's own choice answers the question "
            "ALPHA-BETA-SEARCH asks; keep the move beside v in the root's loop."
        ),
        search=shared_move,
        symptom="right value, same leaves, wrong move: on Fig. 5.2 D's reply d3 comes back as a3",
        example="FIG_5_2",
        options=MappingProxyType({}),
        expected=("at the last step: the search answers a3 (the index of D's reply d3) "
                  "where the correct one answers a1"),
        at=Moment(Kind.DONE, ()),
        edits=(
            _swap("search.return", "  return best   ✗ the move stored last, at any level"),
            _between_call_and_update("max", "max.move", "    if u > v then best ← a   ✗ one best for every level"),
            _between_call_and_update("min", "min.move", "    if u < v then best ← a   ✗ one best for every level"),
        ),
    ),
)

#: The mistakes that are off by one from a depth limit, and so need one to run.
DEPTH_MISTAKES: frozenset[str] = frozenset({"one-ply-too-deep", "one-ply-too-shallow"})


#: What joins the ids of two mistakes made at once: ``'strict-test+root-window-reset'``.
JOIN = "+"


def combination(first: str, second: str) -> Mistake:
    """Two registered mistakes made at once, as one :class:`Mistake` whose id joins theirs with ``+``.

    Every mistake but ``strict-test`` is a :class:`~abteach.lessons.mistakes.variants.Fault`
    in the one textbook search, so two are made at once by getting both faults'
    lines wrong (:meth:`Fault.combine`); ``strict-test`` is the other tie rule, so
    with it the other mistake's cutoff comparisons are made strict.  The two are
    put in the registry's order, so either order names the same pair.

    Raises
    ------
    KeyError
        An id that is not a registered mistake.
    ValueError
        The same mistake twice, a depth mistake (the exercises that combine
        mistakes have no depth limit), or two that get the same line wrong differently.

    Examples
    --------
    >>> m = combination("root-window-reset", "strict-test")
    >>> m.id, m.ids, m.tie.name
    ('root-window-reset+strict-test', ('root-window-reset', 'strict-test'), 'strict')
    >>> print(m.listing().text("max.test"))
        if v > β then return v   ✗ strict: no cutoff on a tie
    """
    return _combination(*sorted((lookup(first).id, lookup(second).id), key=list(MISTAKES).index))


@lru_cache(maxsize=None)  # the registry is fixed, so each pair is built once
def _combination(first: str, second: str) -> Mistake:
    if first == second:
        raise ValueError(f"a combination needs two different mistakes, not {first!r} twice")
    depth = [m for m in (first, second) if m in DEPTH_MISTAKES]
    if depth:
        raise ValueError(f"{depth[0]!r} needs a depth limit, so it is not combined with another mistake")
    a, b = MISTAKES[first], MISTAKES[second]
    faults = [FAULTS[m] for m in (first, second) if m in FAULTS]
    fault = faults[0].combine(faults[1]) if len(faults) == 2 else faults[0]
    strict = "strict-test" in (first, second)
    return Mistake(
        id=f"{first}{JOIN}{second}",
        title=f"{a.title} + {b.title}",
        explanation=f"Two mistakes at once. {a.explanation} And: {b.explanation}",
        search=faulty(fault.under(STRICT) if strict else fault, name=f"{first}{JOIN}{second}".replace("-", "_")),
        symptom=f"both at once: {a.symptom}; and {b.symptom}",
        example=a.example,
        options=MappingProxyType({**a.options, **b.options}),
        expected="",
        at=None,
        edits=a.edits + b.edits,
        tie=STRICT if strict else TEXTBOOK,
        parts=(first, second),
    )


def pairs(ids: Iterable[str]) -> tuple[str, ...]:
    """The ids of every combination of two of ``ids`` that can be made at once, in the registry's order.

    Examples
    --------
    >>> pairs(["strict-test", "root-window-reset", "one-ply-too-deep"])
    ('root-window-reset+strict-test',)
    >>> pairs(["no-pruning", "test-before-update"])  # no test at all cannot come before the update
    ()
    """
    order = list(MISTAKES)
    chosen = sorted({lookup(m).id for m in ids}, key=order.index)
    out = []
    for first, second in combinations(chosen, 2):
        try:
            out.append(combination(first, second).id)
        except ValueError:
            continue  # the two cannot be made at once
    return tuple(out)


def lookup(mistake_id: str) -> Mistake:
    """The :class:`Mistake` with this id, or a KeyError that lists the ids.

    Two ids joined by ``+`` name both mistakes made at once (:func:`combination`).

    Examples
    --------
    >>> lookup("shared-move").title
    'the best move taken from the wrong level'
    >>> lookup("strict-test+root-window-reset").id
    'root-window-reset+strict-test'
    """
    if isinstance(mistake_id, str) and mistake_id.count(JOIN) == 1:
        return combination(*mistake_id.split(JOIN))
    try:
        return MISTAKES[mistake_id]
    except (KeyError, TypeError):
        raise KeyError(f"unknown mistake {mistake_id!r}; the mistakes are: {', '.join(MISTAKES)}, "
                       f"or two of them joined by {JOIN!r}") from None


__all__ = ["Moment", "Mistake", "MISTAKES", "DEPTH_MISTAKES", "JOIN", "lookup", "combination", "pairs", "Line", "Edits"]
