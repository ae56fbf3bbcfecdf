"""Noises of the machine itself: the 464's tape signal on the speaker, the relay, the disc drive.

None of these come from the AY chip.  The CPC 464 lets the tape signal through faintly to its
speaker: a square wave whose half-cycles are the tape's bits (a 0 is two half-cycles of T0, a
1 two of 2*T0; T0 = 333 µs at 1000 baud, 167 µs at 2000 baud), so the leader is a ≈750 Hz tone
and data a warble between 750 and 1500 Hz.  The relay clicks when the motor starts; the disc
drive hums and its head clicks as it steps.

All functions return float64 mono samples at 44.1 kHz in [-1, 1]; deterministic (any noise
comes from a seeded generator).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from monopoly_cpc.sound.ay import SAMPLE_RATE

TAPE_LEVEL = 0.12  # the tape is heard faintly through the 464's speaker
TAPE_KINDS = ("leader", "data", "gap", "silence")


def half_zero_us(baud: int) -> float:
    """T0, the length of a "0" half-cycle: 333 µs at 1000 baud, 167 µs at 2000 baud."""
    if baud <= 0:
        raise ValueError(f"baud must be positive, got {baud}")
    return float(round(1e6 / (3.0 * baud)))


def bits_to_half_cycles(bits: Sequence[int] | np.ndarray, t0_us: float) -> np.ndarray:
    """Half-cycle lengths (µs) of a bit stream: each bit is two half-cycles of T0 (0) or 2*T0 (1)."""
    b = np.asarray(bits, dtype=np.int64)
    if b.size and (b.min() < 0 or b.max() > 1):
        raise ValueError("bits must be 0 or 1")
    return np.repeat(np.where(b == 1, 2.0 * t0_us, t0_us), 2)






def square_from_half_cycles(half_us: np.ndarray, start_high: bool = True) -> np.ndarray:
    """A ±1 square wave changing level after each half-cycle, box-averaged over each sample."""
    half_us = np.asarray(half_us, dtype=np.float64)
    total_us = float(half_us.sum())
    n = round(total_us * SAMPLE_RATE / 1e6)
    if n == 0:
        return np.zeros(0)
    sign = np.where(np.arange(half_us.size) % 2 == 0, 1.0, -1.0)
    if not start_high:
        sign = -sign
    edges = np.concatenate(([0.0], np.cumsum(half_us)))
    integral_at_edges = np.concatenate(([0.0], np.cumsum(sign * half_us)))
    t = np.arange(n + 1) * (1e6 / SAMPLE_RATE)
    t = np.minimum(t, total_us)
    idx = np.clip(np.searchsorted(edges, t, side="right") - 1, 0, half_us.size - 1)
    integral = integral_at_edges[idx] + sign[idx] * (t - edges[idx])
    dt = np.diff(t)
    return np.diff(integral) / np.where(dt > 0, dt, 1.0)


def _speaker(signal: np.ndarray) -> np.ndarray:
    """Soften a signal as the small speaker does: a short low-pass (≈5 kHz) FIR."""
    taps = np.hanning(9)
    return np.convolve(signal, taps / taps.sum(), mode="same")






def render_tape_noise(segments: Iterable[tuple[float, str]], baud: int = 1000,
                      seed: int = 0) -> np.ndarray:
    """The 464's loading noise for a list of ``(seconds, kind)`` segments (float mono).

    Kinds: ``leader`` (a run of "1" bits, ≈750 Hz at 1000 baud), ``data`` (bits drawn from a
    generator seeded with ``seed``: the warble between 750 and 1500 Hz), ``gap`` (the motor
    runs, only tape hiss) and ``silence`` (motor stopped).  The boot screen calls this with
    the timings of its tape model.
    """
    rng = np.random.default_rng(seed)
    t0 = half_zero_us(baud)
    parts: list[np.ndarray] = []
    for seconds, kind in segments:
        if kind not in TAPE_KINDS:
            raise ValueError(f"unknown tape segment kind {kind!r} (expected one of {TAPE_KINDS})")
        if seconds < 0:
            raise ValueError(f"a segment cannot last {seconds} s")
        n = round(seconds * SAMPLE_RATE)
        if kind == "silence":
            parts.append(np.zeros(n))
            continue
        if kind == "gap":
            wave = np.zeros(n)
        else:
            shortest_bit_us = 2.0 * t0 if kind == "data" else 4.0 * t0
            count = int(seconds * 1e6 / shortest_bit_us) + 2  # enough bits to fill the segment
            bits = np.ones(count, np.uint8) if kind == "leader" else rng.integers(0, 2, count)
            wave = square_from_half_cycles(bits_to_half_cycles(bits, t0))
            wave = wave[:n]
        hiss = rng.normal(0.0, 0.04, n)  # tape hiss under the signal, heard in the gaps too
        parts.append(_speaker(wave + hiss) * TAPE_LEVEL)
    return np.concatenate(parts) if parts else np.zeros(0)


def _decay(n: int, tau_s: float) -> np.ndarray:
    return np.exp(-np.arange(n) / (tau_s * SAMPLE_RATE))


def relay_click(seed: int = 7) -> np.ndarray:
    """The motor relay closing: a sharp tick and a contact bounce 5 ms later (≈25 ms)."""
    rng = np.random.default_rng(seed)
    n = int(0.025 * SAMPLE_RATE)
    out = np.zeros(n)
    for at_s, level in ((0.0, 0.45), (0.005, 0.2)):
        k = int(at_s * SAMPLE_RATE)
        m = n - k
        t = np.arange(m) / SAMPLE_RATE
        ring = np.sin(2 * np.pi * 2300.0 * t) * 0.6 + rng.normal(0.0, 0.5, m)
        out[k:] += level * ring * _decay(m, 0.0012)
    return np.clip(out, -1.0, 1.0)


def _band_noise(n: int, lo_hz: float, hi_hz: float, rng: np.random.Generator) -> np.ndarray:
    """White noise band-limited in the frequency domain; periodic, so it loops without a seam."""
    spectrum = np.fft.rfft(rng.normal(0.0, 1.0, n))
    freqs = np.fft.rfftfreq(n, 1.0 / SAMPLE_RATE)
    spectrum[(freqs < lo_hz) | (freqs > hi_hz)] = 0.0
    band = np.fft.irfft(spectrum, n)
    return band / (np.abs(band).max() or 1.0)


def disc_motor(seconds: float = 1.0, seed: int = 11) -> np.ndarray:
    """The 3" drive's motor: a low hum and rumble turning at 300 rpm; loops seamlessly
    when ``seconds`` is a whole number of turns (0.2 s)."""
    rng = np.random.default_rng(seed)
    n = round(seconds * SAMPLE_RATE)
    t = np.arange(n) / SAMPLE_RATE
    hum = (np.sin(2 * np.pi * 100.0 * t) + 0.5 * np.sin(2 * np.pi * 200.0 * t)
           + 0.25 * np.sin(2 * np.pi * 300.0 * t))
    wobble = 1.0 + 0.25 * np.sin(2 * np.pi * 5.0 * t)  # one bump per turn of the disc
    signal = 0.5 * hum / 1.75 * wobble + 0.35 * _band_noise(n, 150.0, 1200.0, rng)
    return 0.12 * signal / np.abs(signal).max()


def disc_step(seed: int = 13) -> np.ndarray:
    """One head step: a short dull click (≈12 ms)."""
    rng = np.random.default_rng(seed)
    n = int(0.012 * SAMPLE_RATE)
    t = np.arange(n) / SAMPLE_RATE
    ring = np.sin(2 * np.pi * 900.0 * t) + 0.4 * rng.normal(0.0, 1.0, n)
    return np.clip(0.3 * ring * _decay(n, 0.002), -1.0, 1.0)


def tape_sample() -> np.ndarray:
    """A short review sample of the loading noise: relay, 1.5 s of leader, 1.5 s of data."""
    return np.concatenate([relay_click(), render_tape_noise(
        [(0.3, "gap"), (1.5, "leader"), (1.5, "data"), (0.3, "gap")], baud=1000)])


# Machine noises by name, beside the AY sounds of sounds.yaml.
MACHINE_SOUNDS: dict[str, Callable[[], np.ndarray]] = {
    "relay_click": relay_click,
    "disc_motor": disc_motor,
    "disc_step": disc_step,
    "tape_sample": tape_sample,
}
