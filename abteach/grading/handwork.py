"""Graded answers by hand beyond values and pruned leaves: Fig. 5.5's stages, a child order, UCB1's choice.

Each exercise has the data it is set on, defined here once, and a
``require_*`` check that raises :class:`~abteach.grading.checker.GradingFailed`
with feedback that names the stage, node or situation the answer gets wrong
and, where one fits, the misconception behind it:

- :func:`require_fig55`: what ALPHA-BETA-SEARCH holds at each node at each
  stage of AIMA Fig. 5.5, against the figure's ranges
  (:data:`abteach.lessons.fig55.FIG_5_5`, the same for every student);
- :func:`require_order`: an order of every node's children on the student's
  own tree, graded by the leaves alpha-beta evaluates under it against the
  fewest any order allows (every order searched, :func:`abteach.lessons.ordering.reorderings`);
- :func:`require_ucb1`: which child UCB1 selects in each of the student's own
  situations (:func:`ucb1_situations`), with C = √2, unvisited children first.

Answers are plain literals the student writes out; infinities as ``inf`` or
``-inf`` (:func:`literal_value` reads them).

Examples
--------
>>> s = ucb1_situations("abteach-course", "ada")
>>> len(s), all(ucb1_choice(x) in [c.name for c in x.children] for x in s)
(4, True)
>>> require_ucb1(s, {x.name: ucb1_choice(x) for x in s})
"""

from __future__ import annotations

import ast
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from abteach.games import examples
from abteach.games.trees import Tree
from abteach.lessons import fig55
from abteach.games.generate import random_tree
from abteach.lessons.ordering import Reorderings, reorderings
from abteach.lessons.practice import VALUES, named
from abteach.search.events import Bound, fmt
from abteach.search.minimax import node_values
from abteach.trace.algorithms import alphabeta
from abteach.trace.frames import Status, Trace
from abteach.grading.checker import GradingFailed
from abteach.grading.variants import student_seed


# -- reading an answer written out by hand ------------------------------------------------------

class _Infinity(ast.NodeTransformer):
    """``inf``, ``math.inf`` and ``float("inf")`` as the constant, so a literal answer may hold them."""

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return ast.copy_location(ast.Constant(math.inf), node) if node.id == "inf" else node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name) and node.value.id == "math" and node.attr == "inf":
            return ast.copy_location(ast.Constant(math.inf), node)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if (isinstance(node.func, ast.Name) and node.func.id == "float" and len(node.args) == 1
                and not node.keywords and isinstance(node.args[0], ast.Constant)
                and node.args[0].value in ("inf", "+inf", "-inf")):
            value = -math.inf if node.args[0].value == "-inf" else math.inf
            return ast.copy_location(ast.Constant(value), node)
        return self.generic_visit(node)


def literal_value(node: ast.expr) -> Any:
    """The value of a literal written out in a cell, where ``inf``, ``math.inf`` and ``float("inf")`` count as literals.

    Raises ``ValueError`` for anything else (a call, a variable), as :func:`ast.literal_eval` does.

    Examples
    --------
    >>> literal_value(ast.parse("{'A': (-inf, 3)}", mode="eval").body)
    {'A': (-inf, 3)}
    """
    return ast.literal_eval(_Infinity().visit(node))


# -- Fig. 5.5, stage by stage -------------------------------------------------------------

#: The stages of Fig. 5.5 the exercise asks about: the book's six.
FIG55_STAGES: tuple[str, ...] = tuple(s.label for s in fig55.FIG_5_5 if s.in_book)
#: The nodes the figure draws.
FIG55_NODES: tuple[str, ...] = ("A", "B", "C", "D")
_WORDS = {Bound.EXACT: "exact", Bound.UPPER: "upper", Bound.LOWER: "lower"}


@lru_cache(maxsize=1)
def _fig55_trace() -> Trace:
    trace = alphabeta(examples.FIG_5_2, edition=3).trace
    assert trace is not None
    return trace


