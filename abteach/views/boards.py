"""Pictures of game boards: a tic-tac-toe grid or a Connect Four rack, as a person sees it.

Examples
--------
>>> import abteach as ab
>>> game = ab.ConnectFour()
>>> board_png(game, game.play([3, 3]))[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from typing import Any, Iterable

from matplotlib.patches import Circle, Rectangle

from abteach.games.errors import shown
from abteach.views.draw import Drawing
from abteach.views.export import figure_bytes
from abteach.views.palette import BLUE, INK, LIGHT, MUTED, ORANGE, VERMILLION, WHITE

#: Piece colours: X red-orange, O amber, as on a real Connect Four set, and told apart by letter too.
PIECE = {"X": VERMILLION, "O": ORANGE}


def cells_of(game: Any, state: Any) -> tuple[int, int, list[list[str]]]:
    """(width, height, rows top first of 'X', 'O' or '.') for a tic-tac-toe or Connect Four position.

    Raises
    ------
    TypeError, ValueError
        ``state`` is not a position of ``game`` (a board of the other game too), or of neither game.
    """
    # The game names a state of the wrong kind; without this a tic-tac-toe board would be drawn for Connect Four.
    check_state = getattr(game, "check_state", None)
    if callable(check_state):
        check_state(state)
    rows = getattr(state, "rows", None)
    if callable(rows):
        grid = [list(r) for r in rows()]
    elif isinstance(getattr(state, "cells", None), str):
        c = state.cells
        grid = [list(c[i:i + 3]) for i in (0, 3, 6)]
    else:
        raise TypeError(f"board_png draws tic-tac-toe and Connect Four positions; state is {shown(state)}")
    return len(grid[0]), len(grid), grid


def _square_name(c: int, r: int) -> str:
    """A tic-tac-toe square as the game names moves: column letter, row number from the top (``b2``)."""
    return f"{'abc'[c]}{r + 1}"


def board_data(game: Any, state: Any, *, legal: Iterable[Any] | None = None, highlight: Any = None,
               caption: str = "") -> dict[str, Any]:
    """What a board shows, described once: the picture (:func:`board_figure`) and the page both draw this.

    Parameters
    ----------
    game : TicTacToe or ConnectFour
    state : a position of ``game``
    legal : iterable, optional
        The moves a person may play now; every cell whose move is among them is ``playable``.
        By default none (a picture of a position, not a game in progress).
    highlight : (column, row from the top), optional
        A cell to ring: the last move, say.
    caption : str
        A line above the board.

    Returns
    -------
    dict
        JSON-ready: ``kind``, ``name`` (what a screen reader hears first), ``width``, ``height``, ``racked``
        (a Connect Four rack, else a tic-tac-toe grid), ``columns`` (the labels under the columns), ``caption``,
        ``alt`` (:func:`board_alt`), ``colours``, and ``cells``, rows from the top, each ``{"row", "col",
        "piece", "text", "label", "action", "playable", "highlight"}``: ``text`` is what is written in the cell,
        ``label`` what a screen reader says of it, ``action`` the move a click on it plays.

    Examples
    --------
    >>> import abteach as ab
    >>> game = ab.TicTacToe("X.. .O. ...")
    >>> d = board_data(game, game.initial, legal=game.actions(game.initial))
    >>> d["cells"][0]["text"], d["cells"][4]["label"], d["cells"][1]["playable"], d["columns"]
    ('X', 'b2: O', True, ['a', 'b', 'c'])
    """
    width, height, grid = cells_of(game, state)
    racked = callable(getattr(state, "rows", None))
    allowed = set() if legal is None else set(legal)
    cells = []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            piece = ch if ch != "." else ""
            action = c if racked else r * width + c
            where = f"column {c}, row {height - r} from the bottom" if racked else _square_name(c, r)
            cells.append({"row": r, "col": c, "piece": piece, "text": piece,
                          "label": f"{where}: {piece or 'empty'}", "action": action,
                          "playable": action in allowed, "highlight": highlight == (c, r)})
    return {
        "kind": "connect-four" if racked else "tic-tac-toe",
        "name": (f"Connect Four board, {width} columns by {height} rows" if racked else "Tic-tac-toe board"),
        "width": width, "height": height, "racked": racked,
        "columns": [str(c) if racked else "abc"[c] for c in range(width)],
        "caption": caption, "alt": board_alt(game, state), "cells": cells,
        "colours": {"ink": INK, "muted": MUTED, "paper": WHITE, "square": LIGHT, "rack": BLUE, "hole": WHITE,
                    "ring": INK, **{f"piece {p}": colour for p, colour in PIECE.items()}},
    }


def board_texts(data: dict[str, Any]) -> list[str]:
    """Every text a board of :func:`board_data` writes, in drawing order: caption, cells, column labels.

    The picture and the page both write exactly these (a test holds them to it).

    >>> import abteach as ab
    >>> g = ab.TicTacToe("X.. ... ...")
    >>> board_texts(board_data(g, g.initial, caption="Your move"))
    ['Your move', 'X', 'a', 'b', 'c']
    """
    return ([data["caption"]] if data["caption"] else []) + [c["text"] for c in data["cells"] if c["text"]] \
        + list(data["columns"])


def board_figure(game: Any, state: Any, *, caption: str = "", highlight: Any = None) -> Drawing:
    """The board of ``state``; ``highlight`` rings one cell, given as (column, row from the top)."""
    data = board_data(game, state, highlight=highlight, caption=caption)
    width, height, racked, colours = data["width"], data["height"], data["racked"], data["colours"]
    fig = Drawing(figsize=(0.62 * width + 0.4, 0.62 * height + (0.75 if caption else 0.45)), dpi=100)
    fig.patch.set_facecolor(colours["paper"])
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96 * (0.62 * height + 0.3) / (0.62 * height + (0.75 if caption else 0.45))))
    ax.set_xlim(-0.1, width + 0.1)
    ax.set_ylim(-0.45, height + 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if caption:
        fig.text(0.5, 0.985, caption, ha="center", va="top", fontsize=10, color=colours["ink"])
    if racked:
        ax.add_patch(Rectangle((0, 0), width, height, fc=colours["rack"], ec=colours["ink"], lw=1.2))
    for cell in data["cells"]:
        x, y = cell["col"] + 0.5, height - cell["row"] - 0.5
        if racked:
            ax.add_patch(Circle((x, y), 0.38, fc=colours.get(f"piece {cell['piece']}", colours["hole"]),
                                ec=colours["ink"], lw=0.8))
        else:
            ax.add_patch(Rectangle((cell["col"] + 0.04, y - 0.46), 0.92, 0.92, fc=colours["square"],
                                   ec=colours["muted"], lw=1))
        if cell["text"]:
            ax.text(x, y, cell["text"], ha="center", va="center", fontsize=13 if racked else 26, fontweight="bold",
                    color=colours["ink"])
        if cell["highlight"]:
            ax.add_patch(Circle((x, y), 0.46, fc="none", ec=colours["ring"], lw=2.4, ls="--"))
    for c, label in enumerate(data["columns"]):
        ax.text(c + 0.5, -0.25, label, ha="center", va="center", fontsize=9, color=colours["muted"])
    return fig


def board_alt(game: Any, state: Any) -> str:
    """The board in words, row by row from the top, for a screen reader.

    >>> import abteach as ab
    >>> game = ab.TicTacToe("X.. .O. ...")
    >>> board_alt(game, game.initial)
    'Tic-tac-toe board, rows from the top: X . . / . O . / . . . (X and O are the pieces, a dot an empty cell).'
    """
    width, height, grid = cells_of(game, state)
    kind = (f"Connect Four board, {width} columns by {height} rows" if callable(getattr(state, "rows", None))
            else "Tic-tac-toe board")
    rows = " / ".join(" ".join(row) for row in grid)
    return f"{kind}, rows from the top: {rows} (X and O are the pieces, a dot an empty cell)."


def draw_board(game: Any, state: Any = None, *, caption: str = "") -> Drawing:
    """Draw a tic-tac-toe or Connect Four position, for slides and handouts, with its text alternative.

    Parameters
    ----------
    game : TicTacToe or ConnectFour
    state : optional
        The position; by default the game's start.
    caption : str
        A line above the board.

    Examples
    --------
    >>> import abteach as ab
    >>> c4 = ab.ConnectFour()
    >>> draw_board(c4, c4.play([3])).alt.startswith("Connect Four board, 7 columns by 6 rows")
    True
    """
    state = getattr(game, "initial", None) if state is None else state
    return board_figure(game, state, caption=caption).described(board_alt(game, state))


def board_png(game: Any, state: Any, *, caption: str = "") -> bytes:
    """A PNG of the board: the picture a play widget shows where no kernel runs."""
    return figure_bytes(board_figure(game, state, caption=caption))


__all__ = ["board_alt", "board_data", "board_figure", "board_png", "board_texts", "cells_of", "draw_board",
           "PIECE"]
