"""The AY-3-8912 model: tone frequencies, noise, envelopes, volume table, mixing."""

import itertools

import numpy as np
import pytest

from monopoly_cpc.sound import ay


def tone_timeline(periods, volume=15, frames=100, tone=True, noise=None):
    tl = ay.Timeline.silent(frames)
    for ch, period in enumerate(periods):
        if period is None:
            continue
        tl.tone_period[:, ch] = period
        tl.tone_on[:, ch] = tone
        tl.volume[:, ch] = volume
        if noise is not None:
            tl.noise_on[:, ch] = True
            tl.noise_period[:] = noise
    return tl


def peak_hz(samples):
    x = samples.astype(np.float64)
    spectrum = np.abs(np.fft.rfft(x - x.mean()))
    freqs = np.fft.rfftfreq(x.size, 1.0 / ay.SAMPLE_RATE)
    return freqs[int(np.argmax(spectrum))], freqs[1] - freqs[0]


@pytest.mark.parametrize("period", [28, 47, 90, 142, 239, 478, 956, 2000])
def test_tone_frequency_matches_the_chip_formula(period):
    x = ay.render(tone_timeline([period]))  # 1 s: 1 Hz bins
    hz, bin_hz = peak_hz(x)
    assert abs(hz - 62500.0 / period) <= bin_hz


def test_tone_on_each_channel_and_a440():
    for ch in range(3):
        periods = [None, None, None]
        periods[ch] = 142
        hz, bin_hz = peak_hz(ay.render(tone_timeline(periods)))
        assert abs(hz - 440.14) <= bin_hz


def pin_signal(x):
    """Undo the coupling capacitor: the chip's output before ``ay.dc_block`` (exact inverse)."""
    rc = 1.0 / (2.0 * np.pi * ay.DC_CUTOFF_HZ)
    a = rc / (rc + 1.0 / ay.SAMPLE_RATE)
    y = np.asarray(x, dtype=np.float64)
    return np.cumsum(y / a - np.concatenate(([0.0], y[:-1])))


def test_dc_block_is_the_rc_high_pass_and_pin_signal_undoes_it():
    rng = np.random.default_rng(1)
    x = rng.random(5000)
    y = ay.dc_block(x)
    rc = 1.0 / (2.0 * np.pi * ay.DC_CUTOFF_HZ)
    a = rc / (rc + 1.0 / ay.SAMPLE_RATE)
    ref, prev_x, prev_y = [], 0.0, 0.0
    for v in x[:3000]:  # the recurrence, one sample at a time, across block edges
        prev_y = a * (prev_y + v - prev_x)
        prev_x = v
        ref.append(prev_y)
    assert np.allclose(y[:3000], ref, atol=1e-9)
    assert np.allclose(pin_signal(y), x, atol=1e-9)
    assert np.abs(y).max() <= 1.0  # a signal in [0, 1] stays within ±1


def test_volume_table_is_logarithmic_and_monotonic():
    t = ay.VOLUME_TABLE
    assert t.size == 16 and t[0] == 0.0 and t[15] == 1.0
    assert np.all(np.diff(t) > 0)
    # roughly 3 dB a step over the upper range
    db = 20 * np.log10(t[5:16])
    steps = np.diff(db)
    assert 1.0 < steps.mean() < 4.0


def test_rendered_level_follows_volume():
    rms = []
    for v in range(16):
        x = ay.render(tone_timeline([100], volume=v, frames=10)).astype(np.float64)
        rms.append(np.sqrt((x ** 2).mean()))
    assert rms[0] == 0.0
    assert all(b > a for a, b in itertools.pairwise(rms))


FORMS = {
    "\\___": [0, 1, 2, 3, 9],
    "/___": [4, 5, 6, 7, 15],
    "\\\\\\\\": [8],
    "\\/\\/": [10],
    "\\¯¯¯": [11],
    "////": [12],
    "/¯¯¯": [13],
    "/\\/\\": [14],
}


def expected_form(form, steps):
    pos = steps % 16
    cyc = steps // 16
    down, up = 15 - pos, pos
    first = cyc == 0
    return {
        "\\___": np.where(first, down, 0),
        "/___": np.where(first, up, 0),
        "\\\\\\\\": down,
        "\\/\\/": np.where(cyc % 2 == 0, down, up),
        "\\¯¯¯": np.where(first, down, 15),
        "////": up,
        "/¯¯¯": np.where(first, up, 15),
        "/\\/\\": np.where(cyc % 2 == 0, up, down),
    }[form]


def test_all_16_envelope_shapes_give_the_8_forms():
    steps = np.arange(64)
    seen = {}
    for form, shapes in FORMS.items():
        for shape in shapes:
            levels = ay.envelope_levels(shape, steps)
            assert levels.tolist() == expected_form(form, steps).tolist(), (shape, form)
            seen[shape] = tuple(levels.tolist())
    assert sorted(seen) == list(range(16))
    assert len(set(seen.values())) == 8


