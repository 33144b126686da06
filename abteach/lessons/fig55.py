"""AIMA Fig. 5.5 as data, and where it departs from ALPHA-BETA-SEARCH, computed.

The textbook's Fig. 5.5 annotates each node of the Fig. 5.2 tree with a range
[low, high] of its possible value, in six stages (a)-(f).  The algorithm of
Fig. 5.7 keeps something else at each node: the window (α, β) it was called
with (updated on its own side as children return), a running ``v``, and, once
it returns, a value that is exact or only a bound.  This module stores the
figure once (:data:`FIG_5_5`), maps each stage to a step of a trace
(:func:`stage_step`), and lists every place where the two differ
(:func:`compare`).  It reads traces and never draws anything.

Stage -> step
-------------
A stage names the leaves it has seen.  Its step is the last step before the
search enters any node beyond them: right after the last of its leaves is
evaluated *and everything that follows from it* has run (the parent's update,
the cutoff test, α/β updates, returns, and the updates those returns cause
further up), up to the next ``enter`` event, or the end of the trace.  This is
the most defensible point because the figure draws the consequences of a leaf,
not only the leaf: stage (c) already shows the root as [3, +∞], which the
algorithm holds only after B has returned and A has set α = 3.  An earlier step
would charge the figure with updates the algorithm has not yet made; a later
one would show nodes (C, D) that the figure still leaves blank.  A stage with
no leaves maps to step 0.

The stage's leaves must be exactly the first leaves the search evaluates (in
any order); a pruned leaf, a node that is not a leaf, or a gap raises a
:class:`ValueError` naming the stage and the path.

What counts as a disagreement: like with like
---------------------------------------------
A figure's range is a statement about a node's *value*.  So it is compared
with the range of that value the algorithm has *established* at the stage's
step (:func:`established`), never with the node's window:

* a node that has returned ``g`` establishes what its own call proved
  (:attr:`~abteach.trace.protocol.NodeState.known`): [g, g] when every child
  was searched and the children that decide it are exact, even if ``g`` lies
  outside its window; [−∞, g] when a cutoff left children of a MIN node
  unsearched (the value is at most ``g``), [g, +∞] for a MAX node.  A
  fail-low on the last child, such as D's 2 at stage (f), is exact for D:
  only D's caller, which cannot tell it from an early cutoff, reads it as
  "at most 2" (the *caller* column of :func:`abteach.views.fig55.stage_table`);
* a node still being searched establishes one side only, from its running
  ``v``: a MIN node is ≤ v, a MAX node ≥ v (when the child that gave ``v``
  proved an exact value or a bound on that side).

The window (α, β) says which values still matter to the nodes above, not
where the node's value lies, so it is shown beside the comparison
(:func:`window_text`) and takes no part in it.  Each node the stage gives a
range for (or an explicit ``None``, "drawn blank") yields at most one
:class:`Disagreement`, with one of these aspects:

``reached``
    The figure draws a range for a node the search has not entered (not yet, or
    pruned), or leaves blank a node it has entered.
``range``
    The figure's range is not the range the algorithm has established.

Equal ranges agree, so a stage whose ranges the algorithm establishes exactly
comes back with no disagreements.  The two editions evaluate the same leaves
and return the same values, so on Fig. 5.2 they establish the same ranges and
disagree with the figure in the same places; they differ only in their windows.

Examples
--------
>>> import abteach as ab
>>> from abteach.lessons import fig55
>>> trace = ab.alphabeta(ab.examples.FIG_5_2, edition=3).trace
>>> [stage.label for stage in fig55.FIG_5_5 if not fig55.compare_stage(stage, trace)]
['a', 'b', 'c', 'd', 'f']
>>> d = fig55.compare_stage(fig55.stage("e"), trace)[0]
>>> d.name, d.aspect, str(d.figure), d.algorithm
('A', 'range', '[3, 14]', '[3, +∞] (running v = 3)')
>>> d.reason
"A's running v = 3 establishes A ≥ 3, not A in [3, 14]: no value the search has returned bounds A from above"
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, Mapping, Sequence, cast

from abteach.search.events import Bound, Kind, fmt
from abteach.games import examples
from abteach.games.players import MIN
from abteach.trace.frames import Frame, NodeState, Status, Trace
from abteach.games.errors import shown
from abteach.games.trees import Path, Tree, path_str

Aspect = Literal["reached", "range"]

#: The order disagreements about one node are listed in.
ASPECTS: tuple[Aspect, ...] = ("reached", "range")

_ASPECT_SYMBOL = {"reached": "reached", "range": "range"}


@dataclass(frozen=True)
class Range:
    """A closed range [low, high] of a node's possible value; the ends may be ±inf.

    Examples
    --------
    >>> from math import inf
    >>> str(Range(-inf, 3)), Range.of_return(2, "upper") == Range(-inf, 2)
    ('[−∞, 3]', True)
    >>> Range(5, 3)
    Traceback (most recent call last):
    ...
    ValueError: range [5, 3] has low > high
    """

    low: float
    high: float

    def __post_init__(self) -> None:
        for end, x in (("low", self.low), ("high", self.high)):
            if isinstance(x, bool) or not isinstance(x, numbers.Real):
                raise TypeError(f"range {end} must be a real number or ±inf, not {x!r}")
            if math.isnan(x):
                raise ValueError(f"range {end} is NaN; use a number or ±inf")
        if self.low > self.high:
            raise ValueError(f"range [{fmt(self.low)}, {fmt(self.high)}] has low > high")

    @classmethod
    def exact(cls, g: float) -> "Range":
        """[g, g]."""
        return cls(g, g)

    @classmethod
    def of_return(cls, g: float, bound: Bound | str) -> "Range":
        """The range a returned ``g`` allows: exact [g, g], upper [−∞, g], lower [g, +∞].

        Examples
        --------
        >>> str(Range.of_return(3, "lower"))
        '[3, +∞]'
        """
        bound = Bound(bound)
        if bound is Bound.UPPER:
            return cls(-math.inf, g)
        if bound is Bound.LOWER:
            return cls(g, math.inf)
        return cls(g, g)

    def claim(self, name: str) -> str:
        """The range as a statement about a node: ``'D = 2'``, ``'D ≤ 14'``, ``'A in [3, 14]'``."""
        if self.low == self.high:
            return f"{name} = {fmt(self.low)}"
        if self.low == -math.inf and self.high == math.inf:
            return f"{name} unbounded"
        if self.low == -math.inf:
            return f"{name} ≤ {fmt(self.high)}"
        if self.high == math.inf:
            return f"{name} ≥ {fmt(self.low)}"
        return f"{name} in {self}"

    def __str__(self) -> str:
        return f"[{fmt(self.low)}, {fmt(self.high)}]"


RangeLike = Range | tuple[float, float] | None


@dataclass(frozen=True)
class FigureStage:
    """One stage of a figure that annotates nodes with value ranges.

    Attributes
    ----------
    label : str
        ``'a'`` ... ``'f'`` for Fig. 5.5; any non-empty string for other figures.
    ranges : mapping of path to Range or None
        The range drawn at each node; ``None`` means the node is drawn blank
        (not yet reached).  Nodes left out are not compared.  ``(low, high)``
        tuples are accepted and turned into :class:`Range`.  Stored read-only.
    caption : str
        What the stage says, in short.
    in_book : bool
        ``False`` for stages that only some lecture slides add.
    leaves_seen : tuple of paths
        Every leaf evaluated up to this stage (not only the new ones).

    Raises
    ------
    ValueError
        A path that is not a tuple of non-negative ints, a range with
        low > high or a NaN end, a leaf listed twice; the message names the
        stage and the path.  Whether the paths fit a tree is checked by
        :func:`check_stage`, :func:`stage_step` and :func:`compare`.

    Examples
    --------
    >>> s = FigureStage("x", {(): (3, 14)}, leaves_seen=((0, 0),))
    >>> s.ranges[()]
    Range(low=3, high=14)
    >>> FigureStage("x", {(1,): (5, 3)})
    Traceback (most recent call last):
    ...
    ValueError: stage (x), node at path 1: range [5, 3] has low > high
    """

    label: str
    ranges: Mapping[Path, Range | None]
    caption: str = ""
    in_book: bool = True
    leaves_seen: tuple[Path, ...] = ()

    if TYPE_CHECKING:
        # What the generated __init__ accepts: (low, high) pairs too, which __post_init__ turns into Ranges.
        def __init__(self, label: str, ranges: Mapping[Path, RangeLike], caption: str = "",
                     in_book: bool = True, leaves_seen: tuple[Path, ...] = ()) -> None: ...

    def __post_init__(self) -> None:
        if not isinstance(self.label, str) or not self.label:
            raise ValueError(f"a stage label must be a non-empty string, not {self.label!r}")
        if not isinstance(self.ranges, Mapping):
            raise ValueError(f"stage ({self.label}): ranges must be a mapping of path to range, "
                             f"not {type(self.ranges).__name__}")
        ranges: dict[Path, Range | None] = {}
        for key, given in self.ranges.items():
            path = _as_path(key, self.label, "node")
            ranges[path] = _as_range(given, self.label, path)
        leaves: list[Path] = []
        for key in self.leaves_seen:
            path = _as_path(key, self.label, "leaf")
            if path in leaves:
                raise ValueError(f"stage ({self.label}): leaf at path {path_str(path)} is listed twice")
            leaves.append(path)
        # Read-only copies: a stage is shared data, and a caller's later edits
        # to the dict they passed must not change it.
        object.__setattr__(self, "ranges", MappingProxyType(ranges))
        object.__setattr__(self, "leaves_seen", tuple(leaves))

    def by_name(self, tree: Tree) -> dict[str, Range | None]:
        """The ranges keyed by the tree's node names, e.g. ``{'A': Range(3, 14), ...}``."""
        check_stage(self, tree)
        return {tree.name(p): r for p, r in self.ranges.items()}


