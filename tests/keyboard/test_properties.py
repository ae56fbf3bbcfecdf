"""Properties over many key sequences (hypothesis, derandomised so every run is the same)."""

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_cpc.keyboard.host import HostKeyboard
from monopoly_cpc.keyboard.layout import load_layout

# Host scancodes worth mixing: letters, digits, punctuation, specials, keypad, host-only, unknown.
SCANCODES = list(range(4, 57)) + [57, 69, 73, 76, 79, 80, 81, 82, 84, 85, 86, 87, 88] + \
    list(range(89, 101)) + [224, 225, 226, 228, 229, 300]
STEP = st.tuples(st.sampled_from(["down", "up", "tick", "text"]), st.sampled_from(SCANCODES),
                 st.sampled_from(["", "a", "A", "é", "1", "+", "@", "ê"]))


@settings(derandomize=True, max_examples=150, deadline=None)
@given(st.sampled_from(["positional", "symbolic"]), st.lists(STEP, max_size=60))
def test_any_sequence_keeps_the_keyboard_consistent(keymap, steps):
    kb = HostKeyboard(keymap)
    fr = kb.layout
    held: set[int] = set()
    for action, scancode, text in steps:
        if action == "down":
            out = kb.feed(pygame.event.Event(pygame.KEYDOWN, scancode=scancode, key=0,
                                             unicode=text, mod=0))
            assert len(out) <= 1
            if scancode in held:
                assert out == []
            if out:
                held.add(scancode)
        elif action == "up":
            assert kb.feed(pygame.event.Event(pygame.KEYUP, scancode=scancode, key=0, mod=0)) == []
            held.discard(scancode)
        elif action == "text":
            for ev in kb.feed(pygame.event.Event(pygame.TEXTINPUT, text=text or "a")):
                assert ev.char == (text or "a")
        else:
            out = kb.tick()
            assert all(ev.repeat for ev in out) and len(out) <= 1
            if not held:
                assert out == []
        for ev in kb.pressed:
            assert fr.named(ev)
    for scancode in sorted(held):
        kb.feed(pygame.event.Event(pygame.KEYUP, scancode=scancode, key=0, mod=0))
    assert kb.pressed == frozenset()
    assert all(kb.tick() == [] for _ in range(40))


def test_every_character_a_key_types_comes_back_from_its_producer():
    for name in ("fr", "en"):
        layout = load_layout(name)
        count = 0
        for key in layout.keys:
            for shift, ch in ((False, key.plain), (True, key.shift)):
                if ch is None or len(ch) != 1 or not key.places:
                    continue
                found_key, found_shift = layout.producer(ch)
                assert layout.event(found_key.number, shift=found_shift).char == ch
                count += 1
        assert count > 100


def test_symbolic_types_every_printable_character_of_the_french_cpc():
    fr = load_layout("fr")
    chars = sorted({ch for k in fr.keys if k.places for ch in (k.plain, k.shift)
                    if ch is not None and len(ch) == 1 and ch.isprintable()})
    assert {"é", "è", "ç", "à", "ù", "+", "-", "?"} <= set(chars)
    kb = HostKeyboard("symbolic")
    for ch in chars:
        (ev,) = kb.feed(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        assert ev.char == ch and fr.event(ev.number, ev.shift, ev.ctrl).char == ch
