"""One size setting per lecture: ``ab.use_size(...)`` is held by the kernel, and an explicit ``size=`` wins."""

from __future__ import annotations

import contextvars
import pytest

import abteach as ab
from abteach.views.sizes import DEFAULT_SIZE, SIZES, Size, current_size, resolve_size, use_size

FIG = ab.examples.FIG_5_2


def in_context(fn, *args):
    """``fn(*args)`` in a context of its own, so a setting it makes never reaches another test."""
    return contextvars.copy_context().run(fn, *args)


def test_the_default_is_the_screen_size() -> None:
    assert in_context(current_size) == SIZES[DEFAULT_SIZE] == SIZES["screen"]


def test_a_chosen_size_is_what_drawings_and_steppers_take() -> None:
    def run() -> tuple[float, float, str, str]:
        use_size("projector")
        chosen = ab.draw_tree(FIG).get_figwidth()
        return chosen, ab.draw_tree(FIG, size="projector").get_figwidth(), \
            ab.stepper(ab.alphabeta(FIG)).size.name, resolve_size(None).name
    chosen, projector, stepper_size, resolved = in_context(run)
    assert chosen == projector and stepper_size == resolved == "projector"


def test_an_explicit_size_always_wins() -> None:
    def run() -> tuple[str, float, float]:
        use_size("projector")
        return (ab.stepper(ab.alphabeta(FIG), size="screen").size.name,
                ab.draw_tree(FIG, size="screen").get_figwidth(), ab.draw_tree(FIG).get_figwidth())
    name, screen, chosen = in_context(run)
    assert name == "screen" and screen != chosen


def test_none_goes_back_to_the_default() -> None:
    def run() -> str:
        use_size("projector")
        use_size(None)
        return current_size().name
    assert in_context(run) == DEFAULT_SIZE


def test_a_size_of_ones_own_can_be_chosen() -> None:
    hall = Size("hall", font=20, small=16, marker=50, line=2.2, level=1.8, min_slot=1, min_width=12, dpi=100)

    def run() -> Size:
        use_size(hall)
        return ab.stepper(ab.alphabeta(FIG)).size
    assert in_context(run) is hall


def test_a_stepper_keeps_the_size_it_was_made_with() -> None:
    def run() -> tuple[str, bytes, bytes]:
        use_size("projector")
        s = ab.stepper(ab.alphabeta(FIG))
        use_size("screen")
        s.go(5)
        return s.size.name, s.picture_png(), ab.frame_png(s.trace, 5, size="projector", max_pixels=3200), s.scale
    name, shown, projector, scale = in_context(run)
    assert name == "projector" and shown == projector and scale > 1


@pytest.mark.parametrize(("bad", "error", "says"), [
    ("hall", ValueError, "unknown size 'hall' for use_size(size=...): use one of 'screen', 'projector'"),
    ("Projector", ValueError, "unknown size 'Projector'"),
    (14, TypeError, "use_size(size=...) must be one of 'screen', 'projector' or an abteach.views.draw.Size, not 14"),
    (True, TypeError, "not True"),
])
def test_a_bad_size_is_refused_by_name_and_changes_nothing(bad: object, error: type, says: str) -> None:
    def run() -> str:
        use_size("projector")
        with pytest.raises(error) as caught:
            use_size(bad)  # type: ignore[arg-type]
        assert says in str(caught.value)
        return current_size().name
    assert in_context(run) == "projector"


def test_a_setting_stays_in_its_own_context() -> None:
    in_context(use_size, "projector")
    assert in_context(current_size).name == DEFAULT_SIZE


def test_in_ipython_the_setting_is_held_by_the_shell() -> None:
    # In a kernel, each cell may run in a context of its own: the setting must outlive it.
    shell_module = pytest.importorskip("IPython.core.interactiveshell")
    shell = shell_module.InteractiveShell.instance()
    try:
        in_context(use_size, "projector")
        assert in_context(current_size).name == "projector"
        shell.run_cell("import abteach as ab\nab.use_size('screen')")
        assert in_context(current_size).name == "screen"
        shell.run_cell("ab.use_size('projector')")
        result = shell.run_cell("ab.stepper(ab.alphabeta(ab.examples.FIG_5_2)).size.name")
        assert result.result == "projector"
    finally:
        shell_module.InteractiveShell.clear_instance()
    assert in_context(current_size).name == DEFAULT_SIZE
