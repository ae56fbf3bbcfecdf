"""Reading the keyboard's YAML files: one clear DataError, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from monopoly_cpc import yamlio
from monopoly_cpc.errors import DataError
from monopoly_cpc.paths import asset


def read_yaml(name: str, path: str | Path | None = None) -> tuple[Any, str]:
    """The parsed YAML of ``path``, or of the packaged asset ``name``; also the file's name.

    A missing or unreadable file, or broken YAML, raises :class:`DataError` naming the file.
    """
    cached = path is None   # a packaged file: its parsed form is kept (yamlio.load_cached)
    if path is None:
        source = f"assets/{name}"
        try:
            text = asset(name).read_text("utf-8")
        except UnicodeDecodeError:
            raise DataError(f"{source}: not a text file in UTF-8") from None
        except OSError as exc:
            raise DataError(f"{source}: cannot read the file ({exc.__class__.__name__})") from None
    else:
        source = str(path)
        try:
            text = Path(path).read_text("utf-8")
        except UnicodeDecodeError:
            raise DataError(f"{source}: not a text file in UTF-8") from None
        except OSError as exc:
            raise DataError(f"{source}: cannot read the file ({exc.__class__.__name__})") from None
    try:
        return (yamlio.load_cached(text, name) if cached else yamlio.load(text)), source
    except yamlio.Error as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise DataError(f"{source}: broken YAML{where}: {problem}") from None


def require_mapping(value: Any, source: str, entry: str) -> dict:
    """``value`` if it is a mapping, else a DataError naming the entry."""
    if not isinstance(value, dict):
        raise DataError(f"{source}: {entry}: expected a mapping, got {type(value).__name__}")
    return value


def require_int(value: Any, source: str, entry: str, lo: int, hi: int) -> int:
    """``value`` if it is an integer in lo..hi (bools are not integers here)."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DataError(f"{source}: {entry}: expected an integer {lo}..{hi}, got {value!r}")
    return value


def check_fields(item: dict, source: str, entry: str, required: tuple[str, ...],
                 optional: tuple[str, ...] = ()) -> None:
    """Every required field present and no unknown field (a typo would be silently ignored)."""
    missing = [f for f in required if f not in item]
    if missing:
        raise DataError(f"{source}: {entry}: missing field {missing[0]!r}")
    unknown = sorted(str(f) for f in item if f not in required and f not in optional)
    if unknown:
        raise DataError(f"{source}: {entry}: unknown field {unknown[0]!r}")
