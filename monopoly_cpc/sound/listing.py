"""The sound bank as a Locomotive BASIC 1.1 program that a real CPC plays the same as the game.

``listing(bank)`` gives the program's lines: a menu (``INPUT`` a number, ``ON n GOSUB``) and one
subroutine per AY sound of its ENV, ENT, SOUND and RELEASE statements.  ``monopoly-cpc sounds
--basic FILE.BAS`` writes it as an ASCII file, which ``RUN"FILE`` loads on a CPC (BASIC
tokenises an ASCII program as it loads it).

The firmware gives each channel a queue of 4 entries, and a SOUND waits while one of its
channels' queues is full; BASIC runs on meanwhile only after it.  So the order of the
statements matters, not only their list per channel:

* a subroutine first waits until the three channels are idle (``SQ(c)`` below 128), so that
  it starts on empty queues and redefining an ENV or ENT cannot touch a note still playing;
* the SOUNDs are written in the order the notes start (each channel's own order is kept);
* the notes that start at once carry the hold bit (64) and one ``RELEASE`` starts them together
  in the same 1/100 s tick, after as many SOUNDs as the queues take without waiting.

:func:`read_listing` reads such a program back into :class:`Program` values and
:func:`issue_times` replays the queues with a slow interpreter; :func:`check` (run before the
file is written) refuses a listing in which a note would be queued less than a tick before it
is due, or which does not compile to the bank's very registers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from monopoly_cpc.sound.basic import (
    EntSet,
    EnvSection,
    HwSection,
    Program,
    SoundDataError,
    SoundStatement,
    ToneEnvelope,
    check_ent,
    check_env,
    check_statement,
    compile_program,
    schedule,
)
from monopoly_cpc.sound.data import SoundBank

QUEUE_ENTRIES = 4  # notes a channel's queue holds, the one playing included
HOLD = 64
STATEMENT_MS = 10.0  # a slow bound for BASIC to run one SOUND statement
TICK_MS = 10.0  # the firmware's sound tick
FIRST_LINE = 10
LINE_STEP = 10
MENU_COLUMNS = 2
MENU_WIDTH = 19  # characters per menu entry in MODE 1's 40 columns
WAIT_LINE = 500  # the subroutine that waits for the channels to fall idle
FIRST_SOUND_LINE = 1000


@dataclass(frozen=True)
class Queued:
    """One SOUND of a subroutine: the statement as the bank has it, and whether it is held."""

    statement: SoundStatement
    held: bool

    @property
    def chan(self) -> int:
        return self.statement.chan | (HOLD if self.held else 0)


def play_order(program: Program) -> tuple[list[Queued], int, int]:
    """The SOUNDs in the order to write them, where the RELEASE goes, and its channel mask.

    Returns (sounds, release_at, mask): ``RELEASE mask`` comes before ``sounds[release_at]``.
    """
    started = schedule(program.statements, program.env, program.ent)
    sounds = [Queued(s, start == 0) for start, s, _ in started]
    mask = 0
    for q in sounds:
        if q.held:
            for ch in q.statement.channels:
                mask |= 1 << ch
    pending = [0, 0, 0]
    release_at = len(sounds)
    for i, q in enumerate(sounds):
        if not q.held and any(pending[ch] >= QUEUE_ENTRIES for ch in q.statement.channels):
            release_at = i
            break
        for ch in q.statement.channels:
            pending[ch] += 1
    return sounds, release_at, mask


def _args(values: list[int]) -> str:
    return ",".join(str(v) for v in values)


def sound_text(q: Queued) -> str:
    """``SOUND chan,period,dur,vol[,env[,ent[,noise]]]`` (trailing zeros left out)."""
    s = q.statement
    values = [q.chan, s.period, s.dur, s.vol, s.env, s.ent, s.noise]
    while len(values) > 4 and values[-1] == 0:
        values.pop()
    return "SOUND " + _args(values)


def env_text(number: int, sections: tuple[Any, ...]) -> str:
    """``ENV n,...``: software sections ``steps,step,pause``, hardware ones ``=shape,period``."""
    parts: list[str] = []
    for i, sec in enumerate(sections):
        if isinstance(sec, HwSection):
            if sec.pause is not None and i < len(sections) - 1:
                raise SoundDataError(f"ENV {number}: a hardware section followed by others has "
                                     "no BASIC form (BASIC's hardware section takes no time)")
            parts.append(f"={sec.shape},{sec.period}")
        else:
            parts.append(_args([sec.steps, sec.step, sec.pause]))
    return f"ENV {number}," + ",".join(parts)


def ent_text(number: int, te: ToneEnvelope) -> str:
    """``ENT n,...`` (``ENT -n`` repeats): ``steps,step,pause`` or ``=period,pause``."""
    parts = [f"={sec.period},{sec.pause}" if isinstance(sec, EntSet)
             else _args([sec.steps, sec.step, sec.pause]) for sec in te.sections]
    return f"ENT {-number if te.repeat else number}," + ",".join(parts)


def _ascii(text: str) -> str:
    return "".join(ch if 32 <= ord(ch) < 127 and ch != '"' else "'" if ch == '"' else "-"
                   for ch in text)


def sound_lines(name: str, about: str, program: Program) -> list[str]:
    """One sound's subroutine (without line numbers)."""
    sounds, release_at, mask = play_order(program)
    used_env = sorted({q.statement.env for q in sounds if q.statement.env})
    used_ent = sorted({q.statement.ent for q in sounds if q.statement.ent})
    out = [f"REM {name}: {_ascii(about)}"[:200], f"GOSUB {WAIT_LINE}"]
    out += [env_text(n, program.env[n]) for n in used_env]
    out += [ent_text(n, program.ent[n]) for n in used_ent]
    for i, q in enumerate(sounds):
        if i == release_at:
            out.append(f"RELEASE {mask}")
        out.append(sound_text(q))
    if release_at == len(sounds):
        out.append(f"RELEASE {mask}")
    out.append("RETURN")
    return out


