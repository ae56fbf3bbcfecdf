"""Host keyboards as pygame reports them, for the keyboard tests.

Each host key is (SDL scancode, SDL key code, text typed plain, text typed with Shift). The
scancodes are USB HID usage ids, the same on every layout: a key is named by its place. The
key code and the text follow the host's layout: on a French AZERTY PC the key in the US 'Q'
place has key=K_a and types 'a'. (SDL keeps the AZERTY top row's key codes as the digits
K_1..K_0, while the text is '&', 'é', ...) A text of '' is a dead key (it types nothing by
itself).
"""

from __future__ import annotations

import pygame
import pytest

from monopoly_cpc.keyboard.host import HostKeyboard

K = pygame
LSHIFT, LCTRL, LALT = 225, 224, 226


def _letters(order: str) -> dict[str, tuple[int, int, str, str]]:
    """Letter keys: ``order`` is the letter printed on each US place A..Z (scancodes 4..29)."""
    out = {}
    for i, letter in enumerate(order):
        lo = letter.lower()
        out[letter] = (4 + i, ord(lo), lo, letter)
    return out


# US QWERTY host: legend -> (scancode, key code, plain text, shifted text)
US = _letters("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
US.update({
    "1": (30, K.K_1, "1", "!"), "2": (31, K.K_2, "2", "@"), "3": (32, K.K_3, "3", "#"),
    "4": (33, K.K_4, "4", "$"), "5": (34, K.K_5, "5", "%"), "6": (35, K.K_6, "6", "^"),
    "7": (36, K.K_7, "7", "&"), "8": (37, K.K_8, "8", "*"), "9": (38, K.K_9, "9", "("),
    "0": (39, K.K_0, "0", ")"), "-": (45, K.K_MINUS, "-", "_"), "=": (46, K.K_EQUALS, "=", "+"),
    "[": (47, K.K_LEFTBRACKET, "[", "{"), "]": (48, K.K_RIGHTBRACKET, "]", "}"),
    "\\": (49, K.K_BACKSLASH, "\\", "|"), ";": (51, K.K_SEMICOLON, ";", ":"),
    "'": (52, K.K_QUOTE, "'", '"'), "`": (53, K.K_BACKQUOTE, "`", "~"),
    ",": (54, K.K_COMMA, ",", "<"), ".": (55, K.K_PERIOD, ".", ">"), "/": (56, K.K_SLASH, "/", "?"),
    "SPACE": (44, K.K_SPACE, " ", " "),
})

# French AZERTY host (PC "fr" layout). Letters by US place: the US 'A' place holds Q, etc.
FR = {}
for us_letter, (scancode, _, _, _) in _letters("ABCDEFGHIJKLMNOPQRSTUVWXYZ").items():
    fr_letter = {"A": "Q", "Q": "A", "W": "Z", "Z": "W", "M": None}.get(us_letter, us_letter)
    if fr_letter is not None:
        FR[fr_letter] = (scancode, ord(fr_letter.lower()), fr_letter.lower(), fr_letter)
FR.update({
    "M": (51, ord("m"), "m", "M"),
    "&": (30, K.K_1, "&", "1"), "é": (31, K.K_2, "é", "2"), '"': (32, K.K_3, '"', "3"),
    "'": (33, K.K_4, "'", "4"), "(": (34, K.K_5, "(", "5"), "-": (35, K.K_6, "-", "6"),
    "è": (36, K.K_7, "è", "7"), "_": (37, K.K_8, "_", "8"), "ç": (38, K.K_9, "ç", "9"),
    "à": (39, K.K_0, "à", "0"), ")": (45, K.K_RIGHTPAREN, ")", "°"), "=": (46, K.K_EQUALS, "=", "+"),
    "^": (47, K.K_CARET, "", ""), "$": (48, K.K_DOLLAR, "$", "£"), "ù": (52, 0xF9, "ù", "%"),
    "*": (49, K.K_ASTERISK, "*", "µ"), "<": (100, K.K_LESS, "<", ">"), ",": (16, K.K_COMMA, ",", "?"),
    ";": (54, K.K_SEMICOLON, ";", "."), ":": (55, K.K_COLON, ":", "/"), "!": (56, K.K_EXCLAIM, "!", "§"),
    "²": (53, 0xB2, "²", ""), "SPACE": (44, K.K_SPACE, " ", " "),
})
# The top-row keys of the AZERTY host by the digit they type with Shift.
FR_DIGIT_KEYS = {"1": "&", "2": "é", "3": '"', "4": "'", "5": "(", "6": "-", "7": "è", "8": "_",
                 "9": "ç", "0": "à"}

# Keys that type no character, the same on both hosts: legend -> (scancode, key code, text)
SPECIAL = {
    "Escape": (41, K.K_ESCAPE, "\x1b"), "Backspace": (42, K.K_BACKSPACE, "\x08"),
    "Delete": (76, K.K_DELETE, "\x7f"), "Insert": (73, K.K_INSERT, ""), "Tab": (43, K.K_TAB, "\t"),
    "CapsLock": (57, K.K_CAPSLOCK, ""), "Return": (40, K.K_RETURN, "\r"),
    "KP_Enter": (88, K.K_KP_ENTER, "\r"), "Up": (82, K.K_UP, ""), "Down": (81, K.K_DOWN, ""),
    "Left": (80, K.K_LEFT, ""), "Right": (79, K.K_RIGHT, ""), "LShift": (LSHIFT, K.K_LSHIFT, ""),
    "RShift": (229, K.K_RSHIFT, ""), "LCtrl": (LCTRL, K.K_LCTRL, ""), "RCtrl": (228, K.K_RCTRL, ""),
    "LAlt": (LALT, K.K_LALT, ""), "F12": (69, K.K_F12, ""), "F1": (58, K.K_F1, ""),
    "KP_Plus": (87, K.K_KP_PLUS, "+"), "KP_Minus": (86, K.K_KP_MINUS, "-"),
    "PrintScreen": (70, K.K_PRINTSCREEN, ""),
}
for d in range(10):
    SPECIAL[f"KP_{d}"] = (98 if d == 0 else 88 + d, getattr(K, f"K_KP_{d}"), str(d))
SPECIAL["KP_Period"] = (99, K.K_KP_PERIOD, ".")


def keydown(scancode: int, key: int, unicode: str, mod: int = 0) -> pygame.event.Event:
    """A KEYDOWN as pygame-ce reports it."""
    return pygame.event.Event(pygame.KEYDOWN, scancode=scancode, key=key, unicode=unicode, mod=mod)


def keyup(scancode: int, key: int, mod: int = 0) -> pygame.event.Event:
    """A KEYUP as pygame-ce reports it."""
    return pygame.event.Event(pygame.KEYUP, scancode=scancode, key=key, mod=mod)


class Host:
    """A host keyboard of one layout that sends pygame events to a HostKeyboard."""

    def __init__(self, name: str, table: dict[str, tuple[int, int, str, str]]):
        self.name = name
        self.table = table

    def lookup(self, legend: str, shift: bool = False) -> tuple[int, int, str]:
        """(scancode, key code, text) of the key ``legend`` on this host."""
        if legend in self.table:
            scancode, key, plain, shifted = self.table[legend]
            return scancode, key, shifted if shift else plain
        return SPECIAL[legend]

    def down(self, legend: str, shift: bool = False, ctrl: bool = False,
             alt: bool = False) -> pygame.event.Event:
        """The KEYDOWN of ``legend`` with these modifier bits in ``mod``."""
        scancode, key, text = self.lookup(legend, shift)
        mod = ((pygame.KMOD_LSHIFT if shift else 0) | (pygame.KMOD_LCTRL if ctrl else 0)
               | (pygame.KMOD_LALT if alt else 0))
        return keydown(scancode, key, "" if ctrl or len(text) != 1 else text, mod)

    def up(self, legend: str) -> pygame.event.Event:
        """The KEYUP of ``legend``."""
        scancode, key, _ = self.lookup(legend)
        return keyup(scancode, key)

    @staticmethod
    def text(text: str) -> pygame.event.Event:
        """A TEXTINPUT event."""
        return pygame.event.Event(pygame.TEXTINPUT, text=text)

    def hit(self, kb: HostKeyboard, legend: str, shift: bool = False, ctrl: bool = False,
            text_input: bool = True) -> list:
        """Press and release the key ``legend`` (with Shift / Ctrl held around it, pressed as
        real keys first); return every CPC event of the key itself (not of Shift/Ctrl)."""
        scancode, key, text = self.lookup(legend, shift)
        mod = (pygame.KMOD_LSHIFT if shift else 0) | (pygame.KMOD_LCTRL if ctrl else 0)
        held_mod = 0
        if shift:
            kb.feed(keydown(LSHIFT, K.K_LSHIFT, "", held_mod))
            held_mod |= pygame.KMOD_LSHIFT
        if ctrl:
            kb.feed(keydown(LCTRL, K.K_LCTRL, "", held_mod))
        if ctrl:
            text = ""  # no text comes with Ctrl held
        out = kb.feed(keydown(scancode, key, text if len(text) == 1 else "", mod))
        if text_input and text and text.isprintable():
            out += kb.feed(pygame.event.Event(pygame.TEXTINPUT, text=text))
        out += kb.feed(keyup(scancode, key, mod))
        if ctrl:
            kb.feed(keyup(LCTRL, K.K_LCTRL))
        if shift:
            kb.feed(keyup(LSHIFT, K.K_LSHIFT))
        return out


HOSTS = {"azerty": Host("azerty", FR), "qwerty": Host("qwerty", US)}


@pytest.fixture
def fr_digit_keys() -> dict[str, str]:
    """AZERTY host top-row legends by the digit they type with Shift."""
    return dict(FR_DIGIT_KEYS)


@pytest.fixture
def azerty() -> Host:
    return HOSTS["azerty"]


@pytest.fixture
def qwerty() -> Host:
    return HOSTS["qwerty"]


@pytest.fixture(params=["azerty", "qwerty"])
def host(request) -> Host:
    return HOSTS[request.param]
