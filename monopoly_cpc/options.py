"""The play options: one frozen, typed record built once from the command line.

:class:`Options` holds what ``monopoly-cpc [options]`` was given (``None``: not given, the
saved setting or the built-in default applies; :class:`Effective` layers the record over
the settings).  It is built once by :meth:`Options.of` from the parsed command line, in
``cli.play`` (or from any object with those attribute names), and never changed afterwards: the
options screen puts a new record in place (``dataclasses.replace``) when a line it shows is
felt at once over the command line's value.

:class:`Effective` is what is in force: the record over the saved settings, one typed property
an option (``AppContext.effective``; the settings may change while the game runs, through the
options screen, so they are layered when read, never copied).

The fields marked ``game`` change what the game does or draws: a replay stores them
(:meth:`Options.game_data`, resolved over the settings) and a playback rebuilds a record from
them (:meth:`Options.from_game_data`); a stored value is checked by :func:`option_problem`
against the kind and choices declared here (the command line offers the same choices).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.settings import Settings

T = TypeVar("T")


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

    def game_data(self, settings: Settings | None = None) -> dict[str, Any]:
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


def _given(value: T | None, saved: T) -> T:
    """The command line's ``value`` when given, else the ``saved`` setting."""
    return saved if value is None else value


class Effective:
    """The options in force: the command line's :class:`Options` where given, else the saved
    :class:`~monopoly_cpc.settings.Settings` (their defaults when there are none).  A view, made
    from the record and the settings object as they are: it reads both each time it is asked."""

    def __init__(self, options: Options, settings: Settings | None = None) -> None:
        self.options = options
        self.settings = settings if settings is not None else _default_settings()

    # -- the game
    @property
    def lang(self) -> str:
        """The language of the texts: ``fr`` or ``en``."""
        return _given(self.options.lang, self.settings.lang)

    @property
    def speed(self) -> int:
        """The pace of the computer players, 1 (slow) to 3 (fast)."""
        return _given(self.options.speed, self.settings.speed)

    @property
    def ai_level(self) -> str:
        """The strength of the computer players: facile, normal or expert."""
        return _given(self.options.ai_level, self.settings.ai_level)

    @property
    def keymap(self) -> str:
        """Host keys by their place on a French CPC (positional) or by the character (symbolic)."""
        return _given(self.options.keymap, self.settings.keymap)

    # -- the display
    @property
    def fullscreen(self) -> bool:
        """Full screen: always in kiosk mode; else unless --windowed, as the setting says."""
        return self.options.kiosk or (not self.options.windowed and self.settings.fullscreen)

    @property
    def scale(self) -> int | None:
        """The integer pixel scale asked for (None: the largest that fits)."""
        return _given(self.options.scale, self.settings.scale)

    @property
    def crt(self) -> bool:
        """Dark scanlines: ``--crt`` or the setting (a switch cannot be turned off on the
        command line, so the setting's on is never overridden)."""
        return self.options.crt or self.settings.crt

    # -- the sound
    @property
    def mute(self) -> bool:
        """No sound: ``--mute`` or the setting (``mute: true``, docs/kiosk.md)."""
        return self.options.mute or self.settings.mute

    @property
    def volume(self) -> int:
        """The sound volume, 0 to 10."""
        return _given(self.options.volume, self.settings.volume)

    @property
    def stereo(self) -> bool:
        """The STEREO socket's sound (else the mono speaker)."""
        return _given(self.options.stereo, self.settings.stereo)

    # -- the exhibitions
    @property
    def kiosk(self) -> bool:
        """Exhibition mode (``--kiosk``)."""
        return self.options.kiosk

    @property
    def attract_after(self) -> int:
        """Seconds without a key on the title before the demo game starts."""
        return _given(self.options.attract_after, self.settings.attract_after)

    @property
    def attract_playlist(self) -> str | None:
        """The folder of replay files the attract loop plays (None: live demo games)."""
        return _given(self.options.attract_playlist, self.settings.attract_playlist)

    @property
    def record(self) -> str | None:
        """The replay file the session's key log goes to (``--record``), or None."""
        return self.options.record

    @property
    def idle_minutes(self) -> int:
        """Kiosk: minutes alone before a screen goes back to the title (and a game is put aside)."""
        return self.settings.idle_minutes

    @property
    def kiosk_chord(self) -> list[str]:
        """Kiosk: the operator's key chord."""
        return self.settings.kiosk_chord

    @property
    def kiosk_captures(self) -> bool:
        """Kiosk: F11 (GIF) and F12 (screenshot) allowed."""
        return self.settings.kiosk_captures


_DEFAULTS: list[Settings] = []


def _default_settings() -> Settings:
    """The built-in settings (made once, never changed: nothing writes into an Effective's)."""
    if not _DEFAULTS:
        from monopoly_cpc.settings import Settings

        _DEFAULTS.append(Settings())
    return _DEFAULTS[0]


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
