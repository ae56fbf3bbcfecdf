"""What the two dice show: the last throw, or a short rolling animation (drawn by the close-up
window, ``render.closeup.draw_dice``).

The animation shows faces that change every few ticks, taken from a fixed sequence (no random
number: the real throw is the engine's), then settles on the engine's dice.
"""

from __future__ import annotations

TUMBLE = (3, 5, 2, 6, 1, 4, 6, 3, 5, 1, 2, 4)   # faces shown while the dice roll
ROLL_TICKS = 24


class DiceView:
    """What the dice show: the last throw, or tumbling faces while the animation runs."""

    def __init__(self) -> None:
        self.faces = (0, 0)     # (0, 0): no throw yet, nothing drawn
        self.left = 0           # ticks of animation still to run

    def roll(self, d1: int, d2: int, ticks: int = ROLL_TICKS) -> None:
        """Start the animation that ends on ``d1`` and ``d2``."""
        self.faces = (d1, d2)
        self.left = ticks

    def tick(self) -> None:
        if self.left > 0:
            self.left -= 1

    def shown(self) -> tuple[int, int]:
        """The two faces on screen now."""
        if self.left > 0:
            k = self.left // 3
            return TUMBLE[k % len(TUMBLE)], TUMBLE[(k + 5) % len(TUMBLE)]
        return self.faces

    def draw_key(self) -> tuple:
        """What the close-up draws of the dice: the faces and the hop (``closeup.draw_dice``)."""
        return self.shown(), (self.left // 2) % 2 if self.left else None
