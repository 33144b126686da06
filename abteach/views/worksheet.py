"""Printable worksheets: one PDF per student, with their own tree, and one answer key.

Each worksheet is A4: the student's name and id, what to do, their tree (from
the course seed and their id, :mod:`abteach.grading.variants`) with every node
and move named as the table names it, and a table with a row per node: boxes
for what the node returns and the α and β it is called with, and a tick box
for "pruned".  A tree too wide for a portrait page gets a landscape one, and a
table that does not fit under its tree a page of its own (:func:`layout`).  The
key has the same pages, filled in.  Fonts are embedded whole (Type 42), so the
text layer reads as the page does.  Nothing is overwritten unless asked, and a
replaced file keeps its permissions.

Beside each PDF goes the same worksheet as an HTML page (``<id>.html``,
``answer-key.html``), the accessible alternative a screen reader or a
magnifier reads: the tree as a picture with a text alternative and as a
nested list, and the table as a form whose every box has a label.
"""

from __future__ import annotations

import base64
import html
import io
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any, Callable, Final, Sequence

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from abteach.search.events import fmt
from abteach.search.rules import TieRule
from abteach.games.trees import Node, Tree
from abteach.views.alt import tree_alt
from abteach.views.draw import draw_tree
from abteach.views.export import figure_bytes, write_file
from abteach.views.sizes import Size
from abteach.trace.protocol import Status

if TYPE_CHECKING:  # the sheets are handed in, made by grading; only their type is named here
    from abteach.grading.variants import Sheet

#: How a sheet's answer says a node is never searched: the trace's own word.
PRUNED = Status.PRUNED.value

#: Inches of an A4 page, portrait.  A tree too wide for it at :data:`PRINT` size gets the page turned.
A4 = (8.27, 11.69)
#: Inches of white round the page's content.
MARGIN = 0.45
KEY = "answer-key.pdf"
#: The key's accessible twin, beside it.
KEY_HTML = "answer-key.html"
_COLUMNS = ("node", "player", "returns", "pruned", "α", "β")
#: Inches of each column of the answer table; the ``pruned`` column holds a tick box.
_WIDTHS = (0.45, 0.55, 0.75, 0.6, 0.6, 0.6)
#: Inches from one table row to the next, and between two columns of rows.
ROW = 0.235
GUTTER = 0.25
#: Tick boxes: empty on a student's sheet, ticked in the key, as glyphs so the text layer has them too.
BOX, TICKED = "☐", "☑"
#: How the tree is drawn on paper: smaller than on screen, still easy to read at arm's length.
# Neighbouring leaves are at least a third of a box apart, so a row of them never reads as one strip.
PRINT = Size("print", font=9, small=8, marker=22, line=1.0, level=0.8, min_slot=22 * 1.35 / 72, min_width=1, dpi=100)
#: Text below this many points is hard to read on paper: a tree is never shrunk further to fit.
MIN_FONT = 6.5
# Embedded TrueType fonts (Type 42) keep a PDF's text layer whole: Type 3 fonts split words at "ff" and put α
# and β after the line they belong to, so copied or read-aloud text came out as "cut o on ties".
_PDF_RC: Final[dict[Any, Any]] = {"pdf.fonttype": 42}
_PDF_METADATA: Final = {"Creator": "abteach", "Producer": "abteach", "CreationDate": None}


#: What to do, said once for the printed page and its HTML twin.
INSTRUCTIONS = ("For every node write the value its call returns (a node that cuts off returns its bound), "
                "or tick pruned if the search never visits it. Write the α and β each call receives. "
                "Children left to right.")


def _who(sheet: Sheet) -> str:
    return f"{sheet.name} ({sheet.student_id})" if sheet.name != sheet.student_id else sheet.student_id


def _rule(sheet: Sheet) -> str:
    return ("cut off on ties: v ≥ β in MAX, v ≤ α in MIN (the textbook)" if TieRule.named(sheet.rule).prunes_on_tie
            else "strict: cut off only when v > β in MAX, v < α in MIN")


@dataclass(frozen=True)
class Layout:
    """Where a worksheet's parts go, in inches from the top left of its page.

    Attributes
    ----------
    page : (width, height)
        A4, portrait, or landscape when the tree is too wide for portrait.
    size : Size
        The tree's drawing size: :data:`PRINT`, scaled to fill the page's width, within limits.
    tree : (width, height)
        Of the tree's drawing, whose top is at :data:`HEADER`.
    pages : int
        1, or 2 when the table does not fit under the tree and gets a page of its own.
    table_top : float
        Where the table's header row is, on the last page.
    rows_per_column : int
    """

    page: tuple[float, float]
    size: Size
    tree: tuple[float, float]
    pages: int
    table_top: float
    rows_per_column: int


