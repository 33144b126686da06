"""The classic mistakes, each shown the way a lecture shows it: the code beside the textbook's, and the cost.

A lecture on mistakes needs three pictures of each one: its pseudocode beside
the textbook's, with the faulty lines marked ✗; what it costs on a tree (the
value, the move, the leaves, the first step at which it parts from the
correct search); and, for all of them at once, a table to compare.  These
functions give each picture in one call, so that a lecture cell is one line.
The stepper that opens at the first difference is
:func:`abteach.widgets.mistakes.mistake_stepper`.

Examples
--------
>>> import abteach as ab
>>> view = mistake("no-window")
>>> view.diagnosis.leaves, view.diagnosis.value_right
(9, True)
>>> print(mistake_table(ab.examples.FIG_5_2, ["no-window", "alpha-in-min"]))
mistake                  tree     value  move  leaves  correct leaves  first difference
-----------------------  -------  -----  ----  ------  --------------  ----------------
α and β not passed down  FIG_5_2  3 ✓    a1 ✓  9       7               step 10, at b2
α updated in a MIN node  FIG_5_2  5 ✗    a3 ✗  5       7               step 9, at B
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Iterable

from abteach.lessons.mistakes import MISTAKES, SUMMARY_COLUMNS, TABLE_MISTAKES, Diagnosis, diagnose, summary_rows
from abteach.lessons.mistakes.registry import Mistake
from abteach.lessons.mistakes.table import TableMistake
from abteach.trace.registry import listing as pseudocode
from abteach.views.tables import SideBySide, Table, side_by_side, table

__all__ = ["MistakeView", "mistake", "mistake_table"]


def _known(mistake_id: object) -> Mistake | TableMistake:
    if isinstance(mistake_id, str) and mistake_id in MISTAKES:
        return MISTAKES[mistake_id]
    if isinstance(mistake_id, str) and mistake_id in TABLE_MISTAKES:
        return TABLE_MISTAKES[mistake_id]
    raise ValueError(f"mistake_id must be one of {', '.join([*MISTAKES, *TABLE_MISTAKES])}; got {mistake_id!r}")


def _listings(m: Mistake | TableMistake, depth_limited: bool) -> SideBySide:
    """The correct search's listing on the left, the mistake's on the right."""
    if isinstance(m, TableMistake):
        correct = pseudocode("negamax_memory", depth_limited=depth_limited)
    else:
        # The textbook's own tie rule on the left, also beside the strict test: the strict test *is* the mistake.
        correct = pseudocode("alphabeta", 3, depth_limited=depth_limited)
    return side_by_side(correct, m.listing(depth_limited=depth_limited))


def _depth_limited(m: Mistake | TableMistake, options: dict[str, Any]) -> bool:
    """Whether the listings should show a depth limit: the search is given one, or the mistake is in its test."""
    in_the_test = any("DEPTH(" in text for _, lines in m.edits for _, text in lines)
    return in_the_test or options.get("depth") is not None


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
    diagnosis: Diagnosis

    def _repr_html_(self) -> str:
        summary = html.escape(self.diagnosis.summary())
        return (f"<div class='ab-mistake'>{self.listings._repr_html_()}"
                f"<pre class='ab-diagnosis' style='white-space:pre-wrap;margin-top:0.8em'>{summary}</pre></div>")

    def __repr__(self) -> str:
        return f"{self.listings!r}\n\n{self.diagnosis.summary()}"


def mistake(mistake_id: str, tree: Any = None, state: Any = None, **options: Any) -> MistakeView:
    """Show a classic mistake: its code beside the textbook's, and what it costs on a tree.

    Parameters
    ----------
    mistake_id : str
        A key of ``ab.mistakes.MISTAKES`` (``'no-window'``, ``'test-before-update'``, ...) or of
        ``ab.mistakes.TABLE_MISTAKES``.
    tree : Tree or Game, optional
        Where to run it; by default the mistake's own example, where it shows.
    state : optional
        The position to search from, for a game; by default its start.
    **options
        ``depth``, ``evaluate``, ``order``, as for ``ab.mistakes.diagnose``.

    Returns
    -------
    MistakeView
        Its ``diagnosis`` holds both searches, for a stepper or a table.

    Raises
    ------
    ValueError
        For an unknown mistake, naming the known ones.

    Examples
    --------
    >>> d = mistake("test-before-update").diagnosis
    >>> d.leaves, d.correct_leaves
    (8, 7)
    >>> mistake("no-such-thing")
    Traceback (most recent call last):
    ...
    ValueError: mistake_id must be one of ...; got 'no-such-thing'
    """
    m = _known(mistake_id)
    d = diagnose(mistake_id, tree, state, **options)
    return MistakeView(_listings(m, _depth_limited(m, options if tree is not None else {**m.options, **options})), d)


def mistake_table(tree: Any = None, mistakes: Iterable[str] | None = None) -> Table:
    """Every mistake in one table: value, move and leaves, against the correct search's.

    Parameters
    ----------
    tree : Tree, optional
        Run every mistake on this tree; by default each on its own example tree.
    mistakes : iterable of str, optional
        Which mistakes; by default all of ``ab.mistakes.MISTAKES``.  The table bugs,
        ``ab.mistakes.TABLE_MISTAKES``, are compared with ``ab.negamax_memory`` done right.

    Returns
    -------
    Table
        One row per mistake: ✓ right, ✗ wrong, ≈ another best move.

    Examples
    --------
    >>> len(mistake_table().rows) == len(MISTAKES)
    True
    """
    ids = list(MISTAKES) if mistakes is None else list(mistakes)
    for mistake_id in ids:
        _known(mistake_id)
    return table(summary_rows(diagnose(m, tree) for m in ids), SUMMARY_COLUMNS)