def fig55_answers() -> dict[str, dict[str, Any]]:
    """What ALPHA-BETA-SEARCH (3rd edition) holds at A, B, C, D at each of Fig. 5.5's stages.

    Per node: its window ``(α, β)`` while it is on the stack; ``(word, g)``
    once it has returned ``g``, the word saying what ``g`` is (``'exact'``,
    ``'upper'`` for a fail-low, ``'lower'`` for a fail-high); ``None`` before
    the search reaches it.

    Examples
    --------
    >>> a = fig55_answers()
    >>> a["e"]["A"], a["e"]["C"], a["e"]["D"], a["c"]["D"]
    ((3, inf), ('upper', 2), (3, 14), None)
    """
    trace = _fig55_trace()
    by_name = {trace.name(p): p for p in examples.FIG_5_2.nodes}
    out: dict[str, dict[str, Any]] = {}
    for label in FIG55_STAGES:
        frame = trace.frame(fig55.stage_step(fig55.stage(label), trace))
        row: dict[str, Any] = {}
        for name in FIG55_NODES:
            state = frame.node(by_name[name])
            if state.status is Status.ACTIVE:
                row[name] = (state.alpha, state.beta)
            elif state.status is Status.DONE:
                assert state.bound is not None
                row[name] = (_WORDS[state.bound], state.value)
            else:
                row[name] = None
        out[label] = row
    return out


def _say(entry: Any) -> str:
    """An entry of the answer as the feedback writes it: ``(3, +∞)``, ``upper 2``, ``nothing``."""
    if entry is None:
        return "None (not reached)"
    if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str):
        return f"({entry[0]!r}, {fmt(entry[1])})"
    if isinstance(entry, tuple) and len(entry) == 2:
        return f"({fmt(entry[0])}, {fmt(entry[1])})"
    text = repr(entry)
    return text if len(text) <= 40 else text[:37] + "..."


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list):
        a = tuple(a)
    if not (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 2):
        return a is None and b is None
    return all(x == y if isinstance(y, str) else (isinstance(x, (int, float)) and not isinstance(x, bool) and x == y)
               for x, y in zip(a, b))


def fig55_feedback(label: str, name: str, given: Any, want: Any) -> str:
    """One line on a wrong entry: the stage and node, what the algorithm holds, and the misconception if one fits."""
    stage = fig55.stage(label)
    trace = _fig55_trace()
    path = next(p for p in examples.FIG_5_2.nodes if trace.name(p) == name)
    figure = stage.ranges.get(path)
    head = f"Stage ({label}), {name}: you wrote {_say(given)}; the algorithm holds {_say(want)}."
    reasons = [d.reason for d in fig55.compare_stage(stage, trace) if d.path == path]
    given_t = tuple(given) if isinstance(given, list) else given
    inherited = "β" if examples.FIG_5_2.node(path).player == "MAX" else "α"
    is_window = isinstance(want, tuple) and not isinstance(want[0], str)
    if figure is not None and _same(given_t, (figure.low, figure.high)) and (reasons or is_window):
        why = reasons[0] if reasons else f"{inherited} at {name} is the one it was called with"
        return (f"{head} That is the figure's range, not the algorithm's: {why}. A node's window (α, β) "
                f"is what its caller lets it prove, not the range of its value.")
    if isinstance(want, tuple) and want[0] in ("upper", "lower") and _same(given_t, ("exact", want[1])):
        side = "≤ α" if want[0] == "upper" else "≥ β"
        kind = "fail-low" if want[0] == "upper" else "fail-high"
        bound = "an upper" if want[0] == "upper" else "a lower"
        return (f"{head} {name} returns {fmt(want[1])} {side}: a {kind} result, only {bound} "
                f"bound on {name}'s value, not the value. A returned value is exact only strictly inside the window.")
    if isinstance(want, tuple) and isinstance(want[0], str) and isinstance(given_t, tuple) and len(given_t) == 2 \
            and not isinstance(given_t[0], str):
        return (f"{head} {name} has already returned by this stage: give what it returned, and whether it is "
                "exact or a bound.")
    if isinstance(want, tuple) and not isinstance(want[0], str) and isinstance(given_t, tuple) and len(given_t) == 2 \
            and isinstance(given_t[0], str):
        return f"{head} {name} is still on the stack at this stage: give its window (α, β)."
    if want is None:
        return f"{head} The search has not reached {name} at this stage."
    if given_t is None:
        return f"{head} The search has already reached {name} at this stage."
    if is_window and isinstance(given_t, tuple) and len(given_t) == 2:
        return (f"{head} A node changes only the bound on its own side; {inherited} at {name} is the one it "
                f"was called with.")
    return head


