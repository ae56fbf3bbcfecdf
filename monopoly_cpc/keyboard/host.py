"""Host keyboard -> CPC keys: the pygame side of the keyboard.

Two keymaps:

* ``positional`` (the default): a host key lands on the CPC key at the same place on the CPC
  keyboard, found by its SDL scancode (a physical position, whatever the host's layout). A
  French AZERTY PC and a US QWERTY PC therefore press the same CPC key with the same finger.
* ``symbolic``: the character the host typed (``event.unicode`` / TEXTINPUT) chooses the CPC
  key, with the SHIFT the CPC needs to type it; CTRL+letter goes by the host's key code.

In both, the keys that type no ordinary character (cursor keys, ESC, DEL, CLR, COPY, TAB,
CAPS LOCK, SHIFT, CTRL, both enters, the keypad's f0-f9 and f.) go by position, from
``assets/keyboard_host.yaml``; so do the PC keypad's + - * /, which type their character.
Host-only keys (F12, Alt+Enter) and unknown keys give nothing.
``tick()`` adds the firmware's auto-repeat of the last key pressed while it is held.
"""

from __future__ import annotations

from typing import Any

import pygame

from monopoly_cpc.errors import UserError
from monopoly_cpc.keyboard.events import CpcKeyEvent
from monopoly_cpc.keyboard.hostmap import HostMap, load_host_map
from monopoly_cpc.keyboard.layout import LAYOUTS, CpcLayout, load_layout

KEYMAPS = ("positional", "symbolic")
# Host chords the game loop keeps for itself: Alt+Return / Alt+keypad Enter toggle full screen.
_ENTER_SCANCODES = (pygame.KSCAN_RETURN, pygame.KSCAN_KP_ENTER)
_ALT = pygame.KMOD_ALT
_ALTGR = pygame.KMOD_MODE | pygame.KMOD_RALT