def _scaled(size: Size, scale: float) -> Size:
    return Size(size.name, font=size.font * scale, small=size.small * scale, marker=size.marker * scale,
                line=size.line, level=size.level * scale, min_slot=size.min_slot * scale, min_width=size.min_width,
                dpi=size.dpi)


def _natural(tree: Tree, size: Size) -> tuple[float, float]:
    """Inches the tree's drawing needs at ``size``, with every name and move label clear of the next."""
    fig = draw_tree(tree, size=size, names=True, moves=True, legend=False)
    return fig.get_figwidth(), fig.get_figheight()


#: Inches from the top of a page to the tree: title, name, instructions, tie rule.
HEADER = 1.95
#: Inches from the top of a table's own page to its header row: the title and the student's name first.
TABLE_PAGE_TOP = 1.15
#: Inches under the last row: the footer with the tree's seed.
_FOOTER = 0.45
#: The most a tree is enlarged past :data:`PRINT`, and the share of the page's height it may take.
MAX_SCALE = 1.5
TREE_SHARE = 0.4


def _fit(tree: Tree, page: tuple[float, float], natural: tuple[float, float],
         largest: float = MAX_SCALE) -> tuple[Size, tuple[float, float]]:
    """The tree's size on ``page``: as large as the page's width, :data:`TREE_SHARE` of its height, and
    ``largest`` times :data:`PRINT` allow; ``natural`` is its drawing's size at :data:`PRINT`."""
    width, height = natural
    room = page[0] - 2 * MARGIN
    scale = max(MIN_FONT / PRINT.font, min(largest, room / width, TREE_SHARE * page[1] / height))
    size = _scaled(PRINT, scale)
    width, height = _natural(tree, size)
    if width > room and scale > MIN_FONT / PRINT.font:
        # Labels grow a little faster than the scale; one more step brings the drawing within the page.
        size = _scaled(PRINT, max(MIN_FONT / PRINT.font, scale * room / width))
        width, height = _natural(tree, size)
    return size, (min(width, room), height)


def _rows_per_column(top: float, page: tuple[float, float]) -> int:
    return max(1, int((page[1] - _FOOTER - MARGIN - top) / ROW) - 1)


