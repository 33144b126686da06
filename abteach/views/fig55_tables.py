"""Figure 5.5 against the algorithm, as tables: one call per table that lecture 03 shows.

Each table is computed from the figure's data (:data:`abteach.fig55.FIG_5_5`) and a
recorded search; none re-runs the search or is typed by hand.

Examples
--------
>>> import abteach as ab
>>> third = ab.alphabeta(ab.examples.FIG_5_2)
>>> print(disagreement_counts({"3rd edition": third}))
stage  3rd edition
-----  -----------
(a)    0
(b)    0
(c)    0
(d)    0
(e)    1
(e+)   1
(f)    0
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from abteach.games import examples
from abteach.games.trees import Tree
from abteach.lessons.fig55 import (FIG_5_5, FigureStage, compare, compare_by_stage, disagreement_rows, figure_rows,
                                   stage_steps)
from abteach.views.options import check_search
from abteach.views.tables import Table, table

__all__ = ["figure_table", "stage_steps_table", "disagreement_table", "disagreement_counts"]

_YES_NO = {True: "yes", False: "no (slides only)"}


def figure_table(stages: Sequence[FigureStage] = FIG_5_5, tree: Tree | None = None) -> Table:
    """The figure as data: one row per stage, the range it draws at each node, and its caption.

    Parameters
    ----------
    stages : sequence of FigureStage
        By default the book's Figure 5.5, with the slides' extra stage (e+).
    tree : Tree, optional
        The tree the stages are drawn on; by default Figure 5.2.

    Examples
    --------
    >>> figure_table().rows[2][:3]
    ('(c)', 'yes', '[3, +∞]')
    """
    rows = figure_rows(stages, examples.FIG_5_2 if tree is None else tree)
    columns = list(rows[0]) if rows else ["stage"]
    return table([[_YES_NO[v] if k == "in book" else v for k, v in r.items()] for r in rows], columns)


def stage_steps_table(search: Any, stages: Sequence[FigureStage] = FIG_5_5) -> Table:
    """The step of the search at which each stage of the figure is compared.

    Examples
    --------
    >>> import abteach as ab
    >>> stage_steps_table(ab.alphabeta(ab.examples.FIG_5_2)).rows[0]
    ('(a)', '9')
    """
    steps = stage_steps(stages, check_search(search, "stage_steps_table"))
    return table([(f"({label})", step) for label, step in steps.items()], ["stage", "compared at step"])


def disagreement_table(search: Any, stages: Sequence[FigureStage] = FIG_5_5) -> Table:
    """Every place where the figure's range differs from the range the algorithm has established, and why.

    Examples
    --------
    >>> import abteach as ab
    >>> [row[:2] for row in disagreement_table(ab.alphabeta(ab.examples.FIG_5_2)).rows]
    [('(e)', 'A'), ('(e+)', 'A')]
    """
    keep = ["stage", "node", "figure", "algorithm", "reason"]
    rows = disagreement_rows(compare(stages, check_search(search, "disagreement_table")))
    return table([[r[k] for k in keep] for r in rows], keep)


def disagreement_counts(searches: Mapping[str, Any], stages: Sequence[FigureStage] = FIG_5_5) -> Table:
    """How many disagreements each stage has, for each search: one column per search.

    Parameters
    ----------
    searches : mapping of str to SearchResult or Trace
        For instance ``{"3rd edition": third, "4th edition": fourth}``.
    """
    if not isinstance(searches, Mapping) or not searches:
        raise TypeError(f"searches must be a non-empty dict of label to search, such as "
                        f"{{'3rd edition': ab.alphabeta(tree)}}, not {searches!r}")
    counts = {label: compare_by_stage(stages, check_search(s, "disagreement_counts", f"searches[{label!r}]"))
              for label, s in searches.items()}
    labels = [f"({s.label})" for s in stages]
    return table([(label, *(len(c[s.label]) for c in counts.values())) for label, s in zip(labels, stages)],
                 ["stage", *counts])
