"""The 50 Hz loop: a headless core (:class:`Session`) and the front ends that drive it.

``Session`` owns the framebuffer, the :class:`AppContext` and the current screen.
``session.step(events)`` is one 50 Hz tick: the CPC key events go to ``screen.on_key`` in
order (a controller's joystick-line keys first made the game's by ``keyboard.pad.PadRouter``,
whose command bar ``render`` draws over the screen), then ``screen.tick()``, then a screen switch asked with ``ctx.switch`` takes effect, then
``ctx.tick`` advances.  ``session.render()`` asks the screen to draw into the framebuffer,
unless the screen's ``draw_key()`` says the picture there is already the one it would draw.
Nothing else advances the game, so a seed and a key log replay a session bit for bit.

Front ends:

* :func:`run_headless` runs N ticks with no window and returns the framebuffer.  A *key log*
  is a mapping ``tick -> list of CpcKeyEvent``: the events of tick ``t`` are given to
  ``step`` at tick ``t`` (ticks count from 0; ticks missing from the map get no event).
  ``monopoly-cpc --headless --frames N --screenshot FILE.png`` uses it.
* :class:`WindowFrontEnd` is the game on screen: fixed 50 Hz logic from an accumulator on
  ``time.perf_counter()`` (``Clock.tick(50)`` runs at 49.5 Hz), at most ``MAX_CATCH_UP`` ticks
  of catch-up after a stall (:class:`FixedStep`).  After the ticks of a turn the screen is drawn
  and, if the picture changed, presented (vsync where the driver gives it; a full screen whose
  renderer proves to be software, without a GPU, by the CPU or the wall time of its first
  flips, goes to the window's own surface: ``_flip``);
  then the loop sleeps until the next tick is due.  The window shows the boot's first picture
  before the session is built (``_power_on``).  A still picture (a title, a player thinking)
  is neither drawn (the screen's ``draw_key``) nor composed, scaled or flipped again.
  Host keys go through one chain (``_host_chain``): the session's ``host_event`` first (an
  exhibition's kiosk keeps the quit keys and the captures from visitors, F11 writes a GIF, a
  replay viewer's ESC/Q/SPACE), then the loop's own: F12 (screenshot), Alt+Enter (full screen
  on/off), Alt+F4 and the window's close (quit); what no link keeps goes to ``HostKeyboard``
  as CPC keys, and a game controller's events to ``keyboard.pad.PadReader`` as the CPC
  joystick's.  ESC is a CPC key.

What a front end needs of a session is :class:`LoopSession` (a typing Protocol): the plain
:class:`Session`, the exhibition session and the replay viewer (``demo/window.py``) all have it.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from monopoly_cpc.errors import UserError
from monopoly_cpc.keyboard.pad import PadRouter
from monopoly_cpc.options import Effective, Options
from monopoly_cpc.render.framebuffer import FrameBuffer, make_arrays
from monopoly_cpc.screens.base import AppContext, DrawSkip, Screen, SilentAudio
from monopoly_cpc.screens.flow import FLOW, first_screen

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.keyboard.events import CpcKeyEvent
    from monopoly_cpc.settings import Settings

TICK_HZ = 50
# Ticks run at most per rendered frame; time beyond is dropped (a stall, a dragged window).
# 10 ticks = 0.2 s, so the game keeps its 50 Hz down to 5 frames/s (a slow software display).
MAX_CATCH_UP = 10
TITLE = "Monopoly CPC"
# ticks after Alt+Enter back to a window during which a size forced on it is undone
RESTORE_TICKS = TICK_HZ
TITLE_MESSAGE_TICKS = 4 * TICK_HZ  # how long the window title shows a screenshot's path
# SDL drivers that draw nowhere: accepted only when asked for by SDL_VIDEODRIVER (tests).
INVISIBLE_DRIVERS = ("offscreen", "dummy")

# pygame events after which the window's pixels may be lost (uncovered, shown again, a
# graphics device reset): the next frame is presented even if the picture did not change.
REDRAW_EVENTS = ("WINDOWEXPOSED", "VIDEOEXPOSE", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
                 "WINDOWDISPLAYCHANGED", "RENDER_TARGETS_RESET", "RENDER_DEVICE_RESET")

# A full-screen flip through SDL's renderer (SCALED, for vsync) that takes more CPU than this is
# drawn by a software renderer (no GPU: Mesa's llvmpipe takes 10-20 ms a 1080p flip); so is one
# that takes more wall time than SOFT_FLIP_WALL refresh periods (or ticks, if longer), since
# vsync waits at most one period: a software renderer on a busy machine waits for its threads
# (74 ms of wall for 3 ms of CPU at load 10).  After SOFT_FLIPS such flips the window goes to
# SDL's plain window surface, a copy of the changed picture.
SOFT_FLIP_S = 0.004
SOFT_FLIP_WALL = 1.25
SOFT_FLIPS = 5

KeyLog = Mapping[int, Sequence["CpcKeyEvent"]]
ScreenFactory = Callable[[AppContext], Screen]


class LoopSession(Protocol):
    """What the window loop and the headless runner need of a session."""

    @property
    def tick(self) -> int:
        """Ticks run so far."""

    @property
    def quit_requested(self) -> bool:
        """The session asks to end (the loop stops after this tick)."""

    @property
    def kiosk(self) -> bool:
        """Visitors are in front of the screen: a saved file is named, not its folder."""

    @property
    def draws(self) -> int | None:
        """Pictures drawn so far: an unchanged count means the picture is the one of the last
        ``render``; None: unknown, the loop compares every picture."""

    def step(self, events: Iterable[CpcKeyEvent] = ()) -> None:
        """One 50 Hz tick with these CPC key events."""

    def render(self) -> FrameBuffer:
        """The picture of the tick just run."""

    def host_event(self, ev: Any) -> bool:
        """A pygame event, before the loop's own host keys; True keeps it from them."""

    def take_messages(self) -> list[str]:
        """Lines said since the last call, for the window title and the full-screen status line."""

    def caption(self) -> str | None:
        """The session's own line in the window title (a replay's time), or None."""

    def close(self) -> None:
        """The session ends (its files are written)."""


