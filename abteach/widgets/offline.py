"""Widgets that work with no kernel, for lectures exported to HTML and slides.

A stepper draws in the browser already (:mod:`abteach.widgets.stepper`); what
an exported page lacks is the widget manager's way of loading its module,
which would fetch it from outside.  So in an exported lecture a stepper is
shown as HTML that carries its frame data and asks the stepper's ES module,
inlined once in the page (:func:`module_html`), to draw it: every step of
every search steps in the page, with nothing fetched.

A Fig. 5.5 view still redraws its pictures in Python, so its copy
pre-renders every (search, stage) pair into a ``widgets.Stack`` and links the
controls to it in the browser (``jslink``).

:func:`show_static` makes an IPython session display every stepper and
Fig. 5.5 view so; the export scripts run it before a lecture's first cell, so
the lecture's own code stays as students read it.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Iterator
from typing import Any, Final, TypeVar, cast

import ipywidgets as widgets

from abteach.views.frame_data import data_json
from abteach.widgets.fallback import plain_text
from abteach.widgets.described import DescribedImage
from abteach.widgets.fig55_view import FigureVsAlgorithm, css as fig55_css
from abteach.views.sizes import Size, resolve_size
from abteach.widgets.stepper import ESM_PATH, Stepper, png_size, scale_of

W = TypeVar("W", bound=widgets.Widget)

#: The class of an exported stepper's place in the page; :func:`module_html` draws into each.
OFFLINE_CLASS: Final = "abs-offline"

#: How tall a stepper's tree may be drawn on a reveal.js slide (960×700, which cannot scroll), in CSS pixels: a
#: Fig. 5.2-sized tree keeps α, β and v at 14 px on a 1024×768 projector; a far taller one is drawn smaller.
SLIDE_TREE_PIXELS: Final = 300


def _parts(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """``widget`` and everything inside it, outermost first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _parts(child)


def _first(widget: widgets.Widget, kind: type[W]) -> W:
    return next(cast(W, w) for w in _parts(widget) if isinstance(w, kind))


def _script_text(text: str) -> str:
    """``text`` safe inside a ``<script>`` element: nothing in it can close the element."""
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def module_html() -> str:
    """The stepper's ES module, inlined once in a page, drawing every exported stepper of the page.

    An inline module runs after the page is parsed, so every stepper's place and data are there by then;
    nothing is fetched.

    >>> "export function mount" in module_html() and OFFLINE_CLASS in module_html()
    True
    """
    source = ESM_PATH.read_text(encoding="utf-8")
    boot = f"""
for (const el of document.querySelectorAll(".{OFFLINE_CLASS}")) {{
  const data = JSON.parse(el.querySelector("script[type='application/json']").textContent);
  const place = el.querySelector(".abs-place");
  const onSlide = el.closest(".reveal") !== null;
  mountSearches(place, data.searches, {{ ...data.options, maxTreeHeight: onSlide ? {SLIDE_TREE_PIXELS} : null }});
}}
"""
    return f'<script type="module">\n{_script_text(source)}\n{boot}</script>\n'


def offline_html(live: Stepper, size: str | Size | None = None) -> str:
    """``live`` as HTML that steps with no kernel: its place, and every search's frame data, at its step.

    The page must carry :func:`module_html` once (the export puts it in the page's head).

    Parameters
    ----------
    live : Stepper
        What :func:`abteach.stepper` returned.
    size : {'screen', 'projector'} or Size, optional
        What to draw it at; by default the size ``live`` was made with.

    Examples
    --------
    >>> import abteach as ab
    >>> s = ab.stepper({"3rd": ab.alphabeta(ab.examples.FIG_5_2), "4th": ab.alphabeta(ab.examples.FIG_5_2, edition=4)})
    >>> s.go(5)
    >>> page = offline_html(s)
    >>> data = json.loads(page.split("application/json'>")[1].split("</script>")[0])
    >>> [x["label"] for x in data["searches"]], data["options"]["step"], len(data["searches"][0]["data"]["steps"])
    (['3rd', '4th'], 5, 56)
    """
    scale = live.scale if size is None else scale_of(resolve_size(size))
    options = {"step": live.step, "choice": live.choice, "interval": live.interval, "speeds": live.speeds,
               "scale": scale, "legible": (live.size if size is None else resolve_size(size)).legible}
    searches = ",".join(f'{{"label":{json.dumps(x["label"], ensure_ascii=False)},"data":{data_json(x["data"])}}}'
                        for x in live.searches)
    payload = f'{{"searches":[{searches}],"options":{json.dumps(options, ensure_ascii=False)}}}'
    label = html.escape(plain_text(repr(live)), quote=True)
    return (f"<div class='{OFFLINE_CLASS}' data-label=\"{label}\"><div class='abs-place'></div>"
            f"<script type='application/json'>{_script_text(payload)}</script></div>")


