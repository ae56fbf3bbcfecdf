"""Reading CPC firmware records back from a pulse train, as the firmware does.

The input is the list of intervals between level changes (in T-states), from a .cdt
(:func:`monopoly_cpc.boot.cdt.read_cdt`) or a .wav (:func:`monopoly_cpc.boot.wav.read_wav`).

Like the firmware, the reader looks for a leader (a long run of equal half-cycles), takes their
average length as the length of a one half-cycle, and from it the threshold between a zero bit
and a one bit (1.5 x, halfway between a zero bit's full cycle and a one bit's); the first
half-cycle clearly shorter than the leader's starts the sync bit.  Each bit is the sum of two
half-cycles compared with the threshold.  Every 256-byte segment's CRC is checked.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from monopoly_cpc.boot import cdt, tape, wav
from monopoly_cpc.errors import DataError

MIN_LEADER = 256  # half-cycles of steady leader before a record is believed
GAP_FACTOR = 4.0  # a half-cycle longer than this many leader half-cycles is a gap


def decode_intervals(iv: np.ndarray) -> list[tape.ReadRecord]:
    """Every record found in the intervals, with its CRC status and its times."""
    iv = np.asarray(iv, dtype=np.float64)
    n = len(iv)
    if n < MIN_LEADER:
        return []
    ends = np.cumsum(iv)
    starts = ends - iv
    ratio = iv[1:] / np.maximum(iv[:-1], 1e-9)
    steady = np.zeros(n, dtype=bool)
    steady[1:] = (ratio > 0.8) & (ratio < 1.25)
    d = np.diff(np.concatenate([[0], steady.astype(np.int8), [0]]))
    run_starts = np.flatnonzero(d == 1)
    run_ends = np.flatnonzero(d == -1)  # first index after the run
    records: list[tape.ReadRecord] = []
    pos = 0
    for rs, re_ in zip(run_starts, run_ends):
        first = rs - 1  # the run's first interval is the one before the first "steady" flag
        if first < pos or re_ - first < MIN_LEADER or re_ + 2 >= n:
            continue
        avg = float(iv[re_ - MIN_LEADER : re_].mean())
        if not 150 <= avg <= 6000:  # outside any speed the firmware accepts
            continue
        if iv[re_] >= 0.75 * avg:  # the run did not end with a short (zero) half-cycle
            continue
        rec, used = _read_record(iv, int(re_), avg, float(starts[first]), ends)
        if rec is not None:
            records.append(rec)
            pos = used
    return records


def _read_record(iv: np.ndarray, j: int, avg: float, t_start: float,
                 ends: np.ndarray) -> tuple[tape.ReadRecord | None, int]:
    """Read bits from the sync bit at interval ``j``; None if it is not a record."""
    gap = GAP_FACTOR * avg
    halves = iv[j:]
    m = len(halves) // 2
    a, b = halves[0 : 2 * m : 2], halves[1 : 2 * m : 2]
    valid = (a < gap) & (b < gap)
    stop = int(np.argmin(valid)) if not valid.all() else m
    bits = (a[:stop] + b[:stop]) > 1.5 * avg
    if stop < 9 or bits[0]:
        return None, j + 1
    bits = bits[1:]  # the sync bit
    nbytes = len(bits) // 8
    data = np.packbits(bits[: 8 * nbytes]).tobytes()
    sync = data[0]
    if sync not in (tape.SYNC_HEADER, tape.SYNC_DATA):
        return None, j + 1
    seg_len = tape.SEGMENT + 2
    segments = (nbytes - 1) // seg_len
    if sync == tape.SYNC_HEADER:
        segments = min(segments, 1)
    payload = bytearray()
    bad = None
    for k in range(segments):
        seg = data[1 + k * seg_len : 1 + k * seg_len + tape.SEGMENT]
        crc = int.from_bytes(data[1 + k * seg_len + tape.SEGMENT : 1 + (k + 1) * seg_len], "big")
        if tape.crc16(seg) != crc:
            bad = k
            break
        payload += seg
    last_byte = 1 + (segments if bad is None else bad + 1) * seg_len  # bytes through the last CRC
    # interval index of the second half of the last bit of that byte (sync bit is 2 halves)
    last_iv = j + 2 + 16 * last_byte - 1
    t_end = ends[min(last_iv, len(ends) - 1)]
    rec = tape.ReadRecord(sync, bytes(payload), bad, t_start / tape.TZX_HZ, t_end / tape.TZX_HZ,
                          float(ends[j - 1]) / tape.TZX_HZ)
    return rec, j + 2 * stop


def read_tape_file(path: Path) -> list[tape.ReadRecord]:
    """Decode a .cdt/.tzx or a .wav file into records (a bad file raises DataError)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror})") from None
    if data.startswith(cdt.SIGNATURE):
        return decode_intervals(cdt.read_cdt(data, str(path)))
    if data[:4] == b"RIFF" and data[8:12] == b"WAVE":
        return decode_intervals(wav.read_wav(path)[0])
    raise DataError(f"{path}: neither a CDT/TZX tape nor a WAV recording")
