"""The loop: Session ticks, headless runs, the window front end in SDL's dummy driver."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from monopoly_cpc import app
from monopoly_cpc.cli import build_parser, main
from monopoly_cpc.errors import UserError
from monopoly_cpc.keyboard.events import CpcKeyEvent
from monopoly_cpc.options import Options
from monopoly_cpc.render.font import font
from monopoly_cpc.render.palette import palette
from monopoly_cpc.screens import test_card
from monopoly_cpc.screens.base import Screen

ROOT = Path(__file__).resolve().parents[1]


class Recorder(Screen):
    """Logs what the loop does to it, and can switch or post host events at given ticks."""

    def __init__(self, ctx, name="a", log=None, switch_at=None, post_at=None):
        super().__init__(ctx)
        self.name, self.log = name, log if log is not None else []
        self.switch_at, self.post_at = switch_at, post_at or {}

    def on_key(self, ev):
        self.log.append((self.ctx.tick, self.name, "key", ev.key))

    def tick(self):
        self.log.append((self.ctx.tick, self.name, "tick"))
        if self.switch_at == self.ctx.tick:
            self.ctx.switch(Recorder(self.ctx, "b", self.log))
        for ev in self.post_at.get(self.ctx.tick, ()):
            pygame.event.post(ev)

    def draw(self, fb):
        fb.clear(0)
        fb.text(0, 0, f"{self.name} {self.ctx.tick}")


def key(name):
    return CpcKeyEvent(key=name, number=0, char=None)


def test_session_step_order_switch_and_clock():
    log = []
    s = app.Session(screen_factory=lambda ctx: Recorder(ctx, log=log, switch_at=1))
    s.step([key("A"), key("B")])
    s.step()
    s.step([key("C")])
    assert s.tick == 3
    assert log == [(0, "a", "key", "A"), (0, "a", "key", "B"), (0, "a", "tick"),
                   (1, "a", "tick"), (2, "b", "key", "C"), (2, "b", "tick")]
    assert s.render().read_text(0).rstrip() == "b 3"


def test_run_headless_feeds_the_key_log_at_its_ticks():
    log = []
    fb = app.run_headless(Options(frames=5, screenshot=None, seed=None),
                          key_log={1: [key("X")], 3: [key("Y"), key("Z")]},
                          screen_factory=lambda ctx: Recorder(ctx, log=log))
    keys = [(t, k) for (t, _, kind, *k) in log if kind == "key" for k in k]
    assert keys == [(1, "X"), (3, "Y"), (3, "Z")]
    assert fb.read_text(0).rstrip() == "a 5"


def test_run_headless_every_frame_callback():
    seen = []
    app.run_headless(Options(frames=3, screenshot=None, seed=7), screen_factory=Recorder,
                     on_frame=lambda t, fb: seen.append((t, fb.read_text(0).rstrip())))
    assert seen == [(0, "a 1"), (1, "a 2"), (2, "a 3")]


def test_headless_screenshot_is_the_bordered_picture(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["--headless", "--test-card", "--frames", "2", "--screenshot", str(out)]) == 0
    surf = pygame.image.load(str(out))
    assert surf.get_size() == (384, 272)
    rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    table = palette().rgb
    # the test card's top-left paper pixel is pen 0 (blue); the border beside it is band 36*27//272
    assert tuple(rgb[36, 32]) == tuple(table[1])
    assert tuple(rgb[36, 31]) == tuple(table[36 * 27 // 272])
    assert tuple(rgb[35, 32]) == tuple(table[35 * 27 // 272])
    # and the paper ends at x 351, y 235
    assert tuple(rgb[235, 351]) != tuple(rgb[235, 352]) or tuple(rgb[236, 351]) != tuple(rgb[235, 351])


def test_headless_screenshot_to_unwritable_place_is_a_user_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(UserError, match="cannot write"):
        app.run_headless(Options(frames=1, screenshot=str(blocker / "x.png"), seed=None,
                                         test_card=True))


def test_frames_without_headless_is_refused():
    with pytest.raises(UserError, match="--headless"):
        app.run(Options.of(build_parser().parse_args(["--frames", "3"])))


def test_first_screen_is_the_test_card_when_asked():
    s = app.Session(Options(test_card=True))
    assert isinstance(s.screen, test_card.TestCardScreen)


def test_test_card_shows_colours_font_and_turns_pages():
    s = app.Session(Options(test_card=True), screen_factory=test_card.TestCardScreen)
    fb = s.render()
    rows = fb.screen_text()
    assert "MIRE DE TEST" in rows[0]
    assert sorted(set(fb.inks[:, 1].tolist()) | set(fb.inks[:, 2].tolist())) == list(range(27))
    assert len(set(fb.border.tolist())) == 27
    assert rows[17][4:36] == fb.font.decode(range(32))
    assert rows[24][4:36] == fb.font.decode(range(224, 256))
    for _ in range(250):
        s.step()
    rows = s.render().screen_text()
    assert rows[8].rstrip() == "Ready" and "DÉPART" in "".join(rows) and "Élysées" in "".join(rows)
    s.step([key("SPACE")])
    assert "MIRE DE TEST" in s.render().read_text(0)


def _no_display_env():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    return env


@pytest.mark.parametrize("driver, display", [(None, None), ("x11", None), (None, ":9931")])
def test_no_display_is_one_line_and_exit_1(driver, display, tmp_path):
    env = _no_display_env()
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    env["XDG_RUNTIME_DIR"] = str(tmp_path)
    if display:
        # an X display nobody serves, and no XDG_RUNTIME_DIR: SDL's other drivers must not be
        # tried (libwayland would print its own error line, 'offscreen' would open nothing)
        env["DISPLAY"] = display
        del env["XDG_RUNTIME_DIR"]
    r = subprocess.run([sys.executable, "-m", "monopoly_cpc", "--test-card"], env=env, cwd=ROOT,
                       capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 1
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("monopoly-cpc: no display available")
    assert "--headless" in lines[0] and "Traceback" not in r.stderr


def _front_end(argv, **kw):
    options = Options.of(build_parser().parse_args(argv)).replace(mute=True)
    return app.WindowFrontEnd(options, **kw)


def _keydown(k, scancode, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, scancode=scancode, mod=mod, unicode=unicode)


def test_window_close_quits_cleanly_and_esc_is_a_cpc_key():
    log = []
    esc = _keydown(pygame.K_ESCAPE, pygame.KSCAN_ESCAPE, unicode="\x1b")
    fe = _front_end(["--windowed"], max_ticks=500, screen_factory=lambda ctx: Recorder(
        ctx, log=log, post_at={2: [esc], 6: [pygame.event.Event(pygame.QUIT)]}))
    assert fe.run() == 0
    ticks = [t for (t, _, kind, *_) in log if kind == "tick"]
    # stopped by the close, not by max_ticks (a frame may run up to MAX_CATCH_UP ticks at once)
    assert 6 <= max(ticks) < 6 + 3 * app.MAX_CATCH_UP
    assert ("ESC",) in [tuple(k) for (_, _, kind, *k) in log if kind == "key"]
    assert not pygame.display.get_init()


def test_window_f12_screenshot_and_alt_enter(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_PICTURES_DIR", str(tmp_path / "pics"))
    f12 = _keydown(pygame.K_F12, pygame.KSCAN_F12)
    alt_enter = _keydown(pygame.K_RETURN, pygame.KSCAN_RETURN, mod=pygame.KMOD_LALT)
    states = []
    # room for the events posted at tick 5 to be read: a loaded machine runs up to MAX_CATCH_UP
    # ticks in one frame, and posted events are read once a frame
    fe = _front_end(["--windowed", "--scale", "2", "--test-card"], max_ticks=12 + 2 * app.MAX_CATCH_UP,
                    screen_factory=lambda ctx: Recorder(ctx, post_at={2: [f12], 5: [alt_enter]}))
    orig = fe._set_mode
    monkeypatch.setattr(fe, "_set_mode", lambda: (orig(), states.append(fe.fullscreen)))
    assert fe.run() == 0
    one, scaled = fe.last_screenshot
    assert one.parent == tmp_path / "pics" / "monopoly-cpc"
    assert pygame.image.load(str(one)).get_size() == (384, 272)
    assert pygame.image.load(str(scaled)).get_size() == (768, 544)
    assert "capture" in fe.title_message and str(one) in fe.title_message
    assert states == [False, True]


class Resizer(Recorder):
    """Resizes the window at given ticks: the player dragging its edge at tick 2, and, with
    ``wm_at``, a window manager forcing the full screen's size on it a moment after."""

    def __init__(self, ctx, wm_at=None, **kw):
        super().__init__(ctx, **kw)
        self.sizes = {2: (1000, 700)} | ({wm_at: (1920, 1080)} if wm_at else {})

    def tick(self):
        if self.ctx.tick in self.sizes:
            pygame.Window.from_display_module().size = self.sizes[self.ctx.tick]
        super().tick()


