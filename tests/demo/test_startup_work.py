"""Start-up does only what the first frame needs (issue 21, §3: at most 0.3 s to the first
frame). The time itself is `bench --json`'s ``startup_s``; these tests pin the work that was
taken out of it, each of which failed before: the sub-commands' modules, the tape's files and
the disc's timeline, and the font's PNG."""

from __future__ import annotations

import os
import subprocess
import sys

from monopoly_cpc.app import Session
from monopoly_cpc.boot import disc, tape
from monopoly_cpc.options import Options
from monopoly_cpc.render import font as fontmod
from monopoly_cpc.boot import sequence as seqmod


def test_the_game_command_line_imports_no_sub_command():
    code = ("import sys; from monopoly_cpc import cli; cli.build_parser(['--headless', '--seed', '3'])"
            ".parse_args(['--headless', '--seed', '3']); "
            "print(sorted(m for m in sys.modules if m.startswith('monopoly_cpc.commands.')))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_a_sub_command_or_help_still_gets_every_command_registered():
    from monopoly_cpc import cli

    for argv in (["simulate", "--games", "1"], ["--help"], ["--hel"], ["-h"], None):
        parser = cli.build_parser(argv)
        sub = next(a for a in parser._actions if a.dest == "command")
        helps = {c.dest: c.help for c in sub._choices_actions}
        assert set(helps) == set(cli.COMMANDS) and all(helps.values()), argv
    lazy = cli.build_parser(["--seed", "1"])
    assert lazy.parse_args(["--seed", "1"]).seed == 1
    sub = next(a for a in lazy._actions if a.dest == "command")
    assert set(sub.choices) == set(cli.COMMANDS)   # an unknown command is still "invalid choice"


def test_the_first_frame_makes_neither_the_tape_nor_the_disc_timeline(monkeypatch):
    tape.monopoly_files.cache_clear()
    disc.timeline.cache_clear()
    seqmod.disc_files.cache_clear()
    session = Session(Options(loader="real"))
    session.step()
    session.render()
    assert tape.monopoly_files.cache_info().currsize == 0
    assert disc.timeline.cache_info().currsize == 0
    for _ in range(seqmod.PRECOMPUTE_TICK):   # made during the power-on frames, before RUN
        session.step()
    assert disc.timeline.cache_info().currsize == 1


def test_the_font_is_read_from_its_source_not_the_png(monkeypatch):
    def no_png(*_a, **_k):
        raise AssertionError("the font PNG was decoded")

    monkeypatch.setattr(fontmod, "read_png_sheet", no_png)
    fontmod.font.cache_clear()
    try:
        f = fontmod.font()
        assert f.glyphs.shape == (256, 8, 8) and f.has("é")
    finally:
        fontmod.font.cache_clear()


def test_numpy_gets_one_blas_thread_unless_the_environment_says_otherwise():
    code = "import os, monopoly_cpc.cli; print(os.environ['OPENBLAS_NUM_THREADS'])"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"
    env["OPENBLAS_NUM_THREADS"] = "4"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "4"
