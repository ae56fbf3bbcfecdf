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

Each channel is what the chip's pin gives: the mixer ANDs the tone and the noise (a source
turned off counts as always high), and the result switches the DAC's level on and off.  So a
note of tone and noise is high a quarter of the time, and a channel with both turned off
outputs its level itself: a hardware envelope on it is heard as its own buzz.  The speaker and
the STEREO jack are AC coupled (a capacitor): a first-order high-pass at ``DC_CUTOFF_HZ``
removes the constant part, so a steady level is heard only as the click where it changes.
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

# Output levels of the 16 volume steps, volume 15 = 65535.  A real AY-3-8910's DAC (the die of
# the 8912) was measured into loads from 1 kΩ to 1 MΩ (Couriersud, 2014, in MAME's AY-3-8910
# notes): each step is a transistor whose output sags under the load, so the steps are nearer 3 dB
# apart at the top and wider at the bottom than a pure log table.  These are his fitted
# source-follower levels at a 2 kΩ load (the load of the CPC's mixing resistors is a choice here,
# the schematic not being at hand), less the level of step 0.  Next to Caprice32's table
# (0, 836, 1212, ..., 55195, 65535) steps 1-12 are 0.2-0.8 dB louder against the top.
_AY_LEVELS = (0, 916, 1281, 1866, 2697, 3954, 5739, 9214, 11017, 17765, 24375, 30066, 38106,
              46834, 55908, 65535)
VOLUME_TABLE = np.array(_AY_LEVELS, dtype=np.float64) / 65535.0

# The chip's whole range, three channels at level 15, maps to this fraction of int16 full
# scale.  A high-pass keeps a signal within ±its range (the capacitor's charge is an average of
# past levels), so nothing the chip can do clips: three steady tones at 15 in phase swing
# ±HEADROOM/2, and only the first half-cycles of a note, before the capacitor has taken the new
# level's mean away, go further.
HEADROOM = 0.9

# The coupling capacitor of the speaker's and the STEREO jack's path, as a first-order
# high-pass: low enough to pass the title's 55 Hz bass, high enough that a note's mean level is
# gone within a few 1/100 s frames (τ = 8 ms).
DC_CUTOFF_HZ = 20.0
_DC_BLOCK = 2048  # samples per block of the high-pass's closed form

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


def dc_block(x: np.ndarray, cutoff_hz: float = DC_CUTOFF_HZ) -> np.ndarray:
    """First-order high-pass (an RC coupling capacitor) along the last axis, from silence.

    ``y[n] = a * (y[n-1] + x[n] - x[n-1])`` with ``a = RC / (RC + 1/44100)``, computed in
    closed form over blocks of ``_DC_BLOCK`` samples (a cumulative sum each), the state carried
    from block to block: no per-sample Python loop.
    """
    rc = 1.0 / (2.0 * np.pi * cutoff_hz)
    dt = 1.0 / SAMPLE_RATE
    a = rc / (rc + dt)
    n = x.shape[-1]
    lead = x.shape[:-1]
    if n == 0:
        return np.zeros_like(x, dtype=np.float64)
    d = np.diff(x, axis=-1, prepend=0.0)
    blocks = -(-n // _DC_BLOCK)
    pad = blocks * _DC_BLOCK - n
    d = np.concatenate([d, np.zeros((*lead, pad))], axis=-1).reshape(*lead, blocks, _DC_BLOCK)
    k = np.arange(_DC_BLOCK, dtype=np.float64)
    grow = a ** -k
    decay = a ** (k + 1.0)
    y = np.cumsum(d * grow, axis=-1) * decay  # each block's response from a zero state
    carry = np.zeros(lead)
    for j in range(blocks):  # add the state left by the block before
        y[..., j, :] += carry[..., None] * decay
        carry = y[..., j, -1]
    return y.reshape(*lead, blocks * _DC_BLOCK)[..., :n]


def render_channels(tl: Timeline) -> np.ndarray:
    """Render the three channels separately: float64 array (3, samples), AC coupled.

    A channel is the chip's pin, ``level * gate`` in 0..1: the gate is the mixer's AND of
    tone and noise (each box-averaged over the sample; a source turned off counts as high),
    the level the volume table of the fixed volume or of the envelope.  The high-pass then
    takes the mean away: a steady tone at level L swings ±L/2, tone and noise together
    (high a quarter of the time) between -L/4 and 3L/4.
    """
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
        amp = VOLUME_TABLE[_per_sample(tl.volume[:, ch], fs)]
        if env_amp is not None:
            amp = np.where(_per_sample(tl.use_env[:, ch], fs), env_amp, amp)
        if not amp.any():
            continue
        gate = np.ones(n)
        tone_on = _per_sample(tl.tone_on[:, ch], fs)
        if tone_on.any():
            inc = US_PER_SAMPLE / (16.0 * np.maximum(1, _per_sample(tl.tone_period[:, ch], fs)))
            gate = np.where(tone_on, _box_average(_square_integral, np.cumsum(inc), inc), 1.0)
        if noise_avg is not None:
            gate = gate * np.where(_per_sample(tl.noise_on[:, ch], fs), noise_avg, 1.0)
        out[ch] = amp * gate
    return dc_block(out)


def mix(channels: np.ndarray, stereo: bool = False) -> np.ndarray:
    """Mix (3, n) channel outputs: mono (n,) for the speaker, or (n, 2) with A left, B centre, C right.

    The chip's whole range maps to ``HEADROOM`` of full scale, so nothing clips.
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