def _show_stepper(size: str | Size | None) -> Any:
    # IPython calls a mimebundle formatter as f(obj, include=..., exclude=...).  The text is the live
    # stepper's, so a lecture run this way prints what a live one does.
    def show(obj: Stepper, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": offline_html(obj, size), "text/plain": plain_text(repr(obj))}
    return show


def static_figure_copy(live: FigureVsAlgorithm, size: str | Size | None = None) -> widgets.VBox:
    """A copy of a Fig. 5.5 view whose stage slider and search switch work with no kernel.

    Every (search, stage) pair is drawn once, laid out as the live view lays
    it out: the heading, the two drawings with their titles above them, side
    by side where they fit, then the node table and the disagreements.
    ``live`` is left showing what it showed.

    Parameters
    ----------
    live : FigureVsAlgorithm
        What :func:`abteach.figure_vs_algorithm` returned.
    size : {'screen', 'projector'} or Size, optional
        What to draw the copy at; by default the size ``live`` was made with.

    Returns
    -------
    ipywidgets.VBox
        Class ``ab-static-fig55``.

    Examples
    --------
    >>> import abteach as ab
    >>> fig52 = ab.examples.FIG_5_2
    >>> live = ab.figure_vs_algorithm({"3rd": ab.alphabeta(fig52), "4th": ab.alphabeta(fig52, edition=4)})
    >>> copy = static_figure_copy(live, size="projector")
    >>> per_search = _first(copy, widgets.Stack).children
    >>> [len(_first(s, widgets.Stack).children) for s in per_search], live.size.name
    ([7, 7], 'screen')
    """
    shown = live.search, live.stage
    view = live if size is None or resolve_size(size) == live.size else FigureVsAlgorithm(
        live.traces, live.stages, size=size, start=live.stage)
    stage_labels = [s.label for s in view.stages]
    width, _ = png_size(bytes(view.figure_image.value))
    least = min(width, math.ceil(width * view.size.min_scale))
    image_layout = widgets.Layout(width="100%", min_width=f"{least}px", height="auto")
    side_layout = widgets.Layout(flex=f"1 1 {least}px", max_width=f"{width}px", min_width=f"min(100%, {least}px)",
                                 overflow="hidden", align_items="flex-start")
    row_layout = widgets.Layout(flex_flow="row wrap", align_items="flex-start", overflow="visible")
    per_search = []
    for label in view.traces:
        view.use(label)
        slider = widgets.SelectionSlider(options=[(f"({label})", label) for label in stage_labels],
                                         value=shown[1], description="stage")
        slider.add_class("ab-stage-slider")
        pages = []
        for label in stage_labels:
            view.go(label)
            sides = []
            for title, png, alt, name in [
                    (view.figure_title.value, view.figure_png(), view.figure_alt(), "ab-figure"),
                    (view.algorithm_title.value, view.algorithm_png(), view.algorithm_alt(), "ab-algorithm")]:
                image = DescribedImage(alt, format="png", value=png, layout=image_layout)
                image.add_class(f"{name}-image")
                side = widgets.VBox([widgets.HTML(title), image], layout=side_layout)
                side.add_class("ab-fig55-side")
                sides.append(side)
            images = widgets.HBox(sides, layout=row_layout)
            images.add_class("ab-fig55-images")
            parts = [widgets.HTML(view.heading.value), images, widgets.HTML(view.nodes.value),
                     widgets.HTML(view.disagreements.value)]
            for part, name in zip(parts, ("ab-fig55-heading", "ab-fig55-images", "ab-stage-nodes",
                                          "ab-disagreements")):
                part.add_class(name)
            pages.append(widgets.VBox(parts, layout=widgets.Layout(overflow="visible")))
        stack = widgets.Stack(pages, selected_index=stage_labels.index(shown[1]))
        widgets.jslink((slider, "index"), (stack, "selected_index"))
        per_search.append(widgets.VBox([slider, stack]))
    view.use(shown[0])
    view.go(shown[1])
    labels = list(view.traces)
    switch = widgets.ToggleButtons(options=labels, value=shown[0], description="search",
                                   layout=widgets.Layout(display="flex" if len(labels) > 1 else "none"))
    searches = widgets.Stack(per_search, selected_index=labels.index(shown[0]))
    widgets.jslink((switch, "index"), (searches, "selected_index"))
    box = widgets.VBox([widgets.HTML(fig55_css(view.size)), switch, searches])
    box.add_class("ab-static-fig55")
    box.add_class("ab-fig55")
    return box


def _display_as(copy: Any, size: str | Size | None) -> Any:
    # IPython calls a mimebundle formatter as f(obj, include=..., exclude=...).
    # The copy speaks as the widget it stands for, so a lecture run this way prints the text a live
    # one does (the full test tier checks the exports' run against the committed outputs).
    def show(obj: Any, include: Any = None, exclude: Any = None) -> Any:
        text = repr(obj)  # before the copy, which may move the widget to the step it shows first
        bundle = copy(obj, size)._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/plain"] = plain_text(text)
        return bundle
    return show


def show_static(shell: Any, size: str | Size | None = None) -> None:
    """Make ``shell`` display every stepper and Fig. 5.5 view as a copy that works with no kernel.

    It registers display formatters with IPython, so it changes nothing in the
    package: only what this one session shows.

    Parameters
    ----------
    shell : IPython.core.interactiveshell.InteractiveShell
        The running shell, ``get_ipython()``.
    size : {'screen', 'projector'} or Size, optional
        What to draw every copy at (the export draws them all at ``"projector"``, legible on a
        projector and on slides); by default the size each widget was made with.

    Raises
    ------
    TypeError
        ``shell`` has no display formatter (it is not an IPython shell).
    """
    formatter = getattr(getattr(shell, "display_formatter", None), "mimebundle_formatter", None)
    if formatter is None:
        raise TypeError(f"show_static needs an IPython shell (get_ipython()), not {type(shell).__name__}")
    if size is not None:
        resolve_size(size)  # an unknown size fails here, not at the first widget shown
    formatter.for_type(Stepper, _show_stepper(size))
    formatter.for_type(FigureVsAlgorithm, _display_as(static_figure_copy, size))


__all__ = ["show_static", "static_figure_copy", "offline_html", "module_html", "OFFLINE_CLASS"]
