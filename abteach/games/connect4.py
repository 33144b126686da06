"""Connect Four as a :class:`abteach.Game`, on a board of any size, as bitboards.

Pieces fall to the lowest empty cell of the column they are dropped in; the
first player to line up ``k`` of their own pieces in a row, a column or a
diagonal wins; a full board with no line is a draw.

The representation is the usual one for Connect Four programs: each player's
pieces are the set bits of one int.  Column ``c`` owns bits
``c*(height+1)`` to ``c*(height+1) + height - 1``, bottom to top, and one
spare bit above, always empty, so that a line cannot wrap from the top of a
column into the bottom of the next.  Then a line of ``k`` in direction ``s``
(1 up, ``height+1`` right, ``height+2`` up-right, ``height`` down-right) is a
bit set in ``b & b >> s & b >> 2s & ...``, and the cell a piece falls to is
the lowest bit of ``(occupied + bottom) & column``: a handful of integer
operations, whatever the board's size.

Orientation is a known trap.  The book's Python code builds a board of 7
rows by 6 columns, with 6 opening moves, and printed it sideways.  Here the
actions are the column numbers, 0 on the left; the empty 7 × 6 board has 7
moves; and ``str(board)`` prints the top row first, so the first piece
dropped in column 0 shows at the bottom left.

Examples
--------
>>> import abteach as ab
>>> game = ab.ConnectFour()
>>> game.actions(game.initial)
[0, 1, 2, 3, 4, 5, 6]
>>> print(game.result(game.initial, 0))
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
X . . . . . .
0 1 2 3 4 5 6
>>> s = game.play([3, 3, 4, 4, 5, 5, 6])
>>> s.winner(), game.utility(s, "X"), game.utility(s, "O")
('X', 1, -1)
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Iterable, Sequence

from abteach.games.errors import shown

_SYMBOLS: Final = {"X": "X", "O": "O"}
_EMPTY: Final = "."
#: The largest board: 16 columns and rows keep a line count and a drawing readable.
MAX_SIDE: Final = 16


class Geometry:
    """The masks of one board size, worked out once and shared by all its positions.

    Attributes
    ----------
    width, height, k : int
    bottom : tuple of int
        Per column, the bit of its bottom cell.
    column : tuple of int
        Per column, the bits of its cells.
    top : tuple of int
        Per column, the bit of its top cell: set when the column is full.
    full : int
        Every cell of the board.
    bottom_row, top_row : int
        The bottom cells, and the top cells, of every column.
    columns : tuple of int
        ``0, 1, ..., width - 1``: the moves while no column is full.
    shifts : tuple of int
        The bit distance between neighbours along a column, a row and the two diagonals.
    windows : tuple of int
        Every line of ``k`` cells on the board, as a mask: what the evaluation counts.
    """

    __slots__ = ("width", "height", "k", "bottom", "column", "top", "full", "shifts", "windows",
                 "bottom_row", "top_row", "columns", "centre_order", "_cells")

    def __init__(self, width: int, height: int, k: int) -> None:
        self.width, self.height, self.k = width, height, k
        h1 = height + 1
        self.bottom = tuple(1 << (c * h1) for c in range(width))
        self.column = tuple(((1 << height) - 1) << (c * h1) for c in range(width))
        self.top = tuple(1 << (c * h1 + height - 1) for c in range(width))
        self.full = sum(self.column)
        self.bottom_row = sum(self.bottom)
        self.top_row = sum(self.top)
        self.columns = tuple(range(width))
        # Up, right, up-right, down-right: every line is one of these from its first cell.
        self.shifts = (1, h1, h1 + 1, h1 - 1)
        windows = []
        for c in range(width):
            for r in range(height):
                for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    end_c, end_r = c + dc * (k - 1), r + dr * (k - 1)
                    if 0 <= end_c < width and 0 <= end_r < height:
                        windows.append(sum(1 << ((c + dc * i) * h1 + r + dr * i) for i in range(k)))
        self.windows = tuple(windows)
        # Columns nearest the centre first (left of two equals first): the best first guess at a good move.
        self.centre_order = tuple(sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c)))
        self._cells = tuple((c, r, 1 << (c * h1 + r)) for r in range(height - 1, -1, -1) for c in range(width))

    def has_line(self, b: int) -> bool:
        """Whether the pieces ``b`` hold ``k`` in a row anywhere."""
        k = self.k
        if k == 4:
            # The usual board, written out: pairs one step apart, then pairs of pairs two steps apart.
            # It is a search's most frequent question, and the loop below costs twice as much.
            up, right, rise, fall = self.shifts
            m = b & (b >> up)
            if m & (m >> 2 * up):
                return True
            m = b & (b >> right)
            if m & (m >> 2 * right):
                return True
            m = b & (b >> rise)
            if m & (m >> 2 * rise):
                return True
            m = b & (b >> fall)
            return bool(m & (m >> 2 * fall))
        for s in self.shifts:
            # A bit of m is set where a run of ``run`` pieces along s starts; the run
            # doubles each step (never by more than it is long, so no gap opens).
            m, run = b, 1
            while run < k and m:
                step = run if 2 * run <= k else k - run
                m &= m >> (s * step)
                run += step
            if m:
                return True
        return False


class ConnectFourBoard:
    """A Connect Four position: each player's pieces as bits of an int; X moves first.

    Boards are immutable and hashable, and equal when they hold the same
    pieces on the same size of board.  Make them with :class:`ConnectFour`
    (``game.initial``, ``game.result``, ``game.play``, ``game.parse``).

    Attributes
    ----------
    to_move : str
        ``'X'`` or ``'O'``.
    moves : int
        How many pieces are on the board.
    """

    __slots__ = ("_g", "_x", "_o", "_n", "_winner")

    _g: Geometry
    _x: int
    _o: int
    _n: int
    _winner: str | None

    @property
    def to_move(self) -> str:
        return "X" if self._n % 2 == 0 else "O"

    @property
    def moves(self) -> int:
        return self._n

    @property
    def bitboards(self) -> tuple[int, int]:
        """X's pieces and O's pieces, as bit masks (bit ``column * (height + 1) + row``): what a fast search reads."""
        return self._x, self._o

    @property
    def width(self) -> int:
        return self._g.width

    @property
    def height(self) -> int:
        return self._g.height

    def winner(self) -> str | None:
        """``'X'`` or ``'O'`` once that player has a line, else ``None``."""
        return self._winner

    def is_over(self) -> bool:
        """Whether somebody has won or the board is full."""
        return self._winner is not None or self._n == self._g.width * self._g.height

    def cell(self, column: int, row: int) -> str:
        """``'X'``, ``'O'`` or ``'.'`` at ``column`` (0 on the left) and ``row`` (0 at the bottom)."""
        g = self._g
        if not (isinstance(column, int) and isinstance(row, int) and 0 <= column < g.width and 0 <= row < g.height):
            raise ValueError(f"cell ({column!r}, {row!r}) is off the {g.width} × {g.height} board")
        bit = 1 << (column * (g.height + 1) + row)
        return "X" if self._x & bit else ("O" if self._o & bit else _EMPTY)

    def rows(self) -> list[str]:
        """The rows as strings of ``X``, ``O`` and ``.``, top row first."""
        g, x, o = self._g, self._x, self._o
        out, line = [], []
        for c, _, bit in g._cells:
            line.append("X" if x & bit else ("O" if o & bit else _EMPTY))
            if c == g.width - 1:
                out.append("".join(line))
                line = []
        return out

    def heights(self) -> list[int]:
        """How many pieces each column holds."""
        occupied = self._x | self._o
        return [((occupied & col) >> (c * (self._g.height + 1))).bit_length()
                for c, col in enumerate(self._g.column)]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not ConnectFourBoard:
            return NotImplemented
        o: ConnectFourBoard = other
        return self._x == o._x and self._o == o._o and (self._g is o._g or (
            self._g.width, self._g.height, self._g.k) == (o._g.width, o._g.height, o._g.k))

    def __hash__(self) -> int:
        # The occupied cells plus the bottom row is unique per position (the usual key).
        return hash((self._x, self._x | self._o))

    def __str__(self) -> str:
        footer = " ".join(str(c % 10) for c in range(self._g.width))
        return "\n".join(" ".join(row) for row in self.rows()) + "\n" + footer

    def __repr__(self) -> str:
        return f"ConnectFourBoard({'/'.join(self.rows())!r})"


_new = object.__new__


def board_of(g: Geometry, x: int, o: int, n: int, winner: str | None = None) -> ConnectFourBoard:
    """The board of geometry ``g`` with X's pieces ``x`` and O's ``o`` (bit masks), ``n`` pieces in all.

    For a fast search that plays on the bit masks and makes a board only to
    evaluate it; nothing is checked.  ``winner`` is who has a line, if anyone.
    """
    return _board(g, x, o, n, winner)


def _board(g: Geometry, x: int, o: int, n: int, winner: str | None) -> ConnectFourBoard:
    b = _new(ConnectFourBoard)
    b._g, b._x, b._o, b._n, b._winner = g, x, o, n, winner
    return b


@dataclass(frozen=True)
class ConnectFour:
    """Connect Four: ``width`` columns, ``height`` rows, ``k`` in a row wins; X moves first.

    Utility is +1 for a win, -1 for a loss and 0 for a draw.  The actions are
    the column numbers, 0 on the left, of the columns not yet full.

    Parameters
    ----------
    width, height : int
        The board's size, from 1 to 16 each.  7 and 6 by default.
    k : int
        How many in a row win, from 1 to ``max(width, height)``.  4 by default.

    Raises
    ------
    TypeError, ValueError
        A size that is not a whole number, or out of range.

    Examples
    --------
    >>> import abteach as ab
    >>> small = ab.ConnectFour(4, 4, 3)
    >>> small.actions(small.initial)
    [0, 1, 2, 3]
    >>> ab.ConnectFour(width=0)
    Traceback (most recent call last):
    ...
    ValueError: width must be from 1 to 16 columns, not 0
    """

    width: int = 7
    height: int = 6
    k: int = 4
    #: The least and greatest utility: a search to the end needs no wider window.
    utility_bounds: ClassVar[tuple[int, int]] = (-1, 1)
    geometry: Geometry = field(init=False, repr=False, compare=False)
    initial: ConnectFourBoard = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, what in (("width", "columns"), ("height", "rows"), ("k", "in a row")):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise TypeError(f"{name} must be a whole number of {what}, not {value!r} of type {type(value).__name__}")
        for name, what in (("width", "columns"), ("height", "rows")):
            value = getattr(self, name)
            if not 1 <= value <= MAX_SIDE:
                raise ValueError(f"{name} must be from 1 to {MAX_SIDE} {what}, not {value!r}")
        if not 1 <= self.k <= max(self.width, self.height):
            raise ValueError(f"k must be from 1 to {max(self.width, self.height)} (the board's longer side), "
                             f"not {self.k!r}: no line of {self.k} fits on a {self.width} × {self.height} board")
        g = Geometry(int(self.width), int(self.height), int(self.k))
        object.__setattr__(self, "geometry", g)
        object.__setattr__(self, "initial", _board(g, 0, 0, 0, None))

    def check_state(self, state: Any) -> None:
        """Refuse a ``state`` that is not a board of this game, naming it.

        A search calls it once, on the state it starts from.

        Raises
        ------
        TypeError
            ``state`` is not a :class:`ConnectFourBoard`.
        ValueError
            ``state`` is a board of another size.

        Examples
        --------
        >>> ConnectFour().check_state([3, 3])
        Traceback (most recent call last):
        ...
        TypeError: state must be a ConnectFourBoard of this game, such as game.play([3, 3]), not [3, 3] of type list
        """
        self._check_board(state)

    # -- the game protocol; a search calls these at every node ------------------
    # Reading a slot a non-board lacks is the only way they fail, so that is where a wrong state is
    # named: a try costs nothing until it catches.
    def to_move(self, state: ConnectFourBoard) -> str:
        try:
            return "X" if state._n % 2 == 0 else "O"
        except AttributeError:
            self._check_board(state)
            raise

    def actions(self, state: ConnectFourBoard) -> list[int]:
        try:
            winner, occupied, g = state._winner, state._x | state._o, state._g
        except AttributeError:
            self._check_board(state)
            raise
        if winner is not None:
            return []
        if not occupied & g.top_row:  # no column full yet: every column, without testing each
            return list(g.columns)
        return [c for c, top in enumerate(g.top) if not occupied & top]

    def result(self, state: ConnectFourBoard, action: int) -> ConnectFourBoard:
        """The board after the player to move drops a piece in column ``action``.

        Raises
        ------
        TypeError
            ``action`` is not an int (a bool, float or str is refused).
        ValueError
            The column is off the board or full, the game is over, or the board
            is of another size than this game's.
        """
        try:
            g = state._g
        except AttributeError:
            g = None
        if g is not self.geometry:
            self._check_board(state)
            g = state._g
        occupied = state._x | state._o
        if (type(action) is not int or not 0 <= action < g.width or occupied & g.top[action]
                or state._winner is not None):
            action = self._checked_column(state, action)
        bit = (occupied + g.bottom[action]) & g.column[action]
        n = state._n
        if n % 2 == 0:
            x = state._x | bit
            return _board(g, x, state._o, n + 1, "X" if g.has_line(x) else None)
        o = state._o | bit
        return _board(g, state._x, o, n + 1, "O" if g.has_line(o) else None)

    def is_terminal(self, state: ConnectFourBoard) -> bool:
        try:
            return state._winner is not None or state._n == state._g.width * state._g.height
        except AttributeError:
            self._check_board(state)
            raise

    def utility(self, state: ConnectFourBoard, player: str) -> int:
        """+1 if ``player`` has won, -1 if they have lost, 0 otherwise (a draw, or a game not over)."""
        # A tic-tac-toe board has a _winner too: the class, not a missing slot, tells them apart here.
        if state.__class__ is not ConnectFourBoard:
            self._check_board(state)
        w = state._winner
        return 0 if w is None else (1 if w == player else -1)

    def move_name(self, state: ConnectFourBoard, action: int) -> str:
        return f"{self.to_move(state)}{action}"

    # -- for search and for people ------------------------------------------------
    def open_lines(self, state: ConnectFourBoard, player: str) -> int:
        """The evaluation's count before scaling: ``player``'s open lines, weighted, minus the opponent's.

        Every line of ``k`` cells on the board still open to one player (none
        of the other's pieces in it) counts for them ``4**(pieces - 1)``, so a
        line one piece short of winning outweighs a few lines just begun.

        Examples
        --------
        >>> import abteach as ab
        >>> game = ab.ConnectFour()
        >>> game.open_lines(game.play([3]), "X"), game.open_lines(game.play([0]), "X")
        (7, 3)
        """
        x, o = state._x, state._o
        score = 0
        for w in state._g.windows:
            a, b = x & w, o & w
            if a and not b:
                score += 1 << (2 * (a.bit_count() - 1))
            elif b and not a:
                score -= 1 << (2 * (b.bit_count() - 1))
        return score if player == "X" else -score

    def evaluate(self, state: ConnectFourBoard, player: str) -> float:
        """A score for a position that is not over, for ``player``, strictly between -1 and 1.

        :meth:`open_lines`, divided by one more than the most it could ever
        be, so that no position a search cuts off looks as good as a real win
        (+1) or as bad as a loss (-1).  A finished game scores its utility.

        Examples
        --------
        >>> import abteach as ab
        >>> game = ab.ConnectFour()
        >>> game.evaluate(game.initial, "X")
        0.0
        >>> centre, edge = game.result(game.initial, 3), game.result(game.initial, 0)
        >>> game.evaluate(centre, "X") > game.evaluate(edge, "X") > 0
        True
        """
        if state._winner is not None:
            return float(self.utility(state, player))
        g = state._g
        return self.open_lines(state, player) / (len(g.windows) * (1 << (2 * (g.k - 1))) + 1)

    def key(self, state: ConnectFourBoard) -> int:
        """A small int that identifies the position on this board: a transposition table's key.

        The first player's pieces plus the occupied cells plus the bottom row:
        the occupied cells of a column plus its bottom bit set the bit just
        above its top piece, which marks the column's height, and below that
        mark X's bits say whose each piece is.
        """
        return state._x + (state._x | state._o) + state._g.bottom_row

    def order(self, state: ConnectFourBoard, actions: Sequence[int]) -> list[int]:
        """``actions`` with the columns nearest the centre first: the move ordering for ``order=``.

        Examples
        --------
        >>> import abteach as ab
        >>> game = ab.ConnectFour()
        >>> game.order(game.initial, game.actions(game.initial))
        [3, 2, 4, 1, 5, 0, 6]
        """
        legal = set(actions)
        return [c for c in self.geometry.centre_order if c in legal]

    def play(self, columns: Iterable[int], state: ConnectFourBoard | None = None) -> ConnectFourBoard:
        """The board after dropping pieces in ``columns`` in turn, from ``state`` (the empty board by default).

        Examples
        --------
        >>> import abteach as ab
        >>> print(ab.ConnectFour(4, 3, 3).play([0, 0, 1]))
        . . . .
        O . . .
        X X . .
        0 1 2 3
        """
        if isinstance(columns, (str, bytes)) or not isinstance(columns, Iterable):
            raise TypeError(f"columns must be a list of column numbers, not {columns!r}")
        s = self.initial if state is None else state
        for c in columns:
            s = self.result(s, c)
        return s

    def parse(self, text: str) -> ConnectFourBoard:
        """Read a board written as people see it: rows of ``X``, ``O`` and ``.``, top row first.

        Spaces are ignored, and a last line of column numbers is skipped, so
        ``str(board)`` reads back.  X moves first, so X has as many pieces as O
        or one more; no piece floats above an empty cell; at most the last
        player to move has a line.

        Examples
        --------
        >>> import abteach as ab
        >>> game = ab.ConnectFour(4, 3, 3)
        >>> b = game.parse('''. . . .
        ...                   O . . .
        ...                   X X . .''')
        >>> b == game.play([0, 0, 1]), b.to_move
        (True, 'O')
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str of rows such as 'X . . .', not {text!r} of type {type(text).__name__}")
        g = self.geometry
        lines = ["".join(line.split()).upper() for line in text.strip().splitlines()]
        lines = [line for line in lines if line]
        if lines and lines[-1].isdigit():
            lines = lines[:-1]
        if len(lines) != g.height or any(len(line) != g.width or set(line) - set("XO.") for line in lines):
            raise ValueError(f"a {g.width} × {g.height} board is {g.height} rows of {g.width} cells, "
                             f"each 'X', 'O' or '.', top row first; got {text!r}")
        x = o = 0
        h1 = g.height + 1
        for r_top, line in enumerate(lines):
            r = g.height - 1 - r_top
            for c, ch in enumerate(line):
                if ch == "X":
                    x |= 1 << (c * h1 + r)
                elif ch == "O":
                    o |= 1 << (c * h1 + r)
        occupied = x | o
        for c, col in enumerate(g.column):
            stack = (occupied & col) >> (c * h1)
            if stack & (stack + 1):  # not of the form 0...01...1: a gap below a piece
                raise ValueError(f"column {c} has a piece above an empty cell; pieces fall to the bottom")
        xs, os_ = x.bit_count(), o.bit_count()
        if xs - os_ not in (0, 1):
            raise ValueError(f"the board has {xs} X and {os_} O; X moves first, so X must equal O or O + 1")
        wins = [p for p, b in (("X", x), ("O", o)) if g.has_line(b)]
        if len(wins) > 1:
            raise ValueError("both X and O have a line; the game ends at the first one")
        last = "X" if xs > os_ else "O"
        if wins and wins[0] != last:
            raise ValueError(f"{wins[0]} has a line, but {last} moved after that; nobody moves once the game is won")
        return _board(g, x, o, xs + os_, wins[0] if wins else None)

    def _check_board(self, state: Any) -> None:
        if not isinstance(state, ConnectFourBoard):
            hint = f"game.play({state!r})" if isinstance(state, list) and len(state) < 10 else "game.play([3, 3])"
            raise TypeError(f"state must be a ConnectFourBoard of this game, such as {hint}, not {shown(state)}")
        g = state._g
        if (g.width, g.height, g.k) != (self.width, self.height, self.k):
            raise ValueError(f"state is a board of ConnectFour({g.width}, {g.height}, {g.k}), "
                             f"not of this game, ConnectFour({self.width}, {self.height}, {self.k})")

    def _checked_column(self, state: ConnectFourBoard, action: Any) -> int:
        """``action`` as an int if it can be played; otherwise the error that says why not."""
        g = state._g
        if isinstance(action, bool) or not isinstance(action, numbers.Integral):
            raise TypeError(f"action must be a column number, an int from 0 to {g.width - 1}, not {action!r} "
                            f"of type {type(action).__name__}")
        action = int(action)
        if not 0 <= action < g.width:
            raise ValueError(f"action must be a column from 0 to {g.width - 1} (0 on the left), not {action!r}")
        if state._winner is not None:
            raise ValueError(f"action {action!r} cannot be played: the game is over, {state._winner} has won")
        if (state._x | state._o) & g.top[action]:
            raise ValueError(f"action {action!r} cannot be played: column {action} is full")
        return action


__all__ = ["ConnectFour", "ConnectFourBoard", "Geometry", "MAX_SIDE", "board_of"]
