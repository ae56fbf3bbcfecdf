"""The MONOPOLY cassette, in the CPC firmware's tape format, and a reader for it.

One model serves the boot screen (which messages appear, and when) and
``tools/tape_loader_sim.py`` (which writes the tape as .cdt and .wav and reads them back).
Pure Python + numpy: no pygame, no clock.

Format (cpc_facts §4):

* a bit is two equal half-cycles: T0 for a 0, 2*T0 for a 1; bytes go MSB first;
* a record is a leader of 2048 one-bits, one zero bit (sync), a sync byte (&2C header, &16
  data), the payload in 256-byte segments each followed by its CRC-16/GENIBUS (high byte
  first), and a trailer of 32 one-bits;
* a file is cut into 2 KB blocks; each block is a header record (64-byte header + 192 zeros)
  then a data record;
* gaps: about 18 ms between a header and its data, 2.6 s between blocks;
* after switching the motor on the firmware ignores the tape for 2.6 s (130 frames), so a
  record read after a motor start needs that much blank, and a margin, before its leader:
  the tape starts with 3 s of blank, and the gap after a file's first block and after its
  last block (before the next file) is 3 s too (``MOTOR_START_GAP_MS``).

Times are counted in Z80 T-states at 3.5 MHz, the unit of the TZX/CDT container, so the
model's times and the .cdt file agree to the T-state.
"""

from __future__ import annotations

import binascii
import math
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from monopoly_cpc.boot import basic, picture

if TYPE_CHECKING:
    import numpy as np  # imported where used: the first frames are drawn without it

TZX_HZ = 3_500_000  # TZX T-states per second
LEADER_BITS = 2048
LEADER_PULSES = 2 * LEADER_BITS
SYNC_HEADER = 0x2C
SYNC_DATA = 0x16
SEGMENT = 256
BLOCK = 2048
HEADER_LEN = 64
TRAILER = b"\xff" * 4
GAP_AFTER_HEADER_MS = 18  # the pause a real CPC tape holds after a header record
GAP_AFTER_BLOCK_MS = 2625  # ... and after each data record (cpc-power dump: &0A41 ms)
# After switching the motor on (at the key, after a file's first block, at each new file) the
# firmware waits about 130 frames (2.6 s) for the deck to reach speed before it reads the
# cassette input: whatever passes in that time is never seen.
MOTOR_WAIT_S = 2.6
# A leader must still have this much left once the firmware listens: it times 256 leader
# half-cycles before it trusts one (0.17 s at 1000 baud; the model asks it of both speeds).
LEADER_NEEDED_S = 256 * 2333 / 3_500_000
# The blank tape before a record read after a motor start: the wait and 0.4 s more, so that
# the whole leader comes after the firmware has started to listen.
MOTOR_START_GAP_MS = 3000
LEAD_IN_MS = MOTOR_START_GAP_MS  # blank tape before the first leader

FILETYPE_BASIC = 0x00
FILETYPE_BINARY = 0x02
FILETYPE_ASCII = 0x16  # a program saved with SAVE"name",A: BASIC tokenises it as it loads

MAX_NAME = 16


@dataclass(frozen=True)
class TapeSpeed:
    """Pulse lengths of one baud rate, in T-states (one pulse = one half-cycle)."""

    baud: int
    zero: int
    one: int

    @property
    def t0_us(self) -> float:
        return self.zero * 1e6 / TZX_HZ


# 1000 baud: the firmware's start-up T0 of 333 us (1167 T; a one is 2333 T).
# 2000 baud: SPEED WRITE 1, T0 = 167 us (585 T; a one is 334 us = 1169 T).
SPEEDS = {1000: TapeSpeed(1000, 1167, 2333), 2000: TapeSpeed(2000, 585, 1169)}


def speed_for(baud: int) -> TapeSpeed:
    """The pulse lengths of ``baud`` (1000 or 2000)."""
    try:
        return SPEEDS[int(baud)]
    except (KeyError, ValueError, TypeError):
        raise ValueError(f"tape speed must be 1000 or 2000 baud, got {baud!r}") from None


