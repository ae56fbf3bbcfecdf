"""Cross-checks of the tape against what a real CPC needs, written without the package's code.

The .cdt is parsed here byte by byte (TZX block &11 fields, the CPC record layout, the 64-byte
headers), the BASIC loader is listed back by a detokeniser with its own token table (CPCWiki
"Technical information about Locomotive BASIC"), and the .wav's samples are measured.  Figures
from cpc_facts §3-§4, including a real tape's header CRC.
"""

from __future__ import annotations

import math
import wave

import numpy as np
import pytest

from monopoly_cpc.boot import basic, cdt, tape, wav


def crc_genibus(data: bytes) -> int:
    """CRC-16/GENIBUS written again from its definition (poly &1021, init &FFFF, xorout &FFFF)."""
    table = []
    for n in range(256):
        c = n << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
        table.append(c)
    crc = 0xFFFF
    for b in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ b]
    return crc ^ 0xFFFF


def test_crc_of_a_real_tape_header():
    """cpc_facts §4: the header of "COVER" (CPC 464 Computing, a BASIC file of &1456 bytes,
    block 1 of &800 bytes at &0170) stores E1 55 on the original tape."""
    h = bytearray(256)
    h[0:5] = b"COVER"
    h[16], h[17], h[18] = 1, 0, 0
    h[19:21] = (0x800).to_bytes(2, "little")
    h[21:23] = (0x0170).to_bytes(2, "little")
    h[23] = 0xFF
    h[24:26] = (0x1456).to_bytes(2, "little")
    assert crc_genibus(bytes(h)) == 0xE155
    assert tape.crc16(bytes(h)) == 0xE155
    assert crc_genibus(b"123456789") == 0xD64E


def _blocks_of(data: bytes) -> list[tuple[int, dict]]:
    """TZX blocks as (id, fields), parsed with nothing but the TZX 1.20 layout."""
    assert data[:8] == b"ZXTape!\x1a" and (data[8], data[9]) == (1, 20)
    out = []
    pos = 10
    while pos < len(data):
        bid = data[pos]
        if bid == 0x20:
            out.append((bid, {"pause": int.from_bytes(data[pos + 1 : pos + 3], "little")}))
            pos += 3
        elif bid == 0x11:
            w = [int.from_bytes(data[pos + 1 + 2 * k : pos + 3 + 2 * k], "little") for k in range(6)]
            n = int.from_bytes(data[pos + 16 : pos + 19], "little")
            out.append((bid, {"pilot": w[0], "sync1": w[1], "sync2": w[2], "zero": w[3], "one": w[4],
                              "pilots": w[5], "used": data[pos + 13],
                              "pause": int.from_bytes(data[pos + 14 : pos + 16], "little"),
                              "data": data[pos + 19 : pos + 19 + n]}))
            assert len(out[-1][1]["data"]) == n
            pos += 19 + n
        else:
            raise AssertionError(f"unexpected TZX block &{bid:02X}")
    return out


EXPECTED_FILES = [  # name, type byte, load address, length (cpc_facts §4 fields)
    ("MONOPOLY", 0x00, 0x0170, None),
    ("MONOSCR", 0x02, 0xC000, 16384),
    ("MONOCODE", 0x02, 0x4000, 24576),
]


