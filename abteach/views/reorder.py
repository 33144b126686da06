"""Every ordering of a small tree's children, each search's last frame once, as data for a page to draw.

A view: it reads the traces :func:`abteach.lessons.ordering.reorderings`
already recorded and runs nothing.  Each ordering's last frame is described
in :mod:`abteach.views.frame_data`'s encoding (:func:`~abteach.views.frame_data.frame_at`),
so the page draws it with the stepper's own tree, and print and screen cannot
disagree.  Fig. 5.2 has 6**4 = 1296 orderings; the data holds them all, so a
page needs no kernel to show any of them, and stays small because what repeats
is written once:

``nodes``
    One entry per reorderable node, in the key's order: its ``name`` and its
    ``options``, each ``{"value": "2,0,1", "label": "d3 d1 d2"}`` (the
    permutation, by original child index, and the children it puts first to
    last), in the order :attr:`orderings` counts them.
``layouts``
    The distinct shapes of the drawing: each a list, in preorder, of
    ``{"path", "parent", "x", "y", "kind"}`` as :func:`~abteach.views.frame_data.frame_data`'s
    layout gives them, with ``depth`` and ``width`` beside.  A tree whose
    subtrees all look alike has one shape for every ordering.
``who``
    The distinct nodes that sit in a slot: ``{"name", "move", "player", "below"}``.
``states``
    The distinct node states of :mod:`~abteach.views.frame_data` (``[status,
    inside, annotation lines, flags, pruned_by]``, or ``None``).
``summaries``
    The distinct sentences said of an ordering: leaves evaluated of all leaves, and what was pruned.
``orderings``
    One entry per ordering, ``[layout, summary, leaves, who..., state...]``:
    indices into ``layouts`` and ``summaries``, the leaves it evaluated, then
    one index into ``who`` and one into ``states`` for each slot of its layout.
    The orderings are counted as a mixed-radix number over ``nodes``' options,
    the first node's option the most significant digit
    (:func:`ordering_index`).
``keys``
    ``own``, ``best`` and ``worst``: the key text (:func:`key_text`) of the
    tree's own ordering, of an ordering that evaluates the fewest leaves, and
    of one that evaluates the most.
``overall``
    The sentence said of every ordering: the fewest and the most leaves.

Examples
--------
>>> import abteach as ab
>>> from abteach.lessons.ordering import reorderings
>>> r = reorderings(ab.examples.FIG_5_2)
>>> data = reorder_data(r)
>>> len(data["orderings"]), len(data["layouts"]), data["keys"]["best"]
(1296, 1, '0,1,2|0,1,2|0,1,2|2,0,1')
>>> shown = decode(data, key_text(r.key({"D": ["d3", "d1", "d2"]})))
>>> [n["name"] or n["move"] for n in shown["layout"]["nodes"]][9:]
['D', 'd3', 'd1', 'd2']
>>> shown["summary"]
'5 of 9 leaves evaluated. Pruned: c2, c3, d1, d2.'
"""

from __future__ import annotations

import math
from typing import Any, Final

from abteach.games.errors import shown
from abteach.lessons.measured import ReorderKey, Reorderings
from abteach.views.frame_data import NodeData, frame_at

#: The layout's fields that make its shape; the others say which node sits in a slot.
SHAPE_KEYS: Final = ("path", "parent", "x", "y", "kind")
WHO_KEYS: Final = ("name", "move", "player", "below")


def key_text(key: ReorderKey) -> str:
    """A key as the page writes it: each node's permutation, comma-separated, nodes apart by ``|``.

    >>> key_text(((0, 1, 2), (2, 0, 1)))
    '0,1,2|2,0,1'
    """
    return "|".join(",".join(str(i) for i in perm) for perm in key)


def text_key(text: str) -> ReorderKey:
    """The key :func:`key_text` wrote as ``text``.

    >>> text_key('0,1,2|2,0,1')
    ((0, 1, 2), (2, 0, 1))
    """
    if not isinstance(text, str):
        raise TypeError(f"a key's text is a str like '0,1,2|2,0,1', not {shown(text)}")
    try:
        return tuple(tuple(int(i) for i in part.split(",")) for part in text.split("|"))
    except ValueError:
        raise ValueError(f"a key's text lists each node's children by index, like '0,1,2|2,0,1', "
                         f"not {text!r}") from None


def _options(data: Reorderings) -> list[list[tuple[int, ...]]]:
    """Each reorderable node's permutations that some key uses, sorted."""
    return [sorted({k[i] for k in data.results}) for i in range(len(data.nodes))]


def ordering_index(options: list[list[tuple[int, ...]]], key: ReorderKey) -> int:
    """Where ``key`` is in the orderings: its options' indices read as one mixed-radix number.

    >>> ordering_index([[(0, 1), (1, 0)], [(0, 1), (1, 0)]], ((1, 0), (0, 1)))
    2
    """
    index = 0
    for opts, perm in zip(options, key):
        index = index * len(opts) + opts.index(perm)
    return index


