"""A CPC disc image (.dsk): the three MONOPOLY files on an AMSDOS DATA-format disc, and a reader.

Writing gives a standard (not extended) "MV - CPCEMU Disk-File" image:

* a 256-byte disc information block (signature, creator, 40 tracks, 1 side, track size &1300);
* per track a 256-byte track information block ("Track-Info", track, side, sector size code 2,
  9 sectors, GAP#3 &4E, filler &E5, one 8-byte C/H/R/N/ST1/ST2 entry per sector in the order
  the sectors pass under the head) and the sectors' 512 bytes in that same order;
* the DATA format: sector IDs &C1-&C9, no reserved track, 1 KB blocks (two sectors, counted
  from track 0 sector &C1), the directory in blocks 0-1 (64 entries of 32 bytes), files from
  block 2;
* a directory entry: user 0, the name and extension padded with spaces, the extent number, the
  number of 128-byte records in the extent (&80 when full) and up to 16 block numbers (a
  180-block disc numbers its blocks in one byte); unused entries are &E5;
* each file starts with AMSDOS's 128-byte header: user, name, extension, the type (0 BASIC,
  2 binary), the load address, the length (bytes 24-25 and 64-66), the entry address and the
  checksum of bytes 0-66 in bytes 67-68.

The sectors of a track are laid with a 2:1 interleave (&C1 &C6 &C2 &C7 &C3 &C8 &C4 &C9 &C5):
AMSDOS needs a little time between two sectors, so with a one-sector skip it reads a track in
two revolutions instead of nine.  ``interleave=1`` gives the sequential layout.

Reading parses such an image back (both signatures accepted) into tracks, the directory and the
files, checking the header checksums.  Pure Python: no pygame, no clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from monopoly_cpc.errors import DataError

DISC_SIGNATURE = b"MV - CPCEMU Disk-File\r\nDisk-Info\r\n"
EXTENDED_SIGNATURE = b"EXTENDED CPC DSK File\r\nDisk-Info\r\n"
TRACK_SIGNATURE = b"Track-Info\r\n"
CREATOR = b"monopoly-cpc"
INFO = 0x100  # the disc and track information blocks
TRACKS = 40
SIDES = 1
SECTORS = 9
SECTOR_BYTES = 512
SIZE_CODE = 2  # N: 128 << 2 = 512 bytes
FIRST_ID = 0xC1  # DATA format
GAP3 = 0x4E
FILLER = 0xE5
TRACK_SIZE = INFO + SECTORS * SECTOR_BYTES
INTERLEAVE = 2

BLOCK = 1024
SECTORS_PER_BLOCK = BLOCK // SECTOR_BYTES
DIR_BLOCKS = 2
DIR_ENTRIES = 64
ENTRY = 32
RECORD = 128
RECORDS_PER_EXTENT = 128
BLOCKS_PER_ENTRY = 16
TOTAL_BLOCKS = TRACKS * SECTORS * SECTOR_BYTES // BLOCK  # 180
UNUSED = 0xE5

HEADER = 128
TYPE_BASIC = 0
TYPE_BINARY = 2


@dataclass(frozen=True)
class DiscFile:
    """A file to put on the disc: its 8.3 name, AMSDOS type, addresses and bytes."""

    name: str
    ext: str
    filetype: int
    load: int
    data: bytes
    entry: int = 0
    header: bool = True  # False: an ASCII file, which AMSDOS stores without a header

    def __post_init__(self) -> None:
        if not (0 < len(self.name) <= 8 and len(self.ext) <= 3):
            raise ValueError(f"an AMSDOS name is 1-8 characters and a 0-3 character type: {self.full_name!r}")
        if not 0 < len(self.data) <= 0xFFFF:
            raise ValueError(f"file {self.full_name}: length {len(self.data)} out of range")

    @property
    def full_name(self) -> str:
        return f"{self.name}.{self.ext}"


def amsdos_header(f: DiscFile) -> bytes:
    """The 128-byte header AMSDOS writes at the start of a BASIC or binary file."""
    h = bytearray(HEADER)
    h[0] = 0  # user
    h[1:9] = f.name.upper().ljust(8).encode("ascii")
    h[9:12] = f.ext.upper().ljust(3).encode("ascii")
    h[18] = f.filetype
    h[19:21] = len(f.data).to_bytes(2, "little")
    h[21:23] = f.load.to_bytes(2, "little")
    h[24:26] = len(f.data).to_bytes(2, "little")
    h[26:28] = f.entry.to_bytes(2, "little")
    h[64:67] = len(f.data).to_bytes(3, "little")
    h[67:69] = header_checksum(bytes(h)).to_bytes(2, "little")
    return bytes(h)


def header_checksum(header: bytes) -> int:
    """AMSDOS's checksum: the sum of bytes 0-66, 16 bits."""
    return sum(header[:67]) & 0xFFFF


