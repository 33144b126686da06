"""Practice alone: answer what every node returns, and be told per node what is wrong and why.

:func:`check_answers` is the headless core the practice widget, the graders
and the tests share.  A student gives, for every node, the value its call
returns in the chosen edition's search, or ``"pruned"`` for a node the search
never visits (deep ones included).  A node cut off early returns its bound,
not its minimax value: the exercise teaches exactly that.  The check says, per
node, right or wrong, and why in the student's own numbers; when the answers
fit one of the classic mistakes it names it.

:func:`practice_tree` draws a fresh seeded tree worth practising on: at least
one cutoff, and (when asked) a tie that decides one.

Examples
--------
>>> import abteach as ab
>>> t = ab.examples.FIG_5_2
>>> right = {"A": 3, "B": 3, "b1": 3, "b2": 12, "b3": 8, "C": 2, "c1": 2, "c2": "pruned",
...          "c3": "pruned", "D": 2, "d1": 14, "d2": 5, "d3": 2}
>>> c = check_answers(t, right)
>>> c.score, c.out_of, c.misconception
(13, 13, None)
>>> c = check_answers(t, {**right, "c2": 4, "c3": 6})
>>> c.score, c.wrong_names, c.misconception
(11, ['c2', 'c3'], 'root-window-reset')

Every mistake that gives these very answers on this tree is named, the one that changes the search least
first (:func:`rank_mistakes`), with what would tell them apart:

>>> c.misconceptions
('root-window-reset', 'no-window', 'no-pruning', 'right-to-left')
>>> print(c.telling)  # doctest: +NORMALIZE_WHITESPACE
To tell them apart, work out the window b2 is called with: (−∞, 3) with the window reset at the root;
(−∞, +∞) with α and β not passed down or no pruning at all; (2, 8) with children visited right to left.
>>> print(c.verdicts[(1, 1)].reason)
You wrote 4 for c2, but c2 is never searched: C stops before it, since v=2 ≤ α=3 after c1.
"""

from __future__ import annotations

import math
import numbers
import random
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from abteach.games.generate import random_tree
from abteach.games.trees import Path, Tree, path_str, tree
from abteach.lessons.answers import PRUNED, Answer, check_rule, correct, node_answers, variant
from abteach.lessons.mistakes import MISTAKES, first_difference
from abteach.lessons.mistakes.diagnosis import clause
from abteach.lessons.mistakes.registry import DEPTH_MISTAKES, lookup, pairs
from abteach.search.events import Bound, Kind, fmt
from abteach.search.minimax import node_values
from abteach.search.result import SearchResult
from abteach.trace.algorithms import alphabeta
from abteach.trace.frames import Trace
from abteach.trace.protocol import Status

#: Tree sizes for practice: (branching, depth).
SIZES: Mapping[str, tuple[int, int]] = MappingProxyType({"small": (3, 2), "medium": (2, 4), "large": (3, 3)})
#: Tree shapes: every inner node with ``branching`` children, or some fewer and some leaves higher up.
SHAPES = ("uniform", "uneven")
#: Leaf values of practice trees: small whole numbers, so ties happen as in textbook exercises.
VALUES = (0, 9)

Window = tuple[float, float]


@dataclass(frozen=True)
class Verdict:
    """The check of one node.

    Attributes
    ----------
    path : tuple of int
    name : str
        How the lessons name the node (``'c2'``).
    answer : float, 'pruned' or None
        What the student gave (``None``: nothing).
    expected : float or 'pruned'
        What the node's call returns, or ``'pruned'``.
    right : bool
    reason : str
        Empty when right; otherwise one sentence in the student's own numbers.
    window, expected_window : (α, β) or None
        The window the student gave for the call, and the true one (``None`` for a pruned node).
    """

    path: Path
    name: str
    answer: Answer | None
    expected: Answer
    right: bool
    reason: str = ""
    window: Window | None = None
    expected_window: Window | None = None


