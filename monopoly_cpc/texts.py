"""The text catalogues: every line the player reads comes from here.

``load_texts(lang)`` merges every ``monopoly_cpc/assets/texts/*_<lang>.yaml`` (each room keeps
its own file; a key defined in two files is an error).  A file holds a mapping; nested mappings
are flattened with dots (``deed: {price: ...}`` gives the key ``deed.price``).  Lines are
``str.format`` templates: ``texts.get("buy.ask", name="Rue Lecourbe", price=texts.money(6000))``.
Money is written French style: ``texts.money(150000)`` gives ``150.000 F``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from monopoly_cpc.errors import DataError

TEXTS_DIR = Path(__file__).parent / "assets" / "texts"
LANGS = ("fr", "en")


class MissingText(DataError, KeyError):
    """A key the code asks for is in no catalogue file of the language."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0] if self.args else "missing text"


def money(amount: int) -> str:
    """``150000`` -> ``150.000 F`` (thousands separated by dots, as on French boards)."""
    sign = "-" if amount < 0 else ""
    digits = str(abs(int(amount)))
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return f"{sign}{'.'.join(groups)} F"


def _flatten(data: Any, prefix: str, out: dict[str, str], source: Path) -> None:
    if not isinstance(data, dict):
        raise DataError(f"{source.name}: {prefix or 'the file'} must be a mapping of texts")
    for key, value in data.items():
        if not isinstance(key, str):  # YAML reads yes/no/on/off unquoted as booleans
            raise DataError(f"{source.name}: key {key!r} under {prefix or 'the top'} must be a "
                            f"string (quote it)")
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, name + ".", out, source)
        elif isinstance(value, (str, int)):
            out[name] = str(value)
        else:
            raise DataError(f"{source.name}: text {name!r} must be a string, got {type(value).__name__}")


class Texts:
    """One language's merged catalogue."""

    def __init__(self, lang: str, entries: dict[str, str], origin: dict[str, str]) -> None:
        self.lang = lang
        self._entries = entries
        self._origin = origin  # key -> file name, for error messages

    def __getitem__(self, key: str) -> str:
        try:
            return self._entries[key]
        except KeyError:
            raise MissingText(f"text {key!r} is missing from the {self.lang!r} catalogue "
                              f"(monopoly_cpc/assets/texts/*_{self.lang}.yaml)") from None

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def keys(self) -> list[str]:
        """All keys, sorted (for tests that compare catalogues)."""
        return sorted(self._entries)

    def get(self, key: str, **fields: Any) -> str:
        """The line ``key`` with its ``{fields}`` filled in."""
        template = self[key]
        try:
            return template.format(**fields)
        except (KeyError, IndexError) as exc:
            raise MissingText(f"text {key!r} ({self._origin.get(key)}) needs the field {exc}") from None

    @staticmethod
    def money(amount: int) -> str:
        return money(amount)


def load_texts(lang: str = "fr", folder: Path | None = None) -> Texts:
    """Merge every ``*_<lang>.yaml`` of the texts folder into one :class:`Texts`."""
    if folder is None:
        return _cached(lang)
    return _load(lang, folder)


@lru_cache(maxsize=4)
def _cached(lang: str) -> Texts:
    return _load(lang, TEXTS_DIR)


def _load(lang: str, folder: Path) -> Texts:
    if lang not in LANGS:
        raise DataError(f"unknown language {lang!r} (choose one of: {', '.join(LANGS)})")
    files = sorted(folder.glob(f"*_{lang}.yaml"))
    if not files:
        raise DataError(f"no text catalogue for {lang!r} in {folder}")
    entries: dict[str, str] = {}
    origin: dict[str, str] = {}
    for path in files:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            first = str(exc).splitlines()[0] if str(exc) else "bad YAML"
            raise DataError(f"{path.name}: broken YAML ({first})") from None
        flat: dict[str, str] = {}
        _flatten(data, "", flat, path)
        for key, value in flat.items():
            if key in entries:
                raise DataError(f"text {key!r} is defined twice: in {origin[key]} and {path.name}")
            entries[key] = value
            origin[key] = path.name
    return Texts(lang, entries, origin)
