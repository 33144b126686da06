"""Tables of a trace: one row per step, readable in a notebook and as plain text.

A view: it renders frames of a trace and never runs a search.
"""

from __future__ import annotations

import html
import re
from itertools import zip_longest
from dataclasses import dataclass
from typing import Final, Iterable, Sequence

from abteach.games.errors import shown
from abteach.search.events import Bound, Kind, fmt
from abteach.trace.listings import Listing
from abteach.views.options import check_search, check_trace
from abteach.trace.frames import NodeState, Status, Trace
from abteach.games.trees import Path

COLUMNS = ("step", "line", "pseudocode", "node", "α", "β", "v", "what happened")


@dataclass(frozen=True)
class Table:
    """Rows of strings with a header; shows as HTML in Jupyter and as aligned text elsewhere."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    def _repr_html_(self) -> str:
        head = "".join(f"<th style='text-align:left'>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td style='text-align:left'>{html.escape(x)}</td>" for x in row) + "</tr>"
            for row in self.rows
        )
        cap = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def __repr__(self) -> str:
        widths = [max(len(c), *(len(r[i]) for r in self.rows)) if self.rows else len(c)
                  for i, c in enumerate(self.columns)]
        def line(cells: Sequence[str]) -> str:
            return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
        out = [self.caption] if self.caption else []
        out += [line(self.columns), line(["-" * w for w in widths])]
        out += [line(r) for r in self.rows]
        return "\n".join(out)

    def __len__(self) -> int:
        return len(self.rows)


def table(rows: Iterable[Sequence[object]], columns: Sequence[str], *, caption: str = "") -> Table:
    """Any rows as a :class:`Table`, e.g. experiment results.

    Examples
    --------
    >>> table([(2, 4)], ["b", "b²"])
    b  b²
    -  --
    2  4
    """
    cells = tuple(tuple(ab_str(x) for x in row) for row in rows)
    if any(len(r) != len(columns) for r in cells):
        raise ValueError(f"every row needs {len(columns)} cells, one per column {list(columns)}")
    return Table(tuple(columns), cells, caption)


def ab_str(x: object) -> str:
    """Numbers as the lectures print them (±∞ as symbols); anything else as str."""
    return fmt(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else str(x)


def trace_table(trace: Trace, *, kinds: Iterable[Kind | str] | None = None, caption: str = "") -> Table:
    """One row per event: the pseudocode line that ran, the node, its α, β and v, and why.

    Parameters
    ----------
    trace : Trace
    kinds : iterable of Kind or str, optional
        Keep only these event kinds (e.g. ``("leaf", "cutoff", "exit")`` for a short table).
        A kind this search does not report but another does (``"cutoff"`` in
        a minimax trace) keeps no rows; one no search reports is refused.

    Raises
    ------
    TypeError
        ``trace`` is not a Trace (a search result is told to pass its
        ``.trace``), or ``kinds`` is a single string or not a collection of strings.
    ValueError
        A kind no search reports, such as the typo ``"cutof"``.

    Examples
    --------
    >>> import abteach as ab
    >>> t = trace_table(ab.alphabeta(ab.examples.FIG_5_2).trace, kinds=["cutoff"])
    >>> t.rows[0][3], t.rows[0][-1]
    ('C', 'v=2 ≤ α=3: MAX already has 3 at A, so C cannot matter; c2 and c3 are pruned.')
    """
    trace = check_trace(trace, "trace_table")
    keep = _kinds(trace, kinds)
    rows = []
    for frame in trace.frames():
        e = frame.event
        if e is None or (keep is not None and e.kind not in keep):
            continue
        state = frame.nodes.get(e.node)
        rows.append((
            str(frame.step),
            str(trace.listing.number(e.line)),
            trace.listing.text(e.line).strip(),
            trace.name(e.node),
            fmt(state.alpha) if state is not None and state.alpha is not None else "",
            fmt(state.beta) if state is not None and state.beta is not None else "",
            fmt(state.v) if state is not None and state.v is not None else "",
            frame.explanation,
        ))
    return Table(COLUMNS, tuple(rows), caption)


def _kinds(trace: Trace, kinds: object) -> set[str] | None:
    """The kinds ``trace_table`` keeps, each checked; a lone string would be read letter by letter."""
    if kinds is None:
        return None
    if isinstance(kinds, str):
        raise TypeError(f"kinds must be a collection of event kinds, not the single string {kinds!r}: "
                        f"write [{kinds!r}]")
    if not isinstance(kinds, Iterable):
        raise TypeError(f"kinds must be a collection of event kinds, such as ['cutoff'], not {shown(kinds)}")
    return {trace.check_kind(k, "kinds: the kind") for k in kinds}


#: What a returned value says, in the words of lecture 03: exact, or only a bound.
BOUND_WORDS: Final = {Bound.EXACT: "exact", Bound.UPPER: "fail-low: at most", Bound.LOWER: "fail-high: at least"}


def _returned_words(state: NodeState, trace: Trace, path: Path) -> str:
    """``' (exact)'``, ``' (fail-low: at most)'``: what the node's call proved, and what its caller reads if less.

    A fail-low after the last child is exact for the node; its caller, which cannot tell it from an
    early cutoff, reads only the bound: ``' (exact; to A, fail-low: at most)'``.
    """
    proved = state.proved
    if proved is None or not trace.algorithm.windowed:
        return ""
    said = BOUND_WORDS.get(proved, str(proved))
    if proved is Bound.EXACT and state.bound not in (None, Bound.EXACT):
        caller = trace.name(path[:-1]) if len(path) > len(trace.root) else "the caller"
        said += f"; to {caller}, {BOUND_WORDS.get(state.bound, str(state.bound))}"
    return f" ({said})"


def returns_table(searches: object, nodes: Iterable[Path] | None = None, *, caption: str = "") -> Table:
    """What each node returned, at the end of each search: its value, and whether it is exact or a bound.

    Parameters
    ----------
    searches : SearchResult or Trace, or a dict of label to them
        Searches of one tree.  Each gets a column, labelled by the dict's key
        (or by the algorithm, for one search).
    nodes : iterable of paths, optional
        The nodes to show; by default the root's children, its moves.
    caption : str

    Returns
    -------
    Table
        One row per node: its name, the move into it, and what it returned in
        each search, as its own call proved it (``"2 (fail-low: at most)"``;
        ``"2 (exact; to A, fail-low: at most)"`` when the caller reads less),
        ``"pruned"``, or nothing if the search never reached it.

    Examples
    --------
    >>> import abteach as ab
    >>> returns_table(ab.alphabeta(ab.examples.FIG_5_2))
    node  move  alpha-beta, 3rd edition, prunes on ties
    ----  ----  ---------------------------------------
    B     a1    3 (exact)
    C     a2    2 (fail-low: at most)
    D     a3    2 (exact; to A, fail-low: at most)
    """
    if isinstance(searches, dict):
        if not searches:
            raise ValueError("returns_table needs at least one search")
        labelled = {str(label): check_search(s, "returns_table", f"searches[{label!r}]")
                    for label, s in searches.items()}
    else:
        trace = check_search(searches, "returns_table", "searches")
        labelled = {trace.algorithm.label: trace}
    first = next(iter(labelled.values()))
    ends = {label: t.last() for label, t in labelled.items()}
    if nodes is None:
        root = first.root
        if first.tree is not None:
            nodes = [child.path for child in first.tree.node(root).children]
        else:
            reached = ends[next(iter(ends))].nodes
            nodes = sorted(p for p in reached if len(p) == len(root) + 1 and p[:len(root)] == root)
    rows = []
    for path in nodes:
        cells = []
        for label, frame in ends.items():
            state = frame.node(path)
            if state.status is Status.PRUNED:
                cells.append("pruned")
            elif state.status is Status.DONE and state.value is not None:
                cells.append(fmt(state.value) + _returned_words(state, labelled[label], path))
            else:
                cells.append("")
        rows.append((first.name(path), first.move_name(path), *cells))
    return Table(("node", "move", *labelled), tuple(rows), caption)


#: How far, in characters, a wrapped line of pseudocode continues to the right of its own indentation.
HANG: Final = 2

#: The font of pseudocode in HTML: the notebook's code font where there is one.  Double quotes only:
#: it goes inside single-quoted ``style='...'`` attributes, where a single quote would end the attribute.
CODE_FONT: Final = 'var(--jp-code-font-family, "DejaVu Sans Mono", Menlo, Consolas, monospace)'
#: The same as inline declarations.  JupyterLab's sanitizer, which shows an untrusted notebook's stored
#: outputs, drops what it cannot check (``var(...)``): the plain values come first and stay.
CODE_FONT_STYLE: Final = (f"font-family:\"DejaVu Sans Mono\", Menlo, Consolas, monospace;font-family:{CODE_FONT};"
                          "font-size:13px;font-size:var(--jp-code-font-size, 13px)")


def words_html(text: str) -> str:
    """``text`` escaped for HTML, each run of non-spaces kept in one piece.

    A browser may then break the line only at spaces, never inside a word
    (not even after the hyphen of ``MIN-VALUE``), whatever the page's own
    word-breaking rules.

    Examples
    --------
    A call may break after its opening parenthesis, before its first argument:

    >>> words_html("v ← MIN-VALUE(s)")
    "v ← <span style='white-space:nowrap'>MIN-VALUE(</span><wbr><span style='white-space:nowrap'>s)</span>"
    """
    out = []
    for part in re.split(r"( +)", text):
        if not part:
            continue
        if part.isspace() or len(part) == 1:
            out.append(html.escape(part))
        else:
            # A call may also break after its opening parenthesis: "MIN-VALUE(" | "RESULT(state,".
            pieces = re.split(r"(?<=\()(?=\w)", part)
            out.append("<wbr>".join(f"<span style='white-space:nowrap'>{html.escape(p)}</span>" for p in pieces))
    return "".join(out)


def code_line_html(text: str, gutter: str = "", *, cls: str = "ab-line", attrs: str = "") -> str:
    """One line of pseudocode as HTML: ``gutter`` (the line number) beside ``text``.

    The line keeps its indentation, and where it is too long for its box it
    wraps between words, the rest continuing :data:`HANG` characters to the
    right of the line's own indentation, as printed pseudocode does.  All the
    styles that matter are inline, so the line reads the same in any page.

    Examples
    --------
    >>> line = code_line_html("  return v", " 12  ")
    >>> "padding-left:4ch;text-indent:-4ch" in line, line.count("nowrap")
    (True, 1)
    """
    indent = len(text) - len(text.lstrip(" "))
    hang = indent + HANG
    return (f"<div class='{cls}'{attrs} style='display:flex;align-items:baseline'>"
            f"<span class='ab-gutter' style='flex:none;white-space:pre'>{html.escape(gutter)}</span>"
            f"<span class='ab-code' style='flex:1 1 auto;min-width:0;white-space:pre-wrap;"
            f"{_hanging(hang)}'>{words_html(text)}</span></div>")


#: A character of the code font in em (DejaVu Sans Mono and Menlo: 1233/2048).
_CH_IN_EM: Final = 0.602


def _hanging(chars: int) -> str:
    """A hanging indent of ``chars`` characters, in ``ch``, after the same in ``em`` for JupyterLab's
    sanitizer, which keeps no ``ch`` lengths in an untrusted notebook's outputs."""
    em = f"{chars * _CH_IN_EM:.3g}em"
    return f"padding-left:{em};text-indent:-{em};padding-left:{chars}ch;text-indent:-{chars}ch"


