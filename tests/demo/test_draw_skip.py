"""Drawing only when the picture changed (screens.base.DrawSkip) gives the same frames, bit for
bit, as drawing every tick: over a recorded attract game, and over a session played by keys."""

from __future__ import annotations

import numpy as np
import pytest
from demo_helpers import key, session, setup_keys

from monopoly_cpc.cli import main
from monopoly_cpc.demo import replay as R
from monopoly_cpc.demo.export import Playback
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.screens.base import DrawSkip, Screen


def _same(fb: FrameBuffer, full: FrameBuffer) -> bool:
    return (np.array_equal(fb.pens, full.pens) and np.array_equal(fb.inks, full.inks)
            and np.array_equal(fb.border, full.border))


def _compare_every_frame(s, frames) -> list[int]:
    """The ticks whose kept picture differs from a full redraw (``frames`` yields the session's
    render() of each tick); the full redraw goes into a framebuffer of its own."""
    bad = []
    full = FrameBuffer()
    for t, fb in frames:
        s.draw_into(full)
        if not _same(fb, full):
            bad.append(t)
    return bad


def test_a_recorded_attract_game_draws_the_same_frames_with_and_without_the_skip(tmp_path):
    path = tmp_path / "demo.json"
    assert main(["demo", "--seconds", "90", "--headless", "--record", str(path), "--seed", "11"]) == 0
    run = Playback(R.load(path))
    s = run.session
    assert type(s.screen).__name__ == "AttractScreen"
    bad = _compare_every_frame(s, run.ticks(render=True))
    assert bad == []
    assert run.result().first_bad is None        # and the replay stays in sync
    # the skip did its work: most ticks of a demo keep the picture
    assert s.redraw.skips > 2 * s.redraw.draws > 0


def _keys() -> dict[int, list]:
    """Boot, title, set-up of a human and a computer, the human's D and ENTER, a cursor walk,
    SPACE on a deed, the P window (a mode without a key: drawn every frame)."""
    keys: dict[int, list] = {}
    t = 700
    keys[t] = [key("SPACE")]
    t += 10
    for ev in setup_keys():
        keys[t] = [ev]
        t += 3
    for later in range(t + 50, 3000, 90):
        keys[later] = [key("D")] if later % 180 else [key("RETURN")]
    for i, name in enumerate(("RIGHT", "RIGHT", "UP", "SPACE", "P", "ESC")):
        keys.setdefault(1600 + 7 * i, []).append(key(name))
    return keys


def test_a_session_played_by_keys_draws_the_same_frames_with_and_without_the_skip():
    s = session(loader="fast", machine="6128")
    keys = _keys()

    def frames():
        for t in range(3000):
            s.step(keys.get(t, ()))
            yield t, s.render()

    assert _compare_every_frame(s, frames()) == []
    assert type(s.screen).__name__ == "GameScreen"
    assert s.redraw.skips > 0


class _Still(Screen):
    def __init__(self) -> None:
        self.key: object = 1

    def draw_key(self):
        return self.key


def test_draw_skip_draws_on_a_new_key_a_new_screen_or_after_forget():
    skip, a, b = DrawSkip(), _Still(), _Still()
    assert skip.needed(a) and not skip.needed(a)
    a.key = 2
    assert skip.needed(a) and not skip.needed(a)
    assert skip.needed(b)                          # another screen, the same key
    assert skip.needed(b, extra=("resume",)) and not skip.needed(b, extra=("resume",))
    skip.forget()
    assert skip.needed(b, extra=("resume",))
    a.key = None                                   # no key: every time
    assert skip.needed(a) and skip.needed(a)
    off = DrawSkip(enabled=False)
    assert off.needed(b) and off.needed(b)
    assert (skip.draws, skip.skips) == (7, 3)


@pytest.mark.slow
def test_a_whole_demo_game_to_its_winner_draws_the_same_frames():
    """Every 7th tick of a whole demo game, then every tick of its winner's window: the same
    pictures with the skip as drawn afresh (a key compared across gaps, and the end)."""
    from monopoly_cpc.app import Session
    from monopoly_cpc.demo.attract import AttractScreen
    from monopoly_cpc.options import Options
    from monopoly_cpc.rules.state import GAME_OVER
    from monopoly_cpc.settings import Settings

    s = Session(Options(speed=3), settings=Settings(), seed=4,
                screen_factory=lambda ctx: AttractScreen(ctx, 4, limit=10**7))
    full, bad, over = FrameBuffer(), [], None
    for t in range(60_000):
        s.step()
        if not isinstance(s.screen, AttractScreen):
            break
        if over is None and s.screen.game.state.phase == GAME_OVER:
            over = t
        if over is not None or t % 7 == 0:
            fb = s.render()
            s.screen.draw(full)
            if not _same(fb, full):
                bad.append(t)
    assert over is not None and bad == []