def test_alt_enter_twice_gives_the_window_back_its_size_and_maximised_state(monkeypatch):
    alt_enter = _keydown(pygame.K_RETURN, pygame.KSCAN_RETURN, mod=pygame.KMOD_LALT)
    maximised = pygame.event.Event(pygame.WINDOWMAXIMIZED)
    sizes, maximise_calls = [], []
    fe = _front_end(["--windowed", "--scale", "1", "--test-card"], max_ticks=20 + 3 * app.MAX_CATCH_UP,
                    screen_factory=lambda ctx: Resizer(ctx, post_at={3: [maximised], 8: [alt_enter],
                                                                     14: [alt_enter]}))
    orig = fe._set_mode
    monkeypatch.setattr(fe, "_set_mode", lambda: (orig(), sizes.append((fe.fullscreen, fe.surface.get_size(),
                                                                         fe.layout.scale))))
    monkeypatch.setattr(fe, "_maximise", lambda: maximise_calls.append(fe.fullscreen))
    assert fe.run() == 0
    assert [full for full, _size, _scale in sizes] == [False, True, False]
    # the window comes back at the player's size, the picture at the largest scale that fits it
    assert sizes[-1][1:] == ((1000, 700), 2)
    assert maximise_calls == [False] and fe.maximised


def test_a_window_manager_forcing_the_full_screens_size_after_alt_enter_is_undone(monkeypatch):
    alt_enter = _keydown(pygame.K_RETURN, pygame.KSCAN_RETURN, mod=pygame.KMOD_LALT)
    last_size = []
    real_quit = pygame.display.quit
    monkeypatch.setattr(pygame.display, "quit", lambda: (
        last_size.append(pygame.display.get_surface().get_size()) if pygame.display.get_surface() else None,
        real_quit()))
    fe = _front_end(["--windowed", "--scale", "1", "--test-card"], max_ticks=40 + 3 * app.MAX_CATCH_UP,
                    screen_factory=lambda ctx: Resizer(ctx, wm_at=24, post_at={8: [alt_enter], 14: [alt_enter]}))
    assert fe.run() == 0
    assert last_size[:1] == [(1000, 700)] and fe.layout.scale == 2


