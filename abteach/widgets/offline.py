"""Widgets that work with no kernel, for lectures exported to HTML and slides.

A stepper draws in the browser already (:mod:`abteach.widgets.stepper`); what
an exported page lacks is the widget manager's way of loading its module,
which would fetch it from outside.  So in an exported lecture a stepper is
shown as HTML that carries its frame data and asks the stepper's ES module,
inlined once in the page (:func:`module_html`), to draw it: every step of
every search steps in the page, with nothing fetched.

A Fig. 5.5 view is drawn by the same module from its stage data
(:func:`offline_figure_html`): every stage of every search changes in the page.
So is a reorder view, from every ordering's data (:func:`offline_reorder_html`):
every ordering shows in the page.
A practice widget, which needs its kernel to check answers, is shown as its
tree to solve, drawn by the module, and its correct search in a stepper
folded under "Show me the correct search" (:func:`offline_practice_html`).

:func:`show_static` makes an IPython session display every stepper and
Fig. 5.5 view so (and a game, which needs its kernel to reply, as a picture of its board); the export scripts run it before a lecture's first cell, so
the lecture's own code stays as students read it.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any, Callable, Final

from abteach.views.boards import draw_board
from abteach.views.frame_data import data_json, frame_data
from abteach.views.tree_data import tree_data
from abteach.widgets.fallback import plain_text
from abteach.widgets.fig55_view import FigureVsAlgorithm
from abteach.widgets.play import Play
from abteach.widgets.practice import Practice
from abteach.widgets.reorder_view import ReorderView
from abteach.views.sizes import Size, resolve_size
from abteach.widgets.stepper import ESM_PATH, Stepper, scale_of

#: The class of an exported stepper's place in the page; :func:`module_html` draws into each.
OFFLINE_CLASS: Final = "abs-offline"

#: The class of an exported Fig. 5.5 view's place; :func:`module_html` draws into each too.
OFFLINE_FIG55_CLASS: Final = "ab-static-fig55"
#: The class of an exported reorder view's place; :func:`module_html` draws into each too.
OFFLINE_REORDER_CLASS: Final = "ab-static-reorder"
#: The class of a game's exported board (a picture, since no kernel replies in a page).
OFFLINE_BOARD_CLASS: Final = "ab-static-board"
#: The class of an exported practice widget's place: its tree and its correct search, drawn by the module.
OFFLINE_PRACTICE_CLASS: Final = "ab-static-practice"

#: How tall a stepper's tree may be drawn on a reveal.js slide (960×700, which cannot scroll), in CSS pixels: a
#: Fig. 5.2-sized tree keeps α, β and v at 14 px on a 1024×768 projector; a far taller one is drawn smaller.
SLIDE_TREE_PIXELS: Final = 300


def _size_of(live: Any, size: str | Size | None) -> Size:
    # The size asked for, or by default the one ``live`` was made with.
    return live.size if size is None else resolve_size(size)


def _scale(live: Any, size: str | Size | None) -> float:
    # The scale of the size asked for, or by default the one ``live`` is drawn at now.
    return float(live.scale) if size is None else scale_of(resolve_size(size))


def _searches(live: Stepper) -> str:
    # Each search's frame data, labelled, in the stepper's order.
    return "[" + ",".join(f'{{"label":{json.dumps(x["label"], ensure_ascii=False)},"data":{data_json(x["data"])}}}'
                          for x in live.searches) + "]"


def _practice(live: Practice) -> str:
    # The correct search is the one the widget's checker ran for an empty form: this runs none.
    trace = live.blank.result.trace
    return f'{{"tree":{data_json(tree_data(trace))},"search":{data_json(frame_data(trace))}}}'


@dataclass(frozen=True)
class OfflineView:
    """One kind of widget an exported page draws with no kernel: its place's class, its data and how it is drawn.

    A new kind of view is a new ``OfflineView`` in :data:`VIEWS`; :func:`module_html`, :func:`show_static`
    and the page's HTML serve every one alike.
    """

    #: The widget's class.
    cls: type
    #: The class of its place in the page; :func:`module_html` draws into each.
    css: str
    #: The key of its data in its place's JSON (by which the page tells the kinds apart).
    key: str
    #: The function of the stepper's ES module that draws it.
    mount: str
    #: Its data, as JSON text.
    data: Callable[[Any], str]
    #: What it opens at, at a size (``None``: its own), as plain values.
    options: Callable[[Any, str | Size | None], dict[str, Any]]


#: Every kind of widget an exported page draws; the stepper's first (the page's default).
VIEWS: Final[tuple[OfflineView, ...]] = (
    OfflineView(Stepper, OFFLINE_CLASS, "searches", "mountSearches", _searches, lambda live, size: {
        "step": live.step, "choice": live.choice, "interval": live.interval, "speeds": live.speeds,
        "scale": _scale(live, size), "legible": _size_of(live, size).legible}),
    OfflineView(FigureVsAlgorithm, OFFLINE_FIG55_CLASS, "figure", "mountFigure", lambda live: data_json(live.figure),
                lambda live, size: {"stage": live.stage, "search": live.search, "scale": _scale(live, size)}),
    OfflineView(ReorderView, OFFLINE_REORDER_CLASS, "reorder", "mountReorder", lambda live: data_json(live.reorder),
                lambda live, size: {"ordering": live.ordering, "scale": _scale(live, size),
                                    "legible": _size_of(live, size).legible}),
    # A practice widget has no size of its own: by default the one abteach.use_size chose.
    OfflineView(Practice, OFFLINE_PRACTICE_CLASS, "practice", "mountPractice", _practice,
                lambda live, size: {"scale": scale_of(resolve_size(size)), "legible": resolve_size(size).legible}),
)


def _view(cls: type) -> OfflineView:
    return next(view for view in VIEWS if view.cls is cls)


def _place(view: OfflineView, live: Any, size: str | Size | None) -> str:
    """``live``, a ``view.cls``, as HTML: its place, and its data and options for :func:`module_html`."""
    options = view.options(live, size)
    payload = f'{{"{view.key}":{view.data(live)},"options":{json.dumps(options, ensure_ascii=False)}}}'
    label = html.escape(plain_text(repr(live)), quote=True)
    return (f"<div class='{view.css}' data-label=\"{label}\"><div class='abs-place'></div>"
            f"<script type='application/json'>{_script_text(payload)}</script></div>")


def _show(view: OfflineView, size: str | Size | None) -> Any:
    # IPython calls a mimebundle formatter as f(obj, include=..., exclude=...).  The text is the live
    # widget's, so a lecture run this way prints what a live one does.
    def show(obj: Any, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": _place(view, obj, size), "text/plain": plain_text(repr(obj))}
    return show


def _script_text(text: str) -> str:
    """``text`` safe inside a ``<script>`` element: nothing in it can close the element."""
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def module_html() -> str:
    """The stepper's ES module, inlined once in a page, drawing every exported stepper of the page.

    An inline module runs after the page is parsed, so every stepper's place and data are there by then;
    nothing is fetched.

    >>> "export function mount" in module_html() and OFFLINE_CLASS in module_html()
    True
    >>> "export function mountFigure" in module_html() and OFFLINE_FIG55_CLASS in module_html()
    True
    >>> "export function mountReorder" in module_html() and OFFLINE_REORDER_CLASS in module_html()
    True
    """
    source = ESM_PATH.read_text(encoding="utf-8")
    places = ", ".join(f".{view.css}" for view in VIEWS)
    # A place's data names its kind of view by its key; what has none of the others' keys is a stepper.
    mounts = "".join(f"  {'else if' if i else 'if'} (data.{v.key}) {v.mount}(place, data.{v.key}, options);\n"
                     for i, v in enumerate(VIEWS[1:]))
    boot = f"""
