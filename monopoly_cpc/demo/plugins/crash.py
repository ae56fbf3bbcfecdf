"""The crash guard (kiosk mode, or ``guard=True``): an exception inside a screen's tick or
drawing is logged (the crash log) and that screen starts again: a demo as the next demo, a
game from its state (else from its last autosave), any other screen afresh, else the title.
More than RESTART_LIMIT failures within RESTART_WINDOW ticks go to the title; the title
itself failing that often ends the program (a supervisor restarts it)."""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import TICK_HZ, Plugin, is_game
from monopoly_cpc.screens.base import Screen

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession

RESTART_WINDOW = 10 * TICK_HZ  # more restarts than RESTART_LIMIT in this many ticks: to the title
RESTART_LIMIT = 3


class CrashGuard(Plugin):
    """Logs a failing screen and restarts it (module docstring)."""

    def __init__(self, session: ExhibitSession) -> None:
        super().__init__(session)
        self.restarts: list[int] = []
        self.exceptions = 0

    def crashed(self, broken: Screen, exc: BaseException) -> bool:
        """Log the failure, restart that screen (or the title)."""
        s = self.session
        self.exceptions += 1
        note = broken.crash_note()
        s._log((f"{note}:\n" if note else "") + traceback.format_exc())
        ctx = s.ctx
        ctx.next_screen = None
        t = ctx.tick
        self.restarts = [x for x in self.restarts if t - x < RESTART_WINDOW] + [t]
        if len(self.restarts) > RESTART_LIMIT:
            if broken.home:
                raise exc  # the title itself keeps failing: let the supervisor restart the program
            s.screen = s.title()
        else:
            s.screen = self._restarted(broken)
        ctx.tick += 1  # the tick happened, even if its screen failed
        return True

    def _restarted(self, broken: Screen) -> Screen:
        s = self.session
        if broken.is_demo:
            return s.new_demo(s.ctx)
        if is_game(broken):
            from monopoly_cpc.screens.flow import scene

            shown: Any = broken
            try:
                # the same game from a copy of its state, with the same computer players
                screen = scene(s.ctx, "game", shown.game.copy())
                s.players.rebuilt(screen)   # the same players go on
                return screen
            except Exception:  # noqa: BLE001 - a state the failure broke: the last autosave
                doc = s.store.load_game(s.warn) if s.store is not None else None
                if doc is not None:
                    return s.players.game_from(s.ctx, doc["state"], doc.get("bots") or s.players.old_save(doc))
            return s.title()
        try:
            return type(broken)(s.ctx)
        except Exception:  # noqa: BLE001 - a screen that needs more than ctx: the title
            return s.title()