def sector_order(interleave: int = INTERLEAVE) -> list[int]:
    """Sector IDs in the order they pass under the head: each next ID ``interleave`` slots on
    from the last, or the next free slot."""
    if interleave < 1:
        raise ValueError("the interleave is 1 (sequential) or more")
    slots: list[int | None] = [None] * SECTORS
    pos = 0
    for k in range(SECTORS):
        while slots[pos] is not None:
            pos = (pos + 1) % SECTORS
        slots[pos] = FIRST_ID + k
        pos = (pos + interleave) % SECTORS
    return [s for s in slots if s is not None]


def block_sectors(block: int) -> list[tuple[int, int]]:
    """(track, sector ID) of the two sectors of a 1 KB block."""
    out = []
    for k in range(SECTORS_PER_BLOCK):
        logical = block * SECTORS_PER_BLOCK + k
        out.append((logical // SECTORS, FIRST_ID + logical % SECTORS))
    return out


def build_dsk(files: list[DiscFile], interleave: int = INTERLEAVE) -> bytes:
    """The whole .dsk image holding ``files`` (in this order, from block 2)."""
    sectors = {(t, FIRST_ID + s): bytearray([FILLER]) * SECTOR_BYTES for t in range(TRACKS) for s in range(SECTORS)}
    directory = bytearray([UNUSED]) * (DIR_ENTRIES * ENTRY)
    next_block = DIR_BLOCKS
    n_entry = 0
    for f in files:
        body = (amsdos_header(f) if f.header else b"") + f.data
        records = math.ceil(len(body) / RECORD)
        body = body.ljust(records * RECORD, b"\x00")
        blocks = list(range(next_block, next_block + math.ceil(len(body) / BLOCK)))
        next_block += len(blocks)
        if next_block > TOTAL_BLOCKS:
            raise ValueError("the files do not fit on a 180 KB disc")
        for i, b in enumerate(blocks):
            chunk = body[i * BLOCK : (i + 1) * BLOCK]
            for k, where in enumerate(block_sectors(b)):
                part = chunk[k * SECTOR_BYTES : (k + 1) * SECTOR_BYTES]
                if part:
                    sectors[where][:] = part.ljust(SECTOR_BYTES, b"\x00")
        for ex in range(math.ceil(len(blocks) / BLOCKS_PER_ENTRY)):
            if n_entry >= DIR_ENTRIES:
                raise ValueError("the directory is full")
            e = bytearray(ENTRY)
            e[0] = 0
            e[1:9] = f.name.upper().ljust(8).encode("ascii")
            e[9:12] = f.ext.upper().ljust(3).encode("ascii")
            e[12] = ex & 0x1F
            e[14] = ex >> 5
            e[15] = min(RECORDS_PER_EXTENT, records - ex * RECORDS_PER_EXTENT)
            own = blocks[ex * BLOCKS_PER_ENTRY : (ex + 1) * BLOCKS_PER_ENTRY]
            e[16 : 16 + len(own)] = bytes(own)
            directory[n_entry * ENTRY : (n_entry + 1) * ENTRY] = e
            n_entry += 1
    for b in range(DIR_BLOCKS):
        for k, where in enumerate(block_sectors(b)):
            start = (b * SECTORS_PER_BLOCK + k) * SECTOR_BYTES
            sectors[where][:] = directory[start : start + SECTOR_BYTES]

    out = bytearray(INFO)
    out[0 : len(DISC_SIGNATURE)] = DISC_SIGNATURE
    out[0x22 : 0x22 + len(CREATOR)] = CREATOR
    out[0x30] = TRACKS
    out[0x31] = SIDES
    out[0x32:0x34] = TRACK_SIZE.to_bytes(2, "little")
    order = sector_order(interleave)
    for t in range(TRACKS):
        info = bytearray(INFO)
        info[0 : len(TRACK_SIGNATURE)] = TRACK_SIGNATURE
        info[0x10] = t
        info[0x11] = 0
        info[0x14] = SIZE_CODE
        info[0x15] = SECTORS
        info[0x16] = GAP3
        info[0x17] = FILLER
        for k, sid in enumerate(order):
            info[0x18 + 8 * k : 0x18 + 8 * k + 4] = bytes((t, 0, sid, SIZE_CODE))
        out += info
        for sid in order:
            out += sectors[(t, sid)]
    return bytes(out)


# ------------------------------------------------------------------------------------ reading
@dataclass(frozen=True)
class Track:
    """One track of an image: its sector IDs in the order they pass the head, and their data."""

    number: int
    ids: tuple[int, ...]
    data: tuple[bytes, ...]

    def sector(self, sid: int) -> bytes:
        try:
            return self.data[self.ids.index(sid)]
        except ValueError:
            raise DataError(f"track {self.number} has no sector &{sid:02X}") from None


@dataclass(frozen=True)
class DirEntry:
    """One used directory entry (one extent of a file)."""

    user: int
    name: str
    ext: str
    extent: int
    records: int
    blocks: tuple[int, ...]

    @property
    def full_name(self) -> str:
        return f"{self.name}.{self.ext}"


@dataclass(frozen=True)
class DiscImage:
    """A parsed .dsk image."""

    tracks: tuple[Track, ...]

    def block(self, b: int) -> bytes:
        return b"".join(self.tracks[t].sector(sid) for t, sid in block_sectors(b))

    def directory(self) -> list[DirEntry]:
        """The used entries, in directory order."""
        return [e for _, e in self.directory_slots()]

    @staticmethod
    def _entries(raw: bytes) -> list[DirEntry | None]:
        out: list[DirEntry | None] = []
        for k in range(DIR_ENTRIES):
            e = raw[k * ENTRY : (k + 1) * ENTRY]
            if e[0] == UNUSED:
                out.append(None)
                continue
            blocks = tuple(b for b in e[16:32] if b)
            out.append(DirEntry(e[0], e[1:9].decode("latin-1").rstrip(),
                                bytes(c & 0x7F for c in e[9:12]).decode("latin-1").rstrip(),
                                (e[14] << 5) | (e[12] & 0x1F), e[15], blocks))
        return out

    def directory_slots(self) -> list[tuple[int, DirEntry]]:
        """(slot 0-63, entry) of each used entry, in directory order."""
        raw = b"".join(self.block(b) for b in range(DIR_BLOCKS))
        return [(k, e) for k, e in enumerate(self._entries(raw)) if e is not None]

    def file_entries(self, full_name: str) -> list[DirEntry]:
        """The extents of ``NAME.EXT`` (user 0), in order."""
        return sorted((e for e in self.directory() if e.user == 0 and e.full_name == full_name),
                      key=lambda e: e.extent)

    def file_blocks(self, full_name: str) -> list[int]:
        return [b for e in self.file_entries(full_name) for b in e.blocks]

    def read_file(self, full_name: str) -> tuple[bytes, bytes]:
        """(the 128-byte AMSDOS header, the file's data) of ``NAME.EXT``; DataError on a bad
        checksum or a missing file."""
        entries = self.file_entries(full_name)
        if not entries:
            raise DataError(f"{full_name} not found")
        records = sum(e.records for e in entries)
        body = b"".join(self.block(b) for e in entries for b in e.blocks)[: records * RECORD]
        header = body[:HEADER]
        if len(header) < HEADER or header_checksum(header) != int.from_bytes(header[67:69], "little"):
            raise DataError(f"{full_name}: no valid AMSDOS header (checksum)")
        length = int.from_bytes(header[64:67], "little")
        return header, body[HEADER : HEADER + length]


def read_dsk(data: bytes, source: str = "the .dsk file") -> DiscImage:
    """Parse a standard or extended CPCEMU image (one side is read)."""
    if data.startswith(DISC_SIGNATURE[:8]):
        extended = False
    elif data.startswith(EXTENDED_SIGNATURE[:8]):
        extended = True
    else:
        raise DataError(f"{source}: not a CPCEMU disc image")
    if len(data) < INFO:
        raise DataError(f"{source}: truncated disc information block")
    n_tracks, sides = data[0x30], max(1, data[0x31])
    tracks = []
    pos = INFO
    for k in range(n_tracks * sides):
        size = data[0x34 + k] * 256 if extended else int.from_bytes(data[0x32:0x34], "little")
        if size == 0:
            continue
        info = data[pos : pos + INFO]
        if not info.startswith(TRACK_SIGNATURE[:10]):
            raise DataError(f"{source}: no Track-Info at offset {pos}")
        count = info[0x15]
        ids, chunks = [], []
        at = pos + INFO
        for s in range(count):
            sid, n = info[0x18 + 8 * s + 2], info[0x18 + 8 * s + 3]
            length = 128 << min(n, 6)
            if extended:
                length = int.from_bytes(info[0x18 + 8 * s + 6 : 0x18 + 8 * s + 8], "little")
            chunk = data[at : at + length]
            if len(chunk) != length:
                raise DataError(f"{source}: truncated sector &{sid:02X} of track {info[0x10]}")
            ids.append(sid)
            chunks.append(bytes(chunk))
            at += length
        if k % sides == 0:
            tracks.append(Track(info[0x10], tuple(ids), tuple(chunks)))
        pos += size
    return DiscImage(tuple(tracks))


# ------------------------------------------------------------------------------ the MONOPOLY disc
def monopoly_disc_files(with_sounds: bool = False) -> list[DiscFile]:
    """The tape's three files as AMSDOS files: the loader MONOPOLY.BAS, MONOSCR.BIN, MONOCODE.BIN
    (the names the loader's RUN"/LOAD" find without their type); ``with_sounds``: and SOUNDS.BAS,
    an ASCII file, as on the image ``tools/tape_loader_sim.py build`` writes."""
    from monopoly_cpc.boot import tape

    out = []
    for f in tape.image_files() if with_sounds else tape.monopoly_files():
        if f.filetype == tape.FILETYPE_ASCII:
            out.append(DiscFile(f.name, "BAS", TYPE_BASIC, 0, f.data, header=False))
            continue
        basic = f.filetype == tape.FILETYPE_BASIC
        out.append(DiscFile(f.name, "BAS" if basic else "BIN", TYPE_BASIC if basic else TYPE_BINARY,
                            f.load, f.data, f.entry))
    return out


def monopoly_dsk(interleave: int = INTERLEAVE, with_sounds: bool = False) -> bytes:
    """The MONOPOLY disc image (``with_sounds``: as ``tools/tape_loader_sim.py build`` writes it)."""
    return build_dsk(monopoly_disc_files(with_sounds), interleave)
