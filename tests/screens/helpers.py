"""Driving screens the way the loop does: CPC key events, ticks, and the picture read back."""

from __future__ import annotations

from types import SimpleNamespace

from monopoly_cpc.keyboard.layout import load_layout
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.screens.base import AppContext

LAYOUT = load_layout("fr")


def key(name: str, shift: bool = False, ctrl: bool = False, repeat: bool = False):
    """The CpcKeyEvent of the French CPC key ``name`` ('A', '1', 'ENTER', 'UP'...)."""
    return LAYOUT.event(LAYOUT.named(name).number, shift=shift, ctrl=ctrl, repeat=repeat)


def typed(text: str) -> list:
    """The key presses that type ``text`` on the French CPC (SHIFT where needed)."""
    out = []
    for ch in text:
        found = LAYOUT.producer(ch)
        if found is None:
            raise ValueError(f"no CPC key types {ch!r}")
        k, shift = found
        out.append(LAYOUT.event(k.number, shift=shift))
    return out


def digit(d: int):
    """A top-row digit key, with SHIFT as the French CPC needs."""
    return key(str(d), shift=True)


class Session:
    """A screen chain run like the 50 Hz loop: keys, then the tick, then the switch."""

    def __init__(self, screen_factory, seed: int = 1, **options) -> None:
        options.setdefault("lang", "fr")
        options.setdefault("speed", 3)
        self.ctx = AppContext(args=SimpleNamespace(**options), seed=seed)
        self.fb = FrameBuffer()
        self.screen = screen_factory(self.ctx)

    def step(self, keys=(), ticks: int = 1) -> None:
        for ev in keys:
            self.screen.on_key(ev)
            self._switch()
        for _ in range(ticks):
            self.screen.tick()
            self.ctx.tick += 1
            self._switch()

    def _switch(self) -> None:
        if self.ctx.next_screen is not None:
            self.screen, self.ctx.next_screen = self.ctx.next_screen, None

    def press(self, *names: str, ticks: int = 1) -> None:
        for n in names:
            self.step([key(n)], ticks)

    def type(self, text: str, ticks: int = 1) -> None:
        self.step(typed(text), ticks)

    def text(self) -> list[str]:
        self.screen.draw(self.fb)
        return self.fb.screen_text()

    def shows(self, needle: str) -> bool:
        return any(needle in row for row in self.text())


def save_png(fb: FrameBuffer, path, scale: int = 1) -> None:
    """The bordered 384x272 picture (times ``scale``) as a PNG."""
    import numpy as np
    import pygame

    rgb = fb.to_rgb()
    if scale > 1:
        rgb = np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)
    surf = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    pygame.image.save(surf, str(path))
