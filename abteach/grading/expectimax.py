"""Grading a student's ``expectimax_search``: right or wrong, and which classic mistake at chance nodes it makes.

:func:`check_expectimax` runs the submission in the sandbox, as
:func:`~abteach.grading.checker.check_alphabeta` does, on trees with chance
nodes: the book's examples, then seeded ones.  Its game has one method more
than alpha-beta's, ``game.probabilities(state)`` where ``game.to_move(state)``
is ``'CHANCE'``.  A tree is right when the move it returns is a best one (and
the value, if it returns ``(value, move)``, is the root's expectiminimax
value).  Every mistake of :data:`~abteach.lessons.mistakes.chance.CHANCE_MISTAKES`
is run on the same trees; the one that answers as the submission does on
every tree is the diagnosis.  The seeded trees are chosen so that the move
alone tells apart every search of a family (:data:`FAMILY`: a rule per kind of
node, MAX, MIN and chance, or always the same move): only the correct search
is right on every tree, and each mistake picks another move than every other
search on some tree, so it can be named from the moves alone, and a search
wrong at a MAX or MIN node never passes as a named mistake.  Then come close calls (:func:`close_call_tree`):
deeper trees where the best move wins by a little, so that a search outside the family that values any node
wrongly (alpha-beta's cuts carried through chance nodes, a rounded value, a depth limit) picks another move.

Examples
--------
>>> source = '''
... def expectimax_search(game, state):
...     player = game.to_move(state)
...     def value(s):
...         if game.is_terminal(s):
...             return game.utility(s, player)
...         values = [value(game.result(s, a)) for a in game.actions(s)]
...         if game.to_move(s) == "CHANCE":
...             return sum(p * v for p, v in zip(game.probabilities(s), values))
...         return max(values) if game.to_move(s) == "MAX" else min(values)
...     return max(game.actions(state), key=lambda a: value(game.result(state, a)))
... '''
>>> r = check_expectimax(source, seed=1)
>>> r.score == r.out_of, r.diagnosis
(True, None)

A search that takes chance nodes for MIN passes the frame (``part='frame'``), and is told its mistake;
the whole check fails it, with its calls of the game on the first of the book's trees it gets wrong:

>>> wrong = source.replace("sum(p * v for p, v in zip(game.probabilities(s), values))", "min(values)")
>>> r = check_expectimax(wrong, seed=1, part="frame")
>>> r.passed, r.diagnosis
(True, 'chance-as-min')
>>> r = check_expectimax(wrong, seed=1)
>>> r.passed, r.diagnosis, r.steps.tree
(False, 'chance-as-min', 'FIG_5_13_RESCALED')
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any, Callable, Mapping, Sequence, cast

from abteach.games import examples
from abteach.games.kinds import CHANCE
from abteach.games.trees import Path, Tree, tree
from abteach.grading.checker import UNSANDBOXED, Departure, Report, _student, loaded, stopped
from abteach.grading.game import GradingGame, state_names
from abteach.grading.sandbox import ISOLATIONS, TIME_LIMIT, run_submission
from abteach.grading.steps import EXPECTIMAX, SearchSteps
from abteach.lessons.mistakes.chance import CHANCE_MISTAKES, run_chance_mistake
from abteach.trace.algorithms import expectiminimax
from abteach.search.result import SearchResult

#: Seeded trees per check, besides the book's examples, at least (more if these do not tell every search apart).
SEEDED = 8
#: Close-call trees per check, after those: deeper trees whose best move wins by little (see :func:`close_call_tree`).
#: Each catches a given wrong search with a chance of about a third (red team 34's searches), so 30 (15 for the
#: correct search, 5 for each named mistake) leave a wrong search a chance of passing of about 0.7 ** 15 ≈ 0.5 %.
CLOSE_CALLS = 30
#: The close calls' leaves: integers from -LEAF_RANGE to LEAF_RANGE (before a subtree is shifted to make a close call).
LEAF_RANGE = 50
#: The most the root's best move beats the next by, in a close call: less than a rounded chance value may err by.
CLOSE_MARGIN = Fraction(1, 4)
#: The name of the function a submission defines.
FUNCTION = "expectimax_search"
#: How far apart two values may be and still be the same (a student sums probabilities as floats).
TOLERANCE = 1e-9
#: What a check grades: ``'whole'`` the search, chance nodes and all; ``'frame'`` the search around its chance
#: nodes (a search that answers as one classic chance mistake on every tree passes it too, told its mistake).
PARTS = ("whole", "frame")


@dataclass(frozen=True)
class Answer:
    """What a search answers on one tree: the moves it may return (every move tied for best), and the value."""

    moves: frozenset[str]
    value: Any

    def agrees(self, move: str | None, value: Any) -> bool:
        """Whether a search that returned ``move`` (and ``value``, or None if it gave none) answers so."""
        return move in self.moves and (value is None or _close(value, self.value))

    def differs(self, other: "Answer") -> bool:
        """Whether a search could tell the two apart: by the move, or by the value."""
        return self.moves.isdisjoint(other.moves) or not _close(self.value, other.value)


def _close(a: Any, b: Any) -> bool:
    try:
        return math.isclose(a, b, rel_tol=TOLERANCE, abs_tol=TOLERANCE)
    except (OverflowError, TypeError, ValueError):  # 10**400 is no float, and no tree's value
        return False


def answer(result: SearchResult) -> Answer:
    """The :class:`Answer` of a traced search from a MAX root: every child of the best value, by move name."""
    trace = result.trace
    assert trace is not None and isinstance(trace.game, Tree)
    game, last = trace.game, trace.last()
    values = [last.node((i,)).value for i in range(len(game.root.children))]
    return Answer(frozenset(game.move_name(game.root, i) for i, v in enumerate(values)
                            if _close(v, result.value)), result.value)


def answers(game: Tree) -> tuple[Answer, Mapping[str, Answer]]:
    """The correct answer on ``game``, and each mistake's, by id."""
    return (answer(expectiminimax(game)),
            {m: answer(run_chance_mistake(m, game)) for m in CHANCE_MISTAKES})


