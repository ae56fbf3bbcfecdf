"""Files kept between runs in the user's data folder: the autosaved game and the replays.

Every write is atomic (a temp file in the same folder, flushed, then ``os.replace``), so a
power cut leaves either the old file or the new one, never half a file.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

from monopoly_cpc.demo.playable import bots_data, state_problem
from monopoly_cpc.safefile import (
    SAVE_LIMIT,
    FileRefused,
    kind_name,
    read_text,
    remove_leftovers,
    replace_file,
    set_aside,
)
from monopoly_cpc.settings import why_broken

APP = "monopoly-cpc"
SAVE_FORMAT = "monopoly-cpc-save"
SAVE_VERSION = 1
KEEP_REPLAYS = 100  # older game replays are deleted so a kiosk never fills its disc
LOCK_NAME = "monopoly-cpc.lock"
_HELD: dict[str, int] = {}  # lock files this process holds (open until it exits)
Warn = Callable[[str], None]   # where a line for the player goes (stderr, the title)


def save_doc(state_data: dict[str, Any], seed: int, bots: dict[str, Any] | None = None) -> dict[str, Any]:
    """The saved-game document (autosave file, kiosk suspension): format, version, session
    seed, engine state and, when known, the game's computer players."""
    doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "seed": seed, "state": state_data}
    if bots is not None:
        doc["bots"] = dict(bots)
    return doc


