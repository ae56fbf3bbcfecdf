"""The computer players of the game on screen, as the exhibition session knows them.

A game's computer players are made by ``make_bots`` from a seed and a level; the session
keeps both (``bots``) for the game on the game screen, so that the autosave, a game's replay
file and a restarted game get the same characters, and builds games from a saved or recorded
state (:meth:`Players.game_from`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import is_game
from monopoly_cpc.screens.base import AppContext, Screen

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession


class Players:
    """The seed and level of the game on screen's computer players (module docstring)."""

    def __init__(self, session: ExhibitSession) -> None:
        self.session = session
        self.bots: dict | None = None   # the game on screen's: {"seed": N, "ai_level": "..."}
        self._built: tuple[Screen, dict] | None = None  # the last game the session built

    def seen(self, screen: Screen) -> None:
        """``screen`` is now on show: a game's players are noted."""
        if is_game(screen):
            self.bots = self.bots_of(screen)

    def game_from(self, ctx: AppContext, data: dict | None, bots: Any = None) -> Screen:
        """A game screen on the engine state ``data``; its computer players made as
        ``make_bots`` made them for that game (``bots``: its seed and level), else from
        this session's seed and level."""
        from monopoly_cpc.demo.replay import bots_data
        from monopoly_cpc.rules.serial import from_data
        from monopoly_cpc.screens.game.screen import Dealt, GameScreen, make_bots

        state = from_data(data)
        info = bots_data(bots) or {"seed": ctx.seed, "ai_level": ctx.effective.ai_level}
        dealt = Dealt(info["seed"], info["ai_level"])
        screen = GameScreen(ctx, state=state, bots=make_bots(dealt, state))
        memory = info.pop("memory", None)
        if memory is not None:
            try:
                screen.restore_memory(memory)
            except (KeyError, ValueError, TypeError, IndexError) as exc:
                # a hand-edited save: the game goes on with computers that remember nothing
                self.session._log(f"saved game: the computer players' memory is unusable ({exc!r}); "
                                  "they start afresh")
                screen = GameScreen(ctx, state=state, bots=make_bots(dealt, state))
            else:
                info["memory"] = memory   # a replay of this game starts from the same memory
        self._built = (screen, info)
        return screen

    def old_save(self, doc: dict) -> dict:
        """A game saved before the computer players were saved with it: its session's seed
        (the seed of that session's first game) and the level in force."""
        ctx = self.session.ctx
        return {"seed": doc.get("seed", ctx.seed), "ai_level": ctx.effective.ai_level}

    def bots_of(self, screen: Screen) -> dict:
        """The seed and level of the computer players of a game that has just appeared: a game
        this session built knows them; a game set up on the screens got them from
        ``next_game_seed`` (the session's n-th game) and the level in force."""
        if self._built is not None and self._built[0] is screen:
            return dict(self._built[1])
        from monopoly_cpc.screens.game.screen import game_seed

        ctx = self.session.ctx
        return {"seed": game_seed(ctx.seed, max(0, ctx.games_started - 1)),
                "ai_level": ctx.effective.ai_level}

    def now(self, game: Any) -> dict | None:
        """The game's computer players as saved: their seed and level, and what they (and the
        screen's pace) remember now (``GameScreen.memory``)."""
        if self.bots is None:
            return None
        bots = {k: v for k, v in self.bots.items() if k != "memory"}
        bots["memory"] = game.memory()
        return bots

    def rebuilt(self, screen: Screen) -> None:
        """``screen`` goes on with the computer players of the game it replaces."""
        if self.bots is not None:
            self._built = (screen, dict(self.bots))
