"""The game being played, headless: the engine's state, the computers' table and the setup it
was made from, with every move applied through it.

``Game`` is what every driver holds: the headless games (``ai.sim.play_game``, which runs its
own inner loop on ``game.state`` and ``game.table`` for speed), the random playouts
(``analysis.playout``), the game screen (``screens.game.GameScreen(ctx, game)``, which adds
only the pace, the show and the people's keys) and the exhibition (autosave, replays, the crash
guard and the attract loop read ``game.setup`` and ``game.to_data()``).

* ``next_move(claims_only=False)``: the table's next computer move (``ai.table.Table.next``),
  or None when the game waits for a person, for the bank's gavel, or is over;
* ``apply(action)``: the action through the engine; its events, or the engine's refusal (an
  ``IllegalAction``). A computer's ``Move`` the engine refuses is followed by what the rules
  force on its player instead, when the game waits for him (``Table.refused``);
* ``memory()`` / ``restore(data)``: what a resumed game needs beyond the engine's state to go
  on exactly as this one: the table's and the computers' memory, and the part of whoever shows
  the game (``shown``: the screen's pace and messages), as plain data;
* ``to_data()`` / ``from_data(state, bots)``: the game as saved (the engine's state, and the
  computers' setup with that memory: ``{"seed", "ai_level", "memory"}``).
"""

from __future__ import annotations

from typing import Any, Protocol

from monopoly_cpc.ai.table import Computer, Move, Table, computers
from monopoly_cpc.game.setup import GameSetup
from monopoly_cpc.rules.actions import Action
from monopoly_cpc.rules.engine import IllegalAction, apply
from monopoly_cpc.rules.events import Event
from monopoly_cpc.rules.state import GameState


class Shown(Protocol):
    """Whoever shows a game keeps its own part of the game's memory (the screen's pace, its
    messages): plain data, saved with the table's."""

    def memory(self) -> dict[str, Any]: ...

    def restore(self, data: dict[str, Any]) -> None: ...


class Game:
    """One game: ``setup``, ``state``, ``bots`` (the computers by seat) and ``table`` (their
    order of play and memory). ``state`` defaults to the setup's first state, ``bots`` to the
    setup's computers (``ai.table.computers``); ``one_move``: see ``Table``."""

    def __init__(self, setup: GameSetup, state: GameState | None = None,
                 bots: dict[int, Computer] | None = None, one_move: bool = False) -> None:
        self.setup = setup
        self.state = setup.new_state() if state is None else state
        self.bots: dict[int, Computer] = (computers(setup.labels, setup.seed) if bots is None
                                          else bots)
        self.table = Table(self.bots, one_move)
        self.shown: Shown | None = None
        # the shown part of a restored memory, until whoever shows the game takes it (``take_shown``)
        self.shown_data: dict[str, Any] | None = None

    @classmethod
    def of(cls, state: GameState, bots: dict[int, Computer] | None = None, seed: int = 0,
           ai_level: str = "normal") -> Game:
        """The game on ``state`` whose computer players were dealt from ``seed`` at
        ``ai_level`` (``GameSetup.dealt``), or are ``bots`` when given."""
        return cls(GameSetup.from_data({"seed": seed, "ai_level": ai_level}, state), state, bots)

    # -- moves -------------------------------------------------------------------------------
    def next_move(self, claims_only: bool = False) -> Move | None:
        """The next computer move (``Table.next``): None when the game waits for a person, for
        the bank's ``CloseAuction``, or is over. ``claims_only``: stop after the rent claims."""
        return self.table.next(self.state, claims_only)

    def apply(self, action: Action | Move) -> list[Event] | IllegalAction:
        """Apply ``action`` (or a computer's ``Move``): its events, or the engine's refusal.
        A refused ``Move`` gives way to what the rules force on its player, when the game waits
        for him; the refusal is returned when there is nothing to force."""
        if not isinstance(action, Move):
            try:
                return apply(self.state, action)
            except IllegalAction as exc:
                return exc
        move: Move | None = action
        refusal: IllegalAction | None = None
        while move is not None:
            try:
                return apply(self.state, move.action)
            except IllegalAction as exc:
                refusal = refusal or exc
                move = self.table.refused(self.state, move)
        assert refusal is not None
        return refusal

    # -- memory ------------------------------------------------------------------------------
    def memory(self) -> dict[str, Any]:
        """The table's and the computers' memory (``"table"``), and the shown part, as plain
        data (JSON)."""
        out = {"table": self.table.memory()}
        if self.shown is not None:
            out.update(self.shown.memory())
        elif self.shown_data is not None:
            out.update(self.shown_data)
        return out

    def restore(self, data: dict[str, Any]) -> None:
        """Take back a :meth:`memory` saved with this game's state: the table's part now, the
        shown part when whoever shows the game takes it (:meth:`take_shown`). Raises
        ValueError, KeyError or TypeError on data that is not one."""
        if not isinstance(data, dict):
            raise TypeError("the computer players' memory is not a mapping")
        self.table.restore(data["table"], self.state)
        rest = {k: v for k, v in data.items() if k != "table"}
        self.shown_data = rest or None

    def take_shown(self, shown: Shown) -> None:
        """``shown`` now shows this game: it gets the shown part of a restored memory (which
        may raise as :meth:`restore` does) and gives its own to :meth:`memory`."""
        data, self.shown_data = self.shown_data, None
        if data is not None:
            shown.restore(data)
        self.shown = shown

    # -- the game as saved -------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """``{"state": the engine's state, "bots": the setup and the memory}`` (plain data)."""
        from monopoly_cpc.rules.serial import to_data

        bots = self.setup.to_data()
        bots["memory"] = self.memory()
        return {"state": to_data(self.state), "bots": bots}

    @classmethod
    def from_data(cls, state: dict[str, Any], bots: dict[str, Any]) -> Game:
        """The game saved as :meth:`to_data` (``state`` and ``bots``; ``bots`` without a
        ``"memory"``: computers that remember nothing). Raises ``DataError`` on a broken state,
        ValueError, KeyError or TypeError on a broken ``bots``."""
        from monopoly_cpc.rules.serial import from_data

        st = from_data(state)
        game = cls(GameSetup.from_data(bots, st), st)
        memory = bots.get("memory")
        if memory is not None:
            game.restore(memory)
        return game

    def copy(self) -> Game:
        """The same game, from a copy of its state (the engine's serial form there and back),
        with the same computer players."""
        from monopoly_cpc.rules.serial import from_data, to_data

        return Game(self.setup, from_data(to_data(self.state)), self.bots)
