"""Log files live in the platform's log folder; the player never sees a traceback."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import platformdirs

APP = "monopoly-cpc"


def log_dir() -> Path:
    path = Path(platformdirs.user_log_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_crash(text: str) -> Path:
    """Append a traceback to ``crash.log`` and return the file's path."""
    try:
        path = log_dir() / "crash.log"
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {_dt.datetime.now().isoformat(timespec='seconds')}\n{text}\n")
        return path
    except OSError:
        return Path("(log folder not writable)")
