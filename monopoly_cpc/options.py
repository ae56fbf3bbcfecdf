"""The play options: one frozen, typed record built once from the command line.

:class:`Options` holds what ``monopoly-cpc [options]`` was given (``None``: not given, the
saved setting or the built-in default applies; ``AppContext.option`` layers the record over
the settings).  It is built once by :meth:`Options.of` from the parsed command line (or any
object with those attribute names: the tests' namespaces) and never changed afterwards: the
options screen puts a new record in place (``dataclasses.replace``) when a line it shows is
felt at once over the command line's value.

The fields marked ``game`` change what the game does or draws: a replay stores them
(:meth:`Options.game_data`, resolved over the settings) and a playback rebuilds a record from
them (:meth:`Options.from_game_data`); a stored value is checked by :func:`option_problem`
against the kind and choices declared here (the command line offers the same choices).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any


def _opt(default: Any = None, *, game: bool = False, kind: str = "", choices: tuple = ()) -> Any:
    """A field of :class:`Options`: ``kind`` is "switch" (true/false), "int", "positive" (a
    whole number above 0) or "text"; ``choices`` the values the command line accepts."""
    return field(default=default, metadata={"game": game, "kind": kind, "choices": choices})


@dataclass(frozen=True)
class Options:
    """The command line's play options (see ``cli.add_play_options`` for their help)."""

    # display (host side: not in replays)
    windowed: bool = _opt(False, kind="switch")
    scale: int | None = _opt(kind="positive")
    crt: bool = _opt(False, kind="switch")
    test_card: bool = _opt(False, game=True, kind="switch")
    headless: bool = _opt(False, kind="switch")
    frames: int | None = _opt(kind="positive")
    screenshot: str | None = _opt(kind="text")
    # machine and loader
    machine: str | None = _opt("6128", game=True, kind="text", choices=("464", "664", "6128"))
    media: str | None = _opt(game=True, kind="text", choices=("tape", "disc"))
    tape_speed: int | None = _opt(1000, game=True, kind="int", choices=(1000, 2000))
    loader: str | None = _opt("fast", game=True, kind="text", choices=("real", "fast", "skip"))
    no_disc: bool = _opt(False, game=True, kind="switch")
    # game
    lang: str | None = _opt(game=True, kind="text", choices=("fr", "en"))
    keymap: str | None = _opt(kind="text", choices=("positional", "symbolic"))
    seed: int | None = _opt(kind="int")
    speed: int | None = _opt(game=True, kind="int", choices=(1, 2, 3))
    ai_level: str | None = _opt(game=True, kind="text", choices=("facile", "normal", "expert"))
    # sound
    mute: bool = _opt(False, kind="switch")
    volume: int | None = _opt(kind="int", choices=tuple(range(11)))
    stereo: bool | None = _opt(kind="switch")
    # exhibitions
    kiosk: bool = _opt(False, game=True, kind="switch")
    attract_after: int | None = _opt(game=True, kind="positive")
    attract_playlist: str | None = _opt(kind="text")
    record: str | None = _opt(kind="text")

    @classmethod
    def of(cls, source: Any = None) -> Options:
        """The record of ``source``: an Options as it is, None as the defaults, else any object
        with these attribute names (argparse's namespace; names it lacks keep their default,
        names the record does not have are left out)."""
        if isinstance(source, Options):
            return source
        if source is None:
            return cls()
        values = vars(source) if hasattr(source, "__dict__") else {}
        return cls(**{name: values[name] for name in NAMES if name in values})

    def replace(self, **changes: Any) -> Options:
        """A copy with ``changes`` (the record itself never changes)."""
        return dataclasses.replace(self, **changes)

    def game_data(self, settings: Any = None) -> dict[str, Any]:
        """The game options in force (this record, else ``settings``), as a replay stores them:
        name -> value, leaving out those with no value."""
        out = {}
        for name in GAME_OPTIONS:
            value = getattr(self, name)
            if value is None and settings is not None:
                value = getattr(settings, name, None)
            if value is not None:
                out[name] = value
        return out

    @classmethod
    def from_game_data(cls, data: dict[str, Any], **extra: Any) -> Options:
        """The record a replay's stored game options (:meth:`game_data`) give back, with
        ``extra`` (seed, headless); a game option the replay does not name is not given (the
        replay's settings or the built-in default apply, as when it was recorded)."""
        values: dict[str, Any] = {name: data.get(name) for name in GAME_OPTIONS}
        for name, default in _SWITCHES.items():   # a switch is never None on the command line
            if name in values and values[name] is None:
                values[name] = default
        values.update(extra)
        return cls(**values)


NAMES = tuple(f.name for f in dataclasses.fields(Options))
GAME_OPTIONS = tuple(f.name for f in dataclasses.fields(Options) if f.metadata["game"])
_FIELDS = {f.name: f for f in dataclasses.fields(Options)}
_SWITCHES = {f.name: f.default for f in dataclasses.fields(Options)
             if f.metadata["kind"] == "switch" and f.default is not None}


def option_problem(name: str, value: Any) -> str:
    """What is wrong with a stored option value ("" when the command line would take it):
    the kind and choices the record declares."""
    from monopoly_cpc.settings import short

    if value is None:
        return ""
    meta = _FIELDS[name].metadata
    if meta["kind"] == "switch":
        return "" if isinstance(value, bool) else f"expected true or false, got {short(value)}"
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return f"unexpected value {short(value)}"
    if meta["kind"] in ("int", "positive"):
        try:
            number = int(value)
        except ValueError:
            return f"unexpected value {short(value)}"
        if meta["kind"] == "positive" and number <= 0:
            return f"unexpected value {short(value)}"
        value = number
    choices = meta["choices"]
    if choices and value not in choices:
        return f"{short(value)} is not one of {', '.join(map(str, choices))}"
    return ""