@dataclass(frozen=True)
class Check:
    """What :func:`check_answers` finds.

    Attributes
    ----------
    verdicts : mapping of path to Verdict
        Every node of the tree, in preorder.
    score, out_of : int
        Nodes right, and nodes in the tree.
    misconception : str or None
        The id of the mistake in ``ab.mistakes.MISTAKES`` the answers fit, if
        any: the first of :attr:`misconceptions`.
    order : tuple of paths
        The nodes in the order the correct search reaches them (a pruned node
        where its cutoff happens), to find the first node the student got wrong.
    steps : mapping of path to int
        For each node, the step of the correct trace at which it is reached or pruned.
    result : SearchResult
        The correct search, traced.
    misconceptions : tuple of str
        Every mistake the answers fit equally well, the likeliest first (see
        :func:`rank_mistakes`); several mistakes can give the same answers on
        one tree.  When no single mistake fits, two made at once may
        (``'root-window-reset+strict-test'``).
    telling : str
        When several fit: one sentence on the single observation that tells
        them apart (a node's answer or window), or, when none on this tree
        does, the first step at which their searches part.
    rule : str
        The exercise's tie rule.
    """

    verdicts: Mapping[Path, Verdict]
    score: int
    out_of: int
    misconception: str | None
    order: tuple[Path, ...] = field(repr=False)
    steps: Mapping[Path, int] = field(repr=False)
    result: SearchResult = field(repr=False)
    hints: tuple[str, ...] = field(default=(), repr=False)
    misconceptions: tuple[str, ...] = ()
    telling: str = field(default="", repr=False)
    rule: str = "textbook"

    @property
    def wrong(self) -> list[Path]:
        """The nodes answered wrong, in the order the search reaches them."""
        return [p for p in self.order if not self.verdicts[p].right]

    @property
    def wrong_names(self) -> list[str]:
        return [self.verdicts[p].name for p in self.wrong]

    @property
    def first_wrong(self) -> Path | None:
        wrong = self.wrong
        return wrong[0] if wrong else None

    @property
    def replay_step(self) -> int:
        """The step of the correct trace to replay from: where the search reaches the first wrong node (0 if none).

        The node's call, or the cutoff that prunes it.
        """
        first = self.first_wrong
        return self.steps[first] if first is not None else 0

    @property
    def message(self) -> str:
        """One sentence on the whole: all right, how many wrong, and the misconception when one fits."""
        if self.score == self.out_of:
            return f"All {self.out_of} nodes right."
        text = f"{self.score} of {self.out_of} nodes right; look again at {', '.join(self.wrong_names)}."
        if self.misconceptions:
            text += " " + misconception_sentence(self.misconceptions[0], rule=self.rule)
        others = [mistake_name(m, self.rule) for m in self.misconceptions[1:]]
        if others:
            text += (f" {'Another mistake fits' if len(others) == 1 else 'Other mistakes fit'} your answers just "
                     f"as well: {_listed(others)}. {self.telling}")
        return text


def misconception_sentence(*mistake_ids: str, rule: str = "textbook") -> str:
    """'Your answers are what a search gives that …', for one mistake id or several that fit equally.

    ``rule`` is the exercise's tie rule: ``strict-test`` is told as what the
    student's search did against it.  A pair of mistakes made at once
    (``'a+b'``) is told as a search that does both.

    Examples
    --------
    >>> misconception_sentence("no-window")
    'Your answers are what a search gives that does not pass α and β down to the children.'
    >>> misconception_sentence("no-pruning", "no-window")  # doctest: +NORMALIZE_WHITESPACE
    'Your answers are what a search gives that never tests for a cutoff, as plain minimax does,
     or one that does not pass α and β down to the children.'
    >>> misconception_sentence("root-window-reset+strict-test", rule="strict")  # doctest: +NORMALIZE_WHITESPACE
    "Your answers are what a search gives that searches each root move with a fresh window (−∞, +∞),
     and also cuts off on a tie (v ≥ β, v ≤ α, the textbook's rule) where this exercise's strict rule
     goes on searching."
    """
    if not mistake_ids:
        raise TypeError("misconception_sentence needs at least one mistake id")
    check_rule(rule)
    return "Your answers are what a search gives that " + ", or one that ".join(
        ", and also ".join(_does(m, rule) for m in lookup(mid).ids) for mid in mistake_ids) + "."


def mistake_name(mistake_id: str, rule: str = "textbook") -> str:
    """A mistake's name as the exercise under ``rule`` sees it; two made at once are joined by ``+``.

    Examples
    --------
    >>> mistake_name("strict-test+root-window-reset")
    'the window reset at the root + the strict tie rule'
    >>> mistake_name("strict-test", rule="strict")
    "the textbook's tie rule"
    """
    check_rule(rule)
    return " + ".join(_TIE_NAMES[rule] if m == "strict-test" else MISTAKES[m].title
                      for m in lookup(mistake_id).ids)


def rule_sentence(rule: str = "textbook") -> str:
    """What a search under the other tie rule did, told against the exercise's ``rule``.

    The registry's explanation of ``strict-test`` is told against the
    textbook; under the strict rule the student's mistake is the other way
    round, so it is told from here.

    Examples
    --------
    >>> rule_sentence("strict")  # doctest: +NORMALIZE_WHITESPACE
    "Your cutoff tests prune on ties, v ≥ β and v ≤ α as the textbook's do, where this exercise's strict
     rule tests v > β and v < α and goes on searching when v equals the bound."
    """
    check_rule(rule)
    return _RULE_SENTENCES[rule]


_TIE_NAMES: Mapping[str, str] = MappingProxyType({"textbook": "the strict tie rule",
                                                   "strict": "the textbook's tie rule"})

