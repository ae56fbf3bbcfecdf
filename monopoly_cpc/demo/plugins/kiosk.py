"""The kiosk guard (``--kiosk``): what visitors may not do, and the operator's way in.

* the operator's key chord (settings ``kiosk_chord``, pressed three times within three
  seconds) opens the operator menu; the chord never reaches the game;
* a screen's locked letters (``Screen.kiosk_locked_letters``: the title's O, the options)
  and, on a screen that runs by itself, every key but its own (``Screen.kiosk_only_keys``:
  the boot's COPY) are dropped;
* a screen left without a key for ``idle_minutes`` goes back to the title if it says so
  (``Screen.idle_return``; a game is put aside by the autosave plugin instead);
* in the window: the window's close button, Alt+F4, Alt+Enter and Alt+Tab do nothing, F11 and
  F12 only with ``kiosk_captures``, and CTRL+C in the terminal is ignored.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import DROP, END, PASS, TICK_HZ, Plugin, is_game

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession

CHORD_PRESSES = 3          # the chord must be pressed this many times ...
CHORD_WINDOW = 3 * TICK_HZ  # ... within this many ticks (never by accident, even by a mashing child)
DEFAULT_CHORD = ("CTRL", "SHIFT", "ESC")
MODIFIERS = ("CTRL", "SHIFT")


def parse_chord(value: Any, warn: Callable[[str], None] | None = None) -> tuple[bool, bool, str]:
    """(ctrl, shift, key) of a chord such as ``["CTRL", "SHIFT", "ESC"]``.

    A chord needs at least one of CTRL/SHIFT and exactly one other CPC key; anything else is
    reported and the default chord used.
    """
    from monopoly_cpc.keyboard.layout import load_layout

    names = [str(v).upper() for v in value] if isinstance(value, (list, tuple)) else []
    mods = [n for n in names if n in MODIFIERS]
    keys = [n for n in names if n not in MODIFIERS]
    ok = bool(mods) and len(keys) == 1 and len(set(names)) == len(names)
    if ok:
        try:
            load_layout("fr").named(keys[0])
        except KeyError:
            ok = False
    if not ok:
        if warn is not None and value is not None:
            warn(f"kiosk_chord {value!r} is not a chord of CTRL/SHIFT and one key; "
                 f"using {'+'.join(DEFAULT_CHORD)}")
        return True, True, "ESC"
    return "CTRL" in mods, "SHIFT" in mods, keys[0]


class Kiosk(Plugin):
    """Chord, locked keys, idle return, the window's quit keys (module docstring); made in
    every session, so that a bad ``kiosk_chord`` is said before the exhibition, it acts only
    in kiosk mode."""

    def __init__(self, session: ExhibitSession) -> None:
        super().__init__(session)
        # checked in every session, kiosk or not: a bad chord is said before the exhibition
        options = session.effective
        self.chord = parse_chord(options.kiosk_chord, session.warn)
        self.idle_ticks = options.idle_minutes * 60 * TICK_HZ
        self.captures = options.kiosk_captures  # F11/F12 in kiosk mode
        self.active = session.kiosk   # made in every session (the chord is checked), acts with --kiosk
        self.chord_ticks: list[int] = []
        self.sigint: Any = None  # the SIGINT handler in force before (restored at close)

    def filter_key(self, ev: Any) -> str:
        if not self.active:
            return PASS
        ctrl, shift, key = self.chord
        screen = self.session.screen
        if ev.key == key and ev.ctrl == ctrl and ev.shift == shift:
            if not ev.repeat and self._chord_press():
                return END  # the operator menu opens: nothing else this tick
            return DROP  # the chord never reaches the game
        if ev.letter is not None and ev.letter in screen.kiosk_locked_letters:
            return DROP  # e.g. no options for visitors
        only = screen.kiosk_only_keys
        if only is not None and ev.key not in only:
            return DROP  # the boot runs by itself: no ESC Break to a BASIC prompt for visitors
        return PASS

    def _chord_press(self) -> bool:
        """Count a chord press; True when it opens the operator menu."""
        ctx = self.session.ctx
        t = ctx.tick
        self.chord_ticks = [x for x in self.chord_ticks if t - x < CHORD_WINDOW] + [t]
        if len(self.chord_ticks) < CHORD_PRESSES:
            return False
        self.chord_ticks = []
        from monopoly_cpc.demo.operator import OperatorScreen

        # the visitor's game is put aside as an idle one is: R on the title resumes it
        self.session.put_game_aside()
        ctx.switch(OperatorScreen(ctx, self.session.title))
        return True

    def after_step(self) -> None:
        s = self.session
        if self.active and s.quiet >= self.idle_ticks and s.screen.idle_return and not is_game(s.screen):
            # a visitor walked away from the set-up (or the end of a game): back to the title
            # and its attract loop, or the stand would show that screen all day
            s.show(s.title())

    def in_window(self) -> None:
        """CTRL+C in the terminal that started the game does not end it either.

        Only the window front end calls host_event, so headless tools keep their CTRL+C; a
        service manager still stops the game with SIGTERM (the loop handles it)."""
        if self.active and self.sigint is None and threading.current_thread() is threading.main_thread():
            self.sigint = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def host_event(self, ev: Any) -> bool:
        import pygame

        from monopoly_cpc.demo.capture import is_gif_key

        if not self.active:
            return False
        if ev.type == pygame.QUIT or ev.type == getattr(pygame, "WINDOWCLOSE", -1):
            return True  # window close and Alt+F4 do nothing at an exhibition
        if ev.type in (pygame.KEYDOWN, pygame.KEYUP) and ev.mod & pygame.KMOD_ALT and ev.key in (
                pygame.K_F4, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
            return True
        # no captures for visitors unless the operator allows them (kiosk_captures)
        return not self.captures and (is_gif_key(ev) or getattr(ev, "key", None) == pygame.K_F12)

    def close(self) -> None:
        if self.sigint is not None:
            signal.signal(signal.SIGINT, self.sigint)
            self.sigint = None
