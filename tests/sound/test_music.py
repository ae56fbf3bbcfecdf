"""The tunes (the title tune, the victory fanfare) as music: in time, in key, no clashes,
a melody that leads.  Read from the YAML's note strings and measured on the render."""

import re

import numpy as np
import pytest
import yaml

from monopoly_cpc import sound
from monopoly_cpc.sound import ay
from monopoly_cpc.sound.basic import compile_program
from monopoly_cpc.sound.data import SOUNDS_YAML

TUNES = ("title", "victory")
NOTE = re.compile(r"^(?:(?P<name>[A-G])(?P<acc>[#b]?)(?P<oct>\d)|(?P<rest>r)|(?P<drum>x))(?::(?P<len>\d+))?$")
SEMITONE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
C_MAJOR = {0, 2, 4, 5, 7, 9, 11}
# Notes outside the key, written on purpose: the title's bar 12 is D7 - G7 (a secondary
# dominant), so F# is in it.
ACCIDENTALS = {"title": {6}, "victory": set()}
BAR = 16  # sixteenth notes in a 4/4 bar


def voices(name):
    """{voice: list of bars, each a list of (midi or None for a rest or drum, length)}."""
    raw = yaml.safe_load(SOUNDS_YAML.read_text(encoding="utf-8"))["sounds"][name]["tune"]["voices"]
    out = {}
    for voice, spec in raw.items():
        lines = spec["notes"] if isinstance(spec["notes"], list) else [spec["notes"]]
        bars, length = [], 0
        for line in lines:
            for text in line.split("|"):
                bar = []
                for token in text.split():
                    m = NOTE.match(token)
                    assert m, token
                    length = int(m["len"]) if m["len"] else length
                    midi = None
                    if m["name"]:
                        midi = (12 * (int(m["oct"]) + 1) + SEMITONE[m["name"]]
                                + {"#": 1, "b": -1, "": 0}[m["acc"]])
                    bar.append((midi, length))
                bars.append(bar)
        out[voice] = bars
    return out


def per_sixteenth(bars):
    return [midi for bar in bars for midi, length in bar for _ in range(length)]


@pytest.mark.parametrize("name", TUNES)
def test_every_bar_of_every_voice_is_a_4_4_bar(name):
    v = voices(name)
    counts = {len(bars) for bars in v.values()}
    assert len(counts) == 1  # the voices have the same bars
    for voice, bars in v.items():
        for i, bar in enumerate(bars, 1):
            assert sum(length for _, length in bar) == BAR, (name, voice, i)


@pytest.mark.parametrize("name", TUNES)
def test_in_c_major(name):
    for voice, bars in voices(name).items():
        for midi in per_sixteenth(bars):
            if midi is not None:
                assert midi % 12 in C_MAJOR | ACCIDENTALS[name], (name, voice, midi)


@pytest.mark.parametrize("name", TUNES)
def test_no_two_voices_a_semitone_or_a_major_seventh_apart(name):
    v = voices(name)
    lines = {voice: per_sixteenth(bars) for voice, bars in v.items()}
    n = len(next(iter(lines.values())))
    for t in range(n):
        sounding = [(voice, line[t]) for voice, line in lines.items() if line[t] is not None]
        for i, (va, a) in enumerate(sounding):
            for vb, b in sounding[i + 1:]:
                assert abs(a - b) % 12 not in (1, 11), (name, f"bar {t // BAR + 1}", t % BAR, va, vb)


@pytest.mark.parametrize("name", TUNES)
def test_the_tune_ends_on_the_tonic_c_major_chord(name):
    for voice, bars in voices(name).items():
        last = [midi for midi, _ in bars[-1] if midi is not None][-1]
        assert last % 12 in (0, 4, 7), (name, voice)
    melody_last = [midi for midi, _ in voices(name)["A"][-1] if midi is not None][-1]
    assert melody_last % 12 == 0  # the melody comes home to C


@pytest.mark.parametrize("name", TUNES)
def test_the_melody_on_a_leads(name):
    """Channel A is at least 4 dB above each of the others (RMS of the rendered channels)."""
    channels = ay.render_channels(compile_program(sound.bank().programs[name]))
    db = 20 * np.log10(np.sqrt((channels ** 2).mean(axis=1)))
    assert db[0] > db[1] + 4 and db[0] > db[2] + 4, db

