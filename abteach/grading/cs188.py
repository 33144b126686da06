'''CS188's ``GraphGameTreeTest`` files: write a tree as a test and its solution, and read one back.

UC Berkeley's CS188 grades alpha-beta on small graph games written as
``.test`` files (``key: "value"`` lines, or a value between ``key: """`` and
``"""``; everything after ``#`` dropped) with a ``.solution`` holding the
``action`` and the ``generated`` states, sorted as Python sorts strings.  It
prunes only on strict inequalities, and the root takes the first of tied moves.

Examples
--------
>>> import abteach as ab
>>> test, solution = to_cs188(ab.examples.FIG_5_2)
>>> print(solution)
action: "a1"
generated: "A B C D b1 b2 b3 c1 d1 d2 d3"
<BLANKLINE>
>>> from_cs188(test).to_nested() == ab.examples.FIG_5_2.to_nested()
True
'''

from __future__ import annotations

import os
import re
from pathlib import Path as FilePath
from typing import Any

from abteach.games.trees import Path, Tree, tree as build_tree
from abteach.grading.game import state_names
from abteach.trace.algorithms import alphabeta
from abteach.trace.protocol import Status


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() and abs(x) < 2 ** 53 else repr(float(x))


def to_cs188(tree: Tree, *, alg: str = "AlphaBetaAgent", comment: str = "") -> tuple[str, str]:
    """The ``.test`` text for ``tree`` and its ``.solution`` text, under CS188's strict rule.

    Parameters
    ----------
    tree : Tree
        MAX at the root (CS188's Pacman moves first); two players alternate.
    alg : str
        The agent the test names.  Only ``AlphaBetaAgent`` gets a solution of pruned states.
    comment : str
        A line written as a ``#`` comment at the top.

    Returns
    -------
    (str, str)
        The test file and the solution file.  Leaves at the depth limit are
        evaluated there; every shallower leaf is a win state (value ≥ 0) or a
        lose state, so the search stops at it.
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be an abteach Tree, not {type(tree).__name__}")
    if tree.root.player != "MAX":
        raise ValueError("CS188's graph games start with MAX (Pacman) to move; this tree has MIN at the root")
    if alg != "AlphaBetaAgent":
        raise ValueError(f"alg must be 'AlphaBetaAgent' (the only agent whose solution lists pruned states), not {alg!r}")
    names = state_names(tree)
    if len(set(names.values())) != len(names) or any(re.search(r"\s", n) for n in names.values()):
        raise ValueError("the tree's state names must be unique and have no spaces")  # pragma: no cover
    # Depth counts one move by each of the two agents; an odd height ends one ply past a whole depth.
    depth = (tree.height + 1) // 2
    limit = 2 * depth
    leaves = [n for n in tree.walk() if n.is_leaf]
    shallow = [n for n in leaves if len(n.path) < limit]
    win = [names[n.path] for n in shallow if (n.value or 0) >= 0]
    lose = [names[n.path] for n in shallow if (n.value or 0) < 0]
    successors = [f"{names[n.path]} {tree.move_name(n, i)} {names[c.path]}"
                  for n in tree.walk() for i, c in enumerate(n.children)]
    evaluation = [f"{names[n.path]} {_number(n.value)}" for n in leaves]  # type: ignore[arg-type]
    test = "\n".join([
        *( [f"# {line}" for line in comment.splitlines()] if comment else [] ),
        'class: "GraphGameTreeTest"',
        f'alg: "{alg}"',
        f'depth: "{depth}"',
        "",
        'diagram: """',
        *_diagram(tree, names),
        '"""',
        'num_agents: "2"',
        "",
        f'start_state: "{names[()]}"',
        f'win_states: "{" ".join(win)}"',
        f'lose_states: "{" ".join(lose)}"',
        "",
        'successors: """',
        *successors,
        '"""',
        "",
        'evaluation: """',
        *evaluation,
        '"""',
        "",
    ])
    r = alphabeta(tree, prune_on_tie=False)
    assert r.trace is not None
    last = r.trace.last()
    generated = sorted({names[()]} | {names[n.path] for n in tree.walk() if last.node(n.path).status is Status.DONE})
    action = tree.move_name(tree.root, r.move) if r.move is not None else ""
    solution = f'action: "{action}"\ngenerated: "{" ".join(generated)}"\n'
    return test, solution


def _diagram(tree: Tree, names: dict[Path, str]) -> list[str]:
    """The tree as indented lines: ``a1 -> B (MIN)``, leaves with their value.  No ``#``: it starts a comment."""
    lines = []
    for node in tree.walk():
        indent = "    " * len(node.path)
        # Named as the successors name the move, so the diagram and the list agree.
        into = f"{tree.move_name(tree.node(node.path[:-1]), node.path[-1])} -> " if node.path else ""
        what = f"= {_number(node.value)}" if node.is_leaf else f"({node.player})"  # type: ignore[arg-type]
        lines.append(f"  {indent}{into}{names[node.path]} {what}")
    return lines