# ---------------------------------------------------------------------------------------- CRC
def crc16(data: bytes) -> int:
    """CRC-16/GENIBUS as the CPC firmware stores it: poly &1021, init &FFFF, MSB first,
    complemented.  ``crc16(b"123456789") == 0xD64E``.  ``binascii.crc_hqx`` is the same CRC
    (CCITT, MSB first) without the final complement, in C."""
    return binascii.crc_hqx(data, 0xFFFF) ^ 0xFFFF


# -------------------------------------------------------------------------------- files/blocks
@dataclass(frozen=True)
class TapeFile:
    """One file on the tape as the firmware sees it."""

    name: str
    filetype: int
    load: int
    data: bytes
    entry: int = 0

    def __post_init__(self) -> None:
        if not 0 < len(self.name) <= MAX_NAME:
            raise ValueError(f"a tape file name has 1 to {MAX_NAME} characters: {self.name!r}")
        if not 0 < len(self.data) <= 0xFFFF:
            raise ValueError(f"file {self.name}: length {len(self.data)} out of range")


@dataclass(frozen=True)
class Block:
    """One 2 KB block of a file: its 64-byte header fields and its data."""

    name: str
    number: int
    last: bool
    filetype: int
    load: int
    first: bool
    total: int
    entry: int
    data: bytes

    def header(self) -> bytes:
        """The 64-byte header (cpc_facts §4 table)."""
        h = bytearray(HEADER_LEN)
        raw = self.name.encode("ascii")
        h[0 : len(raw)] = raw
        h[16] = self.number
        h[17] = 0xFF if self.last else 0
        h[18] = self.filetype
        h[19:21] = len(self.data).to_bytes(2, "little")
        h[21:23] = self.load.to_bytes(2, "little")
        h[23] = 0xFF if self.first else 0
        h[24:26] = self.total.to_bytes(2, "little")
        h[26:28] = self.entry.to_bytes(2, "little")
        return bytes(h)

    @classmethod
    def from_header(cls, header: bytes, data: bytes = b"") -> Block:
        """Read the fields back from a 64-byte header."""
        name = header[0:16].split(b"\x00", 1)[0].decode("latin-1")
        return cls(
            name=name,
            number=header[16],
            last=header[17] != 0,
            filetype=header[18],
            load=int.from_bytes(header[21:23], "little"),
            first=header[23] != 0,
            total=int.from_bytes(header[24:26], "little"),
            entry=int.from_bytes(header[26:28], "little"),
            data=data,
        )

    @staticmethod
    def data_length(header: bytes) -> int:
        return int.from_bytes(header[19:21], "little")


def split_blocks(f: TapeFile) -> list[Block]:
    """Cut a file into its 2 KB blocks, numbered from 1."""
    n = math.ceil(len(f.data) / BLOCK)
    return [
        Block(
            name=f.name,
            number=i + 1,
            last=i == n - 1,
            filetype=f.filetype,
            load=(f.load + i * BLOCK) & 0xFFFF,
            first=i == 0,
            total=len(f.data),
            entry=f.entry,
            data=f.data[i * BLOCK : (i + 1) * BLOCK],
        )
        for i in range(n)
    ]


def record_bytes(sync: int, payload: bytes) -> bytes:
    """What follows the leader and the sync bit: sync byte, segments + CRCs, trailer."""
    out = bytearray((sync,))
    for k in range(0, max(1, len(payload)), SEGMENT):
        seg = payload[k : k + SEGMENT].ljust(SEGMENT, b"\x00")
        out += seg + crc16(seg).to_bytes(2, "big")
    return bytes(out + TRAILER)


@dataclass(frozen=True)
class Record:
    """One record on the tape, with the pause that follows it."""

    kind: str  # "header" | "data"
    block: Block
    raw: bytes  # sync byte + segments + CRCs + trailer (the data of a CDT block &11)
    pause_ms: int


def build_records(files: list[TapeFile]) -> list[Record]:
    """Every record of ``files``, in tape order.

    The gap after a data record is the usual 2.625 s between blocks, except where the firmware
    starts the motor before the next block (after a file's first block, and before the next
    file's first): there it is ``MOTOR_START_GAP_MS``."""
    out: list[Record] = []
    for f in files:
        for b in split_blocks(f):
            header = b.header() + bytes(SEGMENT - HEADER_LEN)
            restart = b.first or b.last
            gap = MOTOR_START_GAP_MS if restart else GAP_AFTER_BLOCK_MS
            out.append(Record("header", b, record_bytes(SYNC_HEADER, header), GAP_AFTER_HEADER_MS))
            out.append(Record("data", b, record_bytes(SYNC_DATA, b.data), gap))
    return out