_RULE_SENTENCES: Mapping[str, str] = MappingProxyType({
    "textbook": ("Your cutoff tests are strict, v > β and v < α, so on a tie your search goes on, where this "
                 "exercise's textbook rule tests v ≥ β and v ≤ α and cuts off when v equals the bound."),
    "strict": ("Your cutoff tests prune on ties, v ≥ β and v ≤ α as the textbook's do, where this exercise's "
               "strict rule tests v > β and v < α and goes on searching when v equals the bound."),
})

# What the other tie rule does, told against the exercise's rule.
_OTHER_RULE: Mapping[str, str] = MappingProxyType({
    "textbook": "does not cut off on a tie (v > β, v < α) where this exercise's textbook rule does (v ≥ β, v ≤ α)",
    "strict": ("cuts off on a tie (v ≥ β, v ≤ α, the textbook's rule) where this exercise's strict rule "
               "goes on searching"),
})


def _does(mistake_id: str, rule: str) -> str:
    return _OTHER_RULE[rule] if mistake_id == "strict-test" else _DOES[mistake_id]


def _explain(mistake_id: str, rule: str) -> str:
    """The first sentence of what a mistake is (each of a pair's), told against the exercise's ``rule``."""
    return " ".join(rule_sentence(rule) if m == "strict-test" else _first_sentence(MISTAKES[m].explanation)
                    for m in lookup(mistake_id).ids)


_DOES: Mapping[str, str] = MappingProxyType({
    "no-pruning": "never tests for a cutoff, as plain minimax does",
    "no-window": "does not pass α and β down to the children",
    "root-window-reset": "searches each root move with a fresh window (−∞, +∞)",
    "alpha-in-min": "raises α in MIN nodes where it should lower β",
    "beta-in-max": "lowers β in MAX nodes where it should raise α",
    "inverted-test": "has its cutoff tests the wrong way round",
    "test-before-update": "tests for a cutoff before taking the child's value into v",
    "right-to-left": "visits the children from right to left",
    "one-ply-too-deep": "goes one ply past the depth limit",
    "one-ply-too-shallow": "stops one ply early and estimates the nodes there",
    "shared-move": "keeps one best move for the whole search",
})


# -- reading the answers --------------------------------------------------------------

def _names(tree: Tree, result: SearchResult) -> dict[str, Path]:
    """Every name a node may be given by: its name (its own, or the lessons' letter), then its path written out.

    Names come first, so a message listing nodes lists names, never paths.
    """
    names = {tree.name(node.path): node.path for node in tree.walk()}
    for node in tree.walk():
        names.setdefault(path_str(node.path), node.path)
    return names


def _key(key: Any, tree: Tree, names: Mapping[str, Path], what: str) -> Path:
    if isinstance(key, tuple) and all(isinstance(i, int) and not isinstance(i, bool) for i in key):
        if key not in tree.nodes:
            raise ValueError(f"{what} has a node {key!r} that is not in the tree")
        return key
    if isinstance(key, str):
        if key not in names:
            raise ValueError(f"{what} names a node {key!r} that is not in the tree; "
                             f"nodes are named {', '.join(tree.name(p) for p in list(tree.nodes)[:6])}, ...")
        return names[key]
    raise TypeError(f"{what} keys must be node paths (tuples of ints) or names, not {key!r}")


def _answer(value: Any, key: Any) -> Answer:
    if isinstance(value, str) and value.strip().lower() == PRUNED:
        return PRUNED
    if isinstance(value, numbers.Real) and not isinstance(value, bool) and not math.isnan(float(value)):
        return value  # type: ignore[return-value]  # a Real that is not NaN
    raise ValueError(f"answers[{key!r}] must be a number or 'pruned', not {value!r}")


def _window(value: Any, key: Any) -> Window:
    ok = (isinstance(value, (tuple, list)) and len(value) == 2
          and all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in value))
    if not ok:
        raise ValueError(f"windows[{key!r}] must be a pair (α, β) of numbers, not {value!r}")
    return float(value[0]), float(value[1])


def same(a: Answer | None, b: Answer | None) -> bool:
    """Two answers agree: both pruned, or numbers equal to nine significant digits (so 23/3 may be 7.66666667)."""
    if isinstance(a, str) or isinstance(b, str) or a is None or b is None:
        return a == b
    return a == b or math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)


# -- the check ------------------------------------------------------------------------

