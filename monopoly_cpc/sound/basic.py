"""Sounds as Locomotive BASIC 1.1 would play them: SOUND, ENV and ENT, turned into AY registers.

A sound is a list of SOUND statements ``[chan, period, dur, vol, env, ent, noise]`` (trailing
values may be left out, as in BASIC), with the ENV (volume) and ENT (tone) envelopes they
name.  The firmware's rules, as the CPC 6128 manual gives them:

* ``chan``: bits 1, 2, 4 queue the note on A, B, C (several bits: the channels start it
  together); 8, 16, 32 make it wait for a rendezvous with A, B, C; 128 flushes the queues
  (only meaningful on the first statement of a sound, which always starts on empty queues);
  64 (hold, released by RELEASE) is refused.
* ``period``: 12-bit tone period, tone = 62 500 / period Hz; 0 means no tone.
* ``dur``: in 1/100 s; 0 = as long as the volume envelope; negative = the envelope |dur|
  times over.  Default 20.
* ``vol``: starting volume 0..15 (default 12).
* ``env``/``ent``: envelope numbers 1..15 (0 = none).
* ``noise``: noise period 1..31 mixed into the channel (0 = none).  The chip has one noise
  generator: the firmware writes its period when a note with noise starts and leaves it
  there, so every noisy note hears the period of the one started last, even after that one
  has ended.

ENV sections are ``[steps, step, pause]``: ``steps`` times, the volume moves by ``step``
(wrapping round 0..15 as the firmware does) and holds for ``pause`` 1/100 s (0 counts as
256).  The first step happens at once.  A section ``{hw: shape, period: EP, pause: t}``
hands the volume to the hardware envelope (register 13 shape, envelope period EP); without
``pause`` on the last section it runs until the note ends.  After the envelope the volume
stays at its last level until ``dur`` runs out.  ENT sections are ``[steps, step, pause]``
on the tone period, or ``{set: period, pause: t}``; an ENT marked ``repeat`` (BASIC's
negative ENT number) starts again until the note ends, from the period the pass before left
(so a pattern whose steps do not add up to zero drifts, as the firmware runs it); otherwise the
last period holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from monopoly_cpc.sound.ay import Timeline

DEFAULT_DUR = 20
DEFAULT_VOL = 12
NO_ENV_LENGTH = 200  # dur 0 without an envelope: the firmware's 2 seconds


class SoundDataError(ValueError):
    """A SOUND, ENV or ENT value is out of range; the loader adds the file and the entry."""


@dataclass(frozen=True)
class SoundStatement:
    """One BASIC ``SOUND chan,period,dur,vol,env,ent,noise``."""

    chan: int
    period: int = 0
    dur: int = DEFAULT_DUR
    vol: int = DEFAULT_VOL
    env: int = 0
    ent: int = 0
    noise: int = 0

    @property
    def channels(self) -> tuple[int, ...]:
        """AY channel indices (0 A, 1 B, 2 C) the note is queued on."""
        return tuple(i for i in range(3) if self.chan & (1 << i))

    @property
    def rendezvous(self) -> tuple[int, ...]:
        """Channels this note waits for (bits 8, 16, 32)."""
        return tuple(i for i in range(3) if self.chan & (8 << i))


@dataclass(frozen=True)
class EnvSection:
    """A software section: ``steps`` changes of ``step`` each held ``pause`` 1/100 s."""

    steps: int
    step: int
    pause: int


@dataclass(frozen=True)
class HwSection:
    """A hardware-envelope section (BASIC 1.1 ``ENV n,=shape,period``)."""

    shape: int
    period: int
    pause: int | None = None  # None: until the note ends


@dataclass(frozen=True)
class EntSet:
    """A tone-envelope section setting an absolute period for ``pause`` 1/100 s."""

    period: int
    pause: int


@dataclass(frozen=True)
class ToneEnvelope:
    sections: tuple[Any, ...]  # EnvSection (on the period) or EntSet
    repeat: bool = False


@dataclass(frozen=True)
class Program:
    """A whole sound: SOUND statements plus the ENV and ENT tables they refer to."""

    statements: tuple[SoundStatement, ...]
    env: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    ent: dict[int, ToneEnvelope] = field(default_factory=dict)


def _pause(p: int) -> int:
    return 256 if p == 0 else p


def check_statement(s: SoundStatement, env: dict, ent: dict) -> None:
    """Raise :class:`SoundDataError` if a SOUND statement is outside what BASIC accepts."""
    if not 0 <= s.chan <= 255:
        raise SoundDataError(f"channel status {s.chan} is not 0..255")
    if not s.channels:
        raise SoundDataError(f"channel status {s.chan} selects no channel (bits 1, 2, 4)")
    if s.chan & 64:
        raise SoundDataError("the hold bit (64) needs RELEASE, which sounds do not have")
    if not 0 <= s.period <= 4095:
        raise SoundDataError(f"tone period {s.period} is not 0..4095")
    if not -32768 <= s.dur <= 32767:
        raise SoundDataError(f"duration {s.dur} is not -32768..32767")
    if not 0 <= s.vol <= 15:
        raise SoundDataError(f"volume {s.vol} is not 0..15")
    if not 0 <= s.noise <= 31:
        raise SoundDataError(f"noise period {s.noise} is not 0..31")
    if s.env and s.env not in env:
        raise SoundDataError(f"ENV {s.env} is not defined")
    if s.ent and s.ent not in ent:
        raise SoundDataError(f"ENT {s.ent} is not defined")
    if s.dur == 0 and s.env and _volume_envelope(s.vol, env[s.env])[0].size == 0:
        raise SoundDataError(f"duration 0 needs a volume envelope with a length (ENV {s.env})")


def check_env(sections: tuple[Any, ...]) -> None:
    """Raise :class:`SoundDataError` for an ENV definition BASIC would refuse."""
    if not 1 <= len(sections) <= 5:
        raise SoundDataError(f"an ENV has 1 to 5 sections, not {len(sections)}")
    for sec in sections:
        if isinstance(sec, HwSection):
            if not 0 <= sec.shape <= 15:
                raise SoundDataError(f"hardware envelope shape {sec.shape} is not 0..15")
            if not 1 <= sec.period <= 65535:
                raise SoundDataError(f"hardware envelope period {sec.period} is not 1..65535")
            if sec.pause is not None and not 0 <= sec.pause <= 255:
                raise SoundDataError(f"pause {sec.pause} is not 0..255")
        else:
            if not 0 <= sec.steps <= 127:
                raise SoundDataError(f"ENV step count {sec.steps} is not 0..127")
            if not -128 <= sec.step <= 127:
                raise SoundDataError(f"ENV step size {sec.step} is not -128..127")
            if not 0 <= sec.pause <= 255:
                raise SoundDataError(f"pause {sec.pause} is not 0..255")


def check_ent(te: ToneEnvelope) -> None:
    """Raise :class:`SoundDataError` for an ENT definition BASIC would refuse."""
    if not 1 <= len(te.sections) <= 5:
        raise SoundDataError(f"an ENT has 1 to 5 sections, not {len(te.sections)}")
    for sec in te.sections:
        if isinstance(sec, EntSet):
            if not 0 <= sec.period <= 4095:
                raise SoundDataError(f"ENT period {sec.period} is not 0..4095")
            if not 0 <= sec.pause <= 255:
                raise SoundDataError(f"pause {sec.pause} is not 0..255")
        else:
            if not 0 <= sec.steps <= 239:
                raise SoundDataError(f"ENT step count {sec.steps} is not 0..239")
            if not -128 <= sec.step <= 127:
                raise SoundDataError(f"ENT step size {sec.step} is not -128..127")
            if not 0 <= sec.pause <= 255:
                raise SoundDataError(f"pause {sec.pause} is not 0..255")


# --- one note, frame by frame -------------------------------------------------------------

@dataclass
class NoteFrames:
    """A note expanded to 1/100 s frames on one channel."""

    volume: np.ndarray  # int per frame
    hw: list[HwSection | None]  # hardware section in force per frame (None: software volume)
    hw_restart: np.ndarray  # bool per frame: a hardware section starts here
    period: np.ndarray  # tone period per frame


def _volume_envelope(vol: int, sections: tuple[Any, ...]) -> tuple[np.ndarray, list, np.ndarray]:
    """Frames of one pass of a volume envelope: (volumes, hardware sections, restart flags)."""
    vols: list[np.ndarray] = []
    hws: list = []
    restarts: list[np.ndarray] = []
    level = vol
    for sec in sections:
        if isinstance(sec, HwSection):
            # an open-ended section (no pause) has no frames here: the note's end extends it
            n = 0 if sec.pause is None else _pause(sec.pause)
            vols.append(np.full(n, level, np.int64))
            hws.extend([sec] * n)
            r = np.zeros(n, bool)
            if n:
                r[0] = True
            restarts.append(r)
            continue
        steps = np.arange(1, sec.steps + 1, dtype=np.int64)
        levels = (level + steps * sec.step) & 15
        pause = _pause(sec.pause)
        vols.append(np.repeat(levels, pause))
        hws.extend([None] * (sec.steps * pause))
        restarts.append(np.zeros(sec.steps * pause, bool))
        if sec.steps:
            level = int(levels[-1])
    if not vols:
        return np.zeros(0, np.int64), [], np.zeros(0, bool)
    return np.concatenate(vols), hws, np.concatenate(restarts)


def _open_hw(sections: tuple[Any, ...]) -> HwSection | None:
    """The last section if it is a hardware envelope without a pause (it runs to the end)."""
    last = sections[-1] if sections else None
    return last if isinstance(last, HwSection) and last.pause is None else None


def _tone_envelope(period: int, te: ToneEnvelope | None, n: int) -> np.ndarray:
    """Tone period for each of ``n`` frames."""
    if te is None or n == 0:
        return np.full(n, period, np.int64)
    # One pass as (anchor, offset) per frame: the period is the anchor (the pass's starting
    # period when None) plus the offset of the relative steps since.
    anchors: list[np.ndarray] = []
    offsets: list[np.ndarray] = []
    anchor = -1  # -1: relative to the pass's start
    offset = 0
    for sec in te.sections:
        if isinstance(sec, EntSet):
            anchor, offset = sec.period, 0
            frames = _pause(sec.pause)
            anchors.append(np.full(frames, anchor, np.int64))
            offsets.append(np.zeros(frames, np.int64))
        elif sec.steps:
            steps = offset + np.arange(1, sec.steps + 1, dtype=np.int64) * sec.step
            frames = _pause(sec.pause)
            anchors.append(np.full(sec.steps * frames, anchor, np.int64))
            offsets.append(np.repeat(steps, frames))
            offset = int(steps[-1])
    if not anchors:
        return np.full(n, period, np.int64)
    one_anchor = np.concatenate(anchors)
    one_offset = np.concatenate(offsets)
    length = one_anchor.size
    if te.repeat:
        passes = -(-n // length)
        # each pass starts from the period the one before ended on
        starts = np.full(passes, period, np.int64)
        if anchor >= 0:
            starts[1:] = anchor + offset
        else:
            starts = period + np.arange(passes, dtype=np.int64) * offset
        base = np.where(one_anchor[None, :] >= 0, one_anchor[None, :], starts[:, None])
        out = (base + one_offset[None, :]).reshape(-1)[:n]
    else:
        values = np.where(one_anchor >= 0, one_anchor, period) + one_offset
        out = np.concatenate([values[:n], np.full(max(0, n - length), values[-1], np.int64)])
    # The firmware keeps the period in 12 bits; stay in range rather than jump round.
    return np.clip(out, 0, 4095)


def expand_note(s: SoundStatement, env: dict, ent: dict) -> NoteFrames:
    """Expand one SOUND statement to frames (its length follows BASIC's duration rules)."""
    sections = env.get(s.env, ()) if s.env else ()
    vols, hws, restarts = _volume_envelope(s.vol, sections)
    open_hw = _open_hw(sections)
    if s.dur > 0:
        n = s.dur
    elif s.dur == 0:
        n = vols.size if sections else NO_ENV_LENGTH
    else:
        n = vols.size * -s.dur
        vols = np.tile(vols, -s.dur)
        hws = hws * -s.dur
        restarts = np.tile(restarts, -s.dur)
    if vols.size < n:  # after the envelope, the last level (or open hardware section) holds
        extra = n - vols.size
        last = int(vols[-1]) if vols.size else s.vol
        tail_hw = open_hw if open_hw is not None else (hws[-1] if hws else None)
        tail_restart = np.zeros(extra, bool)
        if open_hw is not None:
            tail_restart[0] = True
        vols = np.concatenate([vols, np.full(extra, last, np.int64)])
        hws = hws + [tail_hw] * extra
        restarts = np.concatenate([restarts, tail_restart])
    vols, hws, restarts = vols[:n], hws[:n], restarts[:n]
    te = ent.get(s.ent) if s.ent else None
    return NoteFrames(vols, hws, restarts, _tone_envelope(s.period, te, n))


# --- the channel queues --------------------------------------------------------------------

def schedule(statements: tuple[SoundStatement, ...], env: dict, ent: dict
             ) -> list[tuple[int, SoundStatement, NoteFrames]]:
    """Start frame of every note, following the channel queues and their rendezvous.

    Each channel plays its queue in order.  A note queued on several channels starts when all
    of them are free; a note with rendezvous bits starts together with the head notes of the
    named channels that name it back.  Returns (start, statement, frames), in start order.
    """
    queues: list[list[int]] = [[], [], []]
    for i, s in enumerate(statements):
        if s.chan & 128 and i:
            raise SoundDataError("the flush bit (128) is only allowed on the first SOUND")
        for ch in s.channels:
            queues[ch].append(i)
    expanded = [expand_note(s, env, ent) for s in statements]
    free = [0, 0, 0]
    head = [0, 0, 0]
    started: list[tuple[int, SoundStatement, NoteFrames]] = []
    while any(head[ch] < len(queues[ch]) for ch in range(3)):
        best: tuple[int, int, list[tuple[int, int]]] | None = None
        for ch in range(3):
            if head[ch] >= len(queues[ch]):
                continue
            group = _startable(ch, queues, head, statements)
            if group is None:
                continue
            start = max(free[c] for c, _ in group)
            if best is None or start < best[0]:
                best = (start, ch, group)
        if best is None:
            raise SoundDataError("a rendezvous is never met (the channels wait for each other)")
        start, _, group = best
        for c, idx in group:
            head[c] += 1
        seen: list[int] = []
        for c, idx in group:
            if idx in seen:
                continue
            seen.append(idx)
            frames = expanded[idx]
            started.append((start, statements[idx], frames))
            for cc in statements[idx].channels:
                free[cc] = start + frames.volume.size
    started.sort(key=lambda item: item[0])  # stable: equal starts keep queue order
    return started


def _startable(ch: int, queues: list[list[int]], head: list[int],
               statements: tuple[SoundStatement, ...]) -> list[tuple[int, int]] | None:
    """The (channel, statement) heads that must start together with channel ``ch``'s head."""
    group: list[tuple[int, int]] = []
    todo = [ch]
    while todo:
        c = todo.pop()
        if any(c == g for g, _ in group):
            continue
        if head[c] >= len(queues[c]):
            return None
        idx = queues[c][head[c]]
        group.append((c, idx))
        s = statements[idx]
        partners = list(s.channels) + list(s.rendezvous)
        for p in partners:
            if p == c:
                continue
            if head[p] >= len(queues[p]):
                return None
            pidx = queues[p][head[p]]
            ps = statements[pidx]
            # a partner's head must be the same note, or a note naming this channel back
            if pidx != idx and c not in ps.rendezvous:
                return None
            todo.append(p)
    return group


def compile_program(program: Program) -> Timeline:
    """Turn a sound program into the chip's register timeline (1/100 s frames)."""
    notes = schedule(program.statements, program.env, program.ent)
    length = max((start + nf.volume.size for start, _, nf in notes), default=0)
    tl = Timeline.silent(length)
    for start, s, nf in notes:  # in start order: a later note's noise and envelope win
        end = start + nf.volume.size
        span = slice(start, end)
        for ch in s.channels:
            tl.tone_period[span, ch] = nf.period
            tl.tone_on[span, ch] = nf.period > 0
            tl.noise_on[span, ch] = s.noise > 0
            tl.volume[span, ch] = nf.volume
        if s.noise:  # the register keeps this period until another noisy note starts
            tl.noise_period[start:] = s.noise
        if any(h is not None for h in nf.hw):
            use = np.array([h is not None for h in nf.hw], bool)
            frames = start + np.flatnonzero(use)
            tl.env_shape[frames] = [h.shape for h in nf.hw if h is not None]
            tl.env_period[frames] = [h.period for h in nf.hw if h is not None]
            tl.env_restart[start + np.flatnonzero(nf.hw_restart & use)] = True
            for ch in s.channels:
                tl.use_env[span, ch] = use
    return tl