def atomic_write(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` through a temp file and a rename (``safefile``): only a
    regular file (or nothing) is ever replaced."""
    return replace_file(path, text, "the saved game")


def write_problem(folder: Path) -> str | None:
    """Why nothing can be written in ``folder`` (made if missing), in plain words, or None.

    A probe file is made and deleted: the only check that tells a read-only medium, a
    folder without the right to write and a file standing where the folder should be."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".write-test-", dir=folder)
        os.close(fd)
        os.unlink(name)
    except OSError as exc:
        from monopoly_cpc.errors import path_problem

        return path_problem(folder / ".write-test", exc)
    return None


class Store:
    """The autosave and replay files under ``root`` (default: the platform's data folder)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    @classmethod
    def default(cls) -> Store:
        import platformdirs

        return cls(Path(platformdirs.user_data_dir(APP, appauthor=False)))

    def write_problem(self) -> str | None:
        """Why the data folder cannot be written, or None (:func:`write_problem`)."""
        return write_problem(self.root)

    @property
    def lock_path(self) -> Path:
        return self.root / LOCK_NAME

    def lock(self) -> bool:
        """Take the data folder for this process: False if another running program holds it.

        An exclusive lock on ``monopoly-cpc.lock`` (flock, or msvcrt on Windows), kept until
        the process ends: the system drops it then, whatever the end (quit, crash, power cut),
        so a stale file never blocks the restart.  A lock file that cannot be opened (a
        read-only folder: nothing will be written there anyway) or a system without locks:
        True.  A symbolic link, a FIFO or anything but a regular file at the lock's name is
        neither followed nor written: :class:`~monopoly_cpc.safefile.FileRefused`."""
        key = str(self.lock_path.absolute())
        if key in _HELD:
            return True  # this process has it already (a new session of the same program)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.lock_path, flags, 0o644)  # kept open on purpose
        except OSError as exc:
            if self.lock_path.is_symlink():   # ELOOP: O_NOFOLLOW met a link
                raise FileRefused(f"{self.lock_path} is a symbolic link, not the lock file this "
                                  "program makes: remove it") from None
            if exc.errno == errno.ENXIO:       # a FIFO without a reader
                raise FileRefused(f"{self.lock_path} is a FIFO, not a regular file: remove it") from None
            return True
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            raise FileRefused(f"{self.lock_path} is {kind_name(mode)}, not a regular file: remove it")
        try:
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:
            os.close(fd)
            return True
        except OSError:  # BlockingIOError / PermissionError: held by another process
            os.close(fd)
            return False
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))  # for the operator: which process
        except OSError:
            pass
        _HELD[key] = fd
        return True

    @property
    def autosave_path(self) -> Path:
        return self.root / "autosave.json"

    @property
    def replay_dir(self) -> Path:
        return self.root / "replays"

    # -- the autosaved game ---------------------------------------------------------------------
    def save_game(self, state_data: dict[str, Any], seed: int, bots: dict[str, Any] | None = None) -> Path:
        """Save an engine state (``rules.serial.to_data``) with the session seed and the game's
        computer players (``{"seed": N, "ai_level": "normal"}``: what ``make_bots`` was given),
        so that a resumed game gets back the same characters whatever the new session's seed."""
        doc = save_doc(state_data, seed, bots)
        return atomic_write(self.autosave_path, json.dumps(doc, ensure_ascii=False))

    def load_game(self, warn: Warn | None = None) -> dict[str, Any] | None:
        """The saved game document, or None (no file; a broken one is reported and set aside).

        Temp files an interrupted write left in the data folder are removed first.  The file
        must be a regular file of at most SAVE_LIMIT bytes; every value is checked against
        what the game can show and play (:func:`save_problem`) before the title offers it."""
        path = self.autosave_path
        remove_leftovers(self.root)
        try:
            doc = json.loads(read_text(path, SAVE_LIMIT))
        except FileNotFoundError:
            return None
        except FileRefused as exc:
            self._set_aside(path, warn, exc.why)
            return None
        except UnicodeDecodeError:
            self._set_aside(path, warn, "not UTF-8 text")
            return None
        except OSError as exc:
            if isinstance(exc, NotADirectoryError) or not os.access(self.root, os.R_OK | os.X_OK):
                # not the saved game's fault: a file stands where the data folder should be,
                # or the folder cannot be entered
                if warn is not None:
                    from monopoly_cpc.errors import path_problem

                    warn(f"the data folder {self.root} is unusable ({path_problem(path, exc)}); "
                         "games are not saved")
            elif warn is not None:
                # the file itself cannot be read (no right to read it, an I/O error): the game
                # plays on, it is neither resumed nor set aside
                warn(f"saved game {path} cannot be read ({exc.strerror or exc}); it is ignored")
            return None
        except (ValueError, RecursionError, MemoryError) as exc:
            # not JSON, nested too deeply, a number Python refuses to read (more than 4300 digits)
            self._set_aside(path, warn, why_broken(exc))
            return None
        why = save_problem(doc)
        if why is not None:
            self._set_aside(path, warn, why)
            return None
        return doc

    def set_aside_game(self, warn: Warn | None = None, why: str = "it failed to start") -> None:
        """Set the saved game aside after it failed when played (it passed the checks but
        broke anyway): the next start does not offer it again."""
        if self.autosave_path.exists():
            self._set_aside(self.autosave_path, warn, why)

    def drop_game(self) -> None:
        """Delete the saved game (a game that ended); OSError if the folder is read-only."""
        try:
            self.autosave_path.unlink()
        except FileNotFoundError:
            pass

    @staticmethod
    def _set_aside(path: Path, warn: Warn | None, why: str) -> None:
        """Rename a broken save ``*.broken``; the line says whether that worked (on a read-only
        medium it cannot: the save is then only ignored, and is reported at every start)."""
        try:
            broken = set_aside(path)
        except OSError as exc:
            if warn is not None:
                warn(f"saved game {path} is broken ({why}) and cannot be set aside "
                     f"({exc.strerror or exc}); it is ignored")
            return
        if warn is not None:
            warn(f"saved game {path} is broken ({why}); it is set aside as {broken.name}")

    # -- replays --------------------------------------------------------------------------------
    def new_replay_path(self, taken: Container[Path] = ()) -> Path:
        """replays/game-NNNNNN.json, the next free number, none of ``taken`` (paths handed out
        whose files are not written yet); the oldest beyond KEEP_REPLAYS go."""
        folder = self.replay_dir
        folder.mkdir(parents=True, exist_ok=True)
        numbers = sorted(int(p.stem[5:]) for p in folder.glob("game-*.json") if p.stem[5:].isdigit())
        for n in numbers[:max(0, len(numbers) - KEEP_REPLAYS + 1)]:
            try:
                (folder / f"game-{n:06d}.json").unlink()
            except OSError:
                pass
        n = (numbers[-1] + 1) if numbers else 1
        while folder / f"game-{n:06d}.json" in taken:
            n += 1
        return folder / f"game-{n:06d}.json"


def save_problem(doc: Any) -> str | None:
    """Why a saved-game document cannot be resumed, in a few words, or None.

    Beyond the format, every value is checked against what the game can show and play: the
    engine state in full (``rules.serial.from_data``, which also runs the rule invariants),
    the computer players' seed and level, then what the screens need
    (:func:`monopoly_cpc.demo.playable.state_problem`)."""
    if (not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT
            or doc.get("version") != SAVE_VERSION or not isinstance(doc.get("state"), dict)
            or not isinstance(doc.get("seed"), int) or isinstance(doc.get("seed"), bool)
            or ("bots" in doc and doc["bots"] is not None and bots_data(doc["bots"]) is None)):
        return "not a saved game"
    return state_problem(doc["state"])  # fully checked now, so the title never offers a broken game
