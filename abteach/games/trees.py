"""Explicit game trees: built from nested lists, named, validated, saved as JSON.

A tree is the simplest game: every inner node is a choice for the player to
move there, every leaf holds a utility for MAX.  A node's stable identity is its
*path*, the tuple of child indices that leads to it from the root.
"""

from __future__ import annotations

import gc
import json
import math
import numbers
import sys
from fractions import Fraction
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any, Iterator, Mapping, Sequence, cast

from abteach.games.errors import shown
from abteach.games.kinds import CHANCE, Kind, checked_probabilities, has_outcomes, is_mover, node_kind, uniform
from abteach.games.players import MAX, MIN, Player

Path = tuple[int, ...]

#: The deepest tree the package accepts.  The searches recurse once per ply, and
#: this keeps them well inside Python's recursion limit.
MAX_DEPTH = 200


class Node:
    """One node of a :class:`Tree`; immutable.

    Nodes compare and hash by identity: two leaves of equal value are still
    two nodes.

    Attributes
    ----------
    path : tuple of int
        Child indices from the root; ``()`` is the root.
    player : Kind
        The node's kind (:mod:`abteach.games.kinds`): who moves here, ``MAX`` or ``MIN``, or ``CHANCE``;
        a leaf still records whose turn it would be.  ``kind`` is the same.
    value : float or None
        The utility for MAX at a leaf, ``None`` at an inner node.
    children : tuple of Node
        Empty at a leaf.
    name : str
        The node's name: its own, or the textbook's name for its place (see :func:`book_names`).
    move : str or None
        The name of the move that leads here from the parent (``None`` at the root).
    """

    # A slotted class with read-only properties rather than a frozen dataclass:
    # trees of 100,000 nodes are built in one go, and a frozen dataclass's
    # __init__ cost several times what the rest of building a node does.  The
    # book names of a tree's unnamed nodes are made only when one is first read,
    # because most nodes of a big tree never show one.  Code in this package that
    # walks a whole tree reads the slots themselves.
    __slots__ = ("_path", "_player", "_value", "_children", "_move", "_name", "_names")

    _path: Path
    _player: Kind
    _value: float | None
    _children: tuple["Node", ...]
    _move: str | None
    _name: str | None
    _names: "_BookNames | None"

    def __init__(self, path: Path, player: Kind, value: float | None, children: tuple["Node", ...],
                 name: str | None = None, move: str | None = None) -> None:
        self._path = path
        self._player = player
        self._value = value
        self._children = children
        self._move = move
        self._name = name
        self._names = None

    @property
    def path(self) -> Path:
        return self._path

    @property
    def player(self) -> Kind:
        return self._player

    @property
    def kind(self) -> Kind:
        """What the node is: ``MAX``, ``MIN``, ``CHANCE`` or another registered kind; the same as ``player``."""
        return self._player

    @property
    def probabilities(self) -> tuple[float, ...]:
        """The probabilities of a chance node's outcomes, one per child; empty at any other node."""
        return ()

    @property
    def value(self) -> float | None:
        return self._value

    @property
    def children(self) -> tuple["Node", ...]:
        return self._children

    @property
    def move(self) -> str | None:
        return self._move

    @property
    def name(self) -> str:
        """Its own name, or the textbook's name for its place in its tree (A, B, b1, ...)."""
        if self._name is not None:
            return self._name
        names = self._names
        if names is None:
            # A node made by hand and in no Tree yet: named as the root of the nodes below it.
            names = _attach_names(self)
        return names.name(self._path)

    @property
    def is_leaf(self) -> bool:
        return not self._children

    @property
    def depth(self) -> int:
        return len(self._path)

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"Node({self.name!r}, {self._player}, value={self._value!r})"
        return f"Node({self.name!r}, {self._player}, {len(self._children)} children)"


class ChanceNode(Node):
    """A node whose children are chance outcomes: a :class:`Node` that also holds their probabilities.

    Only chance nodes pay for the extra slot; every other node of a tree is a plain :class:`Node`.
    """

    __slots__ = ("_probs",)

    _probs: tuple[float, ...]

    def __init__(self, path: Path, probabilities: Sequence[float], children: tuple[Node, ...],
                 name: str | None = None, move: str | None = None) -> None:
        super().__init__(path, CHANCE, None, children, name, move)
        self._probs = checked_probabilities(probabilities, len(children), f"the node at path {path_str(path)}")

    @property
    def probabilities(self) -> tuple[float, ...]:
        return self._probs


_new = object.__new__


def path_str(path: Path) -> str:
    """Write a path the way error messages and JSON do: ``(1, 0)`` -> ``"1.0"``, root -> ``"root"``."""
    return ".".join(map(str, path)) if path else "root"


