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
    tl = ay.Timeline.silent(5)
    tl.volume[:] = 15  # volume without tone or noise: a constant level the speaker does not pass
    assert not ay.render(tl).any()


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
    x = np.abs(ay.render(tl).astype(np.float64))
    ref = np.abs(ay.render(tone_timeline([50], frames=frames)).astype(np.float64))
    per_step = 16 * ep / ay.US_PER_SAMPLE
    steps = np.arange(48)
    ratios = []
    for k in steps:
        a, b = int(k * per_step) + 40, int((k + 1) * per_step) - 40
        ratios.append(x[a:b].max() / ref[a:b].max())
    assert nearest_levels(ratios).tolist() == ay.envelope_levels(shape, steps).tolist()
