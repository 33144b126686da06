"""Tic-tac-toe as a :class:`abteach.Game`: small enough to solve, big enough to need pruning."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

Square = int  # 0..8, row by row
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)


@dataclass(frozen=True)
class Board:
    """A position: nine cells holding ``'X'``, ``'O'`` or ``'.'``; X moves first.

    Examples
    --------
    >>> Board.parse("XO. .X. ..O").to_move
    'X'
    """

    cells: str = "." * 9

    @classmethod
    def parse(cls, text: str) -> "Board":
        """Read a board from 9 characters of ``X``, ``O`` and ``.`` (spaces and newlines ignored)."""
        cells = "".join(text.split()).upper().replace("-", ".").replace("_", ".")
        if len(cells) != 9 or set(cells) - set("XO."):
            raise ValueError(f"a board is 9 cells of X, O or '.', got {text!r}")
        xs, os_ = cells.count("X"), cells.count("O")
        if xs - os_ not in (0, 1):
            raise ValueError(f"board {text!r} has {xs} X and {os_} O; X moves first, so X must equal O or O + 1")
        return cls(cells)

    @property
    def to_move(self) -> str:
        return "X" if self.cells.count("X") == self.cells.count("O") else "O"

    @cached_property
    def _winner(self) -> str | None:
        # Cached: a search asks each position for its winner twice (IS-TERMINAL, then UTILITY).
        for a, b, c in LINES:
            if self.cells[a] != "." and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    def winner(self) -> str | None:
        """``'X'`` or ``'O'`` if that player has three in a row, else ``None``."""
        return self._winner

    def play(self, square: Square) -> "Board":
        if self.cells[square] != ".":
            raise ValueError(f"square {square} is taken")
        cells = self.cells[:square] + self.to_move + self.cells[square + 1:]
        return Board(cells)

    def __str__(self) -> str:
        c = self.cells
        return "\n".join(" ".join(c[r * 3: r * 3 + 3]) for r in range(3))


@dataclass(frozen=True)
class TicTacToe:
    """Tic-tac-toe from any start position; utility is +1 for a win, -1 for a loss, 0 for a draw.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.alphabeta(ab.TicTacToe(Board.parse("XX. OO. ...")), trace=False).move
    2
    """

    initial: Board = Board()

    def to_move(self, state: Board) -> str:
        return state.to_move

    def actions(self, state: Board) -> list[Square]:
        return [i for i, c in enumerate(state.cells) if c == "."]

    def result(self, state: Board, action: Square) -> Board:
        return state.play(action)

    def is_terminal(self, state: Board) -> bool:
        return state.winner() is not None or "." not in state.cells

    def utility(self, state: Board, player: str) -> int:
        w = state.winner()
        return 0 if w is None else (1 if w == player else -1)

    def move_name(self, state: Board, action: Square) -> str:
        return f"{state.to_move}{'abc'[action % 3]}{action // 3 + 1}"
