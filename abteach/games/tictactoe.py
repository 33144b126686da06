"""Tic-tac-toe as a :class:`abteach.Game`: small enough to solve, big enough to need pruning.

A position is a :class:`Board`.  Solving the game from the empty board visits
every one of its positions (minimax makes 549,946 calls), so a board is built
to be cheap.  It keeps each player's marks as nine bits of an int, and works
out whose turn it is, who has won and which squares are empty once, when it is
made; a move derives all of them from the position before it, testing only
the lines through the square played, instead of scanning the board again.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any, Final

from abteach.games.errors import shown

Square = int  # 0..8, row by row
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)

#: For each square, the bit masks of the lines through it: a move can only
#: complete a line through the square it is played on.
_LINES_THROUGH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in LINES if square in (a, b, c)) for square in range(9)
)
_LINE_MASKS: Final = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in LINES)

_ALL: Final = 0b111_111_111
#: The squares whose bits are set in a 9-bit mask, in order, for every mask:
#: the legal moves of a position are one lookup of its empty squares.
_SQUARES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(9) if mask >> i & 1) for mask in range(_ALL + 1)
)

_EMPTY: Final = "."
_SYMBOLS: Final = frozenset("XO.")


class Board:
    """A position: nine cells holding ``'X'``, ``'O'`` or ``'.'``, row by row; X moves first.

    Boards are immutable and hashable, and two boards are equal when their
    cells are.  :meth:`parse` reads the friendlier written form.

    Parameters
    ----------
    cells : str
        Exactly nine characters, each ``'X'``, ``'O'`` or ``'.'``.

    Attributes
    ----------
    cells : str
        The nine cells.
    to_move : str
        ``'X'`` or ``'O'``: X when both have made as many moves, else O.

    Raises
    ------
    TypeError
        ``cells`` is not a str.
    ValueError
        ``cells`` is not nine of ``X``, ``O`` and ``.``, or is no position a
        game can reach: X must have as many marks as O or one more, both
        players cannot have three in a row, and nobody moves after a win.

    Examples
    --------
    >>> Board.parse("XO. .X. ..O").to_move
    'X'
    >>> Board("XX.OO....").play(2).winner()
    'X'
    >>> Board("XX")
    Traceback (most recent call last):
    ...
    ValueError: cells must be 9 characters, each 'X', 'O' or '.', row by row; got 'XX' (2 characters). Board.parse reads boards written with spaces, such as 'XO. .X. ..O'
    """

    # Private slots behind read-only properties keep a board immutable while a
    # move fills in a new one with plain attribute writes, the cheapest there are.
    __slots__ = ("_x", "_o", "_free", "_to_move", "_winner")

    _x: int  # bit i set: X has marked square i
    _o: int
    _free: int  # the empty squares
    _to_move: str
    _winner: str | None

    def __init__(self, cells: str = _EMPTY * 9) -> None:
        if not isinstance(cells, str):
            raise TypeError(f"cells must be a str of 9 characters 'X', 'O' or '.', not {cells!r} "
                            f"of type {type(cells).__name__}")
        if len(cells) != 9 or not _SYMBOLS.issuperset(cells):
            raise ValueError(f"cells must be 9 characters, each 'X', 'O' or '.', row by row; got {cells!r} "
                             f"({len(cells)} characters). Board.parse reads boards written with spaces, "
                             "such as 'XO. .X. ..O'")
        xs, os_ = cells.count("X"), cells.count("O")
        if xs - os_ not in (0, 1):
            raise ValueError(f"board {cells!r} has {xs} X and {os_} O; X moves first, so X must equal O or O + 1")
        x = sum(1 << i for i, c in enumerate(cells) if c == "X")
        o = sum(1 << i for i, c in enumerate(cells) if c == "O")
        won = [p for p, mask in (("X", x), ("O", o)) if any(mask & line == line for line in _LINE_MASKS)]
        if len(won) > 1:
            raise ValueError(f"board {cells!r} has three in a row for both X and O; "
                             "the game ends at the first one")
        winner = won[0] if won else None
        # The last mark was X's when X has one more; a winner must have made it.
        last = "X" if xs > os_ else "O"
        if winner is not None and winner != last:
            raise ValueError(f"board {cells!r}: {winner} has three in a row, but {last} moved after that; "
                             "nobody moves once the game is won")
        self._x = x
        self._o = o
        self._free = _ALL & ~(x | o)
        self._to_move = "X" if xs == os_ else "O"
        self._winner = winner

    @property
    def cells(self) -> str:
        """The nine cells, row by row, as ``'X'``, ``'O'`` and ``'.'``."""
        x, o = self._x, self._o
        return "".join("X" if x >> i & 1 else ("O" if o >> i & 1 else _EMPTY) for i in range(9))

    @property
    def to_move(self) -> str:
        return self._to_move

    @classmethod
    def parse(cls, text: str) -> "Board":
        """Read a board from 9 characters of ``X``, ``O`` and ``.`` (spaces and newlines ignored).

        Lower case letters are read as capitals, and ``-`` or ``_`` as an empty square.

        Examples
        --------
        >>> print(Board.parse('''x o .
        ...                      . x .
        ...                      _ _ o'''))
        X O .
        . X .
        . . O
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str such as 'XO. .X. ..O', not {text!r} of type {type(text).__name__}")
        cells = "".join(text.split()).upper().replace("-", _EMPTY).replace("_", _EMPTY)
        if len(cells) != 9 or not _SYMBOLS.issuperset(cells):
            raise ValueError(f"a board is 9 cells of X, O or '.', got {text!r}")
        return cls(cells)

    def winner(self) -> str | None:
        """``'X'`` or ``'O'`` if that player has three in a row, else ``None``."""
        return self._winner

    def is_over(self) -> bool:
        """Whether the game has ended: somebody has three in a row, or the board is full."""
        return self._winner is not None or not self._free

    def empty_squares(self) -> list[Square]:
        """The empty squares, in order: the legal moves, unless the game is over."""
        return list(_SQUARES[self._free])

    def play(self, square: Square) -> "Board":
        """The board after the player to move marks ``square`` (0..8, row by row).

        Raises
        ------
        TypeError
            ``square`` is not an int (a bool, float or str is refused).
        ValueError
            ``square`` is off the board or taken, or the game is already over.
        """
        return _play(self, square, "square")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._x == other._x and self._o == other._o

    def __hash__(self) -> int:
        return self._x | self._o << 9

    def __repr__(self) -> str:
        return f"Board(cells={self.cells!r})"

    def __str__(self) -> str:
        c = self.cells
        return "\n".join(" ".join(c[r * 3: r * 3 + 3]) for r in range(3))