@pytest.mark.parametrize("baud,zero,one", [(1000, 1167, 2333), (2000, 585, 1169)])
def test_cdt_byte_by_byte(baud, zero, one):
    data = cdt.build_cdt(tape.model(baud).records(), tape.speed_for(baud))
    blocks = _blocks_of(data)
    assert blocks[0] == (0x20, {"pause": 3000})  # 2.6 s of motor wait + 0.4 s
    recs = [f for bid, f in blocks[1:]]
    assert all(bid == 0x11 for bid, _ in blocks[1:])
    for f in recs:
        # one pulse = one half-cycle: pilot = a one, the sync bit = two zero half-cycles
        assert (f["pilot"], f["sync1"], f["sync2"], f["zero"], f["one"]) == (one, zero, zero, zero, one)
        assert f["pilots"] == 4096 and f["used"] == 8  # 2048 leader bits; whole bytes
        assert f["data"][-4:] == b"\xff" * 4  # 32 one-bits of trailer
    # records alternate header / data; a header is 263 bytes, a data record 1 + k*258 + 4
    headers, datas = recs[0::2], recs[1::2]
    assert len(headers) == len(datas)
    assert all(h["data"][0] == 0x2C and len(h["data"]) == 263 and h["pause"] == 18 for h in headers)
    assert all(d["data"][0] == 0x16 and (len(d["data"]) - 5) % 258 == 0 for d in datas)
    # 3 s of blank where the firmware starts the motor before the next block (after a file's
    # first block, and after its last, before the next file), the usual 2.625 s elsewhere
    for h, d in zip(headers, datas):
        number, last = h["data"][1 + 16], h["data"][1 + 17]
        assert d["pause"] == (3000 if number == 1 or last == 0xFF else 2625)
    files: dict[str, bytearray] = {}
    order: list[str] = []
    for h, d in zip(headers, datas):
        seg = h["data"][1:257]
        assert crc_genibus(seg) == int.from_bytes(h["data"][257:259], "big")
        assert seg[64:] == bytes(192)  # the 64-byte header, then zeros
        name = seg[0:16].rstrip(b"\x00").decode("ascii")
        assert seg[0:16] == name.encode() + bytes(16 - len(name)) and seg[28:64] == bytes(36)
        number, last, ftype = seg[16], seg[17], seg[18]
        length = int.from_bytes(seg[19:21], "little")
        load = int.from_bytes(seg[21:23], "little")
        first, total = seg[23], int.from_bytes(seg[24:26], "little")
        entry = int.from_bytes(seg[26:28], "little")
        if name not in files:
            order.append(name)
            files[name] = bytearray()
        n_before = len(files[name])
        assert number == n_before // 2048 + 1  # blocks numbered from 1
        assert first == (0xFF if number == 1 else 0)
        assert 0 < length <= 2048
        want_name, want_type, want_load, _ = EXPECTED_FILES[len(order) - 1]
        assert (name, ftype) == (want_name, want_type)
        assert load == want_load + n_before  # each block says where its own bytes go
        # entry 0 everywhere: the binaries hold a picture and made-up data, so RUN" of one of
        # them jumps to 0 (a reset) rather than into bytes that are not code
        assert entry == 0
        # data record: ceil(length/256) segments, each followed by its CRC, high byte first
        body = d["data"][1:-4]
        assert len(body) == math.ceil(length / 256) * 258
        payload = b""
        for k in range(0, len(body), 258):
            s = body[k : k + 256]
            assert crc_genibus(s) == int.from_bytes(body[k + 256 : k + 258], "big")
            payload += s
        assert payload[length:] == bytes(len(payload) - length)  # a short segment is padded with zeros
        files[name] += payload[:length]
        assert last == (0xFF if len(files[name]) == total else 0)
    assert order == [f[0] for f in EXPECTED_FILES]
    assert bytes(files["MONOPOLY"]) == tape.monopoly_files()[0].data
    assert len(files["MONOSCR"]) == 16384 and len(files["MONOCODE"]) == 24576


# Locomotive BASIC 1.0/1.1 keyword tokens used by (or near) the loader, from CPCWiki's table.
TOKENS = {0x80: "AFTER", 0x82: "BORDER", 0x83: "CALL", 0x8A: "CLS", 0x8C: "DATA", 0x98: "END",
          0xA2: "INK", 0xA8: "LOAD", 0xAA: "MEMORY", 0xAD: "MODE", 0xBF: "PRINT", 0xC5: "REM"}


