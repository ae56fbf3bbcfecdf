"""The disc image the tool writes: a standard CPCEMU .dsk in AMSDOS's DATA format that a real
6128 loads with RUN"MONOPOLY, and the boot screen's disc load timed from it."""

from __future__ import annotations

import math

import pytest

from monopoly_cpc.boot import basic, disc, dsk, tape
from monopoly_cpc.errors import DataError
from monopoly_cpc.options import Options
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.boot.sequence import State
from monopoly_cpc.screens.boot import BootScreen

TWO_TO_ONE = [0xC1, 0xC6, 0xC2, 0xC7, 0xC3, 0xC8, 0xC4, 0xC9, 0xC5]


def test_image_layout_byte_by_byte():
    data = dsk.monopoly_dsk()
    assert data[:34] == b"MV - CPCEMU Disk-File\r\nDisk-Info\r\n"
    assert (data[0x30], data[0x31], int.from_bytes(data[0x32:0x34], "little")) == (40, 1, 0x1300)
    assert len(data) == 0x100 + 40 * 0x1300
    for t in range(40):
        info = data[0x100 + t * 0x1300 : 0x200 + t * 0x1300]
        assert info[:12] == b"Track-Info\r\n"
        assert (info[0x10], info[0x11], info[0x14], info[0x15], info[0x16], info[0x17]) == (t, 0, 2, 9, 0x4E, 0xE5)
        entries = [info[0x18 + 8 * k : 0x20 + 8 * k] for k in range(9)]
        assert [e[2] for e in entries] == TWO_TO_ONE  # a 2:1 interleave
        assert all(e[0] == t and e[1] == 0 and e[3] == 2 and e[4:] == bytes(4) for e in entries)
    assert [e[2] for e in [data[0x118 + 8 * k : 0x120 + 8 * k] for k in range(9)]] == TWO_TO_ONE
    seq = dsk.monopoly_dsk(interleave=1)
    assert [seq[0x118 + 8 * k + 2] for k in range(9)] == list(range(0xC1, 0xCA))


def _raw_sector(data: bytes, track: int, sid: int) -> bytes:
    """A sector found through the track's own sector list (no package code)."""
    base = 0x100 + track * 0x1300
    ids = [data[base + 0x18 + 8 * k + 2] for k in range(9)]
    k = ids.index(sid)
    return data[base + 0x100 + 512 * k : base + 0x100 + 512 * (k + 1)]


def test_directory_entries_and_extents():
    data = dsk.monopoly_dsk()
    # blocks 0-1 = logical sectors 0-3 = track 0, &C1-&C4
    directory = b"".join(_raw_sector(data, 0, 0xC1 + k) for k in range(4))
    entries = [directory[32 * k : 32 * (k + 1)] for k in range(64)]
    used = [e for e in entries if e[0] != 0xE5]
    assert all(e == b"\xe5" * 32 for e in entries[len(used):])
    got = [(e[1:12].decode(), e[12], e[14], e[15], [b for b in e[16:] if b]) for e in used]
    assert [g[:4] for g in got] == [
        ("MONOPOLYBAS", 0, 0, 20),   # 128 + 2382 bytes = 20 records
        ("MONOSCR BIN", 0, 0, 128),  # 128 + 16384 = 129 records: a full extent and 1 more
        ("MONOSCR BIN", 1, 0, 1),
        ("MONOCODEBIN", 0, 0, 128),  # 128 + 24576 = 193 records
        ("MONOCODEBIN", 1, 0, 65),
    ]
    assert all(e[0] == 0 and e[13] == 0 for e in used)  # user 0
    blocks = [b for g in got for b in g[4]]
    assert blocks == list(range(2, 2 + len(blocks)))  # from block 2, each once
    for name, ex, _, rc, own in got:
        assert len(own) == math.ceil(rc * 128 / 1024) and len(own) <= 16


