"""A classic mistake stepped through beside the correct search, from the step where they part.

The two searches are run below (:func:`abteach.lessons.mistakes.diagnose`); the
front door's ``ab.mistake_stepper(mistake_id)`` runs them and hands the diagnosis here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from abteach.widgets.stepper import Stepper, stepper

if TYPE_CHECKING:  # the diagnosis is handed in, made below; only its type is named here
    from abteach.lessons.mistakes import Diagnosis

__all__ = ["diagnosis_stepper"]


def diagnosis_stepper(diagnosis: Diagnosis) -> Stepper:
    """Step through a mistake and the correct search, switching between them, opened where they part.

    Parameters
    ----------
    diagnosis : Diagnosis
        The mistake and the correct search, both run already (``ab.mistakes.diagnose``).

    Returns
    -------
    Stepper
        With a switch between "correct" and "mistake", at the first step at which
        their traces differ (the first step, if they never do).

    Examples
    --------
    >>> import abteach as ab
    >>> s = diagnosis_stepper(ab.mistakes.diagnose("alpha-in-min"))
    >>> s.value, s.choice
    (9, 'correct')
    """
    s = stepper({"correct": diagnosis.correct, "mistake": diagnosis.buggy})
    if diagnosis.difference is not None:
        s.go(diagnosis.difference.step)
    return s
