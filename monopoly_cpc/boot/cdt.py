"""CDT files (TZX 1.20 containers) holding CPC firmware records, and their pulse trains.

Writing: a pause block (&20) for the blank lead-in, then one turbo-data block (&11) per record
with the CPC timings in T-states at 3.5 MHz: pilot = a one half-cycle, 4096 pilot pulses
(2048 one-bits), both sync pulses = a zero half-cycle (the sync bit), zero and one pulses,
8 bits used in the last byte, the pause after the record, and the record's bytes (sync byte,
segments, CRCs, trailer).

Reading: any TZX 1.xx file whose blocks are among &10, &11, &12, &13, &14, &20, &21, &22, &30,
&32 becomes a list of edge-to-edge intervals in T-states, which :mod:`monopoly_cpc.boot.reader`
decodes as the firmware would.  Anything else is a :class:`~monopoly_cpc.errors.DataError`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from monopoly_cpc.boot import tape
from monopoly_cpc.errors import DataError

SIGNATURE = b"ZXTape!\x1a"
VERSION = (1, 20)
PILOT_PULSES = tape.LEADER_PULSES


def turbo_block(raw: bytes, speed: tape.TapeSpeed, pause_ms: int) -> bytes:
    """One TZX block &11 for a CPC record."""
    head = b"".join(
        v.to_bytes(2, "little")
        for v in (speed.one, speed.zero, speed.zero, speed.zero, speed.one, PILOT_PULSES)
    )
    return (
        b"\x11" + head + bytes((8,)) + pause_ms.to_bytes(2, "little") + len(raw).to_bytes(3, "little") + raw
    )


def pause_block(ms: int) -> bytes:
    return b"\x20" + ms.to_bytes(2, "little")


def build_cdt(records: list[tape.Record], speed: tape.TapeSpeed, lead_in_ms: int = tape.LEAD_IN_MS) -> bytes:
    """The whole .cdt file of ``records``."""
    out = bytearray(SIGNATURE + bytes(VERSION))
    if lead_in_ms:
        out += pause_block(lead_in_ms)
    for r in records:
        out += turbo_block(r.raw, speed, r.pause_ms)
    return bytes(out)


class PulseTrain:
    """Edge-to-edge intervals (T-states) with the level of each, built pulse by pulse.

    The signal starts low; a pulse toggles the level; a pause holds the level low (TZX 1.20).
    Two intervals at the same level are merged, so the result is a true list of edges.
    """

    def __init__(self) -> None:
        self.lengths: list[np.ndarray] = []
        self.level = 0  # level of the last interval
        self.any = False

    def pulses(self, lengths: np.ndarray) -> None:
        if len(lengths):
            self.lengths.append(np.asarray(lengths, dtype=np.int64))
            self.level ^= len(lengths) & 1
            self.any = True

    def silence(self, t_states: int) -> None:
        if t_states <= 0:
            return
        if self.level == 0 and self.any:
            last = self.lengths[-1].copy()
            last[-1] += t_states
            self.lengths[-1] = last
        else:
            self.lengths.append(np.array([t_states], dtype=np.int64))
            self.level = 0
            self.any = True

    def array(self) -> np.ndarray:
        return np.concatenate(self.lengths) if self.lengths else np.zeros(0, dtype=np.int64)


def _bits_pulses(data: bytes, zero: int, one: int, used_last: int) -> np.ndarray:
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8))
    if data and 1 <= used_last < 8:
        bits = bits[: len(bits) - (8 - used_last)]
    return np.repeat(np.where(bits == 1, one, zero).astype(np.int64), 2)


def _word(b: bytes, k: int) -> int:
    return b[k] | (b[k + 1] << 8)


def read_cdt(data: bytes, source: str = "the .cdt file") -> np.ndarray:
    """The edge-to-edge intervals (T-states) of a .cdt/.tzx file."""
    if not data.startswith(SIGNATURE) or len(data) < 10:
        raise DataError(f"{source}: not a CDT/TZX file (no 'ZXTape!' signature)")
    if data[8] != 1:
        raise DataError(f"{source}: TZX major version {data[8]} is not supported (expected 1)")
    train = PulseTrain()
    pos = 10
    ms = tape.TZX_HZ // 1000
    try:
        while pos < len(data):
            bid = data[pos]
            pos += 1
            if bid == 0x10:  # standard speed (Spectrum ROM timings)
                pause, n = _word(data, pos), _word(data, pos + 2)
                body = data[pos + 4 : pos + 4 + n]
                pilot = 8063 if body[:1] == b"\x00" else 3223
                train.pulses(np.full(pilot, 2168, dtype=np.int64))
                train.pulses(np.array([667, 735], dtype=np.int64))
                train.pulses(_bits_pulses(body, 855, 1710, 8))
                train.silence(pause * ms)
                pos += 4 + n
            elif bid == 0x11:
                pilot, s1, s2, zero, one, count = (_word(data, pos + 2 * k) for k in range(6))
                used = data[pos + 12]
                pause = _word(data, pos + 13)
                n = int.from_bytes(data[pos + 15 : pos + 18], "little")
                body = data[pos + 18 : pos + 18 + n]
                if len(body) != n:
                    raise IndexError
                train.pulses(np.full(count, pilot, dtype=np.int64))
                train.pulses(np.array([s1, s2], dtype=np.int64))
                train.pulses(_bits_pulses(body, zero, one, used))
                train.silence(pause * ms)
                pos += 18 + n
            elif bid == 0x12:
                train.pulses(np.full(_word(data, pos + 2), _word(data, pos), dtype=np.int64))
                pos += 4
            elif bid == 0x13:
                n = data[pos]
                train.pulses(np.array([_word(data, pos + 1 + 2 * k) for k in range(n)], dtype=np.int64))
                pos += 1 + 2 * n
            elif bid == 0x14:
                zero, one, used, pause = _word(data, pos), _word(data, pos + 2), data[pos + 4], _word(data, pos + 5)
                n = int.from_bytes(data[pos + 7 : pos + 10], "little")
                train.pulses(_bits_pulses(data[pos + 10 : pos + 10 + n], zero, one, used))
                train.silence(pause * ms)
                pos += 10 + n
            elif bid == 0x20:
                pause = _word(data, pos)
                # 0 ms means "stop the tape": a gap long enough to end any record.
                train.silence((pause or 1000) * ms)
                pos += 2
            elif bid == 0x21:
                pos += 1 + data[pos]
            elif bid == 0x22:
                pass
            elif bid in (0x30,):
                pos += 1 + data[pos]
            elif bid == 0x32:
                pos += 2 + _word(data, pos)
            else:
                raise DataError(f"{source}: TZX block &{bid:02X} at offset {pos - 1} is not supported")
    except IndexError:
        raise DataError(f"{source}: truncated TZX block at offset {pos - 1}") from None
    return train.array()


def write_cdt(path: Path, model: tape.TapeModel) -> bytes:
    """Write the model's tape as a .cdt file; returns the bytes written."""
    data = build_cdt(model.records(), model.speed)
    path.write_bytes(data)
    return data


def tape_intervals(model: tape.TapeModel) -> np.ndarray:
    """The model's tape as edge-to-edge intervals (T-states), the same as reading its .cdt."""
    return read_cdt(build_cdt(model.records(), model.speed))
