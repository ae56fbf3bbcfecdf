"""Reading YAML, in one place: libyaml's C loader where PyYAML has it, else the Python one.

Both are safe loaders (plain data only: no tags that build Python objects) and give the same
data; the C loader reads the sound bank in about a tenth of the time.  Errors are
``yaml.YAMLError`` either way (``yamlio.Error`` names it without importing PyYAML first).

PyYAML is imported on the first parse, not before: the packaged files the first frame needs
(the palette, the keyboard layout) are read through :func:`load_cached`, which keeps their
parsed form in the user's cache folder (``<cache>/monopoly-cpc/yaml/``), checked against the
text it was made from, so that a start whose cache is filled reads no YAML at all.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path
from typing import IO, Any

CACHE_FORMAT = b"monopoly-cpc parsed yaml 1\n"
_DIGEST = 32   # bytes of a SHA-256


def _yaml() -> Any:
    import yaml

    return yaml


def __getattr__(name: str) -> Any:
    if name == "LOADER":      # the loader used: libyaml's where PyYAML has it
        yaml = _yaml()
        return getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if name == "Error":       # what a broken document raises (yaml.YAMLError)
        return _yaml().YAMLError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load(stream: str | bytes | IO[str] | IO[bytes]) -> Any:
    """The data of one YAML document (``yaml.safe_load`` with the fastest safe loader)."""
    yaml = _yaml()
    return yaml.load(stream, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def cache_dir() -> Path:
    """Where the parsed forms are kept (the user's cache folder: deleting it is harmless)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("monopoly-cpc", appauthor=False)) / "yaml"


def cache_path(name: str) -> Path:
    """The cache file of the packaged file ``name`` for this Python (marshal's format is
    Python's own)."""
    return cache_dir() / f"{Path(name).name}.{sys.implementation.cache_tag}.bin"


def load_cached(text: str, name: str) -> Any:
    """``load(text)``, taken from the cache file of ``name`` when that file was made from this
    very text (its SHA-256) and is whole (the SHA-256 of its data); else parsed and the cache
    file written for the next start.  A cache that cannot be read or written only costs the
    parse: the data is the same either way."""
    source = hashlib.sha256(text.encode("utf-8")).digest()
    path = cache_path(name)
    data = _read_cache(path, source)
    if data is not None:
        return data
    data = load(text)
    _write_cache(path, source, data)
    return data


def _read_cache(path: Path, source: bytes) -> Any:
    """The data kept in ``path`` for the text whose digest is ``source``, or None."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head = len(CACHE_FORMAT)
    if raw[:head] != CACHE_FORMAT or raw[head:head + _DIGEST] != source:
        return None
    check, payload = raw[head + _DIGEST:head + 2 * _DIGEST], raw[head + 2 * _DIGEST:]
    if hashlib.sha256(payload).digest() != check:   # cut short or damaged: parse again
        return None
    try:
        return marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None


def _write_cache(path: Path, source: bytes, data: Any) -> None:
    """Keep ``data`` in ``path`` (temp file and rename); nothing if it cannot be."""
    if data is None:
        return
    try:
        payload = marshal.dumps(data)
    except ValueError:   # a type marshal does not keep (a YAML date): no cache, same data
        return
    from monopoly_cpc.errors import UserError
    from monopoly_cpc.safefile import replace_file

    try:
        replace_file(path, CACHE_FORMAT + source + hashlib.sha256(payload).digest() + payload,
                     "the YAML cache")
    except (OSError, UserError):
        pass
