"""The full-screen status line: a shorter message leaves nothing of a longer one behind."""

from __future__ import annotations

import numpy as np
import pygame

from monopoly_cpc import app
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.render.present import draw_status, status_rect


def _show(fe: app.WindowFrontEnd, fb: FrameBuffer, message: str) -> None:
    """What the loop does for a message: say it, present the picture, draw the line."""
    fe.say(message, 0)
    fe.presenter.present(fb, fe.surface, fe.layout)
    draw_status(fe.surface, fe.layout, fe.status_message)


def test_a_shorter_message_leaves_no_stale_characters():
    from monopoly_cpc.cli import build_parser
    from monopoly_cpc.options import Options

    pygame.display.init()
    fe = app.WindowFrontEnd(Options.of(build_parser().parse_args([])))
    fe.fullscreen = True
    fe._use_surface(pygame.Surface((1920, 1080)))
    fb = FrameBuffer()
    _show(fe, fb, "GIF : /home/visitor/Pictures/monopoly-cpc/monopoly-cpc-0001.gif")
    _show(fe, fb, "capture : x.png")
    short = status_rect(fe.layout, "capture : x.png", max(1, min(3, fe.layout.scale)))
    band = pygame.surfarray.array3d(fe.surface)[short.right:, short.top:short.bottom]
    assert not np.any(band), "characters of the longer message are left after the shorter one"
