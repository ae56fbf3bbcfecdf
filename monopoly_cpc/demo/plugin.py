"""The plugins' side of the exhibition session (``monopoly_cpc.demo.exhibit``): the
:class:`Plugin` base class and its hooks, the answers of ``filter_key``, and what a plugin
asks of a screen (``is_game``: its ``plays_game``).

Plugins never import or call one another: what one needs of another is a hook here that every
plugin may answer, asked through the session (``put_aside``, ``suspended_game``,
``next_demo``, ``game_saved``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession
    from monopoly_cpc.render.framebuffer import FrameBuffer
    from monopoly_cpc.screens.base import AppContext, Screen

TICK_HZ = 50
PASS, DROP, END = "pass", "drop", "end"   # filter_key's answers
NOT_GIVEN = object()   # an argument not given (None may be a value)


def is_game(screen: Any) -> bool:
    """Is ``screen`` a game of the players' (``Screen.plays_game``: one that is saved,
    recorded, restarted)?"""
    return screen is not None and screen.plays_game


class Plugin:
    """One part of an exhibition session; every hook does nothing unless overridden.

    A plugin reads the options it needs once, when it is made with its session, from
    ``session.effective`` (:class:`~monopoly_cpc.options.Effective`: the command line's
    :class:`~monopoly_cpc.options.Options`, else the settings), one typed property each."""

    def __init__(self, session: ExhibitSession) -> None:
        self.session = session

    def started(self) -> None:
        """The first screen is there (the session is built)."""

    def begin_tick(self, raw: list) -> None:
        """A tick begins with these CPC key events, before any filter."""

    def filter_key(self, ev: Any) -> str:
        """PASS the key on, DROP it, or END the tick's keys (nothing else reaches the screen)."""
        return PASS

    def screen_changed(self, screen: Screen) -> None:
        """``screen`` has replaced the one before (a switch, or a plugin's ``show``)."""

    def game_saved(self) -> None:
        """The game on screen has been saved at a new turn (or its end)."""

    def put_aside(self, game: Screen) -> None:
        """The game on screen gives way to another screen (the operator's menu) and must not
        be lost: a plugin that keeps games keeps it for ``R`` on the title."""

    def suspended_game(self) -> dict | None:
        """The game put aside and offered on the title, if this plugin keeps one."""
        return None

    def next_demo(self, ctx: AppContext) -> Screen | None:
        """The next demo, if this plugin makes them (None: another plugin, or a live demo)."""
        return None

    def after_step(self) -> None:
        """The screen has run its tick (the plugin may ``show`` another screen)."""

    def end_tick(self) -> None:
        """The tick is over (every plugin's after_step has run)."""

    def crashed(self, broken: Screen, exc: BaseException) -> bool:
        """``broken`` failed (in its step or its draw); True if the failure was handled."""
        return False

    def rendered(self, fb: FrameBuffer) -> None:
        """The picture of this frame is in ``fb``."""

    def in_window(self) -> None:
        """The session is shown in a window (the window loop's first event)."""

    def host_event(self, ev: Any) -> bool:
        """A pygame event of the window; True keeps it from the loop and the other plugins."""
        return False

    def close(self) -> None:
        """The session ends."""
