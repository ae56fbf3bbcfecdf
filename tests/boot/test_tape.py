"""The tape model: CRC, records, timings, and .cdt/.wav round trips through the reader."""

from __future__ import annotations

import numpy as np
import pytest

from monopoly_cpc.boot import basic, cdt, picture, reader, tape, wav
from monopoly_cpc.errors import DataError


def test_crc_check_values():
    assert tape.crc16(b"123456789") == 0xD64E
    assert tape.crc16(bytes(256)) == 0xBE17


def test_header_fields_and_blocks():
    f = tape.TapeFile("MONOCODE", tape.FILETYPE_BINARY, 0x4000, bytes(5000), entry=0x4000)
    blocks = tape.split_blocks(f)
    assert [len(b.data) for b in blocks] == [2048, 2048, 904]
    h = blocks[0].header()
    assert len(h) == 64
    assert h[:16] == b"MONOCODE" + bytes(8)
    assert h[16] == 1 and h[17] == 0 and h[18] == 2 and h[23] == 0xFF
    assert h[19:21] == (2048).to_bytes(2, "little")
    assert h[21:23] == (0x4000).to_bytes(2, "little")
    assert h[24:26] == (5000).to_bytes(2, "little")
    assert h[26:28] == (0x4000).to_bytes(2, "little")
    last = blocks[2].header()
    assert last[16] == 3 and last[17] == 0xFF and last[23] == 0
    assert last[21:23] == (0x5000).to_bytes(2, "little")


def test_record_layout():
    header = tape.record_bytes(tape.SYNC_HEADER, bytes(256))
    assert len(header) == 263
    assert header[0] == 0x2C and header[-4:] == b"\xff" * 4
    assert header[257:259] == (0xBE17).to_bytes(2, "big")
    data = tape.record_bytes(tape.SYNC_DATA, bytes(range(256)) * 8)
    assert len(data) == 2069 and data[0] == 0x16
    short = tape.record_bytes(tape.SYNC_DATA, b"\x01\x02\x03")
    assert len(short) == 1 + 258 + 4  # padded to one full segment
    assert short[1:4] == b"\x01\x02\x03" and short[4:257] == bytes(253)


def test_files_of_the_monopoly_tape():
    files = tape.monopoly_files()
    assert [f.name for f in files] == ["MONOPOLY", "MONOSCR", "MONOCODE"]
    loader, screen, code = files
    assert loader.filetype == 0 and loader.load == 0x0170
    assert 2048 < len(loader.data) <= 4096  # two blocks: "Loading MONOPOLY block 1", "block 2"
    assert screen.load == 0xC000 and len(screen.data) == 16384
    assert code.load == 0x4000 and code.load + len(code.data) <= 0xA67B  # under a 6128's HIMEM
    assert basic.loaded_names(loader.data) == ["!MONOSCR", "!MONOCODE"]


def test_timeline_times_follow_the_bit_timings():
    for baud, (zero, one) in ((1000, (1167, 2333)), (2000, (585, 1169))):
        m = tape.model(baud)
        recs = m.records()
        # independent count: lead-in, then leader + sync bit + every bit of the header record
        t = tape.LEAD_IN_MS * 3500
        raw = recs[0].raw
        bits = np.unpackbits(np.frombuffer(raw[: 1 + 258], dtype=np.uint8))
        header_end = t + 4096 * one + 2 * zero + int(np.where(bits == 1, 2 * one, 2 * zero).sum())
        events = m.timeline()
        first = next(e for e in events if e.kind == "loading")
        assert first.text == "Loading MONOPOLY block 1"
        assert first.t == pytest.approx(header_end / 3.5e6, abs=1e-9)
        # the data record starts after the whole header record and its 18 ms gap
        data_start = t + int(tape.record_pulses(raw, m.speed).sum()) + 18 * 3500
        braw = recs[1].raw
        bbits = np.unpackbits(np.frombuffer(braw[:-4], dtype=np.uint8))
        data_end = data_start + 4096 * one + 2 * zero + int(np.where(bbits == 1, 2 * one, 2 * zero).sum())
        loaded = next(e for e in events if e.kind == "block_loaded")
        assert loaded.t == pytest.approx(data_end / 3.5e6, abs=1e-9)


