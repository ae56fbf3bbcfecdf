"""CpcKeyEvent: the contract's helpers."""

import dataclasses

import pytest

from monopoly_cpc.keyboard.events import CpcKeyEvent
from monopoly_cpc.keyboard.layout import load_layout


@pytest.mark.parametrize("name, number, char, shift, digit", [
    ("1", 64, "&", False, 1), ("1", 64, "1", True, 1), ("0", 32, "à", False, 0),
    ("0", 32, "0", True, 0), ("F0", 15, "0", False, 0), ("F9", 3, "9", False, 9),
    ("F.", 7, ".", False, None), ("A", 67, "a", False, None), ("K38", 38, "?", True, None),
])
def test_digit(name, number, char, shift, digit):
    assert CpcKeyEvent(name, number, char, shift=shift).digit == digit


def test_every_top_row_and_keypad_digit_key_has_its_digit():
    fr = load_layout("fr")
    for d in range(10):
        for name in (str(d), f"F{d}"):
            key = fr.named(name)
            for shift in (False, True):
                assert fr.event(key.number, shift=shift).digit == d


def test_is_enter_and_letter():
    assert CpcKeyEvent("RETURN", 18, "\r").is_enter
    assert CpcKeyEvent("ENTER", 6, "\r").is_enter
    assert not CpcKeyEvent("SPACE", 47, " ").is_enter
    assert CpcKeyEvent("Q", 69, "\x11", ctrl=True).letter == "Q"
    assert CpcKeyEvent("M", 29, "M", shift=True).letter == "M"
    for name in ("K38", "SPACE", "F1", "1", "ESC"):
        assert CpcKeyEvent(name, 0, None).letter is None


def test_events_are_frozen_and_comparable():
    ev = CpcKeyEvent("C", 62, "\x03", ctrl=True)
    assert ev == CpcKeyEvent("C", 62, "\x03", False, True, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.key = "D"  # type: ignore[misc]
