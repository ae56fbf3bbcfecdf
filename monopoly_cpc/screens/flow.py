"""The scene order, in one table: boot -> title -> set-up -> game -> end -> set-up again.

``SCENES`` names each whole screen, how it is made and the scene that follows it.  A screen
that is done asks for what follows with ``ctx.after(its scene, ...)``; one that leaves by a
side door (the title's O, the end screen's N) asks for that scene by name with
``ctx.go(scene, ...)``.  No screen imports the one that follows it: the table does.
The extra arguments are those the next screen is made with (the set-up's game, the finished
game's state).  The session gives the table to its context (``AppContext.scenes = FLOW``).

The "game" scene is also how the exhibition shows a game it built (``game.game.Game``: resumed,
restarted, a demo): ``scene(ctx, "game", game)``, without the game screen's module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from monopoly_cpc.screens.base import AppContext, Screen

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.game.setup import GameSetup
    from monopoly_cpc.screens.setup import GameSpec


def _boot(ctx: AppContext) -> Screen:
    from monopoly_cpc.screens.boot import BootScreen

    return BootScreen(ctx, on_done=lambda: after(ctx, "boot"))


def _title(ctx: AppContext) -> Screen:
    from monopoly_cpc.screens.title import TitleScreen

    return TitleScreen(ctx)


def _setup(ctx: AppContext) -> Screen:
    from monopoly_cpc.screens.setup import SetupScreen

    return SetupScreen(ctx)


def _game(ctx: AppContext, spec: Any) -> Screen:
    """The game screen of ``spec``: a ``Game`` already made, or the set-up's players, whose
    game takes the session's next seed (``ctx.games``) and the level and variants in force."""
    from monopoly_cpc.game.game import Game
    from monopoly_cpc.screens.game.screen import GameScreen

    game = spec if isinstance(spec, Game) else Game(_new_setup(ctx, spec))
    return GameScreen(ctx, game)


def _new_setup(ctx: AppContext, spec: GameSpec) -> GameSetup:
    """The ``GameSetup`` of a game set up on the screens (``spec``: the set-up's players and
    quick game): the session's next game seed, the personalities dealt from it, the level in
    force, the variants saved in the options (a quick game adds its clock and dealt deeds)."""
    from monopoly_cpc.game.setup import GameSetup
    from monopoly_cpc.rules.variants import variant_from_settings

    players = spec.players
    return GameSetup.dealt(ctx.games.next_seed(ctx.seed), [p.name for p in players],
                           [p.computer for p in players], ctx.effective.ai_level,
                           [p.pawn for p in players],
                           variant_from_settings(ctx.settings, spec.quick_minutes))


def _end(ctx: AppContext, state: Any) -> Screen:
    from monopoly_cpc.screens.end import EndScreen

    return EndScreen(ctx, state)


def _options(ctx: AppContext, back: Screen | None = None) -> Screen:
    from monopoly_cpc.screens.options import OptionsScreen

    return OptionsScreen(ctx, back if back is not None else scene(ctx, "title"))


def _test_card(ctx: AppContext) -> Screen:
    from monopoly_cpc.screens.test_card import TestCardScreen

    return TestCardScreen(ctx)


@dataclass(frozen=True)
class Scene:
    """A whole screen: how it is made (``make(ctx, *args)``) and the scene after it."""

    make: Callable[..., Screen]
    then: str = ""


SCENES: dict[str, Scene] = {
    "boot": Scene(_boot, "title"),
    "title": Scene(_title, "setup"),       # O: the options, which come back to a new title
    "setup": Scene(_setup, "game"),
    "game": Scene(_game, "end"),           # a demo or attract session may go elsewhere
    "end": Scene(_end, "setup"),           # O: a new game; N: back to the title
    "options": Scene(_options),            # back to the screen given (a new title)
    "test_card": Scene(_test_card),
}


def scene(ctx: AppContext, name: str, *args: Any) -> Screen:
    """The screen of scene ``name``, made with ``args``."""
    return SCENES[name].make(ctx, *args)


def after(ctx: AppContext, name: str, *args: Any) -> Screen:
    """The screen that follows scene ``name``."""
    return scene(ctx, SCENES[name].then, *args)


class _Flow:
    """The scene table as the screens' context reaches it (``base.Scenes``)."""

    def scene(self, ctx: AppContext, name: str, *args: Any) -> Screen:
        return scene(ctx, name, *args)

    def after(self, ctx: AppContext, name: str, *args: Any) -> Screen:
        return after(ctx, name, *args)


FLOW = _Flow()


def title_screen(ctx: AppContext) -> Screen:
    return scene(ctx, "title")


def first_screen(ctx: AppContext) -> Screen:
    """The screen a session starts on."""
    return scene(ctx, "test_card" if ctx.options.test_card else "boot")
