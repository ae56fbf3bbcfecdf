"""Output locations checked before the work starts: a replay file, a video, a folder of frames.

Rendering a long replay or recording a whole session and only then finding that the file
cannot be written loses the work: the folder is created (as the writer would) and a probe
file is written and removed in it first, and a problem is one clear line (UserError).
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

from monopoly_cpc.errors import UserError, path_problem


def _why(target: Path, exc: OSError) -> str:
    """Why nothing can be written at ``target``, in plain words."""
    why = path_problem(target, exc)
    if why != (exc.strerror or str(exc)):
        return why  # a file where a folder should be
    for part in target.parents:
        if part.is_dir():
            if isinstance(exc, FileNotFoundError):
                # the nearest existing folder refuses to hold anything new (/proc, a lost mount)
                return f"the folder {part} does not accept new files or folders"
            return f"{why} in {part}"
    return why


def _probe(folder: Path, target: Path, what: str, shown: object) -> None:
    """Create ``folder`` and write and remove a probe file in it; UserError if that fails."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".monopoly-cpc-", suffix=".probe")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UserError(f"cannot write {what} {shown}: {_why(target, exc)}") from None


def writable_folder(folder: str | os.PathLike, what: str) -> Path:
    """Create ``folder`` (and its parents) and prove a file can be written in it."""
    from monopoly_cpc.safefile import kind_name

    path = Path(folder)
    if path.exists() and not path.is_dir():
        mode = path.stat().st_mode
        kind = "a file" if stat.S_ISREG(mode) else kind_name(mode)
        raise UserError(f"cannot write {what} {folder}: {path} is {kind}, not a folder")
    _probe(path, path / "x", what, folder)
    return path


def writable_file(file: str | os.PathLike, what: str) -> Path:
    """Check that the file ``file`` can be written (its folder created); nothing is left in it."""
    from monopoly_cpc.safefile import check_target

    path = Path(file)
    if path.is_dir():
        raise UserError(f"cannot write {what} {file}: it is a folder")
    check_target(path, what)   # a FIFO, a socket, a device: never replaced by the rename
    if path.exists() and not os.access(path, os.W_OK):
        raise UserError(f"cannot write {what} {file}: the file is read-only")
    _probe(path.parent, path, what, file)
    return path


# A capture being written is younger than this: what is older was left by a program killed
# while it wrote (a GIF takes seconds).
STALE_CAPTURE_S = 600
_CAPTURE_TEMP = re.compile(r"^\.monopoly-cpc-\d{4}(-x\d+)?\.(png|gif)\..*\.tmp\.(png|gif)$")
_RESERVED_GIF = re.compile(r"^monopoly-cpc-\d{4}\.gif$")


def remove_stale_captures(folder: str | os.PathLike, now: float | None = None) -> list[Path]:
    """Delete what a capture killed while writing left in ``folder``: its hidden temp files
    (``.monopoly-cpc-0001.gif.XXXX.tmp.gif``) and the empty ``monopoly-cpc-NNNN.gif`` an F11
    press reserved, when older than STALE_CAPTURE_S; the paths removed.  Links, folders and
    anything else are left alone."""
    now = time.time() if now is None else now
    gone: list[Path] = []
    try:
        entries = list(os.scandir(os.fspath(folder)))
    except OSError:
        return gone
    for entry in entries:
        temp = _CAPTURE_TEMP.match(entry.name) is not None
        if not temp and _RESERVED_GIF.match(entry.name) is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if (stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_CAPTURE_S
                    and (temp or st.st_size == 0)):
                os.unlink(entry.path)
                gone.append(Path(entry.path))
        except OSError:
            continue
    return gone
