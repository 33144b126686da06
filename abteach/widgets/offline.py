"""Widgets that work with no kernel, for lectures exported to HTML and slides.

A live stepper redraws its picture in Python each time its slider moves, so
in an exported page, where no Python runs, it would stand still.  The copies
made here pre-render every picture into a ``widgets.Stack`` and link the
controls to it in the browser (``jslink``), so they keep stepping in a saved
page.  :func:`show_static` makes an IPython session display every stepper and
Fig. 5.5 view as such a copy; the export scripts run it before a lecture's
first cell, so the lecture's own code stays as students read it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar, cast

import ipywidgets as widgets

from abteach.widgets.fig55_view import FigureVsAlgorithm
from abteach.widgets.stepper import Stepper, static_stepper

W = TypeVar("W", bound=widgets.Widget)


def _parts(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """``widget`` and everything inside it, outermost first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _parts(child)


def _first(widget: widgets.Widget, kind: type[W]) -> W:
    return next(cast(W, w) for w in _parts(widget) if isinstance(w, kind))


def static_stepper_copy(live: Stepper) -> widgets.VBox:
    """A copy of ``live`` that steps with no kernel, at the same step and on the same search.

    A stepper with several searches gets the same switch, linked in the
    browser to one pre-rendered stepper per search.

    Parameters
    ----------
    live : Stepper
        What :func:`abteach.stepper` returned.

    Returns
    -------
    ipywidgets.VBox
        Class ``ab-static-stepper`` for one search, ``ab-static-switch`` for several.

    Examples
    --------
    >>> import abteach as ab
    >>> s = ab.stepper({"3rd": ab.alphabeta(ab.examples.FIG_5_2), "4th": ab.alphabeta(ab.examples.FIG_5_2, edition=4)})
    >>> s.go(5)
    >>> copy = static_stepper_copy(s)
    >>> sorted(copy._dom_classes), _first(copy, widgets.ToggleButtons).value
    (['ab-static-switch'], '3rd')
    >>> third = _first(copy, widgets.Stack).children[0]   # the 3rd edition's pre-rendered stepper
    >>> _first(third, widgets.IntSlider).value, _first(third, widgets.Stack).selected_index
    (5, 5)
    """
    copies: dict[str, widgets.VBox] = {}
    for label, trace in live.traces.items():
        copy = static_stepper(trace, size=live.size)
        if label == live.choice.value:
            # The lecture may have moved its stepper to a step worth seeing (s.go(...)): start there.
            step = min(live.value, len(trace.all_frames) - 1)
            for kind in (widgets.IntSlider, widgets.Play):
                _first(copy, kind).value = step
            _first(copy, widgets.Stack).selected_index = step
        copies[label] = copy
    if len(copies) == 1:
        return next(iter(copies.values()))
    labels = list(copies)
    switch = widgets.ToggleButtons(options=labels, value=live.choice.value)
    pages = widgets.Stack(list(copies.values()), selected_index=labels.index(live.choice.value))
    widgets.jslink((switch, "index"), (pages, "selected_index"))
    box = widgets.VBox([switch, pages])
    box.add_class("ab-static-switch")
    return box


def static_figure_copy(live: FigureVsAlgorithm) -> widgets.VBox:
    """A copy of a Fig. 5.5 view whose stage slider and search switch work with no kernel.

    Every (search, stage) pair is drawn once, with its heading, node table and
    disagreements, as the live view shows them.  ``live`` is left showing
    what it showed.

    Parameters
    ----------
    live : FigureVsAlgorithm
        What :func:`abteach.figure_vs_algorithm` returned.

    Returns
    -------
    ipywidgets.VBox
        Class ``ab-static-fig55``.
    """
    shown = live.edition, live.stage
    stage_labels = [s.label for s in live.stages]
    per_search = []
    for edition in live.traces:
        live.use(edition)
        slider = widgets.SelectionSlider(options=[(f"({label})", label) for label in stage_labels],
                                         value=shown[1], description="stage")
        pages = []
        for label in stage_labels:
            live.go(label)
            pages.append(widgets.VBox([
                widgets.HTML(live.heading.value),
                widgets.Image(format="png", value=live.png()),
                widgets.HTML(live.nodes.value),
                widgets.HTML(live.disagreements.value),
            ]))
        stack = widgets.Stack(pages, selected_index=stage_labels.index(shown[1]))
        widgets.jslink((slider, "index"), (stack, "selected_index"))
        per_search.append(widgets.VBox([slider, stack]))
    live.use(shown[0])
    live.go(shown[1])
    editions = list(live.traces)
    switch = widgets.ToggleButtons(options=editions, value=shown[0], description="search",
                                   layout=widgets.Layout(display="flex" if len(editions) > 1 else "none"))
    searches = widgets.Stack(per_search, selected_index=editions.index(shown[0]))
    widgets.jslink((switch, "index"), (searches, "selected_index"))
    box = widgets.VBox([switch, searches])
    box.add_class("ab-static-fig55")
    return box


def _display_as(copy: Any) -> Any:
    # IPython calls a mimebundle formatter as f(obj, include=..., exclude=...).
    def show(obj: Any, include: Any = None, exclude: Any = None) -> Any:
        return copy(obj)._repr_mimebundle_(include=include, exclude=exclude)
    return show


def show_static(shell: Any) -> None:
    """Make ``shell`` display every stepper and Fig. 5.5 view as a copy that works with no kernel.

    It registers display formatters with IPython, so it changes nothing in the
    package: only what this one session shows.

    Parameters
    ----------
    shell : IPython.core.interactiveshell.InteractiveShell
        The running shell, ``get_ipython()``.

    Raises
    ------
    TypeError
        ``shell`` has no display formatter (it is not an IPython shell).
    """
    formatter = getattr(getattr(shell, "display_formatter", None), "mimebundle_formatter", None)
    if formatter is None:
        raise TypeError(f"show_static needs an IPython shell (get_ipython()), not {type(shell).__name__}")
    formatter.for_type(Stepper, _display_as(static_stepper_copy))
    formatter.for_type(FigureVsAlgorithm, _display_as(static_figure_copy))


__all__ = ["show_static", "static_figure_copy", "static_stepper_copy"]
