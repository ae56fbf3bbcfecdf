"""The disc side of the boot: AMSDOS's timing for RUN"MONOPOLY, and its error texts.

A successful disc load prints nothing (cpc_facts §3), so what the player notices is time: the
motor spinning up, the head stepping, sectors going by.  This is a timing model, not an
emulation:

* 3" drive at 300 rpm (0.2 s a revolution), AMSDOS DATA format: 9 sectors of 512 bytes a
  track, the directory in the first 4 sectors of track 0, files stored from sector 5 on in
  1 KB blocks, each file preceded by AMSDOS's 128-byte header;
* the motor is given 1 s to reach speed before the first read, and runs on for 5 s after the
  last; a step takes 12 ms and the head then settles for 15 ms (AMSDOS's default drive
  parameters);
* a sector is read when it passes under the head; consecutive sectors of a track are read
  in one revolution;
* each file opened reads the directory first.

Times are seconds after ENTER.  Nothing here prints; the screen shows no message.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

REV_S = 0.2
SECTORS_PER_TRACK = 9
SECTOR_BYTES = 512
DIR_SECTORS = 4
AMSDOS_HEADER = 128
BLOCK_BYTES = 1024
MOTOR_SPIN_UP_S = 1.0
MOTOR_RUN_ON_S = 5.0
STEP_S = 0.012
SETTLE_S = 0.015

MISSING_TEXT = "Drive A: disc missing"
RETRY_PROMPT = "Retry, Ignore or Cancel? "
BAD_COMMAND = "Bad command"
# How long AMSDOS tries before it reports a missing disc (the drive never becomes ready).
MISSING_AFTER_S = 1.4


@dataclass(frozen=True)
class DiscFile:
    """A file on the disc: its AMSDOS name, its data length and its first sector."""

    name: str
    length: int
    first_sector: int  # absolute sector index (track * 9 + sector)

    @property
    def sectors(self) -> int:
        blocks = math.ceil((self.length + AMSDOS_HEADER) / BLOCK_BYTES)
        return blocks * BLOCK_BYTES // SECTOR_BYTES


def layout(files: list[tuple[str, int]]) -> list[DiscFile]:
    """Place files one after the other after the directory."""
    out = []
    s = DIR_SECTORS
    for name, length in files:
        f = DiscFile(name, length, s)
        out.append(f)
        s += f.sectors
    return out


@dataclass(frozen=True)
class DiscEvent:
    """One thing the drive does, ``t`` seconds after ENTER."""

    t: float
    kind: str  # "motor_on" | "step" | "read" | "file_loaded" | "motor_off"
    file: str = ""
    track: int = 0
    sector: int = 0
    loaded: int = 0  # bytes of the file's data in memory after this read


class _Drive:
    def __init__(self) -> None:
        self.t = 0.0
        self.track = 0
        self.events: list[DiscEvent] = []

    def seek(self, track: int) -> None:
        if track != self.track:
            direction = 1 if track > self.track else -1
            for k in range(1, abs(track - self.track) + 1):
                self.t += STEP_S
                self.events.append(DiscEvent(self.t, "step", track=self.track + direction * k))
            self.t += SETTLE_S
            self.track = track

    def read(self, absolute: int) -> None:
        track, sector = divmod(absolute, SECTORS_PER_TRACK)
        self.seek(track)
        angle = (self.t / REV_S) % 1.0
        start = sector / SECTORS_PER_TRACK
        wait = (start - angle) % 1.0
        if wait > 1.0 - 1e-9:  # the sector starts right now (float rounding of a full turn)
            wait = 0.0
        self.t += (wait + 1.0 / SECTORS_PER_TRACK) * REV_S


def load_timeline(files: list[DiscFile], head_track: int = 0) -> list[DiscEvent]:
    """The drive's events while BASIC loads ``files`` one after the other."""
    d = _Drive()
    d.track = head_track
    d.events.append(DiscEvent(0.0, "motor_on"))
    d.t = MOTOR_SPIN_UP_S
    for f in files:
        for s in range(DIR_SECTORS):
            d.read(s)
            d.events.append(DiscEvent(d.t, "read", "", d.track, s % SECTORS_PER_TRACK))
        for k in range(f.sectors):
            d.read(f.first_sector + k)
            loaded = min(f.length, (k + 1) * SECTOR_BYTES - AMSDOS_HEADER)
            d.events.append(DiscEvent(d.t, "read", f.name, d.track,
                                      (f.first_sector + k) % SECTORS_PER_TRACK, max(0, loaded)))
        d.events.append(DiscEvent(d.t, "file_loaded", f.name, d.track))
    d.events.append(DiscEvent(d.t + MOTOR_RUN_ON_S, "motor_off"))
    return d.events


def byte_times(events: list[DiscEvent], name: str, length: int) -> np.ndarray:
    """Seconds after ENTER at which each byte of file ``name`` is in memory."""
    out = np.full(length, np.inf)
    done = 0
    for e in events:
        if e.kind == "read" and e.file == name and e.loaded > done:
            out[done : e.loaded] = e.t
            done = e.loaded
    return out
