"""Autosave and resume: the game on the game screen saved at every turn (atomic write), put
aside when a kiosk visitor leaves it, and offered on the title (``R``) when one is waiting —
after an idle suspension or a power cut.

The title says so (``AppContext.resumable``: it draws the ``R`` line) and names the letter
(``Screen.resume_letter``); nothing here writes into a screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import END, NOT_GIVEN, PASS, TICK_HZ, Plugin, is_game
from monopoly_cpc.demo.store import save_doc

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession


class Autosave(Plugin):
    """Saves the game, keeps a game put aside, resumes it (module docstring)."""

    def __init__(self, session: ExhibitSession, suspended: Any) -> None:
        super().__init__(session)
        self.given = suspended   # NOT_GIVEN: the game saved in the data folder, if any
        self._suspended: dict | None = None
        self.idle_ticks = session.effective.idle_minutes * 60 * TICK_HZ
        self.autosaved: tuple[int, int, bool] | None = None

    @property
    def suspended(self) -> dict | None:
        return self._suspended

    @suspended.setter
    def suspended(self, doc: dict | None) -> None:
        self._suspended = doc
        self.session.ctx.resumable = doc is not None

    def suspended_game(self) -> dict | None:
        return self._suspended

    def started(self) -> None:
        s = self.session
        doc = self.given
        if doc is NOT_GIVEN:
            doc = s.store.load_game(s.data.load_warn) if s.store is not None else None
        self.suspended = doc   # the title knows from its first frame

    def filter_key(self, ev: Any) -> str:
        s = self.session
        if (self._suspended is not None and ev.letter is not None and not ev.repeat
                and ev.letter == s.screen.resume_letter and s.ctx.next_screen is None):
            self._resume()
            return END  # the saved game comes back: the title gets no key this tick
        return PASS

    def _resume(self) -> None:
        s = self.session
        doc, self.suspended = self._suspended, None
        assert doc is not None
        try:
            s.ctx.switch(s.players.game_from(s.ctx, doc["state"], doc.get("bots") or s.players.old_save(doc)))
        except Exception as exc:  # noqa: BLE001 - checked when loaded; a failure is logged, not fatal
            s._log(f"cannot resume the saved game: {exc}")
            if s.store is not None:  # set aside: the next start does not offer it again
                from monopoly_cpc.settings import why_broken

                s.store.set_aside_game(s.data.load_warn, why_broken(exc) if str(exc) else "it failed to start")

    def screen_changed(self, screen: Any) -> None:
        if is_game(screen):
            self.autosaved = None

    def after_step(self) -> None:
        s = self.session
        screen = s.screen
        if is_game(screen) and s.watched is screen:
            self._autosave(screen)
            if s.kiosk and s.quiet >= self.idle_ticks:
                self._suspend(screen)

    def _autosave(self, game: Any) -> None:
        """At every turn (and at the end) the game goes to the autosave file."""
        s = self.session
        if s.store is None:
            return
        st = game.state
        mark = (id(game), st.turn, st.phase == "game_over")
        if mark == self.autosaved:
            return
        if not mark[2] and not game.at_rest():
            return   # saved once the turn's events are shown: a resumed game then goes on alike
        self.autosaved = mark
        if st.phase == "game_over":
            try:
                s.store.drop_game()
            except OSError as exc:  # a read-only data folder: the win goes on all the same
                s.data.failed(s.data.problem(s.store.autosave_path, exc))
        else:
            from monopoly_cpc.rules.serial import to_data

            try:
                s.store.save_game(to_data(st), s.ctx.seed, s.players.now(game))
            except OSError as exc:
                s.data.failed(s.data.problem(s.store.autosave_path, exc))
        s.game_saved()   # the game's replay file too, at the end of the tick

    def _suspend(self, game: Any) -> None:
        """Kiosk: nobody touched the game for idle_minutes: keep it for later, back to the title."""
        self.put_aside(game)
        self.session.show(self.session.title())

    def put_aside(self, game: Any) -> None:
        """The game on screen kept for ``R`` on the title, in memory and in the autosave file
        (an idle visitor's; a game the operator's menu takes the screen from: the session's
        ``put_game_aside``)."""
        from monopoly_cpc.rules.serial import to_data

        s = self.session
        if game.state.phase != "game_over":
            self.suspended = doc = save_doc(to_data(game.state), s.ctx.seed, s.players.now(game))
            if s.store is not None:
                try:
                    s.store.save_game(doc["state"], s.ctx.seed, doc.get("bots"))
                except OSError as exc:  # kept in memory: R still resumes it in this run
                    s.data.failed(s.data.problem(s.store.autosave_path, exc))
