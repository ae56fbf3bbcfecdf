"""Errors that reach the player as one clear line (never a traceback)."""

from __future__ import annotations

import os


class UserError(Exception):
    """Something the user can fix: a bad file, a bad option value, no display.

    The command line prints ``monopoly-cpc: <message>`` and exits with ``exit_code``.
    """

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class DataError(UserError):
    """A data file (YAML, save, replay) is missing, broken or inconsistent.

    The message names the file, the entry and what is wrong.
    """


def path_problem(path: str | os.PathLike[str], exc: OSError) -> str:
    """Why ``path`` cannot be written, in plain words: a file standing where a folder is
    needed is named (``x.txt is a file, not a folder``) instead of the system's bare
    "File exists" or "Not a directory"."""
    from pathlib import Path

    p = Path(path)
    for part in (p, *p.parents):
        if part.exists():
            if not part.is_dir() and part != p:
                return f"{part} is a file, not a folder"
            break
    return exc.strerror or str(exc)


QUOTED_CHARS = 40   # a value quoted in an error line: its first 40 characters, then "…"
NAME_BYTES = 255    # the longest file or folder name most file systems take (ext4, NTFS, APFS)
PATH_BYTES = 4096   # the longest path Linux takes (PATH_MAX)


def quoted(value: object) -> str:
    """``value`` quoted for an error line, shortened to its first 40 characters and "…": a
    value of 100,000 characters never fills the terminal."""
    text = value if isinstance(value, str) else str(value)
    return repr(text) if len(text) <= QUOTED_CHARS else repr(text[:QUOTED_CHARS] + "…")


def shorten_words(message: str) -> str:
    """``message`` with every quoted value or bare word longer than 40 characters cut to its
    first 40 and "…" (argparse's own messages quote a bad value whole)."""
    import re

    def cut_quoted(m: re.Match) -> str:
        q, body = m.group(1), m.group(2)
        return f"{q}{body[:QUOTED_CHARS]}…{q}"

    message = re.sub(r"(['\"])((?:(?!\1).){%d,})\1" % (QUOTED_CHARS + 2), cut_quoted, message)
    return re.sub(r"\S{%d,}" % (QUOTED_CHARS + 30), lambda m: m.group(0)[:QUOTED_CHARS] + "…", message)


def name_problem(name: str | os.PathLike[str]) -> str | None:
    """Why ``name`` cannot be a file name a file system takes (a part over 255 bytes, a whole
    path over 4096), in words that quote it shortened; None if it can."""
    try:
        raw = os.fsencode(os.path.expanduser(os.fspath(name)))
    except (UnicodeError, ValueError, TypeError):
        return f"{quoted(name)} cannot be a file name on this system; choose another name"
    if len(raw) > PATH_BYTES:
        return (f"a name of {len(raw)} bytes ({quoted(os.fspath(name))}): at most {PATH_BYTES}; "
                "choose a shorter name")
    longest = max(raw.split(os.fsencode(os.sep)), key=len, default=b"")
    if len(longest) > NAME_BYTES:
        part = os.fsdecode(longest)
        return (f"a file or folder name of {len(longest)} bytes ({quoted(part)}): at most "
                f"{NAME_BYTES}; choose a shorter name")
    return None
