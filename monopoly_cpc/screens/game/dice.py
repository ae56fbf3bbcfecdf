"""The two dice, drawn in the middle of the board, with a short rolling animation.

The animation shows faces that change every few ticks, taken from a fixed sequence (no random
number: the real throw is the engine's), then settles on the engine's dice.
"""

from __future__ import annotations

SIZE = 17          # a die is 17x17 pixels
PIPS = {
    1: ((8, 8),),
    2: ((4, 4), (12, 12)),
    3: ((4, 4), (8, 8), (12, 12)),
    4: ((4, 4), (12, 4), (4, 12), (12, 12)),
    5: ((4, 4), (12, 4), (8, 8), (4, 12), (12, 12)),
    6: ((4, 4), (12, 4), (4, 8), (12, 8), (4, 12), (12, 12)),
}
TUMBLE = (3, 5, 2, 6, 1, 4, 6, 3, 5, 1, 2, 4)   # faces shown while the dice roll
ROLL_TICKS = 24


def draw_die(fb, x: int, y: int, face: int, paper: int = 0, ink: int = 1) -> None:
    """One die: a rounded square of ``paper`` with an ``ink`` edge and its pips."""
    fb.fill_rect(x + 1, y + 1, SIZE - 2, SIZE - 2, paper)
    fb.hline(x + 1, x + SIZE - 2, y, ink)
    fb.hline(x + 1, x + SIZE - 2, y + SIZE - 1, ink)
    fb.vline(x, y + 1, y + SIZE - 2, ink)
    fb.vline(x + SIZE - 1, y + 1, y + SIZE - 2, ink)
    for px, py in PIPS.get(face, ()):
        fb.fill_rect(x + px - 1, y + py - 1, 2, 2, ink)


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

    def draw(self, fb, x: int, y: int) -> None:
        d1, d2 = self.shown()
        if d1 == 0:
            return
        jiggle = (self.left // 2) % 2 if self.left else 0   # the dice hop while they roll
        draw_die(fb, x, y - jiggle, d1)
        draw_die(fb, x + SIZE + 6, y + jiggle, d2)
