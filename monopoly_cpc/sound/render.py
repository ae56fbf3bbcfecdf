"""The game's sounds as samples: the packaged sound bank rendered through the AY chip.

Pure and deterministic (no audio device, no pygame): the same bytes on every call and in every
process.  :mod:`monopoly_cpc.sound.device` plays these samples; the video exporter mixes them
into a sound track with :func:`render_track`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
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


def bank() -> SoundBank:
    """The packaged sound bank (``assets/sounds.yaml``), validated, read once."""
    return default_bank(tuple(MACHINE_SOUNDS))


def sound_names() -> tuple[str, ...]:
    """Every sound that can be cued: the AY sounds in file order, then the machine noises."""
    return tuple(bank().programs) + tuple(MACHINE_SOUNDS)


def sound_ticks(name: str, sound_bank: SoundBank | None = None) -> int:
    """How many 50 Hz ticks a named sound lasts (rounded up), without rendering it.

    Screens may hold a step this long so that a jingle is not cut by the next one; the answer
    does not depend on mute, volume or the audio device, so the game's pace stays the same
    (replays stay exact).  ``sound_bank`` defaults to the packaged one.  An unknown name
    raises ``KeyError``.
    """
    if sound_bank is None or sound_bank is bank() or name in MACHINE_SOUNDS:
        return _packaged_ticks(name)
    return -(-compile_program(sound_bank.programs[name]).samples // SAMPLES_PER_TICK)


@cache
def _packaged_ticks(name: str) -> int:
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


def sound_samples(name: str, stereo: bool = False,
                  sound_bank: SoundBank | None = None) -> np.ndarray:
    """The samples of a named sound, int16 at 44.1 kHz, (n,) mono or (n, 2) stereo.

    Those of the packaged bank (and the machine noises) are read-only and rendered once per
    process, shared by every caller; another ``sound_bank``'s are rendered on each call.
    An unknown name raises ``KeyError``.
    """
    if sound_bank is None or sound_bank is bank() or name in MACHINE_SOUNDS:
        return _rendered(name, bool(stereo))
    return ay.render(compile_program(sound_bank.programs[name]), stereo=stereo)


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
    """A writable copy of a named sound's samples: int16 at 44.1 kHz, (n,) mono or (n, 2) stereo.

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
