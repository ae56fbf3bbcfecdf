"""The loads' timing: the tape the tool writes loads on a real CPC started by its relay, and the
boot screen's cosmetic loads follow the tape and the disc actually written."""

from __future__ import annotations

import dataclasses
import math

import pytest

from monopoly_cpc.boot import cdt, reader, tape
from monopoly_cpc.boot.sequence import State
from monopoly_cpc.options import Options
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.boot import BootScreen


class _Title(Screen):
    def draw(self, fb):
        pass


class _Quiet:
    def __init__(self):
        self.names = []

    def cue(self, name, tick=None, loops=0):
        self.names.append(name)

    def play_samples(self, samples, name="clip", tick=None):
        pass

    def stop(self, name=None):
        pass


def _screen(**opts):
    ctx = AppContext(options=Options(**opts), audio=_Quiet())
    return BootScreen(ctx, lambda: _Title(ctx)), ctx


def _decoded_timeline(records, speed, lead_in_ms=tape.LEAD_IN_MS):
    """The firmware's events for RUN"MONOPOLY, read back from the .cdt bytes."""
    reads = reader.decode_intervals(cdt.read_cdt(cdt.build_cdt(records, speed, lead_in_ms)))
    return tape.firmware_run(reads, [(tape.LOADER_NAME, False)])


def test_the_old_2000_baud_tape_loses_its_first_header_as_a_real_cpc_did():
    """1 s of lead-in and 2.625 s gaps: the firmware, deaf for 2.6 s after the motor starts,
    misses block 1's 1.37 s leader and finds block 2 (the issue's real-CPC run)."""
    m = tape.model(2000)
    old = [dataclasses.replace(r, pause_ms=tape.GAP_AFTER_BLOCK_MS if r.kind == "data" else r.pause_ms)
           for r in m.records()]
    events, files = _decoded_timeline(old, m.speed, lead_in_ms=1000)
    texts = [e.text for e in events if e.text]
    assert texts[0] == "Found   MONOPOLY block 2"
    assert files == []
    # at 1000 baud the 2.73 s leader outlasts the wait: the same old layout loads
    m1 = tape.model(1000)
    old1 = [dataclasses.replace(r, pause_ms=tape.GAP_AFTER_BLOCK_MS if r.kind == "data" else r.pause_ms)
            for r in m1.records()]
    assert len(_decoded_timeline(old1, m1.speed, lead_in_ms=1000)[1]) == 3


@pytest.mark.parametrize("baud", [1000, 2000])
def test_the_tape_written_loads_with_the_motor_waits(baud):
    m = tape.model(baud)
    events, files = _decoded_timeline(m.records(), m.speed)
    assert [f.name for f in files] == [tape.LOADER_NAME, tape.SCREEN_NAME, tape.CODE_NAME]
    assert [e.text for e in events if e.text] == ["Loading MONOPOLY block 1", "Loading MONOPOLY block 2"]
    # the motor starts for each file and again after each file's first block
    ons = [e for e in events if e.kind == "motor_on"]
    assert len(ons) == 6
    for r, blank in tape.motor_start_blanks(m.records(), m.speed):
        assert blank >= tape.MOTOR_WAIT_S + 0.4


@pytest.mark.parametrize("baud", [1000, 2000])
def test_the_cosmetic_tape_load_follows_the_tape_written(baud):
    """Every message, the MODE 1 and the picture's last byte come at the tick of the times read
    back from the .cdt the tool writes (real time, 50 ticks a second)."""
    m = tape.model(baud)
    events, _ = _decoded_timeline(m.records(), m.speed)
    screen, ctx = _screen(machine="464", media="tape", loader="real", kiosk=True, tape_speed=baud)
    while screen.seq.state is not State.LOADING:
        screen.tick()
    start = screen.seq.t
    seen: dict[str, int] = {}
    mode1 = None
    full = None
    while screen.seq.state is State.LOADING and full is None:
        screen.tick()
        for line in screen.log:
            seen.setdefault(line, screen.seq.t)
        if mode1 is None and screen.seq.inks != (1, 24, 20, 6):
            mode1 = screen.seq.t
        if screen.seq.picture_bytes >= 16384:
            full = screen.seq.t
    for e in events:
        if e.text:
            assert seen[e.text] - start == math.ceil(e.t * 50 - 1e-9), e.text
    loader_end = next(e.t for e in events if e.kind == "file_loaded")
    assert mode1 - start == math.ceil(loader_end * 50 - 1e-9)
    picture_end = [e.t for e in events if e.kind == "file_loaded"][1]
    # the picture's last byte is in memory just before its segment's CRC is read (16 bits)
    assert 0 <= math.ceil(picture_end * 50 - 1e-9) - (full - start) <= 1
    while screen.seq.state is State.LOADING and screen.seq._program_line != tape.WAIT_KEY_LINE:
        screen.tick()
    code_end = [e.t for e in events if e.kind == "file_loaded"][2]
    assert screen.seq.t - start == math.ceil(code_end * 50 - 1e-9)
    # the relay: on at the key; off and on after each file's block 1; off at each file's end
    # and on again for the next file
    assert ctx.audio.names.count("relay_click") == 1 + 3 * 2 + 3 + 2
