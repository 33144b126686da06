"""A widget to reorder a small tree's children and watch alpha-beta's pruning change.

The searches are all run up front by :func:`abteach.lessons.ordering.reorderings`;
the widget is handed them and never runs one.  Every ordering's last frame is
described once, as data (:func:`abteach.views.reorder.reorder_data`, in
:mod:`abteach.views.frame_data`'s encoding), and the stepper's ES module
(``static/stepper.js``, its ``mountReorder``, run by anywidget) draws it as
inline SVG with real text.  A dropdown, or a button, changes the ordering in
the page, with no message to the kernel: the page keeps the ordering in its
copy of the model (``ordering``), and Python setting it (:meth:`ReorderView.show`,
:meth:`ReorderView.choose`) moves the page.  The tree is a tree a screen
reader walks with the arrow keys, as the stepper's is.

Where widgets do not run, the output carries a PNG of the ordering shown.

Examples
--------
>>> import abteach as ab
>>> from abteach.lessons.ordering import reorderings
>>> from abteach.widgets.reorder_view import reorder_view
>>> v = reorder_view(reorderings(ab.examples.FIG_5_2))
>>> v
ReorderView(A: B C D | B: b1 b2 b3 | C: c1 c2 c3 | D: d1 d2 d3 -> 7 of 9 leaves evaluated; pruned: c2 c3)
>>> v.choose({"D": ["d3", "d1", "d2"]}); v.leaves, v.ordering
(5, '0,1,2|0,1,2|0,1,2|2,0,1')
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import anywidget
import traitlets

from abteach.games.errors import shown
from abteach.lessons.measured import ReorderKey, Reorderings
from abteach.views.alt import frame_alt
from abteach.views.export import frame_png
from abteach.views.reorder import decode, key_text, reorder_data, summary_text, text_key
from abteach.views.sizes import Size, resolve_size
from abteach.widgets.fallback import with_fallback
from abteach.widgets.stepper import ESM_PATH, scale_of


class ReorderView(anywidget.AnyWidget):
    """One dropdown per reorderable node, the last frame of the chosen ordering's search, and its counts.

    Build it with :func:`reorder_view`.  ``ordering`` is the key shown, as
    text (:func:`abteach.views.reorder.key_text`); the page changes it on its
    own and tells the kernel nothing, and setting it (or :meth:`show`,
    :meth:`choose`) moves the page.

    Attributes
    ----------
    data : Reorderings
        Every ordering's search, computed beforehand.
    reorder : dict
        What the page draws: :func:`abteach.views.reorder.reorder_data`.
    ordering : str
        The ordering shown.
    scale : float
        How much larger than on a desk the page draws (:data:`abteach.widgets.stepper.SCALES`).
    legible : float
        The tree shrinks to its box until α, β and v are this many pixels tall, then scrolls
        (:attr:`abteach.views.sizes.Size.legible`).
    """

    _esm = ESM_PATH.read_text(encoding="utf-8")
    reorder = traitlets.Dict().tag(sync=True)
    ordering = traitlets.Unicode("").tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)
    legible = traitlets.Float(10.0).tag(sync=True)

    def __init__(self, data: Reorderings, *, size: str | Size | None = None, start: ReorderKey | None = None) -> None:
        self.data = data
        # Chosen now: a later ab.use_size(...) does not change a view already shown.
        self.size = resolve_size(size)
        key = data.identity if start is None else data._get(start)
        super().__init__(reorder=reorder_data(data), ordering=key_text(key), scale=scale_of(self.size),
                         legible=self.size.legible)

    @traitlets.validate("ordering")
    def _valid_ordering(self, proposal: dict) -> str:
        return key_text(self.data._get(text_key(proposal["value"])))

    # -- state ----------------------------------------------------------------------
    @property
    def key(self) -> ReorderKey:
        """The ordering shown."""
        return text_key(self.ordering)

    @property
    def result(self) -> Any:
        return self.data.result(self.key)

    @property
    def leaves(self) -> int:
        return int(self.result.leaves)

    @property
    def pruned(self) -> list[str]:
        return self.data.pruned_names(self.key)

    @property
    def summary(self) -> str:
        """What the page says of the ordering shown (:func:`abteach.views.reorder.summary_text`)."""
        return summary_text(self.data, self.key)

    def shown(self) -> dict[str, Any]:
        """What the page draws for the ordering shown: its ``layout``, ``nodes``, ``summary`` and ``leaves``
        (:func:`abteach.views.reorder.decode`)."""
        return decode(self.reorder, self.ordering)

    def show(self, key: ReorderKey) -> None:
        """Show the ordering ``key``; the page follows.

        Raises
        ------
        KeyError
            A key that is not one of the orderings.
        """
        self.ordering = key_text(self.data._get(key))
        # Sent even when unchanged here: the page changes the ordering on its own, so it may be elsewhere.
        self.send_state("ordering")

    def choose(self, orders: Mapping[str, Sequence[str]]) -> None:
        """Show orders written with names, e.g. ``{"D": ["d3", "d1", "d2"]}``; other nodes keep their own order."""
        self.show(self.data.key(orders))

    def show_best(self) -> None:
        """Show the ordering the page's "a best order" button shows: one that evaluates the fewest leaves."""
        self.show(text_key(self.reorder["keys"]["best"]))

    def show_worst(self) -> None:
        """Show the ordering the page's "a worst order" button shows: one that evaluates the most leaves."""
        self.show(text_key(self.reorder["keys"]["worst"]))

    def show_own(self) -> None:
        """Show the tree's own ordering, as the page's "tree's own order" button does."""
        self.show(self.data.identity)

    # -- a picture, where widgets do not run ----------------------------------------------
    def png(self) -> bytes:
        """The last frame of the ordering shown, as PNG bytes (matplotlib's, for print and renderers without widgets)."""
        trace = self.result.trace
        return frame_png(trace, len(trace), size=self.size)

    def alt(self) -> str:
        """What :meth:`png` shows, in words."""
        trace = self.result.trace
        return frame_alt(trace, len(trace))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A picture of the current ordering for renderers that cannot run widgets.
        return with_fallback(super()._repr_mimebundle_(**kwargs), self.png(), repr(self))

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
    if start is not None:
        data._get(start)  # a bad start fails before any work
    return ReorderView(data, size=size, start=start)


__all__ = ["ReorderView", "reorder_view"]
