"""``assets/sounds.yaml``: the game's sounds as BASIC-style data, read and validated once.

The file holds shared ``env`` and ``ent`` tables, the ``sounds`` (each a list of SOUND
statements or a three-voice ``tune``), and ``events``, the table from engine event kinds to
sound names.  Any problem is a :class:`DataError` naming the file and the entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from monopoly_cpc import yamlio
from monopoly_cpc.errors import DataError
from monopoly_cpc.paths import asset
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
    schedule,
)

SOUNDS_YAML = asset("sounds.yaml")
FORMAT = 1

_NOTE = re.compile(r"^(?:(?P<name>[A-Ga-g])(?P<acc>[#b]?)(?P<oct>-?\d)|(?P<rest>r)|(?P<drum>x))"
                   r"(?::(?P<len>\d+))?$")
_SEMITONE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
VOICES = ("A", "B", "C")


@dataclass(frozen=True)
class SoundBank:
    """Every named AY sound as a :class:`Program`, plus the engine event table."""

    programs: dict[str, Program]
    about: dict[str, str]
    events: dict[str, str]
    source: str = "sounds.yaml"


def note_period(name: str, accidental: str, octave: int) -> int:
    """AY tone period of a note in equal temperament (A4 = 440 Hz gives 142)."""
    semitone = _SEMITONE[name.upper()] + {"#": 1, "b": -1, "": 0}[accidental]
    midi = 12 * (octave + 1) + semitone
    hz = 440.0 * 2.0 ** ((midi - 69) / 12.0)
    return round(62500.0 / hz)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SoundDataError(f"{what} must be a whole number, got {value!r}")
    return value


def parse_env(raw: Any) -> tuple[Any, ...]:
    """An ENV definition: a list of ``[steps, step, pause]`` or ``{hw, period, pause}``."""
    if not isinstance(raw, list):
        raise SoundDataError("an ENV is a list of sections")
    sections: list[Any] = []
    for sec in raw:
        if isinstance(sec, dict):
            unknown = sorted(set(sec) - {"hw", "period", "pause"})
            if unknown or "hw" not in sec or "period" not in sec:
                raise SoundDataError("a hardware ENV section is {hw: shape, period: EP, pause: t}")
            pause = sec.get("pause")
            sections.append(HwSection(_int(sec["hw"], "hw"), _int(sec["period"], "period"),
                                      None if pause is None else _int(pause, "pause")))
        elif isinstance(sec, list) and len(sec) == 3:
            sections.append(EnvSection(*(_int(v, "an ENV value") for v in sec)))
        else:
            raise SoundDataError(f"an ENV section is [steps, step, pause], got {sec!r}")
    result = tuple(sections)
    check_env(result)
    return result


def parse_ent(raw: Any) -> ToneEnvelope:
    """An ENT definition: a list of sections, or ``{repeat: bool, sections: [...]}``."""
    repeat = False
    if isinstance(raw, dict):
        unknown = sorted(set(raw) - {"repeat", "sections"})
        if unknown:
            raise SoundDataError(f"unknown ENT key {unknown[0]!r}")
        repeat = raw.get("repeat", False)
        if not isinstance(repeat, bool):
            raise SoundDataError("ENT repeat must be true or false")
        raw = raw.get("sections")
    if not isinstance(raw, list):
        raise SoundDataError("an ENT is a list of sections")
    sections: list[Any] = []
    for sec in raw:
        if isinstance(sec, dict):
            if set(sec) != {"set", "pause"}:
                raise SoundDataError("an absolute ENT section is {set: period, pause: t}")
            sections.append(EntSet(_int(sec["set"], "set"), _int(sec["pause"], "pause")))
        elif isinstance(sec, list) and len(sec) == 3:
            sections.append(EnvSection(*(_int(v, "an ENT value") for v in sec)))
        else:
            raise SoundDataError(f"an ENT section is [steps, step, pause], got {sec!r}")
    te = ToneEnvelope(tuple(sections), repeat)
    check_ent(te)
    return te


def _table(raw: Any, parse: Callable[[Any], Any], what: str) -> dict[int, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SoundDataError(f"{what} must map numbers 1..15 to definitions")
    table: dict[int, Any] = {}
    for number, definition in raw.items():
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 15:
            raise SoundDataError(f"{what} number {number!r} is not 1..15")
        try:
            table[number] = parse(definition)
        except SoundDataError as exc:
            raise SoundDataError(f"{what} {number}: {exc}") from None
    return table


def parse_statement(raw: Any) -> SoundStatement:
    """``[chan, period, dur, vol, env, ent, noise]``, trailing values optional."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= 7:
        raise SoundDataError(f"a SOUND is [chan, period, dur, vol, env, ent, noise], got {raw!r}")
    return SoundStatement(*(_int(v, "a SOUND value") for v in raw))