def summary_text(data: Reorderings, key: ReorderKey) -> str:
    """What is said of one ordering: how many leaves it evaluated of all, and the children it pruned.

    >>> import abteach as ab
    >>> from abteach.lessons.ordering import reorderings
    >>> r = reorderings(ab.examples.FIG_5_2)
    >>> summary_text(r, r.identity)
    '7 of 9 leaves evaluated. Pruned: c2, c3.'
    """
    total = len(data.tree_for(key).leaves())
    pruned = ", ".join(data.pruned_names(key)) or "nothing"
    return f"{data.result(key).leaves} of {total} leaves evaluated. Pruned: {pruned}."


def overall_text(data: Reorderings) -> str:
    """What is said of every ordering: the fewest and the most leaves any of them evaluates."""
    return f"Fewest over all {len(data)} orderings: {data.fewest_leaves}; most: {data.most_leaves}."


def reorder_data(data: Reorderings, *, title: str = "") -> dict[str, Any]:
    """Every ordering's last frame and what is said of it, as compact JSON-able data (see the module).

    Parameters
    ----------
    data : Reorderings
        From :func:`abteach.lessons.ordering.reorderings`: every ordering, already searched.
    title : str
        What the page calls the search; by default its algorithm's label.

    Returns
    -------
    dict

    Raises
    ------
    TypeError
        ``data`` is not a Reorderings, or ``title`` not a str.
    ValueError
        Its keys are not every combination of its nodes' orders, or a search has no trace.
    """
    if not isinstance(data, Reorderings):
        raise TypeError(f"reorder_data describes a Reorderings (from abteach.lessons.ordering.reorderings), "
                        f"as data, not {shown(data)}")
    if not isinstance(title, str):
        raise TypeError(f"title must be a str, not {shown(title)}")
    options = _options(data)
    if math.prod(len(o) for o in options) != len(data.results):
        raise ValueError(f"data holds {len(data.results)} orderings, not every combination of its nodes' "
                         f"orders ({math.prod(len(o) for o in options)}): the page counts them as such")
    tables: dict[str, dict[str, int]] = {"layouts": {}, "who": {}, "states": {}, "summaries": {}}
    values: dict[str, list[Any]] = {name: [] for name in tables}

    def index(table: str, value: Any) -> int:
        # Rows are told apart by their JSON-able repr: a dict or a list is not hashable.
        seen = tables[table]
        text = repr(value)
        if text not in seen:
            seen[text] = len(values[table])
            values[table].append(value)
        return seen[text]

    orderings: list[list[int]] = [[] for _ in data.results]
    label = title
    for key, result in data.results.items():
        trace = result.trace
        if trace is None:
            raise ValueError(f"the search of ordering {key_text(key)} has no trace: run it with trace=True")
        label = label or trace.algorithm.label
        one = frame_at(trace, len(trace))
        layout = one["layout"]
        shape = {"nodes": [{k: nd[k] for k in SHAPE_KEYS} for nd in layout["nodes"]],
                 "depth": layout["depth"], "width": layout["width"]}
        states: list[NodeData] = one["state"]["nodes"]
        orderings[ordering_index(options, key)] = [
            index("layouts", shape), index("summaries", summary_text(data, key)), result.leaves,
            *(index("who", {k: nd[k] for k in WHO_KEYS}) for nd in layout["nodes"]),
            *(index("states", st) for st in states)]
    tree = data.tree
    best = data.keys_with(data.fewest_leaves)[0]
    worst = data.keys_with(data.most_leaves)[0]
    return {
        "title": label,
        "nodes": [{"name": tree.nodes[p].name,
                   "options": [{"value": ",".join(map(str, perm)),
                                "label": " ".join(tree.nodes[p].children[i].name for i in perm)} for perm in opts]}
                  for p, opts in zip(data.nodes, options)],
        "layouts": values["layouts"],
        "who": values["who"],
        "states": values["states"],
        "summaries": values["summaries"],
        "orderings": orderings,
        "keys": {"own": key_text(data.identity), "best": key_text(best), "worst": key_text(worst)},
        "overall": overall_text(data),
    }


def decode(data: dict[str, Any], key: str) -> dict[str, Any]:
    """One ordering of ``data`` rebuilt as the page rebuilds it: its frame_data ``layout``, node states, summary.

    Raises
    ------
    KeyError
        ``key`` is not one of the orderings.
    """
    perms = key.split("|")
    if len(perms) != len(data["nodes"]):
        raise KeyError(f"no ordering {key!r}: a key has one order for each of {[n['name'] for n in data['nodes']]}")
    index = 0
    for node, perm in zip(data["nodes"], perms):
        values = [o["value"] for o in node["options"]]
        if perm not in values:
            raise KeyError(f"no ordering {key!r}: {node['name']}'s orders are {values}")
        index = index * len(values) + values.index(perm)
    row = data["orderings"][index]
    shape = data["layouts"][row[0]]
    n = len(shape["nodes"])
    who, states = row[3:3 + n], row[3 + n:]
    nodes = [{**slot, **data["who"][w]} for slot, w in zip(shape["nodes"], who)]
    return {"layout": {"nodes": nodes, "depth": shape["depth"], "width": shape["width"]},
            "nodes": [data["states"][k] for k in states], "summary": data["summaries"][row[1]], "leaves": row[2]}


__all__ = ["reorder_data", "decode", "key_text", "text_key", "ordering_index", "summary_text", "overall_text"]