# -- the trees --------------------------------------------------------------------

def _random_chance_tree(rng: random.Random) -> Tree:
    """MAX chooses among 2 or 3 chance nodes, each with 2 or 3 outcomes of unequal (or equal) probabilities;
    an outcome is a leaf, or a MIN node (or, less often, a MAX node: MAX moves again) over 2 or 3 leaves."""
    nested: list[Any] = []
    kinds: dict[Path, str] = {}
    probabilities: dict[Path, Sequence[float]] = {}
    for i in range(rng.choice([2, 3])):
        outcomes: list[Any] = []
        for j in range(rng.choice([2, 3])):
            r = rng.random()
            outcomes.append([rng.randint(0, 9) for _ in range(rng.choice([2, 3]))] if r < 0.5 else rng.randint(0, 9))
            if r < 0.15:  # a MAX node below a chance node, so a search's rule at MAX nodes shows beyond the root
                kinds[(i, j)] = "MAX"
        weights = [rng.choice([1, 2, 3]) for _ in outcomes]
        # Exact, so the grader's values are exact; typed float, as tree() reads any real number.
        probabilities[(i,)] = [cast(float, Fraction(w, sum(weights))) for w in weights]
        nested.append(outcomes)
    return tree(nested, kinds=kinds, probabilities=probabilities)


def _weighted(ps: Sequence[Any], values: Sequence[Any]) -> Any:
    return sum(p * v for p, v in zip(ps, values))


def _mean(values: Sequence[Any]) -> Any:
    return Fraction(sum(values)) / len(values)  # exact: Fraction() reads a float exactly too


#: How a search may value a MAX or a MIN node from its children's values: the right rule, the other player's,
#: or a rule that is no player's (a plain mean, the first or the last child, as if the node were no choice).
NODE_RULES: Mapping[str, Callable[[Sequence[Any]], Any]] = {
    "max": max, "min": min, "mean": _mean, "first": lambda values: values[0], "last": lambda values: values[-1]}