def compile_tune(raw: Any) -> list[SoundStatement]:
    """A tune: ``unit`` (1/100 s per length unit) and voices A, B, C of note strings.

    A note is ``C4``, ``F#5`` or ``Bb3`` with an optional ``:length`` in units (else the
    voice's previous length); ``r`` is a rest and ``x`` a hit of the voice's ``drum`` (noise,
    no tone); ``|`` separates bars and is ignored.  Every voice must last as long as the others.
    """
    if not isinstance(raw, dict):
        raise SoundDataError("a tune is a mapping with unit and voices")
    unknown = sorted(set(raw) - {"unit", "voices"})
    if unknown:
        raise SoundDataError(f"unknown tune key {unknown[0]!r}")
    unit = _int(raw.get("unit"), "unit")
    if not 1 <= unit <= 255:
        raise SoundDataError(f"unit {unit} is not 1..255")
    voices = raw.get("voices")
    if not isinstance(voices, dict) or not voices or sorted(set(voices) - set(VOICES)):
        raise SoundDataError("voices must map some of A, B, C to voice definitions")
    statements: list[SoundStatement] = []
    lengths: dict[str, int] = {}
    for voice in VOICES:
        if voice in voices:
            try:
                lengths[voice] = _compile_voice(voices[voice], 1 << VOICES.index(voice), unit,
                                                statements)
            except SoundDataError as exc:
                raise SoundDataError(f"voice {voice}: {exc}") from None
    if len(set(lengths.values())) > 1:
        listed = ", ".join(f"{v} {n}" for v, n in lengths.items())
        raise SoundDataError(f"the voices do not last the same time (1/100 s: {listed})")
    return statements


def _compile_voice(raw: Any, chan: int, unit: int, out: list[SoundStatement]) -> int:
    if not isinstance(raw, dict) or "notes" not in raw:
        raise SoundDataError("a voice is {vol, env, ent, drum, notes}")
    unknown = sorted(set(raw) - {"vol", "env", "ent", "drum", "notes"})
    if unknown:
        raise SoundDataError(f"unknown voice key {unknown[0]!r}")
    vol = _int(raw.get("vol", 12), "vol")
    env = _int(raw.get("env", 0), "env")
    ent = _int(raw.get("ent", 0), "ent")
    drum = raw.get("drum")
    if drum is not None and (not isinstance(drum, dict) or sorted(set(drum) - {"noise", "vol", "env"})):
        raise SoundDataError("a drum is {noise, vol, env}")
    notes = raw["notes"]
    if isinstance(notes, list):
        notes = " ".join(str(n) for n in notes)
    if not isinstance(notes, str):
        raise SoundDataError("notes must be a string (or a list of strings, one per bar)")
    length = 0
    total = 0
    for token in notes.split():
        if token == "|":
            continue
        m = _NOTE.match(token)
        if m is None:
            raise SoundDataError(f"cannot read the note {token!r}")
        if m["len"] is not None:
            length = int(m["len"])
        if length <= 0:
            raise SoundDataError(f"the note {token!r} needs a length (e.g. {token}:2)")
        dur = length * unit
        if m["rest"]:
            out.append(SoundStatement(chan, 0, dur, 0))
        elif m["drum"]:
            if drum is None:
                raise SoundDataError("x (a drum hit) needs the voice's drum")
            out.append(SoundStatement(chan, 0, dur, _int(drum.get("vol", 12), "drum vol"),
                                      _int(drum.get("env", 0), "drum env"), 0,
                                      _int(drum.get("noise", 6), "drum noise")))
        else:
            period = note_period(m["name"], m["acc"], int(m["oct"]))
            if not 1 <= period <= 4095:
                raise SoundDataError(f"the note {token!r} is out of the chip's range")
            out.append(SoundStatement(chan, period, dur, vol, env, ent))
        total += dur
    return total


