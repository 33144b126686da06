"""A classic mistake stepped through beside the correct search, from the step where they part."""

from __future__ import annotations

from typing import Any

from abteach.views.mistakes import mistake
from abteach.widgets.stepper import Stepper, stepper

__all__ = ["mistake_stepper"]


def mistake_stepper(mistake_id: str, tree: Any = None, **options: Any) -> Stepper:
    """Step through a mistake and the correct search, switching between them, opened where they part.

    Parameters
    ----------
    mistake_id : str
        A key of ``ab.mistakes.MISTAKES`` or ``ab.mistakes.TABLE_MISTAKES``.
    tree : Tree or Game, optional
        By default the mistake's own example.
    **options
        ``depth``, ``evaluate``, ``order``, as for ``ab.mistakes.diagnose``.

    Returns
    -------
    Stepper
        With a switch between "correct" and "mistake", at the first step at which
        their traces differ (the first step, if they never do).

    Examples
    --------
    >>> s = mistake_stepper("alpha-in-min")
    >>> s.value, s.choice
    (9, 'correct')
    """
    d = mistake(mistake_id, tree, **options).diagnosis
    s = stepper({"correct": d.correct, "mistake": d.buggy})
    if d.difference is not None:
        s.go(d.difference.step)
    return s