def require_fig55(answer: Any) -> None:
    """Raise :class:`~abteach.grading.checker.GradingFailed` naming every stage and node whose entry is wrong.

    Examples
    --------
    >>> require_fig55(fig55_answers())
    >>> wrong = fig55_answers()
    >>> wrong["e"]["A"] = (3, 14)
    >>> try:
    ...     require_fig55(wrong)
    ... except GradingFailed as e:
    ...     print(str(e).splitlines()[1].split(". That")[0])
    Stage (e), A: you wrote (3, 14); the algorithm holds (3, +∞)
    """
    if not isinstance(answer, dict):
        raise GradingFailed(f"algorithm_holds must be a dict from stage labels to dicts, not {type(answer).__name__}")
    want = fig55_answers()
    wrong: list[str] = []
    right = 0
    for label in FIG55_STAGES:
        row = answer.get(label)
        if not isinstance(row, dict):
            wrong.append(f"Stage ({label}): no answer (give a dict from node names to entries)")
            continue
        for name in FIG55_NODES:
            if name not in row:
                wrong.append(f"Stage ({label}), {name}: no entry (write None for a node not yet reached)")
            elif _same(row[name], want[label][name]):
                right += 1
            else:
                wrong.append(fig55_feedback(label, name, row[name], want[label][name]))
    extra = sorted(str(k) for k in answer if k not in FIG55_STAGES)
    if extra:
        wrong.append(f"not stages of the figure: {', '.join(extra)} (the stages are {', '.join(FIG55_STAGES)})")
    if wrong:
        total = len(FIG55_STAGES) * len(FIG55_NODES)
        raise GradingFailed(f"{right} of {total} entries right.\n" + "\n".join(wrong))


# -- ordering the children ------------------------------------------------------------------

#: How many more leaves than the fewest the tree's own order must cost, so the exercise has something to find.
ORDERING_SLACK = 3


def ordering_tree(course_seed: str | int, student_id: str | int, exercise: str = "ordering") -> Tree:
    """One student's tree for the ordering exercise: three moves at each of two plies, badly ordered as given.

    Its own order costs at least :data:`ORDERING_SLACK` leaves more than the
    best order, so the student has to move children at the root and below it.

    Examples
    --------
    >>> t = ordering_tree("abteach-course", "ada")
    >>> order_leaves(t, {}) - fewest_leaves(t) >= ORDERING_SLACK
    True
    """
    rng = random.Random(f"ordering:{student_seed(course_seed, student_id, exercise)}")
    # Any order of a uniform tree costs at least the minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = 5 leaves, and the best
    # order costs exactly that (Knuth and Moore): one untraced search of the given order tells a candidate's slack.
    minimal = 3 + 3 - 1
    while True:
        t = named(random_tree(3, 2, seed=rng.getrandbits(32), values=VALUES))
        if alphabeta(t, trace=False).leaves >= minimal + ORDERING_SLACK:
            return t


@lru_cache(maxsize=8)
def _orderings(tree: Tree) -> Reorderings:
    return reorderings(tree)