def test_files_headers_and_contents_match_the_tape():
    img = dsk.read_dsk(dsk.monopoly_dsk())
    tape_files = tape.monopoly_files()
    names = ["MONOPOLY.BAS", "MONOSCR.BIN", "MONOCODE.BIN"]
    for f, full in zip(tape_files, names):
        header, body = img.read_file(full)
        assert body == f.data  # byte-identical to the tape's file
        assert sum(header[:67]) & 0xFFFF == int.from_bytes(header[67:69], "little")
        stem, ext = full.split(".")
        assert header[0] == 0 and header[1:12].decode() == stem.ljust(8) + ext
        assert header[18] == (0 if full.endswith("BAS") else 2)
        assert int.from_bytes(header[21:23], "little") == f.load
        assert int.from_bytes(header[24:26], "little") == len(f.data)
        assert int.from_bytes(header[26:28], "little") == f.entry
        assert int.from_bytes(header[64:67], "little") == len(f.data)
    # the loader's own LOADs find their files in AMSDOS's order (NAME., NAME.BAS, NAME.BIN)
    loader = img.read_file("MONOPOLY.BAS")[1]
    for name in basic.loaded_names(loader):
        bare = name.lstrip("!")
        found = [f"{bare}.{t}" for t in ("", "BAS", "BIN") if img.file_entries(f"{bare}.{t}")]
        assert found == [f"{bare}.BIN"]


def test_a_damaged_image_is_a_one_line_error():
    data = dsk.monopoly_dsk()
    with pytest.raises(DataError, match="not a CPCEMU"):
        dsk.read_dsk(b"not a disc at all")
    with pytest.raises(DataError, match="truncated"):
        dsk.read_dsk(data[:5000])
    bad = bytearray(data)
    # MONOPOLY.BAS starts in block 2 = track 0, sector &C5 (the 9th sector of the track)
    base = 0x100 + 0x100 + 512 * TWO_TO_ONE.index(0xC5)
    assert bad[base + 1 : base + 9] == b"MONOPOLY"
    bad[base + 20] ^= 0xFF
    img = dsk.read_dsk(bytes(bad))
    with pytest.raises(DataError, match="checksum"):
        img.read_file("MONOPOLY.BAS")
    assert img.read_file("MONOSCR.BIN")[1] == tape.monopoly_files()[1].data
    with pytest.raises(DataError, match="not found"):
        img.read_file("NOPE.BIN")


# From ENTER on a real 6128: MODE 1, the picture complete, everything loaded.
REAL = {2: (2.4, 6.4, 11.2), 1: (3.4, 13.1, 26.6)}


@pytest.mark.parametrize("interleave", [2, 1])
def test_the_drive_model_gives_the_real_6128_times_within_10_percent(interleave):
    events = disc.timeline(tape.LOADER_NAME, interleave)
    loaded = [e.t for e in events if e.kind == "file_loaded"]
    assert len(loaded) == 3
    for got, real in zip(loaded, REAL[interleave]):
        assert got == pytest.approx(real, rel=0.10)


def test_the_drive_model_reads_the_layout_of_the_image():
    """A file moved on the disc moves its reads: the timing comes from the image, not constants."""
    files = dsk.monopoly_disc_files()
    moved = dsk.read_dsk(dsk.build_dsk([files[1], files[0], files[2]]))
    base = disc.run_timeline(disc.monopoly_image(), tape.LOADER_NAME)
    other = disc.run_timeline(moved, tape.LOADER_NAME)
    first = lambda evs: next(e for e in evs if e.kind == "read" and e.file == "MONOPOLY.BAS")
    assert (first(base).track, first(base).sector) == (0, 0xC5)
    assert (first(other).track, first(other).sector) == (4, 0xC3)  # block 19 = logical sector 38
    # AMSDOS tried MONOPOLY. before MONOPOLY.BAS: two directory searches, 4 + 1 sectors
    dir_reads = [e for e in base if e.kind == "read" and not e.file and e.t < first(base).t]
    assert [e.sector for e in dir_reads] == [0xC1, 0xC2, 0xC3, 0xC4, 0xC1]


class _Title(Screen):
    def draw(self, fb):
        pass


class _Quiet:
    def cue(self, name, tick=None, loops=0):
        pass

    def play_samples(self, samples, name="clip", tick=None):
        pass

    def stop(self, name=None):
        pass


def test_the_cosmetic_disc_boot_follows_the_disc_within_10_percent():
    ctx = AppContext(options=Options(machine="6128", media="disc", loader="real"), audio=_Quiet())
    s = BootScreen(ctx, lambda: _Title(ctx))
    while s.seq.state is not State.LOADING:
        s.tick()
    enter = s.seq.t
    mode1 = full = None
    while s.seq.state is State.LOADING:
        s.tick()
        if mode1 is None and s.seq.inks != (1, 24, 20, 6):
            mode1 = s.seq.t
        if full is None and s.seq.picture_bytes >= 16384:
            full = s.seq.t
    done = s.seq.t - 50  # the title comes 1 s after the last byte
    got = [(x - enter) / 50 for x in (mode1, full, done)]
    for g, real in zip(got, REAL[2]):
        assert g == pytest.approx(real, rel=0.10)