def check_answers(tree: Tree, answers: Mapping[Any, Any], *, rule: str = "textbook", edition: int = 3,
                  windows: Mapping[Any, Any] | None = None) -> Check:
    """Check a student's answers for every node of ``tree``.

    Parameters
    ----------
    tree : Tree
        The tree the student searched by hand.
    answers : mapping
        Node (its path tuple, or its name) to the value its call returns in
        the chosen edition's search, or ``"pruned"`` for every node the search
        never visits.  A missing node is wrong.
    rule : {'textbook', 'strict'}
        The tie rule: the textbook cuts off on ties (``v ≥ β``), CS188 does not (``v > β``).
    edition : {3, 4}
        The book's edition whose search is meant.
    windows : mapping, optional
        Node to the (α, β) it is called with.  Nodes not in it are not checked
        for their window; a window given for a pruned node is wrong.

    Returns
    -------
    Check
        ``.verdicts``, ``.score``, ``.out_of``, ``.misconception`` and more.

    Raises
    ------
    TypeError, ValueError
        A tree that is not an abteach Tree, an unknown rule or edition, a node
        not in the tree, an answer that is neither a number nor ``"pruned"``.

    Examples
    --------
    >>> import abteach as ab
    >>> c = check_answers(ab.examples.FIG_5_2, {"A": 3}, rule="strict")
    >>> c.score, c.out_of, c.verdicts[(0,)].reason
    (1, 13, 'No answer for B: enter the value its call returns, or mark it pruned.')
    >>> check_answers(ab.examples.FIG_5_2, {"A": "three"})
    Traceback (most recent call last):
    ...
    ValueError: answers['A'] must be a number or 'pruned', not 'three'
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be an abteach Tree (ab.tree(...), ab.random_tree(...)), not {type(tree).__name__}")
    check_rule(rule)
    if isinstance(edition, bool) or edition not in (3, 4):
        raise ValueError(f"edition must be 3 or 4, not {edition!r}")
    if not isinstance(answers, Mapping):
        raise TypeError(f"answers must map nodes to values, not {type(answers).__name__}")
    if windows is not None and not isinstance(windows, Mapping):
        raise TypeError(f"windows must map nodes to (α, β) pairs, not {type(windows).__name__}")
    result = correct(tree, rule, edition)
    names = _names(tree, result)
    given = {path: _answer(value, key) for path, (key, value) in _by_node(answers, tree, names, "answers").items()}
    given_windows = {path: _window(value, key)
                     for path, (key, value) in _by_node(windows or {}, tree, names, "windows").items()}
    return _check(tree, result, given, given_windows, rule)


def _by_node(given: Mapping[Any, Any], tree: Tree, names: Mapping[str, Path],
             what: str) -> dict[Path, tuple[Any, Any]]:
    """``given`` keyed by node path, each with the key it was given under.

    A node may be named several ways (``"B"``, ``(0,)``, ``"0"``); two keys for
    one node would let the last one silently win, so they are refused, by name.
    """
    out: dict[Path, tuple[Any, Any]] = {}
    for key, value in given.items():
        path = _key(key, tree, names, what)
        if path in out:
            raise ValueError(f"{what} gives one node twice, as {out[path][0]!r} and as {key!r} (both name the "
                             f"node at path {path_str(path)}); keep one")
        out[path] = (key, value)
    return out


def _check(tree: Tree, result: SearchResult, given: Mapping[Path, Answer], given_windows: Mapping[Path, Window],
           rule: str) -> Check:
    trace = result.trace
    assert trace is not None
    last = trace.last()
    expected = node_answers(result)
    steps, order = _search_order(result)
    verdicts: dict[Path, Verdict] = {}
    for node in tree.walk():
        p = node.path
        want = expected[p]
        state = last.node(p)
        true_window = (state.window if state.status is Status.DONE else None)
        want_window = None if true_window is None else (float(true_window[0] or 0), float(true_window[1] or 0))
        answer = given.get(p)
        right = same(answer, want)
        reason = "" if right else _reason(tree, result, given, expected, p)
        window = given_windows.get(p)
        if window is not None:
            if want_window is None:
                right, reason = False, reason or (f"{trace.name(p)} is pruned, so it is never called: "
                                                  "it has no window.")
            elif not (same(window[0], want_window[0]) and same(window[1], want_window[1])):
                said = (f"{trace.name(p)} is called with (α, β) = ({fmt(want_window[0])}, {fmt(want_window[1])}), "
                        f"not ({fmt(window[0])}, {fmt(window[1])}): "
                        + "; ".join(window_origin(trace, p, which) for which, k in (("alpha", 0), ("beta", 1))
                                    if not same(window[k], want_window[k])) + ".")
                right, reason = False, (reason + " " + said).strip()
        verdicts[p] = Verdict(p, trace.name(p), answer, want, right, reason, window, want_window)
    ranked = _misconceptions(tree, rule, given, given_windows, _predict("", result))
    misconceptions = tuple(p.mistake for p in ranked)
    misconception = misconceptions[0] if misconceptions else None
    telling = _telling(ranked, order, given_windows, rule)
    score = sum(v.right for v in verdicts.values())
    check = Check(MappingProxyType(verdicts), score, len(verdicts), misconception, order,
                  MappingProxyType(steps), result, misconceptions=misconceptions, telling=telling, rule=rule)
    return replace(check, hints=hints(check))


def _search_order(result: SearchResult) -> tuple[dict[Path, int], tuple[Path, ...]]:
    """The step at which the correct search reaches each node: its call, or the cutoff that prunes it."""
    trace = result.trace
    assert trace is not None
    steps: dict[Path, int] = {}
    for step, e in enumerate(trace.events, start=1):
        if e.kind == Kind.ENTER:
            steps.setdefault(e.node, step)
        elif e.kind == Kind.CUTOFF:
            for skipped in e.skipped or ():
                steps.setdefault(skipped, step)
    game = trace.game
    assert isinstance(game, Tree)
    for node in game.walk():  # below a pruned child: pruned at the same step as it
        if node.path not in steps:
            steps[node.path] = steps.get(node.path[:-1], len(trace.events))
    order = tuple(sorted(steps, key=lambda p: (steps[p], p)))
    return steps, order


def _reason(tree: Tree, result: SearchResult, given: Mapping[Path, Answer], expected: Mapping[Path, Answer],
            p: Path) -> str:
    """One sentence on why the answer for ``p`` is wrong, in the student's own numbers."""
    trace = result.trace
    assert trace is not None
    last = trace.last()
    name = trace.name(p)
    answer = given.get(p)
    want = expected[p]
    node = tree.node(p)
    if answer is None:
        return f"No answer for {name}: enter the value its call returns, or mark it pruned."
    if want == PRUNED:
        top = p
        while len(top) > 1 and expected[top[:-1]] == PRUNED:
            top = top[:-1]
        parent = trace.name(top[:-1])
        why = last.node(top).pruned_by
        # The cutoff came after the last child searched: the one before the first pruned sibling.
        first_pruned = min(i for i in range(top[-1] + 1) if expected[top[:-1] + (i,)] == PRUNED)
        before = trace.name(top[:-1] + (first_pruned - 1,)) if first_pruned > 0 else ""
        since = f", since {why} after {before}" if why and before else ""
        if top == p:
            return f"You wrote {_say(answer)} for {name}, but {name} is never searched: {parent} stops before it{since}."
        return (f"You wrote {_say(answer)} for {name}, but it lies below {trace.name(top)}, which is pruned: "
                f"{parent} stops before {trace.name(top)}{since}.")
    if answer == PRUNED:
        if not p:
            return f"You marked {name} pruned, but the root's call is the search itself."
        window = last.node(p).window
        return (f"You marked {name} pruned, but it is searched: {trace.name(p[:-1])} has not cut off when it "
                f"gets there, and calls it with (α, β) = ({_say(window[0])}, {_say(window[1])}).")
    if node.is_leaf:
        return f"{name} is a leaf worth {_say(node.value)}; you wrote {_say(answer)}."
    state = last.node(p)
    # A cut-off node answered with its minimax value is the lesson's own point: say that first.  What its own
    # call proved decides it, not how its caller reads the return: a fail-low after the last child is exact.
    if state.proved not in (None, Bound.EXACT):
        minimax_value = node_values(tree, node)[p]
        if same(answer, minimax_value):
            cut = _cutoff_test(result, p)
            how = (f"{name} is cut off early" if cut else "a search below it is cut off early")
            return (f"{_say(answer)} is {name}'s minimax value, but {how} and its call returns "
                    f"{_say(want)}, only a bound: {state.pruned_by or cut or 'what was pruned could change it'}.")
    kids = [(c, given.get(c.path)) for c in node.children]
    if all(a is not None for _, a in kids):
        numbers_ = [float(a) for _, a in kids if a is not None and not isinstance(a, str)]
        if numbers_:
            is_max = node.player == "MAX"
            own = max(numbers_) if is_max else min(numbers_)
            if not same(own, answer):
                shown = ", ".join(_say(a) if a != PRUNED else f"{trace.name(c.path)} pruned"
                                  for c, a in kids)
                word = "max" if is_max else "min"
                return (f"From your own answers for its children ({shown}), {node.player}-VALUE at {name} "
                        f"returns their {word}, {_say(own)}, not {_say(answer)}.")
    wrong_kids = [trace.name(c.path) for c, a in kids if not same(a, expected[c.path])]
    if wrong_kids:
        return (f"{_say(answer)} follows from your answers below {name}, but {', '.join(wrong_kids)} "
                f"{'is' if len(wrong_kids) == 1 else 'are'} wrong: {name} returns {_say(want)}.")
    return f"{name} returns {_say(want)}, not {_say(answer)}."


