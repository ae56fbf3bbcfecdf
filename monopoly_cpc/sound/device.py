"""The audio device: the game's sounds played through pygame.mixer.

:class:`Audio` plays named sounds (``cue``) and engine events (``on_events``), with a volume
(0..10) and a mute switch.  Without an audio device (or without pygame) it stays silent, without
error.  Every sound it is asked for is logged as ``(tick, name)`` for the video exporter.  The
samples come from :mod:`monopoly_cpc.sound.render`; this module only opens the mixer and hands
it buffers.

Sounds never affect the game: the engine and the screens do not wait for them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from monopoly_cpc.sound.data import SoundBank


# The bank's reader and the renderer (sound.data, sound.basic, sound.render) are imported at the
# first sound asked for, the chip's module (and numpy) when the mixer opens: not before the
# first picture.
def bank() -> SoundBank:
    """The packaged sound bank (``sound.render.bank``)."""
    from monopoly_cpc.sound.render import bank as packaged

    return packaged()


def sound_samples(name: str, stereo: bool, sound_bank: SoundBank | None = None) -> np.ndarray:
    """``sound.render.sound_samples``: the samples of the sound ``name``, cached."""
    from monopoly_cpc.sound.render import sound_samples as samples

    return samples(name, stereo, sound_bank)

MIXER_BUFFER = 512  # samples: ≈12 ms of latency at 44.1 kHz
MIXER_CHANNELS = 16  # sounds that may overlap

_log = logging.getLogger(__name__)


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
        # the sound table is read at the first sound asked for (or below, to pre-render it),
        # not before the first picture
        self._given_bank = sound_bank
        self._bank_names: tuple[SoundBank, frozenset[str]] | None = None
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

    @property
    def _bank(self) -> SoundBank:
        return self._loaded()[0]

    @property
    def _names(self) -> frozenset[str]:
        return self._loaded()[1]

    def _loaded(self) -> tuple[SoundBank, frozenset[str]]:
        if self._bank_names is None:
            from monopoly_cpc.sound.machine import MACHINE_SOUNDS

            b = self._given_bank if self._given_bank is not None else bank()
            self._bank_names = (b, frozenset(b.programs) | frozenset(MACHINE_SOUNDS))
        return self._bank_names

    def _prerender(self) -> None:
        for name in sorted(self._names):
            sound_samples(name, self.stereo)

    # --- device -------------------------------------------------------------------------
    def _open_mixer(self) -> None:
        try:
            import pygame
        except ImportError as exc:
            self.reason = f"no sound: {exc}"
            return
        from monopoly_cpc.sound.ay import SAMPLE_RATE

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
            if not self._mute:   # --mute asked for silence: nothing to tell
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



    def play_samples(self, samples: np.ndarray, name: str = "clip", tick: int | None = None) -> None:
        """Play ad-hoc samples (int16 or float in [-1, 1], mono) such as the tape noise.

        They are kept in ``clips`` as ``(tick, name, samples)`` for the video exporter.
        """
        import numpy as np

        from monopoly_cpc.sound import ay

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
        return sound_samples(name, self.stereo, self._bank)

    def _make_sound(self, samples: np.ndarray) -> Any:
        import numpy as np
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
