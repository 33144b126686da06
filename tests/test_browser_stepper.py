"""ab.browser_stepper, the older name of ab.stepper: the same widget, opened at a step; bad input named."""

import pytest

import abteach as ab
from abteach.views.frame_data import frame_data
from abteach.widgets.browser_stepper import ESM_PATH, BrowserStepper
from abteach.widgets.stepper import Stepper


def test_it_is_the_stepper_opened_at_a_step_with_a_picture_for_renderers_without_widgets():
    r = ab.alphabeta(ab.examples.FIG_5_2)
    w = ab.browser_stepper(r, step=7)
    assert BrowserStepper is Stepper and isinstance(w, Stepper)
    assert w.value == 7 and w.data == frame_data(r.trace)
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/png"].startswith(b"\x89PNG")
    assert "application/vnd.jupyter.widget-view+json" in data
    assert r.trace.frame(7).explanation in data["text/plain"]
    # The front end is the package's own ES module, with anywidget's entry point.
    assert w._esm == ESM_PATH.read_text(encoding="utf-8") and "export default" in w._esm


@pytest.mark.parametrize("kwargs, error, words", [
    ({"step": -1}, ValueError, "step must be from 0 to 55"),
    ({"step": 1.5}, TypeError, "step must be a whole number"),
    ({"speed": "warp"}, ValueError, "speed must be one of"),
])
def test_bad_options_are_named(kwargs, error, words):
    with pytest.raises(error, match=words):
        ab.browser_stepper(ab.alphabeta(ab.examples.FIG_5_2), **kwargs)


def test_not_a_search_is_refused():
    with pytest.raises(TypeError, match="browser_stepper"):
        ab.browser_stepper([1, 2])