def layout(tree: Tree, rows: int) -> Layout:
    """The page, or two, of a worksheet of ``tree`` with ``rows`` rows in its table.

    Portrait when the tree fits across it at :data:`PRINT` size; otherwise landscape.  The table goes
    under the tree, in as many columns as the page holds, or on a page of its own when it does not fit.

    Examples
    --------
    >>> from abteach.lessons.practice import practice_tree
    >>> small, large = practice_tree(size="small", seed=1), practice_tree(size="large", seed=1)
    >>> [(w.page == A4, w.pages) for w in (layout(small, len(small)), layout(large, len(large)))]
    [(True, 1), (False, 2)]
    """
    natural = _natural(tree, PRINT)
    page = A4 if natural[0] <= A4[0] - 2 * MARGIN else (A4[1], A4[0])
    columns_fit = max(1, int((page[0] - 2 * MARGIN + GUTTER) / (sum(_WIDTHS) + GUTTER)))

    def table_fits(drawing: tuple[float, float]) -> bool:
        return -(-rows // _rows_per_column(HEADER + drawing[1] + 0.25, page)) <= columns_fit

    size, drawing = _fit(tree, page, natural)
    if not table_fits(drawing) and size.font > PRINT.font:
        # One page is worth more than a larger tree: try it at print size before turning the page.
        size, drawing = _fit(tree, page, natural, largest=1.0)
    pages, top = (1, HEADER + drawing[1] + 0.25) if table_fits(drawing) else (2, TABLE_PAGE_TOP)
    columns = -(-rows // _rows_per_column(top, page))
    # Balanced columns: the last is never a stub of one or two rows.
    return Layout(page, size, drawing, pages, top, -(-rows // columns))


def _title(course: str) -> str:
    """A sheet's heading: the course's own title after the exercise's, where it has one."""
    return f"Alpha-beta by hand: {course}" if course else "Alpha-beta by hand"


def _page_axes(fig: Figure, page: tuple[float, float], sheet: Sheet, key: bool, course: str, *,
               first: bool) -> Axes:
    page_ax = _inches(fig, page)
    page_ax.text(MARGIN, 0.45, _title(course) + ("" if first else " (continued)"), fontsize=15,
                 weight="bold", va="top")
    page_ax.text(MARGIN, 0.78, ("ANSWER KEY for " if key else "Name: ") + _who(sheet), fontsize=11, va="top")
    page_ax.text(MARGIN, page[1] - 0.3, f"tree seed {sheet.seed}", fontsize=7, color="#555555")
    return page_ax


def pages(sheet: Sheet, key: bool, course: str, where: Layout | None = None) -> list[Figure]:
    """The printed worksheet of ``sheet`` (``key``: filled in), one figure per page.

    ``where`` is :func:`layout`'s for the sheet, when the caller has it already.
    """
    where = where if where is not None else layout(sheet.tree, len(sheet.rows))
    fig = Figure(figsize=where.page)
    page = _page_axes(fig, where.page, sheet, key, course, first=True)
    wrapped = INSTRUCTIONS.replace(" bound), or", " bound),\nor").replace(" Children", "\nChildren")
    page.text(MARGIN, 1.02, f"{wrapped}\nTie rule: {_rule(sheet)}.", fontsize=9.5, va="top", linespacing=1.4)
    w, h = where.tree
    x0 = (where.page[0] - w) / 2
    tree_ax = fig.add_axes((x0 / where.page[0], 1 - (HEADER + h) / where.page[1], w / where.page[0],
                            h / where.page[1]), label="tree")
    draw_tree(sheet.tree, ax=tree_ax, size=where.size, names=True, moves=True, legend=False)
    out = [fig]
    if where.pages == 2:
        fig = Figure(figsize=where.page)
        page = _page_axes(fig, where.page, sheet, key, course, first=False)
        out.append(fig)
    _table(page, sheet.rows, key, where)
    return out


def _inches(fig: Figure, page: tuple[float, float]) -> Axes:
    """Axes over the whole page whose units are inches, y growing down the page, as a printed page is read."""
    ax = fig.add_axes((0, 0, 1, 1), label="page")
    ax.set_xlim(0, page[0])
    ax.set_ylim(page[1], 0)
    ax.axis("off")
    return ax


def _cells(row: tuple[str, str, Any, Any, Any], key: bool) -> list[str]:
    name, player, answer, alpha, beta = row
    if not key:
        return [name, player, "", BOX, "", ""]
    pruned = answer == PRUNED
    return [name, player, "" if pruned else fmt(answer), TICKED if pruned else BOX,
            "" if alpha is None else fmt(alpha), "" if beta is None else fmt(beta)]


def _table(page: Axes, rows: Sequence[tuple[str, str, Any, Any, Any]], key: bool, where: Layout) -> None:
    per = where.rows_per_column
    column_width = sum(_WIDTHS) + GUTTER
    for c, start in enumerate(range(0, len(rows), per)):
        x0 = MARGIN + c * column_width
        y0 = where.table_top
        x = x0
        for k, (name, w) in enumerate(zip(_COLUMNS, _WIDTHS)):
            # Names of the write-in columns sit over their boxes, so neighbours never run together.
            page.text(x + 0.04 if k < 2 else x + w / 2, y0, name, fontsize=9, weight="bold", va="center",
                      ha="left" if k < 2 else "center")
            x += w
        for r, row in enumerate(rows[start:start + per], start=1):
            y = y0 + r * ROW
            x = x0
            for k, (text, w) in enumerate(zip(_cells(row, key), _WIDTHS)):
                ink = "#a11212" if key and k >= 2 and text not in ("", BOX) else "#1a1a1a"
                if k == 3:  # the tick box: a glyph, a square whatever the font
                    page.text(x + w / 2, y, text, fontsize=13, ha="center", va="center", color=ink)
                elif k >= 2:  # a box to write in
                    page.add_patch(Rectangle((x + 0.05, y - 0.4 * ROW), w - 0.1, 0.8 * ROW, fill=False,
                                             linewidth=0.6, edgecolor="#444444"))
                    page.text(x + w / 2, y, text, fontsize=9, ha="center", va="center", color=ink)
                else:
                    page.text(x + 0.04, y, text, fontsize=9, ha="left", va="center", color=ink)
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
    # A figure of the drawing's own size: every name and move label clear of the next, however wide the tree.
    return figure_bytes(draw_tree(sheet.tree, names=True, moves=True, legend=False), "png")


def _tree_list(tree: Tree, node: Node) -> str:
    """The tree as nested lists, which a screen reader walks level by level, named as the table names them."""
    what = f"leaf, value {fmt(node.value)}" if node.is_leaf else f"{node.player} to move"
    inner = "<ul>" + "".join(_tree_list(tree, c) for c in node.children) + "</ul>" if node.children else ""
    return f"<li>{html.escape(tree.book_name(node.path))} ({html.escape(what)}){inner}</li>"


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
            f"<p>The same tree as a list:</p><ul>{_tree_list(sheet.tree, sheet.tree.root)}</ul>"
            f"<h3>{'The answers' if key else 'Your answers'}</h3>{_html_rows(sheet, key)}"
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
    title = html.escape(_title(course))
    body = "".join(_html_section(sheet, key, course) for sheet in all_sheets)
    return (f"<!DOCTYPE html>\n<html lang='en'>\n<head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{title}{' (answer key)' if key else ''}</title><style>{_HTML_STYLE}</style></head>\n"
            f"<body><main><h1>{title}</h1>{body}</main></body>\n</html>\n")


def check_file_names(ids: Sequence[str], roster: str | FilePath) -> None:
    """Refuse ids whose files would be another's: the answer key's, or another id's on a disk that ignores case.

    Raises
    ------
    ValueError
        Naming the id or ids, and the roster.

    Examples
    --------
    >>> check_file_names(["ada", "Ada", "alan"], "roster.csv")
    Traceback (most recent call last):
    ...
    ValueError: roster 'roster.csv': ids 'ada' and 'Ada' differ only in case, so their worksheets would be one file on a disk that ignores case (Windows, macOS); give one of them another id
    """
    key = FilePath(KEY).stem
    for sid in ids:
        if sid.casefold() == key.casefold():
            raise ValueError(f"roster {str(roster)!r}: id {sid!r} would be written as {KEY}, the answer key's own "
                             "file, and the key would carry that student's name; give that student another id")
    first: dict[str, str] = {}
    for sid in ids:
        other = first.setdefault(sid.casefold(), sid)
        if other != sid:
            raise ValueError(f"roster {str(roster)!r}: ids {other!r} and {sid!r} differ only in case, so their "
                             "worksheets would be one file on a disk that ignores case (Windows, macOS); "
                             "give one of them another id")


def _pdf(all_sheets: Sequence[Sheet], layouts: Sequence[Layout], key: bool, course: str) -> bytes:
    """Each sheet's pages, as PDF bytes with no date in them, so the same class gives the same files."""
    buf = io.BytesIO()
    with matplotlib.rc_context(_PDF_RC), PdfPages(buf, metadata=_PDF_METADATA) as pdf:
        for sheet, where in zip(all_sheets, layouts):
            for fig in pages(sheet, key, course, where):
                pdf.savefig(fig)
    return buf.getvalue()


def check_output(folder: str | FilePath, overwrite: Any, progress: Any) -> None:
    """Refuse a bad ``overwrite``, ``progress`` or ``folder`` before any sheet is made (see :func:`write_worksheets`)."""
    if not isinstance(overwrite, bool):
        raise TypeError(f"overwrite must be True or False, not {overwrite!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total), or None, not {progress!r}")
    out = FilePath(folder)
    if out.exists() and not out.is_dir():
        raise ValueError(f"folder {str(folder)!r} exists and is not a folder")


def write_worksheets(all_sheets: Sequence[Sheet], folder: str | FilePath, *, roster: str | FilePath,
                     course: str = "", overwrite: bool = False,
                     progress: Callable[[int, int], None] | None = None) -> list[FilePath]:
    """Write one printable PDF per sheet into ``folder``, and an answer key; each with an HTML twin.

    The sheets are made by :func:`abteach.grading.variants.sheets`, which solves each student's
    tree; the front door's ``ab.worksheet`` makes them and hands them here (see it for the options).
    ``roster`` is only named in errors.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from abteach.grading.variants import sheets
    >>> where = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (where / "roster.csv").write_text("id\\nada\\n")
    >>> [p.name for p in write_worksheets(sheets(where / "roster.csv", "c1"), where / "out", roster="roster.csv")]
    ['ada.pdf', 'answer-key.pdf']
    """
    check_output(folder, overwrite, progress)
    out = FilePath(folder)
    check_file_names([s.student_id for s in all_sheets], roster)
    targets = [out / f"{s.student_id}.pdf" for s in all_sheets] + [out / KEY]
    if not overwrite:
        taken = [str(t) for t in targets + [t.with_suffix(".html") for t in targets] if t.exists()]
        if taken:
            raise FileExistsError(f"{taken[0]} exists (and {len(taken) - 1} more); pass overwrite=True to replace")
    out.mkdir(parents=True, exist_ok=True)
    # The seed decides the trees; it is no title (and a sheet need not tell it): with no --course, none.
    title = course
    report = progress if progress is not None else (lambda done, total: None)
    report(0, len(targets))
    layouts = []
    for done, (sheet, target) in enumerate(zip(all_sheets, targets), start=1):
        layouts.append(layout(sheet.tree, len(sheet.rows)))
        write_file(target, _pdf([sheet], layouts[-1:], False, title), overwrite)
        write_file(target.with_suffix(".html"), worksheet_html([sheet], False, title).encode("utf-8"), overwrite)
        report(done, len(targets))
    write_file(targets[-1], _pdf(all_sheets, layouts, True, title), overwrite)
    write_file(out / KEY_HTML, worksheet_html(all_sheets, True, title).encode("utf-8"), overwrite)
    report(len(targets), len(targets))
    return targets


__all__ = ["write_worksheets", "check_output", "worksheet_html", "check_file_names", "layout", "pages", "Layout", "KEY", "KEY_HTML", "PRINT"]