def test_screenshot_names_do_not_overwrite(tmp_path):
    (tmp_path / "monopoly-cpc-0001.png").write_bytes(b"")
    a, b = app.next_screenshot_paths(tmp_path, 3)
    assert a.name == "monopoly-cpc-0002.png" and b.name == "monopoly-cpc-0002-x3.png"


def test_window_presents_the_framebuffer():
    fe = _front_end(["--windowed", "--scale", "1"], max_ticks=3, screen_factory=Recorder)
    fe.run()
    # after run the display is closed; check the presenter's last picture instead
    pic = pygame.surfarray.array3d(fe.presenter.picture).transpose(1, 0, 2)
    assert tuple(pic[36, 32]) == tuple(palette().rgb[1]) and pic.shape == (272, 384, 3)
    glyph = font().glyphs[ord("a")]
    yellow = (pic[36:44, 32:40] == palette().rgb[24]).all(axis=2)
    assert np.array_equal(yellow, glyph)


def test_window_gives_host_events_to_the_session_first_and_closes_it():
    seen, closed = [], []

    class Hooked(app.Session):
        def host_event(self, ev):
            seen.append(ev.type)
            return ev.type == pygame.QUIT  # a kiosk keeps the window open

        def close(self):
            closed.append(self.tick)

    fe = _front_end(["--windowed"], max_ticks=15, session_factory=Hooked,
                    screen_factory=lambda ctx: Recorder(ctx, post_at={2: [pygame.event.Event(pygame.QUIT)]}))
    assert fe.run() == 0
    assert pygame.QUIT in seen
    assert closed == [15]  # ran to max_ticks: the QUIT was the session's