class _BookNames:
    """The names of one tree's nodes, made on first use from its shape and its own names.

    It holds the nodes' paths, not the nodes, so the nodes can point to it
    without making a reference cycle.
    """

    __slots__ = ("paths", "inner", "own", "_made")

    def __init__(self, own: Mapping[Path, str]) -> None:
        self.paths: Sequence[Path] = ()       # preorder; filled in once the tree is built
        self.inner: Sequence[bool] | None = None  # None: read from the preorder (see `book_names`)
        self.own = own
        self._made: tuple[dict[Path, str], dict[Path, str]] | None = None

    def _names_and_stems(self) -> tuple[dict[Path, str], dict[Path, str]]:
        made = self._made
        if made is None:
            made = self._made = _naming(self.paths, self.own, self.inner)
        return made

    def name(self, path: Path) -> str:
        try:
            return self._names_and_stems()[0][path]
        except KeyError:
            raise KeyError(f"no node at path {path_str(path)}") from None

    def stem(self, path: Path) -> str:
        """What the moves from the inner node at ``path`` are named by: ``a`` for the moves a1, a2, ..."""
        return self._names_and_stems()[1][path]


def book_names(paths: Sequence[Path], own: Mapping[Path, str],
               inner: Sequence[bool] | None = None) -> dict[Path, str]:
    """Every node's name: its own where it has one, else the textbook's name for its place.

    The rule extends the book's lettering of Fig. 5.2 to any tree.  Inner nodes
    (and a root that is a leaf) take the letters A, B, ..., Z, AA, AB, ... level by
    level, left to right, passing over any letter the tree uses as a name of its
    own (and the few, such as ``INF``, that read as a number); a node with a name
    of its own still takes its letter, so its unnamed neighbours keep theirs.  A
    leaf is named by its parent's name, lower-cased, and its place: ``b1``,
    ``b2``, ...; a parent whose own name is not all letters lends its letter
    instead.  A name that is still taken gets primes (``b1′``).  So names never
    collide, never read as a number or a path, and a tree's own names are kept.

    Parameters
    ----------
    paths : sequence of path
        Every node's path, in preorder (parents before children, left to right).
    own : mapping of path to str
        The names the tree gives its nodes itself.
    inner : sequence of bool, optional
        Whether each node has children; by default read from ``paths``, where a
        node has children exactly when the next path is its first child's.

    Examples
    --------
    >>> import abteach as ab
    >>> t = ab.tree([[3, 12], [2, 4]])
    >>> names = book_names(list(t.nodes), {})
    >>> [names[p] for p in [(), (0,), (1,), (1, 1)]]
    ['A', 'B', 'C', 'c2']
    >>> names = book_names(list(t.nodes), {(): "Top", (1,): "B"})
    >>> [names[p] for p in [(), (0,), (0, 0), (1,), (1, 0)]]
    ['Top', 'C', 'c1', 'B', 'b1']
    """
    return _naming(paths, own, inner)[0]


def _naming(paths: Sequence[Path], own: Mapping[Path, str],
            inner: Sequence[bool] | None) -> tuple[dict[Path, str], dict[Path, str]]:
    """:func:`book_names`, and each lettered node's stem: what its moves and leaves are named by."""
    n = len(paths)
    if inner is None:
        inner = [k + 1 < n and len(paths[k + 1]) == len(paths[k]) + 1 for k in range(n)]
    known = set(paths)
    taken = set(own.values())
    # Level by level, left to right: within one depth, preorder is left to right.
    levels: dict[int, list[Path]] = {}
    for p, has_children in zip(paths, inner):
        if has_children or not p or p[:-1] not in known:
            levels.setdefault(len(p), []).append(p)
    letters: dict[Path, str] = {}
    k = 0
    for depth in sorted(levels):
        for p in levels[depth]:
            # A letter another node is named passes on; a node named its own letter keeps it.
            while (_letter(k) in taken and own.get(p) != _letter(k)) or _reads_as_number(_letter(k)):
                k += 1
            letters[p] = _letter(k)
            k += 1
    # A parent whose own name is a word lends it ("Top" -> top1); any other ("3" -> 31) its letter.
    stems = {p: (own[p] if own.get(p, "").isalpha() else letter).lower() for p, letter in letters.items()}
    out: dict[Path, str] = {}
    for p in paths:
        if p in own:
            out[p] = own[p]
            continue
        name = letters[p] if p in letters else stems[p[:-1]] + str(p[-1] + 1)
        while name in taken:
            name += "′"
        taken.add(name)
        out[p] = name
    return out, stems


def _reads_as_number(text: str) -> bool:
    """Whether ``float`` reads ``text``: the letters INF and NAN do, and a name must not look like a number."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _attach_names(root: Node) -> _BookNames:
    """Name the nodes of a tree assembled by hand from :class:`Node` objects: walk it once, and give every
    node below ``root`` that has no names yet these."""
    paths: list[Path] = []
    inner: list[bool] = []
    own: dict[Path, str] = {}
    names = _BookNames(own)
    stack = [root]
    while stack:
        node = stack.pop()
        paths.append(node._path)
        inner.append(bool(node._children))
        if node._name is not None:
            own[node._path] = node._name
        if node._names is None:
            node._names = names
        stack.extend(reversed([c for c in node._children if isinstance(c, Node)]))
    names.paths, names.inner = paths, inner
    return names


def _letter(k: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA', ...: spreadsheet column letters."""
    s = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        s = chr(65 + r) + s
    return s


def parse_path(text: str) -> Path:
    """Inverse of :func:`path_str` (also accepts ``""`` for the root)."""
    if text in ("", "root"):
        return ()
    try:
        return tuple(int(part) for part in text.split("."))
    except ValueError:
        raise ValueError(f"bad node path {text!r}: write child indices separated by dots, e.g. '1.0'") from None


