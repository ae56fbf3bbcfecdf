"""Positional keymap: host keys land on the CPC key at the same place, for AZERTY and QWERTY hosts."""

import pygame
import pytest

from monopoly_cpc.errors import UserError
from monopoly_cpc.keyboard.host import HostKeyboard

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# What the French CPC types on its top-row keys without SHIFT.
CPC_FR_TOP_ROW = {"1": "&", "2": "é", "3": '"', "4": "'", "5": "(", "6": "]", "7": "è", "8": "!",
                  "9": "ç", "0": "à"}
# US QWERTY legend -> the French CPC key at that place (only the differences).
US_PLACE_ON_FR_CPC = {"Q": "A", "W": "Z", "A": "Q", "Z": "W", "M": "K38", ";": "M"}


def one(events):
    assert len(events) == 1, events
    return events[0]


@pytest.mark.parametrize("letter", LETTERS)
def test_azerty_host_letter_lands_on_the_same_cpc_letter(azerty, letter):
    kb = HostKeyboard()
    ev = one(azerty.hit(kb, letter))
    assert (ev.key, ev.char, ev.letter, ev.shift, ev.ctrl, ev.repeat) == (
        letter, letter.lower(), letter, False, False, False)
    ev = one(azerty.hit(kb, letter, shift=True))
    assert (ev.key, ev.char, ev.shift) == (letter, letter, True)


@pytest.mark.parametrize("legend", list(LETTERS) + [";"])
def test_qwerty_host_letter_keys_by_place(qwerty, legend):
    kb = HostKeyboard()
    want = US_PLACE_ON_FR_CPC.get(legend, legend)
    ev = one(qwerty.hit(kb, legend))
    assert ev.key == want
    assert ev.char == ("," if want == "K38" else want.lower())
    ev = one(qwerty.hit(kb, legend, shift=True))
    assert ev.char == ("?" if want == "K38" else want)


def test_qwerty_host_reaches_every_cpc_letter(qwerty):
    kb = HostKeyboard()
    got = {one(qwerty.hit(kb, legend)).letter for legend in list(LETTERS) + [";"]}
    assert got - {None} == set(LETTERS)


@pytest.mark.parametrize("digit", "1234567890")
def test_top_row_digits_need_shift_on_the_french_cpc(host, fr_digit_keys, digit):
    kb = HostKeyboard()
    legend = fr_digit_keys[digit] if host.name == "azerty" else digit
    ev = one(host.hit(kb, legend))
    assert (ev.key, ev.digit, ev.char, ev.shift) == (digit, int(digit), CPC_FR_TOP_ROW[digit], False)
    ev = one(host.hit(kb, legend, shift=True))
    assert (ev.key, ev.digit, ev.char, ev.shift) == (digit, int(digit), digit, True)


@pytest.mark.parametrize("keymap", ["positional", "symbolic"])
@pytest.mark.parametrize("d", range(10))
def test_keypad_digits_are_f0_to_f9_and_type_the_digit(host, keymap, d):
    kb = HostKeyboard(keymap)
    ev = one(host.hit(kb, f"KP_{d}"))
    assert (ev.key, ev.digit, ev.char) == (f"F{d}", d, str(d))
    ev = one(host.hit(kb, f"KP_{d}", shift=True))
    assert (ev.key, ev.digit, ev.char) == (f"F{d}", d, str(d))


@pytest.mark.parametrize("legend, key, char", [
    ("Return", "RETURN", "\r"), ("KP_Enter", "ENTER", "\r"), ("Escape", "ESC", None),
    ("Backspace", "DEL", "\x7f"), ("Delete", "CLR", "\x10"), ("Insert", "COPY", None),
    ("Tab", "TAB", "\t"), ("CapsLock", "CAPS", None), ("Up", "UP", None), ("Down", "DOWN", None),
    ("Left", "LEFT", None), ("Right", "RIGHT", None), ("LShift", "SHIFT", None),
    ("RShift", "SHIFT", None), ("LCtrl", "CTRL", None), ("RCtrl", "CTRL", None),
    ("KP_Period", "F.", "."), ("SPACE", "SPACE", " "),
])
@pytest.mark.parametrize("keymap", ["positional", "symbolic"])
def test_special_keys(host, keymap, legend, key, char):
    kb = HostKeyboard(keymap)
    ev = one(host.hit(kb, legend))
    assert (ev.key, ev.char) == (key, char)
    assert ev.is_enter == (key in ("RETURN", "ENTER"))


@pytest.mark.parametrize("want, azerty_key, qwerty_key, shift, key", [
    ("+", "!", "/", True, "K30"),   # the CPC's = + key sits right of : /
    ("-", "=", "=", False, "K24"),  # the CPC's - _ key sits left of CLR
    ("?", ",", "M", True, "K38"),   # the CPC's , ? key sits right of N
    ("+", "KP_Plus", "KP_Plus", False, "K30"),  # the PC keypad's + types + (CPC SHIFT added)
    ("-", "KP_Minus", "KP_Minus", False, "K24"),
])
def test_plus_minus_question_mark(host, want, azerty_key, qwerty_key, shift, key):
    kb = HostKeyboard()
    legend = azerty_key if host.name == "azerty" else qwerty_key
    ev = one(host.hit(kb, legend, shift=shift))
    assert (ev.key, ev.char) == (key, want)