def order_leaves(tree: Tree, order: Mapping[str, Sequence[str]]) -> int:
    """How many leaves alpha-beta (textbook rule) evaluates on ``tree`` with its children in ``order``.

    Raises ``ValueError`` for a node that is not an inner node or an order that is not of its children.

    Examples
    --------
    >>> best = {"C": ["c1", "c2", "c3"], "D": ["d3", "d1", "d2"]}
    >>> order_leaves(examples.FIG_5_2, {}), order_leaves(examples.FIG_5_2, best)
    (7, 5)
    """
    r = _orderings(tree)
    return int(r.result(r.key(order)).leaves)


def fewest_leaves(tree: Tree) -> int:
    """The fewest leaves alpha-beta evaluates on ``tree`` under any order: every order searched.

    Examples
    --------
    >>> fewest_leaves(examples.FIG_5_2)
    5
    """
    return int(_orderings(tree).fewest_leaves)


def optimal_order(tree: Tree) -> dict[str, list[str]]:
    """An order of every inner node's children, by name, under which alpha-beta evaluates the fewest leaves.

    Examples
    --------
    >>> order = optimal_order(examples.FIG_5_2)
    >>> order_leaves(examples.FIG_5_2, order) == fewest_leaves(examples.FIG_5_2)
    True
    """
    r = _orderings(tree)
    return r.child_names(r.keys_with(r.fewest_leaves)[0])


def require_order(tree: Tree, answer: Any) -> None:
    """Raise :class:`~abteach.grading.checker.GradingFailed` unless, under ``answer``'s order, alpha-beta evaluates the fewest leaves.

    The feedback names each node whose order costs leaves (put in best-first
    order alone, the count drops) and what is wrong there.

    Examples
    --------
    >>> require_order(examples.FIG_5_2, {"C": ["c1", "c2", "c3"], "D": ["d3", "d1", "d2"]})
    >>> try:
    ...     require_order(examples.FIG_5_2, {})
    ... except GradingFailed as e:
    ...     print(str(e).splitlines()[0])
    Under your order alpha-beta evaluates 7 leaves; the fewest any order allows is 5.
    """
    if not isinstance(answer, dict):
        raise GradingFailed(f"child_order must be a dict from node names to lists of children, not "
                            f"{type(answer).__name__}")
    r = _orderings(tree)
    order = {str(k): [str(c) for c in v] if isinstance(v, (list, tuple)) else v for k, v in answer.items()}
    try:
        key = r.key(order)
    except (ValueError, TypeError) as error:
        raise GradingFailed(f"child_order cannot be read: {error}") from None
    got, best = int(r.result(key).leaves), int(r.fewest_leaves)
    if got == best:
        return
    lines = [f"Under your order alpha-beta evaluates {got} leaves; the fewest any order allows is {best}."]
    lines += _costly_nodes(tree, r, key)
    raise GradingFailed("\n".join(lines))


def _costly_nodes(tree: Tree, r: Reorderings, key: tuple[tuple[int, ...], ...]) -> list[str]:
    """A line for each node whose order alone, put best-first, would save leaves, with the misconception that fits."""
    values = node_values(tree)
    got = r.result(key).leaves
    lines = []
    for i, path in enumerate(r.nodes):
        node = tree.nodes[path]
        kids = node.children
        rank = sorted(range(len(kids)), key=lambda k: values[kids[k].path], reverse=node.player == "MAX")
        better = key[:i] + (tuple(rank),) + key[i + 1:]
        saved = got - r.result(better).leaves
        if saved <= 0:
            continue
        first = kids[key[i][0]]
        best = kids[rank[0]]
        mover = node.player
        line = (f"At {node.name} ({mover}) you try {first.name}, worth {fmt(values[first.path])}, first; "
                f"{mover}'s best there is {best.name}, worth {fmt(values[best.path])}: put first, it saves "
                f"{saved} {'leaves' if saved > 1 else 'leaf'}.")
        largest = max(values[k.path] for k in kids)
        if mover == "MIN" and values[first.path] == largest and largest != values[best.path]:
            line += (f" You ordered {node.name}'s children as MAX would like them, largest first; at a MIN node "
                     f"the best child for the mover is the smallest, and trying it first refutes {node.name} at once.")
        lines.append(line)
    if not lines:
        lines.append("No single node's order explains it: look at how the orders of nodes one above the other "
                     "work together.")
    return lines