def parse_cs188(text: str) -> dict[str, str]:
    """The ``key: value`` pairs of a CS188 test or solution file, as its test parser reads them."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, the contents of a .test file, not {type(text).__name__}")
    lines = [re.sub(r"#.*", "", line) for line in text.split("\n")]
    out: dict[str, str] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        one = re.match(r'^([a-zA-Z_0-9]+) *: *"(.*)"[ \t]*$', line)
        many = re.match(r'^([a-zA-Z_0-9]+) *: *"""[ \t]*$', line)
        if many:  # tested first: 'key: """' would also read as key: "" followed by a quote
            body = []
            i += 1
            while i < len(lines) and not re.match(r'^"""[ \t]*$', lines[i]):
                body.append(lines[i])
                i += 1
            if i == len(lines):
                raise ValueError(f"the value of {many.group(1)!r} opens with \"\"\" but never closes")
            out[many.group(1)] = "\n".join(body)
            i += 1
        elif one:
            out[one.group(1)] = one.group(2)
            i += 1
        else:
            raise ValueError(f"line {i + 1} is neither key: \"value\" nor key: \"\"\": {line!r}")
    return out


def _contents(text: object) -> Any:
    """A test's text: ``text`` itself, or the file a path names; a file's name as a str is refused, helpfully."""
    if isinstance(text, os.PathLike):
        return FilePath(text).read_text(encoding="utf-8")
    named = text.strip() if isinstance(text, str) else ""
    if named and "\n" not in named and (named.endswith((".test", ".solution")) or os.path.isfile(named)):
        raise ValueError(f"text is {text!r}, which reads as a file's name, not a test's contents: pass the "
                         f"contents, from_cs188(Path({named!r}).read_text()), or the path, "
                         f"from_cs188(Path({named!r}))")
    return text


def from_cs188(text: str | os.PathLike[str]) -> Tree:
    r'''Read a ``GraphGameTreeTest`` file back into the :class:`abteach.Tree` its test searches.

    CS188's agents stop at the test's ``depth`` (one move by each agent
    counts as one) and at win and lose states, and score each state they stop
    at with the file's ``evaluation``.  So the tree returned stops there too:
    a state at ply ``2 · depth``, or a win or lose state, is a leaf holding its
    evaluation, and what lies beyond it is left out.  A search of the tree
    (strict, as CS188 prunes) then gives the test's ``action``, and the states
    it enters, with the start, are the test's ``generated``.

    Parameters
    ----------
    text : str or path
        The contents of a ``.test`` file, or the file as a path (``pathlib.Path("q.test")``); a string is
        always contents, so a file's name given as one is refused with what to pass.  Without a ``depth``
        key the whole game is read.

    Returns
    -------
    Tree
        MAX at the root; each node named as its state, each move as its action.

    Raises
    ------
    TypeError
        ``text`` is not a str.
    ValueError
        A file that is not a two-player graph game test, a ``depth`` that is
        not a whole number ≥ 1, a state reached twice (a graph that is not a
        tree), or a state the search stops at with no evaluation.

    Examples
    --------
    A test to depth 1 stops after MIN's reply, at the evaluations there:

    >>> test = "\n".join(['class: "GraphGameTreeTest"', 'depth: "1"', 'start_state: "a"',
    ...                   'successors: """', "a Left b", "b Left c", "c Left d", '"""',
    ...                   'evaluation: """', "c 4", "d 7", '"""'])
    >>> from_cs188(test).to_nested()
    [[4]]
    '''
    d = parse_cs188(_contents(text))
    if d.get("class") != "GraphGameTreeTest":
        raise ValueError(f"not a GraphGameTreeTest file (class is {d.get('class')!r})")
    if d.get("num_agents", "2") != "2":
        raise ValueError(f"only two-player tests can be read, not num_agents={d.get('num_agents')!r}")
    for key in ("start_state", "successors", "evaluation"):
        if key not in d:
            raise ValueError(f"the file has no {key!r}")
    limit = _ply_limit(d.get("depth"))
    stops = set(d.get("win_states", "").split()) | set(d.get("lose_states", "").split())
    children: dict[str, list[tuple[str, str]]] = {}
    parents: dict[str, str] = {}
    for line in d["successors"].split("\n"):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 3:
            raise ValueError(f"a successors line must be 'state action next', not {line!r}")
        state, action, nxt = parts
        if nxt in parents:
            raise ValueError(f"state {nxt!r} is reached twice: the game is a graph, not a tree")
        parents[nxt] = state
        children.setdefault(state, []).append((action, nxt))
    values: dict[str, float] = {}
    for line in d["evaluation"].split("\n"):
        if line.strip():
            state, value = line.split()
            values[state] = int(value) if re.fullmatch(r"-?\d+", value) else float(value)
    names: dict[Path, str] = {}
    moves: dict[Path, str] = {}

    def nest(state: str, path: Path) -> Any:
        names[path] = state
        at_limit = limit is not None and len(path) >= limit
        if state not in children or state in stops or at_limit:
            if state not in values:
                why = (f"at the depth limit (depth={d['depth']}, ply {len(path)})" if at_limit and state in children
                       else "a win or lose state" if state in stops and state in children else "a leaf")
                raise ValueError(f"state {state!r} is {why}, where the search evaluates it, "
                                 "but it has no evaluation")
            return values[state]
        out = []
        for i, (action, nxt) in enumerate(children[state]):
            moves[path + (i,)] = action
            out.append(nest(nxt, path + (i,)))
        return out

    nested = nest(d["start_state"], ())
    return build_tree(nested, names=names, moves=moves)


def _ply_limit(depth: str | None) -> int | None:
    """The ply a two-agent test's ``depth`` stops at: each depth is one move by each agent."""
    if depth is None:
        return None
    if not re.fullmatch(r"\s*\d+\s*", depth) or int(depth) < 1:
        raise ValueError(f"depth must be a whole number ≥ 1, not {depth!r}")
    return 2 * int(depth)


__all__ = ["to_cs188", "from_cs188", "parse_cs188"]