def _say(x: Any) -> str:
    """A number as the lessons print it, or the word pruned."""
    return PRUNED if x == PRUNED else fmt(x)


def _cutoff_test(result: SearchResult, p: Path) -> str:
    trace = result.trace
    assert trace is not None
    for e in trace.events:
        if e.kind == Kind.CUTOFF and e.node == p and e.skipped:
            return f"{e.test} stops it"
    return ""  # no child of p was left unsearched


# -- which mistake the answers fit -------------------------------------------------------

@dataclass(frozen=True)
class _Prediction:
    """What a search (a mistake's, or the correct one) would have the student write: answers and windows."""

    mistake: str
    answers: Mapping[Path, Answer]
    windows: Mapping[Path, Window | None]
    trace: Trace

    def observed(self, key: tuple[str, Path]) -> Answer | Window | None:
        kind, p = key
        return self.answers[p] if kind == "answer" else self.windows[p]


def _predict(mistake: str, result: SearchResult) -> _Prediction:
    trace = result.trace
    assert trace is not None
    last = trace.last()
    windows: dict[Path, Window | None] = {}
    for p in node_answers(result):
        state = last.node(p)
        windows[p] = (float(state.window[0]), float(state.window[1])) if state.status is Status.DONE else None
    return _Prediction(mistake, node_answers(result), windows, trace)


