"""The exhibition session inside the real window loop (SDL's dummy video driver)."""

from __future__ import annotations

import pygame
from demo_helpers import play_args

from monopoly_cpc import app
from monopoly_cpc.demo.operator import OperatorScreen
from monopoly_cpc.demo.exhibit import ExhibitSession
from monopoly_cpc.screens.base import Screen


class Poster(Screen):
    """A screen that posts host events at given ticks, as a person at the keyboard would."""

    def __init__(self, ctx, post_at: dict[int, list]) -> None:
        super().__init__(ctx)
        self.post_at = post_at
        self.n = 0

    def tick(self) -> None:
        self.n += 1
        for ev in self.post_at.get(self.n, []):
            pygame.event.post(ev)

    def draw(self, fb) -> None:
        fb.clear(0)


def _down(key, scancode, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, scancode=scancode, mod=mod, unicode=unicode)


def _up(key, scancode, mod=0):
    return pygame.event.Event(pygame.KEYUP, key=key, scancode=scancode, mod=mod, unicode="")


def _front_end(post_at, max_ticks, **options):
    args = play_args(headless=False, mute=True, windowed=True, **options)
    screens = []

    def factory(ctx):
        screens.append(Poster(ctx, post_at))
        return screens[-1]

    fe = app.WindowFrontEnd(args, screen_factory=factory, session_factory=ExhibitSession,
                            max_ticks=max_ticks)
    return fe, screens


def test_kiosk_window_cannot_be_closed():
    alt_f4 = _down(pygame.K_F4, pygame.KSCAN_F4, pygame.KMOD_LALT)
    fe, screens = _front_end({2: [pygame.event.Event(pygame.QUIT)], 4: [alt_f4]}, 30, kiosk=True)
    assert fe.run() == 0
    assert screens[0].ctx.tick == 30  # ran to the end: neither event quit
    assert fe.fullscreen  # kiosk is full screen whatever --windowed says


def test_normal_window_closes():
    fe, screens = _front_end({2: [pygame.event.Event(pygame.QUIT)]}, 300)
    assert fe.run() == 0
    assert screens[0].ctx.tick < 10


def test_the_chord_typed_on_the_host_keyboard_opens_the_operator_menu_and_q_quits(monkeypatch):
    mods = pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT
    ctrl = _down(pygame.K_LCTRL, pygame.KSCAN_LCTRL, pygame.KMOD_LCTRL)
    shift = _down(pygame.K_LSHIFT, pygame.KSCAN_LSHIFT, mods)
    esc, esc_up = _down(pygame.K_ESCAPE, pygame.KSCAN_ESCAPE, mods), _up(pygame.K_ESCAPE, pygame.KSCAN_ESCAPE, mods)
    post = {2: [ctrl, shift], 3: [esc], 5: [esc_up], 7: [esc], 9: [esc_up], 11: [esc], 13: [esc_up]}
    fe, screens = _front_end(post, 400, kiosk=True)
    q = _down(pygame.K_a, pygame.KSCAN_A, 0, "a")  # the French CPC's Q sits where a QWERTY host has A
    opened_at = []
    orig_init = OperatorScreen.__init__

    def opened(self, ctx, title):
        orig_init(self, ctx, title)
        opened_at.append(ctx.tick)
        for ev in (_up(pygame.K_LCTRL, pygame.KSCAN_LCTRL), _up(pygame.K_LSHIFT, pygame.KSCAN_LSHIFT), q):
            pygame.event.post(ev)

    monkeypatch.setattr(OperatorScreen, "__init__", opened)
    assert fe.run() == 0
    # At the third press (posted at tick 11), not before; the window loop reads posted events
    # once a frame, and a loaded machine runs up to MAX_CATCH_UP ticks in one frame.
    assert len(opened_at) == 1 and 11 <= opened_at[0] <= 13 + app.MAX_CATCH_UP
    assert screens[0].ctx.quit_requested and screens[0].ctx.tick < 100


def test_f11_saves_a_gif_of_the_last_seconds():
    f11 = _down(pygame.K_F11, pygame.KSCAN_F11)
    fe, _ = _front_end({40: [f11]}, 180)   # time for the writer thread on a busy machine
    assert fe.run() == 0
    made = sorted(app.screenshot_dir().glob("monopoly-cpc-*.gif"))
    assert len(made) == 1
    # said through the front end (window title, and the status line in full screen), not only
    # the window title, which a full screen does not show
    assert fe.title_message.endswith(f"GIF : {made[0]}")
    from PIL import Image

    im = Image.open(made[0])
    total = 0
    for i in range(im.n_frames):
        im.seek(i)
        total += im.info["duration"]
    # about the 40 ticks drawn so far, 20 ms each; the loop reads the key up to 10 catch-up
    # ticks later on a slow machine (app.FixedStep)
    assert 30 * 20 <= total <= 51 * 20


class Interrupter(Poster):
    """Sends this process SIGINT (CTRL+C in the terminal) at a tick, and notes what it meant."""

    def tick(self) -> None:
        super().tick()
        if self.n == 3:
            import os
            import signal

            self.handler = signal.getsignal(signal.SIGINT)
            os.kill(os.getpid(), signal.SIGINT)


def _interrupted_front_end(kiosk: bool):
    args = play_args(headless=False, mute=True, windowed=True, kiosk=kiosk)
    screens = []

    def factory(ctx):
        screens.append(Interrupter(ctx, {}))
        return screens[-1]

    return app.WindowFrontEnd(args, screen_factory=factory, session_factory=ExhibitSession,
                              max_ticks=20), screens


def test_kiosk_window_ignores_ctrl_c_in_its_terminal_and_gives_it_back():
    import signal

    before = signal.getsignal(signal.SIGINT)
    fe, screens = _interrupted_front_end(kiosk=True)
    assert fe.run() == 0
    assert screens[0].ctx.tick == 20 and screens[0].handler == signal.SIG_IGN
    assert signal.getsignal(signal.SIGINT) is before  # restored when the session closed


def test_normal_window_stops_on_ctrl_c():
    import pytest

    fe, screens = _interrupted_front_end(kiosk=False)
    with pytest.raises(KeyboardInterrupt):
        fe.run()
    assert screens[0].ctx.tick < 20
