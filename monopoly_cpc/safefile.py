"""Files read and written safely: only regular files, bounded reads, writes beside then rename.

Every file the program writes (autosave, settings, replays, screenshots, GIFs, exports, WAV
files) goes through :func:`replace_file` or :func:`writing`: the data is written to a hidden
temp file in the target's folder, flushed, and renamed over the target.  A rename replaces
whatever stands at the name, so the target is checked first (and again just before the
rename): anything that is not a regular file — a folder, a FIFO, a socket, a device such as
``/dev/null``, also through a symlink — is refused in one line before anything is written.

Every file the program reads from the user's folders (save, settings, replays, playlist
entries) goes through :func:`read_regular`: the path is checked with ``stat`` before it is
opened, opened with ``O_NONBLOCK`` (a FIFO swapped in between cannot hang the open), checked
again with ``fstat`` on the open file, and read up to a bound (``/dev/zero`` cannot fill the
memory; an oversized file is refused).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import UserError

SAVE_LIMIT = 1 << 20       # a saved game is a few KB
SETTINGS_LIMIT = 1 << 20   # settings.yaml is a few hundred bytes
# A replay of a week of play (replay.MAX_TICKS) with a key every second and one hash a second
# is about 25 MB; 64 MB leaves room for busy players and stays far from the memory's size.
REPLAY_LIMIT = 64 << 20
_UMASK = os.umask(0o022)
os.umask(_UMASK)           # read once, at import (changing it later is not thread-safe)
TMP_MARK = ".tmp"          # every temp file's name holds it (leftovers are found by it)


class FileRefused(OSError):
    """A file that is not read: not a regular file, or larger than the bound.

    ``str()`` is the reason in plain words (``a FIFO, not a regular file``)."""

    def __init__(self, why: str) -> None:
        super().__init__(errno.EINVAL, why)
        self.why = why

    def __str__(self) -> str:
        return self.why


def kind_name(mode: int) -> str:
    """What a file of ``mode`` is, in plain words ("a FIFO", "a character device")."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISREG(mode):
        return "a regular file"
    return "a special file"


def target_problem(path: str | os.PathLike) -> str | None:
    """Why ``path`` must not be replaced by a written file ("it is a FIFO, not a regular
    file"), or None: nothing stands there, or a regular file (followed through symlinks).

    Never writes anything: safe to call on ``/dev/null``."""
    try:
        st = os.stat(path)
    except OSError:
        return None  # nothing there (or no way to know): the write itself says what fails
    if stat.S_ISREG(st.st_mode):
        return None
    return f"it is {kind_name(st.st_mode)}, not a regular file"


def check_target(path: str | os.PathLike, what: str) -> Path:
    """UserError ``cannot write WHAT PATH: it is a FIFO, not a regular file`` unless ``path``
    is a regular file or nothing."""
    why = target_problem(path)
    if why is not None:
        raise UserError(f"cannot write {what} {path}: {why}")
    return Path(path)


def temp_name(path: Path) -> Path:
    """A fresh hidden temp file beside ``path``, created empty (``.NAME.XXXX.tmpSUFFIX``): its
    ending stays the target's, for writers that choose the format by the name (PNG, WAV)."""
    fd, name = tempfile.mkstemp(prefix=f".{_shortened(path.name, 200)}.",
                                suffix=TMP_MARK + _shortened(path.suffix, 16), dir=path.parent)
    try:   # mkstemp makes it private (0600): the file gets the mode a plain open would give
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o666 & ~_UMASK)
    except OSError:
        pass
    finally:
        os.close(fd)
    return Path(name)