def test_kiosk_is_full_screen():
    assert _front_end(["--kiosk", "--windowed"]).fullscreen
    assert not _front_end(["--windowed"]).fullscreen


def _wait_for_sigterm_handler(proc, limit_s: float = 60.0) -> None:
    """Wait until the game has installed its SIGTERM handler (a loaded machine starts slowly).

    Linux says which signals a process catches in /proc/PID/status (SigCgt, bit 14 = SIGTERM);
    elsewhere a fixed pause has to do.
    """
    import time

    status = Path(f"/proc/{proc.pid}/status")
    if not status.exists():
        time.sleep(3)
        return
    for _ in range(int(limit_s / 0.05)):
        assert proc.poll() is None, proc.stderr.read()
        fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
        if int(fields["SigCgt"].strip(), 16) >> (signal.SIGTERM - 1) & 1:
            return
        time.sleep(0.05)
    raise AssertionError("the game never installed its SIGTERM handler")


def test_sigterm_stops_even_a_kiosk_cleanly(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"))
    proc = subprocess.Popen([sys.executable, "-m", "monopoly_cpc", "--kiosk", "--mute", "--test-card"],
                            env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        import time

        _wait_for_sigterm_handler(proc)
        time.sleep(0.5)  # a few turns of its loop (no speed is asserted)
        assert proc.poll() is None, proc.stderr.read()
        proc.terminate()
        err = proc.communicate(timeout=20)[1]
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err


# -- the fixed step and the vsync check, on a simulated clock -------------------------------------
def _ticks_over(frame_times) -> tuple[int, app.FixedStep]:
    clock = app.FixedStep(0.0)
    return sum(clock.due(t) for t in frame_times), clock


@pytest.mark.parametrize("fps", [144, 75, 60, 59.94, 50, 49.5, 30, 24, 7])
def test_fixed_step_gives_50_ticks_a_second_at_any_frame_rate(fps):
    n_frames = int(10 * fps)
    ticks, clock = _ticks_over([(i + 1) / fps for i in range(n_frames)])
    # 10 s of frames: 500 ticks, give or take the tick in progress at the last frame
    assert 499 <= ticks <= 500, ticks
    assert clock.dropped == 0


def test_fixed_step_does_not_drift_with_uneven_frames():
    # frames of 13, 21 and 17 ms in turn, for 100 s: still exactly 50 ticks a second
    times, t = [], 0.0
    for i in range(6000):
        t += (0.013, 0.021, 0.017)[i % 3]
        times.append(t)
    ticks, _ = _ticks_over(times)
    assert ticks == int(t * 50)


def test_fixed_step_clamps_a_stall_and_drops_the_rest():
    clock = app.FixedStep(0.0)
    assert clock.due(0.1) == 5
    assert clock.due(2.1) == app.MAX_CATCH_UP  # a 2 s stall: only the catch-up runs
    assert clock.dropped == 100 - app.MAX_CATCH_UP
    # then the game goes on at 50 Hz from the stall, without a second burst
    assert [clock.due(2.1 + 0.02 * k) for k in range(1, 6)] == [1, 1, 1, 1, 1]


def test_vsync_check_notices_flips_that_do_not_wait():
    refresh = 1 / 60
    real = app.VsyncCheck(0.0, refresh)
    assert all(real.flipped((i + 1) * refresh) for i in range(300))  # flips at the display's rate
    fake = app.VsyncCheck(0.0, refresh)
    results = [fake.flipped((i + 1) * 0.004) for i in range(30)]  # 4 ms flips: no vsync
    assert results[-1] is False and all(results[:-1])


def test_window_scale_too_big_for_the_screen_is_the_largest_that_fits(monkeypatch, capsys):
    sizes = []
    fe = _front_end(["--windowed", "--scale", "9"], max_ticks=2, screen_factory=Recorder)
    orig = fe._use_surface
    monkeypatch.setattr(fe, "_use_surface", lambda surface: (sizes.append(surface.get_size()), orig(surface)))
    fe.run()
    dw, dh = fe.desktop
    k = min(dw // 384, dh // 272)
    assert sizes == [(384 * k, 272 * k)] and fe.layout.scale == k
    err = capsys.readouterr().err.strip().splitlines()     # said, once, in one line
    assert err == [f"monopoly-cpc: --scale 9 does not fit a {dw}x{dh} screen: the window is at scale {k}"]


def test_full_screen_f12_says_it_on_screen_and_a_failed_save_does_not_end_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_PICTURES_DIR", str(tmp_path / "pics"))
    f12 = _keydown(pygame.K_F12, pygame.KSCAN_F12)
    fe = _front_end(["--test-card"], max_ticks=4 + app.MAX_CATCH_UP,
                    screen_factory=lambda ctx: Recorder(ctx, post_at={2: [f12]}))
    assert fe.run() == 0 and fe.fullscreen
    assert fe.status_message.startswith("capture : ") and fe.status_message in fe.title_message

    def no_folder():
        raise UserError("no folder to save screenshots in")

    monkeypatch.setattr(app, "screenshot_dir", no_folder)
    fe = _front_end(["--windowed", "--test-card"], max_ticks=4 + app.MAX_CATCH_UP,
                    screen_factory=lambda ctx: Recorder(ctx, post_at={2: [f12]}))
    assert fe.run() == 0
    assert fe.last_screenshot is None and "no folder" in fe.title_message
    assert fe.status_message == ""  # a window has its title: nothing drawn over the picture


class Still(Screen):
    """The same picture at every tick (a title waiting for a key); posts host events at ticks."""

    def __init__(self, ctx, post_at=None):
        super().__init__(ctx)
        self.post_at = post_at or {}

    def tick(self):
        for ev in self.post_at.get(self.ctx.tick, ()):
            pygame.event.post(ev)

    def draw(self, fb):
        fb.clear(0)
        fb.text(0, 0, "Appuyez sur une touche")


def _count_flips(monkeypatch):
    flips = []
    real = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real())[1])
    return flips


def _counting_session():
    renders = []

    class Counting(app.Session):
        def render(self):
            renders.append(self.tick)
            return super().render()

    return Counting, renders


@pytest.mark.parametrize("argv", [["--windowed"], []])
def test_a_still_picture_is_presented_once_and_a_moving_one_at_every_change(argv, monkeypatch):
    # an idle title flipped the same 1080p picture at every display refresh: 40-90 % of a core
    # under X11 (Xvfb); now the loop presents only a changed picture
    flips = _count_flips(monkeypatch)
    counting, renders = _counting_session()
    fe = _front_end(argv, max_ticks=40, session_factory=counting, screen_factory=Still)
    assert fe.run() == 0
    assert len(renders) >= 40 // app.MAX_CATCH_UP and len(flips) == 1
    assert len(set(renders)) == len(renders)  # drawn only after a tick (or when stale)
    flips.clear()
    counting, renders = _counting_session()
    fe = _front_end(argv, max_ticks=40, session_factory=counting, screen_factory=Recorder)
    assert fe.run() == 0
    assert len(flips) == len(renders) >= 40 // app.MAX_CATCH_UP  # the tick number changes the text


def test_an_uncovered_window_and_a_status_line_are_presented_even_with_a_still_picture(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_PICTURES_DIR", str(tmp_path / "pics"))
    flips = _count_flips(monkeypatch)
    fe = _front_end(["--windowed"], max_ticks=30, screen_factory=lambda ctx: Still(
        ctx, post_at={5: [pygame.event.Event(pygame.WINDOWEXPOSED)]}))
    assert fe.run() == 0 and len(flips) == 2
    flips.clear()
    # the line lasts three frames' worth of catch-up: a busy machine still presents it
    monkeypatch.setattr(app, "TITLE_MESSAGE_TICKS", 3 * app.MAX_CATCH_UP)
    f12 = _keydown(pygame.K_F12, pygame.KSCAN_F12)
    fe = _front_end([], max_ticks=80, screen_factory=lambda ctx: Still(ctx, post_at={5: [f12]}))
    assert fe.run() == 0 and fe.last_screenshot is not None
    assert len(flips) == 3 and fe.status_message == ""  # first picture, the line, the line gone


def test_the_next_tick_is_due_when_the_loop_wakes_for_it():
    # the loop sleeps until next_due(); float rounding must not leave that tick not yet due
    for origin in (0.0, 1234.5678, 3.3e5 + 0.1, 2e6 + 0.77):
        clock = app.FixedStep(origin)
        assert all(clock.due(clock.next_due()) == 1 for _ in range(20000))


def test_alt_f4_quits_even_without_a_window_manager():
    # README: "Close the window (or Alt+F4) to quit".  A window manager turns Alt+F4 into a
    # close; on a bare X server the game got the key itself and went on playing
    log = []
    alt_f4 = _keydown(pygame.K_F4, pygame.KSCAN_F4, mod=pygame.KMOD_LALT)
    fe = _front_end(["--windowed"], max_ticks=500,
                    screen_factory=lambda ctx: Recorder(ctx, log=log, post_at={3: [alt_f4]}))
    assert fe.run() == 0
    assert 3 <= max(t for (t, _, kind, *_) in log if kind == "tick") < 3 + 3 * app.MAX_CATCH_UP
    assert not [k for (_, _, kind, *k) in log if kind == "key"]  # F4 is no CPC key anyway


def test_the_window_has_the_program_icon_not_pygames(monkeypatch):
    # under X11 the taskbar and Alt+Tab showed pygame's snake (_NET_WM_ICON)
    icons = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon",
                        lambda surf: (icons.append((surf.copy(), pygame.display.get_surface())), real(surf)))
    fe = _front_end(["--windowed"], max_ticks=2, screen_factory=Recorder)
    assert fe.run() == 0
    assert len(icons) == 1
    from monopoly_cpc.render.icon import WINDOW_SCALE, icon_rgba

    surf, window = icons[0]
    assert window is None  # given before the window is made
    rgb = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    assert np.array_equal(rgb, icon_rgba(WINDOW_SCALE)[:, :, :3])


def test_a_screenshot_not_named_png_is_refused_before_running(tmp_path, capsys):
    """--screenshot x.txt would write a TGA file named .txt: refused at once, one line."""
    out = tmp_path / "x.txt"
    with pytest.raises(SystemExit) as exc:
        main(["--headless", "--frames", "2", "--screenshot", str(out)])
    assert exc.value.code == 2 and "PNG" in capsys.readouterr().err and not out.exists()
    with pytest.raises(UserError, match="PNG"):
        app.save_png(np.zeros((2, 2, 3), np.uint8), tmp_path / "y.bmp")


def test_an_unwritable_screenshot_is_refused_before_the_frames_are_played(tmp_path, capsys,
                                                                          monkeypatch):
    """`--headless --frames 30000 --screenshot x.txt/s.png`: refused at once (was: every frame
    played first, then the error)."""
    from monopoly_cpc import app, cli

    played = []
    monkeypatch.setattr(app, "run_headless", lambda *a, **k: played.append(1))
    f = tmp_path / "x.txt"
    f.write_text("a file", encoding="utf-8")
    assert cli.main(["--headless", "--frames", "30000", "--screenshot", str(f / "s.png")]) == 1
    assert played == []
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "screenshot" in err and "is a file, not a folder" in err


def test_the_window_is_resizable_and_a_new_size_takes_the_largest_whole_scale_letterboxed(monkeypatch):
    """Resized or maximised, the picture is drawn at the largest integer scale that fits, centred
    on black (--scale sized the first window only)."""
    modes = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda size, flags=0, *a, **k: (modes.append((size, flags)), real_set_mode(size, flags))[1])
    big = pygame.Surface((1300, 700))
    resized = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1300, y=700)
    fe = _front_end(["--windowed", "--scale", "1"], max_ticks=4 + app.MAX_CATCH_UP,
                    screen_factory=lambda ctx: Recorder(ctx, post_at={2: [resized]}))
    real_get_surface = pygame.display.get_surface
    monkeypatch.setattr(pygame.display, "get_surface",
                        lambda: big if pygame.display.get_init() and real_get_surface() else None)
    assert fe.run() == 0
    assert modes and all(flags & pygame.RESIZABLE for _size, flags in modes)
    assert (fe.layout.scale, fe.layout.x, fe.layout.y) == (2, (1300 - 768) // 2, (700 - 544) // 2)
    pic = pygame.surfarray.array3d(big).transpose(1, 0, 2)
    assert (pic[:fe.layout.y] == 0).all() and (pic[:, :fe.layout.x] == 0).all()   # the letterbox
    border = palette().rgb[1]
    assert tuple(pic[fe.layout.y, fe.layout.x]) == tuple(border)                   # the picture
    assert tuple(pic[fe.layout.y + 1, fe.layout.x + 1]) == tuple(border)


def _flips_and_session(monkeypatch):
    """A list that notes each display flip ("flip") and the session's making ("session"), and
    the session class that notes itself there."""
    order: list[str] = []
    flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (order.append("flip"), flip()))

    class Noted(app.Session):
        def __init__(self, *a, **kw):
            order.append("session")
            super().__init__(*a, **kw)

    return order, Noted