def listing(bank: SoundBank) -> list[str]:
    """The whole program, numbered lines in order, ready to type or to save as ASCII."""
    names = list(bank.programs)
    menu = [f"{i + 1:2d} {name}".ljust(MENU_WIDTH) for i, name in enumerate(names)]
    head = ["REM monopoly-cpc: every sound of the game, as SOUND, ENV and ENT play it",
            "MODE 1:PRINT \"monopoly-cpc: the sounds\":PRINT"]
    head += [f'PRINT "{"".join(menu[i:i + MENU_COLUMNS]).rstrip()}"'
             for i in range(0, len(menu), MENU_COLUMNS)]
    bodies: list[list[str]] = [sound_lines(name, bank.about.get(name, ""), bank.programs[name])
                               for name in names]
    starts: list[int] = []
    line = FIRST_SOUND_LINE
    for body in bodies:
        starts.append(line)
        line += LINE_STEP * len(body)
        line = -(-line // 100) * 100  # each sound from a round number
    ask = FIRST_LINE + LINE_STEP * (len(head) + 1)
    head += ["PRINT",
             f'INPUT "Sound number (0 ends)";n',
             "IF n=0 THEN END",
             f"IF n>0 AND n<={len(names)} THEN ON n GOSUB {_args(starts)}",
             f"GOTO {ask}"]
    if FIRST_LINE + LINE_STEP * len(head) >= WAIT_LINE:
        raise ValueError("the menu is too long for its line numbers")
    lines = [f"{FIRST_LINE + LINE_STEP * i} {text}" for i, text in enumerate(head)]
    lines += [f"{WAIT_LINE} IF SQ(1)>127 OR SQ(2)>127 OR SQ(4)>127 THEN {WAIT_LINE}",
              f"{WAIT_LINE + LINE_STEP} RETURN"]
    for start, body in zip(starts, bodies):
        lines += [f"{start + LINE_STEP * i} {text}" for i, text in enumerate(body)]
    return lines


def ascii_file(lines: list[str]) -> bytes:
    """The program as the CPC saves it with ``SAVE"name",A``: CR LF lines, ending with &1A."""
    return "".join(line + "\r\n" for line in lines).encode("ascii") + b"\x1a"


# --- reading it back -----------------------------------------------------------------------

_LINE = re.compile(r"^(\d+) (.*)$")


@dataclass(frozen=True)
class Subroutine:
    """A sound's subroutine read back: its program (hold bits removed) and its play order."""

    program: Program
    order: list[Queued]
    release_at: int
    mask: int


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")]


def _read_sections(text: str, absolute: Callable[[int, int], Any]) -> tuple[int, tuple[Any, ...]]:
    """``n,`` then sections: ``steps,step,pause`` or ``=a,b`` (``absolute(a, b)``)."""
    number, _, rest = text.partition(",")
    items = rest.split(",")
    sections: list[Any] = []
    i = 0
    while i < len(items):
        if items[i].startswith("="):
            sections.append(absolute(int(items[i][1:]), int(items[i + 1])))
            i += 2
        else:
            sections.append(EnvSection(*(int(v) for v in items[i:i + 3])))
            i += 3
    return int(number), tuple(sections)


def read_listing(lines: list[str]) -> dict[int, Subroutine]:
    """Each sound subroutine of a listing, by its first line number (``SoundDataError`` on a
    statement BASIC or the firmware would refuse)."""
    subs: dict[int, Subroutine] = {}
    current: int | None = None
    env: dict[int, tuple[Any, ...]] = {}
    ent: dict[int, ToneEnvelope] = {}
    order: list[Queued] = []
    release: tuple[int, int] | None = None
    for raw in lines:
        m = _LINE.match(raw)
        if m is None:
            raise SoundDataError(f"not a numbered line: {raw!r}")
        number, text = int(m.group(1)), m.group(2)
        if number < FIRST_SOUND_LINE:
            continue
        word, _, rest = text.partition(" ")
        if word == "REM":
            current, env, ent, order, release = number, {}, {}, [], None
        elif word == "ENV":
            n, sections = _read_sections(rest, HwSection)
            check_env(sections)
            env[n] = sections
        elif word == "ENT":
            n, sections = _read_sections(rest, EntSet)
            te = ToneEnvelope(sections, n < 0)
            check_ent(te)
            ent[abs(n)] = te
        elif word == "SOUND":
            values = _ints(rest)
            held = bool(values[0] & HOLD)
            statement = SoundStatement(values[0] & ~HOLD, *values[1:])
            check_statement(statement, env, ent)
            order.append(Queued(statement, held))
        elif word == "RELEASE":
            release = (len(order), int(rest))
        elif word == "RETURN" and current is not None:
            if release is None:
                raise SoundDataError(f"line {number}: the held notes are never released")
            statements = tuple(q.statement for q in order)
            subs[current] = Subroutine(Program(statements, dict(env), dict(ent)), list(order),
                                       *release)
    return subs


def issue_times(sub: Subroutine) -> list[tuple[float, int]]:
    """When a slow BASIC queues each note (ms after RELEASE; before it, 0) and when it is due
    (its start in ms), with queues of ``QUEUE_ENTRIES`` notes (the playing one included).

    Raises ``SoundDataError`` if a SOUND would wait on a full queue before the RELEASE (BASIC
    would wait for ever) or if a held note is not released.
    """
    notes = schedule(sub.program.statements, sub.program.env, sub.program.ent)
    if [q.statement for q in sub.order] != [s for _, s, _ in notes]:
        raise SoundDataError("the SOUNDs are not in the order the notes start")
    ends = [start + frames.volume.size for start, _, frames in notes]
    queued: list[list[int]] = [[], [], []]  # per channel: indices of the notes queued
    out: list[tuple[float, int]] = []
    now = 0.0
    for i, (start, s, _) in enumerate(notes):
        held = sub.order[i].held
        if held and not all(sub.mask & (1 << ch) for ch in s.channels):
            raise SoundDataError("a held note is not released")
        if i < sub.release_at:
            if any(len(queued[ch]) >= QUEUE_ENTRIES for ch in s.channels):
                raise SoundDataError("a SOUND waits on a full queue before the RELEASE")
            out.append((0.0, start * round(TICK_MS)))
        else:
            # wait until each channel has a free entry: its oldest queued note has ended
            for ch in s.channels:
                live = [j for j in queued[ch] if ends[j] * TICK_MS > now]
                if len(live) >= QUEUE_ENTRIES:
                    now = max(now, ends[live[-QUEUE_ENTRIES]] * TICK_MS)
            now += STATEMENT_MS
            out.append((now, start * round(TICK_MS)))
        for ch in s.channels:
            queued[ch].append(i)
    return out


def check(bank: SoundBank, lines: list[str]) -> None:
    """Raise ``SoundDataError`` naming the sound if the listing would not play as the game does:
    a note queued less than a tick before it is due (too many short notes for BASIC to keep up),
    or statements that read back to other registers than the bank's."""
    subs = read_listing(lines)
    for sub, (name, program) in zip(subs.values(), bank.programs.items(), strict=True):
        for i, (queued, due) in enumerate(issue_times(sub)):
            if i >= sub.release_at and queued > due - TICK_MS:
                raise SoundDataError(f"sound {name!r}: BASIC cannot queue note {i + 1} in time "
                                     f"({queued:.0f} ms for a note due at {due} ms)")
        got, want = compile_program(sub.program), compile_program(program)
        if not all(np.array_equal(getattr(got, k), getattr(want, k)) for k in vars(want)):
            raise SoundDataError(f"sound {name!r}: the BASIC statements read back differently")