_new = object.__new__


def _play(board: Board, square: Any, argument: str = "action") -> Board:
    """The board after ``square``; ``argument`` names the square in error messages."""
    try:
        free = board._free
    except AttributeError:
        raise _not_a_board(board) from None
    if type(square) is not int or not 0 <= square <= 8 or not free >> square & 1 or board._winner is not None:
        square = _checked_square(board, square, argument)
    bit = 1 << square
    child = _new(Board)
    child._free = free ^ bit
    # Only a line through the new mark can have been completed, and only by the mover.
    winner = None
    if board._to_move == "X":
        mine = child._x = board._x | bit
        child._o = board._o
        child._to_move = "O"
        for line in _LINES_THROUGH[square]:
            if mine & line == line:
                winner = "X"
                break
    else:
        mine = child._o = board._o | bit
        child._x = board._x
        child._to_move = "X"
        for line in _LINES_THROUGH[square]:
            if mine & line == line:
                winner = "O"
                break
    child._winner = winner
    return child


def _checked_square(board: Board, square: Any, argument: str) -> int:
    """``square`` as an int if it can be played on ``board``; otherwise the error that says why not.

    Only the slow path comes here: a square that is not a plain int, or one
    that cannot be played.  Integer types other than int (numpy's) are accepted.
    """
    if isinstance(square, bool) or not isinstance(square, numbers.Integral):
        raise TypeError(f"{argument} must be an int from 0 to 8 (row by row), not {square!r} "
                        f"of type {type(square).__name__}")
    square = int(square)
    if not 0 <= square <= 8:
        raise ValueError(f"{argument} must be from 0 to 8 (row by row), not {square!r}: that is off the board")
    if board._winner is not None:
        raise ValueError(f"{argument} {square!r} cannot be played: the game is over, "
                         f"{board._winner} has won on board {board.cells!r}")
    if not board._free:
        raise ValueError(f"{argument} {square!r} cannot be played: the game is over, "
                         f"the board {board.cells!r} is full")
    if board.cells[square] != _EMPTY:
        raise ValueError(f"{argument} {square!r} is taken by {board.cells[square]} on board {board.cells!r}")
    return square


