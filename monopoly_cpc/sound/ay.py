"""An AY-3-8912 sound chip, as the CPC wires it, rendered with numpy.

The chip (1 MHz on the CPC) has three square-wave tone channels, one noise generator (a
17-bit linear feedback shift register) and one envelope generator with 16 shapes.  Each
channel's output level comes from a logarithmic 16-step volume table, either from the
channel's fixed volume or from the envelope.

What is rendered is a :class:`Timeline`: the chip's registers frame by frame (a frame is
1/100 s by default, the step of BASIC's SOUND/ENV/ENT).  Everything is vectorised per channel
over the whole buffer: phases are cumulative sums of per-sample increments, so a period that
changes between frames keeps its phase, as the chip's counters do.

Each sample is the *average* of the chip's output over the sample's 22.7 µs, computed exactly
from the integral of the square wave (and of the noise bit stream).  That is a box filter:
it keeps high tones (62.5 kHz at period 1) from folding back as loud aliases, and it costs no
more than point sampling.

The speaker and the STEREO jack are AC coupled, so a constant level is not heard.  The
model therefore outputs each channel around its mean: a channel with tone and noise both
off is silent (the "envelope as waveform" trick of some demos is not modelled).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

SAMPLE_RATE = 44_100
FRAME_SAMPLES = 441  # 1/100 s at 44.1 kHz: the step of BASIC's SOUND, ENV and ENT
US_PER_SAMPLE = 1e6 / SAMPLE_RATE

# Output levels of the 16 volume steps (Caprice32's measured AY table, roughly 3 dB a step),
# normalised so that volume 15 is 1.0.
_AY_LEVELS = (0, 836, 1212, 1773, 2619, 3875, 5397, 8823, 10392, 16706, 23339, 29292, 36969,
              46421, 55195, 65535)
VOLUME_TABLE = np.array(_AY_LEVELS, dtype=np.float64) / 65535.0

# Three channels at volume 15, in phase, reach this fraction of int16 full scale: a little
# headroom so that nothing the chip can do clips.
HEADROOM = 0.9

LFSR_LENGTH = (1 << 17) - 1


def envelope_levels(shape: npt.ArrayLike, step: npt.ArrayLike) -> np.ndarray:
    """Envelope level (0..15) after ``step`` envelope steps, for register 13 value ``shape``.

    One ramp is 16 steps; a step lasts 16 * EP clock cycles, so a ramp lasts 256 * EP µs.
    Bits of the shape: 8 continue, 4 attack, 2 alternate, 1 hold.  Shapes 0-7 (continue
    off) ramp once and then stay at 0.  Both arguments may be numpy arrays (broadcast).
    """
    shape = np.asarray(shape, dtype=np.int64)
    step = np.asarray(step, dtype=np.int64)
    cont = (shape & 8) != 0
    att = (shape & 4) != 0
    # Without "continue" the chip behaves as hold, with alternate equal to attack (ends at 0).
    alt = np.where(cont, (shape & 2) != 0, att)
    hold = np.where(cont, (shape & 1) != 0, True)
    cycle = step // 16
    pos = step % 16
    rising = att ^ (alt & (cycle % 2 == 1))
    ramp = np.where(rising, pos, 15 - pos)
    held = np.where(att ^ alt, 15, 0)
    return np.where(hold & (cycle > 0), held, ramp).astype(np.int64)


@lru_cache(maxsize=1)
def lfsr_bits() -> np.ndarray:
    """The noise generator's output bit sequence over one full period (2**17 - 1 bits).

    The register shifts right; the new bit 16 is bit 0 XOR bit 3, and bit 0 is the output.
    So the output sequence obeys s[n] = s[n-17] ^ s[n-14], which numpy fills 14 at a time.
    """
    s = np.zeros(LFSR_LENGTH + 17, dtype=np.uint8)
    s[0] = 1  # the register starts at 1
    for n in range(17, s.size, 14):
        m = min(14, s.size - n)
        s[n:n + m] = s[n - 17:n - 17 + m] ^ s[n - 14:n - 14 + m]
    bits = s[:LFSR_LENGTH].copy()
    bits.setflags(write=False)
    return bits


@lru_cache(maxsize=1)
def _lfsr_cumulative() -> np.ndarray:
    cum = np.concatenate(([0], np.cumsum(lfsr_bits(), dtype=np.int64)))
    cum.setflags(write=False)
    return cum


@dataclass
class Timeline:
    """The chip's registers, one row per frame of ``frame_samples`` samples.

    Channel arrays have shape (frames, 3) for A, B, C.  ``env_restart`` marks the frames at
    whose start register 13 was written (which restarts the envelope).
    """

    tone_period: np.ndarray  # (n, 3) int, 12-bit period (0 behaves as 1)
    volume: np.ndarray  # (n, 3) int 0..15
    use_env: np.ndarray  # (n, 3) bool: level from the envelope instead of ``volume``
    tone_on: np.ndarray  # (n, 3) bool: mixer tone enable
    noise_on: np.ndarray  # (n, 3) bool: mixer noise enable
    noise_period: np.ndarray  # (n,) int 1..31
    env_period: np.ndarray  # (n,) int 1..65535
    env_shape: np.ndarray  # (n,) int 0..15
    env_restart: np.ndarray  # (n,) bool
    frame_samples: int = FRAME_SAMPLES

    @classmethod
    def silent(cls, frames: int, frame_samples: int = FRAME_SAMPLES) -> Timeline:
        """All channels off for ``frames`` frames."""
        return cls(
            tone_period=np.zeros((frames, 3), np.int64),
            volume=np.zeros((frames, 3), np.int64),
            use_env=np.zeros((frames, 3), bool),
            tone_on=np.zeros((frames, 3), bool),
            noise_on=np.zeros((frames, 3), bool),
            noise_period=np.ones(frames, np.int64),
            env_period=np.ones(frames, np.int64),
            env_shape=np.zeros(frames, np.int64),
            env_restart=np.zeros(frames, bool),
            frame_samples=frame_samples,
        )

    @property
    def frames(self) -> int:
        return int(self.volume.shape[0])

    @property
    def samples(self) -> int:
        return self.frames * self.frame_samples


def _square_integral(phase: np.ndarray) -> np.ndarray:
    """Integral of a 0/1 square wave of period 1 (high in the first half) from 0 to ``phase``."""
    whole = np.floor(phase)
    return whole * 0.5 + np.minimum(phase - whole, 0.5)


def _box_average(integral: Callable[[np.ndarray], np.ndarray], end: np.ndarray, inc: np.ndarray) -> np.ndarray:
    """Mean of a signal over each sample, given its integral and the phase at each sample's end."""
    start = end - inc
    return (integral(end) - integral(start)) / inc