def record_starts(records: list[Record], speed: TapeSpeed, lead_in_ms: int = LEAD_IN_MS) -> list[int]:
    """T-states from the start of the tape (the motor on) to each record's leader: the one
    description of the tape's timing that the .cdt, the .wav and the boot screen all follow."""
    out = []
    t = lead_in_ms * TZX_HZ // 1000
    for r in records:
        out.append(t)
        t += int(record_pulses(r.raw, speed).sum()) + r.pause_ms * TZX_HZ // 1000
    return out


def motor_start_blanks(records: list[Record], speed: TapeSpeed,
                       lead_in_ms: int = LEAD_IN_MS) -> list[tuple[Record, float]]:
    """(header record, seconds of blank tape before its leader) for each header the firmware
    reads right after switching the motor on: a file's block 1 and block 2."""
    starts = record_starts(records, speed, lead_in_ms)
    out = []
    for k, r in enumerate(records):
        if r.kind == "header" and r.block.number <= 2:
            if k == 0:
                blank = lead_in_ms / 1000
            else:
                prev = records[k - 1]
                end = starts[k - 1] + int(record_pulses(prev.raw, speed).sum())
                blank = (starts[k] - end) / TZX_HZ
            out.append((r, blank))
    return out


# ----------------------------------------------------------------------------- the MONOPOLY tape
LOADER_NAME = "MONOPOLY"
SCREEN_NAME = "MONOSCR"
CODE_NAME = "MONOCODE"
CODE_LOAD = 0x4000
CODE_LENGTH = 24 * 1024

# The BASIC loader (our own).  Line 10 sets the picture's inks; line 20 loads the picture into
# screen memory, where it appears in memory order; line 30 loads the rest above HIMEM; line 40
# waits for a key and hands back to BASIC with a note, since the game itself runs on the PC.
# The DATA lines hold the board (name, price, rents bare..hotel, house cost), as a BASIC
# game of 1985 would keep its tables.
_LOADER_LINES = [
    (10, (f"MODE 1:BORDER {picture.BORDER}:INK 0,{picture.INKS[0]}:INK 1,{picture.INKS[1]}"
          f":INK 2,{picture.INKS[2]}:INK 3,{picture.INKS[3]}")),
    (20, f'LOAD"!{SCREEN_NAME}",&C000'),
    (30, f'MEMORY &3FFF:LOAD"!{CODE_NAME}",&{CODE_LOAD:04X}'),
    (40, "CALL &BB18:MODE 1:INK 0,1:INK 1,24:BORDER 1"),
    (50, 'PRINT"MONOPOLY - cassette de d\u00e9monstration":PRINT"(monopoly-cpc)":END'),
]

# The line where the loader waits for a key once everything is in (CALL &BB18 = KM WAIT KEY).
WAIT_KEY_LINE = next(n for n, text in _LOADER_LINES if text.startswith("CALL &BB18"))

