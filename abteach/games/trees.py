"""Explicit game trees: built from nested lists, named, validated, saved as JSON.

A tree is the simplest game: every inner node is a choice for the player to
move there, every leaf holds a utility for MAX.  A node's stable identity is its
*path*, the tuple of child indices that leads to it from the root.
"""

from __future__ import annotations

import json
import math
import numbers
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any, Iterator, Mapping, Sequence

from abteach.games.players import MAX, MIN, Player

Path = tuple[int, ...]

#: The deepest tree the package accepts.  The searches recurse once per ply, and
#: this keeps them well inside Python's recursion limit.
MAX_DEPTH = 200


@dataclass(frozen=True, eq=False)
class Node:
    """One node of a :class:`Tree`.

    Attributes
    ----------
    path : tuple of int
        Child indices from the root; ``()`` is the root.
    player : Player
        Who moves here (``MAX`` or ``MIN``); a leaf still records whose turn it would be.
    value : float or None
        The utility for MAX at a leaf, ``None`` at an inner node.
    children : tuple of Node
        Empty at a leaf.
    name : str
        A display name: the textbook's letter, or the path written as ``"0.2"``.
    move : str or None
        The name of the move that leads here from the parent (``None`` at the root).
    """

    path: Path
    player: Player
    value: float | None
    children: tuple["Node", ...]
    name: str
    move: str | None

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def depth(self) -> int:
        return len(self.path)

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"Node({self.name!r}, {self.player}, value={self.value!r})"
        return f"Node({self.name!r}, {self.player}, {len(self.children)} children)"


def path_str(path: Path) -> str:
    """Write a path the way error messages and JSON do: ``(1, 0)`` -> ``"1.0"``, root -> ``"root"``."""
    return ".".join(map(str, path)) if path else "root"


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

    # -- the Game protocol -------------------------------------------------
    @property
    def max_player(self) -> Player:
        """Leaves hold MAX's utility, whoever moves at the root."""
        return MAX

    @property
    def initial(self) -> Node:
        return self.root

    def to_move(self, state: Node) -> Player:
        return state.player

    def actions(self, state: Node) -> range:
        return range(len(state.children))

    def result(self, state: Node, action: int) -> Node:
        return state.children[action]

    def is_terminal(self, state: Node) -> bool:
        return not state.children

    def utility(self, state: Node, player: Player) -> float:
        return state.value if player == MAX else -state.value

    def path_of(self, state: Node) -> Path:
        return state.path

    def move_name(self, state: Node, action: int) -> str:
        child = state.children[action]
        return child.move if child.move is not None else str(action)

    # -- queries -------------------------------------------------------------
    def node(self, path: Sequence[int]) -> Node:
        """The node at ``path``; a KeyError names the path when there is none."""
        try:
            return self.nodes[tuple(path)]
        except KeyError:
            raise KeyError(f"no node at path {path_str(tuple(path))}") from None

    def name(self, path: Path) -> str:
        return self.nodes[path].name if path in self.nodes else path_str(path)

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
        names = {path_str(p): n.name for p, n in self.nodes.items() if n.name != path_str(p)}
        moves = {path_str(p): n.move for p, n in self.nodes.items() if n.move is not None and n.move != str(p[-1])}
        doc: dict[str, Any] = {"root": self.root.player, "tree": self.to_nested()}
        if names:
            doc["names"] = names
        if moves:
            doc["moves"] = moves
        return json.dumps(doc, indent=indent)

    def save(self, filename: str | FilePath, *, overwrite: bool = False) -> None:
        """Write the tree as JSON.  Refuses to replace an existing file unless ``overwrite=True``."""
        filename = FilePath(filename)
        if filename.exists() and not overwrite:
            raise FileExistsError(f"{filename} already exists; pass overwrite=True to replace it")
        filename.write_text(self.to_json(indent=2) + "\n")


def _check_leaf(value: Any, path: Path) -> float:
    where = f"leaf at path {path_str(path)}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{where} has value {value!r} of type {type(value).__name__}; a leaf must be a real number")
    if math.isnan(value):
        raise ValueError(f"{where} is NaN; a leaf must be a real number")
    return value