def parse_bank(data: Any, source: str, reserved: tuple[str, ...] = ()) -> SoundBank:
    """Validate the parsed YAML of a sound file and build the bank (DataError on a problem)."""
    def fail(entry: str, problem: str) -> DataError:
        return DataError(f"{source}: {entry}: {problem}")

    if not isinstance(data, dict):
        raise fail("top level", "expected a mapping with format, env, ent, sounds and events")
    unknown = sorted(set(data) - {"format", "env", "ent", "sounds", "events"})
    if unknown:
        raise fail(unknown[0], "unknown top-level key")
    if data.get("format") != FORMAT:
        raise fail("format", f"expected {FORMAT}, got {data.get('format')!r}")
    try:
        env = _table(data.get("env"), parse_env, "ENV")
        ent = _table(data.get("ent"), parse_ent, "ENT")
    except SoundDataError as exc:
        raise fail("env/ent", str(exc)) from None
    sounds = data.get("sounds")
    if not isinstance(sounds, dict) or not sounds:
        raise fail("sounds", "expected a mapping of named sounds")
    programs: dict[str, Program] = {}
    about: dict[str, str] = {}
    for name, entry in sounds.items():
        where = f"sound {name!r}"
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise fail(where, "a sound name is lower case letters, digits and _")
        if name in reserved:
            raise fail(where, "the name is taken by a machine noise")
        try:
            programs[name], about[name] = _parse_sound(entry, env, ent)
        except SoundDataError as exc:
            raise fail(where, str(exc)) from None
    events = data.get("events") or {}
    if not isinstance(events, dict):
        raise fail("events", "expected a mapping of event kind to sound name")
    known = set(programs) | set(reserved)
    for kind, name in events.items():
        if not isinstance(kind, str) or not isinstance(name, str):
            raise fail(f"event {kind!r}", "kind and sound name must be strings")
        if name not in known:
            raise fail(f"event {kind!r}", f"no sound named {name!r}")
    return SoundBank(programs, about, dict(events), source)


def _parse_sound(entry: Any, env: dict, ent: dict) -> tuple[Program, str]:
    if not isinstance(entry, dict):
        raise SoundDataError("expected a mapping with about and sound (or tune)")
    unknown = sorted(set(entry) - {"about", "env", "ent", "sound", "tune"})
    if unknown:
        raise SoundDataError(f"unknown key {unknown[0]!r}")
    about = entry.get("about", "")
    if not isinstance(about, str):
        raise SoundDataError("about must be text")
    # Local ENV/ENT numbers override the shared ones, as redefining them in BASIC would.
    local_env = {**env, **_table(entry.get("env"), parse_env, "ENV")}
    local_ent = {**ent, **_table(entry.get("ent"), parse_ent, "ENT")}
    if ("sound" in entry) == ("tune" in entry):
        raise SoundDataError("give either sound (SOUND statements) or tune")
    if "tune" in entry:
        statements = compile_tune(entry["tune"])
    else:
        raw = entry["sound"]
        if not isinstance(raw, list) or not raw:
            raise SoundDataError("sound is a list of SOUND statements")
        statements = []
        for i, item in enumerate(raw, 1):
            try:
                statements.append(parse_statement(item))
            except SoundDataError as exc:
                raise SoundDataError(f"SOUND {i}: {exc}") from None
    for i, s in enumerate(statements, 1):
        try:
            check_statement(s, local_env, local_ent)
        except SoundDataError as exc:
            raise SoundDataError(f"SOUND {i}: {exc}") from None
    program = Program(tuple(statements), local_env, local_ent)
    # Scheduling errors (rendezvous never met, misplaced flush) show up now, not at play time.
    schedule(program.statements, program.env, program.ent)
    return program, about


def read_yaml(path: Path) -> Any:
    """Read a YAML file; every failure is a one-line DataError naming the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file in UTF-8") from None
    try:
        return yamlio.load_cached(text, path.name) if path == SOUNDS_YAML else yamlio.load(text)
    except yamlio.Error as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{path.name}: not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None


def load_bank(path: Path | None = None, reserved: tuple[str, ...] = ()) -> SoundBank:
    """Load and validate a sound file (the packaged ``sounds.yaml`` by default)."""
    path = Path(path) if path is not None else SOUNDS_YAML
    return parse_bank(read_yaml(path), path.name, reserved)


@lru_cache(maxsize=4)
def default_bank(reserved: tuple[str, ...] = ()) -> SoundBank:
    """The packaged bank, read once per process."""
    return load_bank(SOUNDS_YAML, reserved)