SessionFactory = Callable[..., LoopSession]


def slow_flips(cpu: Sequence[float], wall: Sequence[float], refresh_s: float) -> bool:
    """Do these flips (their CPU and wall seconds) show a renderer the 50 Hz loop cannot
    keep up with?  The median of each is judged: CPU over SOFT_FLIP_S, or wall time over
    SOFT_FLIP_WALL display periods (at least a tick's)."""
    mid = len(cpu) // 2
    budget = SOFT_FLIP_WALL * max(refresh_s, 1.0 / TICK_HZ)
    return sorted(cpu)[mid] > SOFT_FLIP_S or sorted(wall)[mid] > budget


class FixedStep:
    """How many 50 Hz ticks are due at each rendered frame, from a monotonic clock's readings.

    Ticks are counted from an origin, not accumulated frame by frame, so the rate does not
    drift whatever the frame rate.  More than ``max_catch_up`` due at once (the process was
    stalled) runs ``max_catch_up`` and moves the origin: the rest of the stall is dropped.
    """

    def __init__(self, start: float, hz: int = TICK_HZ, max_catch_up: int = MAX_CATCH_UP) -> None:
        self.hz = hz
        self.max_catch_up = max_catch_up
        self.origin = start
        self.done = 0
        self.dropped = 0  # ticks' worth of time dropped by the clamp (diagnostics)

    def due(self, now: float) -> int:
        """The ticks to run now (counted as run)."""
        n = int((now - self.origin) * self.hz) - self.done
        if n > self.max_catch_up:
            self.dropped += n - self.max_catch_up
            n = self.max_catch_up
            # half a tick of slack keeps float rounding from losing the tick just re-anchored
            self.origin = now - (self.done + n + 0.5) / self.hz
        if n <= 0:
            return 0
        self.done += n
        return n

    def next_due(self) -> float:
        """The clock reading at which the next tick falls due (``due`` then gives it).

        A microsecond late: at the exact instant, float rounding can leave the tick a hair
        short of due, and the loop would wake up for nothing."""
        return self.origin + (self.done + 1) / self.hz + 1e-6


class VsyncCheck:
    """Does ``flip()`` really wait for the display?  Judged every ``window`` frames.

    A driver may accept vsync and ignore it (or present with a software copy that merely takes
    a few ms): frames then come faster than the display refreshes.  When ``window`` frames took
    less than ``slack`` of the refresh periods they should have, vsync is not working and the
    loop paces itself by sleeping instead.
    """

    def __init__(self, start: float, refresh_s: float, window: int = 30, slack: float = 0.8) -> None:
        self.refresh_s = refresh_s
        self.window = window
        self.slack = slack
        self.start = start
        self.frames = 0

    def flipped(self, now: float) -> bool:
        """Count one flip at ``now``; False once the flips have shown that vsync is not there."""
        self.frames += 1
        if self.frames < self.window:
            return True
        fast = now - self.start < self.window * self.refresh_s * self.slack
        self.start, self.frames = now, 0
        return not fast


