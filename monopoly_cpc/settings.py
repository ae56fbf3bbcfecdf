"""Settings saved between runs, as YAML in the platform's config folder.

A value refused in a hand-edited file is reported in one line and replaced by its default,
the other values kept; a file that cannot be read at all is reported, set aside and replaced
by the defaults.  It never stops the game.
"""

from __future__ import annotations

import dataclasses
import functools
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import platformdirs

APP = "monopoly-cpc"
FORMAT = 1


@dataclass
class Settings:
    # Display
    fullscreen: bool = True
    scale: int | None = None
    crt: bool = False
    # Game
    lang: str = "fr"
    keymap: str = "positional"
    speed: int = 2
    ai_level: str = "normal"
    # Variants (see monopoly_cpc.rules.variants)
    auto_rent: bool = False
    trade_only_when_bank_empty: bool = False
    monopolic_loans: bool = False
    fast_variant: bool = False
    # Sound
    mute: bool = False
    volume: int = 7
    stereo: bool = False
    # Exhibitions
    attract_after: int = 60
    attract_playlist: str | None = None  # folder of replay files for the attract loop (docs/kiosk.md)
    kiosk_chord: list[str] = field(default_factory=lambda: ["CTRL", "SHIFT", "ESC"])
    idle_minutes: int = 5
    kiosk_captures: bool = False  # F11 (GIF) and F12 (screenshot) in kiosk mode (docs/kiosk.md)

    CHOICES: ClassVar[dict[str, tuple]] = {
        "lang": ("fr", "en"),
        "keymap": ("positional", "symbolic"),
        "speed": (1, 2, 3),
        "ai_level": ("facile", "normal", "expert"),
    }

    def validate(self) -> None:
        """ValueError naming the first setting whose value is refused (:func:`field_problem`)."""
        for f in dataclasses.fields(self):
            why = field_problem(f.name, getattr(self, f.name))
            if why is not None:
                raise ValueError(why)

    def to_data(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["format"] = FORMAT
        return data

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        """All or nothing (a replay's settings): ValueError/TypeError on the first problem."""
        s, problems = cls.from_data_kept(data)
        if problems:
            raise ValueError(problems[0])
        return s

    @classmethod
    def from_data_kept(cls, data: Any) -> tuple[Settings, list[str]]:
        """The settings of ``data`` with each refused value at its default, and one line per
        refused value (an unknown name, a value of the wrong type or outside its range).
        TypeError when ``data`` is no mapping, ValueError for a format this version does not read."""
        if not isinstance(data, dict):
            raise TypeError("the file does not hold a mapping of settings")
        data = dict(data)
        fmt = data.pop("format", FORMAT)
        if fmt != FORMAT or type(fmt) is not int:
            raise ValueError(f"format: this version reads format {FORMAT}, got {short(fmt)}")
        if len(data) > 2 * len(_FIELDS):   # hundreds of lines to say: not a settings file
            raise ValueError(f"{len(data)} entries, there are {len(_FIELDS)} settings")
        kept: dict[str, Any] = {}
        problems: list[str] = []
        refused: list[str] = []
        for name, value in data.items():
            why = field_problem(name, value)
            if why is None:
                kept[name] = value
            else:
                problems.append(why)
                refused.append(str(name))
        s = cls(**kept)
        setattr(s, "problems", tuple(problems))  # noqa: B010 - not a field: never saved
        setattr(s, "refused", tuple(refused))    # noqa: B010
        return s, problems


# Refused values, one line each, of the file these settings were read from (the options
# screen shows the first); not a field, so never saved.
Settings.problems = ()  # type: ignore[attr-defined]
Settings.refused = ()   # type: ignore[attr-defined]  # their names
_FIELDS = {f.name: f for f in dataclasses.fields(Settings)}

NAME_BYTES = 255        # the longest file name most file systems take (ext4, NTFS, APFS)
PATH_BYTES = 4096       # the longest path Linux takes (PATH_MAX)
MAX_DEPTH = 20          # lists in mappings: a settings file needs 2 levels
MAX_EVENTS = 2000       # YAML events of a settings file: about 60 (two each a setting)
CHORD_KEYS = 8          # far more keys than a chord can hold (the chord's own check says why)


def short(value: Any) -> str:
    """A value quoted for an error line: at most its first 60 characters (a huge value, a
    nested list, never a line longer than the screen)."""
    import reprlib

    r = reprlib.Repr()   # bounded work whatever the value (a list of a million, nested deep)
    r.maxlevel, r.maxlist, r.maxdict, r.maxstring, r.maxlong, r.maxother = 3, 6, 4, 64, 64, 64
    try:
        text = r.repr(value)
    except ValueError:   # an int of more than 4300 digits has no repr
        text = "a number too long to show"
    return text if len(text) <= 60 else text[:57] + "..."


def path_name_problem(value: Any) -> str | None:
    """Why ``value`` is no usable folder or file name, or None: not text, empty, a NUL or a
    line break, a name or a whole path longer than file systems take."""
    import os

    if not isinstance(value, str):
        return f"expected a folder name, got {short(value)}"
    if not value.strip():
        return "an empty name"
    if "\0" in value or "\n" in value or "\r" in value:
        return f"{short(value)} holds a control character"
    try:
        raw = os.fsencode(os.path.expanduser(value))
    except (UnicodeError, ValueError, RuntimeError):
        return f"{short(value)} cannot be a file name on this system"
    if len(raw) > PATH_BYTES:
        return f"a name of {len(raw)} bytes: at most {PATH_BYTES}"
    longest = max((len(part) for part in raw.split(os.fsencode(os.sep))), default=0)
    if longest > NAME_BYTES:
        return f"a folder or file name of {longest} bytes in {short(value)}: at most {NAME_BYTES}"
    return None


def field_problem(name: Any, value: Any) -> str | None:
    """Why the setting ``name`` cannot take ``value`` (one line naming the setting), or None."""
    if not isinstance(name, str) or name not in _FIELDS:
        return f"unknown setting {short(name)}"
    f = _FIELDS[name]
    default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[operator]
    if value is None:
        return None if default is None else f"{name}: no value"
    if name == "attract_playlist":
        why = path_name_problem(value)
        return None if why is None else f"attract_playlist: {why}"
    if name == "scale":
        if type(value) is not int or not 1 <= value <= 64:
            return f"scale: must be a whole number 1 to 64, got {short(value)}"
        return None
    if type(value) is not type(default):
        return f"{name}: expected {type(default).__name__}, got {short(value)}"
    if name in Settings.CHOICES and value not in Settings.CHOICES[name]:
        return f"{name}: must be one of {', '.join(map(str, Settings.CHOICES[name]))}, got {short(value)}"
    if name in ("attract_after", "idle_minutes") and not 1 <= value <= 1_000_000:
        return f"{name}: must be 1 to 1000000, got {short(value)}"
    if name == "volume" and not 0 <= value <= 10:
        return f"volume: must be 0..10, got {short(value)}"
    if name == "kiosk_chord" and (len(value) > CHORD_KEYS or not all(isinstance(k, str) and len(k) <= 20
                                                                      for k in value)):
        return f"kiosk_chord: expected a few CPC key names, got {short(value)}"
    return None


def setting_problems(data: Any) -> list[str]:
    """The refused values of a settings mapping (a replay's), one line each."""
    if not isinstance(data, dict):
        return ["expected a mapping"]
    return [why for name, value in data.items() if (why := field_problem(name, value)) is not None]


@functools.cache
def _loader() -> Any:
    """YAML without aliases: settings never need them, and ``&a [*b, *b, ...]`` nested a few
    times (the "billion laughs") makes a file of 1 KB cost gigabytes once walked.  Built on
    the first settings file read: a start without one imports no YAML."""
    import yaml

    class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
            if node in self.constructed_objects or node in self.recursive_objects:
                raise yaml.constructor.ConstructorError(None, None, "aliases (*name) are not read",
                                                        node.start_mark)
            return super().construct_object(node, deep)

    return _Loader


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.yaml"


def load(path: Path | None = None, warn: Callable[[str], object] | None = None) -> Settings:
    """Read the settings; a missing file gives the defaults.

    A refused value (an unknown name, ``volume: 11``) is said in one line naming it and
    replaced by its default; the others are kept and the file is left as it is.  A file that
    cannot be read as a whole (not YAML, aliases, not UTF-8, too big) is said in one line,
    set aside (``settings.yaml.broken``, then ``.broken.2``...) and the defaults are used.
    Only a regular file of at most SETTINGS_LIMIT bytes is read: a FIFO, a socket or a device
    at its place is refused without being opened for long.  Temp files left by an
    interrupted save are removed."""
    from monopoly_cpc.safefile import SETTINGS_LIMIT, FileRefused, read_text, remove_leftovers

    path = path or settings_path()
    warn = warn or (lambda msg: print(f"monopoly-cpc: {msg}", file=sys.stderr))
    remove_leftovers(path.parent)
    text: str | None
    try:
        text = read_text(path, SETTINGS_LIMIT)
    except FileNotFoundError:
        return Settings()
    except FileRefused as exc:
        if not str(exc).startswith("too big"):  # a FIFO, a device: nothing to set aside
            warn(f"settings file {path} is refused ({exc}); using the default settings")
            return Settings()
        text, why = None, str(exc)
    except UnicodeDecodeError:
        text, why = None, "not a text file in UTF-8"  # e.g. saved as UTF-16 by a text editor
    except OSError as exc:
        warn(f"cannot read {path}: {exc.strerror or exc}; using the default settings")
        return Settings()
    import yaml

    try:
        if text is None:
            raise ValueError(why)
        depth = 0
        for count, event in enumerate(yaml.parse(text, Loader=_loader())):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise RecursionError
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            if count > MAX_EVENTS:   # thousands of entries: not a settings file, and slow to build
                raise ValueError(f"more than {MAX_EVENTS} YAML entries")
        data = yaml.load(text, Loader=_loader())
        if data is None:          # empty, or comments only: the defaults, quietly
            return Settings()
        settings, problems = Settings.from_data_kept(data)
    except (yaml.YAMLError, ValueError, TypeError, RecursionError, MemoryError) as exc:
        warn(f"settings file {path} is broken ({why_broken(exc)}); using the default settings")
        from monopoly_cpc.safefile import set_aside

        try:
            set_aside(path)
        except OSError:
            pass
        return Settings()
    for problem in problems:
        warn(f"settings file {path}: {problem}; the default is used")
    return settings


def why_broken(exc: BaseException) -> str:
    """The first line of why a file could not be read, short: a file nested too deeply, a
    number Python refuses to read or a huge value quoted in the message stay one line."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, MemoryError):
        return "too big"
    text = str(exc)
    if "integer string conversion" in text:  # Python reads no number of more than 4300 digits
        return "a number is too long"
    if "maximum nesting depth" in text:  # libyaml's own limit
        return "nested too deeply"
    first = text.splitlines()[0] if text else exc.__class__.__name__
    return first if len(first) <= 120 else first[:117] + "..."


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings (temp file, then rename: only a regular file is ever replaced;
    UserError, an OSError, for a FIFO or a device at its place)."""
    import yaml

    from monopoly_cpc.safefile import replace_file

    path = path or settings_path()
    replace_file(path, yaml.safe_dump(settings.to_data(), sort_keys=True, allow_unicode=True),
                 "the settings file")
