"""Files kept between runs in the user's data folder: the autosaved game and the replays.

Every write is atomic (a temp file in the same folder, flushed, then ``os.replace``), so a
power cut leaves either the old file or the new one, never half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from monopoly_cpc.demo.replay import bots_data
from monopoly_cpc.settings import why_broken

APP = "monopoly-cpc"
SAVE_FORMAT = "monopoly-cpc-save"
SAVE_VERSION = 1
KEEP_REPLAYS = 100  # older game replays are deleted so a kiosk never fills its disc
LOCK_NAME = "monopoly-cpc.lock"
_HELD: dict[str, int] = {}  # lock files this process holds (open until it exits)


def save_doc(state_data: dict[str, Any], seed: int, bots: dict[str, Any] | None = None) -> dict[str, Any]:
    """The saved-game document (autosave file, kiosk suspension): format, version, session
    seed, engine state and, when known, the game's computer players."""
    doc = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "seed": seed, "state": state_data}
    if bots is not None:
        doc["bots"] = dict(bots)
    return doc


def atomic_write(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` through a temp file and os.replace."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return path


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
        True."""
        key = str(self.lock_path.absolute())
        if key in _HELD:
            return True  # this process has it already (a new session of the same program)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)  # kept open on purpose
        except OSError:
            return True
        try:
            try:
                import fcntl
            except ImportError:  # Windows
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
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

    def load_game(self, warn=None) -> dict[str, Any] | None:
        """The saved game document, or None (no file; a broken one is reported and set aside)."""
        path = self.autosave_path
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (NotADirectoryError, PermissionError) as exc:
            # not the saved game's fault: the data folder cannot be used (a file stands where a
            # folder should be, or no right to read it); there is nothing to set aside
            if warn is not None:
                from monopoly_cpc.errors import path_problem

                warn(f"the data folder {self.root} is unusable ({path_problem(path, exc)}); "
                     "games are not saved")
            return None
        except UnicodeDecodeError:
            self._set_aside(path, warn, "not UTF-8 text")
            return None
        except (OSError, ValueError, RecursionError, MemoryError) as exc:
            # not JSON, nested too deeply, a number Python refuses to read (more than 4300 digits)
            self._set_aside(path, warn, exc.__class__.__name__ if isinstance(exc, OSError) else why_broken(exc))
            return None
        if (not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT
                or doc.get("version") != SAVE_VERSION or not isinstance(doc.get("state"), dict)
                or not isinstance(doc.get("seed"), int)
                or ("bots" in doc and bots_data(doc["bots"]) is None)):
            self._set_aside(path, warn, "not a saved game")
            return None
        try:
            from monopoly_cpc.rules.serial import from_data

            from_data(doc["state"])  # fully checked now, so the title never offers a broken game
        except Exception as exc:  # noqa: BLE001 - DataError, or anything a hand edit provokes
            self._set_aside(path, warn, why_broken(exc) if str(exc) else "invalid")
            return None
        return doc

    def drop_game(self) -> None:
        """Delete the saved game (a game that ended); OSError if the folder is read-only."""
        try:
            self.autosave_path.unlink()
        except FileNotFoundError:
            pass

    @staticmethod
    def _set_aside(path: Path, warn, why: str) -> None:
        """Rename a broken save ``*.broken``; the line says whether that worked (on a read-only
        medium it cannot: the save is then only ignored, and is reported at every start)."""
        broken = path.with_name(path.name + ".broken")
        try:
            path.replace(broken)
        except OSError as exc:
            if warn is not None:
                warn(f"saved game {path} is broken ({why}) and cannot be set aside "
                     f"({exc.strerror or exc}); it is ignored")
            return
        if warn is not None:
            warn(f"saved game {path} is broken ({why}); it is set aside as {broken.name}")

    # -- replays --------------------------------------------------------------------------------
    def new_replay_path(self) -> Path:
        """replays/game-NNNNNN.json, the next free number; the oldest beyond KEEP_REPLAYS go."""
        folder = self.replay_dir
        folder.mkdir(parents=True, exist_ok=True)
        numbers = sorted(int(p.stem[5:]) for p in folder.glob("game-*.json") if p.stem[5:].isdigit())
        for n in numbers[:max(0, len(numbers) - KEEP_REPLAYS + 1)]:
            try:
                (folder / f"game-{n:06d}.json").unlink()
            except OSError:
                pass
        n = (numbers[-1] + 1) if numbers else 1
        return folder / f"game-{n:06d}.json"
