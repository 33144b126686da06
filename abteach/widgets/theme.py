"""The widgets keep JupyterLab's light theme inside them, so their text stays legible in any theme.

Their pictures are drawn on white, and their own text is dark; in a dark
notebook theme that text would sit on a dark background (below 1.5:1), and
ipywidgets' labels and buttons would turn light on the widget's white.
:func:`light_card` gives a widget a white background and sets, on it alone,
the theme colours that ipywidgets and JupyterLab's buttons read.

Examples
--------
>>> print(light_card(".ab-play").splitlines()[0])
.ab-play { background: #ffffff; color: #1a1a1a;
"""

from __future__ import annotations

#: JupyterLab's light-theme values of the colours the widgets' controls use.  ipywidgets computes its own
#: variables once, at the page's root, so they are set here too, not only the theme's.
_LIGHT = {
    "--jp-layout-color0": "#ffffff", "--jp-layout-color1": "#ffffff", "--jp-layout-color2": "#eeeeee",
    "--jp-layout-color3": "#bdbdbd", "--jp-border-color1": "#bdbdbd", "--jp-border-color2": "#e0e0e0",
    "--jp-ui-font-color0": "rgba(0, 0, 0, 1)", "--jp-ui-font-color1": "rgba(0, 0, 0, 0.87)",
    "--jp-content-font-color1": "rgba(0, 0, 0, 0.87)",
    "--jp-widgets-color": "rgba(0, 0, 0, 0.87)", "--jp-widgets-label-color": "rgba(0, 0, 0, 0.87)",
    "--jp-widgets-readout-color": "rgba(0, 0, 0, 0.87)", "--jp-widgets-input-color": "rgba(0, 0, 0, 0.87)",
    "--jp-widgets-input-background-color": "#ffffff", "--jp-widgets-input-border-color": "#9e9e9e",
    "--jp-widgets-slider-handle-background-color": "#ffffff",
    "--jp-widgets-slider-handle-border-color": "#757575",
}


def light_card(selector: str) -> str:
    """A CSS rule that keeps the elements ``selector`` matches in the light theme, on white."""
    if not isinstance(selector, str) or not selector.strip() or "{" in selector or "}" in selector:
        raise ValueError(f"selector must be a CSS selector, not {selector!r}")
    values = " ".join(f"{name}: {value};" for name, value in _LIGHT.items())
    return f"{selector} {{ background: #ffffff; color: #1a1a1a;\n  {values} }}"


__all__ = ["light_card"]
