"""Settings saved between runs, as YAML in the platform's config folder.

A broken or hand-edited settings file is reported in one line and replaced by the defaults;
it never stops the game.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import platformdirs
import yaml

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
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
            if default is not None and value is not None and type(value) is not type(default):
                raise ValueError(f"{f.name}: expected {type(default).__name__}, got {value!r}")
            if f.name in self.CHOICES and value not in self.CHOICES[f.name]:
                raise ValueError(f"{f.name}: must be one of {self.CHOICES[f.name]}, got {value!r}")
        for name in ("attract_after", "idle_minutes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name}: must be at least 1, got {getattr(self, name)!r}")
        if self.attract_playlist is not None and not isinstance(self.attract_playlist, str):
            raise ValueError(f"attract_playlist: expected a folder name, got {self.attract_playlist!r}")
        if not 0 <= self.volume <= 10:
            raise ValueError(f"volume: must be 0..10, got {self.volume!r}")
        if self.scale is not None and (type(self.scale) is not int or self.scale < 1):
            raise ValueError(f"scale: must be a positive whole number, got {self.scale!r}")

    def to_data(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["format"] = FORMAT
        return data

    @classmethod
    def from_data(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            raise TypeError("the file does not hold a mapping of settings")
        data = dict(data)
        fmt = data.pop("format", FORMAT)
        if fmt != FORMAT or type(fmt) is not int:
            raise ValueError(f"format: this version reads format {FORMAT}, got {fmt!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ValueError(f"unknown setting {unknown[0]!r}")
        s = cls(**data)
        s.validate()
        return s


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.yaml"


def load(path: Path | None = None, warn=None) -> Settings:
    """Read the settings; a missing file gives the defaults, a broken one is reported and replaced."""
    path = path or settings_path()
    warn = warn or (lambda msg: print(f"monopoly-cpc: {msg}", file=sys.stderr))
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except OSError as exc:
        warn(f"cannot read {path}: {exc.strerror}; using the default settings")
        return Settings()
    except UnicodeDecodeError:
        text = None      # not UTF-8 (e.g. saved as UTF-16 by a text editor): broken, below
    try:
        if text is None:
            raise ValueError("not a text file in UTF-8")
        data = yaml.safe_load(text)
        if data is None:          # empty, or comments only: the defaults, quietly
            return Settings()
        return Settings.from_data(data)
    except (yaml.YAMLError, ValueError, TypeError, RecursionError, MemoryError) as exc:
        warn(f"settings file {path} is broken ({why_broken(exc)}); using the default settings")
        try:
            path.replace(path.with_suffix(".yaml.broken"))
            save(Settings(), path)
        except OSError:
            pass
        return Settings()


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
    first = text.splitlines()[0] if text else exc.__class__.__name__
    return first if len(first) <= 120 else first[:117] + "..."


def save(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(yaml.safe_dump(settings.to_data(), sort_keys=True, allow_unicode=True), encoding="utf-8")
    tmp.replace(path)