class Session:
    """The headless core: one game session, advanced one 50 Hz tick at a time
    (a :class:`LoopSession` with nothing of its own in the host's keys, title or files)."""

    kiosk = False

    def __init__(self, options: Options | None = None, *, settings: Settings | None = None,
                 audio: Any = None, seed: int = 0, screen_factory: ScreenFactory | None = None,
                 fb: FrameBuffer | None = None) -> None:
        self.fb = fb or FrameBuffer()
        self.ctx = AppContext(options=options or Options(), settings=settings,
                              audio=audio or SilentAudio(), seed=seed, scenes=FLOW)
        self.screen: Screen = (screen_factory or first_screen)(self.ctx)
        self.redraw = DrawSkip()   # the picture is drawn again only when it may have changed
        self.pad = PadRouter()     # a controller's joystick keys, and its command bar
        self.host_messages: list[str] = []   # for the front end to show (take_messages)

    @property
    def tick(self) -> int:
        """Ticks run so far (the game's only clock)."""
        return self.ctx.tick

    @property
    def quit_requested(self) -> bool:
        return self.ctx.quit_requested

    def step(self, events: Iterable[CpcKeyEvent] = ()) -> None:
        """One 50 Hz tick: keys in order, screen tick, screen switch, clock."""
        ctx = self.ctx
        if hasattr(ctx.audio, "tick"):
            ctx.audio.tick = ctx.tick  # sounds are logged against the tick that asked for them
        for ev in self.pad.route(events, self.screen):
            self.screen.on_key(ev)
            if ctx.next_screen is not None:
                break  # the rest of this tick's keys belonged to the screen that left
        if ctx.next_screen is None:
            self.screen.tick()
        if ctx.next_screen is not None:
            self.screen, ctx.next_screen = ctx.next_screen, None
        ctx.tick += 1

    def render(self) -> FrameBuffer:
        """Draw the current screen into the framebuffer and return it.  A screen whose
        ``draw_key()`` is the one of the picture already there is not drawn again
        (``screens.base.DrawSkip``): the framebuffer is then the same, bit for bit."""
        if self.redraw.needed(self.screen, self.pad.draw_key()):
            self.screen.draw(self.fb)
            self.pad.draw(self.fb)
        return self.fb

    @property
    def draws(self) -> int:
        return self.redraw.draws

    def host_event(self, ev: Any) -> bool:
        return False

    def take_messages(self) -> list[str]:
        """``host_messages`` said so far, taken (a writer thread may add one meanwhile)."""
        taken = []
        while self.host_messages:
            taken.append(self.host_messages.pop(0))
        return taken

    def caption(self) -> str | None:
        return None

    def close(self) -> None:
        """Nothing to write: a plain session keeps no files."""


# -- helpers shared by the front ends ----------------------------------------------------------
def _settings() -> Settings:
    from monopoly_cpc import settings

    return settings.load()


def _audio(options: Options, settings: Settings | None, playback: bool) -> Any:
    """The game's sound device: ``--mute``, ``--volume`` and ``--stereo`` over the saved
    settings; ``playback=False`` keeps the log of sounds without opening the mixer."""
    from monopoly_cpc.sound import Audio

    effective = Effective(options, settings)
    return Audio(mute=effective.mute, volume=effective.volume, stereo=effective.stereo,
                 playback=playback)


def save_png(picture: FrameBuffer | Any, path: Path) -> Path:
    """Write a framebuffer's bordered picture, or an (h, w, 3) uint8 array, as a PNG; UserError
    if the file cannot be written.  A plain framebuffer (the first frame) is written without
    numpy."""
    import pygame

    path = Path(path)
    if path.suffix.lower() != ".png":
        raise UserError(f"screenshots are PNG files: name it FILE.png, got {str(path)!r}")
    if isinstance(picture, FrameBuffer):
        data, size = picture.rgb_bytes(), (FrameBuffer.BW, FrameBuffer.BH)
    else:
        import numpy as np

        h, w = picture.shape[:2]
        data, size = np.ascontiguousarray(picture).tobytes(), (w, h)
    surf = pygame.image.frombuffer(data, size, "RGB")
    from monopoly_cpc.safefile import write_png

    return write_png(surf, path)   # only a regular file (or nothing) is replaced, checked