const places = "{places}";
for (const el of document.querySelectorAll(places)) {{
  const data = JSON.parse(el.querySelector("script[type='application/json']").textContent);
  const place = el.querySelector(".abs-place");
  const onSlide = el.closest(".reveal") !== null;
  const options = {{ ...data.options, maxTreeHeight: onSlide ? {SLIDE_TREE_PIXELS} : null }};
{mounts}  else {VIEWS[0].mount}(place, data.{VIEWS[0].key}, options);
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
    return _place(_view(Stepper), live, size)


def offline_figure_html(live: FigureVsAlgorithm, size: str | Size | None = None) -> str:
    """``live``, a Fig. 5.5 view, as HTML that changes stage and search with no kernel: every stage's data.

    The page must carry :func:`module_html` once, as for a stepper.

    Parameters
    ----------
    live : FigureVsAlgorithm
        What :func:`abteach.figure_vs_algorithm` returned.
    size : {'screen', 'projector'} or Size, optional
        What to draw it at; by default the size ``live`` was made with.

    Examples
    --------
    >>> import abteach as ab
    >>> fig52 = ab.examples.FIG_5_2
    >>> live = ab.figure_vs_algorithm({"3rd": ab.alphabeta(fig52), "4th": ab.alphabeta(fig52, edition=4)}, start="e")
    >>> page = offline_figure_html(live, size="projector")
    >>> data = json.loads(page.split("application/json'>")[1].split("</script>")[0])
    >>> [len(x["stages"]) for x in data["figure"]["searches"]], data["options"]
    ([7, 7], {'stage': 'e', 'search': '3rd', 'scale': 1.2})
    """
    return _place(_view(FigureVsAlgorithm), live, size)


def offline_reorder_html(live: ReorderView, size: str | Size | None = None) -> str:
    """``live``, a reorder view, as HTML that shows every ordering with no kernel: every ordering's data.

    The page must carry :func:`module_html` once, as for a stepper.

    Parameters
    ----------
    live : ReorderView
        What :func:`abteach.reorder_view` returned.
    size : {'screen', 'projector'} or Size, optional
        What to draw it at; by default the size ``live`` was made with.

    Examples
    --------
    >>> import abteach as ab
    >>> live = ab.reorder_view(ab.ordering.reorderings(ab.examples.FIG_5_2))
    >>> live.choose({"D": ["d3", "d1", "d2"]})
    >>> page = offline_reorder_html(live, size="projector")
    >>> data = json.loads(page.split("application/json'>")[1].split("</script>")[0])
    >>> len(data["reorder"]["orderings"]), data["options"]
    (1296, {'ordering': '0,1,2|0,1,2|0,1,2|2,0,1', 'scale': 1.2, 'legible': 14})
    """
    return _place(_view(ReorderView), live, size)


def offline_practice_html(live: Practice, size: str | Size | None = None) -> str:
    """``live``, a practice widget, as HTML with no kernel: its tree to solve and its correct search, folded.

    The correct search is the one the widget's checker ran for an empty form (``live.blank.result``): this
    runs none.  The page must carry :func:`module_html` once, as for a stepper.

    Parameters
    ----------
    live : Practice
        What :func:`abteach.practice` returned.
    size : {'screen', 'projector'} or Size, optional
        What to draw it at; by default the size :func:`abteach.use_size` chose.

    Examples
    --------
    >>> import abteach as ab
    >>> page = offline_practice_html(ab.practice(seed=3), size="projector")
    >>> data = json.loads(page.split("application/json'>")[1].split("</script>")[0])
    >>> len(data["practice"]["tree"]["steps"]), data["practice"]["search"]["title"], data["options"]["scale"]
    (1, 'alpha-beta, 3rd edition, prunes on ties', 1.2)
    """
    return _place(_view(Practice), live, size)


def show_static(shell: Any, size: str | Size | None = None) -> None:
    """Make ``shell`` display every stepper, Fig. 5.5 view and reorder view as a copy that works with no kernel.

    A game (:func:`abteach.play`) needs its kernel to reply, so it is shown as its board as it stands.

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
    for view in VIEWS:
        formatter.for_type(view.cls, _show(view, size))
    formatter.for_type(Play, _show_play)


def _show_play(obj: Play, include: Any = None, exclude: Any = None) -> Any:
    """A game needs its kernel to reply: an exported page shows the board as it stands, with its words."""
    drawing = draw_board(obj.game, obj.state, caption=obj.status)
    bundle: dict[str, Any] = dict(drawing._repr_mimebundle_(include=include, exclude=exclude) or {})
    # Marked as the page's own, as a stepper's is, so nbval's copy of the run can set it aside like theirs.
    if "text/html" in bundle:
        bundle["text/html"] = f"<div class='{OFFLINE_BOARD_CLASS}'>{bundle['text/html']}</div>"
    bundle["text/plain"] = plain_text(repr(obj))
    return bundle


__all__ = ["VIEWS", "OfflineView", "show_static", "offline_figure_html", "offline_reorder_html", "OFFLINE_REORDER_CLASS", "offline_html", "module_html", "OFFLINE_CLASS", "OFFLINE_FIG55_CLASS",
           "OFFLINE_BOARD_CLASS", "offline_practice_html", "OFFLINE_PRACTICE_CLASS"]