def _agree(x: Any, y: Any) -> bool:
    """Two answers, or two windows, agree (a window of ``None``: the node is never called)."""
    if isinstance(x, tuple) or isinstance(y, tuple):
        return isinstance(x, tuple) and isinstance(y, tuple) and all(same(a, b) for a, b in zip(x, y))
    return same(x, y)


def _misconceptions(tree: Tree, rule: str, given: Mapping[Path, Answer], given_windows: Mapping[Path, Window],
                    right: _Prediction) -> list[_Prediction]:
    """The mistakes whose answers (and windows, where given) explain the student's wrong ones, likeliest first.

    For each mistake: how many wrong observations it explains (the student
    gave exactly its answer, or its window), against how many it does not
    (the student gave something else) plus how many of its own departures the
    student did not make.  It is a candidate when it explains more than twice
    what it misses, and the candidates with the best margin are kept.  When
    no single mistake explains every wrong observation, two made at once are
    tried, and named if they explain strictly more.
    """
    student: dict[tuple[str, Path], Any] = {("answer", p): given.get(p) for p in right.answers}
    student.update({("window", p): w for p, w in given_windows.items()})
    wrong = [k for k, x in student.items() if not _agree(x, right.observed(k))]
    if not wrong:
        return []
    singles = list(MISTAKES)
    fits = _fits(singles, tree, rule, student, wrong, right)
    if not any(missed == 0 for _, missed, _ in fits.values()):
        # No single mistake explains every wrong answer: two made at once may, and are named when they
        # explain strictly more, since one mistake is the simpler explanation of the same answers.
        two = _fits(pairs(m for m in singles if m not in DEPTH_MISTAKES), tree, rule, student, wrong, right)
        if two and max(f[0] for f in two.values()) > max((f[0] for f in fits.values()), default=-1):
            fits = two
    if not fits:
        return []
    best = max(f[0] for f in fits.values())
    return rank_mistakes([f[2] for f in fits.values() if f[0] == best], right)


def _fits(candidates: list[str] | tuple[str, ...], tree: Tree, rule: str, student: Mapping[tuple[str, Path], Any],
          wrong: list[tuple[str, Path]], right: _Prediction) -> dict[str, tuple[int, int, _Prediction]]:
    """Each candidate that explains more than twice what it misses: its margin, what it misses, its prediction."""
    out = {}
    for mid in candidates:
        theirs = _predict(mid, variant(mid, tree, rule))
        departs = [k for k in student if not _agree(theirs.observed(k), right.observed(k))]
        if not departs:
            continue
        explained = sum(_agree(student[k], theirs.observed(k)) for k in wrong)
        missed = len(wrong) - explained + sum(k not in wrong for k in departs)
        if explained > 2 * missed:
            out[mid] = (explained - missed, missed, theirs)
    return out


def rank_mistakes(fits: list[_Prediction], right: _Prediction) -> list[_Prediction]:
    """Mistakes that fit the answers equally, the likeliest first.

    The rule is parsimony: of the explanations that fit, prefer the one that
    changes least.  First, the mistake whose search departs from the correct
    one at the fewest places a student could write down on this tree (every
    node's answer and window): a fresh window at the root alone, say, before
    no window passed anywhere, when both give these answers.  Then the one
    whose pseudocode differs from the textbook's in the fewest lines, so a
    student whose windows are (−∞, +∞) everywhere is told that α and β are not
    passed down (two lines) before that nothing is pruned (six lines), which
    gives the same windows.  Then one mistake before two made at once, the
    other tie rule first (the commonest reason answers differ on ties alone),
    and the registry's order.
    """
    keys = [(kind, p) for p in right.answers for kind in ("answer", "window")]
    order = list(MISTAKES)

    def key(pred: _Prediction) -> tuple[int, int, int, bool, int]:
        m = lookup(pred.mistake)
        departures = sum(not _agree(pred.observed(k), right.observed(k)) for k in keys)
        return (departures, len(m.edits), len(m.ids), m.ids[0] != "strict-test", order.index(m.ids[0]))

    return sorted(fits, key=key)