def detokenise(program: bytes) -> tuple[list[tuple[int, str]], int]:
    """List a tokenised program; returns the lines and the length up to the end marker."""
    lines = []
    pos = 0
    last = 0
    while True:
        length = int.from_bytes(program[pos : pos + 2], "little")
        if length == 0:
            return lines, pos + 2
        number = int.from_bytes(program[pos + 2 : pos + 4], "little")
        assert number > last, "line numbers rise"
        last = number
        body = program[pos + 4 : pos + length]
        assert body[-1] == 0, f"line {number}: the line ends with &00"
        text = ""
        i = 0
        literal = False  # inside DATA: stored as typed up to ':' outside quotes
        quoted = False
        while i < len(body) - 1:
            b = body[i]
            if quoted or b == 0x22:
                text += chr(b)
                quoted = quoted != (b == 0x22)
            elif literal and b != 0x01:
                text += chr(b)
            elif b == 0x01:
                text += ":"
                literal = False
            elif 0x0E <= b <= 0x18:
                text += str(b - 0x0E)
            elif b == 0x19:
                text += str(body[i + 1])
                i += 1
            elif b == 0x1A:
                text += str(int.from_bytes(body[i + 1 : i + 3], "little"))
                i += 2
            elif b == 0x1C:
                text += f"&{int.from_bytes(body[i + 1 : i + 3], 'little'):X}"
                i += 2
            elif b >= 0x80:
                assert b in TOKENS, f"line {number}: unknown token &{b:02X}"
                text += TOKENS[b]
                literal = TOKENS[b] == "DATA"
            else:
                assert 0x20 <= b < 0x7F and b not in range(0x02, 0x20), f"line {number}: byte &{b:02X}"
                assert not chr(b).isalpha(), f"line {number}: a bare letter would be a variable"
                text += chr(b)
            i += 1
        assert not quoted, f"line {number}: unclosed string"
        assert i == len(body) - 1, f"line {number}: a number runs over the line's end"
        lines.append((number, text))
        pos += length


def test_basic_loader_lists_back_and_fits_memory():
    loader = tape.monopoly_files()[0]
    lines, end = detokenise(loader.data)
    assert end == len(loader.data)  # the file ends with the zero length word, nothing after
    assert loader.data.endswith(b"\x00\x00\x00")  # last line's &00, then the &0000 end marker
    src = dict(lines)
    assert src[10] == "MODE 1:BORDER 0:INK 0,0:INK 1,26:INK 2,6:INK 3,18"
    assert src[20] == 'LOAD"!MONOSCR",&C000'
    assert src[30] == 'MEMORY &3FFF:LOAD"!MONOCODE",&4000'
    assert src[40] == "CALL &BB18:MODE 1:INK 0,1:INK 1,24:BORDER 1"
    assert src[50].startswith('PRINT"MONOPOLY - cassette de d{monstration":PRINT') and src[50].endswith("END")
    assert src[1000] == 'DATA "D{part",0'  # é is the French ROM's code &7B
    assert len([n for n in src if n >= 1000]) == 40
    assert max(len(t) for _, t in lines) <= 255  # what the line editor accepts
    # memory: the program and its variables stay under MEMORY &3FFF; the code under HIMEM
    assert 0x0170 + len(loader.data) < 0x3FFF
    code = tape.monopoly_files()[2]
    assert code.load == 0x3FFF + 1 and code.load + len(code.data) - 1 < 0xA67B
    # the package's own scan finds the same LOADs
    assert basic.loaded_names(loader.data) == ["!MONOSCR", "!MONOCODE"]


def test_statement_line_of_each_load():
    assert basic.load_lines(tape.monopoly_files()[0].data) == [(20, "!MONOSCR"), (30, "!MONOCODE")]


def test_wav_is_a_clean_square_wave(tmp_path):
    path = tmp_path / "t.wav"
    m = tape.model(1000)
    wav.write_wav(path, cdt.tape_intervals(m), bits=8)
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getcomptype()) == (1, 1, 44100, "NONE")
        s = np.frombuffer(w.readframes(44100 * 12), dtype=np.uint8)
    assert set(np.unique(s).tolist()) == {32, 224}  # two levels, +-96 around the 8-bit centre
    assert (s[:44100] == 32).all()  # 1 s of blank tape, at the low level
    change = np.flatnonzero(np.diff(s.astype(np.int16))) + 1
    runs = np.diff(change)
    # the leader: 4096 half-cycles of 667 us = 29.4 samples (29 or 30 each, never drifting)
    leader = runs[:4096]
    assert set(np.unique(leader).tolist()) <= {29, 30}
    assert abs(leader.sum() - 4096 * 2333 * 44100 / 3.5e6) < 1
    # then the sync bit: two half-cycles of 333 us = 14.7 samples
    assert set(runs[4096:4098].tolist()) <= {14, 15}
    assert s[change[0]] == 224  # the first edge goes up from the blank level


