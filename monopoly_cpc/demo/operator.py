"""The operator menu of kiosk mode, opened only by the key chord (settings ``kiosk_chord``).

Q quits the program (exit status 0: the systemd unit in docs/kiosk.md does not restart it
then), O opens the options screen, ESC (or nothing for 30 seconds) goes back to the title.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.options import OptionsScreen

TIMEOUT = 30 * 50   # a menu left open by mistake closes itself
LINES = {
    "fr": ("MODE EXPOSITION", "Q : quitter le programme", "O : options", "ESC : retour"),
    "en": ("EXHIBITION MODE", "Q: quit the program", "O: options", "ESC: back"),
}


class OperatorScreen(Screen):
    """Quit, options or back; reached only through the kiosk chord."""

    idle_return = False   # it closes by itself after TIMEOUT

    def __init__(self, ctx: AppContext, title: Callable[[], Screen]) -> None:
        super().__init__(ctx)
        self.title = title
        self.ticks = 0

    def on_key(self, ev: Any) -> None:
        if ev.repeat:
            return
        if ev.letter == "Q":
            self.ctx.quit_requested = True
        elif ev.letter == "O":
            self.ctx.switch(OptionsScreen(self.ctx, self.title()))
        elif ev.key == "ESC":
            self.ctx.switch(self.title())

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks >= TIMEOUT:
            self.ctx.switch(self.title())

    def draw(self, fb: Any) -> None:
        fb.clear(0)
        fb.set_inks((0, 26, 24, 6))
        fb.set_border(0)
        lines = LINES.get(self.ctx.lang, LINES["fr"])
        fb.text((40 - len(lines[0])) // 2, 6, lines[0], pen=3)
        for i, line in enumerate(lines[1:]):
            fb.text(8, 10 + 2 * i, line, pen=1 if i < 2 else 2)
