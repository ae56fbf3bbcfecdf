"""Symbolic keymap: the character the host typed picks the French CPC key that types it."""

import pygame
import pytest

from monopoly_cpc.keyboard.host import HostKeyboard

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def one(events):
    assert len(events) == 1, events
    return events[0]


@pytest.mark.parametrize("letter", LETTERS)
def test_letters_by_character(host, letter):
    kb = HostKeyboard("symbolic")
    ev = one(host.hit(kb, letter))  # exactly one event although KEYDOWN and TEXTINPUT both came
    assert (ev.key, ev.char, ev.shift, ev.ctrl) == (letter, letter.lower(), False, False)
    ev = one(host.hit(kb, letter, shift=True))
    assert (ev.key, ev.char, ev.shift) == (letter, letter, True)


@pytest.mark.parametrize("digit", "1234567890")
def test_digits_get_the_cpc_shift(host, fr_digit_keys, digit):
    kb = HostKeyboard("symbolic")
    if host.name == "azerty":
        ev = one(host.hit(kb, fr_digit_keys[digit], shift=True))  # AZERTY hosts shift for digits
    else:
        ev = one(host.hit(kb, digit))  # US hosts do not; the CPC needs SHIFT all the same
    assert (ev.key, ev.char, ev.shift, ev.digit) == (digit, digit, True, int(digit))


@pytest.mark.parametrize("legend, shift, key, char, cpc_shift", [
    ("é", False, "2", "é", False), ("è", False, "7", "è", False), ("ç", False, "9", "ç", False),
    ("à", False, "0", "à", False), ("ù", False, "K28", "ù", False), ("&", False, "1", "&", False),
    ("-", False, "K24", "-", False), ("=", True, "K30", "+", True), (",", True, "K38", "?", True),
    ("!", False, "8", "!", False), ("(", False, "5", "(", False), (")", False, "K25", ")", False),
    ("ù", True, "K28", "%", True), (":", True, "K31", "/", True), ("SPACE", False, "SPACE", " ", False),
])
def test_azerty_host_characters(azerty, legend, shift, key, char, cpc_shift):
    kb = HostKeyboard("symbolic")
    ev = one(azerty.hit(kb, legend, shift=shift))
    assert (ev.key, ev.char, ev.shift) == (key, char, cpc_shift)


@pytest.mark.parametrize("legend, shift, key, char, cpc_shift", [
    ("=", True, "K30", "+", True), ("-", False, "K24", "-", False), ("/", True, "K38", "?", True),
    ("1", True, "8", "!", False), ("6", False, "6", "6", True), ("8", True, "K17", "*", False),
    ("/", False, "K31", "/", True), (".", False, "K39", ".", True), ("[", False, "K25", "[", True),
])
def test_qwerty_host_characters(qwerty, legend, shift, key, char, cpc_shift):
    kb = HostKeyboard("symbolic")
    ev = one(qwerty.hit(kb, legend, shift=shift))
    assert (ev.key, ev.char, ev.shift) == (key, char, cpc_shift)


def test_characters_no_french_cpc_key_types_are_ignored(qwerty):
    kb = HostKeyboard("symbolic")
    assert qwerty.hit(kb, "2", shift=True) == []  # '@': &40 shows as à on the French CPC
    assert qwerty.hit(kb, "`") == []
    assert kb.feed(qwerty.text("€")) == []
    assert kb.pressed == frozenset()


def test_english_cpc_types_at_sign(qwerty):
    kb = HostKeyboard("symbolic", cpc_layout="en")
    ev = one(qwerty.hit(kb, "2", shift=True))
    assert (ev.key, ev.char, ev.shift) == ("K26", "@", False)
    ev = one(qwerty.hit(kb, "2"))
    assert (ev.key, ev.char, ev.shift) == ("2", "2", False)


def test_ctrl_letter_goes_by_the_hosts_key_code(qwerty, azerty):
    kb = HostKeyboard("symbolic")
    ev = one(qwerty.hit(kb, "C", ctrl=True))
    assert (ev.key, ev.ctrl, ev.char) == ("C", True, "\x03")
    # On a US host CTRL+Q is the CPC's Q (symbolic), where the positional map gives the A place.
    ev = one(qwerty.hit(kb, "Q", ctrl=True))
    assert (ev.key, ev.char) == ("Q", "\x11")
    assert one(qwerty.hit(HostKeyboard(), "Q", ctrl=True)).key == "A"
    ev = one(azerty.hit(kb, "A", ctrl=True))
    assert (ev.key, ev.char) == ("A", "\x01")


def test_altgr_is_not_ctrl(azerty):
    # Windows reports AltGr as Left Ctrl + Right Alt; AltGr+5 types '[' on a French PC.
    kb = HostKeyboard("symbolic")
    kb.feed(azerty.down("LCtrl"))
    scancode, key, _ = azerty.lookup("(")
    down = pygame.event.Event(pygame.KEYDOWN, scancode=scancode, key=key, unicode="[",
                              mod=pygame.KMOD_LCTRL | pygame.KMOD_RALT)
    ev = one(kb.feed(down) + kb.feed(azerty.text("[")))
    assert (ev.key, ev.char, ev.shift, ev.ctrl) == ("K25", "[", True, False)


def test_dead_keys_and_composed_text(azerty):
    kb = HostKeyboard("symbolic")
    assert azerty.hit(kb, "^") == []                 # dead circumflex: no text yet
    assert kb.feed(azerty.text("ê")) == []           # ê: no key types it on a CPC
    ev = one(kb.feed(azerty.text("^")))              # dead key then space: a plain ^
    assert (ev.key, ev.char, ev.shift) == ("K26", "^", False)
    assert kb.pressed == frozenset()                 # composed text presses, never holds


def test_host_text_repeat_of_a_held_key_is_ignored(azerty):
    kb = HostKeyboard("symbolic")
    assert len(kb.feed(azerty.down("D")) + kb.feed(azerty.text("d"))) == 1
    assert kb.feed(azerty.text("d")) == []  # the OS repeating: our repeat comes from tick()
    assert kb.pressed == {"D"}
    kb.feed(azerty.up("D"))
    assert one(kb.feed(azerty.text("d"))).key == "D"  # a lone TEXTINPUT still types


def test_keydown_without_textinput_is_enough(azerty):
    kb = HostKeyboard("symbolic")
    assert one(azerty.hit(kb, "é", text_input=False)).key == "2"


def test_letter_keys_without_text_still_type(qwerty):
    # With text input stopped, SDL sends no text; a letter key's code is still its letter.
    kb = HostKeyboard("symbolic")
    down = qwerty.down("Q")
    silent = pygame.event.Event(pygame.KEYDOWN, scancode=down.scancode, key=down.key, unicode="",
                                mod=pygame.KMOD_LSHIFT)
    ev = one(kb.feed(silent))
    assert (ev.key, ev.char, ev.shift) == ("Q", "Q", True)
    # Any other key without text may be a dead key: it waits for its TEXTINPUT.
    assert kb.feed(pygame.event.Event(pygame.KEYDOWN, scancode=47, key=pygame.K_CARET,
                                      unicode="", mod=0)) == []