def _without_probabilities(rule: Callable[[Sequence[Any]], Any]) -> Callable[[Sequence[Any], Sequence[Any]], Any]:
    """A node rule as a chance rule: the code that makes it reads a chance node as a MAX or MIN node would."""
    return lambda ps, values: rule(values)


#: How a search may value a chance node from its probabilities and its outcomes' values: Σ P(r) × value(r),
#: each of the node rules, the probabilities read in reverse, or the weighted sum divided by the count.
CHANCE_RULES: Mapping[str, Callable[[Sequence[Any], Sequence[Any]], Any]] = {
    "weighted": _weighted, **{name: _without_probabilities(rule) for name, rule in NODE_RULES.items()},
    "reversed": lambda ps, values: _weighted(ps[::-1], values),
    "divided-by-count": lambda ps, values: _weighted(ps, values) / len(values),
}


@dataclass(frozen=True)
class Rules:
    """A search of the family the seeded trees tell apart by the move alone: one rule per kind of node.

    ``root`` is how it picks its move: ``'max'`` the child of the largest value (ties: any of them), ``'min'``
    the smallest; an int ``i`` always action ``i`` (counted from the end if negative), whatever the tree: a
    search that does not search.  ``at_max``, ``at_min`` (keys of :data:`NODE_RULES`) and ``at_chance`` (a key
    of :data:`CHANCE_RULES`) value the MAX, MIN and chance nodes below the root.
    """

    root: str | int = "max"
    at_max: str = "max"
    at_min: str = "min"
    at_chance: str = "weighted"

    def __post_init__(self) -> None:
        if not (self.root in ("max", "min") or (isinstance(self.root, int) and not isinstance(self.root, bool))):
            raise ValueError(f"root must be 'max', 'min' or an action's index, not {self.root!r}")
        for name, rule, known in (("at_max", self.at_max, NODE_RULES), ("at_min", self.at_min, NODE_RULES),
                                  ("at_chance", self.at_chance, CHANCE_RULES)):
            if rule not in known:
                raise ValueError(f"{name} must be one of {', '.join(known)}, not {rule!r}")


#: The correct search, and each named mistake as its rules: the search with its chance nodes read as the
#: mistake reads them (equally likely outcomes: their plain mean; MIN: the least; MAX: the largest).
RIGHT = Rules()
NAMED: Mapping[str, Rules] = {m.id: Rules(at_chance={CHANCE: "mean", "MIN": "min", "MAX": "max"}[m.reads_as])
                              for m in CHANCE_MISTAKES.values()}
#: Every search the trees tell apart: each root choice and rule per node kind, and each constant move index.
FAMILY: tuple[Rules, ...] = (
    *(Rules(*r) for r in product(("max", "min"), NODE_RULES, NODE_RULES, CHANCE_RULES)),
    *(Rules(i) for i in (0, 1, 2, -1)))

#: Mistakes with no name here (all in :data:`FAMILY`).  None is diagnosed: the trees are drawn so that each
#: picks another move than every named mistake on some tree, so a search that makes one is never told it made a
#: named one.  Before, a search returning only its move that averaged MIN nodes, or read the probabilities in
#: reverse, was told it averaged its chance nodes without their probabilities.
UNNAMED: Mapping[str, Rules] = {
    "min-averaged": Rules(at_min="mean"),
    "min-as-max": Rules(at_min="max"),
    "probabilities-reversed": Rules(at_chance="reversed"),
    "divided-by-count": Rules(at_chance="divided-by-count"),
}


