"""Random game trees for experiments: seeded, uniform or uneven, independent or correlated.

Two kinds of random tree live here.

:func:`random_tree` builds an explicit :class:`abteach.Tree` that can be drawn,
traced and ordered perfectly (perfect ordering needs every node's true value).
It also remembers each node's *static estimate*, which is what a
depth-limited search scores a node with when it stops there.

:class:`RandomGame` is the same uniform tree with independent leaves, but
generated on demand: only the nodes a search visits are ever made.  Alpha-beta
visits a vanishing fraction of a deep tree, so this is what lets the
complexity experiments reach depths where the asymptotic laws show.

Examples
--------
>>> from abteach.games.generate import random_tree
>>> t = random_tree(2, 3, seed=1)
>>> t.to_nested()
[[[15, 63], [97, 57]], [[60, 83], [48, 100]]]
>>> random_tree(2, 3, seed=1).to_nested() == t.to_nested()
True
"""

from __future__ import annotations

import math
import numbers
import random
from dataclasses import dataclass, field
from typing import Any, Mapping, NamedTuple

from abteach.games.players import MAX, MIN, Player, opponent
from abteach.games.trees import MAX_DEPTH, Node, Path, Tree, _mark_well_formed, tree

#: The largest tree :func:`random_tree` builds unless told otherwise.  Drawing
#: the values and building the nodes cost a few µs a node, so this is about a
#: second: the limit turns an accidental ``random_tree(10, 10)`` into an error
#: instead of a frozen kernel.
MAX_LEAVES = 200_000

#: In an uneven tree, the chance that a node off the guaranteed deep path stops
#: early and becomes a leaf.
STOP_EARLY = 0.3

#: A correlated tree's default step: a child differs from its parent by at most
#: this fraction of the value range.
DEFAULT_NOISE = 0.1


@dataclass(frozen=True)
class TreeSpec:
    """The parameters a random tree was generated from; ``random_tree(**asdict(spec))`` rebuilds it."""

    branching: int
    depth: int
    seed: int | str
    uneven: bool = False
    values: tuple[float, float] = (0, 100)
    integer: bool = True
    correlated: bool = False
    noise: float | None = None
    root: Player = MAX


@dataclass(frozen=True, eq=False)
class RandomTree(Tree):
    """A :class:`abteach.Tree` made by :func:`random_tree`.

    Attributes
    ----------
    spec : TreeSpec
        How it was generated.
    estimates : mapping of path to float
        Every node's static estimate, for MAX.  At a leaf it is the leaf's
        value.  In a correlated tree an inner node's estimate is the value its
        children were drawn around, so it predicts the node's true value the way
        a game's evaluation function does; an independent tree has estimates at
        its leaves only.
    """

    spec: TreeSpec = field(kw_only=True)
    estimates: Mapping[Path, float] = field(kw_only=True, repr=False)

    def estimate(self, state: Node, player: Player = MAX) -> float:
        """The static evaluation of ``state`` for ``player``: an ``evaluate`` for a depth-limited search.

        Examples
        --------
        >>> import abteach as ab
        >>> from abteach.games.generate import random_tree
        >>> t = random_tree(2, 4, seed=3, correlated=True)
        >>> ab.alphabeta(t, depth=2, evaluate=t.estimate, trace=False).leaves
        3
        """
        try:
            v = self.estimates[state.path]
        except KeyError:
            raise ValueError(
                f"node {state.name} has no static estimate: only correlated trees "
                "(random_tree(..., correlated=True)) estimate their inner nodes"
            ) from None
        return v if player == MAX else -v


