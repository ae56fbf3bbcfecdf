"""Text entry: what the CPC types for a player's name."""

import pytest

from monopoly_cpc.keyboard.events import CpcKeyEvent
from monopoly_cpc.keyboard.host import HostKeyboard
from monopoly_cpc.keyboard.text import TextEntry


def type_keys(host, kb, entry, strokes):
    """Strokes are legends, or (legend, shift) pairs; returns the entry's last answer."""
    result = (entry.text, entry.done)
    for stroke in strokes:
        legend, shift = stroke if isinstance(stroke, tuple) else (stroke, False)
        for ev in host.hit(kb, legend, shift=shift):
            result = entry.feed(ev)
    return result


@pytest.mark.parametrize("keymap", ["positional", "symbolic"])
def test_french_name_on_an_azerty_host(azerty, keymap):
    kb, entry = HostKeyboard(keymap), TextEntry(max_len=12)
    strokes = [("H", True), "é", "L", "è", "N", "E", "Return"]
    assert type_keys(azerty, kb, entry, strokes) == ("Hélène", True)


def test_french_name_on_a_qwerty_host_positional(qwerty):
    # By place, the US 2 and 7 keys are the CPC's é 2 and è 7 keys.
    kb, entry = HostKeyboard(), TextEntry()
    strokes = [("H", True), "2", "L", "7", "N", "E", "KP_Enter"]
    assert type_keys(qwerty, kb, entry, strokes) == ("Hélène", True)


def test_cedilla_a_grave_and_u_grave(azerty):
    kb, entry = HostKeyboard(), TextEntry(max_len=20)
    strokes = [("F", True), "R", "A", "N", "ç", "O", "I", "S", "SPACE", "à", "SPACE", "O", "ù"]
    assert type_keys(azerty, kb, entry, strokes) == ("François à où", False)


def test_digits_need_shift(azerty):
    kb, entry = HostKeyboard(), TextEntry()
    assert type_keys(azerty, kb, entry, ["&", ("&", True), ("é", True)]) == ("&12", False)


def test_caps_lock_capitalises_a_to_z_only(azerty):
    kb, entry = HostKeyboard(), TextEntry(max_len=20)
    strokes = ["CapsLock", "D", "U", "P", "O", "N", "T", "SPACE", "é", ("E", True), "CapsLock", "E"]
    assert type_keys(azerty, kb, entry, strokes) == ("DUPONT éEe", False)
    assert entry.caps_lock is False


def test_del_deletes_left_and_enter_finishes(qwerty):
    kb, entry = HostKeyboard(), TextEntry()
    strokes = ["Backspace", "P", "I", "E", "R", "Backspace", "Backspace", "Return"]
    assert type_keys(qwerty, kb, entry, strokes) == ("pi", True)
    assert type_keys(qwerty, kb, entry, ["O"]) == ("pi", True)  # done: no more typing


def test_length_limit(qwerty):
    kb, entry = HostKeyboard(), TextEntry(max_len=3)
    assert type_keys(qwerty, kb, entry, ["D", "D", "D", "D", "D"]) == ("ddd", False)
    assert type_keys(qwerty, kb, entry, ["Backspace", "E"]) == ("dde", False)


def test_keys_that_type_nothing(azerty):
    kb, entry = HostKeyboard(), TextEntry()
    for legend in ("Up", "Left", "Insert", "Delete", "Escape", "Tab", "LShift", "F12"):
        type_keys(azerty, kb, entry, [legend])
    kb.feed(azerty.down("LCtrl"))
    for ev in kb.feed(azerty.down("C", ctrl=True)):
        entry.feed(ev)
    assert (entry.text, entry.done) == ("", False)


def test_ctrl_enter_finishes_without_typing_run(azerty):
    entry = TextEntry()
    entry.feed(CpcKeyEvent("A", 67, "a"))
    assert entry.feed(CpcKeyEvent("ENTER", 6, 'RUN"\r', ctrl=True)) == ("a", True)


def test_held_key_repeats_into_the_text(azerty):
    kb, entry = HostKeyboard(), TextEntry()
    entry.feed_all(kb.feed(azerty.down("A")))
    for _ in range(34):
        entry.feed_all(kb.tick())
    assert entry.text == "aaaa"  # the press, then repeats at ticks 30, 32, 34


def test_reset_and_bad_limit():
    entry = TextEntry(max_len=4, text="abcdef")
    assert entry.text == "abcd"
    entry.feed(CpcKeyEvent("RETURN", 18, "\r"))
    entry.reset("x")
    assert (entry.text, entry.done) == ("x", False)
    with pytest.raises(ValueError):
        TextEntry(max_len=0)
