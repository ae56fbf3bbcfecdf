"""The CPC keyboard as data: the 80-key matrix, each key's legends and place.

``load_layout("fr")`` reads ``assets/keyboard_fr.yaml`` (the CPC 6128 French AZERTY keyboard),
``load_layout("en")`` the English QWERTY one. Both files are validated on load.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import DataError
from monopoly_cpc.keyboard._data import check_fields, read_yaml, require_int, require_mapping
from monopoly_cpc.keyboard.events import CpcKeyEvent

LAYOUTS = ("fr", "en")
MATRIX_KEYS = 80  # 10 lines of 8 bits
# Every name the contract promises to the screens must exist in every layout.
REQUIRED_NAMES = (
    tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))
    + tuple(str(d) for d in range(10))
    + tuple(f"F{d}" for d in range(10))
    + ("F.", "SPACE", "ENTER", "RETURN", "ESC", "DEL", "CLR", "COPY", "TAB", "CAPS", "SHIFT",
       "CTRL", "UP", "DOWN", "LEFT", "RIGHT")
)
_KEY_FIELDS = ("number", "line", "bit", "name", "label", "plain", "shift", "ctrl", "row", "col")


@dataclass(frozen=True)
class RepeatTiming:
    """The firmware's key repeat, in 50 Hz ticks."""

    delay: int  # ticks a key is held before its first repeat
    period: int  # ticks between later repeats


@dataclass(frozen=True)
class CpcKey:
    """One key of the matrix with its legends on one CPC keyboard."""

    number: int
    line: int
    bit: int
    name: str
    label: str
    plain: str | None
    shift: str | None
    ctrl: str | None
    places: tuple[tuple[int, int], ...]  # (row, col) on the keyboard; empty for joystick lines
    repeats: bool = True

    def char_for(self, shift: bool = False, ctrl: bool = False) -> str | None:
        """What the key types: the CTRL table wins over the SHIFT table, as in the firmware."""
        if ctrl:
            return self.ctrl
        return self.shift if shift else self.plain

    @property
    def on_keypad(self) -> bool:
        """True for the keys of the right-hand block (f0-f9, f., the cursor keys)."""
        return any(col >= 16 for _, col in self.places)


class CpcLayout:
    """One CPC keyboard: the 80 keys by number and by name, and who types what."""

    def __init__(self, name: str, title: str, repeat: RepeatTiming, keys: tuple[CpcKey, ...]):
        self.name = name
        self.title = title
        self.repeat = repeat
        self.keys = keys  # index = matrix number
        self._by_name = {k.name: k for k in keys}
        self._producers = self._build_producers(keys)

    @staticmethod
    def _build_producers(keys: tuple[CpcKey, ...]) -> dict[str, tuple[CpcKey, bool]]:
        # For each character, the key (and SHIFT) that types it; ties go to the main block
        # over the keypad, then to no SHIFT, then to the lower key number (deterministic).
        best: dict[str, tuple[tuple[int, int, int], CpcKey, bool]] = {}
        for key in keys:
            if not key.places:
                continue  # joystick lines are not keys a typist reaches
            for shift, ch in ((False, key.plain), (True, key.shift)):
                if ch is None or len(ch) != 1:
                    continue
                # The small ENTER types '\r' like RETURN but is the keypad's key.
                keypad = key.on_keypad or key.name == "ENTER"
                rank = (int(keypad), int(shift), key.number)
                if ch not in best or rank < best[ch][0]:
                    best[ch] = (rank, key, shift)
        return {ch: (key, shift) for ch, (_, key, shift) in best.items()}

    def key(self, number: int) -> CpcKey:
        """The key with this matrix number (0..79)."""
        return self.keys[number]

    def named(self, name: str) -> CpcKey:
        """The key with this name ('A', '1', 'ENTER', 'K17'...); KeyError if there is none."""
        return self._by_name[name]

    def producer(self, char: str) -> tuple[CpcKey, bool] | None:
        """The key and whether SHIFT is needed to type ``char``, or None if no key types it."""
        return self._producers.get(char)

    def event(self, number: int, shift: bool = False, ctrl: bool = False,
              repeat: bool = False) -> CpcKeyEvent:
        """The CpcKeyEvent of pressing key ``number`` with these modifiers."""
        k = self.keys[number]
        return CpcKeyEvent(key=k.name, number=k.number, char=k.char_for(shift, ctrl),
                           shift=shift, ctrl=ctrl, repeat=repeat)


