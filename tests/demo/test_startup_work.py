"""Start-up does only what the first frame needs (issue 21, §3: at most 0.3 s to the first
frame). The time itself is `bench --json`'s ``startup_s``; these tests pin the work that was
taken out of it, each of which failed before: the sub-commands' modules, the tape's files and
the disc's timeline, the font's PNG, and numpy (the first frame is a plain picture)."""

from __future__ import annotations

import os
import subprocess
import sys

from monopoly_cpc.app import Session
from monopoly_cpc.boot import disc, tape
from monopoly_cpc.boot import sequence as seqmod
from monopoly_cpc.options import Options
from monopoly_cpc.render import font as fontmod


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


def _fresh(code: str) -> str:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_the_first_frame_is_written_without_numpy(tmp_path):
    """The first frame (the CPC's grey) is a plain picture: drawn, saved and shown without
    importing numpy, which costs about as much as a bare pygame start."""
    shot = tmp_path / "first.png"
    out = _fresh("import sys; from monopoly_cpc.cli import main; "
                 f"main(['--headless', '--frames', '1', '--screenshot', {str(shot)!r}]); "
                 "print('numpy' in sys.modules)")
    assert out == "False"
    import pygame

    from monopoly_cpc.boot import machines
    from monopoly_cpc.render.palette import palette

    picture = pygame.image.load(str(shot))
    grey = bytes(palette().colours[machines.GREY_INK].rgb)
    assert picture.get_size() == (384, 272)
    assert pygame.image.tobytes(picture, "RGB") == grey * (384 * 272)


def test_the_frames_after_the_first_are_the_ones_drawn_in_arrays():
    """Each of the boot's first frames, the plain ones and those after, is the same picture
    as the same screen drawn into a framebuffer whose arrays were made from the start."""
    from monopoly_cpc.render.framebuffer import FrameBuffer

    made = FrameBuffer()
    assert made.pens.shape == (200, 320) and made.plain() is None
    plain = Session(Options(loader="fast"))
    arrays = Session(Options(loader="fast"), fb=made)
    kinds = []
    for _ in range(60):
        plain.step()
        arrays.step()
        kinds.append(plain.render().plain() is not None)
        assert plain.fb.rgb_bytes() == arrays.render().to_rgb().tobytes()
    assert kinds[0] and not any(kinds[1:])   # the grey, then the firmware's inks


def test_the_window_shows_its_first_picture_before_importing_numpy():
    """In a window the first flip shows the grey without numpy; numpy is imported right after,
    before the session is built and its clock starts, so that no tick waits for it."""
    code = """
import sys
import pygame
from monopoly_cpc import app
from monopoly_cpc.cli import build_parser
from monopoly_cpc.options import Options
seen = []
flip = pygame.display.flip
pygame.display.flip = lambda: (seen.append(("flip", "numpy" in sys.modules)), flip())
class Noted(app.Session):
    def __init__(self, *a, **kw):
        seen.append(("session", "numpy" in sys.modules))
        super().__init__(*a, **kw)
options = Options.of(build_parser([]).parse_args(["--windowed", "--mute"]))
app.WindowFrontEnd(options, max_ticks=5, session_factory=Noted).run()
print(seen[:2])
"""
    assert _fresh(code) == "[('flip', False), ('session', True)]"