def random_tree(
    branching: int,
    depth: int,
    *,
    seed: int | str,
    uneven: bool = False,
    values: tuple[float, float] = (0, 100),
    integer: bool = True,
    correlated: bool = False,
    noise: float | None = None,
    root: Player = MAX,
    max_leaves: int = MAX_LEAVES,
) -> RandomTree:
    """Generate a random game tree; the same arguments always give the same tree.

    Parameters
    ----------
    branching : int
        ``b ≥ 1``: every inner node's number of children (uniform trees), or the
        most it may have (uneven trees).
    depth : int
        ``d ≥ 0``: the depth of every leaf (uniform), or of the deepest leaf (uneven).
    seed : int or str
        Seeds the tree's own ``random.Random``; the global generator is never used.
    uneven : bool
        Draw each inner node's number of children from 1..b, and let nodes end
        early as leaves.  One path, chosen at random, always reaches ``depth``,
        so the tree's height is exactly ``depth``.
    values : (lo, hi)
        The range of leaf values, both ends included.  Whole numbers when ``integer``.
    integer : bool
        Integer leaves (ties are common, as in textbook exercises), or real ones
        (all distinct, with probability one: what the theory assumes).
    correlated : bool
        ``False``: leaves are independent and uniform on ``values``.  ``True``:
        the root draws a value and every child takes its parent's value plus a
        uniform step of at most ``noise · (hi − lo)``, folded back into the range
        at its ends.  Siblings then have similar values, as positions one move
        apart do in a real game, and inner nodes get informative estimates.
    noise : float, optional
        The step size of a correlated tree, ``≥ 0``; default ``DEFAULT_NOISE``.
    root : {'MAX', 'MIN'}
        Who moves at the root.
    max_leaves : int
        Refuse to build a tree with more leaves than this.

    Returns
    -------
    RandomTree
        A :class:`abteach.Tree` that also records its ``spec`` and node ``estimates``.

    Raises
    ------
    ValueError
        A bad parameter; the message names it and the value given.

    Examples
    --------
    >>> from abteach.games.generate import random_tree
    >>> t = random_tree(3, 2, seed=0, values=(1, 9))
    >>> t.to_nested()
    [[7, 1, 5], [8, 7, 5], [8, 6, 4]]
    >>> random_tree(3, 2, seed=0, uneven=True).to_nested()
    [65, [100, 38]]
    >>> round(random_tree(2, 1, seed=0, integer=False).root.children[0].value, 4)
    75.7954
    >>> random_tree(0, 3, seed=0)
    Traceback (most recent call last):
    ...
    ValueError: branching must be a whole number ≥ 1, not 0
    """
    spec = _check(branching, depth, seed, uneven, values, integer, correlated, noise, root, max_leaves)
    rng = random.Random(seed)
    lo, hi = spec.values
    step = (spec.noise or 0.0) * (hi - lo)
    estimates: dict[Path, float] = {}
    leaves = 0

    def draw() -> float:
        # lo and hi are whole numbers when integer=True (checked in _check).
        return rng.randint(int(lo), int(hi)) if integer else rng.uniform(lo, hi)

    def settle(x: float) -> float:
        # A correlated walk is real-valued; integer trees round only what they store.
        return round(x) if integer else x

    def grow(path: Path, spine: bool, own: float) -> Any:
        # `own` is this node's value in a correlated walk (unused otherwise); `spine`
        # marks the one path that must reach full depth in an uneven tree.
        nonlocal leaves
        at_bottom = len(path) == depth
        if not at_bottom and uneven and path and not spine and rng.random() < STOP_EARLY:
            at_bottom = True
        if at_bottom:
            leaves += 1
            if leaves > max_leaves:
                raise ValueError(f"random_tree({branching}, {depth}, uneven=True) grew past "
                                 f"max_leaves={max_leaves} leaves; lower branching or depth, or raise max_leaves")
            value = settle(own) if correlated else draw()
            estimates[path] = value
            return value
        if correlated:
            estimates[path] = settle(own)
        n = rng.randint(1, branching) if uneven else branching
        deep = rng.randrange(n) if spine else -1
        return [grow(path + (i,), i == deep, _fold(own + rng.uniform(-step, step), lo, hi) if correlated else 0.0)
                for i in range(n)]

    # Recursion is safe: depth ≤ MAX_DEPTH, well inside Python's recursion limit.
    nested = grow((), True, rng.uniform(lo, hi) if correlated else 0.0)
    plain = tree(nested, root=spec.root)
    made = RandomTree(root=plain.root, nodes=plain.nodes, spec=spec, estimates=estimates)
    _mark_well_formed(made)  # the same nodes `tree` just built and checked
    return made


def _fold(x: float, lo: float, hi: float) -> float:
    """Reflect ``x`` into ``[lo, hi]``.

    Reflection, unlike clipping, piles no values up at the ends: a walk that
    starts uniform on the range stays uniform at every depth.
    """
    width = hi - lo
    if width == 0:
        return lo
    y = (x - lo) % (2 * width)
    return lo + (y if y <= width else 2 * width - y)