def test_envelope_period_in_the_rendered_output():
    # Shape 12 (////) with EP = 100: one ramp every 256 * 100 µs = 25.6 ms.
    tl = tone_timeline([4], frames=20)  # 15.6 kHz tone carries the envelope
    tl.use_env[:, 0] = True
    tl.env_shape[:] = 12
    tl.env_period[:] = 100
    tl.env_restart[0] = True
    amp = ay.envelope_amplitude(tl)
    top = ay.VOLUME_TABLE[15]
    # the level falls back to 0 at the start of each ramp: count the ramps in 0.2 s
    restarts = np.flatnonzero((amp[1:] < 0.01) & (amp[:-1] >= top - 1e-9))
    gaps = np.diff(restarts) / ay.SAMPLE_RATE
    assert gaps.size >= 6
    assert np.allclose(gaps, 0.0256, atol=1.0 / ay.SAMPLE_RATE)


def test_envelope_restart_starts_a_new_ramp():
    tl = ay.Timeline.silent(10)
    tl.env_shape[:] = 0  # \___ : one fall, then silence
    tl.env_period[:] = 50  # a fall lasts 12.8 ms
    tl.env_restart[[0, 5]] = True
    amp = ay.envelope_amplitude(tl)
    fs = tl.frame_samples
    assert amp[0] == 1.0 and amp[5 * fs] == 1.0  # full at each restart
    assert amp[4 * fs] == 0.0 and amp[9 * fs] == 0.0  # died away between


def test_lfsr_is_the_17_bit_maximal_sequence():
    bits = ay.lfsr_bits()
    assert bits.size == 2 ** 17 - 1
    assert int(bits.sum()) == 2 ** 16  # a maximal-length sequence has one more 1 than 0s
    # reference: the register stepped one bit at a time for the first 500 outputs
    reg, ref = 1, []
    for _ in range(500):
        ref.append(reg & 1)
        reg = (reg >> 1) | (((reg ^ (reg >> 3)) & 1) << 16)
    assert bits[:500].tolist() == ref


def test_noise_is_noise():
    tl = ay.Timeline.silent(100)
    tl.noise_on[:, 0] = True
    tl.volume[:, 0] = 15
    tl.noise_period[:] = 4
    x = ay.render(tl).astype(np.float64)
    power = np.abs(np.fft.rfft(x - x.mean())) ** 2
    # no tone: the strongest bin holds a tiny share of the power, spread over the band
    assert power.max() / power.sum() < 0.002
    freqs = np.fft.rfftfreq(x.size, 1 / ay.SAMPLE_RATE)
    bands = [power[(freqs >= lo) & (freqs < lo + 2000)].sum() for lo in range(0, 8000, 2000)]
    assert min(bands) > 0.1 * max(bands)


def test_noise_and_tone_together_are_gated():
    tone = ay.render(tone_timeline([200])).astype(np.float64)
    both = ay.render(tone_timeline([200], noise=8)).astype(np.float64)
    assert not np.array_equal(tone, both)
    hz, bin_hz = peak_hz(both)  # the tone still dominates the gated signal
    assert abs(hz - 312.5) <= bin_hz


def test_nothing_clips_with_all_three_channels_at_15():
    for stereo in (False, True):
        for noise in (None, 1, 31):
            x = ay.render(tone_timeline([100, 100, 100], noise=noise, frames=20), stereo=stereo)
            assert np.abs(x.astype(np.int32)).max() < 32767
    x = ay.render(tone_timeline([100, 100, 100], frames=20))
    assert np.abs(x.astype(np.int32)).max() >= int(0.85 * 32767)  # and the headroom is small


def test_stereo_places_a_left_b_centre_c_right():
    a = ay.render(tone_timeline([100, None, None], frames=5), stereo=True).astype(float)
    b = ay.render(tone_timeline([None, 100, None], frames=5), stereo=True).astype(float)
    c = ay.render(tone_timeline([None, None, 100], frames=5), stereo=True).astype(float)
    assert np.abs(a[:, 1]).max() == 0 and np.abs(a[:, 0]).max() > 0
    assert np.abs(c[:, 0]).max() == 0 and np.abs(c[:, 1]).max() > 0
    assert np.array_equal(b[:, 0], b[:, 1]) and np.abs(b[:, 0]).max() > 0