def test_number_constants_are_stored_as_locomotive_basic_does():
    """CPCWiki "Technical information about Locomotive BASIC", token table: &0E..&18 are the
    constants 0..10, &19 an 8-bit integer, &1A a 16-bit integer, &1C a 16-bit hex number (all
    low byte first); a DATA statement keeps its items as typed."""
    def body(text: str) -> bytes:
        prog = basic.tokenise([(10, text)])
        return prog[4 : int.from_bytes(prog[:2], "little") - 1]

    assert body("MODE 0") == bytes((0xAD, 0x20, 0x0E))
    assert body("MODE 9") == bytes((0xAD, 0x20, 0x17))
    assert body("BORDER 10") == bytes((0x82, 0x20, 0x18))
    assert body("BORDER 11") == bytes((0x82, 0x20, 0x19, 11))
    assert body("BORDER 255") == bytes((0x82, 0x20, 0x19, 255))
    assert body("CALL 256") == bytes((0x83, 0x20, 0x1A, 0x00, 0x01))
    assert body("CALL 32767") == bytes((0x83, 0x20, 0x1A, 0xFF, 0x7F))
    assert body("CALL &BB18") == bytes((0x83, 0x20, 0x1C, 0x18, 0xBB))
    assert body("DATA 10,40000") == bytes((0x8C,)) + b" 10,40000"
    with pytest.raises(ValueError):
        body("CALL 40000")  # would need a floating-point constant (&1F), which the loader never uses


# The firmware ignores the tape for about 130 frames (2.6 s) after it switches the motor on:
# at the key, after each file's first block, and at each new file (the 2000-baud tape with
# 1 s of lead-in lost its first header on a real CPC).  Each header read after a motor start
# must have at least this much blank before its leader, so the whole leader comes after.
MOTOR_WAIT_S = 130 / 50
NEEDED_BLANK_S = MOTOR_WAIT_S + 0.4


def _motor_start_headers(blocks: list[tuple[int, dict]]) -> list[tuple[int, int, int]]:
    """(index into blocks, block number, last flag) of each header record, from the .cdt."""
    out = []
    for k, (bid, f) in enumerate(blocks):
        if bid == 0x11 and f["data"][0] == 0x2C:
            out.append((k, f["data"][1 + 16], f["data"][1 + 17]))
    return out


@pytest.mark.parametrize("baud", [1000, 2000])
def test_cdt_has_blank_before_each_block_read_after_a_motor_start(baud):
    data = cdt.build_cdt(tape.model(baud).records(), tape.speed_for(baud))
    blocks = _blocks_of(data)
    checked = 0
    for k, number, _last in _motor_start_headers(blocks):
        if number > 2:
            continue
        before = blocks[k - 1][1]["pause"] / 1000  # the &20 lead-in or the data record's pause
        assert before >= NEEDED_BLANK_S, (k, number, before)
        checked += 1
    assert checked == 6  # MONOPOLY, MONOSCR and MONOCODE: blocks 1 and 2 each


@pytest.mark.parametrize("baud,bits", [(1000, 8), (2000, 8), (2000, 16)])
def test_wav_has_blank_before_each_block_read_after_a_motor_start(tmp_path, baud, bits):
    """Measured on the samples: every silence (no edge) longer than 1 s, and the leader after it."""
    path = tmp_path / "t.wav"
    m = tape.model(baud)
    wav.write_wav(path, cdt.tape_intervals(m), bits=bits)
    with wave.open(str(path)) as w:
        rate = w.getframerate()
        raw = w.readframes(w.getnframes())
    s = np.frombuffer(raw, dtype=np.uint8 if bits == 8 else "<i2").astype(np.int32)
    change = np.concatenate([[0], np.flatnonzero(np.diff(s)) + 1])
    runs = np.diff(np.concatenate([change, [len(s)]]))
    silences = [(int(change[k]), int(runs[k])) for k in range(len(runs)) if runs[k] > rate]
    # one before each block: 6 of 3 s (the lead-in; after each file's block 1 and last block,
    # where the final one ends the tape) and 2.625 s between the other blocks
    long_ones = [n / rate for _, n in silences if n / rate >= NEEDED_BLANK_S]
    assert len(long_ones) >= 6
    assert silences[0][0] == 0 and silences[0][1] / rate >= NEEDED_BLANK_S
    half = {1000: 2333, 2000: 1169}[baud] / 3.5e6 * rate
    for start, n in silences:
        if start + n >= len(s):
            continue  # the end of the tape
        leader = runs[np.searchsorted(change, start + n) : np.searchsorted(change, start + n) + 4096]
        assert abs(leader.mean() - half) < 0.05 * half  # a full leader follows each blank