def _telling(ranked: list[_Prediction], order: tuple[Path, ...], given_windows: Mapping[Path, Window],
             rule: str) -> str:
    """One sentence on what tells the mistakes in ``ranked`` apart, the likeliest first; empty for one or none.

    The observation is a node's answer or window the student has not given,
    in the order the search reaches the nodes, that splits the mistakes into
    the most groups (the likeliest alone in its group, if it can be).  When
    none on this tree does, the first step at which the two likeliest
    mistakes' own searches part is told instead.
    """
    if len(ranked) < 2:
        return ""
    top = ranked[0]
    best: tuple[tuple[int, bool], tuple[str, Path], list[tuple[Any, list[str]]]] | None = None
    for p in order:
        for kind in ("window", "answer"):
            if kind == "window" and p in given_windows:
                continue
            groups: list[tuple[Any, list[str]]] = []
            for pred in ranked:
                x = pred.observed((kind, p))
                group = next((g for g in groups if _agree(g[0], x)), None)
                if group is None:
                    groups.append((x, [pred.mistake]))
                else:
                    group[1].append(pred.mistake)
            score = (len(groups), len(groups[0][1]) == 1)
            if len(groups) > 1 and (best is None or score > best[0]):
                best = (score, (kind, p), groups)
    names = {pred.mistake: mistake_name(pred.mistake, rule) for pred in ranked}
    trace = top.trace
    if best is not None:
        (kind, p), groups = best[1], best[2]
        what = (f"work out the window {trace.name(p)} is called with" if kind == "window"
                else f"work out what {trace.name(p)} returns")
        said = "; ".join(f"{_observation(x)} with {' or '.join(names[m] for m in ms)}" for x, ms in groups)
        return f"To tell them apart, {what}: {said}."
    other = ranked[1]
    d = first_difference(top.trace, other.trace)
    if d is None or d.correct is None or d.buggy is None:  # pragma: no cover - they differ from the correct search
        return f"Nothing on this tree tells {names[top.mistake]} from {names[other.mistake]}."
    return (f"No answer or window on this tree tells {names[top.mistake]} from {names[other.mistake]}, only the "
            f"code does: at step {d.step}, with {names[top.mistake]}, {clause(top.trace, d.correct)}; with "
            f"{names[other.mistake]}, {clause(other.trace, d.buggy)}.")


def _observation(x: Any) -> str:
    if x is None:
        return "it is never called"
    if isinstance(x, tuple):
        return f"({fmt(x[0])}, {fmt(x[1])})"
    return _say(x)


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def window_origin(trace: Trace, p: Path, which: str) -> str:
    """Why the correct search calls ``p`` with its α (``which='alpha'``) or β: where that bound was set.

    A bound is set at some node after one of its children returned, and every
    node passes its window on to the children it calls after that; a bound no
    node has moved is still where the search started it, at ±∞.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> window_origin(tr, (1,), "alpha")
    "A's α became 3 when B returned 3, and A passes it on to C"
    >>> window_origin(tr, (2, 2), "alpha")
    "A's α became 3 when B returned 3, and it comes down to d3 through D"
    >>> window_origin(tr, (1,), "beta")
    'β is still +∞: no node above C has moved it before C is called'
    """
    sym = "α" if which == "alpha" else "β"
    events = trace.events
    called = next(i for i, e in enumerate(events) if e.kind == Kind.ENTER and e.node == p)
    value = getattr(events[called], which)
    node, before = p, called
    while node:
        q = node[:-1]
        entered = next(i for i, e in enumerate(events) if e.kind == Kind.ENTER and e.node == q)
        if not same(getattr(events[entered], which), value):
            # q moved the bound to this value itself, after one of its children returned.
            k = next(i for i in range(entered, before) if events[i].kind == Kind.WINDOW and events[i].node == q
                     and events[i].which == which and same(getattr(events[i], which), value))
            child = next(e for e in reversed(events[entered:k])
                         if e.kind in (Kind.EXIT, Kind.LEAF) and e.node[:-1] == q)
            between = [trace.name(p[:n]) for n in range(len(q) + 1, len(p))]
            route = (f"{trace.name(q)} passes it on to {trace.name(p)}" if not between else
                     f"it comes down to {trace.name(p)} through {_listed(between)}")
            return (f"{trace.name(q)}'s {sym} became {fmt(value)} when {trace.name(child.node)} returned "
                    f"{fmt(child.value)}, and {route}")
        node, before = q, entered
    return f"{sym} is still {fmt(value)}: no node above {trace.name(p)} has moved it before {trace.name(p)} is called"


# -- help -----------------------------------------------------------------------------