def _as_path(key: Any, label: str, what: str) -> Path:
    if isinstance(key, list):
        key = tuple(key)
    if not isinstance(key, tuple) or not all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in key):
        raise ValueError(f"stage ({label}): {what} key {key!r} is not a path (a tuple of child indices)")
    return key


def _as_range(given: Any, label: str, path: Path) -> Range | None:
    where = f"stage ({label}), node at path {path_str(path)}"
    if given is None or isinstance(given, Range):
        return given
    if not isinstance(given, (tuple, list)) or len(given) != 2:
        raise ValueError(f"{where}: range must be a Range, a (low, high) pair or None, not {given!r}")
    try:
        return Range(*given)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{where}: {err}") from None


_INF = math.inf

#: AIMA Fig. 5.5 (Fig. 6.5 in the 4th-edition Global Edition) on :data:`abteach.games.examples.FIG_5_2`,
#: with the stage some lecture slides add after d2 (label ``'e+'``, ``in_book=False``).
FIG_5_5: tuple[FigureStage, ...] = (
    FigureStage("a", {(): (-_INF, _INF), (0,): (-_INF, 3), (1,): None, (2,): None},
                "the first leaf below B is 3, so B ≤ 3",
                leaves_seen=((0, 0),)),
    FigureStage("b", {(): (-_INF, _INF), (0,): (-_INF, 3), (1,): None, (2,): None},
                "12: B is still ≤ 3",
                leaves_seen=((0, 0), (0, 1))),
    FigureStage("c", {(): (3, _INF), (0,): (3, 3), (1,): None, (2,): None},
                "8: B = 3, so the root is ≥ 3",
                leaves_seen=((0, 0), (0, 1), (0, 2))),
    FigureStage("d", {(): (3, _INF), (0,): (3, 3), (1,): (-_INF, 2), (2,): None},
                "C's first leaf is 2, so C ≤ 2 and its other leaves are pruned",
                leaves_seen=((0, 0), (0, 1), (0, 2), (1, 0))),
    FigureStage("e", {(): (3, 14), (0,): (3, 3), (1,): (-_INF, 2), (2,): (-_INF, 14)},
                "D's first leaf is 14, so D ≤ 14, and the root's value is also at most 14",
                leaves_seen=((0, 0), (0, 1), (0, 2), (1, 0), (2, 0))),
    FigureStage("e+", {(): (3, 5), (0,): (3, 3), (1,): (-_INF, 2), (2,): (-_INF, 5)},
                "5: D ≤ 5, so the root is at most 5 (slides only)",
                in_book=False,
                leaves_seen=((0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1))),
    FigureStage("f", {(): (3, 3), (0,): (3, 3), (1,): (-_INF, 2), (2,): (2, 2)},
                "5, then 2: D = 2; MAX moves to B, for value 3",
                leaves_seen=((0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2))),
)


