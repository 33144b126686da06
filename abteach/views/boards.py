"""Pictures of game boards: a tic-tac-toe grid or a Connect Four rack, as a person sees it.

Examples
--------
>>> import abteach as ab
>>> game = ab.ConnectFour()
>>> board_png(game, game.play([3, 3]))[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from typing import Any

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


def board_figure(game: Any, state: Any, *, caption: str = "", highlight: Any = None) -> Drawing:
    """The board of ``state``; ``highlight`` rings one cell, given as (column, row from the top)."""
    width, height, grid = cells_of(game, state)
    racked = callable(getattr(state, "rows", None))
    fig = Drawing(figsize=(0.62 * width + 0.4, 0.62 * height + (0.75 if caption else 0.45)), dpi=100)
    fig.patch.set_facecolor(WHITE)
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96 * (0.62 * height + 0.3) / (0.62 * height + (0.75 if caption else 0.45))))
    ax.set_xlim(-0.1, width + 0.1)
    ax.set_ylim(-0.45, height + 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if racked:
        ax.add_patch(Rectangle((0, 0), width, height, fc=BLUE, ec=INK, lw=1.2))
    for r, row in enumerate(grid):
        y = height - r - 0.5
        for c, ch in enumerate(row):
            x = c + 0.5
            if racked:
                ax.add_patch(Circle((x, y), 0.38, fc=PIECE.get(ch, WHITE), ec=INK, lw=0.8))
            else:
                ax.add_patch(Rectangle((c + 0.04, y - 0.46), 0.92, 0.92, fc=LIGHT, ec=MUTED, lw=1))
            if ch != ".":
                ax.text(x, y, ch, ha="center", va="center", fontsize=13 if racked else 26, fontweight="bold",
                        color=INK)
            if highlight == (c, r):
                ax.add_patch(Circle((x, y), 0.46, fc="none", ec=INK, lw=2.4, ls="--"))
    for c in range(width):
        ax.text(c + 0.5, -0.25, str(c) if racked else "abc"[c], ha="center", va="center", fontsize=9, color=MUTED)
    if caption:
        fig.text(0.5, 0.985, caption, ha="center", va="top", fontsize=10, color=INK)
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


__all__ = ["board_alt", "board_figure", "board_png", "cells_of", "draw_board", "PIECE"]