def rule_answer(game: Tree, rules: Rules) -> Answer:
    """The :class:`Answer` of the search of :data:`FAMILY` given by ``rules`` on ``game`` (MAX at the root).

    A constant move index answers no value, and no move on a tree with too few moves at the root.

    Examples
    --------
    On Fig. 5.13 MAX choosing the worse chance node picks a2, 0.9 × 1 + 0.1 × 4 = 1.3:

    >>> import abteach as ab
    >>> a = rule_answer(ab.examples.FIG_5_13, Rules(root="min"))
    >>> sorted(a.moves), round(float(a.value), 6)
    (['a2'], 1.3)
    """
    children = game.root.children
    if isinstance(rules.root, int):
        n = len(children)
        return Answer(frozenset({game.move_name(game.root, rules.root % n)} if -n <= rules.root < n else ()), None)
    at_chance, at_max, at_min = CHANCE_RULES[rules.at_chance], NODE_RULES[rules.at_max], NODE_RULES[rules.at_min]

    def value(node: Any) -> Any:
        if node.is_leaf:
            return game.utility(node, "MAX")
        values = [value(c) for c in node.children]
        if node.kind == CHANCE:
            return at_chance(list(node.probabilities), values)
        return at_max(values) if node.kind == "MAX" else at_min(values)
    kids = [value(c) for c in children]
    best = max(kids) if rules.root == "max" else min(kids)
    return Answer(frozenset(game.move_name(game.root, i) for i, v in enumerate(kids) if _close(v, best)), best)


def unnamed_answer(game: Tree, mistake: str) -> Answer:
    """The :class:`Answer` of a search making the :data:`UNNAMED` ``mistake`` on ``game`` (MAX at the root).

    Examples
    --------
    On Fig. 5.13 the probabilities read in reverse weigh a2's 4 by 0.9: 0.1 × 1 + 0.9 × 4 = 3.7.

    >>> import abteach as ab
    >>> a = unnamed_answer(ab.examples.FIG_5_13, "probabilities-reversed")
    >>> sorted(a.moves), round(float(a.value), 6)
    (['a2'], 3.7)
    """
    return rule_answer(game, UNNAMED[mistake])


def _tells_apart(game: Tree, pairs: set[tuple[Rules, Rules]]) -> set[tuple[Rules, Rules]]:
    """The ``pairs`` of searches ``game`` tells apart by the move alone: no move either may return is the other's
    (a search returns any of its tied best moves, so one move in common and the two may answer alike)."""
    moves = {r: rule_answer(game, r).moves for r in {r for pair in pairs for r in pair}}  # only those still asked
    return {(a, b) for a, b in pairs if moves[a].isdisjoint(moves[b])}