@pytest.mark.parametrize("keymap", ["positional", "symbolic"])
def test_keypad_plus_minus_in_both_keymaps(host, keymap):
    kb = HostKeyboard(keymap)
    assert [(e.key, e.char, e.shift) for e in host.hit(kb, "KP_Plus")] == [("K30", "+", True)]
    assert [(e.key, e.char, e.shift) for e in host.hit(kb, "KP_Minus")] == [("K24", "-", False)]


def test_ctrl_c_is_one_event(host):
    kb = HostKeyboard()
    ev = one(host.hit(kb, "C", ctrl=True))
    assert (ev.key, ev.letter, ev.ctrl, ev.char) == ("C", "C", True, "\x03")


def test_ctrl_takes_the_ctrl_table_even_with_shift(azerty):
    kb = HostKeyboard()
    kb.feed(azerty.down("LCtrl"))
    kb.feed(azerty.down("LShift"))
    ev = one(kb.feed(azerty.down("é", shift=True, ctrl=True)))
    assert (ev.key, ev.shift, ev.ctrl, ev.char) == ("2", True, True, "~")


def test_host_only_and_unknown_keys_give_nothing(host):
    kb = HostKeyboard()
    for legend in ("F12", "F1", "PrintScreen", "LAlt"):
        assert host.hit(kb, legend) == []
    assert kb.feed(pygame.event.Event(pygame.KEYDOWN, scancode=300, key=0, unicode="", mod=0)) == []
    assert kb.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(0, 0))) == []
    assert kb.pressed == frozenset()


def test_alt_enter_is_the_loops_not_the_cpcs(host):
    kb = HostKeyboard()
    kb.feed(host.down("LAlt"))
    assert kb.feed(host.down("Return", alt=True)) == []
    assert kb.feed(host.down("KP_Enter", alt=True)) == []
    assert kb.pressed == frozenset()
    kb.feed(host.up("Return"))
    kb.feed(host.up("LAlt"))
    assert one(host.hit(kb, "Return")).key == "RETURN"


def test_pressed_follows_the_held_keys(azerty):
    kb = HostKeyboard()
    kb.feed(azerty.down("LCtrl"))
    kb.feed(azerty.down("LShift"))
    kb.feed(azerty.down("RShift"))
    kb.feed(azerty.down("Escape"))
    assert kb.pressed == {"CTRL", "SHIFT", "ESC"}
    kb.feed(azerty.up("LShift"))
    assert kb.pressed == {"CTRL", "SHIFT", "ESC"}  # the right SHIFT still holds it
    kb.feed(azerty.up("RShift"))
    kb.feed(azerty.up("Escape"))
    assert kb.pressed == {"CTRL"}
    kb.reset()
    assert kb.pressed == frozenset()


def test_focus_loss_releases_everything(azerty):
    kb = HostKeyboard()
    kb.feed(azerty.down("D"))
    kb.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert kb.pressed == frozenset()
    assert all(kb.tick() == [] for _ in range(100))


def test_host_auto_repeat_keydowns_are_ignored(azerty):
    kb = HostKeyboard()
    assert len(kb.feed(azerty.down("D"))) == 1
    assert kb.feed(azerty.down("D")) == []
    kb.feed(azerty.up("D"))
    assert len(kb.feed(azerty.down("D"))) == 1


def test_shift_from_mod_bits_alone(azerty):
    # A Shift pressed before the window had focus only shows in `mod`.
    kb = HostKeyboard()
    ev = one(kb.feed(azerty.down("&", shift=True)))
    assert (ev.key, ev.char, ev.shift) == ("1", "1", True)


def test_positional_ignores_textinput(azerty):
    kb = HostKeyboard()
    assert kb.feed(azerty.text("a")) == []


def test_english_cpc_layout_positional(qwerty, azerty):
    kb = HostKeyboard(cpc_layout="en")
    assert (one(qwerty.hit(kb, "Q")).key, one(qwerty.hit(kb, "Q")).char) == ("Q", "q")
    assert one(qwerty.hit(kb, ";")).char == ":"
    assert one(azerty.hit(kb, "A")).key == "Q"  # the AZERTY A sits in the CPC's Q place
    ev = one(qwerty.hit(kb, "1"))
    assert (ev.key, ev.char, ev.digit) == ("1", "1", 1)
    assert one(qwerty.hit(kb, "1", shift=True)).char == "!"


def test_bad_options_are_user_errors():
    with pytest.raises(UserError, match="keymap"):
        HostKeyboard("azerty")
    with pytest.raises(UserError, match="CPC keyboard"):
        HostKeyboard(cpc_layout="de")
