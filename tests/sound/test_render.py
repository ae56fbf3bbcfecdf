"""Offline rendering: deterministic bytes, the bell, the track mixer, the machine noises."""

import hashlib
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from monopoly_cpc import sound
from monopoly_cpc.sound import ay, machine
from monopoly_cpc.sound.render import clear_cache
from tests.sound.test_ay import pin_signal

HASH_SCRIPT = (
    "import hashlib, json\n"
    "from monopoly_cpc import sound\n"
    "print(json.dumps({n: hashlib.sha256(sound.render_sound(n).tobytes()).hexdigest()"
    " for n in sound.sound_names()}))\n"
)


def digests():
    return {n: hashlib.sha256(sound.render_sound(n).tobytes()).hexdigest()
            for n in sound.sound_names()}


def test_renders_are_deterministic_within_and_across_processes():
    first = digests()
    clear_cache()
    assert digests() == first  # rendered again from scratch
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", HASH_SCRIPT], capture_output=True, text=True,
                         env=env, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == first


def test_every_sound_is_int16_nonempty_and_does_not_clip():
    for name in sound.sound_names():
        for stereo in (False, True):
            x = sound.render_sound(name, stereo=stereo)
            assert x.dtype == np.int16
            assert x.ndim == (2 if stereo else 1) and x.shape[0] > 0
            assert np.abs(x.astype(np.int32)).max() < 32767, name
            assert np.abs(x.astype(np.int32)).max() > 300, name  # audible


def test_render_sound_returns_a_copy():
    x = sound.render_sound("bell")
    x[:] = 0
    assert sound.render_sound("bell").any()


def test_unknown_sound():
    with pytest.raises(KeyError):
        sound.render_sound("no_such_sound")


def test_bell_is_0_2_s_at_694_hz():
    x = sound.render_sound("bell").astype(np.float64)
    assert x.size == int(0.2 * 44100)
    spectrum = np.abs(np.fft.rfft(x, 44100))  # zero-padded to 1 Hz bins
    hz = float(np.argmax(spectrum))  # 1 Hz bins
    assert abs(hz - 62500 / 90) < 5.0


def test_key_click_is_short_and_soft():
    x = sound.render_sound("key_click").astype(np.float64) / 32767
    assert x.size <= 0.03 * 44100
    assert np.abs(x).max() < 0.1


def test_render_track_places_cues_at_50_ticks_per_second():
    bell = sound.render_sound("bell")
    track = sound.render_track([(10, "bell"), (0, "no_such_sound"), (500, "bell")], 100)
    assert track.size == 100 * 882
    start = 10 * 882
    assert not track[:start].any()
    assert np.array_equal(track[start:start + bell.size], bell)
    assert not track[start + bell.size:].any()  # the cue past the end is dropped


def test_render_track_mixes_overlaps_and_arrays():
    bell = sound.render_sound("bell").astype(np.int32)
    track = sound.render_track([(0, "bell"), (0, "bell")], 20).astype(np.int32)
    assert np.abs(track[:bell.size] - np.clip(2 * bell, -32767, 32767)).max() <= 1
    clip = np.full(882, 0.5)
    t2 = sound.render_track([(1, clip)], 3, stereo=True)
    assert t2.shape == (3 * 882, 2) and (t2[882:1764] == 16384).all()
    quiet = sound.render_track([(0, "bell")], 20, volume=5).astype(np.int32)
    assert abs(np.abs(quiet).max() - np.abs(bell).max() / 2) <= 1


def dominant_hz(x):
    spectrum = np.abs(np.fft.rfft(x - x.mean()))
    return np.fft.rfftfreq(x.size, 1 / 44100)[np.argmax(spectrum)]


def test_tape_leader_is_750_hz_and_data_warbles_between_750_and_1500():
    leader = machine.render_tape_noise([(1.0, "leader")], baud=1000)
    assert leader.size == 44100
    assert abs(dominant_hz(leader) - 750.75) < 3  # T0 = 333 µs: a 1 bit lasts 1332 µs
    data = machine.render_tape_noise([(2.0, "data")], baud=1000)
    spectrum = np.abs(np.fft.rfft(data)) ** 2
    freqs = np.fft.rfftfreq(data.size, 1 / 44100)
    band = spectrum[(freqs > 600) & (freqs < 1700)].sum()
    assert band > 0.5 * spectrum[(freqs > 100) & (freqs < 5000)].sum()
    fast = machine.render_tape_noise([(1.0, "leader")], baud=2000)
    assert abs(dominant_hz(fast) - 1e6 / (4 * 167)) < 3  # SPEED WRITE 1: twice as high




def test_tape_noise_is_deterministic_and_checks_its_input():
    segs = [(0.5, "leader"), (0.02, "gap"), (0.5, "data"), (0.1, "silence")]
    a = machine.render_tape_noise(segs, seed=3)
    assert np.array_equal(a, machine.render_tape_noise(segs, seed=3))
    assert not np.array_equal(a, machine.render_tape_noise(segs, seed=4))
    assert a.size == round(1.12 * 44100)
    assert not a[-4410:].any()  # silence is silence
    with pytest.raises(ValueError):
        machine.render_tape_noise([(1.0, "music")])


def test_machine_noises_are_short_where_they_should_be():
    assert machine.relay_click().size < 0.05 * 44100
    assert machine.disc_step().size < 0.02 * 44100
    motor = machine.disc_motor(1.0)
    assert motor.size == 44100 and np.abs(motor).max() <= 0.15
    # loops without a seam: the jump from the end to the start is like any other step
    assert abs(motor[0] - motor[-1]) < 4 * np.abs(np.diff(motor)).mean()


def test_ay_render_of_empty_timeline():
    assert ay.render(ay.Timeline.silent(0)).size == 0




def frame_levels(name, channels_in_phase=1):
    """Volume-table step of each 1/100 s frame of a sound, from its rendered peak."""
    x = pin_signal(sound.render_sound(name)) / 32767  # the chip's output, before the capacitor
    frames = x[: x.size // 441 * 441].reshape(-1, 441).max(axis=1)
    ratio = frames / (channels_in_phase * ay.HEADROOM / 3)
    return np.abs(ratio[:, None] - ay.VOLUME_TABLE[None, :]).argmin(axis=1).tolist()


def test_envelopes_of_game_sounds_measured_on_the_samples():
    # step: SOUND 1,100,4,11,9 with ENV 9 = 4 steps of -2: the first at once
    assert frame_levels("step") == [9, 7, 5, 3]
    # bell: volume 11 held for 0.2 s on three channels in phase
    assert frame_levels("bell", channels_in_phase=3) == [11] * 20
    # error: two tones (not in phase) at 10 for 16/100 s, then 8, 6, 4, 2
    x = pin_signal(sound.render_sound("error"))
    per_frame = x.reshape(-1, 441).max(axis=1)
    assert np.all(np.diff(per_frame[16:]) < 0) and per_frame[:16].std() < 0.05 * per_frame[0]


def test_sound_ticks_match_the_rendered_lengths():
    for name in sound.sound_names():
        samples = sound.render_sound(name).shape[0]
        assert sound.sound_ticks(name) == -(-samples // 882), name
    assert sound.sound_ticks("bell") == 10
    with pytest.raises(KeyError):
        sound.sound_ticks("no_such_sound")