@lru_cache(maxsize=16)
def expectimax_trees(seed: int | str = 0) -> tuple[tuple[str, Tree], ...]:
    """The trees a check runs on: the book's examples with chance nodes and MAX at the root, then seeded ones.

    The seeded trees are drawn until, over all the trees, every search of :data:`FAMILY` but the correct one
    picks a wrong move on one of them, and every search of it but a named mistake picks another move than
    that mistake on one.  So, by the move alone: the whole check passes only the correct search of the family;
    the frame (``part='frame'``) passes it or a named mistake, never a search wrong at a MAX or MIN node or one
    that does not search; and a mistake is diagnosed, never wrongly.  Then :data:`CLOSE_CALLS` close calls
    (:func:`close_call_tree`) catch, with high odds, wrong searches outside the family.

    Examples
    --------
    >>> [name for name, _ in expectimax_trees(0)][:2]
    ['FIG_5_13', 'FIG_5_13_RESCALED']
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, not {seed!r}")
    out = [(name, t) for name, t in examples.WITH_CHANCE.items() if t.root.player == "MAX"]
    # The frame's promise needs each named mistake told from every other search, the whole check's the correct one.
    needed = {(a, b) for a in (RIGHT, *NAMED.values()) for b in FAMILY if b != a}
    for _, t in out:
        needed -= _tells_apart(t, needed)
    rng = random.Random(f"expectimax:{seed}")
    seeded: list[Tree] = []
    for _ in range(_DRAWS):
        if len(seeded) >= SEEDED and not needed:
            break
        t = _random_chance_tree(rng)
        # Until all is shown, a tree is taken only if it shows something new; then any tree is.
        shown = _tells_apart(t, needed) if needed else set()
        if not needed or shown:
            needed -= shown
            seeded.append(t)
    else:  # each tree taken shows something new, and every pair is shown by some random tree
        raise RuntimeError(f"expectimax_trees({seed!r}): no trees that tell the searches apart in {_DRAWS} draws")
    # The family is one rule per kind of node; a wrong search outside it (alpha-beta's cuts carried through chance
    # nodes, a rounded chance value, a rule only at 2-child nodes, a depth cut) was caught only by luck on those
    # small trees (red team 34).  Close calls catch a search that values any node wrongly: its move likely flips.
    # Their own random stream, so the trees above stay what they were for a seed.
    close = random.Random(f"expectimax-close-calls:{seed}")
    seeded += [close_call_tree(close, _CLOSE_CALL_AIMS[k % len(_CLOSE_CALL_AIMS)]) for k in range(CLOSE_CALLS)]
    return tuple(out + [(f"seeded-{k}", t) for k, t in enumerate(seeded, start=1)])


#: Random trees drawn at most, to find the seeded ones (a few dozen are needed).
_DRAWS = 10_000


def close_call_tree(rng: random.Random, aim: Rules = RIGHT) -> Tree:
    """A random tree, 3 to 5 levels deep, on which the search ``aim`` picks its one best move by a little.

    Below the root's chance nodes, each node is MAX, MIN or chance, with 2 or 3 children; a chance node's
    probabilities are unequal or equal (0.5 is one value among others, so a search cannot tell these trees by
    it); leaves are integers from -50 to 50.  Then, from the bottom up, at the root and at a quarter of the other
    MAX and MIN nodes, a child that is not the node's choice (at the root: every other one) has all its leaves
    shifted by one whole number, so that under ``aim`` it comes within 0.01 to 1.01 of the choice, on the worse
    side.  Every rule of ``aim`` moves with such a shift, so the node's value stays the same, and shifts further
    down keep their gaps.  Of a few draws, one whose best move wins by at most :data:`CLOSE_MARGIN` is kept.  A
    search that values some node on the way wrongly by more than that (rounds, cuts, averages, stops early) then
    often picks another move: about a third of these trees catch each wrong search the red team wrote, so
    :data:`CLOSE_CALLS` of them catch it on every seed tried.  ``aim`` is the correct search or a named mistake,
    so the frame part gets close calls too.

    Examples
    --------
    One best move, and the value of the next best child is at most :data:`CLOSE_MARGIN` below it:

    >>> t = close_call_tree(random.Random(1))
    >>> len(rule_answer(t, RIGHT).moves)
    1
    >>> kids = sorted(expectiminimax(t).trace.last().node((i,)).value for i in range(len(t.root.children)))
    >>> 0.01 <= kids[-1] - kids[-2] <= CLOSE_MARGIN
    True
    """
    # A whole shift leaves a margin up to 1.01: of a few draws, the first as close as CLOSE_MARGIN is kept, else
    # the closest (a search with no fractions in it, as one taking chance nodes for MAX, has margins of 1).
    draws = []
    for _ in range(20):
        draws.append(_close_call_draw(rng, aim))
        if draws[-1][1] <= CLOSE_MARGIN:
            break
    return min(draws, key=lambda draw: draw[1])[0]


def _close_call_draw(rng: random.Random, aim: Rules) -> tuple[Tree, Any]:
    """One draw of :func:`close_call_tree`, and the margin of the root's best move under ``aim``."""
    depth = rng.choice([3, 4, 5, 5, 5])  # the deepest leaves' depth: below depth 3 matters too
    kinds: dict[Path, str] = {}
    probabilities: dict[Path, Sequence[float]] = {}

    def grow(path: Path, kind: str) -> list[Any]:
        children: list[Any] = []
        for i in range(rng.choice([2, 3, 3] if not path else [2, 3])):
            d = len(path) + 1
            if d >= depth or (d >= 2 and rng.random() < 0.15):
                children.append(rng.randint(-LEAF_RANGE, LEAF_RANGE))
                continue
            # MIN or MAX may move again below a chance node; a MAX or MIN node leads to chance or the other player.
            below = (rng.choice(["MIN", "MIN", "MAX"]) if kind == CHANCE else CHANCE if not path else
                     rng.choice([CHANCE, CHANCE, "MIN" if kind == "MAX" else "MAX"]))
            children.append(grow(path + (i,), below))
        if kind == CHANCE:
            weights = [rng.choice([1, 1, 2, 3, 4]) for _ in children]
            probabilities[path] = [cast(float, Fraction(w, sum(weights))) for w in weights]  # exact, as above
        elif path:
            kinds[path] = kind
        return children

    nested = grow((), "MAX")
    at_chance, at_node = CHANCE_RULES[aim.at_chance], {"MAX": NODE_RULES[aim.at_max], "MIN": NODE_RULES[aim.at_min]}

    def shift(node: Any, by: int) -> Any:
        return node + by if isinstance(node, int) else [shift(c, by) for c in node]

    def close_in(node: Any, path: Path) -> Any:
        """Make the close calls below ``node`` and at it (in place); its value under ``aim``."""
        if isinstance(node, int):
            return node
        values = [close_in(c, path + (i,)) for i, c in enumerate(node)]
        if path in probabilities:
            return at_chance(list(probabilities[path]), values)
        kind = kinds.get(path, "MAX")
        if path and rng.random() < 0.75:  # not at every node, so a wrong rule there still errs by much
            return at_node[kind](values)
        sign = 1 if kind == "MAX" else -1  # gaps counted toward the node's choice
        best = max(range(len(values)), key=lambda i: sign * values[i])
        if not path and rng.random() < 0.5:
            # The root's first move made the best one more often: a search that carries alpha-beta's cuts
            # through chance nodes errs on the moves after its best so far, so there the close call is.
            best, lift = 0, -_whole_below(sign * (values[0] - max(values[1:])))
            node[0] = shift(node[0], lift)
            values[0] += lift
        others = [i for i in range(len(values)) if i != best]
        close = others if not path else [rng.choice(others)]  # at the root every other move is a close call
        for i in others:
            gap = sign * (values[best] - values[i])
            if i in close:
                by = _whole_below(gap)
            elif gap < Fraction(1, 100):  # tied (or nearly) with the choice: moved away, so the choice is one
                by = -1
            else:
                continue
            node[i] = shift(node[i], sign * by)
            values[i] += sign * by  # every rule moves with a shift of all its leaves
        if not path:
            margins.append(min(sign * (values[best] - values[i]) for i in others))
        return at_node[kind](values)

    margins: list[Any] = []
    close_in(nested, ())
    return tree(nested, kinds=kinds, probabilities=probabilities), margins[0]