def tree(
    nested: Any,
    *,
    root: Player = MAX,
    names: Mapping[Path, str] | None = None,
    moves: Mapping[Path, str] | None = None,
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

    Raises
    ------
    ValueError
        An empty child list, a NaN leaf, a name for a path that is not in the
        tree, or a tree deeper than ``MAX_DEPTH``; the message names the path.
    TypeError
        A leaf that is not a real number (str, None, bool, complex, ...).

    Examples
    --------
    >>> import abteach as ab
    >>> ab.tree([[3, 12, 8], [2, [4, 6]]]).node((1, 1)).player
    'MAX'
    >>> ab.tree([[3], []])
    Traceback (most recent call last):
    ...
    ValueError: inner node at path 1 has an empty child list; give it at least one child or make it a leaf
    """
    if root not in (MAX, MIN):
        raise ValueError(f"root must be 'MAX' or 'MIN', not {root!r}")
    names = dict(names or {})
    moves = dict(moves or {})
    # Iterative construction, so a pathologically deep list gives our own error,
    # never a RecursionError.
    built: dict[Path, Node] = {}
    pending: list[tuple[Any, Path, bool]] = [(nested, (), False)]
    while pending:
        item, path, children_done = pending.pop()
        if len(path) > MAX_DEPTH:
            raise ValueError(
                f"tree is deeper than the supported depth of {MAX_DEPTH} plies (at path {path_str(path[:8])}...)"
            )
        player = root if len(path) % 2 == 0 else (MIN if root == MAX else MAX)
        if isinstance(item, (list, tuple)):
            if not item:
                raise ValueError(
                    f"inner node at path {path_str(path)} has an empty child list; "
                    "give it at least one child or make it a leaf"
                )
            if not children_done:
                pending.append((item, path, True))
                pending.extend((child, path + (i,), False) for i, child in reversed(list(enumerate(item))))
                continue
            children = tuple(built[path + (i,)] for i in range(len(item)))
            value = None
        else:
            children = ()
            value = _check_leaf(item, path)
        built[path] = Node(
            path=path,
            player=player,
            value=value,
            children=children,
            name=names.get(path, path_str(path)),
            move=moves.get(path, str(path[-1]) if path else None),
        )
    for kind, labels in (("name", names), ("move name", moves)):
        for p, label in labels.items():
            if not isinstance(p, tuple) or p not in built:
                raise ValueError(f"{kind} {label!r} is given for path {p!r}, which is not a node of this tree")
            if not isinstance(label, str):
                raise TypeError(f"{kind} for path {path_str(p)} must be a string, not {label!r}")
    if () in moves:
        raise ValueError(f"move name {moves[()]!r} is given for the root, which no move leads into")
    # Rebuild in preorder so `nodes` iterates parents first, left to right.
    ordered = {n.path: n for n in _preorder(built[()])}
    return Tree(root=built[()], nodes=ordered)


def _preorder(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def tree_from_json(text: str) -> Tree:
    """Load a tree written by :meth:`Tree.to_json` (or by hand in the same form).

    The document is ``{"root": "MAX", "tree": [...], "names": {"0.1": "x"}, "moves": {...}}``;
    only ``"tree"`` is required.
    """
    try:
        doc = json.loads(text)
    except RecursionError:
        raise ValueError(f"tree JSON is nested deeper than the supported depth of {MAX_DEPTH} plies") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"not valid JSON: {err}") from None
    if isinstance(doc, list):
        doc = {"tree": doc}
    if not isinstance(doc, dict) or "tree" not in doc:
        raise ValueError('tree JSON must be a list, or an object with a "tree" key')
    unknown = set(doc) - {"root", "tree", "names", "moves"}
    if unknown:
        raise ValueError(f"unknown keys in tree JSON: {sorted(unknown)}")
    return tree(
        doc["tree"],
        root=doc.get("root", MAX),
        names={parse_path(k): v for k, v in doc.get("names", {}).items()},
        moves={parse_path(k): v for k, v in doc.get("moves", {}).items()},
    )


def load_tree(filename: str | FilePath) -> Tree:
    """Read a tree from a JSON file (see :func:`tree_from_json`)."""
    return tree_from_json(FilePath(filename).read_text())
