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
        import os
        import stat

        path = log_dir() / "crash.log"
        # appended in place: O_NONBLOCK and a check of the open file, so a FIFO or a device
        # put at its name neither hangs the program nor gets the log
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return Path("(crash.log is not a regular file)")
            f.write(f"--- {_dt.datetime.now().isoformat(timespec='seconds')}\n{text}\n")
        return path
    except OSError:
        return Path("(log folder not writable)")
