"""Watching a replay: the viewer is a session of the game's own window loop (demo/window.py)."""

from __future__ import annotations

import pygame

from monopoly_cpc.demo.window import Viewer, run_window
from monopoly_cpc.render.framebuffer import FrameBuffer


def _key(k, kind=pygame.KEYDOWN):
    return pygame.event.Event(kind, key=k, mod=0, scancode=0, unicode="")


def test_the_viewer_steps_its_ticks_pauses_and_stops():
    seen = []
    v = Viewer(5, seen.append, FrameBuffer, lambda t: f"t={t}")
    v.step([object()])                       # the window's CPC keys are not used
    assert seen == [0] and v.caption() == "t=1"
    assert v.host_event(_key(pygame.K_SPACE)) and v.paused and v.caption() == "t=1 - pause"
    v.step()
    assert seen == [0]
    assert v.host_event(_key(pygame.K_SPACE, pygame.KEYUP)) and v.paused   # a release does nothing
    v.host_event(_key(pygame.K_SPACE))
    for _ in range(10):
        v.step()
    assert seen == [0, 1, 2, 3, 4] and v.quit_requested
    assert not v.host_event(_key(pygame.K_F12))   # the loop's screenshot key
    stopped = Viewer(5, seen.append, FrameBuffer, str)
    assert stopped.host_event(_key(pygame.K_q)) and stopped.quit_requested


def test_a_replay_window_runs_in_the_games_loop_to_its_end():
    seen = []
    fb = FrameBuffer()
    assert run_window(10, seen.append, lambda: fb, lambda t: f"replay {t}", scale=1) == 10
    assert seen == list(range(10)) and not pygame.display.get_init()
