"""The exhibition session's data folder and crash log: what cannot be written is said once.

The data folder (a :class:`~monopoly_cpc.demo.store.Store`: the autosave, the games'
replays) is the user's, except for headless runs; one program at a time owns it (a lock). A
folder that cannot be written is said once a session, on stderr and in the crash log, and
the game plays on without saving; a log folder that cannot be written is said once."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import NOT_GIVEN
from monopoly_cpc.demo.store import Store
from monopoly_cpc.safefile import FileRefused

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession


class DataFolder:
    """The data folder of a session (``store``: None when games are not saved)."""

    def __init__(self, session: ExhibitSession) -> None:
        self.session = session
        self.data_reported = False  # "games are not saved" said (once a session)
        self.log_reported = False   # "crash.log is not kept" said (once a session)
        self.store: Store | None = None
        self.held_by_another: Path | None = None   # the folder another running game holds

    def open(self, store: Any = NOT_GIVEN) -> None:
        """Take ``store`` (by default the user's, none for a headless run), lock it, and say
        at once if it or the log folder cannot be written."""
        session = self.session
        if store is NOT_GIVEN:
            store = None if session.options.headless else Store.default()
        self.store = store
        try:
            free = store is None or store.lock()
        except FileRefused as exc:   # a link at the lock's name: never followed nor written
            self.data_reported = True
            text = f"the data folder {store.root} is not used ({exc.why}); games are not saved"
            session.warn(text)
            session._log(text)
            self.store = store = None
            free = True
        if not free:
            # a second program on the same data folder: it must not overwrite the first one's
            # autosave, nor offer it (both would go on with the same game), nor play a game
            # that saves nothing: it says so on its screen and leaves (demo/busy.py)
            session.warn(f"another monopoly-cpc is running with the data folder {store.root}: "
                         "this one says so in its window and closes")
            self.held_by_another = store.root
            self.store = store = None
        if store is not None:       # a playing session: an unwritable folder is said at the start
            self._check_log_folder()
            problem = store.write_problem()
            if problem is not None:
                self.failed(problem)

    @staticmethod
    def problem(path: Any, exc: OSError) -> str:
        from monopoly_cpc.errors import path_problem

        return path_problem(path, exc)

    def failed(self, problem: str) -> None:
        """The data folder cannot be written (read-only medium, no right, disc full): said once
        a session on stderr and in the crash log; the game plays on without autosave or replays
        (a failure at every turn would otherwise fill the log)."""
        if self.data_reported:
            return
        self.data_reported = True
        root = self.store.root if self.store is not None else "?"
        text = f"the data folder {root} cannot be written ({problem}); games are not saved"
        self.session.warn(text)
        self.session._log(text)

    def load_warn(self, text: str) -> None:
        """The saved game's warnings, but a second line for a data folder already reported."""
        if not (self.data_reported and text.startswith("the data folder")):
            self.session.warn(text)

    def _check_log_folder(self) -> None:
        import platformdirs

        from monopoly_cpc import logs
        from monopoly_cpc.demo.store import write_problem

        folder = platformdirs.user_log_dir(logs.APP, appauthor=False)
        problem = write_problem(Path(folder))
        if problem is not None:
            self.log_failed(f"the log folder {folder} cannot be written ({problem})")

    def log_failed(self, what: str) -> None:
        if not self.log_reported:
            self.log_reported = True
            self.session.warn(f"{what}; crash.log is not kept")

    def log(self, text: str) -> None:
        """A line (or a traceback) for the crash log."""
        from monopoly_cpc import logs

        path = logs.write_crash(text)
        if not path.is_absolute():  # write_crash's "(log folder not writable)"
            self.log_failed("the crash log cannot be written")
