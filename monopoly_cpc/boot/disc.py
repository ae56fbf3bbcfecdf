"""The disc side of the boot: AMSDOS's timing for RUN"MONOPOLY on the disc the tool writes, and
its error texts.

A successful disc load prints nothing (cpc_facts §3), so what the player notices is time: the
motor spinning up, the head stepping, sectors going by.  This is a timing model, not an
emulation, and it reads the layout from the image itself (``boot.dsk``): which blocks each
file holds, where each sector ID sits on its track.

* 3" drive at 300 rpm: a revolution takes 0.2 s and a sector passes under the head in a ninth
  of it; the FDC reads a sector when its ID comes round;
* the motor is given 1 s to reach speed before the first read (AMSDOS's motor-on time) and runs
  on for 5 s after the last; a step takes 12 ms and the head then settles for 15 ms;
* between one sector and the next read AMSDOS needs a few milliseconds (``SECTOR_GAP_S``):
  more than the gap between two sectors, so on a sequential track the next sector has just
  gone and costs a revolution, less than one sector, so a 2:1 interleave reads a track in two
  revolutions;
* a name without a type is looked for as ``NAME.``, ``NAME.BAS`` then ``NAME.BIN``; each look
  costs ``SEARCH_S`` and reads the directory sectors (blocks 0-1) in order, all four when the
  name is absent, up to the entry's sector when it is there;
* a file's sectors are read in order (its header first); RUN" of a BASIC program then runs it,
  and its LOADs read their files the same way.

The two fitted figures (``SEARCH_S`` and ``SECTOR_GAP_S``) were chosen so that the model gives
the real 6128's times on both layouts (from ENTER: MODE 1 at 2.4 s, the picture at 6.4 s, all
loaded at 11.2 s on a 2:1-interleaved disc; 3.4 / 13.1 / 26.6 s with sequential sectors):
the model gives 2.38 / 6.29 / 11.51 s and 3.40 / 13.16 / 26.47 s.

Times are seconds after ENTER.  Nothing here prints; the screen shows no message.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from monopoly_cpc.boot import basic, dsk

REV_S = 0.2
SECTORS_PER_TRACK = dsk.SECTORS
SLOT_S = REV_S / SECTORS_PER_TRACK
SECTOR_BYTES = dsk.SECTOR_BYTES
AMSDOS_HEADER = dsk.HEADER
MOTOR_SPIN_UP_S = 1.0
MOTOR_RUN_ON_S = 5.0
STEP_S = 0.012
SETTLE_S = 0.015
SECTOR_GAP_S = 0.005
SEARCH_S = 0.3
TYPES_TRIED = ("", "BAS", "BIN")
DIR_SECTORS = dsk.DIR_BLOCKS * dsk.SECTORS_PER_BLOCK

MISSING_TEXT = "Drive A: disc missing"
RETRY_PROMPT = "Retry, Ignore or Cancel? "
BAD_COMMAND = "Bad command"
# How long AMSDOS tries before it reports a missing disc (the drive never becomes ready).
MISSING_AFTER_S = 1.4
CAT_COLUMN = 20  # the width of one file in AMSDOS's CAT
DIR_COLUMN = 15  # the width of one name in AMSDOS's |DIR


@dataclass(frozen=True)
class DiscEvent:
    """One thing the drive does, ``t`` seconds after ENTER."""

    t: float
    kind: str  # "motor_on" | "step" | "read" | "file_loaded" | "not_found" | "motor_off"
    file: str = ""  # NAME.EXT (for "not_found": the name as typed)
    track: int = 0
    sector: int = 0  # sector ID
    loaded: int = 0  # bytes of the file's data in memory after this read


class _Drive:
    def __init__(self, image: dsk.DiscImage, head_track: int) -> None:
        self.image = image
        self.t = MOTOR_SPIN_UP_S
        self.track = head_track
        self.events: list[DiscEvent] = [DiscEvent(0.0, "motor_on")]

    def seek(self, track: int) -> None:
        if track != self.track:
            direction = 1 if track > self.track else -1
            for k in range(1, abs(track - self.track) + 1):
                self.t += STEP_S
                self.events.append(DiscEvent(self.t, "step", track=self.track + direction * k))
            self.t += SETTLE_S
            self.track = track

    def read(self, track: int, sid: int, file: str = "", loaded: int = 0) -> None:
        self.seek(track)
        slot = self.image.tracks[track].ids.index(sid)
        wait = (slot * SLOT_S - self.t) % REV_S
        if wait > REV_S - 1e-9:  # the sector starts right now (float rounding of a full turn)
            wait = 0.0
        self.t += wait + SLOT_S
        self.events.append(DiscEvent(self.t, "read", file, track, sid, loaded))
        self.t += SECTOR_GAP_S

    def read_directory(self, n_sectors: int = DIR_SECTORS) -> None:
        """Read the directory's first ``n_sectors`` sectors in order."""
        for s in range(n_sectors):
            track, sid = dsk.block_sectors(s // dsk.SECTORS_PER_BLOCK)[s % dsk.SECTORS_PER_BLOCK]
            self.read(track, sid)

    def search(self, full_name: str) -> bool:
        """Look for NAME.EXT in the directory, reading its sectors in order."""
        self.t += SEARCH_S
        entries = self.image.directory_slots()
        hit = next((k for k, e in entries if e.full_name == full_name and e.user == 0 and e.extent == 0), None)
        self.read_directory(DIR_SECTORS if hit is None else hit * dsk.ENTRY // SECTOR_BYTES + 1)
        return hit is not None

    def open(self, typed: str) -> str | None:
        """The NAME.EXT AMSDOS finds for a typed name, after its searches; None if absent."""
        name = typed.lstrip("!").upper()
        if "." in name:
            base, ext = name.split(".", 1)
            tries = [f"{base}.{ext}"]
        else:
            tries = [f"{name}.{t}" for t in TYPES_TRIED]
        for full in tries:
            if self.search(full):
                return full
        return None

    def load(self, full_name: str) -> bytes:
        """Read the file's sectors in order; returns its data."""
        header, data = self.image.read_file(full_name)
        need = math.ceil((AMSDOS_HEADER + len(data)) / SECTOR_BYTES)
        where = [ts for b in self.image.file_blocks(full_name) for ts in dsk.block_sectors(b)][:need]
        for k, (track, sid) in enumerate(where):
            loaded = min(len(data), (k + 1) * SECTOR_BYTES - AMSDOS_HEADER)
            self.read(track, sid, full_name, loaded)
        self.events.append(DiscEvent(self.t - SECTOR_GAP_S, "file_loaded", full_name, self.track))
        return data if header[18] == dsk.TYPE_BASIC else b""


def _load_all(d: _Drive, names: list[str]) -> None:
    """The files a program's LOADs ask for, one after the other (up to one that is missing)."""
    for other in names:
        found = d.open(other)
        if found is None:
            d.events.append(DiscEvent(d.t, "not_found", other.lstrip("!")))
            return
        d.load(found)


def run_timeline(image: dsk.DiscImage, name: str, head_track: int = 0) -> list[DiscEvent]:
    """The drive's events for ``RUN"name``: the file, and if it is a BASIC program the files its
    LOADs ask for, one after the other."""
    d = _Drive(image, head_track)
    found = d.open(name)
    if found is None:
        d.events.append(DiscEvent(d.t, "not_found", name))
    else:
        program = d.load(found)
        _load_all(d, basic.loaded_names(program) if program else [])
    d.events.append(DiscEvent(d.t + MOTOR_RUN_ON_S, "motor_off"))
    return d.events


def program_run_timeline(image: dsk.DiscImage, program: bytes, head_track: int = 0) -> list[DiscEvent]:
    """The drive's events for ``RUN`` of a BASIC program already in memory: the files its LOADs
    ask for, the motor started again for the first."""
    d = _Drive(image, head_track)
    _load_all(d, basic.loaded_names(program))
    d.events.append(DiscEvent(d.t + MOTOR_RUN_ON_S, "motor_off"))
    return d.events


def directory_timeline(image: dsk.DiscImage, head_track: int = 0) -> list[DiscEvent]:
    """The drive's events when AMSDOS reads the whole directory (``CAT``, or a drive selected
    again after a missing disc): the motor's spin-up, then the directory's sectors."""
    d = _Drive(image, head_track)
    d.read_directory()
    d.events.append(DiscEvent(d.t + MOTOR_RUN_ON_S, "motor_off"))
    return d.events


@lru_cache(maxsize=4)
def monopoly_image(interleave: int = dsk.INTERLEAVE) -> dsk.DiscImage:
    """The MONOPOLY disc as the tool writes it, parsed back."""
    return dsk.read_dsk(dsk.monopoly_dsk(interleave))


@lru_cache(maxsize=16)
def timeline(name: str, interleave: int = dsk.INTERLEAVE) -> tuple[DiscEvent, ...]:
    """``run_timeline`` on the MONOPOLY disc, computed once."""
    return tuple(run_timeline(monopoly_image(interleave), name))


@lru_cache(maxsize=16)
def program_timeline(name: str, interleave: int = dsk.INTERLEAVE) -> tuple[DiscEvent, ...]:
    """``program_run_timeline`` for the BASIC program NAME.EXT of the MONOPOLY disc, in memory
    already (typed ``RUN`` after it was loaded), computed once."""
    image = monopoly_image(interleave)
    return tuple(program_run_timeline(image, image.read_file(name)[1]))


@lru_cache(maxsize=4)
def directory_read_s(interleave: int = dsk.INTERLEAVE) -> float:
    """Seconds from the command to the directory read, on the MONOPOLY disc."""
    return [e for e in directory_timeline(monopoly_image(interleave)) if e.kind == "read"][-1].t


def catalogue(width: int, interleave: int = dsk.INTERLEAVE) -> list[str]:
    """The lines AMSDOS's CAT prints for the MONOPOLY disc (between its blank lines): the
    files in alphabetical order, ``NAME    .EXT  nK`` (1 KB blocks, AMSDOS header included),
    as many to a line as 20-column places fit, sorted down the columns first (the first
    column holds the first half of the list), then the free space."""
    image = monopoly_image(interleave)
    names = sorted({e.full_name for e in image.directory() if e.user == 0})
    entries = []
    for name in names:
        base, ext = name.split(".")
        entries.append(f"{base:<8}.{ext:<3} {_size_k(image, name):>3}K")
    per_line = max(1, width // CAT_COLUMN)
    rows = -(-len(entries) // per_line)
    lines = ["   ".join(entries[r::rows]) for r in range(rows)]
    return ["Drive A: user  0", "", *lines, "", _free(image)]


def directory_listing(width: int, interleave: int = dsk.INTERLEAVE) -> list[str]:
    """The lines AMSDOS's ``|DIR`` prints for the MONOPOLY disc (between its blank lines):
    the names alone, ``NAME    .EXT``, in directory order (not sorted), in 15-column places
    across the line, then the free space."""
    image = monopoly_image(interleave)
    names: list[str] = []
    for e in image.directory():
        if e.user == 0 and e.full_name not in names:
            names.append(e.full_name)
    places = [f"{base:<8}.{ext}" for base, ext in (name.split(".") for name in names)]
    per_line = max(1, width // DIR_COLUMN)
    lines = ["   ".join(places[i : i + per_line]) for i in range(0, len(places), per_line)]
    return ["Drive A: user  0", "", *lines, "", _free(image)]


def _size_k(image: dsk.DiscImage, name: str) -> int:
    return len(image.file_blocks(name)) * dsk.BLOCK // 1024


def _free(image: dsk.DiscImage) -> str:
    names = {e.full_name for e in image.directory() if e.user == 0}
    used = sum(_size_k(image, name) for name in names)
    return f"{(dsk.TOTAL_BLOCKS - dsk.DIR_BLOCKS) * dsk.BLOCK // 1024 - used}K free"


def byte_times(events: list[DiscEvent] | tuple[DiscEvent, ...], name: str, length: int) -> np.ndarray:
    """Seconds after ENTER at which each byte of file ``name`` (NAME.EXT) is in memory."""
    out = np.full(length, np.inf)
    done = 0
    for e in events:
        if e.kind == "read" and e.file == name and e.loaded > done:
            out[done : e.loaded] = e.t
            done = e.loaded
    return out