def _whole_below(gap: Any) -> int:
    """The largest whole number that leaves ``gap`` at least 0.01 above it (so 0.01 <= gap - k < 1.01)."""
    k = math.ceil(gap) - 1
    return k if gap - k >= Fraction(1, 100) else k - 1


#: Whose close calls the close-call trees are, in turn: the correct search's most, each named mistake's some.
_CLOSE_CALL_AIMS: tuple[Rules, ...] = (RIGHT, RIGHT, RIGHT, *NAMED.values())


@lru_cache(maxsize=16)
def expected(seed: int | str) -> tuple[tuple[Answer, Mapping[str, Answer]], ...]:
    """Per grading tree, the correct answer and each mistake's."""
    return tuple(answers(t) for _, t in expectimax_trees(seed))


def _hidden(names: Sequence[str]) -> frozenset[int]:
    """The trees feedback must not show: every one that is not one of the book's examples."""
    return frozenset(k for k, name in enumerate(names) if name not in examples.WITH_CHANCE)


# -- the check --------------------------------------------------------------------

def check_expectimax(expectimax_search: Any, *, seed: int | str = 0, time_limit: float = TIME_LIMIT,
                     isolation: str = "bwrap", total_limit: float | None = None,
                     packages: Sequence[str] | None = None, function: str = FUNCTION, part: str = "whole") -> Report:
    """Grade a student's ``expectimax_search(game, state)``; never raises for the student's failure.

    The search returns the best move at ``state`` (MAX's), or ``(value, move)``.  Its game is the book's,
    with ``to_move(state)`` ``'CHANCE'`` at a chance node and ``probabilities(state)`` there, one per
    action, in the order of ``actions(state)``.  Below a chance node MIN may move (expectiminimax).

    Parameters
    ----------
    expectimax_search : callable, str, path or Submission
        As for :func:`~abteach.grading.checker.check_alphabeta`: only its source is run, in the sandbox.
    seed : int or str
        Seeds the trees; the same seed gives the same report.
    time_limit, isolation, total_limit, packages
        As for :func:`~abteach.grading.checker.check_alphabeta`.
    function : str
        The name of the function to grade in source text or a file.
    part : {'whole', 'frame'}
        ``'whole'``: every tree right.  ``'frame'``: the search around its chance nodes, so an exercise can
        give a classic mistake part of its marks: a search that answers on every tree as the correct one or
        as one of :data:`~abteach.lessons.mistakes.chance.CHANCE_MISTAKES` passes, its mistake still named.

    Returns
    -------
    Report
        ``diagnosis`` is ``None`` when right, a key of
        :data:`~abteach.lessons.mistakes.chance.CHANCE_MISTAKES` when the submission answers as that
        mistake does on every tree, else ``'unknown'``; ``rule`` is ``'expectimax'``.  ``steps``, when it
        fails on one of the book's trees, are its calls of the game there.

    Raises
    ------
    abteach.grading.sandbox.SandboxUnavailable
        With ``isolation='bwrap'``, on a machine where bubblewrap is missing or cannot start.
    """
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
    if isolation not in ISOLATIONS:
        raise ValueError(f"isolation must be one of {ISOLATIONS}, not {isolation!r}")
    if not isinstance(function, str) or not function.isidentifier():
        raise ValueError(f"function must be the name of a Python function, not {function!r}")
    if part not in PARTS:
        raise ValueError(f"part must be one of {PARTS}, not {part!r}")
    trees = expectimax_trees(seed)
    names = tuple(name for name, _ in trees)
    n = len(trees)
    code = loaded(expectimax_search, function)
    steps = None
    if not isinstance(code, tuple):
        games: list[Callable[[], GradingGame]] = [_maker(t) for _, t in trees]
        outcome = run_submission(code.source, games, name=code.name, filename=code.filename,
                                 hidden=_hidden(names), time_limit=time_limit, isolation=isolation,
                                 total_limit=total_limit, packages=packages)
        failed = stopped(outcome, names, time_limit, function)
        report = _report(outcome, trees, expected(seed), seed, part) if failed is None else None
        if failed is not None:  # what it asked the game where it was stopped, if that is one of the book's trees
            steps = _steps(outcome, names, next((k for k, run in enumerate(outcome.runs)
                                                 if run.status != "ok" or run.returned is None), None))
    else:
        failed = code
        report = None
    if report is None:
        assert failed is not None
        kind, text = failed
        report = Report(0, n, "unknown", None, f"{text}\nDiagnosis: unknown ({kind})", kind, EXPECTIMAX, seed,
                        names, steps=steps)
    if isolation != "bwrap":
        report = replace(report, feedback=f"{UNSANDBOXED}\n{report.feedback}")
    return report