def test_timeline_messages():
    events = tape.model(1000).timeline()
    shown = [(e.text, e.new_line) for e in events if e.text]
    assert shown == [("Loading MONOPOLY block 1", True), ("Loading MONOPOLY block 2", False)]
    loaded = [e.file for e in events if e.kind == "file_loaded"]
    assert loaded == ["MONOPOLY", "MONOSCR", "MONOCODE"]
    # 2000 baud takes a little over half the time (the gaps do not shrink)
    d1, d2 = tape.model(1000).duration(), tape.model(2000).duration()
    assert 8 * 60 < d1 < 10 * 60 and 0.5 < d2 / d1 < 0.6


def test_cdt_layout():
    m = tape.model(1000)
    data = cdt.build_cdt(m.records(), m.speed)
    assert data[:8] == b"ZXTape!\x1a" and data[8:10] == bytes((1, 20))
    assert data[10] == 0x20 and int.from_bytes(data[11:13], "little") == 3000
    b = data[13:]
    assert b[0] == 0x11
    words = [int.from_bytes(b[1 + 2 * k : 3 + 2 * k], "little") for k in range(6)]
    assert words == [2333, 1167, 1167, 1167, 2333, 4096]
    assert b[13] == 8
    assert int.from_bytes(b[14:16], "little") == 18
    assert int.from_bytes(b[16:19], "little") == 263
    assert b[19] == 0x2C and b[20:28] == b"MONOPOLY"


def _reads_to_files(reads):
    events, files = tape.firmware_run(reads, [("MONOPOLY", False)])
    return events, {f.name: f.data for f in files}


@pytest.mark.parametrize("baud", [1000, 2000])
def test_cdt_round_trip(baud):
    m = tape.model(baud)
    reads = reader.decode_intervals(cdt.read_cdt(cdt.build_cdt(m.records(), m.speed)))
    assert all(r.ok for r in reads) and len(reads) == len(m.records())
    events, files = _reads_to_files(reads)
    assert files == {f.name: f.data for f in m.files}
    assert events == m.timeline()  # same messages at the same T-state


