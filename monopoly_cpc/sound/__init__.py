"""The sound system: AY-3-8912 sounds from ``assets/sounds.yaml``, played through pygame.mixer.

* :class:`Audio` plays named sounds (``cue``) and engine events (``on_events``), with a
  volume (0..10) and a mute switch.  Without an audio device it stays silent, without error.
  Every sound it is asked for is logged as ``(tick, name)`` for the video exporter.
* :func:`render_sound` and :func:`render_track` render offline, deterministically.

Sounds never affect the game: the engine and the screens do not wait for them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from typing import Any

import numpy as np

from monopoly_cpc.sound import ay
from monopoly_cpc.sound.basic import compile_program
from monopoly_cpc.sound.data import SoundBank, default_bank
from monopoly_cpc.sound.machine import MACHINE_SOUNDS

SAMPLE_RATE = ay.SAMPLE_RATE
TICKS_PER_SECOND = 50
SAMPLES_PER_TICK = SAMPLE_RATE // TICKS_PER_SECOND  # 882
MIXER_BUFFER = 512  # samples: ≈12 ms of latency at 44.1 kHz
MIXER_CHANNELS = 16  # sounds that may overlap

_log = logging.getLogger(__name__)

__all__ = [
    "SAMPLES_PER_TICK",
    "SAMPLE_RATE",
    "Audio",
    "bank",
    "make_audio",
    "render_sound",
    "render_track",
    "sound_names",
    "sound_ticks",
]


def bank() -> SoundBank:
    """The packaged sound bank (``assets/sounds.yaml``), validated, read once."""
    return default_bank(tuple(MACHINE_SOUNDS))


def sound_names() -> tuple[str, ...]:
    """Every sound that can be cued: the AY sounds in file order, then the machine noises."""
    return tuple(bank().programs) + tuple(MACHINE_SOUNDS)


@cache
def sound_ticks(name: str) -> int:
    """How many 50 Hz ticks a named sound lasts (rounded up), without rendering it.

    Screens may hold a step this long so that a jingle is not cut by the next one; the answer
    does not depend on mute, volume or the audio device, so the game's pace stays the same
    (replays stay exact).  An unknown name raises ``KeyError``.
    """
    if name in MACHINE_SOUNDS:
        samples = int(MACHINE_SOUNDS[name]().shape[0])
    else:
        programs = bank().programs
        if name not in programs:
            raise KeyError(f"no sound named {name!r}")
        samples = compile_program(programs[name]).samples
    return -(-samples // SAMPLES_PER_TICK)


_render_lock = threading.Lock()  # guards the two dicts below
_render_cache: dict[tuple[str, bool], np.ndarray] = {}
_key_locks: dict[tuple[str, bool], threading.Lock] = {}


def _rendered(name: str, stereo: bool) -> np.ndarray:
    """The read-only samples of a named sound, rendered once per process.

    Each sound has its own lock, so a cue never waits for the background render of another
    sound, and no sound is rendered twice.
    """
    key = (name, stereo)
    with _render_lock:
        out = _render_cache.get(key)
        if out is not None:
            return out
        key_lock = _key_locks.setdefault(key, threading.Lock())
    with key_lock:
        with _render_lock:
            out = _render_cache.get(key)
        if out is None:
            out = _render_uncached(name, stereo)
            out.setflags(write=False)
            with _render_lock:
                _render_cache[key] = out
    return out


def _render_uncached(name: str, stereo: bool) -> np.ndarray:
    if name in MACHINE_SOUNDS:
        mono = ay.to_int16(MACHINE_SOUNDS[name]())
        return np.stack([mono, mono], axis=1) if stereo else mono
    programs = bank().programs
    if name not in programs:
        raise KeyError(f"no sound named {name!r}")
    return ay.render(compile_program(programs[name]), stereo=stereo)


def clear_cache() -> None:
    """Forget every rendered sound (tests use it to render again from scratch)."""
    with _render_lock:
        _render_cache.clear()


def render_sound(name: str, stereo: bool = False) -> np.ndarray:
    """The samples of a named sound: int16 at 44.1 kHz, (n,) mono or (n, 2) stereo.

    Deterministic: the same bytes on every call and in every process.  Rendered once per
    process and cached.  An unknown name raises ``KeyError``.
    """
    return _rendered(name, bool(stereo)).copy()


def render_track(cues: Iterable[tuple[int, Any]], n_ticks: int, stereo: bool = False,
                 volume: int = 10) -> np.ndarray:
    """Mix cues into one int16 track of ``n_ticks`` 50 Hz ticks (882 samples each).

    A cue is ``(tick, name)`` (as in ``Audio.log``) or ``(tick, samples)`` with an int16 or
    float array (as in ``Audio.clips``).  Unknown names are skipped; sounds running past the
    end are cut; the mix saturates rather than wraps.  ``volume`` 0..10 scales the whole track.
    """
    n = max(0, int(n_ticks)) * SAMPLES_PER_TICK
    acc = np.zeros((n, 2) if stereo else n, dtype=np.float64)
    for tick, what in cues:
        start = int(tick) * SAMPLES_PER_TICK
        if start >= n or start < 0:
            continue
        if isinstance(what, str):
            if what not in _known_names():
                continue
            samples = _rendered(what, bool(stereo)).astype(np.float64) / 32767.0
        else:
            samples = _as_float(np.asarray(what), bool(stereo))
        end = min(n, start + samples.shape[0])
        acc[start:end] += samples[:end - start]
    return ay.to_int16(acc * (max(0, min(10, volume)) / 10.0))


def _as_float(samples: np.ndarray, stereo: bool) -> np.ndarray:
    x = samples.astype(np.float64)
    if samples.dtype == np.int16:
        x /= 32767.0
    if stereo and x.ndim == 1:
        x = np.stack([x, x], axis=1)
    elif not stereo and x.ndim == 2:
        x = x.mean(axis=1)
    return x


@lru_cache(maxsize=1)
def _known_names() -> frozenset[str]:
    return frozenset(sound_names())


def _audio_errors() -> tuple[type[BaseException], ...]:
    """What a missing or failing audio device raises (pygame.error), plus OS-level failures."""
    try:
        import pygame
    except ImportError:
        return (OSError, RuntimeError)
    return (pygame.error, OSError, RuntimeError)


@contextlib.contextmanager
def _native_stderr_silenced() -> Iterator[None]:
    """Send the process's file descriptor 2 to the null device for a moment.

    Without a sound card, SDL's ALSA back end makes alsa-lib print eight lines of
    configuration errors straight to fd 2 (not through Python) while the mixer tries to open.
    The game then plays on silently, so those lines are noise; the reason is kept in
    ``Audio.reason`` and logged instead.
    """
    saved: int | None = None
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no real fd 2 (a GUI launch, a test capture)
        saved = None
    if saved is None:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _event_kind(event: Any) -> Any:
    if isinstance(event, dict):
        return event.get("kind")
    return getattr(event, "kind", None)


_NO_DEVICE_SAID: list[bool] = []


def _say_no_device(exc: BaseException) -> None:
    """One line on stderr, once a run, when no audio device could be opened: the player
    knows the silence is not the game's (a kiosk's journal shows it too)."""
    if _NO_DEVICE_SAID:
        return
    _NO_DEVICE_SAID.append(True)
    why = (str(exc).splitlines() or [""])[0][:80] or exc.__class__.__name__
    with contextlib.suppress(Exception):
        print(f"monopoly-cpc: no audio device ({why}): the game plays without sound",
              file=sys.stderr)


class Audio:
    """Plays the game's sounds; silent, without error, when muted or without an audio device.

    ``tick`` is set by the 50 Hz loop each tick (or pass ``tick=`` to ``cue``); ``log`` keeps
    ``(tick, name)`` of every sound asked for, muted or not, so a video export can rebuild
    the soundtrack with :func:`render_track`.  The same sound asked twice in one tick plays once.
    """

    def __init__(self, mute: bool = False, volume: int = 7, stereo: bool = False,
                 playback: bool = True, sound_bank: SoundBank | None = None,
                 prerender: bool = True) -> None:
        self.tick = 0
        self.log: list[tuple[int, str]] = []
        self.clips: list[tuple[int, str, np.ndarray]] = []  # ad-hoc samples (the tape noise)
        self.stereo = bool(stereo)
        self.available = False  # True once the mixer is open
        self.reason = ""  # why there is no sound, when there is none
        self._bank = sound_bank if sound_bank is not None else bank()
        self._names = frozenset(self._bank.programs) | frozenset(MACHINE_SOUNDS)
        self._mute = bool(mute)
        self._volume = _clamp_volume(volume)
        self._sounds: dict[str, Any] = {}
        self._channels: dict[str, Any] = {}
        self._cued_this_tick: tuple[int, set[str]] = (-1, set())
        self._mixer_format: tuple[int, int, int] | None = None
        if playback:
            self._open_mixer()
        else:
            self.reason = "playback off"
        if self.available and prerender and self._bank is bank():
            # Render every sound's samples off the loop's thread (numpy releases the GIL), so
            # that the first cue of the 28 s title tune does not stall a frame.
            threading.Thread(target=self._prerender, name="sound-prerender", daemon=True).start()

    def _prerender(self) -> None:
        for name in sorted(self._names):
            _rendered(name, self.stereo)

    # --- device -------------------------------------------------------------------------
    def _open_mixer(self) -> None:
        try:
            import pygame
        except ImportError as exc:
            self.reason = f"no sound: {exc}"
            return
        try:
            want = (SAMPLE_RATE, -16, 2 if self.stereo else 1)
            got = pygame.mixer.get_init()
            if got is not None and tuple(got) != want:
                pygame.mixer.quit()  # opened by pygame.init() with other settings: reopen ours
                got = None
            if got is None:
                with _native_stderr_silenced():
                    pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=want[2],
                                      buffer=MIXER_BUFFER, allowedchanges=0)
            self._mixer_format = pygame.mixer.get_init()
            if self._mixer_format is None:
                raise RuntimeError("the mixer did not open")
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            self.available = True
        except _audio_errors() as exc:  # no device: the game plays on silently
            self.available = False
            self.reason = f"no sound: {exc}"
            _log.info("audio disabled: %s", exc)
            _say_no_device(exc)

    @property
    def playing_enabled(self) -> bool:
        return self.available and not self._mute and self._volume > 0

    # --- settings -----------------------------------------------------------------------
    @property
    def mute(self) -> bool:
        return self._mute

    @mute.setter
    def mute(self, value: bool) -> None:
        self._mute = bool(value)
        if self._mute:
            self.stop()

    def toggle_mute(self) -> bool:
        """Switch mute on or off; returns the new state."""
        self.mute = not self._mute
        return self._mute

    @property
    def volume(self) -> int:
        return self._volume

    def set_volume(self, volume: int) -> None:
        """Volume 0..10 (values outside are clamped); applies to sounds already playing."""
        self._volume = _clamp_volume(volume)
        for snd in self._sounds.values():
            snd.set_volume(self._gain())

    def _gain(self) -> float:
        return self._volume / 10.0

    # --- playing ------------------------------------------------------------------------
    def cue(self, name: str, tick: int | None = None, loops: int = 0) -> None:
        """Start the named sound (``loops=-1``: until ``stop(name)``).  Unknown names are silent."""
        if name not in self._names:
            _log.warning("no sound named %r", name)
            return
        t = self.tick if tick is None else int(tick)
        seen_tick, seen = self._cued_this_tick
        if seen_tick != t:
            seen = set()
            self._cued_this_tick = (t, seen)
        if name in seen:
            return
        seen.add(name)
        self.log.append((t, name))
        if not self.playing_enabled:
            return
        try:
            channel = self._sound(name).play(loops=loops)
        except _audio_errors() as exc:  # a device that vanished mid-game: carry on silently
            _log.info("cannot play %s: %s", name, exc)
            return
        if channel is not None:
            self._channels[name] = channel

    def on_events(self, events: Iterable[Any], tick: int | None = None) -> None:
        """Cue the sound of each engine event by its ``kind``; kinds not in the table are silent."""
        for event in events:
            name = self._bank.events.get(_event_kind(event))
            if name is not None:
                self.cue(name, tick)

    def sound_for(self, kind: str) -> str | None:
        """The sound name an engine event kind plays, or None."""
        return self._bank.events.get(kind)

    def event_ticks(self, event: Any) -> int:
        """Ticks the sound of an engine event lasts (0 if the event is silent).

        The same with or without sound, muted or not: a screen may wait this long before the
        next step without changing the game's pace between machines.
        """
        name = self._bank.events.get(_event_kind(event))
        if name is None:
            return 0
        if self._bank is bank() or name in MACHINE_SOUNDS:
            return sound_ticks(name)
        return -(-compile_program(self._bank.programs[name]).samples // SAMPLES_PER_TICK)

    def play_samples(self, samples: np.ndarray, name: str = "clip", tick: int | None = None) -> None:
        """Play ad-hoc samples (int16 or float in [-1, 1], mono) such as the tape noise.

        They are kept in ``clips`` as ``(tick, name, samples)`` for the video exporter.
        """
        t = self.tick if tick is None else int(tick)
        arr = np.asarray(samples)
        self.clips.append((t, name, arr))
        if not self.playing_enabled:
            return
        data = arr if arr.dtype == np.int16 else ay.to_int16(arr.astype(np.float64))
        try:
            snd = self._make_sound(data)
            snd.set_volume(self._gain())
            channel = snd.play()
        except _audio_errors() as exc:
            _log.info("cannot play %s: %s", name, exc)
            return
        if channel is not None:
            self._channels[name] = channel

    def stop(self, name: str | None = None) -> None:
        """Stop one sound by name (or everything)."""
        if not self.available:
            return
        try:
            if name is None:
                import pygame

                pygame.mixer.stop()
                self._channels.clear()
            elif name in self._channels:
                self._channels.pop(name).stop()
        except _audio_errors() as exc:
            _log.info("cannot stop sound: %s", exc)

    def preload(self, names: Iterable[str] | None = None) -> None:
        """Render sounds ahead of time, so that their first cue does not wait."""
        for name in (names if names is not None else sorted(self._names)):
            if self.available:
                self._sound(name)
            elif name in self._names:
                self._samples(name)

    def close(self) -> None:
        """Stop everything and release the mixer."""
        if self.available:
            try:
                import pygame

                pygame.mixer.stop()
                pygame.mixer.quit()
            except _audio_errors() as exc:
                _log.info("cannot close the mixer: %s", exc)
        self.available = False
        self._sounds.clear()
        self._channels.clear()

    def _sound(self, name: str) -> Any:
        snd = self._sounds.get(name)
        if snd is None:
            snd = self._make_sound(self._samples(name))
            snd.set_volume(self._gain())
            self._sounds[name] = snd
        return snd

    def _samples(self, name: str) -> np.ndarray:
        if name in MACHINE_SOUNDS or self._bank is bank():
            return _rendered(name, self.stereo)  # shared, rendered once per process
        return ay.render(compile_program(self._bank.programs[name]), stereo=self.stereo)

    def _make_sound(self, samples: np.ndarray) -> Any:
        import pygame

        channels = self._mixer_format[2] if self._mixer_format else 1
        if channels == 2 and samples.ndim == 1:
            samples = np.stack([samples, samples], axis=1)
        elif channels == 1 and samples.ndim == 2:
            samples = samples.mean(axis=1).astype(np.int16)
        return pygame.mixer.Sound(buffer=np.ascontiguousarray(samples, dtype=np.int16).tobytes())


def _clamp_volume(volume: Any) -> int:
    try:
        v = int(volume)
    except (TypeError, ValueError):
        v = 7
    return max(0, min(10, v))


def make_audio(options: Any = None) -> Audio:
    """Build the game's :class:`Audio` from the options.

    ``options`` may be an ``AppContext`` (its ``option()`` gives the command line over the
    saved settings), an argparse namespace, a dict, or None.  Reads ``mute``, ``volume``
    (0..10), ``stereo`` and ``headless`` (no playback, the log is still kept).
    """
    def opt(name: str, default: Any) -> Any:
        if options is None:
            return default
        if hasattr(options, "option"):
            return options.option(name, default)
        if isinstance(options, dict):
            value = options.get(name)
        else:
            value = getattr(options, name, None)
        return default if value is None else value

    return Audio(mute=bool(opt("mute", False)), volume=opt("volume", 7),
                 stereo=bool(opt("stereo", False)), playback=not bool(opt("headless", False)))
