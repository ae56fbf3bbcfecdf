"""What every screen is, and what it may reach.

A screen is a small state machine driven by the 50 Hz loop:

* ``on_key(ev)`` receives each CPC key press (a :class:`CpcKeyEvent`) of this tick, in order;
* ``tick()`` advances it by one 50 Hz step (all timing counts ticks, never seconds);
* ``draw(fb)`` paints the whole picture into the CPC framebuffer;
* ``draw_key()`` may say, cheaply, what ``draw`` would paint: a value (a tuple of the inputs
  that matter: a blink phase, a cursor, the window's lines, the state's figures) equal to the
  last one drawn only when the picture would be the same, bit for bit.  The session then keeps
  the picture in the framebuffer instead of drawing it again (:class:`DrawSkip`).  None (the
  default) means "draw every time".  A key must hold values, not live objects that change in
  place, and ``draw`` must not change anything that a later tick or picture reads.

Screens never compute a rule (they ask ``monopoly_cpc.rules``) and never play a sound by name
of their own (they pass engine events or UI cues to ``ctx.audio``).  To move on, a screen calls
``ctx.after(its scene)`` (the next scene of ``screens.flow.SCENES``), ``ctx.go(scene)`` or
``ctx.switch(next_screen)``; the switch happens after the current tick.  The scene table is
given to the context (``AppContext.scenes``, ``screens.flow.FLOW``) by whoever makes it (the
session): the screens, which the table makes, never import it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from monopoly_cpc.game.setup import GameSeries
from monopoly_cpc.options import Effective, Options

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.keyboard.events import CpcKeyEvent
    from monopoly_cpc.render.framebuffer import FrameBuffer
    from monopoly_cpc.settings import Settings


class AudioSink(Protocol):
    """What screens may ask of the sound system (see ``monopoly_cpc.sound``)."""

    def cue(self, name: str, tick: int | None = None, loops: int = 0) -> None: ...

    def on_events(self, events: list[Any]) -> None: ...

    def play_samples(self, samples: Any, name: str = "clip", tick: int | None = None) -> None: ...

    def stop(self, name: str | None = None) -> None: ...


class Scenes(Protocol):
    """The scene table (``screens.flow.FLOW``): the screen of a scene, and of the one after."""

    def scene(self, ctx: AppContext, name: str, *args: Any) -> Screen: ...

    def after(self, ctx: AppContext, name: str, *args: Any) -> Screen: ...


class SilentAudio:
    """Used when there is no sound system (tests, --mute, no audio device)."""

    def cue(self, name: str, tick: int | None = None, loops: int = 0) -> None:
        pass

    def on_events(self, events: list[Any]) -> None:
        pass

    def play_samples(self, samples: Any, name: str = "clip", tick: int | None = None) -> None:
        pass

    def stop(self, name: str | None = None) -> None:
        pass


@dataclass
class AppContext:
    """Everything a screen may reach: options, settings, sound, texts, the tick clock."""

    settings: Settings | None = None
    audio: AudioSink = field(default_factory=SilentAudio)
    seed: int = 0
    tick: int = 0  # ticks since start, advanced by the loop
    next_screen: Screen | None = None
    quit_requested: bool = False
    options: Options = field(default_factory=Options)  # the command line's record (frozen)
    # a game put aside waits (set by the exhibition session's autosave): the title offers it
    resumable: bool = False
    games: GameSeries = field(default_factory=GameSeries)   # the games set up on the screens
    scenes: Scenes | None = None   # the scene table (screens.flow.FLOW): go() and after()

    def switch(self, screen: Screen) -> None:
        """Ask the loop to replace the current screen after this tick."""
        self.next_screen = screen

    def go(self, scene: str, *args: Any) -> None:
        """Switch to the scene ``scene`` of the scene table, made with ``args``."""
        self.switch(self._scenes().scene(self, scene, *args))

    def after(self, scene: str, *args: Any) -> None:
        """Switch to the scene that follows ``scene`` in the scene table."""
        self.switch(self._scenes().after(self, scene, *args))

    def _scenes(self) -> Scenes:
        if self.scenes is None:
            raise RuntimeError("this context has no scene table (AppContext.scenes)")
        return self.scenes

    @property
    def effective(self) -> Effective:
        """The options in force: the command line's record where given, else the settings (a
        view of both as they are now: the options screen may change either)."""
        return Effective(self.options, self.settings)

    # the options every screen reads, as short names
    @property
    def lang(self) -> str:
        """The language of the texts: ``fr`` or ``en``."""
        return self.effective.lang

    @property
    def speed(self) -> int:
        """The pace of the computer players, 1 (slow) to 3 (fast)."""
        return self.effective.speed


class Screen:
    """Base class of all screens; subclasses override what they need.

    The class attributes say what the exhibition session (``monopoly_cpc.demo``) needs of a
    screen; it never looks at a screen's class or writes into it."""

    attract_may_start: ClassVar[bool] = False   # the attract loop may replace it when left alone
    home: ClassVar[bool] = False                # the title: where the kiosk comes back to
    idle_return: ClassVar[bool] = True          # kiosk: back to the title after idle_minutes alone
    kiosk_locked_letters: ClassVar[frozenset[str]] = frozenset()  # kiosk: letters visitors may not use
    kiosk_only_keys: ClassVar[frozenset[str] | None] = None  # kiosk: the only keys it gets (None: all)
    resume_letter: ClassVar[str | None] = None  # the letter that resumes a game put aside, here
    is_demo: ClassVar[bool] = False             # a demo (attract loop): restarted as the next demo
    plays_game: ClassVar[bool] = False          # a game of the players' (its ``game``): saved, recorded, restarted

    def crash_note(self) -> str:
        """A line saying what failed, before the traceback in the crash log ("": none)."""
        return ""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def on_key(self, ev: CpcKeyEvent) -> None:
        pass

    def tick(self) -> None:
        pass

    def draw(self, fb: FrameBuffer) -> None:
        raise NotImplementedError

    def draw_key(self) -> Hashable | None:
        """What :meth:`draw` would paint, as a value (module doc); None: draw every time."""
        return None


class DrawSkip:
    """Draws a screen into its framebuffer only when its picture may have changed.

    ``needed(screen, extra)`` is True unless the same screen object gave the same
    :meth:`Screen.draw_key` (and the caller the same ``extra``: what it draws besides the
    screen) at the last draw, whose picture is then still in the framebuffer.  The framebuffer
    must be written by nothing else: whoever writes into it calls :meth:`forget`.  With
    ``enabled`` False every call is True (the full redraw the tests compare with).
    """

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._last: tuple[Screen, Hashable] | None = None
        self.draws = 0    # pictures drawn, and pictures kept (for bench and tests)
        self.skips = 0

    def needed(self, screen: Screen, extra: Hashable = ()) -> bool:
        key = screen.draw_key() if self.enabled else None
        last = self._last
        if key is not None and last is not None and last[0] is screen and last[1] == (key, extra):
            self.skips += 1
            return False
        self._last = None if key is None else (screen, (key, extra))
        self.draws += 1
        return True

    def forget(self) -> None:
        """The framebuffer was written by something else (or a draw failed): draw next time."""
        self._last = None
