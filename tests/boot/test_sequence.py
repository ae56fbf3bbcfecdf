"""The boot's sequence alone: ticks and keys in, states, text and sounds out, no display."""

from __future__ import annotations

import subprocess
import sys

import pytest

from monopoly_cpc.boot.sequence import BootSequence, State
from monopoly_cpc.keyboard.events import CpcKeyEvent


def states_until(seq: BootSequence, stop: State, limit: int = 20_000) -> tuple[list[State], list[tuple]]:
    """The states the sequence goes through (each once, in order) and the sounds it hands out."""
    seen, sounds = [seq.state], []
    for _ in range(limit):
        if seq.state is stop:
            return seen, sounds
        seq.tick()
        sounds += seq.take_sounds()
        if seq.state is not seen[-1]:
            seen.append(seq.state)
    raise AssertionError(f"never reached {stop}: {seen}")


def test_the_sequence_needs_no_pygame():
    code = ("import sys; from monopoly_cpc.boot import sequence; "
            "s = sequence.BootSequence(); [s.tick() for _ in range(60)]; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_6128_boots_from_disc_by_ticks_alone():
    seq = BootSequence(machine="6128")
    seen, sounds = states_until(seq, State.DONE)
    assert seen == [State.POWER, State.TYPING, State.LOADING, State.DONE]
    assert seq.log[0] == " Amstrad 128K Microcomputer  (v3)" and " BASIC 1.1" in seq.log
    assert 'RUN"MONOPOLY' in seq.log
    assert ("loop", "disc_motor") in sounds and sounds[-1] == ("stop", "disc_motor")
    assert seq.picture_bytes == 16384   # the whole loading picture is in screen memory
    assert seq.take_sounds() == []      # handed out once


def test_a_464_waits_for_play_then_a_key_starts_the_tape():
    seq = BootSequence(machine="464")
    seen, _ = states_until(seq, State.TAPE_PROMPT)
    assert seen == [State.POWER, State.TYPING, State.TAPE_PROMPT]
    for _ in range(500):
        seq.tick()
    assert seq.state is State.TAPE_PROMPT   # nobody pressed PLAY
    seq.key(CpcKeyEvent("SPACE", 0, " "))
    assert seq.state is State.LOADING and seq.take_sounds() == [("cue", "relay_click")]


def test_the_kiosk_sequence_presses_play_by_itself():
    seq = BootSequence(machine="464", auto=True)
    seen, sounds = states_until(seq, State.DONE, limit=100_000)
    assert seen == [State.POWER, State.TYPING, State.TAPE_PROMPT, State.LOADING, State.DONE]
    assert sounds.count(("cue", "relay_click")) >= 2


def test_copy_skips_to_the_end_and_skip_ends_at_the_first_tick():
    seq = BootSequence(machine="664")
    seq.tick()
    seq.key(CpcKeyEvent("COPY", 0, None))
    assert seq.state is State.DONE
    skip = BootSequence(loader="skip")
    skip.tick()
    assert skip.state is State.DONE and skip.t == 0


@pytest.mark.parametrize("bad", [{"media": "cartridge"}, {"loader": "slow"}])
def test_a_bad_media_or_loader_is_refused(bad):
    with pytest.raises(ValueError):
        BootSequence(**bad)