def hints(check: Check) -> tuple[str, ...]:
    """Hints for the first node the student got wrong, from the gentlest to the answer itself."""
    first = check.first_wrong
    trace = check.result.trace
    assert trace is not None
    if first is None:
        return ("Every answer is right: try a new tree, or the other tie rule.",)
    v = check.verdicts[first]
    name = v.name
    out = [f"Start with {name}: it is the first node, in the order the search reaches them, that you got wrong."]
    state = trace.last().node(first)
    if state.status is Status.DONE:
        w = state.window
        out.append(f"{name} is called with α = {fmt(w[0])} and β = {fmt(w[1])}: what MAX and MIN are already "
                   "sure of elsewhere.")
        out.append("A MAX node stops as soon as v ≥ β, a MIN node as soon as v ≤ α."
                   if check.result.prune_on_tie else
                   "Under the strict rule a MAX node stops only when v > β, a MIN node only when v < α.")
    else:
        parent = trace.name(first[:-1]) if first else name
        out.append(f"Watch {parent} just before it would reach {name}: compare its v with its α and β.")
    if check.misconceptions:
        best = check.misconceptions[0]
        out.append(" ".join(x for x in (misconception_sentence(best, rule=check.rule), _explain(best, check.rule),
                                         check.telling) if x))
    out.append(v.reason)
    return tuple(out)


def _first_sentence(text: str) -> str:
    return text.split(". ")[0].rstrip(".") + "."


# -- trees worth practising on --------------------------------------------------------

def practice_tree(*, size: str = "small", shape: str = "uniform", rule: str = "textbook", ties: bool = False,
                  seed: int | str = 0) -> Tree:
    """A fresh tree for practice: the same arguments give the same tree.

    Parameters
    ----------
    size : {'small', 'medium', 'large'}
        Branching and depth, from :data:`SIZES`.
    shape : {'uniform', 'uneven'}
    rule : {'textbook', 'strict'}
        The tie rule the exercise uses: the tree has a cutoff under it.
    ties : bool
        ``True``: the two tie rules prune differently on this tree, so the
        rule matters.  ``False``: they agree, so it does not.
    seed : int or str

    Examples
    --------
    >>> import abteach as ab
    >>> t = practice_tree(seed=1, ties=True)
    >>> ab.alphabeta(t).pruned != ab.alphabeta(t, prune_on_tie=False).pruned
    True
    >>> practice_tree(size="huge")
    Traceback (most recent call last):
    ...
    ValueError: size must be one of small, medium, large, not 'huge'
    """
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    if shape not in SHAPES:
        raise ValueError(f"shape must be one of {', '.join(SHAPES)}, not {shape!r}")
    check_rule(rule)
    if not isinstance(ties, bool):
        raise TypeError(f"ties must be True or False, not {ties!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, not {seed!r}")
    b, d = SIZES[size]
    # Draw seeded candidates until one fits; each candidate's seed is derived, so the search is reproducible.
    rng = random.Random(f"practice:{size}:{shape}:{rule}:{ties}:{seed}")
    for _ in range(10_000):
        t = random_tree(b, d, seed=rng.getrandbits(32), uneven=shape == "uneven", values=VALUES)
        if interesting(t, rule, ties):
            return named(t)
    raise ValueError(f"found no {size} {shape} tree with a cutoff{' and a deciding tie' if ties else ''}")  # pragma: no cover


def named(t: Tree) -> Tree:
    """``t`` with every node named as the lessons name it (A, B, b1, ...), so drawings and forms agree.

    Moves are named as Fig. 5.2 names them: the i-th move from a node is its lower-case name and i
    (``a1`` leads from A to B), so a move into a leaf has the leaf's name, and "the best move" is
    told in the names the picture shows, never as a bare number.

    Examples
    --------
    >>> import abteach as ab
    >>> t = named(ab.tree([[3, 12], [2, 4]]))
    >>> [n.name for n in t.walk()], t.node((1, 0)).move, t.node((1,)).move
    (['A', 'B', 'b1', 'b2', 'C', 'c1', 'c2'], 'c1', 'a2')
    >>> ab.alphabeta(t).move_name
    'a1'
    """
    trace = alphabeta(t).trace
    assert trace is not None
    names = {n.path: trace.name(n.path) for n in t.walk()}
    moves = {p: f"{names[p[:-1]].lower()}{p[-1] + 1}" for p in names if p}
    return tree(t.to_nested(), root=t.root.player, names=names, moves=moves)


def interesting(t: Tree, rule: str = "textbook", ties: bool = False) -> bool:
    """Whether ``t`` is worth searching by hand: two moves at the root, a cutoff under ``rule``, and the tie
    rules parting on it exactly when ``ties``."""
    tie = check_rule(rule)
    here = alphabeta(t, prune_on_tie=tie.prunes_on_tie, trace=False)
    other = alphabeta(t, prune_on_tie=tie.other.prunes_on_tie, trace=False)
    # A root with one move leaves MAX nothing to choose: no exercise.
    return len(t.root.children) >= 2 and bool(here.pruned) and (here.pruned != other.pruned) == ties


__all__ = ["check_answers", "Check", "Verdict", "practice_tree", "interesting", "hints", "misconception_sentence",
           "mistake_name", "rule_sentence", "rank_mistakes", "window_origin",
           "same", "named", "SIZES", "SHAPES", "PRUNED"]
