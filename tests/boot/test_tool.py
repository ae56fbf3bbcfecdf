"""tools/tape_loader_sim.py: build then decode, and one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "tape_loader_sim.py"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], check=False, capture_output=True, text=True, timeout=120)


def test_build_and_decode(tmp_path):
    out = _run("build", "--out", str(tmp_path), "--baud", "2000")
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "monopoly.cdt").stat().st_size > 40000
    assert (tmp_path / "monopoly.wav").stat().st_size > 1_000_000
    for name in ("monopoly.cdt", "monopoly.wav"):
        dec = _run("decode", str(tmp_path / name))
        assert dec.returncode == 0, dec.stderr
        text = dec.stdout
        assert "60 records" in text  # the game's 44, then SOUNDS' 16 (docs/sound.md)
        assert "SOUNDS           block 8  ASCII" in text
        assert "MONOPOLY         block 1  BASIC" in text
        assert "MONOCODE         block 12 binary" in text
        assert "Loading MONOPOLY block 1" in text and "Loading MONOPOLY block 2" in text
        assert "CRC error" not in text
        assert "loaded MONOSCR: 16384 bytes at &C000" in text
    dsk = tmp_path / "monopoly.dsk"
    assert dsk.read_bytes()[:21] == b"MV - CPCEMU Disk-File"
    dec = _run("decode", str(dsk))
    assert dec.returncode == 0, dec.stderr
    assert "MONOPOLY.BAS BASIC    2382 bytes at &0170" in dec.stdout
    assert "MONOSCR.BIN  binary  16384 bytes at &C000, entry &0000, 2 extent(s)" in dec.stdout
    assert "[MONOCODE.BIN loaded]" in dec.stdout
    assert "SOUNDS.BAS   ASCII" in dec.stdout and "no header" in dec.stdout
    dec = _run("decode", str(dsk), "--run", "NOPE")
    assert dec.returncode == 2 and "NOPE not found" in dec.stdout


def test_help_says_which_cpc_loads_which():
    for args in (("--help",), ("build", "--help")):
        out = _run(*args)
        assert out.returncode == 0
        text = " ".join(out.stdout.split())
        assert "monopoly.dsk" in text and "monopoly.cdt" in text and "monopoly.wav" in text
        assert "CPC 464 monopoly.cdt / monopoly.wav (tape)" in text
        assert "CPC 664 / 6128 monopoly.dsk (disc)" in text and "|TAPE" in text
        assert "both tape speeds" in text


def test_bad_input_is_one_line(tmp_path):
    junk = tmp_path / "junk.wav"
    junk.write_bytes(b"RIFF....WAVEjunk")
    res = _run("decode", str(junk))
    assert res.returncode == 1
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr
    res = _run("decode", str(tmp_path / "none.cdt"))
    assert res.returncode == 1 and len(res.stderr.strip().splitlines()) == 1


def test_decode_into_a_closed_pipe_is_quiet(tmp_path):
    """`decode FILE | head -3`: the reader goes away early; no error line, no traceback."""
    out = _run("build", "--out", str(tmp_path), "--baud", "2000")
    assert out.returncode == 0, out.stderr
    proc = subprocess.Popen([sys.executable, str(TOOL), "decode", str(tmp_path / "monopoly.cdt")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader has gone before the first line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert err == ""