def _maker(t: Tree) -> Callable[[], GradingGame]:
    names = state_names(t)
    return lambda: GradingGame(t, names)


def _report(outcome: Any, trees: Sequence[tuple[str, Tree]],
            expect: Sequence[tuple[Answer, Mapping[str, Answer]]], seed: int | str, part: str = "whole") -> Report:
    n = len(trees)
    names = tuple(name for name, _ in trees)
    hidden = _hidden(names)
    got = []
    for run, (_, t) in zip(outcome.runs, trees):
        b = _student(run, t.name(()), [t.move_name(t.root, i) for i in range(len(t.root.children))])
        got.append((b.move, b.value))
    passed = [right.agrees(move, value) for (move, value), (right, _) in zip(got, expect)]
    score = sum(passed)
    if all(passed):
        return Report(n, n, None, None, f"All {n} trees right: your search is expectiminimax.", None,
                      EXPECTIMAX, seed, names)
    fits = tuple(m for m in CHANCE_MISTAKES
                 if all(wrong[m].agrees(move, value) for (move, value), (_, wrong) in zip(got, expect))
                 and any(wrong[m].differs(right) for right, wrong in expect))
    if part == "frame" and fits:
        # Every tree answered as the search with this one mistake answers: the frame around it is right.
        titles = "; ".join(CHANCE_MISTAKES[m].title for m in fits)
        return Report(n, n, fits[0], None,
                      f"Your search is right around its chance nodes: on all {n} trees it answers as a correct "
                      f"search with one mistake at chance nodes does ({titles}). This part's marks are yours; "
                      f"the next test grades the chance nodes.\nDiagnosis: {' or '.join(fits)}",
                      None, EXPECTIMAX, seed, names, fits)
    # The tree the feedback explains: a public one where the search fails, if any (what it did on a hidden one
    # is never told: a submission could choose what it returns there to spell out what it saw).
    failed = [k for k, ok in enumerate(passed) if not ok]
    k = next((j for j in failed if j not in hidden), failed[0])
    (move, value), (right, _) = got[k], expect[k]
    if k in hidden:
        departure = Departure(k + 1, names[k], "the root", "your search's answer is not the correct one "
                                                           "(the hidden trees stay hidden)")
    else:
        departure = Departure(k + 1, names[k], "the root", _what(move, value, right, trees[k][1],
                                                                 outcome.runs[k].shown))
    lines = [f"{score} of {n} trees right. On {departure}."]
    if len(fits) == 1:
        m = CHANCE_MISTAKES[fits[0]]
        lines += [f"On every tree your search answers as one with this mistake: {m.title}.", m.explanation]
    elif fits:
        lines.append("On every tree your search answers as each of these mistakes does: "
                     + "; ".join(CHANCE_MISTAKES[m].title for m in fits) + ".")
    else:
        lines.append("Its answers match none of the classic mistakes at chance nodes; compare it line by line "
                     "with the pseudocode (ab.listing('expectiminimax')): MAX takes the largest value, MIN the "
                     "smallest, a chance node Σ P(r) × value(r).")
    lines.append(f"The tree: {trees[k][1].to_json()}" if k not in hidden else
                 f"Tree {names[k]} is one of the hidden trees, so it is not shown; test your search on the book's "
                 "examples (ab.examples.FIG_5_13) and on trees of your own.")
    lines.append(f"Diagnosis: {' or '.join(fits) if fits else 'unknown'}")
    return Report(score, n, fits[0] if fits else "unknown", departure, "\n".join(lines), None, EXPECTIMAX, seed,
                  names, fits, _steps(outcome, names, k))


