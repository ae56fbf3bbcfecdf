"""Which host key (SDL scancode) is which CPC key: ``assets/keyboard_host.yaml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import DataError
from monopoly_cpc.keyboard._data import check_fields, read_yaml, require_int, require_mapping

MAX_SCANCODE = 511  # SDL_NUM_SCANCODES - 1


@dataclass(frozen=True)
class HostMap:
    """Host scancodes to CPC matrix numbers.

    ``specials`` hold in both keymaps (keys that type no ordinary character), ``positional``
    only in the positional keymap, ``typed`` keys (the PC keypad's + - * /) type a character
    in both, and ``host_only`` keys never reach the CPC.
    """

    specials: dict[int, int]
    positional: dict[int, int]
    typed: dict[int, str]
    host_only: frozenset[int]
    labels: dict[int, str]  # scancode -> how the host key is called (docs)


def _table(top: dict, field: str, source: str, seen: dict[int, str],
           labels: dict[int, str], value: str | None) -> dict[int, Any]:
    """One list of host keys; ``value`` is the field each maps to ('cpc', 'char' or None)."""
    items = top[field]
    if not isinstance(items, list):
        raise DataError(f"{source}: {field}: expected a list")
    out: dict[int, Any] = {}
    for i, raw in enumerate(items):
        entry = f"{field}[{i}]"
        item = require_mapping(raw, source, entry)
        check_fields(item, source, entry, ("scancode", "host") + ((value,) if value else ()))
        code = require_int(item["scancode"], source, f"{entry}: scancode", 0, MAX_SCANCODE)
        entry = f"{field} scancode {code}"
        if code in seen:
            raise DataError(f"{source}: {entry}: scancode already listed in {seen[code]}")
        if not isinstance(item["host"], str) or not item["host"]:
            raise DataError(f"{source}: {entry}: host must be a non-empty string")
        seen[code] = field
        labels[code] = item["host"]
        if value == "cpc":
            out[code] = require_int(item["cpc"], source, f"{entry}: cpc", 0, 79)
        elif value == "char":
            char = item["char"]
            if not isinstance(char, str) or len(char) != 1:
                raise DataError(f"{source}: {entry}: char must be one character, got {char!r}")
            out[code] = char
        else:
            out[code] = None
    return out


def parse_host_map(data: Any, source: str) -> HostMap:
    """Validate a parsed host-key YAML and build the map; DataError on any problem."""
    top = require_mapping(data, source, "top level")
    check_fields(top, source, "top level", ("specials", "positional", "typed", "host_only"))
    seen: dict[int, str] = {}
    labels: dict[int, str] = {}
    specials = _table(top, "specials", source, seen, labels, "cpc")
    positional = _table(top, "positional", source, seen, labels, "cpc")
    typed = _table(top, "typed", source, seen, labels, "char")
    host_only = _table(top, "host_only", source, seen, labels, None)
    return HostMap(specials, positional, typed, frozenset(host_only), labels)


def load_host_map_file(path: str | Path) -> HostMap:
    """Load and validate a host-key YAML file from ``path``."""
    data, source = read_yaml(Path(path).name, path)
    return parse_host_map(data, source)


@cache
def load_host_map() -> HostMap:
    """The packaged host-key map, validated, loaded once."""
    data, source = read_yaml("keyboard_host.yaml")
    return parse_host_map(data, source)
