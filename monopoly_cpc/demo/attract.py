"""The attract mode: an all-computer game with the whole interface, as the 1985 CPC demo.

Six computer players play a normal game on the ordinary game screen; a blinking ``DEMO`` sits
at the right of the command row.  Any key goes back to the title (the key is not passed on).
A demo game stops after :data:`DEMO_TICKS` (the title comes back, and after the idle time a new
demo starts with another seed), so visitors see the title again every few minutes.
"""

from __future__ import annotations

from typing import Any

from monopoly_cpc.screens.base import AppContext, Screen

DEMO_TICKS = 4 * 60 * 50      # a demo game lasts at most four minutes before the title returns
WINNER_TICKS = 10 * 50     # the winner's window shows ten seconds
DEMO_NAMES = ("AMSTRAD", "LOCOMOTIVE", "SCHNEIDER", "ARNOLD", "ROLAND", "AMSOFT")


def new_demo_game(ctx: AppContext, seed: int) -> Any:
    """The game screen of six computer players, dice, cards and personalities from ``seed``."""
    from monopoly_cpc.game.game import Game
    from monopoly_cpc.game.setup import GameSetup
    from monopoly_cpc.screens.flow import scene

    n = len(DEMO_NAMES)
    # personalities dealt from the demo's seed (not the session's), at the level in force
    setup = GameSetup.dealt(seed, list(DEMO_NAMES), [True] * n, ctx.effective.ai_level,
                            pawns=list(range(n)))
    return scene(ctx, "game", Game(setup))


class AttractScreen(Screen):
    """The demo game; any key, its end or :data:`DEMO_TICKS` return to the title."""

    idle_return = False
    is_demo = True

    def __init__(self, ctx: AppContext, seed: int, limit: int = DEMO_TICKS) -> None:
        super().__init__(ctx)
        self.seed = seed
        self.limit = limit
        self.ticks = 0
        self.over = 0
        self.game = new_demo_game(ctx, seed)
        self.game.on_game_over = lambda _game: self._to_title()

    def _to_title(self) -> None:
        from monopoly_cpc.screens.flow import title_screen

        self.ctx.switch(title_screen(self.ctx))

    def on_key(self, ev: Any) -> None:
        self._to_title()  # a visitor pressed a key: the title, ready for a real game

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks >= self.limit:
            self._to_title()
            return
        self.game.tick()
        # imported here: the session imports this module at start, before the first picture,
        # which need not wait for the rules (the demo's game has imported them by now)
        from monopoly_cpc.rules.state import GAME_OVER

        if self.game.state.phase == GAME_OVER:
            self.over += 1
            if self.over >= WINNER_TICKS:  # nobody presses a key in a demo: leave by itself
                self._to_title()

    def draw_key(self) -> tuple | None:
        """The game's picture and the blink of DEMO (None when the game draws every time)."""
        key = self.game.draw_key()
        return None if key is None else (key, (self.ticks // 25) % 2)

    def draw(self, fb: Any) -> None:
        self.game.draw(fb)
        if (self.ticks // 25) % 2 == 0:
            fb.text(34, 0, " DEMO ", pen=3, paper=0)