@pytest.mark.parametrize("baud,bits", [(1000, 8), (2000, 16)])
def test_wav_round_trip(tmp_path, baud, bits):
    m = tape.model(baud)
    path = tmp_path / "t.wav"
    wav.write_wav(path, cdt.tape_intervals(m), bits=bits)
    import wave

    with wave.open(str(path)) as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (44100, 1, bits // 8)
    events, files = _reads_to_files(reader.read_tape_file(path))
    assert files == {f.name: f.data for f in m.files}
    expected = m.timeline()
    assert [(e.kind, e.file, e.block, e.text) for e in events] == [
        (e.kind, e.file, e.block, e.text) for e in expected
    ]
    assert max(abs(a.t - b.t) for a, b in zip(events, expected)) < 1e-3


def test_inverted_wav_reads_the_same(tmp_path):
    m = tape.model(2000)
    path = tmp_path / "inv.wav"
    wav.write_wav(path, cdt.tape_intervals(m), invert=True)
    first = np.frombuffer(path.read_bytes()[44:48], dtype=np.uint8)
    assert (first == 128 + 96).all()  # the blank lead-in sits on the other level
    _, files = _reads_to_files(reader.read_tape_file(path))
    assert files == {f.name: f.data for f in m.files}


def _flip_bit_in_record(data: bytes, record_index: int, byte_in_record: int) -> bytes:
    """Flip one bit of a record's bytes inside a built .cdt."""
    pos = 10 + 3  # file header, lead-in pause block
    for _ in range(record_index):
        n = int.from_bytes(data[pos + 16 : pos + 19], "little")
        pos += 19 + n
    out = bytearray(data)
    out[pos + 19 + byte_in_record] ^= 0x10
    return bytes(out)


def test_flipped_bit_gives_read_error_at_that_block(tmp_path):
    m = tape.model(2000)
    good = cdt.build_cdt(m.records(), m.speed)
    # record 3 = the data record of MONOPOLY block 2; byte 300 is in its second segment
    bad = _flip_bit_in_record(good, 3, 300)
    for source in ("cdt", "wav"):
        if source == "cdt":
            reads = reader.decode_intervals(cdt.read_cdt(bad))
        else:
            path = tmp_path / "bad.wav"
            wav.write_wav(path, cdt.read_cdt(bad))
            reads = reader.read_tape_file(path)
        assert [r.bad_segment for r in reads if not r.ok] == [1]
        events, files = tape.firmware_run(reads, [("MONOPOLY", False)])
        shown = [e.text for e in events if e.text]
        assert shown[:3] == ["Loading MONOPOLY block 1", "Loading MONOPOLY block 2", "Read error b"]
        err = next(e for e in events if e.kind == "read_error")
        assert (err.file, err.block, err.new_line) == ("MONOPOLY", 2, True)
        # the reader goes on looking for block 2 and only finds later files
        assert shown[3].startswith("Found   MONOSCR block 1")
        assert files == []


def test_flipped_bit_in_first_block():
    m = tape.model(2000)
    bad = _flip_bit_in_record(cdt.build_cdt(m.records(), m.speed), 1, 5)
    events, _ = tape.firmware_run(reader.decode_intervals(cdt.read_cdt(bad)), [("MONOPOLY", False)])
    shown = [e.text for e in events if e.text]
    assert shown[:3] == ["Loading MONOPOLY block 1", "Read error b", "Found   MONOPOLY block 2"]


def test_bad_files_give_one_line_errors(tmp_path):
    with pytest.raises(DataError, match="not a CDT"):
        cdt.read_cdt(b"hello")
    with pytest.raises(DataError, match="truncated"):
        m = tape.model(1000)
        cdt.read_cdt(cdt.build_cdt(m.records(), m.speed)[:400])
    junk = tmp_path / "x.cdt"
    junk.write_bytes(b"junk data")
    with pytest.raises(DataError, match="neither"):
        reader.read_tape_file(junk)
    with pytest.raises(DataError, match="cannot read"):
        reader.read_tape_file(tmp_path / "missing.wav")
    with pytest.raises(ValueError):
        tape.speed_for(1500)


def test_screen_bytes_in_memory_order():
    pens = picture.loading_picture()
    mem = picture.screen_bytes()
    assert len(mem) == 16384
    assert np.array_equal(picture.pens_from_screen(mem), pens)
    # the first 2 KB block holds line 0 of every character row, and nothing else
    part = np.where(np.repeat(picture.offset_map() < 2048, 4, axis=1), pens, 0)
    rows_filled = sorted({int(y) for y in np.flatnonzero((part != 0).any(axis=1))})
    assert rows_filled and all(y % 8 == 0 for y in rows_filled)
    assert picture.offset_map()[9, 0] == 0x800 + 80  # pixel line 9: line 1 of character row 1
    # pixel 0 of a byte takes pen bit 0 from bit 7 and pen bit 1 from bit 3
    one = np.zeros((200, 320), dtype=np.uint8)
    one[0, 0] = 3
    one[0, 1] = 1
    assert picture.screen_bytes(one)[0] == 0b11001000


def test_basic_tokeniser():
    prog = basic.tokenise([(10, 'MODE 1:INK 1,26:LOAD"!X",&C000'), (20, "CALL &BB18")])
    line = bytes([0xAD, 0x20, 0x0F, 0x01, 0xA2, 0x20, 0x0F, 0x2C, 0x19, 26, 0x01,
                  0xA8, 0x22, 0x21, 0x58, 0x22, 0x2C, 0x1C, 0x00, 0xC0])
    assert prog[:2] == (len(line) + 5).to_bytes(2, "little")
    assert prog[2:4] == (10).to_bytes(2, "little")
    assert prog[4 : 4 + len(line)] == line and prog[4 + len(line)] == 0
    assert prog.endswith(b"\x00\x00")
    with pytest.raises(ValueError):
        basic.tokenise([(10, "GOTO 10")])


def test_wav_chunks_stay_word_aligned(tmp_path):
    """RIFF: a chunk of odd size takes a pad byte; an odd number of 8-bit samples gets one more
    sample instead, so every file is even-sized and its RIFF size is exact (found: the 2000
    baud 8-bit tape had an odd data chunk)."""
    import numpy as np

    odd_seen = False
    for k in range(1, 7):
        path = tmp_path / f"t{k}.wav"
        n = wav.write_wav(path, np.full(k, 5000.0), bits=8)
        data = path.read_bytes()
        assert len(data) % 2 == 0 and n % 2 == 0
        assert int.from_bytes(data[4:8], "little") == len(data) - 8
        raw = len(wav.samples_from_intervals(np.full(k, 5000.0), wav.RATE, 8))
        odd_seen = odd_seen or raw % 2 == 1
    assert odd_seen   # the padding was exercised
