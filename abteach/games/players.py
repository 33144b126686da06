"""The two players of a two-player zero-sum game, in the textbook's names."""

from typing import Literal

Player = Literal["MAX", "MIN"]
MAX: Player = "MAX"
MIN: Player = "MIN"


def opponent(player: Player) -> Player:
    """The other player."""
    return MIN if player == MAX else MAX