class HostKeyboard:
    """Turns pygame keyboard events into :class:`CpcKeyEvent` presses of one CPC keyboard."""

    def __init__(self, keymap: str = "positional", cpc_layout: str = "fr") -> None:
        if keymap not in KEYMAPS:
            raise UserError(f"unknown keymap {keymap!r} (expected positional or symbolic)")
        if cpc_layout not in LAYOUTS:
            raise UserError(f"unknown CPC keyboard {cpc_layout!r} (expected fr or en)")
        self.keymap = keymap
        self.cpc_layout = cpc_layout
        self.layout: CpcLayout = load_layout(cpc_layout)
        self.host_map: HostMap = load_host_map()
        self._held: dict[int, CpcKeyEvent] = {}  # host scancode -> its press, in press order
        # host scancode -> True if it pressed a CPC key by position (its repeats take the
        # modifiers held at that moment), False if by character (repeats type the same thing)
        self._by_position: dict[int, bool] = {}
        self._repeat_scancode: int | None = None
        self._repeat_countdown = 0
        self._swallow_text: str | None = None  # the TEXTINPUT twin of the last KEYDOWN

    # -- state -------------------------------------------------------------------------------
    @property
    def pressed(self) -> frozenset[str]:
        """The names of the CPC keys held down now (for chords such as CTRL+SHIFT+ESC)."""
        return frozenset(ev.key for ev in self._held.values())

    def reset(self) -> None:
        """Forget every held key and any pending repeat (focus lost, screen change)."""
        self._held.clear()
        self._by_position.clear()
        self._repeat_scancode = None
        self._repeat_countdown = 0
        self._swallow_text = None

    def _held_number(self, number: int) -> bool:
        return any(ev.number == number for ev in self._held.values())

    def _modifiers(self, mod: int = 0) -> tuple[bool, bool]:
        shift = self._held_number(self.layout.named("SHIFT").number) or bool(mod & pygame.KMOD_SHIFT)
        ctrl = self._held_number(self.layout.named("CTRL").number) or bool(mod & pygame.KMOD_CTRL)
        return shift, ctrl

    # -- events ------------------------------------------------------------------------------
    def feed(self, event: Any) -> list[CpcKeyEvent]:
        """The CPC key presses one pygame event makes (often none)."""
        kind = getattr(event, "type", None)
        if kind == pygame.KEYDOWN:
            return self._key_down(event)
        if kind == pygame.KEYUP:
            self._key_up(getattr(event, "scancode", None))
            return []
        if kind == pygame.TEXTINPUT:
            return self._text_input(getattr(event, "text", ""))
        if kind == pygame.WINDOWFOCUSLOST:
            self.reset()  # the key-up events will go to another window
        return []

    def _key_down(self, event: Any) -> list[CpcKeyEvent]:
        scancode = getattr(event, "scancode", None)
        mod = getattr(event, "mod", 0) or 0
        # Whatever this key types also comes as a TEXTINPUT right after: drop that twin.
        text = getattr(event, "unicode", "") or ""
        self._swallow_text = text if len(text) == 1 and text.isprintable() else None
        if not isinstance(scancode, int) or scancode in self.host_map.host_only:
            return []
        if scancode in _ENTER_SCANCODES and mod & _ALT:
            return []  # Alt+Enter: full screen, the loop's business
        if scancode in self._held:
            return []  # the host's own auto-repeat: the firmware repeat is ours, in tick()
        number = self.host_map.specials.get(scancode)
        if number is None and self.keymap == "positional":
            number = self.host_map.positional.get(scancode)
        if number is not None:
            shift, ctrl = self._modifiers(mod)
            return self._press(scancode, self.layout.event(number, shift, ctrl), by_position=True)
        typed = self.host_map.typed.get(scancode)
        if typed is not None:
            found = self.layout.producer(typed)
            if found is None:
                return []
            return self._press(scancode, CpcKeyEvent(found[0].name, found[0].number, typed, found[1]))
        if self.keymap == "symbolic":
            return self._symbolic_down(scancode, event, mod)
        return []  # a host key with no CPC twin

    def _symbolic_down(self, scancode: int, event: Any, mod: int) -> list[CpcKeyEvent]:
        altgr = bool(mod & (_ALT | _ALTGR))
        _, ctrl = self._modifiers(mod)
        if ctrl and not altgr:
            # No text comes with CTRL: the host's key code says which letter it is.
            code = getattr(event, "key", 0)
            found = self.layout.producer(chr(code)) if 32 < code < 0x110000 else None
            if found is None:
                return []
            return self._press(scancode, self.layout.event(found[0].number, False, True))
        text = getattr(event, "unicode", "") or ""
        code = getattr(event, "key", 0)
        if not text and ord("a") <= code <= ord("z"):
            # No text with the key (text input stopped by the host program): a letter key's
            # code is still its letter. Other keys may be dead keys, so they wait for text.
            shift, _ = self._modifiers(mod)
            text = chr(code).upper() if shift else chr(code)
        if len(text) != 1 or not text.isprintable():
            return []  # a dead key or a key with no character: TEXTINPUT may follow
        found = self.layout.producer(text)
        if found is None:
            return []  # no CPC key types this character
        key, shift = found
        ev = CpcKeyEvent(key=key.name, number=key.number, char=text, shift=shift)
        return self._press(scancode, ev)

    def _text_input(self, text: str) -> list[CpcKeyEvent]:
        if self.keymap != "symbolic" or not text:
            return []
        if self._swallow_text is not None and text == self._swallow_text:
            self._swallow_text = None
            return []  # already handled by its KEYDOWN
        if any(ev.char == text for ev in self._held.values()):
            return []  # the host repeating a held key: the firmware repeat is ours
        out = []
        for ch in text:  # composed characters (dead keys, input methods): typed, not held
            found = self.layout.producer(ch)
            if found is not None:
                out.append(CpcKeyEvent(key=found[0].name, number=found[0].number, char=ch,
                                       shift=found[1]))
        return out

    def _press(self, scancode: int, ev: CpcKeyEvent, by_position: bool = False) -> list[CpcKeyEvent]:
        self._held[scancode] = ev
        self._by_position[scancode] = by_position
        if self.layout.key(ev.number).repeats:
            self._repeat_scancode = scancode
            self._repeat_countdown = self.layout.repeat.delay
        return [ev]

    def _key_up(self, scancode: Any) -> None:
        if scancode in self._held:
            del self._held[scancode]
            del self._by_position[scancode]
        if scancode == self._repeat_scancode:
            self._repeat_scancode = None

    # -- time --------------------------------------------------------------------------------
    def tick(self) -> list[CpcKeyEvent]:
        """One 50 Hz tick: the repeat of the last key pressed, if it has been held long enough.

        The first repeat comes ``repeat.delay`` ticks after the press, then one every
        ``repeat.period`` ticks (30 and 2 on a CPC), with the modifiers held at that moment.
        """
        scancode = self._repeat_scancode
        if scancode is None or scancode not in self._held:
            return []
        self._repeat_countdown -= 1
        if self._repeat_countdown > 0:
            return []
        self._repeat_countdown = self.layout.repeat.period
        first = self._held[scancode]
        if self._by_position[scancode]:
            shift, ctrl = self._modifiers()
            return [self.layout.event(first.number, shift, ctrl, repeat=True)]
        return [CpcKeyEvent(first.key, first.number, first.char, first.shift, first.ctrl, True)]
