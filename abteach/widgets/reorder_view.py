"""A widget to reorder a small tree's children and watch alpha-beta's pruning change.

The searches are all run up front by :func:`abteach.lessons.ordering.reorderings`;
the widget only looks a result up and draws its last frame, so moving a
dropdown never runs a search.

Examples
--------
>>> import abteach as ab
>>> from abteach.lessons.ordering import reorderings
>>> from abteach.widgets.reorder_view import reorder_view
>>> v = reorder_view(reorderings(ab.examples.FIG_5_2))
>>> v
ReorderView(A: B C D | B: b1 b2 b3 | C: c1 c2 c3 | D: d1 d2 d3 -> 7 of 9 leaves evaluated; pruned: c2 c3)
>>> v.choose({"D": ["d3", "d1", "d2"]}); v.leaves
5
"""

from __future__ import annotations

import html
from functools import lru_cache
from typing import Any, Mapping, Sequence

import ipywidgets as widgets

from abteach.games.errors import shown
from abteach.views.export import frame_png
from abteach.views.sizes import Size, resolve_size
from abteach.lessons.measured import ReorderKey, Reorderings
from abteach.views.alt import frame_alt
from abteach.widgets.described import DescribedImage
from abteach.widgets.fallback import with_fallback


class ReorderView(widgets.VBox):
    """One dropdown per reorderable node, the final frame of the chosen ordering, and its counts.

    Build it with :func:`reorder_view`.

    Attributes
    ----------
    data : Reorderings
        Every ordering's search, computed beforehand.
    dropdowns : dict of str to ipywidgets.Dropdown
        One per reorderable node, keyed by the node's name.
    image : ipywidgets.Image
        The last frame of the chosen search.
    summary : ipywidgets.HTML
        Leaves evaluated and the children pruned.
    """

    def __init__(self, data: Reorderings, *, size: str | Size | None = None, start: ReorderKey | None = None) -> None:
        self.data = data
        # Chosen now: a later ab.use_size(...) does not change a view already shown.
        self.size = resolve_size(size)
        # Drawing a frame costs a fifth of a second; the cache makes going back instant.
        self._png = lru_cache(maxsize=128)(self._render)
        key = data.identity if start is None else data._get(start)
        tree = data.tree
        self.dropdowns: dict[str, widgets.Dropdown] = {}
        for path, perm in zip(data.nodes, key):
            node = tree.nodes[path]
            options = sorted({k[data.nodes.index(path)] for k in data.results})
            labels = [(" ".join(node.children[i].name for i in p), p) for p in options]
            self.dropdowns[node.name] = widgets.Dropdown(
                options=labels, value=perm, description=node.name,
                layout=widgets.Layout(width="150px"), style={"description_width": "24px"})
        self.best = widgets.Button(description="a best order", tooltip="an ordering that evaluates the fewest leaves")
        self.worst = widgets.Button(description="a worst order", tooltip="an ordering that evaluates the most leaves")
        self.reset = widgets.Button(description="tree's own order")
        self.image = DescribedImage("The search of the tree in the order chosen.", format="png")
        self.summary = widgets.HTML()
        self._quiet = False
        for dd in self.dropdowns.values():
            dd.observe(self._on_change, names="value")
        self.best.on_click(lambda _: self.show(data.keys_with(data.fewest_leaves)[0]))
        self.worst.on_click(lambda _: self.show(data.keys_with(data.most_leaves)[0]))
        self.reset.on_click(lambda _: self.show(data.identity))
        super().__init__([widgets.HBox(list(self.dropdowns.values())),
                          widgets.HBox([self.best, self.worst, self.reset]), self.summary, self.image])
        self.add_class("ab-reorder")
        self._draw()

    # -- state ----------------------------------------------------------------------
    @property
    def key(self) -> ReorderKey:
        """The ordering the dropdowns show."""
        return tuple(dd.value for dd in self.dropdowns.values())

    @property
    def result(self) -> Any:
        return self.data.result(self.key)

    @property
    def leaves(self) -> int:
        return self.result.leaves

    @property
    def pruned(self) -> list[str]:
        return self.data.pruned_names(self.key)

    def show(self, key: ReorderKey) -> None:
        """Set every dropdown to ``key`` and draw once."""
        key = self.data._get(key)
        # Setting several dropdowns would otherwise redraw once per dropdown.
        self._quiet = True
        try:
            for dd, perm in zip(self.dropdowns.values(), key):
                dd.value = perm
        finally:
            self._quiet = False
        self._draw()

    def choose(self, orders: Mapping[str, Sequence[str]]) -> None:
        """Show orders written with names, e.g. ``{"D": ["d3", "d1", "d2"]}``; other nodes keep their own order."""
        self.show(self.data.key(orders))

    # -- drawing ----------------------------------------------------------------------
    def _on_change(self, change: dict) -> None:
        if not self._quiet:
            self._draw()

    def _render(self, key: ReorderKey) -> bytes:
        trace = self.data.result(key).trace
        return frame_png(trace, len(trace), size=self.size)

    def _draw(self) -> None:
        self.image.value = self._png(self.key)
        trace = self.data.result(self.key).trace
        self.image.alt = frame_alt(trace, len(trace))
        total = len(self.data.tree_for(self.key).leaves())
        pruned = ", ".join(self.pruned) or "nothing"
        self.summary.value = (
            f"<b>{self.leaves} of {total} leaves evaluated</b> "
            f"(fewest over all {len(self.data)} orderings: {self.data.fewest_leaves}, "
            f"most: {self.data.most_leaves}). Pruned: {html.escape(pruned)}.")

    # -- without a kernel ---------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        # A picture of the current ordering for renderers that cannot run widgets.
        return with_fallback(super()._repr_mimebundle_(**kwargs), self._png(self.key), repr(self))

    def __repr__(self) -> str:
        orders = " | ".join(f"{name}: {' '.join(kids)}" for name, kids in self.data.child_names(self.key).items())
        total = len(self.data.tree_for(self.key).leaves())
        return (f"ReorderView({orders} -> {self.leaves} of {total} leaves evaluated; "
                f"pruned: {' '.join(self.pruned) or 'nothing'})")


def reorder_view(data: Reorderings, *, size: str | Size | None = None, start: ReorderKey | None = None) -> ReorderView:
    """Reorder the children of a small tree and watch alpha-beta's cutoffs move.

    Parameters
    ----------
    data : Reorderings
        From :func:`abteach.lessons.ordering.reorderings`: every ordering, already searched.
    size : {'screen', 'projector'}
        Drawing size.
    start : key, optional
        The ordering shown first; default the tree's own.

    Raises
    ------
    TypeError
        ``data`` is not a Reorderings.
    KeyError
        ``start`` is not one of its keys.
    """
    if not isinstance(data, Reorderings):
        raise TypeError(f"reorder_view shows a Reorderings (from abteach.lessons.ordering.reorderings), "
                        f"as data, not {shown(data)}")
    return ReorderView(data, size=size, start=start)