def test_the_window_shows_the_boots_grey_before_the_session_is_built(monkeypatch):
    """The first flip is the boot's first picture, made before the session (and its sound) is
    (the window's "shown" event has it presented again: the same picture)."""
    from monopoly_cpc.boot import machines

    order, noted = _flips_and_session(monkeypatch)
    fe = _front_end(["--windowed", "--scale", "1", "--loader", "fast"], max_ticks=1, session_factory=noted)
    assert fe.run() == 0
    assert order[:2] == ["flip", "session"]
    pic = pygame.surfarray.array3d(fe.presenter.picture).transpose(1, 0, 2)
    assert (pic == palette().rgb[machines.GREY_INK]).all()


def test_no_grey_first_when_the_boot_is_skipped(monkeypatch):
    order, noted = _flips_and_session(monkeypatch)
    fe = _front_end(["--windowed", "--scale", "1", "--loader", "skip"], max_ticks=2, session_factory=noted)
    assert fe.run() == 0
    assert order[0] == "session"


@pytest.mark.parametrize("slow_flips", [True, False])
def test_a_software_renderer_gives_way_to_the_windows_own_surface(slow_flips, monkeypatch):
    """Full screen goes through SDL's renderer (SCALED, for vsync); when its flips cost more CPU
    than a GPU's would (no GPU: software rendering), the window's own surface takes over."""
    monkeypatch.setattr(app, "SOFT_FLIP_S", -1.0 if slow_flips else 1e9)
    modes = []
    fe = _front_end([], max_ticks=60, screen_factory=Recorder)   # a new picture every tick
    orig = fe._set_mode
    monkeypatch.setattr(fe, "_set_mode", lambda: (orig(), modes.append((fe.fullscreen, fe.scaled)))[0])
    assert fe.run() == 0
    if not fe.software_renderer and not slow_flips and modes == [(True, False)]:
        pytest.skip("this SDL gives no SCALED renderer in full screen")
    assert fe.software_renderer is slow_flips
    assert modes == ([(True, True), (True, False)] if slow_flips else [(True, True)])