def _steps(outcome: Any, names: Sequence[str], k: int | None) -> SearchSteps | None:
    """What the search asked the game on tree ``k``, if it is one of the book's (the sandbox keeps no hidden
    game's calls) and the search got as far as a call."""
    if k is None or k >= len(outcome.runs) or k in _hidden(names):
        return None
    run = outcome.runs[k]
    return SearchSteps(names[k], EXPECTIMAX, run.calls, max(run.made, len(run.calls))) if run.calls else None


def _what(move: str | None, value: Any, right: Answer, t: Tree, shown: str) -> str:
    """What went wrong on a public tree: the move, or the value, against the correct ones."""
    best = " or ".join(sorted(right.moves))
    if move is None:
        return f"your search returns {shown}, which is not a legal action there; the correct move is {best}"
    if move not in right.moves:
        return f"your search returns {move}; the correct move is {best}, worth {_number(right.value)}"
    return f"your search returns the value {_number(value)}; the correct value is {_number(right.value)}"


def _number(x: Any) -> str:
    """A value as feedback shows it: a Fraction as a float, cut to 40 characters (a submission chose it)."""
    text = repr(round(float(x), 6)) if isinstance(x, Fraction) else repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


__all__ = ["check_expectimax", "expectimax_trees", "close_call_tree", "CLOSE_CALLS", "Answer", "answer", "answers", "unnamed_answer", "UNNAMED", "SEEDED",
           "Rules", "rule_answer", "RIGHT", "NAMED", "FAMILY", "NODE_RULES", "CHANCE_RULES",
           "FUNCTION", "PARTS"]
