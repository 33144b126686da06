"""Printable worksheets: one PDF per student, with their own tree, and one answer key.

Each page is A4: the student's name and id, what to do, their tree (from the
course seed and their id, :mod:`abteach.grading.variants`), and a
table with a row per node and boxes for what the node returns, whether it is
pruned, and the α and β it is called with.  The key has the same pages,
filled in.  Nothing is overwritten unless asked.
"""

from __future__ import annotations

from pathlib import Path as FilePath
from typing import Any, Sequence

from matplotlib.axes import Axes
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from abteach.grading.variants import Sheet, sheets
from abteach.lessons.practice import PRUNED
from abteach.search.events import fmt
from abteach.search.rules import TieRule
from abteach.views.draw import draw_tree

A4 = (8.27, 11.69)
#: Rows of the answer table per column; longer trees get a second column.
ROWS_PER_COLUMN = 22
KEY = "answer-key.pdf"
_COLUMNS = ("node", "player", "returns", "pruned", "α", "β")
_WIDTHS = (0.16, 0.17, 0.2, 0.15, 0.16, 0.16)


def _page(sheet: Sheet, key: bool, course: str) -> Figure:
    fig = Figure(figsize=A4)
    fig.text(0.06, 0.965, f"Alpha-beta by hand: {course}", fontsize=15, weight="bold", va="top")
    who = f"{sheet.name} ({sheet.student_id})" if sheet.name != sheet.student_id else sheet.student_id
    fig.text(0.06, 0.935, ("ANSWER KEY for " if key else "Name: ") + who, fontsize=11, va="top")
    rule = ("cut off on ties: v ≥ β in MAX, v ≤ α in MIN (the textbook)" if TieRule.named(sheet.rule).prunes_on_tie
            else "strict: cut off only when v > β in MAX, v < α in MIN")
    fig.text(0.06, 0.912, "For every node write the value its call returns (a node that cuts off returns its "
             "bound),\nor tick pruned if the search never visits it. Write the α and β each call receives. "
             f"Children left to right.\nTie rule: {rule}.", fontsize=9.5, va="top", linespacing=1.4)
    tree_ax = fig.add_axes((0.05, 0.52, 0.9, 0.33))
    draw_tree(sheet.tree, ax=tree_ax, names=True, moves=False, legend=False)
    _table(fig, sheet.rows, key)
    fig.text(0.06, 0.02, f"tree seed {sheet.seed}", fontsize=7, color="#555555")
    return fig


def _table(fig: Figure, rows: Sequence[tuple[str, str, Any, Any, Any]], key: bool) -> None:
    columns = [rows[i:i + ROWS_PER_COLUMN] for i in range(0, len(rows), ROWS_PER_COLUMN)]
    width = 0.88 / len(columns)
    for c, part in enumerate(columns):
        ax: Axes = fig.add_axes((0.06 + c * width, 0.05, width - 0.02, 0.45))
        ax.set_xlim(0, 1)
        ax.set_ylim(ROWS_PER_COLUMN + 1, -0.6)
        ax.axis("off")
        x = 0.0
        for name, w in zip(_COLUMNS, _WIDTHS):
            ax.text(x + 0.01, -0.1, name, fontsize=9, weight="bold", va="center")
            x += w
        for r, (name, player, answer, alpha, beta) in enumerate(part, start=1):
            cells = [name, player]
            if key:
                cells += [fmt(answer) if answer != PRUNED else "", "✓" if answer == PRUNED else "",
                          fmt(alpha) if alpha is not None else "", fmt(beta) if beta is not None else ""]
            else:
                cells += ["", "", "", ""]
            x = 0.0
            for k, (text, w) in enumerate(zip(cells, _WIDTHS)):
                if k >= 2:  # the boxes to write in
                    ax.add_patch(Rectangle((x + 0.01, r - 0.4), w - 0.03, 0.8, fill=False, linewidth=0.6,
                                           edgecolor="#444444"))
                ax.text(x + 0.02 if k < 2 else x + w / 2 - 0.01, r, text, fontsize=9, va="center",
                        ha="left" if k < 2 else "center", color="#a11212" if key and k >= 2 else "#1a1a1a")
                x += w


def worksheet(roster: str | FilePath, folder: str | FilePath, *, course_seed: str | int, course: str = "",
              exercise: str = "hand", size: str = "small", shape: str = "uniform", rule: str = "textbook",
              ties: bool = True, edition: int = 3, overwrite: bool = False) -> list[FilePath]:
    """Write one printable PDF per student of ``roster`` into ``folder``, and an answer key.

    Parameters
    ----------
    roster : path
        A CSV with an ``id`` column and, optionally, ``name`` (nbgrader's
        ``first_name``/``last_name`` work too).
    folder : path
        Where to write ``<id>.pdf`` for each student and ``answer-key.pdf``; made if missing.
    course_seed : str or int
        With each id, decides each student's tree; the grader derives the same trees again.
    course : str
        The title printed on each page.
    exercise, size, shape, rule, ties, edition
        As for :func:`abteach.grading.variants.student_tree`.
    overwrite : bool
        Replace PDFs already there.  Without it, an existing file is an error
        before anything is written.

    Returns
    -------
    list of Path
        The students' PDFs in roster order, then the key.
    """
    if not isinstance(overwrite, bool):
        raise TypeError(f"overwrite must be True or False, not {overwrite!r}")
    out = FilePath(folder)
    if out.exists() and not out.is_dir():
        raise ValueError(f"folder {str(folder)!r} exists and is not a folder")
    all_sheets = sheets(roster, course_seed, exercise=exercise, size=size, shape=shape, rule=rule, ties=ties,
                        edition=edition)
    targets = [out / f"{s.student_id}.pdf" for s in all_sheets] + [out / KEY]
    if not overwrite:
        taken = [str(t) for t in targets if t.exists()]
        if taken:
            raise FileExistsError(f"{taken[0]} exists (and {len(taken) - 1} more); pass overwrite=True to replace")
    out.mkdir(parents=True, exist_ok=True)
    title = course or str(course_seed)
    metadata = {"Creator": "abteach", "Producer": "abteach", "CreationDate": None}
    for sheet, target in zip(all_sheets, targets):
        with PdfPages(target, metadata=metadata) as pdf:
            pdf.savefig(_page(sheet, False, title))
    with PdfPages(targets[-1], metadata=metadata) as pdf:
        for sheet in all_sheets:
            pdf.savefig(_page(sheet, True, title))
    return targets


__all__ = ["worksheet", "KEY"]