_BOARD = [
    ("D\u00e9part", 0, ()), ("Boulevard de Belleville", 6000, (200, 1000, 3000, 9000, 16000, 25000, 5000)),
    ("Caisse de Communaut\u00e9", 0, ()), ("Rue Lecourbe", 6000, (400, 2000, 6000, 18000, 32000, 45000, 5000)),
    ("Imp\u00f4ts sur le revenu", 20000, ()), ("Gare Montparnasse", 20000, (2500, 5000, 10000, 20000)),
    ("Rue de Vaugirard", 10000, (600, 3000, 9000, 27000, 40000, 55000, 5000)), ("Chance", 0, ()),
    ("Rue de Courcelles", 10000, (600, 3000, 9000, 27000, 40000, 55000, 5000)),
    ("Avenue de la R\u00e9publique", 12000, (800, 4000, 10000, 30000, 45000, 60000, 5000)),
    ("Prison", 0, ()), ("Boulevard de la Villette", 14000, (1000, 5000, 15000, 45000, 62500, 75000, 10000)),
    ("Compagnie d'\u00e9lectricit\u00e9", 15000, (400, 1000)),
    ("Avenue de Neuilly", 14000, (1000, 5000, 15000, 45000, 62500, 75000, 10000)),
    ("Rue de Paradis", 16000, (1200, 6000, 18000, 50000, 70000, 90000, 10000)),
    ("Gare de Lyon", 20000, (2500, 5000, 10000, 20000)),
    ("Avenue Mozart", 18000, (1400, 7000, 20000, 55000, 75000, 95000, 10000)),
    ("Caisse de Communaut\u00e9", 0, ()),
    ("Boulevard Saint-Michel", 18000, (1400, 7000, 20000, 55000, 75000, 95000, 10000)),
    ("Place Pigalle", 20000, (1600, 8000, 22000, 60000, 80000, 100000, 10000)),
    ("Parc Gratuit", 0, ()), ("Avenue Matignon", 22000, (1800, 9000, 25000, 70000, 87500, 105000, 15000)),
    ("Chance", 0, ()), ("Boulevard Malesherbes", 22000, (1800, 9000, 25000, 70000, 87500, 105000, 15000)),
    ("Avenue Henri-Martin", 24000, (2000, 10000, 30000, 75000, 92500, 110000, 15000)),
    ("Gare du Nord", 20000, (2500, 5000, 10000, 20000)),
    ("Faubourg Saint-Honor\u00e9", 26000, (2200, 11000, 33000, 80000, 97500, 115000, 15000)),
    ("Place de la Bourse", 26000, (2200, 11000, 33000, 80000, 97500, 115000, 15000)),
    ("Compagnie des eaux", 15000, (400, 1000)),
    ("Rue La Fayette", 28000, (2400, 12000, 36000, 85000, 102500, 120000, 15000)),
    ("Allez en prison", 0, ()), ("Avenue de Breteuil", 30000, (2600, 13000, 39000, 90000, 110000, 127500, 20000)),
    ("Avenue Foch", 30000, (2600, 13000, 39000, 90000, 110000, 127500, 20000)),
    ("Caisse de Communaut\u00e9", 0, ()),
    ("Boulevard des Capucines", 32000, (2800, 15000, 45000, 100000, 120000, 140000, 20000)),
    ("Gare Saint-Lazare", 20000, (2500, 5000, 10000, 20000)), ("Chance", 0, ()),
    ("Avenue des Champs-Elys\u00e9es", 35000, (3500, 17500, 50000, 110000, 130000, 150000, 20000)),
    ("Taxe de luxe", 10000, ()), ("Rue de la Paix", 40000, (5000, 20000, 60000, 140000, 170000, 200000, 20000)),
]


def _ascii_name(name: str) -> str:
    # Letters the French ROM lacks (ô) are written plain, as a 1985 listing would.
    return name.replace("\u00f4", "o")


def loader_program() -> bytes:
    """The tokenised BASIC loader ``MONOPOLY`` (loads at &0170)."""
    lines = list(_LOADER_LINES)
    for i, (name, price, numbers) in enumerate(_BOARD):
        values = ",".join(str(v) for v in (price, *numbers))
        lines.append((1000 + 10 * i, f'DATA "{_ascii_name(name)}",{values}'))
    return basic.tokenise(lines)


def code_bytes(length: int = CODE_LENGTH) -> bytes:
    """The made-up binary ``MONOCODE``: deterministic bytes from a 32-bit xorshift, so that its
    bits are half ones and half zeros, as machine code and tables roughly are."""
    out = bytearray(length)
    x = 0x4D4F4E4F  # "MONO"
    for i in range(length):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out[i] = x & 0xFF
    return bytes(out)


@lru_cache(maxsize=1)
def monopoly_files() -> tuple[TapeFile, ...]:
    """The files of the MONOPOLY tape, in tape order."""
    return (
        TapeFile(LOADER_NAME, FILETYPE_BASIC, basic.BASIC_LOAD_ADDRESS, loader_program()),
        TapeFile(SCREEN_NAME, FILETYPE_BINARY, picture.SCREEN_BASE, picture.screen_bytes()),
        # Entry address 0 for both binaries: their bytes are a picture and made-up data, not
        # code, so RUN"MONOSCR or RUN"MONOCODE on a real CPC jumps to 0 and resets the machine
        # (RAM &0000 holds the firmware's copy of its reset entry) instead of running garbage.
        TapeFile(CODE_NAME, FILETYPE_BINARY, CODE_LOAD, code_bytes(), entry=0),
    )