@dataclass(frozen=True, eq=False)
class Tree:
    """An explicit game tree; it also implements the :class:`abteach.Game` protocol.

    Build one with :func:`tree`.  States are :class:`Node` objects, actions are
    child indices.

    Examples
    --------
    >>> import abteach as ab
    >>> t = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> t.root.player, len(t), t.node((1, 2)).value
    ('MAX', 13, 6)
    """

    root: Node
    nodes: Mapping[Path, Node] = field(repr=False)

    def __post_init__(self) -> None:
        # A tree built by `tree` has named its nodes already; one assembled by hand is named here, before
        # any of its nodes can be asked its name on its own.
        if isinstance(self.root, Node) and self.root._names is None:
            _attach_names(self.root)

    # -- the Game protocol -------------------------------------------------
    @property
    def max_player(self) -> Player:
        """Leaves hold MAX's utility, whoever moves at the root."""
        return MAX

    @property
    def initial(self) -> Node:
        return self.root

    def check_state(self, state: Any) -> None:
        """Refuse a ``state`` that is not a :class:`Node`, naming it.

        A search calls it once, on the state it starts from.  Any node will
        do, one of another tree too: a search reads a node's own children.

        Raises
        ------
        TypeError
            ``state`` is not a Node (a path is refused too, with the call that finds its node).

        Examples
        --------
        >>> import abteach as ab
        >>> ab.examples.FIG_5_2.check_state((1,))
        Traceback (most recent call last):
        ...
        TypeError: state must be a Node of this tree, such as tree.node((1,)), not (1,) of type tuple
        """
        if not isinstance(state, Node):
            hint = f"tree.node({state!r})" if isinstance(state, tuple) else "tree.root or tree.node((0, 1))"
            raise TypeError(f"state must be a Node of this tree, such as {hint}, not {shown(state)}")

    # A search calls these at every node: they read the nodes' slots directly.
    def to_move(self, state: Node) -> Kind:
        """The node's kind: the player to move there, or ``CHANCE``."""
        return state._player

    def probabilities(self, state: Node) -> tuple[float, ...]:
        """The probabilities of a chance node's outcomes, in the order of its actions."""
        return state.probabilities

    def actions(self, state: Node) -> range:
        return range(len(state._children))

    def result(self, state: Node, action: int) -> Node:
        return state._children[action]

    def is_terminal(self, state: Node) -> bool:
        return not state._children

    def utility(self, state: Node, player: Player) -> float:
        value: float = state._value  # type: ignore[assignment]  # a leaf's value is never None
        return value if player == MAX else -value

    def path_of(self, state: Node) -> Path:
        return state._path

    def move_name(self, state: Node, action: int) -> str:
        """The move's own label, or, where the tree gives none, its parent's name and its place.

        As the book names Fig. 5.2's moves (a1 leads from A to B, c2 from C to its second leaf), so a tree
        whose nodes are named by their paths has its moves named from its letters (:func:`letter_names`).

        >>> import abteach as ab
        >>> t = ab.tree([[3, 12], [2, 4]])
        >>> t.move_name(t.root, 1), t.move_name(t.node((1,)), 0), ab.alphabeta(t).move_name
        ('a2', 'c1', 'a1')
        """
        child = state._children[action]
        if child._move is not None and child._move != str(action):
            return child._move
        names = state._names if state._names is not None else _attach_names(state)
        return f"{names.stem(state._path)}{action + 1}"

    def book_name(self, path: Path) -> str:
        """The same as :meth:`name`, kept for the code that calls it by this name."""
        return self.name(path)

    def is_well_formed(self) -> bool:
        """Whether every node sits where its path says, every leaf holds a number, and the tree
        is no deeper than ``MAX_DEPTH``.

        Always true of a tree made by :func:`tree` (or read from JSON), which
        checks all of it while building; a :class:`Tree` assembled from
        :class:`Node` objects by hand is checked once, on the first call.
        Searches use it to know that a node's ``path`` is the path they
        would have reached it by.
        """
        known = self.__dict__.get("_well_formed")
        if known is None:
            known = _check_well_formed(self.root)
            object.__setattr__(self, "_well_formed", known)
        return bool(known)

    # -- queries -------------------------------------------------------------
    def node(self, path: Sequence[int]) -> Node:
        """The node at ``path``; a KeyError names the path when there is none."""
        try:
            return self.nodes[tuple(path)]
        except KeyError:
            raise KeyError(f"no node at path {path_str(tuple(path))}") from None

    def name(self, path: Path) -> str:
        """The name of the node at ``path``: its own, or the textbook's name for its place.

        One rule names nodes everywhere (sentences, drawings, feedback, exported
        tests); see :func:`book_names`.  A path is never a name: it is how
        error messages say where a node is.

        Raises
        ------
        KeyError
            No node has that path; the message names it.

        Examples
        --------
        >>> import abteach as ab
        >>> t = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> t.name(()), t.name((1,)), t.name((1, 1)), ab.examples.FIG_5_2.name((2,))
        ('A', 'C', 'c2', 'D')
        >>> ab.tree([[3, 12], [2, 4]], names={(): "Top", (1,): "Low"}).name((1, 0))
        'low1'
        """
        node = self.nodes.get(path)
        if node is not None:
            return node.name
        return self._book_names.name(tuple(path))

    @property
    def _book_names(self) -> _BookNames:
        names = self.root._names
        return names if names is not None else _attach_names(self.root)

    def leaves(self) -> list[Node]:
        """Leaves from left to right."""
        return [n for n in self.walk() if n.is_leaf]

    def walk(self) -> Iterator[Node]:
        """Every node in preorder (parents before children, left to right)."""
        return iter(self.nodes.values())  # `nodes` is built in preorder

    @property
    def height(self) -> int:
        return max(len(p) for p in self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def to_nested(self) -> Any:
        """The nested-list form this tree was built from."""
        def nest(node: Node) -> Any:
            return node.value if node.is_leaf else [nest(c) for c in node.children]
        return nest(self.root)  # recursion is safe: depth is capped at MAX_DEPTH

    # -- JSON ------------------------------------------------------------------
    def to_json(self, indent: int | None = None) -> str:
        """Serialise with the root player and any names, so :func:`tree_from_json` restores it."""
        # Read `_name`, not `name`: only a node's own name is saved; the book's names follow from the shape.
        names = {path_str(p): n._name for p, n in self.nodes.items() if n._name is not None}
        moves = {path_str(p): n.move for p, n in self.nodes.items() if n.move is not None and n.move != str(p[-1])}
        root = self.root.player if is_mover(self.root.player) else MAX  # a chance root is named in "kinds"
        doc: dict[str, Any] = {"root": root, "tree": self.to_nested()}
        if names:
            doc["names"] = names
        if moves:
            doc["moves"] = moves
        kinds, probabilities = self._kinds_as_given()
        if kinds:
            doc["kinds"] = {path_str(p): k for p, k in kinds.items()}
        if probabilities:
            doc["probabilities"] = {path_str(p): [_json_probability(x) for x in ps]
                                    for p, ps in probabilities.items()}
        return json.dumps(doc, indent=indent)

    def _kinds_as_given(self) -> tuple[dict[Path, str], dict[Path, tuple[float, ...]]]:
        """The kinds and probabilities :func:`tree` needs to rebuild this tree: each inner node's kind where it
        differs from the default, and every chance node's probabilities."""
        kinds: dict[Path, str] = {}
        probabilities: dict[Path, tuple[float, ...]] = {}
        movers: dict[Path, Kind] = {}  # whose turn it is below each node, as the builder reckons it
        for p, n in self.nodes.items():
            default = movers[p[:-1]] if p else (n._player if is_mover(n._player) else MAX)
            movers[p] = (MIN if n._player == MAX else MAX) if is_mover(n._player) else default
            if not p:
                continue
            if n._children and n._player != default:
                kinds[p] = n._player
            if isinstance(n, ChanceNode):
                probabilities[p] = n._probs
        if not is_mover(self.root._player):
            kinds[()] = self.root._player
            if isinstance(self.root, ChanceNode):
                probabilities[()] = self.root._probs
        return kinds, probabilities

    def save(self, filename: str | FilePath, *, overwrite: bool = False) -> None:
        """Write the tree as JSON.  Refuses to replace an existing file unless ``overwrite=True``."""
        filename = FilePath(filename)
        if filename.exists() and not overwrite:
            raise FileExistsError(f"{filename} already exists; pass overwrite=True to replace it")
        filename.write_text(self.to_json(indent=2) + "\n")


#: The largest integer a float can hold: a leaf must fit in one, since values are
#: compared with ±∞ and drawn as floats.
_FLOAT_MAX = int(sys.float_info.max)
_FLOAT_MIN = -_FLOAT_MAX

#: Move names of the first children, made once: every default move name is one of these.
_INDEX_NAMES: tuple[str, ...] = tuple(str(i) for i in range(64))


class _Unrepresentable:
    """A number written in tree JSON that no float can hold; the leaf check reports it with its path."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return _clip_digits(self.text)


def _clip_digits(text: str) -> str:
    """A long number written short enough for a message: its first and last digits, and how many."""
    return text if len(text) <= 24 else f"{text[:10]}…{text[-10:]} ({len(text.lstrip('-'))} digits)"


def _check_leaf(value: Any, path: Path) -> None:
    """The error naming ``path`` unless ``value`` can be a leaf.  Only the slow path comes here."""
    where = f"leaf at path {path_str(path)}"
    too_large = "too large for a float; a leaf must be a real number a float can hold"
    if isinstance(value, _Unrepresentable):
        raise ValueError(f"{where} has value {value!r}, {too_large}")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{where} has value {value!r} of type {type(value).__name__}; a leaf must be a real number")
    if isinstance(value, numbers.Integral) and not _FLOAT_MIN <= int(value) <= _FLOAT_MAX:
        bits = int(value).bit_length()
        # str() of an integer of more than 4,300 digits raises; its size says enough.
        shown = _clip_digits(str(int(value))) if bits < 14_000 else f"of about {int(bits * 0.30103)} digits"
        raise ValueError(f"{where} has the integer value {shown}, {too_large}")
    if math.isnan(value):
        raise ValueError(f"{where} is NaN; a leaf must be a real number")


def tree(
    nested: Any,
    *,
    root: Kind = MAX,
    names: Mapping[Path, str] | None = None,
    moves: Mapping[Path, str] | None = None,
    kinds: Mapping[Path, str] | None = None,
    probabilities: Mapping[Path, Sequence[float]] | None = None,
) -> Tree:
    """Build a :class:`Tree` from nested lists: a number is a leaf, a list an inner node.

    Parameters
    ----------
    nested : list or number
        For example ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``.  Leaves may sit at
        different depths and nodes may have different numbers of children.
    root : {'MAX', 'MIN'}
        Who moves at the root; levels alternate below it.
    names : mapping of path to str, optional
        Display names of nodes, keyed by path, e.g. ``{(): 'A', (0,): 'B'}``.
    moves : mapping of path to str, optional
        Names of the moves leading *into* each node, e.g. ``{(0,): 'a1'}``.
    kinds : mapping of path to str, optional
        The kind of an inner node (:mod:`abteach.games.kinds`), e.g. ``{(0,): 'CHANCE'}``.  A node not
        given one is the player whose turn it is: the other of the player above it, or, below a chance
        node, the same player as at the chance node (a chance root passes the turn to ``root``).  So a
        tree given no kinds alternates MAX and MIN level by level.
    probabilities : mapping of path to list of numbers, optional
        A chance node's probabilities, one per child, e.g. ``{(0,): [0.9, 0.1]}``: finite, ≥ 0, summing to 1
        (exactly, if all are int or :class:`~fractions.Fraction`; else within 1e-9).  A node given
        probabilities and no kind is a chance node; a chance node given none has equal, exact ones.

    Raises
    ------
    ValueError
        An empty child list, a NaN leaf, an integer leaf too large for a
        float, a name for a path that is not in the tree, or a tree deeper than
        ``MAX_DEPTH``; an unknown kind, a leaf given a kind, or bad probabilities
        (the wrong count, negative, not finite, not summing to 1, or given to
        a node that is no chance node); the message names the path.
    TypeError
        A leaf that is not a real number (str, None, bool, complex, ...), or
        ``names`` or ``moves`` that is not a mapping.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.tree([[3, 12, 8], [2, [4, 6]]]).node((1, 1)).player
    'MAX'
    >>> t = ab.tree([[2, 3], [1, 4]], probabilities={(0,): [0.9, 0.1], (1,): [0.9, 0.1]})  # AIMA Fig. 5.13
    >>> t.node((1,)).kind, t.node((1,)).probabilities
    ('CHANCE', (0.9, 0.1))
    >>> ab.tree([[3], []])
    Traceback (most recent call last):
    ...
    ValueError: inner node at path 1 has an empty child list; give it at least one child or make it a leaf
    """
    if isinstance(nested, str):
        # JSON text looks like a nested list, but its characters are no tree: say which function reads it.
        raise TypeError(f"tree takes nested lists such as [[3, 12, 8], [2, 4, 6]], not the string {nested!r}; "
                        "for JSON text use tree_from_json(text), for a file load_tree(path)")
    if root not in (MAX, MIN):
        raise ValueError(f"root must be 'MAX' or 'MIN', not {root!r}")
    for argument, labels, example in (("names", names, "{(): 'A', (0,): 'B'}"), ("moves", moves, "{(0,): 'a1'}")):
        if labels is not None and not isinstance(labels, Mapping):
            raise TypeError(f"{argument} must be a mapping of node path to str, such as {example}, "
                            f"not {shown(labels)}")
    names = dict(names or {})
    moves = dict(moves or {})
    given = _given_kinds(kinds, probabilities, str)
    with collector_paused():
        top, order = _build(nested, root, names, moves, given)
        _check_labels(top, names, moves)
        return _assembled(top, order)


#: What the builder is told of a node's kind: (its kind or None for the default, its probabilities or None).
GivenKind = tuple["Kind | None", "Sequence[float] | None"]


def _given_kinds(kinds: Any, probabilities: Any, say: Any) -> dict[Path, GivenKind]:
    """``kinds`` and ``probabilities`` checked as mappings of paths, joined by path; ``say(path)`` is how an
    error names a path's place (``str`` of the path, or a JSON key)."""
    for argument, given, example in (("kinds", kinds, "{(0,): 'CHANCE'}"), ("probabilities", probabilities,
                                                                                "{(0,): [0.9, 0.1]}")):
        if given is not None and not isinstance(given, Mapping):
            raise TypeError(f"{argument} must be a mapping of node path to {argument[:-1]}, such as {example}, "
                            f"not {shown(given)}")
    out: dict[Path, GivenKind] = {}
    for p, k in (kinds or {}).items():
        _check_path_key(p, "kinds", say)
        out[p] = (node_kind(k, f"kinds[{say(p)}]").name, None)
    for p, ps in (probabilities or {}).items():
        _check_path_key(p, "probabilities", say)
        kind = out.get(p, (CHANCE, None))[0]
        if not has_outcomes(kind):
            raise ValueError(f"probabilities[{say(p)}] are given for a {kind} node; only a chance node has them")
        out[p] = (kind, ps)
    return out


def _check_path_key(p: Any, argument: str, say: Any) -> None:
    if not isinstance(p, tuple) or not all(isinstance(i, int) and not isinstance(i, bool) for i in p):
        raise TypeError(f"{argument}: a node path is a tuple of child indices such as (0, 1), not {p!r}")


def _build(nested: Any, root: Player, names: dict[Path, str], moves: dict[Path, str],
           kinds: Mapping[Path, GivenKind] | None = None) -> tuple[Node, list[Node]]:
    """The root node and every node in preorder; labels are applied but not yet checked."""
    order: list[Node] = []
    builder = _Builder(order, root, MIN if root == MAX else MAX, names, moves, kinds or {})
    top = builder.build(nested, (), None)
    builder.check_kinds()
    # Every node points to the same names; they learn the tree's shape now, and make names only when asked.
    top._names.paths = [n._path for n in order]  # type: ignore[union-attr]  # the builder gave it one
    return top, order


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while many small objects that form no cycle are made.

    A tree's nodes and paths, a trace's events, a stepper's frame data: each
    lives as long as what holds it and none forms a cycle, yet left running
    the collector walks all of them again and again as they are made (that
    doubled the time to build a large tree).  A collector the caller paused
    stays paused.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _check_labels(top: Node, names: Mapping[Any, Any], moves: Mapping[Any, Any]) -> None:
    """Every name and move name is a str given for a node of the tree (and no move leads into the root)."""
    for kind, labels in (("name", names), ("move name", moves)):
        for p, label in labels.items():
            if not isinstance(p, tuple) or _find(top, p) is None:
                raise ValueError(f"{kind} {label!r} is given for path {p!r}, which is not a node of this tree")
            if not isinstance(label, str):
                raise TypeError(f"{kind} for path {path_str(p)} must be a string, not {label!r}")
    if () in moves:
        raise ValueError(f"move name {moves[()]!r} is given for the root, which no move leads into")
    _check_unique(names, "names")


def _check_unique(names: Mapping[Path, str], argument: str) -> None:
    """A name is how sentences, drawings and answers tell nodes apart: refuse one given to two nodes."""
    seen: dict[str, Path] = {}
    for p, label in names.items():
        if label in seen:
            raise ValueError(f"{argument}: {label!r} is given to the nodes at paths {path_str(seen[label])} and "
                             f"{path_str(p)}; give each node a name of its own")
        seen[label] = p


def _assembled(top: Node, order: list[Node]) -> Tree:
    t = Tree(root=top, nodes={n._path: n for n in order})
    _mark_well_formed(t)
    return t


class _Builder:
    """Builds the nodes of one tree depth first, keeping them in preorder.

    Recursion is safe: it stops with our own error at ``MAX_DEPTH``, far inside
    Python's recursion limit, however deep the nested lists go.  Most nodes of
    a tree are leaves, so a parent makes its plain leaves itself, without a
    call each; anything unusual (a label, a value to check closely) takes the
    general path through :meth:`build`.
    """

    __slots__ = ("order", "players", "names", "moves", "labelled", "book", "kinds", "movers", "root")

    def __init__(self, order: list[Node], root: Player, other: Player,
                 names: dict[Path, str], moves: dict[Path, str],
                 kinds: Mapping[Path, GivenKind]) -> None:
        self.order = order
        # The player at each depth of a tree given no kinds, so no node works out whose turn it is.
        self.players = [root if d % 2 == 0 else other for d in range(MAX_DEPTH + 2)]
        self.names = names
        self.moves = moves
        self.kinds = kinds
        self.root = root
        # Given kinds: whose turn it is below each node, by path (a move passes the turn, chance does not).
        self.movers: dict[Path, Kind] = {}
        self.labelled = bool(names or moves or kinds)
        self.book = _BookNames(names)

    def kind_of(self, path: Path, inner: bool) -> tuple[Kind, Sequence[float] | None]:
        """The kind of the node at ``path`` and its probabilities if given, where the tree names kinds."""
        given, probs = self.kinds.get(path, (None, None))
        default = self.movers[path[:-1]] if path else self.root
        kind = given or default
        # Whose turn it is below: the other player's after a move, the same player's after chance.
        self.movers[path] = (MIN if kind == MAX else MAX) if is_mover(kind) else default
        if given is not None and has_outcomes(given) and not inner:
            raise ValueError(f"the leaf at path {path_str(path)} is given the kind {given}; "
                             "only an inner node has outcomes")
        return kind, probs

    def check_kinds(self) -> None:
        """Every kind and probability is given for a node of the tree."""
        for p, (kind, probs) in self.kinds.items():
            if p not in self.movers:
                what = "probabilities" if probs is not None else "kind"
                raise ValueError(f"{what} {list(probs) if probs is not None else kind!r} is given for path "
                                 f"{path_str(p)}, which is not a node of this tree")

    def build(self, item: Any, path: Path, move: str | None) -> Node:
        depth = len(path)
        if depth > MAX_DEPTH:
            raise ValueError(
                f"tree is deeper than the supported depth of {MAX_DEPTH} plies (at path {path_str(path[:8])}...)"
            )
        name = None
        if self.labelled:
            name = self.names.get(path)
            move = self.moves.get(path, move)
        kind = type(item)
        inner = kind is list or kind is tuple or (kind is not int and kind is not float
                                                   and isinstance(item, (list, tuple)))
        if self.kinds:
            player, probs = self.kind_of(path, inner)
        else:
            player, probs = self.players[depth], None
        node = _new(ChanceNode if has_outcomes(player) else Node)
        node._path = path
        node._player = player
        node._move = move
        node._name = name
        node._names = self.book
        if inner:
            if not item:
                raise ValueError(
                    f"inner node at path {path_str(path)} has an empty child list; "
                    "give it at least one child or make it a leaf"
                )
            order = self.order
            order.append(node)  # before its children: preorder
            node._value = None
            node._children = self._children(item, path, depth + 1)
            if isinstance(node, ChanceNode):
                node._probs = (cast(tuple[float, ...], uniform(len(item))) if probs is None else
                               checked_probabilities(probs, len(item), f"the chance node at path {path_str(path)}"))
            return node
        if kind is int:
            if not _FLOAT_MIN <= item <= _FLOAT_MAX:
                _check_leaf(item, path)
        elif kind is not float or item != item:  # anything but a plain number, or NaN
            _check_leaf(item, path)
        node._value = item
        node._children = ()
        self.order.append(node)
        return node

    def _children(self, item: Sequence[Any], path: Path, depth: int) -> tuple[Node, ...]:
        order = self.order
        build = self.build
        kids: list[Node] = []
        if self.labelled or depth > MAX_DEPTH:
            for i, child in enumerate(item):
                kids.append(build(child, path + (i,), _INDEX_NAMES[i] if i < 64 else str(i)))
            return tuple(kids)
        player = self.players[depth]
        low, high, new, moves, keep, add = _FLOAT_MIN, _FLOAT_MAX, _new, _INDEX_NAMES, order.append, kids.append
        book = self.book
        for i, child in enumerate(item):
            kind = type(child)
            if (kind is int and low <= child <= high) or (kind is float and child == child):
                leaf = new(Node)
                leaf._path = path + (i,)
                leaf._player = player
                leaf._value = child
                leaf._children = ()
                leaf._move = moves[i] if i < 64 else str(i)
                leaf._name = None
                leaf._names = book
                keep(leaf)
                add(leaf)
            else:
                add(build(child, path + (i,), moves[i] if i < 64 else str(i)))
        return tuple(kids)


def _find(root: Node, path: Path) -> Node | None:
    """The node at ``path`` below ``root``, by following child indices; None if there is none."""
    node = root
    for i in path:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(node.children):
            return None
        node = node.children[i]
    return node


def _mark_well_formed(t: Tree) -> None:
    """Note that ``t`` was built by :func:`tree`, so :meth:`Tree.is_well_formed` need not check it."""
    object.__setattr__(t, "_well_formed", True)


def _check_well_formed(root: Node) -> bool:
    stack = [root]
    if root.path != ():
        return False
    while stack:
        node = stack.pop()
        if len(node.path) > MAX_DEPTH:
            return False
        if not node.children:
            v = node.value
            if isinstance(v, bool) or not isinstance(v, numbers.Real) or v != v:
                return False
            continue
        for i, child in enumerate(node.children):
            if not isinstance(child, Node) or child.path != node.path + (i,):
                return False
            stack.append(child)
    return True


def _json_int(text: str) -> int | _Unrepresentable:
    # Python refuses to read integers of more than 4,300 digits, and a leaf must
    # fit in a float anyway: keep the text, so the error can say where it is.
    if len(text) > 330:
        return _Unrepresentable(text)
    value = int(text)
    return value if -_FLOAT_MAX <= value <= _FLOAT_MAX else _Unrepresentable(text)


def _json_float(text: str) -> float | _Unrepresentable:
    # float("1e400") is inf: a number written finite must not quietly become infinite.
    value = float(text)
    return _Unrepresentable(text) if math.isinf(value) else value


def _labels(doc: dict[str, Any], key: str) -> tuple[dict[Path, str], dict[Path, str]]:
    """``doc[key]`` (``"names"`` or ``"moves"``) read into paths, and each path's key as written.

    Each error names its place in the document, such as ``"names"["0.1"]``.
    """
    given = doc.get(key, {})
    if not isinstance(given, dict):
        raise TypeError(f'tree JSON "{key}" must be an object mapping node paths to strings, '
                        f'such as {{"0.1": "B"}}; got {_clip(given)} of type {type(given).__name__}')
    out: dict[Path, str] = {}
    spelled: dict[Path, str] = {}
    for text, label in given.items():
        where = f'tree JSON "{key}"["{text}"]'
        try:
            path = parse_path(text)
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
        if not isinstance(label, str):
            raise TypeError(f"{where} must be a string, not {_clip(label)} of type {type(label).__name__}")
        if path in spelled:
            raise ValueError(f'{where} names the same node as "{spelled[path]}"; give each node once')
        spelled[path] = text
        out[path] = label
    return out, spelled


def tree_from_json(text: str | bytes) -> Tree:
    """Load a tree written by :meth:`Tree.to_json` (or by hand in the same form).

    The document is ``{"root": "MAX", "tree": [...], "names": {"0.1": "x"}, "moves": {...}}``;
    only ``"tree"`` is required.  A bare list is read as the ``"tree"``.

    Raises
    ------
    ValueError, TypeError
        Text that is not JSON, or a document that is not a tree; the message
        names where in the document the problem is (``"names"["0.1"]``, or
        ``"tree"`` and the node's path) and the bad value.

    Examples
    --------
    >>> tree_from_json('{"tree": [[1, 2], [3]], "names": {"root": "A"}}').root.name
    'A'
    >>> tree_from_json('{"tree": [[1, 2], [3]], "names": ["A"]}')
    Traceback (most recent call last):
    ...
    TypeError: tree JSON "names" must be an object mapping node paths to strings, such as {"0.1": "B"}; got ['A'] of type list
    >>> tree_from_json('[[1, 2], [1e400]]')
    Traceback (most recent call last):
    ...
    ValueError: tree JSON "tree": leaf at path 1.0 has value 1e400, too large for a float; a leaf must be a real number a float can hold
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"text must be the JSON document as a str, not {type(text).__name__}; "
                        "load_tree reads a file")
    try:
        doc = json.loads(text, parse_int=_json_int, parse_float=_json_float)
    except RecursionError:
        raise ValueError(f"tree JSON is nested deeper than the supported depth of {MAX_DEPTH} plies") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"not valid JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise ValueError(f"not valid JSON: the text is not UTF-8 ({err})") from None
    if isinstance(doc, list):
        doc = {"tree": doc}
    if not isinstance(doc, dict) or "tree" not in doc:
        raise ValueError(f'tree JSON must be a list, or an object with a "tree" key; got {_clip(doc)}')
    unknown = set(doc) - {"root", "tree", "names", "moves", "kinds", "probabilities"}
    if unknown:
        raise ValueError(f"unknown keys in tree JSON: {sorted(unknown)}")
    root = doc.get("root", MAX)
    if root not in (MAX, MIN):
        raise ValueError(f"tree JSON \"root\": root must be 'MAX' or 'MIN', not {_clip(root)}")
    (names, name_keys), (moves, move_keys) = _labels(doc, "names"), _labels(doc, "moves")
    kinds = _json_kinds(doc)
    try:
        with collector_paused():
            top, order = _build(doc["tree"], root, names, moves, kinds)
    except (ValueError, TypeError) as err:
        raise type(err)(f'tree JSON "tree": {err}') from None
    for key, labels, keys in (("names", names, name_keys), ("moves", moves, move_keys)):
        for path, label in labels.items():
            if _find(top, path) is None:
                raise ValueError(f'tree JSON "{key}"["{keys[path]}"]: {label!r} is given for path '
                                 f"{path_str(path)}, which is not a node of this tree")
    if () in moves:
        raise ValueError(f'tree JSON "moves"["{move_keys[()]}"]: {moves[()]!r} is given for the root, '
                         "which no move leads into")
    _check_unique(names, 'tree JSON "names"')
    with collector_paused():
        return _assembled(top, order)


def _json_kinds(doc: dict[str, Any]) -> dict[Path, GivenKind]:
    """``doc["kinds"]`` and ``doc["probabilities"]`` read into paths; each error names its key.

    A probability is a number or an exact fraction written as a string, ``"1/3"``.
    """
    given: dict[str, dict[Path, Any]] = {}
    keys: dict[Path, str] = {}
    for key in ("kinds", "probabilities"):
        raw = doc.get(key, {})
        if not isinstance(raw, dict):
            example = '{"0": "CHANCE"}' if key == "kinds" else '{"0": [0.9, 0.1]}'
            raise TypeError(f'tree JSON "{key}" must be an object mapping node paths to {key}, such as {example}; '
                            f"got {_clip(raw)} of type {type(raw).__name__}")
        given[key] = {}
        for text, x in raw.items():
            try:
                path = parse_path(text)
            except ValueError as err:
                raise ValueError(f'tree JSON "{key}"["{text}"]: {err}') from None
            keys[path] = text
            given[key][path] = _json_fractions(x, f'tree JSON "{key}"["{text}"]') if key == "probabilities" else x
    try:
        return _given_kinds(given["kinds"], given["probabilities"], lambda p: f'"{keys[p]}"')
    except (ValueError, TypeError) as err:
        raise type(err)(f"tree JSON {err}") from None


def _json_fractions(x: Any, where: str) -> Any:
    """A list of probabilities as JSON holds them, with each ``"p/q"`` read as an exact Fraction."""
    if not isinstance(x, list):
        raise TypeError(f"{where} must be a list of probabilities such as [0.5, 0.5] or [\"1/3\", \"2/3\"], "
                        f"not {_clip(x)}")
    out: list[Any] = []
    for item in x:
        if isinstance(item, str):
            try:
                item = Fraction(item)
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"{where}: {item!r} is no probability; write a number or a fraction such as "
                                 '"1/3"') from None
        out.append(item)
    return out


def _json_probability(x: float) -> Any:
    """A probability as JSON writes it: an exact fraction that is not whole as ``"p/q"``, others as numbers."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else str(x)
    return x


def _clip(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def load_tree(filename: str | FilePath) -> Tree:
    """Read a tree from a JSON file (see :func:`tree_from_json`); errors name the file."""
    filename = FilePath(filename)
    try:
        return tree_from_json(filename.read_bytes())
    except (ValueError, TypeError) as err:
        raise type(err)(f"{filename}: {err}") from None