def test_a_flip_that_waits_is_judged_slow_as_well_as_one_that_computes():
    """A software renderer on a busy machine waits for its threads rather than computing:
    74 ms of wall for 3 ms of CPU is a flip the 50 Hz loop cannot hold; a vsync wait of one
    display period is not."""
    fast_cpu = [0.003] * app.SOFT_FLIPS
    assert app.slow_flips(fast_cpu, [0.074] * app.SOFT_FLIPS, 1 / 60)
    assert not app.slow_flips(fast_cpu, [1 / 60] * app.SOFT_FLIPS, 1 / 60)   # vsync at 60 Hz
    assert not app.slow_flips(fast_cpu, [1 / 30] * app.SOFT_FLIPS, 1 / 30)   # a 30 Hz display
    assert app.slow_flips([0.012] * app.SOFT_FLIPS, [0.012] * app.SOFT_FLIPS, 1 / 60)


def test_a_full_screen_whose_flips_wait_gives_way_to_the_windows_own_surface(monkeypatch):
    real_flip = pygame.display.flip

    def waiting_flip():   # wall time, no CPU: a software renderer's threads on a busy machine
        if fe.scaled:
            app.time.sleep(0.06)
        real_flip()

    fe = _front_end([], max_ticks=40, screen_factory=Recorder)
    monkeypatch.setattr(pygame.display, "flip", waiting_flip)
    assert fe.run() == 0
    if not fe.software_renderer and not fe._flip_costs:
        pytest.skip("this SDL gives no SCALED renderer in full screen")
    assert fe.software_renderer and not fe.scaled


