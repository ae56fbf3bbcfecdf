"""The command line: every option documented, usage errors exit 2, errors are one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from monopoly_cpc import cli


def run(*argv: str, env: dict | None = None) -> subprocess.CompletedProcess:
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "monopoly_cpc", *argv], capture_output=True,
                          text=True, env=e, timeout=120, check=False)


def test_every_option_and_command_has_help():
    parser = cli.build_parser()
    for action in parser._actions:  # argparse has no public list
        if action.dest in ("help", "version"):
            continue
        assert action.help, f"{action.option_strings or action.dest} has no help text"
    text = parser.format_help()
    for name in cli.COMMANDS:
        assert name in text, f"sub-command {name} missing from --help"


@pytest.mark.parametrize("argv", [["--bogus"], ["--scale", "0"], ["--machine", "9999"], ["--speed", "7"],
                                  ["simulate", "--games", "-1"]])
def test_a_wrong_option_is_a_usage_error(argv):
    r = run(*argv)
    assert r.returncode == 2
    assert "usage:" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("value", ["abc", "0", "-2", "1.5"])
def test_a_count_that_is_not_a_positive_whole_number_says_so(value, capsys):
    """`--scale abc` said "invalid positive_int value" (the name of a function of ours)."""
    with pytest.raises(SystemExit) as exc:
        cli.main(["--scale", value])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"expected a positive whole number, got {value!r}" in err and "positive_int" not in err


def test_frames_without_headless_is_one_clear_line():
    r = run("--frames", "3")
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and r.stderr.startswith("monopoly-cpc: ")


def test_an_unexpected_error_is_one_line_and_logged(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))

    def boom(args, **_kw):
        raise RuntimeError("something broke")

    from monopoly_cpc import app

    monkeypatch.setattr(app, "run", boom)
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "something broke" in err and "crash.log" in err


class ClosedPipe:
    """Standard output whose reader has gone (`| head -1`)."""

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_quietly(monkeypatch):
    """`monopoly-cpc scenario ... | head -1`: the reader has gone; no traceback, no error line."""

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    scenarios = Path(__file__).resolve().parent / "scenarios"
    assert cli.main(["scenario", str(scenarios / "auction_declined.yaml")]) == 0


def test_a_closed_pipe_keeps_a_failure_a_failure(monkeypatch, tmp_path):
    """`monopoly-cpc replay x --verify | true` must still fail when x is out of sync: the
    reader has gone, the result stays (was: exit 0 whatever the outcome)."""

    bad = tmp_path / "wrong.yaml"
    bad.write_text("name: wrong on purpose\nsource: 'seeds/002 ARGENT'\n"
                   "expect: {players: [{cash: 1}]}\n", encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert cli.main(["scenario", str(bad)]) == 1


def test_a_full_standard_output_is_one_line(monkeypatch, capsys):
    """`monopoly-cpc simulate > /dev/full`: one clear line and exit 1, not an internal error."""

    class FullDisk:
        def write(self, text):
            raise OSError(28, "No space left on device")

        def flush(self):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert cli.main(["simulate", "--games", "2"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "monopoly-cpc: cannot write to standard output: No space left on device"


def test_the_command_is_a_console_script():
    """`monopoly-cpc --help` and the one-line errors must print on Windows too: a gui-script
    launcher there has no console, so the command is a console script; `monopoly-cpcw` is the
    console-less launcher for shortcuts."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    scripts = text.split("[project.scripts]", 1)[1].split("\n[", 1)[0]
    gui = text.split("[project.gui-scripts]", 1)[1].split("\n[", 1)[0]
    assert 'monopoly-cpc = "monopoly_cpc.cli:main"' in scripts
    assert 'monopoly-cpcw = "monopoly_cpc.cli:main"' in gui and "monopoly-cpc =" not in gui


def test_an_output_folder_through_a_file_is_named_in_plain_words(tmp_path, capsys):
    """`sounds --out x.txt/a` where x.txt is a file: say so, not the system's "File exists"."""
    from monopoly_cpc.cli import main

    f = tmp_path / "x.txt"
    f.write_text("not a folder", encoding="utf-8")
    for out in (f, f / "a" / "b"):
        assert main(["sounds", "--out", str(out), "--only", "bell"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{f} is a file, not a folder" in err


@pytest.mark.parametrize("argv", [
    ["record", "x.json", "--out", ""],
    ["--headless", "--frames", "5", "--record", ""],
    ["demo", "--headless", "--seconds", "1", "--record", "  "],
    ["--headless", "--frames", "2", "--screenshot", ""],
    ["scenario", ""],
    ["replay", "", "--verify"],
])
def test_an_empty_output_name_is_refused(argv, capsys):
    """An empty name meant the working folder (`record --out ''` wrote 500 frames there) or
    nothing at all (`--record ''` recorded nothing, silently): a usage error now."""
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    assert "an empty name: give a file name" in capsys.readouterr().err


@pytest.mark.parametrize("argv, said", [
    (["landing", "--rolls", "999999999999999"], "--rolls must be 1 to 1000000000"),
    (["bench", "--frames", "999999999999"], "--frames must be 1 to 100000"),
])
def test_tools_refuse_a_run_of_days(argv, said, capsys):
    """Like simulate, soak and demo: a count far beyond any useful run is a one-line refusal
    (was: hours of silent work)."""
    assert cli.main(argv) == 1
    assert said in capsys.readouterr().err