def image_files() -> tuple[TapeFile, ...]:
    """The files of the tape and disc images ``tools/tape_loader_sim.py build`` writes: the
    game's, then SOUNDS, every sound of the game as an ASCII BASIC program (``RUN"SOUNDS``;
    docs/sound.md).  The boot screen's tape and disc hold the game's files only."""
    from monopoly_cpc.paths import asset

    return (*monopoly_files(), TapeFile("SOUNDS", FILETYPE_ASCII, 0, asset("sounds.bas").read_bytes()))


# ------------------------------------------------------------------------------------- pulses
def record_pulses(raw: bytes, speed: TapeSpeed) -> np.ndarray:
    """The half-cycle lengths (T-states) of one record: leader, sync bit, then ``raw``."""
    import numpy as np

    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8))
    halves = np.where(bits == 1, speed.one, speed.zero).astype(np.int64)
    return np.concatenate(
        [np.full(LEADER_PULSES, speed.one, dtype=np.int64), np.array([speed.zero, speed.zero]), np.repeat(halves, 2)]
    )


def record_byte_ends(raw: bytes, speed: TapeSpeed) -> np.ndarray:
    """T-states from the start of the leader to the end of each byte of ``raw``."""
    import numpy as np

    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8))
    costs = np.where(bits == 1, 2 * speed.one, 2 * speed.zero).astype(np.int64)
    start = LEADER_PULSES * speed.one + 2 * speed.zero
    return start + np.cumsum(costs)[7::8]


# ----------------------------------------------------------------------- records as read back
@dataclass(frozen=True)
class ReadRecord:
    """A record as the firmware reads it off the tape (from the model, a .cdt or a .wav)."""

    sync: int
    payload: bytes  # the segments' bytes, CRCs removed (as far as they were read)
    bad_segment: int | None  # index of the first segment whose CRC failed, or None
    t_start: float  # seconds: the leader starts
    t_end: float  # seconds: the last CRC byte read (or the bad segment's CRC)
    t_sync: float | None = None  # seconds: the leader ends (the sync bit), when known

    @property
    def ok(self) -> bool:
        return self.bad_segment is None


def model_read_records(records: list[Record], speed: TapeSpeed, lead_in_ms: int = LEAD_IN_MS) -> list[ReadRecord]:
    """The records the firmware reads from the model's tape, with times from the bit timings."""
    out = []
    leader = LEADER_PULSES * speed.one + 2 * speed.zero  # the sync bit ends the leader
    for r, t in zip(records, record_starts(records, speed, lead_in_ms)):
        ends = record_byte_ends(r.raw, speed)
        n_payload = len(r.raw) - 1 - len(TRAILER)  # segments + CRCs
        segments = n_payload // (SEGMENT + 2)
        payload = b"".join(r.raw[1 + k * (SEGMENT + 2) : 1 + k * (SEGMENT + 2) + SEGMENT] for k in range(segments))
        out.append(ReadRecord(r.raw[0], payload, None, t / TZX_HZ, (t + int(ends[n_payload])) / TZX_HZ,
                              (t + leader - 2 * speed.zero) / TZX_HZ))
    return out


# --------------------------------------------------------------------------- firmware messages
@dataclass(frozen=True)
class TapeEvent:
    """One thing the firmware does while loading, at ``t`` seconds after PLAY + key."""

    t: float
    kind: str  # "motor_on" | "loading" | "found" | "read_error" | "block_loaded" | "file_loaded" | "motor_off"
    file: str = ""
    block: int = 0
    text: str | None = None  # the message printed, or None when nothing is printed
    new_line: bool = False  # the message starts on a new line (else: back to column 0)


def _name_field(name: str) -> str:
    return name if name else "Unnamed file    "