def run_headless(options: Options, key_log: KeyLog | None = None, *, frames: int | None = None,
                 screen_factory: ScreenFactory | None = None,
                 on_frame: Callable[[int, FrameBuffer], None] | None = None,
                 audio: Any = None,
                 session_factory: SessionFactory | None = None) -> FrameBuffer:
    """Run ``frames`` ticks (default ``options.frames``, else 1) without a window.

    ``session_factory`` builds the session (default :class:`Session`; the command line passes
    the exhibition session, so that ``--headless --record FILE`` records); the session is
    closed at the end (it writes its replay files).

    ``key_log`` maps tick -> CPC key events fed at that tick.  Without ``on_frame`` only the
    last tick is drawn; with it, every tick is drawn and ``on_frame(tick, fb)`` called (video
    export).  The seed is ``options.seed`` or 0.  Returns the framebuffer of the last tick.
    """
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # nothing here may open a window
    n = frames if frames is not None else (options.frames or 1)
    seed = options.seed
    settings = _settings()
    session: LoopSession = (session_factory or Session)(
        options, settings=settings,
        audio=audio if audio is not None else _audio(options, settings, playback=False),
        seed=0 if seed is None else seed, screen_factory=screen_factory)
    key_log = key_log or {}
    fb = None
    try:
        for t in range(n):
            session.step(key_log.get(t, ()))
            if on_frame is not None:
                fb = session.render()
                on_frame(t, fb)
            if session.quit_requested:
                break
        if fb is None:
            fb = session.render()
    finally:
        session.close()
    shot = options.screenshot
    if shot:
        save_png(fb, Path(shot))
    return fb


def run(options: Options, session_factory: SessionFactory | None = None) -> int:
    """The game: headless with --headless, else in a window (full screen by default).

    ``session_factory`` builds the session with :class:`Session`'s arguments (default
    :class:`Session`); the command line gives the exhibition session (``cli.play``)."""
    if options.headless:
        run_headless(options, session_factory=session_factory)
        return 0
    if options.frames or options.screenshot:
        raise UserError("--frames and --screenshot need --headless")
    return WindowFrontEnd(options, session_factory=session_factory).run()


# -- the windowed front end --------------------------------------------------------------------
def screenshot_dirs() -> list[Path]:
    """Where screenshots and GIFs go, in the order tried (none is made here): monopoly-cpc/
    in the user's pictures folder, else in the data folder."""
    import platformdirs

    return [Path(base) / "monopoly-cpc"
            for base in (platformdirs.user_pictures_dir(),
                         platformdirs.user_data_dir("monopoly-cpc", appauthor=False))]


def screenshot_dir() -> Path:
    """The first of :func:`screenshot_dirs` that exists or can be made."""
    for folder in screenshot_dirs():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return folder
        except OSError:
            continue
    raise UserError("no folder to save screenshots in")


def next_screenshot_paths(folder: Path, scale: int) -> tuple[Path, Path]:
    """The first free pair monopoly-cpc-NNNN.png (1x) / monopoly-cpc-NNNN-xK.png (window scale)."""
    n = 1
    while (folder / f"monopoly-cpc-{n:04d}.png").exists():
        n += 1
    return folder / f"monopoly-cpc-{n:04d}.png", folder / f"monopoly-cpc-{n:04d}-x{scale}.png"


def open_display() -> tuple[int, int]:
    """Start SDL's video: the one driver that can work is asked for, and SDL's invisible
    fallbacks are refused with one line ``no display available ... (use --headless for tools)``;
    returns the desktop size.  The game's window and the replay/demo window both start here."""
    import pygame

    # SDL would turn SIGTERM into a window-close event, which a kiosk ignores; the loop
    # handles SIGTERM itself (see run), so a service manager can always stop the game.
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    explicit = os.environ.get("SDL_VIDEODRIVER", "")
    x_display = os.environ.get("DISPLAY", "")
    chosen = ""
    if not explicit and sys.platform.startswith("linux") and not os.environ.get("WAYLAND_DISPLAY"):
        # Asking SDL for the one driver that can work keeps it from probing the others,
        # which print their own errors (libwayland's "XDG_RUNTIME_DIR is invalid...") and
        # end on the invisible 'offscreen' driver.  With no desktop session at all, only
        # the console (KMS/DRM, e.g. a kiosk box) can show us.
        chosen = "x11" if x_display else "kmsdrm"
        os.environ["SDL_VIDEODRIVER"] = chosen
    if (chosen or explicit) == "x11":
        # a window's own surface goes to the X server as shared memory (XShm), not through
        # OpenGL, which on a machine without a GPU is software rendering at 10+ ms a frame
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error as exc:
        why = str(exc)
        if chosen == "kmsdrm":
            why = f"no desktop session (DISPLAY and WAYLAND_DISPLAY unset) and {why}"
        elif chosen == "x11":
            why = f"cannot open the X display {x_display!r} ({why})"
        raise UserError(f"no display available: {why} (use --headless for tools)") from None
    if driver in INVISIBLE_DRIVERS and driver not in explicit:
        pygame.display.quit()
        raise UserError(f"no display available: SDL fell back to its {driver!r} driver "
                        "(use --headless for tools)")
    return sizes[0] if sizes else (1024, 768)