# -- UCB1 by hand ---------------------------------------------------------------------------

#: The exploration constant for rewards in [0, 1].
UCB1_C = math.sqrt(2)
#: Situations per student.
UCB1_SITUATIONS = 4
#: The smallest gap between UCB1's best child and the next, so arithmetic by hand decides it.
UCB1_MARGIN = 0.05


@dataclass(frozen=True)
class Child:
    """One child in a selection: its name, visits N(n) and total reward U(n) (wins, a draw counting ½)."""

    name: str
    visits: int
    wins: float


@dataclass(frozen=True)
class Situation:
    """A node whose children UCB1 chooses among; the parent's visits are the children's visits summed."""

    name: str
    children: tuple[Child, ...]

    @property
    def parent_visits(self) -> int:
        return sum(c.visits for c in self.children)

    def __str__(self) -> str:
        rows = [f"Situation {self.name}: N(parent) = {self.parent_visits}", "  child  visits N(n)  reward U(n)"]
        rows += [f"  {c.name:5s}  {c.visits:11d}  {c.wins:11g}" for c in self.children]
        return "\n".join(rows)


@dataclass(frozen=True)
class Sheet:
    """A student's situations, shown as a table of each child's visits and total reward.

    Examples
    --------
    >>> print(Sheet((Situation("1", (Child("a", 2, 1.5), Child("b", 0, 0))),)))
    Situation 1: N(parent) = 2
      child  visits N(n)  reward U(n)
      a                2          1.5
      b                0            0
    """

    situations: tuple[Situation, ...]

    def __iter__(self) -> Any:
        return iter(self.situations)

    def __len__(self) -> int:
        return len(self.situations)

    def __getitem__(self, k: int) -> Situation:
        return self.situations[k]

    def __str__(self) -> str:
        return "\n\n".join(str(s) for s in self.situations)

    __repr__ = __str__


def ucb1(child: Child, parent_visits: int, c: float = UCB1_C) -> float:
    """U(n)/N(n) + C·√(ln N(parent) / N(n)); ``inf`` for a child never visited.

    Examples
    --------
    >>> round(ucb1(Child("a", 2, 1), 8), 3)
    1.942
    >>> ucb1(Child("b", 0, 0), 8)
    inf
    """
    if child.visits == 0:
        return math.inf
    return child.wins / child.visits + c * math.sqrt(math.log(parent_visits) / child.visits)


def ucb1_choice(situation: Situation, c: float = UCB1_C) -> str:
    """The child UCB1 selects: the first unvisited one, else the highest UCB1 (the first of equals)."""
    n = situation.parent_visits
    scores = [ucb1(ch, n, c) for ch in situation.children]
    return situation.children[scores.index(max(scores))].name


def _greedy(s: Situation) -> str:
    visited = [ch for ch in s.children if ch.visits]
    return max(visited, key=lambda ch: ch.wins / ch.visits).name


def _most_visited(s: Situation) -> str:
    return max(s.children, key=lambda ch: ch.visits).name


def ucb1_situations(course_seed: str | int, student_id: str | int, exercise: str = "ucb1") -> Sheet:
    """One student's selections, from the course seed and their id: the same three give the same situations.

    Each has three or four children; one of them has an unvisited child.
    In the others UCB1's choice is neither the best win rate nor the most
    visited child, and beats the next by at least :data:`UCB1_MARGIN`, so the
    exploration term decides it and arithmetic by hand can tell.
    """
    rng = random.Random(f"ucb1:{student_seed(course_seed, student_id, exercise)}")
    unvisited_at = rng.randrange(UCB1_SITUATIONS)
    out: list[Situation] = []
    while len(out) < UCB1_SITUATIONS:
        k = len(out)
        names = [f"{'abcd'[i]}" for i in range(rng.choice((3, 4)))]
        kids = []
        for name in names:
            visits = rng.randint(1, 12)
            kids.append(Child(name, visits, rng.randint(0, 2 * visits) / 2))
        if k == unvisited_at:
            gap = rng.randrange(1, len(kids))
            kids[gap] = Child(kids[gap].name, 0, 0)
        s = Situation(str(k + 1), tuple(kids))
        if _fits(s, unvisited=k == unvisited_at):
            out.append(s)
    return Sheet(tuple(out))


