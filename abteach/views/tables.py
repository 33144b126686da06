"""Tables of a trace: one row per step, readable in a notebook and as plain text.

A view: it renders frames of a trace and never runs a search.
"""

from __future__ import annotations

import html
from itertools import zip_longest
from dataclasses import dataclass
from typing import Iterable, Sequence

from abteach.search.events import Kind, fmt
from abteach.trace.listings import Listing
from abteach.trace.frames import Trace

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

    Examples
    --------
    >>> import abteach as ab
    >>> t = trace_table(ab.alphabeta(ab.examples.FIG_5_2).trace, kinds=["cutoff"])
    >>> t.rows[0][3], t.rows[0][-1]
    ('C', 'v=2 ≤ α=3: MAX already has 3 at A, so C cannot matter; c2 and c3 are pruned.')
    """
    keep = {str(k) for k in kinds} if kinds is not None else None
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


@dataclass(frozen=True)
class SideBySide:
    """Pseudocode listings in numbered columns, each in its own order, as the books print them."""

    listings: tuple[Listing, ...]

    def _rows(self) -> list[list[str]]:
        columns = [[f"{n:>2}  {text}" if text else "" for n, (_, text) in enumerate(lst.lines, start=1)]
                   for lst in self.listings]
        return [list(row) for row in zip_longest(*columns, fillvalue="")]

    def _repr_html_(self) -> str:
        head = "".join(f"<th style='text-align:left'>{html.escape(l.title)}</th>" for l in self.listings)
        cells = "".join(
            "<td style='text-align:left;vertical-align:top'><pre style='margin:0'>"
            + html.escape("\n".join(row[k] for row in self._rows())) + "</pre></td>"
            for k in range(len(self.listings))
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody><tr>{cells}</tr></tbody></table>"

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
    return SideBySide(tuple(listings))