def stage(label: str, stages: Sequence[FigureStage] = FIG_5_5) -> FigureStage:
    """The stage called ``label`` (``'a'`` ... ``'f'``, or ``'e+'`` for the slides' extra one).

    Examples
    --------
    >>> str(stage("e").ranges[()]), stage("e+").in_book
    ('[3, 14]', False)
    """
    for s in stages:
        if s.label == label:
            return s
    raise KeyError(f"no stage {label!r}; the stages are {[s.label for s in stages]}")


def is_book_tree(tree: Tree) -> bool:
    """Whether ``tree`` is the book's Fig. 5.2 tree, the one Fig. 5.5 is drawn on.

    A tree built again with the same leaves, names and moves counts as the
    book's; any other does not.

    Examples
    --------
    >>> import abteach as ab
    >>> is_book_tree(ab.examples.FIG_5_2), is_book_tree(ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    (True, False)
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"expected an abteach.Tree, not {type(tree).__name__}")
    return tree is examples.FIG_5_2 or tree.to_json() == examples.FIG_5_2.to_json()


def is_fig_5_5(stages: FigureStage | Sequence[FigureStage], tree: Tree | None = None) -> bool:
    """Whether ``stages`` are the book's: each one a stage of :data:`FIG_5_5`.

    Views name the book ("Fig. 5.5 (e), as drawn in the book") only when
    this holds; a caller's own stages are called a figure's stages.

    Parameters
    ----------
    stages : FigureStage or sequence of FigureStage
        One stage, or several (an empty sequence is not the book's).
    tree : Tree, optional
        With a tree, the stages must also be drawn on the book's tree
        (:func:`is_book_tree`): Fig. 5.5's ranges on another tree are not the book's figure.

    Examples
    --------
    >>> import abteach as ab
    >>> is_fig_5_5(FIG_5_5), is_fig_5_5(stage("e")), is_fig_5_5(FigureStage("e", {(): (3, 14)}))
    (True, True, False)
    >>> is_fig_5_5(FIG_5_5[:2], ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    False
    """
    group = (stages,) if isinstance(stages, FigureStage) else tuple(stages)
    # Equal, not only the same objects: a stage rebuilt from the same data is still the book's.
    if not group or not all(any(s is b or s == b for b in FIG_5_5) for s in group):
        return False
    return tree is None or is_book_tree(tree)


def figure_stage(tree: Tree, label: str, ranges: Mapping[str | Path, RangeLike], *, caption: str = "",
                 leaves: Iterable[str | Path] = (), in_book: bool = True) -> FigureStage:
    """Build a stage for ``tree`` with nodes and leaves given by name (or by path).

    Parameters
    ----------
    tree : Tree
    label : str
    ranges : mapping of name or path to Range, (low, high) or None
    caption : str
    leaves : iterable of names or paths
        Every leaf evaluated up to this stage.
    in_book : bool

    Raises
    ------
    ValueError
        A name the tree does not have (or has twice), or anything
        :func:`check_stage` rejects; the message names the stage.

    Examples
    --------
    >>> import abteach as ab
    >>> s = figure_stage(ab.examples.TUTORIAL, "1", {"A": None, "B": (float("-inf"), 3)}, leaves=["D"])
    >>> s.ranges[(0,)], s.leaves_seen
    (Range(low=-inf, high=3), ((0, 0),))
    >>> figure_stage(ab.examples.TUTORIAL, "1", {"Z": None})
    Traceback (most recent call last):
    ...
    ValueError: stage (1): the tree has no node named 'Z'
    """
    def resolve(key: str | Path) -> Path:
        if not isinstance(key, str):
            return key  # FigureStage checks the path's form
        found = [p for p, n in tree.nodes.items() if n.name == key]
        if not found:
            raise ValueError(f"stage ({label}): the tree has no node named {key!r}")
        if len(found) > 1:
            raise ValueError(f"stage ({label}): the name {key!r} belongs to several nodes "
                             f"({', '.join(path_str(p) for p in found)}); give a path instead")
        return found[0]

    built = FigureStage(label, {resolve(k): r for k, r in ranges.items()}, caption, in_book,
                        tuple(resolve(k) for k in leaves))
    check_stage(built, tree)
    return built


def check_stage(stage: FigureStage, tree: Tree, evaluated: Sequence[Path] | None = None) -> None:
    """Raise a ValueError naming the stage and the path if ``stage`` does not fit ``tree``.

    Checks that every ranged path is a node of the tree and every listed leaf
    is a leaf of it.  With ``evaluated`` (the leaves a search evaluated, in
    order) it also checks that the stage's leaves are exactly the first of
    them: a listed leaf that is pruned, or a gap, is an error.  A node that a
    depth-limited search scored counts as a leaf when it is in ``evaluated``.

    Examples
    --------
    >>> import abteach as ab
    >>> check_stage(FigureStage("z", {(3,): None}), ab.examples.FIG_5_2)
    Traceback (most recent call last):
    ...
    ValueError: stage (z): path 3 is not a node of this tree
    """
    label = stage.label
    for path in stage.ranges:
        if path not in tree.nodes:
            raise ValueError(f"stage ({label}): path {path_str(path)} is not a node of this tree")
    scored = set(evaluated or ())
    for path in stage.leaves_seen:
        if path not in tree.nodes:
            raise ValueError(f"stage ({label}): leaf path {path_str(path)} is not a node of this tree")
        if not tree.nodes[path].is_leaf and path not in scored:
            raise ValueError(f"stage ({label}): {tree.name(path)} (path {path_str(path)}) is listed as "
                             "a seen leaf but is not a leaf")
    if evaluated is None:
        return
    order = list(evaluated)
    for path in stage.leaves_seen:
        if path not in scored:
            raise ValueError(f"stage ({label}): leaf {tree.name(path)} (path {path_str(path)}) is never "
                             "evaluated by this search: alpha-beta prunes it")
    n = len(stage.leaves_seen)
    listed = set(stage.leaves_seen)
    for path in order[:n]:
        if path not in listed:
            last = max(stage.leaves_seen, key=order.index)
            raise ValueError(f"stage ({label}): the search evaluates {tree.name(path)} (path "
                             f"{path_str(path)}) before {tree.name(last)} (path {path_str(last)}), "
                             "but the stage does not list it as seen")


def _tree_of(trace: Trace) -> Tree:
    if not isinstance(trace, Trace):
        hint = ": pass the result's .trace" if isinstance(getattr(trace, "trace", None), Trace) else ""
        raise TypeError(f"trace must be an abteach.Trace (result.trace), not {shown(trace)}{hint}")
    if "ranges" not in trace.algorithm.views:
        raise ValueError(
            f"the comparison needs an alpha-beta trace of the textbook's search, not one of {trace.algorithm.label}")
    if trace.tree is None:
        raise ValueError("the comparison needs a trace of an explicit tree (abteach.tree), "
                         "so that stage paths can be checked")
    return trace.tree


def _evaluated(trace: Trace) -> list[tuple[int, Path]]:
    return [(k, e.node) for k, e in enumerate(trace, start=1) if e.kind == Kind.LEAF]


def stage_step(stage: FigureStage, trace: Trace) -> int:
    """The step of ``trace`` at which the search has seen exactly the stage's leaves.

    That is the last step before the search enters any further node: the last
    of the stage's leaves and all its consequences (updates, tests, cutoffs,
    returns) have run.  The whole trace if nothing is entered afterwards;
    0 for a stage with no leaves.  See the module docstring for why.

    Raises
    ------
    ValueError
        The stage does not fit the trace's tree, or its leaves are not the
        first leaves the search evaluates; the message names the stage and path.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> k = stage_step(stage("e"), trace)
    >>> trace.event(k)
    Event(window, 2, min.window, alpha=3, beta=14, v=14, which=beta)
    >>> trace.event(k + 1).kind, trace.event(k + 1).node
    ('enter', (2, 1))
    """
    tree = _tree_of(trace)
    evaluated = _evaluated(trace)
    check_stage(stage, tree, [p for _, p in evaluated])
    n = len(stage.leaves_seen)
    last = evaluated[n - 1][0] if n else 0
    for k in range(last + 1, len(trace) + 1):
        if trace[k - 1].kind == Kind.ENTER:
            return k - 1
    return len(trace)


def stage_steps(stages: Sequence[FigureStage], trace: Trace) -> dict[str, int]:
    """``{label: stage_step(stage, trace)}`` for every stage, in order.

    Examples
    --------
    >>> import abteach as ab
    >>> stage_steps(FIG_5_5, ab.alphabeta(ab.examples.FIG_5_2, edition=4).trace)
    {'a': 9, 'b': 13, 'c': 21, 'd': 31, 'e': 38, 'e+': 43, 'f': 53}
    """
    _check_labels(stages)
    return {s.label: stage_step(s, trace) for s in stages}


def _check_labels(stages: Sequence[FigureStage]) -> None:
    seen: set[str] = set()
    for s in stages:
        if not isinstance(s, FigureStage):
            raise TypeError(f"expected FigureStage objects, not {type(s).__name__}")
        if s.label in seen:
            raise ValueError(f"stage ({s.label}) appears twice; stage labels must be unique")
        seen.add(s.label)


@dataclass(frozen=True)
class Disagreement:
    """One place where a figure's range and the algorithm's state differ.

    Attributes
    ----------
    stage : str
        The stage's label.
    in_book : bool
        Whether that stage is in the book.
    step : int
        The trace step the stage was compared at (see :func:`stage_step`).
    path : tuple of int
    name : str
        The node's name in the tree (``'A'``).
    aspect : {'reached', 'range'}
        What was compared (see the module docstring).
    figure : Range or None
        What the figure draws at the node (``None``: drawn blank).
    algorithm : str
        The range the algorithm has established and on what, e.g.
        ``'[−∞, 2] (returned 2, fail-low)'`` (see :func:`established`).
    reason : str
        One line on why they differ.
    state : NodeState
        The node's full state at ``step``, window included (shown, never compared).
    """

    stage: str
    in_book: bool
    step: int
    path: Path
    name: str
    aspect: Aspect
    figure: Range | None
    algorithm: str
    reason: str
    state: NodeState = field(repr=False)


def compare_stage(stage: FigureStage, trace: Trace) -> list[Disagreement]:
    """Every disagreement between one stage and ``trace`` at :func:`stage_step`; ``[]`` if none.

    Listed in the tree's preorder, and per node in the order of :data:`ASPECTS`.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2, edition=4).trace
    >>> compare_stage(stage("d"), trace)
    []
    >>> [(d.name, d.aspect, d.algorithm) for d in compare_stage(stage("e"), trace)]
    [('A', 'range', '[3, +∞] (running v = 3)')]
    >>> compare_stage(stage("f"), trace)
    []
    """
    step = stage_step(stage, trace)
    frame = trace.frame(step)
    # The children each cutoff skipped, by node: whether a fail-low or
    # fail-high return left anything unseen changes what the reason may claim.
    cut = {e.node: e.skipped for e in trace.events[:step] if e.kind == Kind.CUTOFF}
    found: list[Disagreement] = []
    for path in _tree_of(trace).nodes:  # preorder
        if path in stage.ranges:
            found.extend(_compare_node(stage, step, path, stage.ranges[path], frame.node(path),
                                       trace, cut.get(path), _child_of(frame, path)))
    return found


#: The state of a node's i-th child, at the step being compared.
ChildState = Callable[[int], NodeState]


def _child_of(frame: Frame, path: Path) -> ChildState:
    return lambda i: frame.node(path + (i,))


def compare(stages: Sequence[FigureStage], trace: Trace) -> list[Disagreement]:
    """Every disagreement between the figure's stages and ``trace``, stage by stage.

    Parameters
    ----------
    stages : sequence of FigureStage
        :data:`FIG_5_5`, or a caller's stages for another tree.
    trace : Trace
        An alpha-beta trace of an explicit tree (``ab.alphabeta(tree).trace``),
        3rd or 4th edition.

    Returns
    -------
    list of Disagreement
        In stage order; see :func:`compare_by_stage` to keep clean stages visible.

    Raises
    ------
    ValueError
        Stage data that does not fit the tree or the search (the message names
        the stage and the path), repeated labels, or a trace that is not an
        alpha-beta search of an explicit tree.

    Examples
    --------
    >>> import abteach as ab
    >>> ds = compare(FIG_5_5, ab.alphabeta(ab.examples.FIG_5_2, edition=3).trace)
    >>> len(ds), sorted({d.stage for d in ds})
    (2, ['e', 'e+'])
    """
    _check_labels(stages)
    return [d for s in stages for d in compare_stage(s, trace)]


def compare_by_stage(stages: Sequence[FigureStage], trace: Trace) -> dict[str, list[Disagreement]]:
    """``{label: compare_stage(stage, trace)}``: a stage with no disagreement maps to ``[]``.

    Examples
    --------
    >>> import abteach as ab
    >>> by = compare_by_stage(FIG_5_5, ab.alphabeta(ab.examples.FIG_5_2, edition=4).trace)
    >>> {label: len(ds) for label, ds in by.items()}
    {'a': 0, 'b': 0, 'c': 0, 'd': 0, 'e': 1, 'e+': 1, 'f': 0}
    """
    _check_labels(stages)
    return {s.label: compare_stage(s, trace) for s in stages}


def disagreement_rows(disagreements: Iterable[Disagreement]) -> list[dict[str, Any]]:
    """The disagreements as table rows (one dict each, the same keys in the same order).

    Keys: ``stage`` (``'(e)'``), ``in book``, ``step``, ``node``, ``path``,
    ``aspect`` (``'range'`` or ``'reached'``), ``figure``, ``algorithm`` (the
    range it has established), ``window`` (shown for reference, never
    compared) and ``reason``.  Ready for ``pandas.DataFrame`` or an HTML table.

    Examples
    --------
    >>> import abteach as ab
    >>> ds = compare_stage(stage("e"), ab.alphabeta(ab.examples.FIG_5_2).trace)
    >>> row = disagreement_rows(ds)[0]
    >>> row["figure"], row["algorithm"], row["window"]
    ('[3, 14]', '[3, +∞] (running v = 3)', '(α=3, β=+∞)')
    """
    return [{
        "stage": f"({d.stage})",
        "in book": d.in_book,
        "step": d.step,
        "node": d.name,
        "path": path_str(d.path),
        "aspect": _ASPECT_SYMBOL[d.aspect],
        "figure": "blank" if d.figure is None else str(d.figure),
        "algorithm": d.algorithm,
        "window": window_text(d.state),
        "reason": d.reason,
    } for d in disagreements]


def figure_rows(stages: Sequence[FigureStage], tree: Tree) -> list[dict[str, Any]]:
    """The figure itself as a table: one row per stage, one column per node it mentions.

    Examples
    --------
    >>> import abteach as ab
    >>> figure_rows(FIG_5_5, ab.examples.FIG_5_2)[4]
    {'stage': '(e)', 'in book': True, 'A': '[3, 14]', 'B': '[3, 3]', 'C': '[−∞, 2]', 'D': '[−∞, 14]', 'caption': "D's first leaf is 14, so D ≤ 14, and the root's value is also at most 14"}
    """
    _check_labels(stages)
    for s in stages:
        check_stage(s, tree)
    columns = [p for p in tree.nodes if any(p in s.ranges for s in stages)]
    rows = []
    for s in stages:
        row: dict[str, Any] = {"stage": f"({s.label})", "in book": s.in_book}
        for p in columns:
            r = s.ranges.get(p)
            row[tree.name(p)] = "" if r is None else str(r)
        row["caption"] = s.caption
        rows.append(row)
    return rows


# -- one node ------------------------------------------------------------------

def _window(state: NodeState) -> str:
    return f"(α={fmt(state.alpha)}, β={fmt(state.beta)})"


def window_text(state: NodeState) -> str:
    """A reached node's current window as text, ``'(α=3, β=+∞)'``; ``''`` for a node not reached.

    Shown beside the comparison, never part of it: a window is about the path
    to a node, a range about the node's value.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> window_text(trace.frame(len(trace)).node((1,)))
    '(α=3, β=+∞)'
    """
    return _window(state) if state.status in (Status.ACTIVE, Status.DONE) else ""


def _own_side_child_bounds(state: NodeState) -> tuple[Bound, ...]:
    """The kinds of child return that make a running v a bound on the parent's own side.

    A MAX node is at least any child's exact value or lower bound; a MIN node
    is at most any child's exact value or upper bound.
    """
    return (Bound.EXACT, Bound.UPPER) if state.player == MIN else (Bound.EXACT, Bound.LOWER)


def established(trace: Trace, step: int, path: Path) -> tuple[Range, str]:
    """The range of a node's value that the algorithm has established at ``step``, and on what.

    This is what a figure's range is compared with: like with like.

    * A node that has returned ``g``: the range its own call proved
      (:attr:`~abteach.trace.protocol.NodeState.known`), [g, g] when it is
      exact, [−∞, g] or [g, +∞] when a cutoff left children unsearched.  What
      its return tells the caller (a fail-low read as ≤ g, a fail-high as ≥ g)
      is named in the basis when it says less: ``'returned 2, exact; a
      fail-low to A'``.
    * A node still being searched: its running ``v`` bounds it on its own side
      (a MIN node is ≤ v, a MAX node ≥ v), provided the child that gave ``v``
      proved an exact value or a bound on that same side.  Nothing bounds it
      on the other side yet.
    * A node not reached, or pruned: [−∞, +∞], with the basis saying which.

    The window (α, β) plays no part: it says which values still matter to the
    nodes above, not where the node's value lies (see :func:`window_text`).

    Parameters
    ----------
    trace : Trace
        An alpha-beta trace of an explicit tree.
    step : int
        0 .. ``len(trace)``.
    path : tuple of int
        A node of the trace's tree.

    Returns
    -------
    (Range, str)
        The range, and a short basis such as ``'returned 2, fail-low'`` or ``'running v = 3'``.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> [(str(r), why) for r, why in (established(trace, len(trace), p) for p in [(), (1,), (2,)])]
    [('[3, 3]', 'returned 3, exact'), ('[−∞, 2]', 'returned 2, fail-low'), ('[2, 2]', 'returned 2, exact; a fail-low to A')]
    >>> r, why = established(trace, stage_step(stage("e"), trace), ())
    >>> str(r), why
    ('[3, +∞]', 'running v = 3')
    """
    tree = _tree_of(trace)
    if path not in tree.nodes:
        raise ValueError(f"path {path_str(path)} is not a node of this tree")
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(trace):
        raise ValueError(f"step must be an int from 0 to {len(trace)}, not {step!r}")
    frame = trace.frame(step)
    return _established(frame.node(path), _child_of(frame, path), _caller_name(trace, path))


def _caller_name(trace: Trace, path: Path) -> str:
    """Who reads a node's return: its parent, by name, or the search's caller at the root."""
    return trace.name(path[:-1]) if len(path) > len(trace.root) else "the search's caller"


def _established(state: NodeState, child: ChildState, caller: str = "its caller") -> tuple[Range, str]:
    unbounded = Range(-math.inf, math.inf)
    if state.status is Status.DONE and state.value is not None and state.bound is not None:
        proved = state.proved
        got = Range(*state.known) if state.known is not None else Range.of_return(state.value, state.bound)
        basis = f"returned {fmt(state.value)}, {_bound_word(proved)}"
        if proved is Bound.EXACT and state.bound is not Bound.EXACT:
            # Exact for the node, a bound for the caller: say both, since a lesson compares them.
            basis += f"; {_bound_word(state.bound).replace('fail', 'a fail')} to {caller}"
        return got, basis
    if state.status is not Status.ACTIVE:
        return unbounded, "pruned" if state.status is Status.PRUNED else "not reached"
    v = state.v
    if v is None or math.isinf(v) or state.best is None:
        return unbounded, "no child returned yet" if v is None or math.isinf(v) else f"running v = {fmt(v)}"
    best: NodeState = child(state.best)
    if best.proved not in _own_side_child_bounds(state):
        # v came from a bound on the other side: it bounds that child, not this node.
        return unbounded, f"running v = {fmt(v)}, a bound on the wrong side"
    if state.player == MIN:
        return Range(-math.inf, v), f"running v = {fmt(v)}"
    return Range(v, math.inf), f"running v = {fmt(v)}"


def _compare_node(stage: FigureStage, step: int, path: Path, figure: Range | None, state: NodeState,
                  trace: Trace, skipped: tuple[Path, ...] | None, child: ChildState) -> list[Disagreement]:
    name = trace.name(path)

    def disagree(aspect: Aspect, algorithm: str, reason: str) -> Disagreement:
        return Disagreement(stage.label, stage.in_book, step, path, name, aspect, figure, algorithm, reason, state)

    reached = state.status in (Status.ACTIVE, Status.DONE)
    if figure is None:
        if reached:
            return [disagree("reached", "reached",
                             f"the search has already reached {name}, which the figure leaves blank")]
        return []
    if not reached:
        if state.status is Status.PRUNED:
            return [disagree("reached", "pruned", f"{name} is pruned: the search never looks at it")]
        return [disagree("reached", "not reached", f"the search has not reached {name} yet")]
    got, basis = _established(state, child, _caller_name(trace, path))
    if figure == got:
        return []
    return [disagree("range", f"{got} ({basis})", _range_reason(name, figure, got, basis, state, skipped, trace))]


def _bound_word(bound: Bound | None) -> str:
    words: dict[Bound | None, str] = {Bound.EXACT: "exact", Bound.UPPER: "fail-low", Bound.LOWER: "fail-high"}
    return words.get(bound, "?")


def _range_reason(name: str, figure: Range, got: Range, basis: str, state: NodeState,
                  skipped: tuple[Path, ...] | None, trace: Trace) -> str:
    holds = f"the algorithm holds {got.claim(name)}, not {figure.claim(name)}"
    if state.status is Status.DONE:
        g = fmt(state.value)
        # What the node's own call proved, not what its caller reads: a fail-low on the last child is exact.
        cut = f", since {trace.names(skipped)} went unsearched" if skipped else ", since a search below it was cut off"
        if state.proved is Bound.UPPER:
            return f"{name}'s {g} is only an upper bound{cut}: {holds}"
        if state.proved is Bound.LOWER:
            return f"{name}'s {g} is only a lower bound{cut}: {holds}"
        return f"{name} returns exactly {g}: {holds}"
    if basis.startswith("running v") and "wrong side" not in basis:
        head = f"{name}'s {basis} establishes {got.claim(name)}, not {figure.claim(name)}"
        other_end, side = (figure.low, "below") if state.player == MIN else (figure.high, "above")
        if not math.isinf(other_end):
            head += f": no value the search has returned bounds {name} from {side}"
        return head
    return f"{name} is still being searched ({basis}): {holds}"


__all__ = [
    "Range", "FigureStage", "Disagreement", "Aspect", "ASPECTS", "FIG_5_5",
    "stage", "established", "window_text", "is_book_tree", "is_fig_5_5", "figure_stage", "check_stage", "stage_step", "stage_steps",
    "compare", "compare_stage", "compare_by_stage", "disagreement_rows", "figure_rows",
]