def _fits(s: Situation, *, unvisited: bool) -> bool:
    pick = ucb1_choice(s)
    if unvisited:
        # Unvisited comes first: a tempting visited child (best win rate) must not be the unvisited one.
        return _greedy(s) != pick
    n = s.parent_visits
    scores = sorted((ucb1(ch, n) for ch in s.children), reverse=True)
    return scores[0] - scores[1] >= UCB1_MARGIN and pick != _greedy(s) and pick != _most_visited(s)


def require_ucb1(situations: Sheet | Sequence[Situation], answer: Any) -> None:
    """Raise :class:`~abteach.grading.checker.GradingFailed` naming each wrong situation, and the misconception that fits.

    Examples
    --------
    >>> s = ucb1_situations("abteach-course", "ada")
    >>> greedy = {x.name: _greedy(x) for x in s}
    >>> try:
    ...     require_ucb1(s, greedy)
    ... except GradingFailed as e:
    ...     print(str(e).splitlines()[0])
    0 of 4 choices right.
    """
    if not isinstance(answer, dict):
        raise GradingFailed(f"ucb1_choice must be a dict from situation names to children, not {type(answer).__name__}")
    wrong: list[str] = []
    for s in situations:
        given = answer.get(s.name, answer.get(int(s.name)))
        pick = ucb1_choice(s)
        if given == pick:
            continue
        names = [ch.name for ch in s.children]
        if given is None:
            wrong.append(f"Situation {s.name}: no choice given")
            continue
        if given not in names:
            wrong.append(f"Situation {s.name}: {str(given)[:40]!r} is not one of its children {names}")
            continue
        wrong.append(f"Situation {s.name}: you chose {given}; UCB1 selects {pick}. " + _ucb1_reason(s, str(given)))
    if wrong:
        raise GradingFailed(f"{len(situations) - len(wrong)} of {len(situations)} choices right.\n" + "\n".join(wrong))


def _ucb1_reason(s: Situation, given: str) -> str:
    n = s.parent_visits
    unvisited = [ch.name for ch in s.children if ch.visits == 0]
    if unvisited:
        return (f"{unvisited[0]} has never been visited: its UCB1 is +∞ (N(n) = 0), so it is selected before any "
                f"visited child, however good.")
    scores = ", ".join(f"{ch.name} {ucb1(ch, n):.2f}" for ch in s.children)
    if given == _greedy(s):
        why = ("You chose the best win rate U/N: that is exploitation alone. UCB1 adds the exploration term "
               "C·√(ln N(parent) / N(n)), which is larger for children visited less.")
    elif given == _most_visited(s):
        why = ("You chose the most visited child: that is how MCTS picks its final move, not how it selects "
               "during the search.")
    elif given == ucb1_choice(s, c=1.0):
        why = "That is the choice with C = 1; rewards in [0, 1] take C = √2."
    else:
        why = "Work out U/N + √2·√(ln N(parent) / N) for each child."
    return f"{why} With N(parent) = {n}: {scores}."


__all__ = ["literal_value", "FIG55_STAGES", "FIG55_NODES", "fig55_answers", "require_fig55",
           "ordering_tree", "optimal_order", "order_leaves", "fewest_leaves", "require_order", "UCB1_C",
           "Child", "Situation", "Sheet", "ucb1", "ucb1_choice",
           "ucb1_situations", "require_ucb1"]