def _is_whole(x: Any) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _check(branching: Any, depth: Any, seed: Any, uneven: Any, values: Any, integer: Any, correlated: Any,
           noise: Any, root: Any, max_leaves: Any) -> TreeSpec:
    if not _is_whole(branching) or branching < 1:
        raise ValueError(f"branching must be a whole number ≥ 1, not {branching!r}")
    if not _is_whole(depth) or depth < 0:
        raise ValueError(f"depth must be a whole number ≥ 0, not {depth!r}")
    if depth > MAX_DEPTH:
        raise ValueError(f"depth must be at most MAX_DEPTH={MAX_DEPTH}, not {depth!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"seed must be an int or a str, so the same seed gives the same tree; not {seed!r}")
    for name, flag in (("uneven", uneven), ("integer", integer), ("correlated", correlated)):
        if not isinstance(flag, bool):
            raise ValueError(f"{name} must be True or False, not {flag!r}")
    try:
        lo, hi = values
    except (TypeError, ValueError):
        raise ValueError(f"values must be a pair (lo, hi), not {values!r}") from None
    for x in (lo, hi):
        if isinstance(x, bool) or not isinstance(x, numbers.Real) or not math.isfinite(x):
            raise ValueError(f"values must be two finite numbers (lo, hi), not {values!r}")
    if lo > hi:
        raise ValueError(f"values=({lo!r}, {hi!r}) is an empty range: lo must be ≤ hi")
    if integer and not (_is_whole(lo) and _is_whole(hi)):
        raise ValueError(f"values=({lo!r}, {hi!r}) must be whole numbers when integer=True; "
                         "pass integer=False for real leaves")
    if noise is not None:
        if not correlated:
            raise ValueError(f"noise={noise!r} only applies to correlated trees; pass correlated=True")
        if isinstance(noise, bool) or not isinstance(noise, numbers.Real) or not 0 <= float(noise) < math.inf:
            raise ValueError(f"noise must be a finite number ≥ 0, not {noise!r}")
    if root not in (MAX, MIN):
        raise ValueError(f"root must be 'MAX' or 'MIN', not {root!r}")
    if not _is_whole(max_leaves) or max_leaves < 1:
        raise ValueError(f"max_leaves must be a whole number ≥ 1, not {max_leaves!r}")
    if not uneven and branching ** depth > max_leaves:
        raise ValueError(f"random_tree({branching}, {depth}) would have {branching}**{depth} = "
                         f"{branching ** depth:,} leaves, more than max_leaves={max_leaves:,}; "
                         "lower branching or depth, or raise max_leaves")
    return TreeSpec(branching, depth, seed, uneven, (lo, hi), integer, correlated,
                    (DEFAULT_NOISE if noise is None else float(noise)) if correlated else None, root)


# -- trees generated on demand ----------------------------------------------------

_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """SplitMix64's finaliser: scrambles a 64-bit key so every bit depends on every input bit."""
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def child_key(key: int, action: int) -> int:
    """The key of the child ``action`` leads to from a node keyed ``key``: a game made of keys needs no table.

    Every bit of the child's key depends on every bit of its parent's key and
    on the action, so siblings and cousins get unrelated values.

    Examples
    --------
    >>> child_key(0, 0) != child_key(0, 1) != child_key(1, 0)
    True
    >>> 0 <= child_key(2**64 - 1, 7) < 2**64
    True
    """
    return _mix((key + (action + 1) * 0x9E3779B97F4A7C15) & _MASK)


class Position(NamedTuple):
    """A node of a :class:`RandomGame`: its path from the root, and the key its leaf value comes from."""

    path: Path
    key: int


@dataclass(frozen=True)
class RandomGame:
    """A uniform random tree with independent leaves, made only where a search looks.

    It implements the :class:`abteach.Game` protocol.  A leaf's value is a hash
    of the seed and the leaf's path, uniform on [0, 1): it is fixed before any
    search starts and does not depend on the order nodes are visited in.  A
    full ``b**d`` tree is never built, so alpha-beta can search depths that
    :func:`random_tree` could not hold in memory.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.games.generate import RandomGame
    >>> g = RandomGame(2, 20, seed=5)
    >>> ab.alphabeta(g, trace=False).leaves
    48435
    >>> ab.alphabeta(g, trace=False).value == ab.alphabeta(RandomGame(2, 20, seed=5), trace=False).value
    True
    """

    branching: int
    depth: int
    seed: int | str
    root: Player = MAX
    max_player: Player = field(default=MAX, init=False)
    _key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check(self.branching, self.depth, self.seed, False, (0, 1), True, False, None, self.root,
               self.branching ** self.depth)
        # One draw from the seed's own generator turns any int or str seed into a 64-bit key.
        object.__setattr__(self, "_key", random.Random(self.seed).getrandbits(64))

    @property
    def initial(self) -> Position:
        return Position((), self._key)

    def to_move(self, state: Position) -> Player:
        return self.root if len(state.path) % 2 == 0 else opponent(self.root)

    def actions(self, state: Position) -> range:
        return range(self.branching) if len(state.path) < self.depth else range(0)

    def result(self, state: Position, action: int) -> Position:
        return Position(state.path + (action,), child_key(state.key, action))

    def is_terminal(self, state: Position) -> bool:
        return len(state.path) >= self.depth

    def utility(self, state: Position, player: Player) -> float:
        value = (_mix(state.key) >> 11) * 2.0 ** -53  # the top 53 bits: a double uniform on [0, 1)
        return value if player == MAX else -value

    def path_of(self, state: Position) -> Path:
        return state.path

    def move_name(self, state: Position, action: int) -> str:
        return str(action)
