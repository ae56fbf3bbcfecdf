"""The game on screen, as the exhibition session knows it.

A game (``game.game.Game``) knows its setup: its seed and its computers' level
(``game.setup``), and saves itself with their memory (``game.to_data()``). The session keeps,
for the game on the game screen, how its computer players were given when it started
(``bots``, which a game's replay file records), and builds games from a saved or recorded
state (:meth:`Players.game_from`) through the scene table (``screens.flow``: the game screen's
module is not the exhibition's to import)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import is_game
from monopoly_cpc.screens.base import AppContext, Screen

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession


class Players:
    """The computer players of the game on screen, as given when it started (module
    docstring)."""

    def __init__(self, session: ExhibitSession) -> None:
        self.session = session
        # the game on screen's: {"seed": N, "ai_level": "..."} and, for a game resumed with
        # it, the memory it started with
        self.bots: dict | None = None
        self._built: tuple[Screen, dict] | None = None  # the last game the session built

    def seen(self, screen: Screen) -> None:
        """``screen`` is now on show: a game's players are noted."""
        if is_game(screen):
            self.bots = self.bots_of(screen)

    def game_from(self, ctx: AppContext, data: dict | None, bots: Any = None) -> Screen:
        """A game screen on the engine state ``data``; its computer players those of ``bots``
        (the game's setup as saved: its seed and level, and their memory), else dealt from
        this session's seed at the level in force."""
        from monopoly_cpc.demo.playable import bots_data
        from monopoly_cpc.game.game import Game
        from monopoly_cpc.screens.flow import scene

        info = bots_data(bots) or {"seed": ctx.seed, "ai_level": ctx.effective.ai_level}
        memory = info.pop("memory", None)
        game = Game.from_data(data or {}, info)
        try:
            if memory is not None:
                game.restore(memory)
            screen = scene(ctx, "game", game)
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            if memory is None:
                raise
            # a hand-edited save: the game goes on with computers that remember nothing
            self.session._log(f"saved game: the computer players' memory is unusable ({exc!r}); "
                              "they start afresh")
            screen = scene(ctx, "game", Game.from_data(data or {}, info))
        else:
            if memory is not None:
                info["memory"] = memory   # a replay of this game starts from the same memory
        self._built = (screen, info)
        return screen

    def old_save(self, doc: dict) -> dict:
        """A game saved before the computer players were saved with it: its session's seed
        (the seed of that session's first game) and the level in force."""
        ctx = self.session.ctx
        return {"seed": doc.get("seed", ctx.seed), "ai_level": ctx.effective.ai_level}

    def bots_of(self, screen: Any) -> dict:
        """The computer players of a game that has just appeared: as this session built it,
        else its setup's."""
        if self._built is not None and self._built[0] is screen:
            return dict(self._built[1])
        return screen.game.setup.to_data()

    def rebuilt(self, screen: Screen) -> None:
        """``screen`` goes on with the computer players of the game it replaces."""
        if self.bots is not None:
            self._built = (screen, dict(self.bots))