def _shortened(name: str, limit: int) -> str:
    """``name`` cut to at most ``limit`` bytes (whole characters): a temp file's name adds
    about 20 bytes to its target's, which may already be near the 255 a file system takes."""
    raw = os.fsencode(name)
    if len(raw) <= limit:
        return name
    return raw[:limit].decode("utf-8", "ignore") if sys.getfilesystemencoding() == "utf-8" \
        else name[:limit // 4]


@contextlib.contextmanager
def writing(path: str | os.PathLike, what: str = "the file", sync: bool = True) -> Iterator[Path]:
    """Yield a temp path beside ``path`` to write; once the block ends without error it is
    flushed to the disc and renamed over ``path``.  A target that is not a regular file is
    refused (UserError) before anything is written, and checked again before the rename; an
    error leaves the target as it was and no temp file.  ``sync=False`` skips the flush to
    the disc (the frames of an export: thousands of small files)."""
    path = Path(path)
    check_target(path, what)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name(path)
    try:
        yield tmp
        if sync:   # on the disc before the rename: a power cut leaves the old file or the new
            with open(tmp, "rb+") as f:
                try:
                    os.fsync(f.fileno())
                except OSError as exc:   # a late write error (a full disc, a lost device)
                    if exc.errno not in (errno.EINVAL, errno.ENOTSUP):   # no fsync here
                        raise
        if os.stat(tmp).st_size == 0:   # a writer that swallowed its failure wrote nothing
            raise OSError(errno.EIO, "nothing was written (is the disc full?)", str(path))
        check_target(path, what)   # something may have been put there meanwhile
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def replace_file(path: str | os.PathLike, data: str | bytes, what: str = "the file") -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` through a temp file and a rename."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with writing(path, what) as tmp:
        with open(tmp, "wb") as f:   # a full disc raises here (write or close), never silently
            f.write(raw)
        if os.stat(tmp).st_size != len(raw):
            raise OSError(errno.EIO, f"{os.stat(tmp).st_size} of {len(raw)} bytes written", str(path))
    return Path(path)


def write_problem(path: str | os.PathLike, exc: OSError, what: str) -> str:
    """One line for a write of ``what`` to ``path`` that failed: the target named (never the
    temp file), the system's reason and what to do."""
    why = exc.strerror or str(exc)
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"cannot write {what} {path}: the disc is full; free some space or choose another folder"
    if exc.errno == errno.ENAMETOOLONG:
        from monopoly_cpc.errors import quoted

        return f"cannot write {what} {quoted(os.fspath(path))}: the name is too long; choose a shorter name"
    return f"cannot write {what} {path}: {why}; the file was left as it was"


def read_regular(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (symlinks followed), at most ``limit``.

    FileRefused for a folder, FIFO, socket or device, or a file larger than ``limit``;
    FileNotFoundError and the other OSErrors as ``open`` raises them."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"{kind_name(st.st_mode)}, not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)   # the file opened may not be the one checked
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{kind_name(st.st_mode)}, not a regular file")
        if st.st_size > limit:
            raise FileRefused(f"too big: {st.st_size} bytes, at most {limit} are read")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(f"too big: more than {limit} bytes")
    return data


def read_text(path: str | os.PathLike, limit: int) -> str:
    """:func:`read_regular` decoded as UTF-8 (UnicodeDecodeError if it is not)."""
    return read_regular(path, limit).decode("utf-8")


def broken_name(path: Path) -> Path:
    """The first free name to set ``path`` aside: ``NAME.broken``, then ``NAME.broken.2``...
    so a second broken file never overwrites the first one's copy."""
    path = Path(path)
    candidate = path.with_name(path.name + ".broken")
    n = 1
    while os.path.lexists(candidate):
        n += 1
        candidate = path.with_name(f"{path.name}.broken.{n}")
    return candidate


def set_aside(path: Path) -> Path:
    """Rename ``path`` to :func:`broken_name`; OSError if it cannot be (a read-only medium)."""
    target = broken_name(path)
    os.rename(path, target)
    return target


def remove_leftovers(folder: str | os.PathLike) -> list[Path]:
    """Delete the temp files an interrupted write left in ``folder`` (regular files whose
    name ends in ``.tmp`` or holds ``.tmp.`` as this module names them); the paths removed."""
    gone: list[Path] = []
    try:
        entries = list(os.scandir(os.fspath(folder)))
    except OSError:
        return gone
    for e in entries:
        name = str(e.name)
        if not (name.endswith(TMP_MARK) or (name.startswith(".") and TMP_MARK + "." in name)):
            continue
        try:
            if e.is_file(follow_symlinks=False):
                os.unlink(e.path)
                gone.append(Path(e.path))
        except OSError:
            pass
    return gone


def write_png(surface: Any, path: Path, what: str = "the screenshot") -> Path:
    """A pygame surface written as the PNG file ``path`` by :func:`replace_file`: encoded in
    memory first (``pygame.image.save`` does not report a failed write to a file), then
    written, checked and renamed over ``path``.  A full disc or a read-only folder is one line
    (UserError) and leaves the previous file as it was."""
    import io

    import pygame

    buf = io.BytesIO()
    try:
        pygame.image.save(surface, buf, "png")
    except pygame.error as exc:
        raise UserError(f"cannot write {what} {path}: {exc}") from None
    try:
        return replace_file(path, buf.getvalue(), what)
    except UserError:
        raise
    except OSError as exc:
        raise UserError(write_problem(path, exc, what)) from None