def _not_a_board(state: Any, argument: str = "state") -> TypeError:
    """The error for a tic-tac-toe position that is not a :class:`Board`; a str gets the call that reads it."""
    hint = f"Board.parse({state!r})" if isinstance(state, str) else "Board.parse('XO. .X. ..O')"
    return TypeError(f"{argument} must be a tic-tac-toe Board, such as {hint}, not {shown(state)}")


@dataclass(frozen=True)
class TicTacToe:
    """Tic-tac-toe from any start position; utility is +1 for a win, -1 for a loss, 0 for a draw.

    Parameters
    ----------
    initial : Board or str
        The start position; a str is read with :meth:`Board.parse`.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.alphabeta(ab.TicTacToe(Board.parse("XX. OO. ...")), trace=False).move
    2
    >>> ab.TicTacToe("XX. OO. ...") == ab.TicTacToe(Board.parse("XX. OO. ..."))
    True
    """

    initial: Board = Board()

    def __post_init__(self) -> None:
        if isinstance(self.initial, str):
            object.__setattr__(self, "initial", Board.parse(self.initial))
        elif not isinstance(self.initial, Board):
            raise TypeError(f"initial must be a Board, such as Board.parse('XO. .X. ..O'), not {self.initial!r} "
                            f"of type {type(self.initial).__name__}")

    def check_state(self, state: Any) -> None:
        """Refuse a ``state`` that is not a tic-tac-toe :class:`Board`, naming it.

        A search calls it once, on the state it starts from.

        Raises
        ------
        TypeError
            ``state`` is not a Board (a str is refused too, with the call that reads it).

        Examples
        --------
        >>> TicTacToe().check_state("XX. OO. ...")
        Traceback (most recent call last):
        ...
        TypeError: state must be a tic-tac-toe Board, such as Board.parse('XX. OO. ...'), not 'XX. OO. ...' of type str
        """
        if not isinstance(state, Board):
            raise _not_a_board(state)

    # A search calls these at every node: they read the board's slots directly.  Reading a slot a
    # non-board lacks is the only way they fail, so that is where a wrong state is named: a try
    # costs nothing until it catches.
    def to_move(self, state: Board) -> str:
        try:
            return state._to_move
        except AttributeError:
            raise _not_a_board(state) from None

    def actions(self, state: Board) -> list[Square]:
        try:
            return [] if state._winner is not None else list(_SQUARES[state._free])
        except AttributeError:
            raise _not_a_board(state) from None

    # RESULT(state, action) is _play itself: a search calls it once a node, and a
    # method that only passed its arguments on would double the cost of the call.
    result = staticmethod(_play)

    def is_terminal(self, state: Board) -> bool:
        try:
            return state._winner is not None or not state._free
        except AttributeError:
            raise _not_a_board(state) from None

    def utility(self, state: Board, player: str) -> int:
        # A Connect Four board has a _winner too: the class, not a missing slot, tells them apart here.
        if state.__class__ is not Board:
            self.check_state(state)
        w = state._winner
        return 0 if w is None else (1 if w == player else -1)

    def move_name(self, state: Board, action: Square) -> str:
        self.check_state(state)
        return f"{state.to_move}{'abc'[action % 3]}{action // 3 + 1}"