def test_the_new_surface_of_the_fallback_shows_the_picture_at_once(monkeypatch):
    """The flip that gives way to the window's own surface is followed at once, before the
    loop waits for the next tick, by the picture on that surface (a play-test saw one black
    frame, the new surface, at every start)."""
    monkeypatch.setattr(app, "SOFT_FLIP_S", -1.0)
    fe = _front_end([], max_ticks=3 * app.SOFT_FLIPS, screen_factory=Recorder)
    seen = []
    orig_flip, orig_sleep = fe._flip, app.time.sleep

    def flip():
        switched = orig_flip()
        seen.append(("flip", switched, fe.presenter._shown_valid))
        return switched

    monkeypatch.setattr(fe, "_flip", flip)
    monkeypatch.setattr(app.time, "sleep", lambda s: (seen.append(("sleep",)), orig_sleep(s))[1])
    assert fe.run() == 0
    if not fe.software_renderer:
        pytest.skip("this SDL gives no SCALED renderer in full screen")
    k = next(i for i, e in enumerate(seen) if e[:2] == ("flip", True))
    assert seen[k + 1] == ("flip", False, True)       # the picture again, on the new surface


def test_an_x11_window_surface_is_not_drawn_through_opengl(monkeypatch):
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.setattr(pygame.display, "init", lambda: (_ for _ in ()).throw(pygame.error("no X")))
    with pytest.raises(app.UserError):
        app.open_display()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"


def test_a_kept_picture_is_not_compared_again(monkeypatch):
    """A screen whose draw key does not change is drawn once, and its picture compared with the
    one on screen once (then after an expose), not at every tick."""
    from monopoly_cpc.render.present import Presenter

    class Keyed(Still):
        def draw_key(self):
            return "still"

    compares = []
    real = Presenter.changed
    monkeypatch.setattr(Presenter, "changed", lambda self, fb: (compares.append(1), real(self, fb))[1])
    fe = _front_end(["--windowed"], max_ticks=40, screen_factory=lambda ctx: Keyed(
        ctx, post_at={20: [pygame.event.Event(pygame.WINDOWEXPOSED)]}))
    assert fe.run() == 0
    assert 1 <= len(compares) <= 3
