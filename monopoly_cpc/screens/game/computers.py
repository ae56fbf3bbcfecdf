"""The computer players' pace on the game screen.

The game (``game.game.Game``) says which computer moves next and with what, in the same order
as the headless games; the screen adds only the pace: ``PACE`` ticks between two steps (more
before a computer's roll while a human owner may still claim a rent:
``GameScreen.claim_ticks_left``), and the windows that set it themselves (the auction's bids,
the T window's answer) wait as long after a step.
"""

from __future__ import annotations

# ticks a computer player waits before each of its steps, by speed 1..3
PACE = {1: 60, 2: 30, 3: 10}