def _seen(rec: ReadRecord, listen: float) -> bool:
    """Whether the firmware, listening from ``listen``, catches enough of the record's leader."""
    if rec.t_sync is None:
        return rec.t_start >= listen
    return rec.t_sync - max(listen, rec.t_start) >= LEADER_NEEDED_S - 1e-9


@dataclass
class LoadedFile:
    """A file as it was loaded (its blocks' data joined)."""

    name: str
    filetype: int
    load: int
    data: bytes
    entry: int
    blocks: list[Block] = field(default_factory=list)


def firmware_run(reads: list[ReadRecord], wanted: list[tuple[str, bool]]) -> tuple[list[TapeEvent], list[LoadedFile]]:
    """Play the firmware's cassette reader over ``reads``.

    ``wanted`` lists the files asked for, in order, each with ``quiet`` (a name beginning with
    ``!``: no messages).  The first is the one ``RUN"name`` asks for.  Returns the events and
    the files loaded.  Messages follow cpc_facts §3: ``Loading NAME block N`` (or ``Found   ``
    for a file not asked for) rewrites one line; a CRC fault prints ``Read error b`` on its own
    line and the reader goes on looking for the same block.

    Each time the firmware switches the motor on (for each file, and again after a file's
    first block, which it reads on its own into a buffer) it ignores the tape for
    ``MOTOR_WAIT_S``; a record whose leader has less than ``LEADER_NEEDED_S`` left by then
    passes unseen (a 2000-baud tape with 1 s of lead-in loses its first header so).
    """
    events: list[TapeEvent] = []
    files: list[LoadedFile] = []
    queue = list(wanted)
    i = 0
    progress_line = False  # the last message is a Loading/Found line that the next one rewrites
    last_found = False  # ... and it is a Found line
    while queue and i < len(reads):
        want_name, quiet = queue[0]
        t_on = events[-1].t if events else 0.0
        events.append(TapeEvent(t_on, "motor_on", want_name))
        listen = t_on + MOTOR_WAIT_S
        expect_block = 1
        current: LoadedFile | None = None
        header: Block | None = None
        done = False
        while i < len(reads) and not done:
            rec = reads[i]
            i += 1
            if not _seen(rec, listen):
                if rec.sync == SYNC_DATA:
                    header = None  # its block's data went by: look for a header again
                continue
            if rec.sync == SYNC_HEADER:
                header = None
                if not rec.ok or len(rec.payload) < HEADER_LEN:
                    if not quiet:
                        events.append(TapeEvent(rec.t_end, "read_error", want_name, expect_block, "Read error b", True))
                    progress_line = False
                    continue
                b = Block.from_header(rec.payload[:HEADER_LEN])
                data_len = Block.data_length(rec.payload[:HEADER_LEN])
                match = (b.name == want_name or want_name == "") and b.number == expect_block
                word = "Loading" if match else "Found  "
                text = None if quiet else f"{word} {_name_field(b.name)} block {b.number}"
                # Found lines rewrite each other; the first Loading line after them starts anew.
                events.append(TapeEvent(rec.t_end, "loading" if match else "found", b.name, b.number, text,
                                        not progress_line or (match and last_found)))
                progress_line = not quiet or progress_line
                last_found = not match and not quiet
                if match:
                    header = Block(b.name, b.number, b.last, b.filetype, b.load, b.first, b.total, b.entry,
                                   bytes(data_len))
            elif rec.sync == SYNC_DATA and header is not None:
                h, header = header, None
                need = math.ceil(len(h.data) / SEGMENT) if h.data else 1
                bad = rec.bad_segment
                if bad is None and len(rec.payload) < need * SEGMENT:
                    bad = len(rec.payload) // SEGMENT
                if bad is not None and bad < need:
                    if not quiet:
                        events.append(TapeEvent(rec.t_end, "read_error", h.name, h.number, "Read error b", True))
                    progress_line = False
                    continue
                block = Block(h.name, h.number, h.last, h.filetype, h.load, h.first, h.total, h.entry,
                              rec.payload[: len(h.data)])
                if current is None:
                    current = LoadedFile(h.name, h.filetype, h.load, b"", h.entry)
                current.blocks.append(block)
                current.data += block.data
                events.append(TapeEvent(rec.t_end, "block_loaded", h.name, h.number))
                expect_block += 1
                if h.first and not h.last:
                    # The first block went to a buffer; the motor stops (the relay clicks off)
                    # and starts again for the rest of the file, and the firmware waits for it
                    # once more.
                    events.append(TapeEvent(rec.t_end, "motor_off", h.name))
                    events.append(TapeEvent(rec.t_end, "motor_on", h.name))
                    listen = rec.t_end + MOTOR_WAIT_S
                if h.last:
                    files.append(current)
                    events.append(TapeEvent(rec.t_end, "file_loaded", h.name, h.number))
                    events.append(TapeEvent(rec.t_end, "motor_off", h.name))
                    progress_line = False
                    done = True
        if not done:
            break
        queue.pop(0)
        if len(files) == 1 and files[0].filetype == FILETYPE_BASIC and len(wanted) == 1:
            # RUN"name of a BASIC loader: the program's own LOADs come next.
            for name in basic.loaded_names(files[0].data):
                queue.append((name.lstrip("!"), name.startswith("!")))
    return events, files


