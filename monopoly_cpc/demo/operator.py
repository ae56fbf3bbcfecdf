"""The operator menu of kiosk mode, opened only by the key chord (settings ``kiosk_chord``).

Q quits the program (exit status 0: the systemd unit in docs/kiosk.md does not restart it
then), O opens the options screen, ESC (or nothing for 30 seconds) goes back to the title.
The menu names the key as the host keyboard has it: with the positional keymap the French
CPC's Q sits where a QWERTY keyboard has A, and the menu says A there (:func:`host_letter`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.options import OptionsScreen

TIMEOUT = 30 * 50   # a menu left open by mistake closes itself
LINES = {
    "fr": ("MODE EXPOSITION", "{q} : quitter le programme", "O : options", "ESC : retour"),
    "en": ("EXHIBITION MODE", "{q}: quit the program", "O: options", "ESC: back"),
}


def _key_from_scancode(scancode: int) -> int | None:
    """SDL's key code for a host scancode under the keyboard layout in use (SDL's
    ``SDL_GetKeyFromScancode``, which pygame does not offer), or None where it cannot be
    asked: no display open, or an SDL library that cannot be found."""
    import ctypes
    import ctypes.util

    import pygame

    if not pygame.display.get_init():
        return None
    try:
        with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
            found = sorted({line.split()[-1] for line in maps if "/libSDL2-2" in line or "/libSDL2." in line})
    except OSError:
        found = []
    name = found[0] if found else ctypes.util.find_library("SDL2")
    if not name:
        return None
    try:
        lookup = ctypes.CDLL(name).SDL_GetKeyFromScancode
    except (OSError, AttributeError):
        return None
    lookup.restype, lookup.argtypes = ctypes.c_int32, [ctypes.c_int]
    return int(lookup(scancode))


def host_letter(letter: str, keymap: str) -> str:
    """The host key that gives the French CPC's ``letter``: itself with the symbolic keymap
    (the character typed chooses), else the letter the host keyboard has at that place; the
    CPC's letter when the host's layout cannot be asked."""
    if keymap != "positional":
        return letter
    import pygame

    from monopoly_cpc.keyboard.hostmap import load_host_map
    from monopoly_cpc.keyboard.layout import load_layout

    number = load_layout("fr").named(letter).number
    place = next((code for code, n in load_host_map().positional.items() if n == number), None)
    key = None if place is None else _key_from_scancode(place)
    name = pygame.key.name(key).upper() if key else ""
    return name if len(name) == 1 and name.isalpha() else letter


class OperatorScreen(Screen):
    """Quit, options or back; reached only through the kiosk chord."""

    idle_return = False   # it closes by itself after TIMEOUT

    def __init__(self, ctx: AppContext, title: Callable[[], Screen]) -> None:
        super().__init__(ctx)
        self.title = title
        self.ticks = 0
        self.quit_key = host_letter("Q", ctx.effective.keymap)

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
            fb.text(8, 10 + 2 * i, line.format(q=self.quit_key), pen=1 if i < 2 else 2)