def _noise_integral(pos: np.ndarray) -> np.ndarray:
    """Number of 1 bits the noise register has output from step 0 up to ``pos`` (real)."""
    cum = _lfsr_cumulative()
    bits = lfsr_bits()
    whole = np.floor(pos).astype(np.int64)
    laps, rest = np.divmod(whole, LFSR_LENGTH)
    return laps * cum[-1] + cum[rest] + (pos - whole) * bits[rest]


def _per_sample(values: np.ndarray, frame_samples: int) -> np.ndarray:
    return np.repeat(values, frame_samples, axis=0)


def envelope_amplitude(tl: Timeline) -> np.ndarray:
    """The envelope generator's output amplitude (volume table applied) for every sample."""
    fs = tl.frame_samples
    inc = US_PER_SAMPLE / (16.0 * np.maximum(1, _per_sample(tl.env_period, fs)))
    start = np.cumsum(inc) - inc  # envelope steps elapsed at each sample's start
    restart = np.zeros(start.size, dtype=np.float64)
    idx = np.flatnonzero(tl.env_restart) * fs
    restart[idx] = start[idx]
    base = np.maximum.accumulate(restart)  # ``start`` is increasing, so the latest restart wins
    steps = np.floor(start - base + 1e-9).astype(np.int64)
    levels = envelope_levels(_per_sample(tl.env_shape, fs), steps)
    return VOLUME_TABLE[levels]


def render_channels(tl: Timeline) -> np.ndarray:
    """Render the three channels separately: float64 array (3, samples), each within [-1, 1]."""
    fs = tl.frame_samples
    n = tl.samples
    out = np.zeros((3, n), dtype=np.float64)
    if n == 0:
        return out
    env_amp = None
    noise_avg = None
    if tl.noise_on.any():
        inc = US_PER_SAMPLE / (16.0 * np.maximum(1, _per_sample(tl.noise_period, fs)))
        noise_avg = _box_average(_noise_integral, np.cumsum(inc), inc)
    if tl.use_env.any():
        env_amp = envelope_amplitude(tl)
    for ch in range(3):
        tone_on = _per_sample(tl.tone_on[:, ch], fs)
        noise_on = _per_sample(tl.noise_on[:, ch], fs)
        active = tone_on | noise_on
        if not active.any():
            continue
        inc = US_PER_SAMPLE / (16.0 * np.maximum(1, _per_sample(tl.tone_period[:, ch], fs)))
        tone = _box_average(_square_integral, np.cumsum(inc), inc)
        # The mixer ANDs the enabled sources; a disabled source counts as always high.
        gate = np.where(tone_on, tone, 1.0)
        mean = np.where(tone_on, 0.5, 1.0)
        if noise_avg is not None:
            gate = gate * np.where(noise_on, noise_avg, 1.0)
            mean = mean * np.where(noise_on, 0.5, 1.0)
        # AC coupling: swing around the mean, scaled so that the peak is the full level.
        swing = (gate - mean) / np.maximum(mean, 1.0 - mean)
        amp = VOLUME_TABLE[_per_sample(tl.volume[:, ch], fs)]
        if env_amp is not None:
            amp = np.where(_per_sample(tl.use_env[:, ch], fs), env_amp, amp)
        out[ch] = np.where(active, swing * amp, 0.0)
    return out


def mix(channels: np.ndarray, stereo: bool = False) -> np.ndarray:
    """Mix (3, n) channel outputs: mono (n,) for the speaker, or (n, 2) with A left, B centre, C right.

    Three channels at full level in phase reach ``HEADROOM`` of full scale, so nothing clips.
    """
    a, b, c = channels
    if not stereo:
        return (a + b + c) * (HEADROOM / 3.0)
    left = (a + 0.5 * b) * (HEADROOM / 1.5)
    right = (c + 0.5 * b) * (HEADROOM / 1.5)
    return np.stack([left, right], axis=1)


def to_int16(signal: np.ndarray) -> np.ndarray:
    """Float samples in [-1, 1] to int16 (rounded, saturated rather than wrapped)."""
    return np.clip(np.round(signal * 32767.0), -32767, 32767).astype(np.int16)


def render(tl: Timeline, stereo: bool = False) -> np.ndarray:
    """Render a timeline to int16 samples at 44.1 kHz: (n,) mono or (n, 2) stereo."""
    return to_int16(mix(render_channels(tl), stereo))
