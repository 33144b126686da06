"""Printable worksheets: one PDF per student, with their own tree, and one answer key.

Each page is A4: the student's name and id, what to do, their tree (from the
course seed and their id, :mod:`abteach.grading.variants`), and a
table with a row per node and boxes for what the node returns, whether it is
pruned, and the α and β it is called with.  The key has the same pages,
filled in.  Nothing is overwritten unless asked.

Beside each PDF goes the same worksheet as an HTML page (``<id>.html``,
``answer-key.html``), the accessible alternative a screen reader or a
magnifier reads: the tree as a picture with a text alternative and as a
nested list, and the table as a form whose every box has a label.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path as FilePath
from typing import Any, Callable, Sequence

from matplotlib.axes import Axes
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from abteach.grading.variants import Sheet, sheets
from abteach.lessons.practice import PRUNED
from abteach.search.events import fmt
from abteach.search.rules import TieRule
from abteach.games.trees import Node
from abteach.views.alt import tree_alt
from abteach.views.draw import draw_tree
from abteach.views.export import figure_bytes

A4 = (8.27, 11.69)
#: Rows of the answer table per column; longer trees get a second column.
ROWS_PER_COLUMN = 22
KEY = "answer-key.pdf"
#: The key's accessible twin, beside it.
KEY_HTML = "answer-key.html"
_COLUMNS = ("node", "player", "returns", "pruned", "α", "β")
_WIDTHS = (0.16, 0.17, 0.2, 0.15, 0.16, 0.16)


#: What to do, said once for the printed page and its HTML twin.
INSTRUCTIONS = ("For every node write the value its call returns (a node that cuts off returns its bound), "
                "or tick pruned if the search never visits it. Write the α and β each call receives. "
                "Children left to right.")


def _who(sheet: Sheet) -> str:
    return f"{sheet.name} ({sheet.student_id})" if sheet.name != sheet.student_id else sheet.student_id


def _rule(sheet: Sheet) -> str:
    return ("cut off on ties: v ≥ β in MAX, v ≤ α in MIN (the textbook)" if TieRule.named(sheet.rule).prunes_on_tie
            else "strict: cut off only when v > β in MAX, v < α in MIN")


def _page(sheet: Sheet, key: bool, course: str) -> Figure:
    fig = Figure(figsize=A4)
    fig.text(0.06, 0.965, f"Alpha-beta by hand: {course}", fontsize=15, weight="bold", va="top")
    fig.text(0.06, 0.935, ("ANSWER KEY for " if key else "Name: ") + _who(sheet), fontsize=11, va="top")
    wrapped = INSTRUCTIONS.replace(" bound), or", " bound),\nor").replace(" Children", "\nChildren")
    fig.text(0.06, 0.912, f"{wrapped}\nTie rule: {_rule(sheet)}.", fontsize=9.5, va="top", linespacing=1.4)
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


_HTML_STYLE = """
  body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1a1a1a;
         background: #ffffff; max-width: 52rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.5; }
  img { max-width: 100%; height: auto; }
  table { border-collapse: collapse; margin: 1rem 0; }
  th, td { border: 1px solid #444444; padding: 0.25rem 0.6rem; text-align: left; }
  input[type=text] { width: 5rem; font: inherit; }
  .answer { color: #a11212; font-weight: bold; }
  .seed { color: #555555; font-size: 0.85rem; }
  section + section { border-top: 2px solid #444444; margin-top: 2rem; }
"""


def _tree_png(sheet: Sheet) -> bytes:
    fig = Figure(figsize=(A4[0] * 0.9, A4[1] * 0.33))
    draw_tree(sheet.tree, ax=fig.add_axes((0, 0, 1, 1)), names=True, moves=False, legend=False)
    return figure_bytes(fig, "png")


def _tree_list(node: Node) -> str:
    """The tree as nested lists, which a screen reader walks level by level."""
    what = f"leaf, value {fmt(node.value)}" if node.is_leaf else f"{node.player} to move"
    inner = "<ul>" + "".join(_tree_list(c) for c in node.children) + "</ul>" if node.children else ""
    return f"<li>{html.escape(node.name)} ({html.escape(what)}){inner}</li>"


def _html_rows(sheet: Sheet, key: bool) -> str:
    rows = []
    for name, player, answer, alpha, beta in sheet.rows:
        who = html.escape(name)
        cells = [f"<th scope='row'>{who}</th>", f"<td>{html.escape(player)}</td>"]
        if key:
            values = [fmt(answer) if answer != PRUNED else "", "pruned" if answer == PRUNED else "",
                      fmt(alpha) if alpha is not None else "", fmt(beta) if beta is not None else ""]
            cells += [f"<td class='answer'>{html.escape(v)}</td>" for v in values]
        else:
            ident = html.escape(f"{sheet.student_id}-{name}")
            cells += [f"<td><input type='text' id='{ident}-returns' aria-label='value {who} returns'></td>",
                      f"<td><input type='checkbox' id='{ident}-pruned' aria-label='{who} pruned'></td>",
                      f"<td><input type='text' id='{ident}-alpha' aria-label='α {who} is called with'></td>",
                      f"<td><input type='text' id='{ident}-beta' aria-label='β {who} is called with'></td>"]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    head = "".join(f"<th scope='col'>{c}</th>" for c in _COLUMNS)
    return (f"<table><caption>Every node in order, children left to right</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _html_section(sheet: Sheet, key: bool, course: str) -> str:
    png = base64.b64encode(_tree_png(sheet)).decode("ascii")
    alt = html.escape(tree_alt(sheet.tree, "The tree: a game tree"), quote=True)
    heading = ("Answer key for " if key else "Worksheet for ") + _who(sheet)
    return (f"<section aria-labelledby='h-{html.escape(sheet.student_id)}'>"
            f"<h2 id='h-{html.escape(sheet.student_id)}'>{html.escape(heading)}</h2>"
            f"<p>{html.escape(INSTRUCTIONS)}</p><p>Tie rule: {html.escape(_rule(sheet))}.</p>"
            f"<h3>The tree</h3><img src='data:image/png;base64,{png}' alt='{alt}'>"
            f"<p>The same tree as a list:</p><ul>{_tree_list(sheet.tree.root)}</ul>"
            f"<h3>Your answers</h3>{_html_rows(sheet, key)}"
            f"<p class='seed'>tree seed {html.escape(str(sheet.seed))}</p></section>")


def worksheet_html(all_sheets: Sequence[Sheet], key: bool, course: str) -> str:
    """The worksheets of ``all_sheets`` (one student's, or every student's for the key) as one HTML page.

    The page needs nothing from outside: the tree's picture is inside it.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from abteach.grading.variants import sheets
    >>> roster = pathlib.Path(tempfile.mkdtemp()) / "roster.csv"
    >>> _ = roster.write_text("id\\nada\\n")
    >>> page = worksheet_html(sheets(roster, "c1"), False, "Week 5")
    >>> "<html lang='en'>" in page and "aria-label='value A returns'" in page
    True
    """
    title = html.escape(f"Alpha-beta by hand: {course}")
    body = "".join(_html_section(sheet, key, course) for sheet in all_sheets)
    return (f"<!DOCTYPE html>\n<html lang='en'>\n<head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{title}{' (answer key)' if key else ''}</title><style>{_HTML_STYLE}</style></head>\n"
            f"<body><main><h1>{title}</h1>{body}</main></body>\n</html>\n")


def worksheet(roster: str | FilePath, folder: str | FilePath, *, course_seed: str | int, course: str = "",
              exercise: str = "hand", size: str = "small", shape: str = "uniform", rule: str = "textbook",
              ties: bool = True, edition: int = 3, overwrite: bool = False,
              progress: Callable[[int, int], None] | None = None) -> list[FilePath]:
    """Write one printable PDF per student of ``roster`` into ``folder``, and an answer key.

    Parameters
    ----------
    roster : path
        A CSV with an ``id`` column and, optionally, ``name`` (nbgrader's
        ``first_name``/``last_name`` work too).
    folder : path
        Where to write ``<id>.pdf`` for each student and ``answer-key.pdf``; made if missing.  Each has an
        HTML twin with the same content, ``<id>.html`` and ``answer-key.html``, for screen readers.
    course_seed : str or int
        With each id, decides each student's tree; the grader derives the same trees again.
    course : str
        The title printed on each page.
    exercise, size, shape, rule, ties, edition
        As for :func:`abteach.grading.variants.student_tree`.
    overwrite : bool
        Replace PDFs already there.  Without it, an existing file is an error
        before anything is written.
    progress : callable, optional
        Called as ``progress(done, total)`` after each file written (a student's
        worksheet, then the key), so a caller can show how far it has got:
        drawing each tree takes a moment, and a class has many.

    Returns
    -------
    list of Path
        The students' PDFs in roster order, then the key (each has its ``.html`` twin beside it).
    """
    if not isinstance(overwrite, bool):
        raise TypeError(f"overwrite must be True or False, not {overwrite!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total), or None, not {progress!r}")
    out = FilePath(folder)
    if out.exists() and not out.is_dir():
        raise ValueError(f"folder {str(folder)!r} exists and is not a folder")
    all_sheets = sheets(roster, course_seed, exercise=exercise, size=size, shape=shape, rule=rule, ties=ties,
                        edition=edition)
    targets = [out / f"{s.student_id}.pdf" for s in all_sheets] + [out / KEY]
    if not overwrite:
        taken = [str(t) for t in targets + [t.with_suffix(".html") for t in targets] if t.exists()]
        if taken:
            raise FileExistsError(f"{taken[0]} exists (and {len(taken) - 1} more); pass overwrite=True to replace")
    out.mkdir(parents=True, exist_ok=True)
    title = course or str(course_seed)
    metadata = {"Creator": "abteach", "Producer": "abteach", "CreationDate": None}
    report = progress if progress is not None else (lambda done, total: None)
    for done, (sheet, target) in enumerate(zip(all_sheets, targets), start=1):
        with PdfPages(target, metadata=metadata) as pdf:
            pdf.savefig(_page(sheet, False, title))
        target.with_suffix(".html").write_text(worksheet_html([sheet], False, title), encoding="utf-8")
        report(done, len(targets))
    with PdfPages(targets[-1], metadata=metadata) as pdf:
        for sheet in all_sheets:
            pdf.savefig(_page(sheet, True, title))
    (out / KEY_HTML).write_text(worksheet_html(all_sheets, True, title), encoding="utf-8")
    report(len(targets), len(targets))
    return targets


__all__ = ["worksheet", "worksheet_html", "KEY", "KEY_HTML"]