def test_phase_is_continuous_when_the_period_changes():
    tl = tone_timeline([100], frames=6)
    tl.tone_period[3:, 0] = 101
    x = ay.render(tl).astype(np.float64)
    edges = np.flatnonzero(np.sign(x[1:]) != np.sign(x[:-1]))
    half = np.diff(edges) / ay.SAMPLE_RATE * 1e6  # half-cycle lengths in µs
    # every half-cycle, including the one across the change, lasts 8 * period µs:
    # a counter restarted at the change would leave one short half-cycle
    assert half.min() > 800 - 2 * ay.US_PER_SAMPLE
    assert half.max() < 808 + 2 * ay.US_PER_SAMPLE


def test_silent_channels_are_silent():
    assert not ay.render(ay.Timeline.silent(5)).any()


def test_a_constant_level_is_heard_only_as_the_click_where_it_starts():
    tl = ay.Timeline.silent(20)
    tl.volume[:] = 15  # tone and noise off: the pin holds the level, the capacitor blocks it
    x = ay.render(tl).astype(np.float64)
    assert np.abs(x[:10]).max() > 0.8 * 32767 * ay.HEADROOM  # the step
    assert np.abs(x[-441:]).max() < 2  # gone within 0.2 s


def steady_rms(tl):
    x = ay.render(tl).astype(np.float64)[ay.SAMPLE_RATE // 10:]  # after the onset
    return np.sqrt(((x - x.mean()) ** 2).mean())


def test_tone_noise_and_both_keep_the_levels_of_the_chips_mixer():
    """The mixer ANDs tone and noise before the DAC: a tone or a noise alone is high half the
    time (RMS = level/2), both together a quarter of the time (RMS = level * sqrt(3)/4), so
    tone and noise together are 1.25 dB below a tone alone at the same volume (a mix scaled to
    its own peak would put them 4.8 dB below)."""
    tone = steady_rms(tone_timeline([200], frames=50))
    both = steady_rms(tone_timeline([200], frames=50, noise=8))
    noise = steady_rms(tone_timeline([200], frames=50, tone=False, noise=8))
    level = 32767 * ay.HEADROOM / 3
    assert abs(tone - level / 2) < 0.01 * level
    assert abs(20 * np.log10(noise / tone)) < 0.5
    assert abs(20 * np.log10(both / tone) - 20 * np.log10(np.sqrt(3) / 2)) < 0.3


def test_hardware_envelope_on_a_silent_mixer_is_heard_as_its_own_buzz():
    """Tone and noise off, the channel's level is the envelope itself: shape 8 (\\\\) at
    EP 10 is a saw of 1 MHz / (256 * 10) = 390.6 Hz, shape 10 (\\/\\/) a triangle at half."""
    for shape, hz in ((8, 1e6 / 2560), (10, 1e6 / 5120), (12, 1e6 / 2560)):
        tl = ay.Timeline.silent(100)
        tl.use_env[:, 0] = True
        tl.env_shape[:] = shape
        tl.env_period[:] = 10
        tl.env_restart[0] = True
        got, bin_hz = peak_hz(ay.render(tl))
        assert abs(got - hz) <= bin_hz, shape


def test_volume_table_lowest_steps_as_the_measured_chip():
    """The measured DAC's steps 1-12 stand 0.2-0.8 dB louder against step 15 than in the
    emulators' usual table (Caprice32's): a decay keeps its quiet end."""
    caprice = np.array([0, 836, 1212, 1773, 2619, 3875, 5397, 8823, 10392, 16706, 23339, 29292,
                        36969, 46421, 55195, 65535]) / 65535
    louder = 20 * np.log10(ay.VOLUME_TABLE[1:13] / caprice[1:13])
    assert ((louder > 0.15) & (louder < 1.0)).all(), louder


def nearest_levels(ratios):
    """Volume-table steps nearest to measured amplitude ratios (0..1)."""
    return np.abs(np.asarray(ratios)[:, None] - ay.VOLUME_TABLE[None, :]).argmin(axis=1)


@pytest.mark.parametrize("shape", range(16))
def test_envelope_shapes_measured_on_the_rendered_samples(shape):
    """The level of a 1250 Hz tone under the hardware envelope, step by step, read back from
    the samples (peak over each step against a tone at volume 15) follows the shape."""
    ep = 1000  # a step lasts 16 * 1000 µs, ≈ 706 samples
    frames = 80
    tl = tone_timeline([50], frames=frames)
    tl.use_env[:, 0] = True
    tl.env_shape[:] = shape
    tl.env_period[:] = ep
    tl.env_restart[0] = True
    x = pin_signal(ay.render(tl))
    ref = pin_signal(ay.render(tone_timeline([50], frames=frames)))
    per_step = 16 * ep / ay.US_PER_SAMPLE
    steps = np.arange(48)
    ratios = []
    for k in steps:
        a, b = int(k * per_step) + 40, int((k + 1) * per_step) - 40
        ratios.append(x[a:b].max() / ref[a:b].max())
    assert nearest_levels(ratios).tolist() == ay.envelope_levels(shape, steps).tolist()
