"""WAV files of the tape: a square wave at 44.1 kHz, 8- or 16-bit mono, and reading one back.

Writing turns the edge-to-edge intervals of the tape (T-states at 3.5 MHz) into samples: each
edge falls on the sample nearest its exact time, so timing errors never add up.  Reading takes
any PCM WAV (8/16/24/32-bit, mono or the first channel of stereo, any rate), slices it at the
midpoint between its lowest and highest sample and returns the intervals between level
changes, in T-states, for :mod:`monopoly_cpc.boot.reader`.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

from monopoly_cpc.boot.tape import TZX_HZ
from monopoly_cpc.errors import DataError

RATE = 44100
AMPLITUDE = {8: 96, 16: 24576}  # peak of the square wave (8-bit is centred on 128)


def samples_from_intervals(intervals: np.ndarray, rate: int = RATE, bits: int = 8,
                           first_level: int = 0) -> np.ndarray:
    """Square-wave samples (uint8 for 8-bit, int16 for 16-bit) of the intervals."""
    if bits not in AMPLITUDE:
        raise ValueError(f"a tape WAV has 8 or 16 bits per sample, not {bits}")
    edges = np.rint(np.cumsum(intervals.astype(np.float64)) * rate / TZX_HZ).astype(np.int64)
    counts = np.diff(np.concatenate([[0], edges]))
    levels = (np.arange(len(counts)) + first_level) & 1
    square = np.repeat(levels.astype(np.int8), counts) * 2 - 1  # -1 / +1
    if bits == 8:
        return (128 + AMPLITUDE[8] * square.astype(np.int16)).astype(np.uint8)
    return (AMPLITUDE[16] * square.astype(np.int32)).astype(np.int16)


def write_wav(path: Path, intervals: np.ndarray, rate: int = RATE, bits: int = 8,
              invert: bool = False) -> int:
    """Write the intervals as a mono WAV; returns the number of samples.

    ``invert`` turns the wave upside down, for a cable or deck that inverts the signal; the
    team's reader loads both polarities (a real CPC was not tried with both)."""
    samples = samples_from_intervals(intervals, rate, bits, first_level=1 if invert else 0)
    if samples.nbytes % 2:
        # RIFF chunks are word-aligned and the wave module does not pad an odd data chunk:
        # one more sample of the last level keeps the file exact (and changes no edge).
        samples = np.append(samples, samples[-1:])
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(bits // 8)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return len(samples)


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    """(intervals in T-states as float64, sample rate) of a PCM WAV file."""
    try:
        with wave.open(str(path), "rb") as w:
            channels, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            raw = w.readframes(n)
    except (wave.Error, EOFError) as exc:
        raise DataError(f"{path}: not a PCM WAV file ({exc})") from None
    if width == 1:
        s = np.frombuffer(raw, dtype=np.uint8).astype(np.int32) - 128
    elif width == 2:
        s = np.frombuffer(raw, dtype="<i2").astype(np.int32)
    elif width == 3:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        s = (b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16))
        s = np.where(s >= 1 << 23, s - (1 << 24), s)
    elif width == 4:
        s = np.frombuffer(raw, dtype="<i4").astype(np.int64)
    else:
        raise DataError(f"{path}: {8 * width}-bit samples are not supported")
    s = s[: len(s) - len(s) % channels][::channels]
    if len(s) < 2 or s.max() == s.min():
        raise DataError(f"{path}: the recording is silent")
    level = s > (int(s.max()) + int(s.min())) / 2
    edges = np.flatnonzero(np.diff(level.astype(np.int8))) + 1
    bounds = np.concatenate([[0], edges, [len(level)]])
    return np.diff(bounds).astype(np.float64) * (TZX_HZ / rate), rate