def _legend(value: Any, source: str, entry: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise DataError(f"{source}: {entry}: expected a non-empty string or null, got {value!r}")
    return value


def _places(item: dict, source: str, entry: str) -> tuple[tuple[int, int], ...]:
    row, col = item["row"], item["col"]
    if row is None and col is None:
        if "also" in item:
            raise DataError(f"{source}: {entry}: 'also' given for a key with no place")
        return ()
    places = [(require_int(row, source, f"{entry}: row", 0, 4),
               require_int(col, source, f"{entry}: col", 0, 18))]
    also = item.get("also", [])
    if not isinstance(also, list):
        raise DataError(f"{source}: {entry}: 'also' must be a list of [row, col]")
    for extra in also:
        if not isinstance(extra, list) or len(extra) != 2:
            raise DataError(f"{source}: {entry}: 'also' must be a list of [row, col]")
        places.append((require_int(extra[0], source, f"{entry}: also row", 0, 4),
                       require_int(extra[1], source, f"{entry}: also col", 0, 18)))
    return tuple(places)


def parse_layout(data: Any, source: str, expected: str | None = None) -> CpcLayout:
    """Validate a parsed keyboard YAML and build the layout; DataError on any problem."""
    top = require_mapping(data, source, "top level")
    check_fields(top, source, "top level", ("layout", "title", "repeat", "keys"))
    name = top["layout"]
    if name not in LAYOUTS or (expected is not None and name != expected):
        want = expected if expected is not None else " or ".join(LAYOUTS)
        raise DataError(f"{source}: layout: expected {want!r}, got {name!r}")
    if not isinstance(top["title"], str):
        raise DataError(f"{source}: title: expected a string")
    rep = require_mapping(top["repeat"], source, "repeat")
    check_fields(rep, source, "repeat", ("delay", "period"))
    repeat = RepeatTiming(require_int(rep["delay"], source, "repeat: delay", 1, 255),
                          require_int(rep["period"], source, "repeat: period", 1, 255))
    items = top["keys"]
    if not isinstance(items, list) or len(items) != MATRIX_KEYS:
        count = len(items) if isinstance(items, list) else type(items).__name__
        raise DataError(f"{source}: keys: expected a list of {MATRIX_KEYS} keys, got {count}")
    by_number: dict[int, CpcKey] = {}
    names: dict[str, int] = {}
    places: dict[tuple[int, int], int] = {}
    for i, raw in enumerate(items):
        entry = f"keys[{i}]"
        item = require_mapping(raw, source, entry)
        if "number" in item:
            entry = f"key {item['number']!r}"
        check_fields(item, source, entry, _KEY_FIELDS, ("also", "repeats"))
        number = require_int(item["number"], source, entry, 0, MATRIX_KEYS - 1)
        line = require_int(item["line"], source, f"{entry}: line", 0, 9)
        bit = require_int(item["bit"], source, f"{entry}: bit", 0, 7)
        if number != line * 8 + bit:
            raise DataError(f"{source}: {entry}: number is not line * 8 + bit ({line} * 8 + {bit})")
        if number in by_number:
            raise DataError(f"{source}: {entry}: key number given twice")
        key_name = item["name"]
        if not isinstance(key_name, str) or not key_name:
            raise DataError(f"{source}: {entry}: name must be a non-empty string")
        entry = f"key {number} ({key_name})"
        if key_name in names:
            raise DataError(f"{source}: {entry}: name already used by key {names[key_name]}")
        if not isinstance(item["label"], str):
            raise DataError(f"{source}: {entry}: label must be a string")
        repeats = item.get("repeats", True)
        if not isinstance(repeats, bool):
            raise DataError(f"{source}: {entry}: repeats must be true or false")
        key_places = _places(item, source, entry)
        for place in key_places:
            if place in places:
                raise DataError(f"{source}: {entry}: place {list(place)} already used by key "
                                f"{places[place]}")
            places[place] = number
        names[key_name] = number
        by_number[number] = CpcKey(
            number=number, line=line, bit=bit, name=key_name, label=item["label"],
            plain=_legend(item["plain"], source, f"{entry}: plain"),
            shift=_legend(item["shift"], source, f"{entry}: shift"),
            ctrl=_legend(item["ctrl"], source, f"{entry}: ctrl"),
            places=key_places, repeats=repeats)
    for required in REQUIRED_NAMES:
        if required not in names:
            raise DataError(f"{source}: keys: no key is named {required!r}")
    keys = tuple(by_number[n] for n in range(MATRIX_KEYS))
    return CpcLayout(name, top["title"], repeat, keys)


def load_layout_file(path: str | Path, expected: str | None = None) -> CpcLayout:
    """Load and validate a keyboard YAML file from ``path`` (tests, custom layouts)."""
    data, source = read_yaml(Path(path).name, path)
    return parse_layout(data, source, expected)


@cache
def load_layout(name: str = "fr") -> CpcLayout:
    """The packaged CPC keyboard ``name`` ('fr' or 'en'), validated, loaded once."""
    if name not in LAYOUTS:
        raise DataError(f"unknown CPC keyboard layout {name!r} (expected 'fr' or 'en')")
    data, source = read_yaml(f"keyboard_{name}.yaml")
    return parse_layout(data, source, name)