def listing_width(listing: Listing) -> int:
    """How many characters the longest line of ``listing`` takes, with its number beside it."""
    return max((len(text) for _, text in listing.lines), default=0) + len(" 99  ") + 1


@dataclass(frozen=True)
class SideBySide:
    """Pseudocode listings in numbered columns, each in its own order, as the books print them.

    In a notebook the columns share one row per line number, so a line that
    has to wrap (between words only, never inside one) keeps the lines
    beside it level.
    """

    listings: tuple[Listing, ...]

    def _rows(self) -> list[list[str]]:
        columns = [[f"{n:>2}  {text}" if text else "" for n, (_, text) in enumerate(lst.lines, start=1)]
                   for lst in self.listings]
        return [list(row) for row in zip_longest(*columns, fillvalue="")]

    def _repr_html_(self) -> str:
        cell = (f"text-align:left;vertical-align:top;padding:0 1.5em 0 0;white-space:normal;"
                f"{CODE_FONT_STYLE};line-height:1.45")
        width = f"{100 / len(self.listings):.4g}%"
        head = "".join(f"<th style='text-align:left;padding:0 1.5em 4px 0;white-space:normal;width:{width}'>"
                       f"{words_html(l.title)}</th>" for l in self.listings)
        numbered = [[(n, text) for n, (_, text) in enumerate(lst.lines, start=1)] for lst in self.listings]
        body = []
        for row in zip_longest(*numbered, fillvalue=None):
            cells = "".join(
                f"<td style='{cell}'>" + (code_line_html(item[1], f"{item[0]:>2}  ") if item else "") + "</td>"
                for item in row)
            body.append(f"<tr style='background:none'>{cells}</tr>")
        return (f"<table class='ab-side-by-side' style='border-collapse:collapse;table-layout:fixed;width:100%'>"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")

    def __repr__(self) -> str:
        width = max(len(c) for row in self._rows() for c in row) + 2
        out = ["".join(l.title[:width - 2].ljust(width) for l in self.listings).rstrip()]
        out += ["".join(c.ljust(width) for c in row).rstrip() for row in self._rows()]
        return "\n".join(out)


def side_by_side(*listings: Listing) -> SideBySide:
    """Show pseudocode listings in columns, e.g. both editions of ALPHA-BETA-SEARCH.

    Examples
    --------
    >>> import abteach as ab
    >>> view = side_by_side(ab.listing("alphabeta", 3), ab.listing("alphabeta", 4))
    >>> view._rows()[9]
    ['10      if v ≥ β then return v', '10      v2, a2 ← MIN-VALUE(game, game.RESULT(state, a), α, β)']
    """
    if not listings:
        raise ValueError("side_by_side needs at least one listing")
    for k, lst in enumerate(listings):
        if not isinstance(lst, Listing):
            hint = ": pass its .listing" if isinstance(getattr(lst, "listing", None), Listing) else ""
            raise TypeError(f"side_by_side shows Listings, such as ab.listing('alphabeta', 3); listing {k + 1} "
                            f"is {shown(lst)}{hint}")
    return SideBySide(tuple(listings))
