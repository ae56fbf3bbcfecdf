"""Log files live in the platform's log folder; the player never sees a traceback."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import platformdirs

APP = "monopoly-cpc"
# crash.log past this size becomes crash.log.1 (the one before is dropped): a kiosk that
# fails all night keeps at most twice this on its disc
CRASH_LOG_LIMIT = 1 << 20


def log_dir() -> Path:
    path = Path(platformdirs.user_log_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_crash(text: str) -> Path:
    """Append a traceback to ``crash.log`` and return the file's path; a log past
    CRASH_LOG_LIMIT is renamed ``crash.log.1`` first."""
    try:
        import os
        import stat

        path = log_dir() / "crash.log"
        try:
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode) and st.st_size > CRASH_LOG_LIMIT:
                os.replace(path, path.with_name("crash.log.1"))
        except FileNotFoundError:
            pass
        # appended in place: O_NONBLOCK, O_NOFOLLOW and a check of the open file, so a FIFO,
        # a device or a link put at its name neither hangs the program nor gets the log
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT
                 | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        fd = os.open(path, flags, 0o644)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return Path("(crash.log is not a regular file)")
            f.write(f"--- {_dt.datetime.now().isoformat(timespec='seconds')}\n{text}\n")
        return path
    except OSError:
        return Path("(log folder not writable)")
