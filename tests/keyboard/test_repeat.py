"""The firmware's key repeat, counted in 50 Hz ticks."""

import pytest

from monopoly_cpc.keyboard.host import HostKeyboard
from monopoly_cpc.keyboard.layout import CpcLayout, RepeatTiming, load_layout


def repeat_ticks(kb, ticks):
    """Tick numbers (1-based) at which tick() gave events, and those events."""
    at, events = [], []
    for t in range(1, ticks + 1):
        out = kb.tick()
        if out:
            at.append(t)
            events += out
    return at, events


@pytest.mark.parametrize("name", ["fr", "en"])
def test_cpc_repeat_is_30_then_2_ticks(name):
    assert load_layout(name).repeat == RepeatTiming(delay=30, period=2)


@pytest.mark.parametrize("keymap", ["positional", "symbolic"])
def test_held_key_repeats_after_the_delay_then_at_the_period(azerty, keymap):
    kb = HostKeyboard(keymap)
    kb.feed(azerty.down("D"))
    kb.feed(azerty.text("d"))
    at, events = repeat_ticks(kb, 40)
    assert at == [30, 32, 34, 36, 38, 40]
    assert all(ev.repeat and ev.key == "D" and ev.char == "d" for ev in events)
    kb.feed(azerty.up("D"))
    assert repeat_ticks(kb, 100) == ([], [])


def test_timing_comes_from_the_data(azerty):
    kb = HostKeyboard()
    fr = kb.layout
    kb.layout = CpcLayout(fr.name, fr.title, RepeatTiming(delay=5, period=3), fr.keys)
    kb.feed(azerty.down("T"))
    assert repeat_ticks(kb, 14)[0] == [5, 8, 11, 14]


def test_release_before_the_delay_gives_no_repeat(qwerty):
    kb = HostKeyboard()
    kb.feed(qwerty.down("SPACE"))
    assert repeat_ticks(kb, 29) == ([], [])
    kb.feed(qwerty.up("SPACE"))
    assert repeat_ticks(kb, 10) == ([], [])


def test_the_last_key_pressed_repeats(azerty):
    kb = HostKeyboard()
    kb.feed(azerty.down("P"))
    repeat_ticks(kb, 20)
    kb.feed(azerty.down("H"))  # P is still held
    at, events = repeat_ticks(kb, 32)
    assert at == [30, 32]
    assert {ev.key for ev in events} == {"H"}
    kb.feed(azerty.up("H"))
    assert repeat_ticks(kb, 60) == ([], [])  # P does not take over again, as on a CPC


def test_modifier_keys_and_esc_do_not_repeat(azerty):
    kb = HostKeyboard()
    for legend in ("LShift", "LCtrl", "CapsLock", "Escape"):
        kb.feed(azerty.down(legend))
        assert repeat_ticks(kb, 60) == ([], []), legend


def test_repeat_takes_the_modifiers_held_at_that_moment(azerty):
    kb = HostKeyboard()
    kb.feed(azerty.down("L"))
    at, events = repeat_ticks(kb, 30)
    assert (at, events[0].char) == ([30], "l")
    kb.feed(azerty.down("LShift"))  # SHIFT does not restart the repeat
    at, events = repeat_ticks(kb, 2)
    assert (at, events[0].char, events[0].shift) == ([2], "L", True)


def test_cursor_and_del_repeat(qwerty):
    for legend, key in (("Right", "RIGHT"), ("Backspace", "DEL")):
        kb = HostKeyboard()
        kb.feed(qwerty.down(legend))
        at, events = repeat_ticks(kb, 34)
        assert at == [30, 32, 34] and {ev.key for ev in events} == {key}


def test_symbolic_and_typed_repeats_keep_their_character(qwerty):
    kb = HostKeyboard("symbolic")
    kb.feed(qwerty.down("A", shift=True))  # 'A' needs the CPC SHIFT; the host Shift was not seen
    events = repeat_ticks(kb, 32)[1]
    assert [(ev.key, ev.char, ev.shift) for ev in events] == [("A", "A", True)] * 2
    kb = HostKeyboard()
    kb.feed(qwerty.down("KP_Plus"))
    events = repeat_ticks(kb, 30)[1]
    assert [(ev.key, ev.char, ev.shift, ev.repeat) for ev in events] == [("K30", "+", True, True)]


def test_no_keys_no_repeat():
    kb = HostKeyboard()
    assert repeat_ticks(kb, 100) == ([], [])
