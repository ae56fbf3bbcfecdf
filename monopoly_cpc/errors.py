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
