"""The classic mistakes, each shown the way a lecture shows it: the code beside the textbook's, and the cost.

A lecture on mistakes needs three pictures of each one: its pseudocode beside
the textbook's, with the faulty lines marked ✗; what it costs on a tree (the
value, the move, the leaves, the first step at which it parts from the
correct search); and, for all of them at once, a table to compare.  The
searches are run below, by :func:`abteach.lessons.mistakes.diagnose`; this
module only shows the :class:`~abteach.lessons.mistakes.Diagnosis` it is
handed.  The front door's ``ab.mistake``, ``ab.mistake_table`` and
``ab.mistake_stepper`` run the diagnosis and show it in one call, so that a
lecture cell is one line.

Examples
--------
>>> import abteach as ab
>>> view = mistake_view(ab.mistakes.diagnose("no-window"))
>>> view.diagnosis.leaves, view.diagnosis.value_right
(9, True)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from abteach.views.tables import SideBySide, side_by_side

if TYPE_CHECKING:  # the diagnosis is handed in, made below; only its type is named here
    from abteach.lessons.mistakes import Diagnosis

__all__ = ["MistakeView", "mistake_view"]


def _depth_limited(diagnosis: Diagnosis) -> bool:
    """Whether the listings should show a depth limit: the search was given one, or the mistake is in its test."""
    in_the_test = any("DEPTH(" in text for _, lines in diagnosis.mistake.edits for _, text in lines)
    return in_the_test or diagnosis.correct.spec.depth_limited


@dataclass(frozen=True)
class MistakeView:
    """One mistake in a lecture: its listing beside the correct one, then what it costs.

    Attributes
    ----------
    listings : SideBySide
        The correct search's pseudocode and the mistake's, the faulty lines marked ✗.
    diagnosis : Diagnosis
        The mistake run beside the correct search (see :func:`abteach.mistakes.diagnose`).
    """

    listings: SideBySide
    diagnosis: Any  # a Diagnosis (abteach.lessons.mistakes), made below this layer

    def _repr_html_(self) -> str:
        summary = html.escape(self.diagnosis.summary())
        return (f"<div class='ab-mistake'>{self.listings._repr_html_()}"
                f"<pre class='ab-diagnosis' style='white-space:pre-wrap;margin-top:0.8em'>{summary}</pre></div>")

    def __repr__(self) -> str:
        return f"{self.listings!r}\n\n{self.diagnosis.summary()}"


def mistake_view(diagnosis: Diagnosis) -> MistakeView:
    """Show a diagnosed mistake: its code beside the correct search's, and what it cost.

    Parameters
    ----------
    diagnosis : Diagnosis
        From :func:`abteach.lessons.mistakes.diagnose`: both searches, already run.

    Returns
    -------
    MistakeView
        The correct listing on the left (the textbook's own tie rule, also beside
        the strict test: the strict test *is* the mistake), the mistake's on the right;
        with a depth limit when the search had one or the mistake is in its cutoff test.

    Examples
    --------
    >>> import abteach as ab
    >>> v = mistake_view(ab.mistakes.diagnose("test-before-update"))
    >>> v.diagnosis.leaves, v.diagnosis.correct_leaves
    (8, 7)
    >>> v.listings.listings[1].title
    'ALPHA-BETA-SEARCH (AIMA 3rd ed., Fig. 5.7), with a mistake: cutoff tested before v is updated'
    """
    m, depth_limited = diagnosis.mistake, _depth_limited(diagnosis)
    return MistakeView(side_by_side(m.correct_listing(depth_limited), m.listing(depth_limited=depth_limited)),
                       diagnosis)