class WindowFrontEnd:
    """The game in a window or full screen, driving a :class:`Session` at 50 Hz.

    ``session_factory`` builds the session with Session's arguments (default :class:`Session`);
    ``session`` is a session already made (the replay viewer, ``demo/window.py``), shown in
    this same loop.  Either is a :class:`LoopSession`: every pygame event goes to its
    ``host_event`` first (the one chain of host keys, module docstring), its ``caption()``
    is shown in the window title when it has one, its ``take_messages()`` are said there (and
    on the full-screen status line), and it is closed when the loop ends.  ``fullscreen``
    overrides the options and settings.
    """

    def __init__(self, options: Options, *, screen_factory: ScreenFactory | None = None,
                 session_factory: SessionFactory | None = None,
                 max_ticks: int | None = None, session: LoopSession | None = None,
                 fullscreen: bool | None = None) -> None:
        self.options = options
        self.screen_factory = screen_factory
        self.session_factory: SessionFactory = session_factory or Session
        self.session = session      # a session made by the caller (a replay being watched)
        self.max_ticks = max_ticks  # tests: stop after this many ticks
        self.settings = _settings()
        effective = Effective(options, self.settings)
        self.fullscreen = effective.fullscreen if fullscreen is None else fullscreen
        self.scale_option: int | None = effective.scale
        self._scale_said = False
        self.crt = effective.crt
        self.vsync = False
        self.scaled = False             # the surface is SDL's renderer's (SCALED), not the window's
        self.software_renderer = False  # that renderer turned out to be software (SOFT_FLIP_S)
        self._flip_costs: list[tuple[float, float]] = []   # (CPU, wall) seconds of timed flips
        self.title_message = ""
        self.status_message = ""  # the same message, drawn on the screen in full screen
        self.title_until = 0
        self.last_screenshot: tuple[Path, Path] | None = None
        self.stop_requested = False  # set by SIGTERM
        self.resized = False         # the window was resized by the player since set_mode
        self.maximised = False       # the window is maximised (its manager's events say so)
        # the window's size and maximised state before Alt+Enter made it full screen: the
        # window comes back as the player left it
        self.window_before: tuple[tuple[int, int] | None, bool] | None = None
        # the size given back to the window, and the tick until which it is kept: some window
        # managers resize it to the full screen's size a moment later (undone, once)
        self.restoring: tuple[int, int] | None = None
        self.restoring_until = 0
        self.closing = False         # the window's close (or Alt+F4) was kept by the loop

    # display ---------------------------------------------------------------------------------
    def _open_display(self) -> None:
        self.desktop = open_display()
        self._set_icon()
        self._set_mode()

    @staticmethod
    def _set_icon() -> None:
        """The house of the desktop launcher in the taskbar and Alt+Tab, not pygame's logo
        (before set_mode: some systems read the icon only when the window is made)."""
        import pygame

        from monopoly_cpc.render.icon import window_icon

        try:
            pygame.display.set_icon(window_icon())
        except pygame.error:
            pass  # a driver without window icons (a console): nothing to show it in

    def _set_mode(self) -> None:
        import pygame

        from monopoly_cpc.render.present import (
            PICTURE_H,
            PICTURE_W,
            fit_scale,
        )

        dw, dh = self.desktop
        if self.fullscreen:
            size, flags = (dw, dh), pygame.FULLSCREEN
        else:
            # --scale N, but never a window larger than the screen; by default the largest
            # scale that leaves room for the desktop's title bar and panels
            k = (min(self.scale_option, fit_scale(dw, dh)) if self.scale_option
                 else fit_scale(int(dw * 0.9), int(dh * 0.9)))
            if self.scale_option and k < self.scale_option and not self._scale_said:
                self._scale_said = True   # said once (Alt+Enter sets the mode again)
                print(f"monopoly-cpc: --scale {self.scale_option} does not fit a {dw}x{dh} "
                      f"screen: the window is at scale {k}", file=sys.stderr)
            # resizable (and so maximisable): the picture then takes the largest integer
            # scale that fits the new size, letterboxed (WINDOWSIZECHANGED in the loop)
            size, flags = (PICTURE_W * k, PICTURE_H * k), pygame.RESIZABLE
        self.resized = False
        if not self.fullscreen and self.window_before is not None:
            before, self.maximised = self.window_before
            self.window_before = None
            if before is not None:
                size, self.resized = before, True   # the size the player gave it
                self.restoring = None if self.maximised else before
        # vsync needs pygame's SCALED renderer; its logical size is the window size, so it draws
        # 1:1 in full screen. A window goes without: SCALED would stretch a resized window's
        # fixed logical size by any factor, not by whole CPC pixels.
        scaled_ok = self.fullscreen and not self.software_renderer
        surface = None
        self.vsync = False
        self.scaled = False
        self._flip_costs = []
        if scaled_ok:
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    surface = pygame.display.set_mode(size, flags | pygame.SCALED, vsync=1)
                # "no fast renderer available": SDL's software renderer, so no real vsync
                self.vsync = not caught
                self.scaled = True
            except pygame.error:
                surface = None
        if surface is None:
            try:
                with warnings.catch_warnings():
                    # with no window manager the full-screen window stays its size when it
                    # becomes a window again: the picture is laid out in the size it has
                    warnings.filterwarnings("ignore", "Requested window was forcibly resized")
                    surface = pygame.display.set_mode(size, flags)
            except pygame.error as exc:
                raise UserError(f"no display available: {exc} (use --headless for tools)") from None
        if self.maximised and not self.fullscreen:
            self._maximise()
        self._use_surface(surface)
        pygame.mouse.set_visible(not self.fullscreen)
        pygame.display.set_caption(TITLE)
        try:
            rate = pygame.display.get_current_refresh_rate()
        except (pygame.error, AttributeError):
            rate = 0
        self.refresh_s = 1.0 / rate if rate and rate > 0 else 1.0 / 60

    def _maximise(self) -> None:
        """Maximise the window again (leaving full screen, SDL gives it the size asked)."""
        self._window_call(lambda window: window.maximize())

    def _window_call(self, call: Callable[[Any], None]) -> None:
        """``call`` with the display's window, if the driver has one to give."""
        import pygame

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)   # only its size and state are used
                window = pygame.Window.from_display_module()
            call(window)
        except (pygame.error, AttributeError):
            pass  # a driver with no window manager: the size asked is the size it had

    def _move_window(self, x: int, y: int) -> None:
        """Move the (not full-screen) window, when there is one screen, whose corner is (0, 0).

        With no window manager (a bare X server, as on some exhibition boxes) SDL opens the
        full-screen window where the small window was, so the picture would hang off the
        screen after Alt+Enter: the loop moves the small window to the corner first, and
        centres it again when it comes back.
        """
        import pygame

        try:
            if len(pygame.display.get_desktop_sizes()) == 1:
                pygame.display.set_window_position((x, y))
        except (pygame.error, AttributeError):
            pass  # a driver with no window position: nothing to correct

    def _use_surface(self, surface: Any) -> None:
        """Lay the picture out in ``surface`` (after set_mode, or when SDL swapped it)."""
        from monopoly_cpc.render.present import Presenter, layout_for

        self.surface = surface
        w, h = surface.get_size()
        # --scale N sizes the window it opens; once the player resizes or maximises the
        # window, the picture takes the largest whole scale that fits it
        self.layout = layout_for(w, h, None if self.resized else self.scale_option)
        self.presenter = Presenter(surface, crt=self.crt)
        surface.fill((0, 0, 0))

    # host keys: one chain ----------------------------------------------------------------------
    def _host_chain(self, ev: Any, session: LoopSession) -> bool:
        """The event through the chain of host keys: the session's links, then the loop's;
        True when a link kept it (it is no CPC key then)."""
        kept = session.host_event(ev) or self._host_key(ev, session)
        self._say_messages(session)   # e.g. F11's GIF: said in full screen too, not only the title
        return kept

    def _host_key(self, ev: Any, session: LoopSession) -> bool:
        """The loop's links: the window's close, F12, Alt+Enter and Alt+F4; True if the event
        was the loop's."""
        import pygame

        if ev.type == pygame.QUIT:
            self.closing = True
            return True
        if ev.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return False
        if ev.type != pygame.KEYDOWN:
            return ev.type == pygame.KEYUP and ev.key == pygame.K_F12
        if ev.key == pygame.K_F4 and ev.mod & pygame.KMOD_ALT:
            # A window manager turns Alt+F4 into a window close before the game sees it; with
            # none (a bare X server) the game gets the key, and closes as promised.  A kiosk
            # session keeps the key for itself (host_event) and never gets here.
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            return True
        if ev.key == pygame.K_F12:
            try:
                self.screenshot(session)
            except UserError as exc:  # a full disc or a read-only folder must not end the game
                self.say(str(exc), session.tick)
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and ev.mod & pygame.KMOD_ALT:
            if not self.fullscreen:
                self.window_before = (self.surface.get_size() if self.resized else None,
                                      self.maximised)
                self._move_window(0, 0)  # see _move_window
            self.status_message = ""  # the title still says it; no bar to write in a window
            self.fullscreen = not self.fullscreen
            self._set_mode()
            self.restoring_until = session.tick + RESTORE_TICKS
            if not self.fullscreen and not self.maximised:
                w, h = self.surface.get_size()
                self._move_window((self.desktop[0] - w) // 2, (self.desktop[1] - h) // 2)
            return True
        return False

    def screenshot(self, session: LoopSession) -> tuple[Path, Path]:
        """F12: save the picture at 1x and at the window's scale; say where in the title."""
        import pygame

        one, scaled = next_screenshot_paths(screenshot_dir(), self.layout.scale)
        fb = session.render()
        save_png(fb, one)
        picture = self.presenter.compose(fb)
        big = pygame.transform.scale(picture, (self.layout.w, self.layout.h))
        from monopoly_cpc.safefile import write_png

        write_png(big, scaled)
        self.last_screenshot = (one, scaled)
        # a kiosk shows visitors the file's name, not the operator's home folder
        self.say(f"capture : {one.name if session.kiosk else one}", session.tick)
        return one, scaled

    def say(self, message: str, tick: int) -> None:
        """Show a host message for TITLE_MESSAGE_TICKS: in the window title, and in full screen
        (where no title shows) on a status line in the black bar under the picture."""
        import pygame

        self.title_message = f"{TITLE} - {message}"
        self.status_message = message if self.fullscreen else ""
        self.title_until = tick + TITLE_MESSAGE_TICKS
        pygame.display.set_caption(self.title_message)
        presenter = getattr(self, "presenter", None)
        if presenter is not None:
            if getattr(self, "surface", None) is not None:
                presenter.clear_bars(self.surface, self.layout)  # no end of a longer line left
            presenter.invalidate()  # the status line is drawn at the next present

    # the loop ---------------------------------------------------------------------------------
    def run(self) -> int:
        """Open the display, play until the window is closed (or the screen asks to quit)."""
        import pygame

        from monopoly_cpc.keyboard.host import HostKeyboard
        from monopoly_cpc.keyboard.pad import WithPad

        self.stop_requested = False
        previous = None
        if threading.current_thread() is threading.main_thread():
            previous = signal.signal(signal.SIGTERM, self._on_sigterm)
        session = self.session
        try:
            self._open_display()
            if session is None:
                self._power_on()
            make_arrays()   # numpy: after the first picture, before the clock starts
            keymap = Effective(self.options, self.settings).keymap
            keyboard = WithPad(HostKeyboard(keymap=keymap, cpc_layout="fr"))
            seed = self.options.seed
            if seed is None:
                seed = time.time_ns() % (2**31)  # the one wall-clock read: a fresh game each run
            if session is None:
                session = self.session_factory(self.options, settings=self.settings,
                                               audio=_audio(self.options, self.settings, playback=True),
                                               seed=seed, screen_factory=self.screen_factory)
            return self._loop(session, keyboard)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
            if session is not None:
                session.close()
            pygame.display.quit()

    def _power_on(self) -> None:
        """The boot's first picture (the CPC's grey) on screen as soon as the window is open,
        before the sound bank and the session are built (and numpy imported: the picture is
        plain, see render.framebuffer); the boot's first frame is the same picture, so the
        loop does not present it again."""
        if self.screen_factory is not None or self.options.test_card or self.options.loader == "skip":
            return   # the first picture is not the boot's
        import pygame

        from monopoly_cpc.boot.machines import draw_grey

        fb = FrameBuffer()
        draw_grey(fb)
        self.presenter.present(fb, self.surface, self.layout)
        pygame.display.flip()

    def _flip(self) -> bool:
        """Show the window's surface.  The first SOFT_FLIPS flips through SDL's renderer are
        timed, in CPU and in wall time (:func:`slow_flips`): a software renderer (no GPU)
        gives way to the window's own surface.  True when it just did (the new surface is
        black: the caller shows its picture on it at once)."""
        import pygame

        if not self.scaled or len(self._flip_costs) >= SOFT_FLIPS:
            pygame.display.flip()
            return False
        c0, w0 = time.process_time(), time.perf_counter()
        pygame.display.flip()
        self._flip_costs.append((time.process_time() - c0, time.perf_counter() - w0))
        if len(self._flip_costs) == SOFT_FLIPS and slow_flips(
                [c for c, _ in self._flip_costs], [w for _, w in self._flip_costs], self.refresh_s):
            self.software_renderer = True
            self._set_mode()   # full screen still, without the renderer
            return True
        return False

    def _on_sigterm(self, _signum: int, _frame: Any) -> None:
        self.stop_requested = True  # the loop ends at its next turn, and closes the session

    def _say_messages(self, session: LoopSession) -> None:
        for message in session.take_messages():
            self.say(message, session.tick)

    def _loop(self, session: LoopSession, keyboard: Any) -> int:
        import pygame

        from monopoly_cpc.render.present import draw_status

        pending: list = []
        redraw = {getattr(pygame, name) for name in REDRAW_EVENTS if hasattr(pygame, name)}
        clock = FixedStep(time.perf_counter())
        vsync_check = VsyncCheck(clock.origin, self.refresh_s)
        compared: int | None = -1   # session.draws when the picture was last compared
        caption = TITLE
        self.closing = False
        running = True
        while running and not self.stop_requested:
            for ev in pygame.event.get():
                if self._host_chain(ev, session):
                    continue
                if ev.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED) and not self.fullscreen:
                    self.maximised = ev.type == pygame.WINDOWMAXIMIZED
                if ev.type == pygame.WINDOWSIZECHANGED and self.restoring and not self.fullscreen:
                    if session.tick > self.restoring_until:
                        self.restoring = None                    # the player's own size now
                    elif (ev.x, ev.y) != self.restoring:
                        size = self.restoring
                        self._window_call(lambda window: setattr(window, "size", size))
                        self.restoring = None
                if ev.type == pygame.WINDOWSIZECHANGED:
                    surface = pygame.display.get_surface()   # its pixels may have moved
                    assert surface is not None                 # the window is open
                    if surface.get_size() != (self.layout.screen_w, self.layout.screen_h):
                        self.resized = True                  # the player's size, not ours
                    self._use_surface(surface)
                elif ev.type in redraw:
                    self.presenter.clear_bars(self.surface, self.layout)
                    self.presenter.invalidate()  # the window's pixels must be drawn again
                else:
                    pending.extend(keyboard.feed(ev))
            if self.closing:
                break
            ran = 0
            for _ in range(clock.due(time.perf_counter())):
                events, pending = pending + keyboard.tick(), []
                session.step(events)
                ran += 1
                self._say_messages(session)   # said between keys (a GIF written in the background)
                if self.title_message and session.tick >= self.title_until:
                    self.title_message = self.status_message = ""
                    pygame.display.set_caption(TITLE)
                    self.presenter.clear_bars(self.surface, self.layout)
                    self.presenter.invalidate()  # the line may have covered the picture
                if session.quit_requested or (self.max_ticks is not None and session.tick >= self.max_ticks):
                    running = False
                    break
            status = session.caption()   # a session's own line in the window title
            if status is not None:
                text = self.title_message or f"{TITLE} - {status}"
                if text != caption:
                    caption = text
                    pygame.display.set_caption(caption)
            # The picture changes only with a tick (a screen's draw only reads its state), and a
            # picture equal to the one on screen is not presented again (render/present.py); a
            # picture the session kept (not drawn again) is the one compared last.
            flipped = False
            if ran or self.presenter.stale:
                fb = session.render()
                last, compared = compared, session.draws
                if (compared is None or compared != last or self.presenter.stale) \
                        and self.presenter.changed(fb):
                    for _ in range(2):   # twice when the first flip changed the surface
                        self.presenter.present(fb, self.surface, self.layout)
                        if self.status_message:
                            draw_status(self.surface, self.layout, self.status_message)
                        if not self._flip():
                            break
                    flipped = True
            if self.vsync and flipped:
                # flip waited for the display; a driver that ignores vsync is paced by sleep
                vsync_check.refresh_s = self.refresh_s  # Alt+Enter may have changed the mode
                self.vsync = vsync_check.flipped(time.perf_counter())
            else:
                # nothing to show before the next tick: sleep until it is due
                delay = clock.next_due() - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
        return 0