# -------------------------------------------------------------------------------- the model
@dataclass(frozen=True)
class TapeModel:
    """The MONOPOLY tape at one speed: its records, their times and the firmware's messages."""

    baud: int = 1000
    files: tuple[TapeFile, ...] = field(default_factory=monopoly_files)

    @property
    def speed(self) -> TapeSpeed:
        return speed_for(self.baud)

    def records(self) -> list[Record]:
        """The tape's records (built once per model: a copy of the list, the same records)."""
        return list(self._records)

    @cached_property
    def _records(self) -> tuple[Record, ...]:
        return tuple(build_records(list(self.files)))

    def reads(self) -> list[ReadRecord]:
        return model_read_records(self.records(), self.speed)

    def timeline(self, run_name: str = LOADER_NAME) -> list[TapeEvent]:
        """The firmware's events for ``RUN"run_name`` on this tape."""
        return firmware_run(self.reads(), [(run_name, False)])[0]

    def duration(self) -> float:
        """Seconds from PLAY to the end of the tape (the last pause included)."""
        recs = self.records()
        last = recs[-1]
        end = record_starts(recs, self.speed)[-1] + int(record_pulses(last.raw, self.speed).sum())
        return (end + last.pause_ms * TZX_HZ // 1000) / TZX_HZ

    def byte_times(self, name: str) -> np.ndarray:
        """Seconds after PLAY at which each byte of file ``name`` has been read into memory.

        The firmware reads a file's first block into its 2 KB buffer and copies it to its
        destination when the block ends; the later blocks are read straight into their
        destination.  The boot screen uses this to show the picture arriving in screen memory:
        the first block all at once, then byte by byte.
        """
        import numpy as np

        out = []
        recs = self.records()
        for r, t in zip(recs, record_starts(recs, self.speed)):
            if r.kind == "data" and r.block.name == name:
                ends = record_byte_ends(r.raw, self.speed)
                n = len(r.block.data)
                # payload byte j sits at raw index 1 + j + 2 * (j // 256) (CRCs between segments)
                idx = 1 + np.arange(n) + 2 * (np.arange(n) // SEGMENT)
                times = (t + ends[idx]) / TZX_HZ
                if r.block.first:
                    times = np.full(n, (t + ends[-len(TRAILER) - 1]) / TZX_HZ)  # at its last CRC byte
                out.append(times)
        if not out:
            raise KeyError(name)
        return np.concatenate(out)


@lru_cache(maxsize=4)
def model(baud: int = 1000) -> TapeModel:
    """The MONOPOLY tape model at ``baud`` (cached: it is the same every time)."""
    return TapeModel(baud=speed_for(baud).baud)


@lru_cache(maxsize=16)
def timeline(baud: int = 1000, run_name: str = LOADER_NAME) -> tuple[TapeEvent, ...]:
    """``model(baud).timeline(run_name)``, computed once: it takes a few tenths of a second,
    too long for the frame in which the player presses the key."""
    return tuple(model(baud).timeline(run_name))


@lru_cache(maxsize=4)
def byte_times(baud: int, name: str) -> np.ndarray:
    """``model(baud).byte_times(name)``, computed once (read-only)."""
    out = model(baud).byte_times(name)
    out.setflags(write=False)
    return out
