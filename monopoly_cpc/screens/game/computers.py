"""The computer players on the game screen: the table's moves (``ai.table``), paced.

The table says which computer moves next and with what, in the same order as the headless
games; the screen adds only the pace (``PACE`` ticks between two steps, more before a
computer's roll while a human owner may still claim a rent: ``GameScreen.claim_ticks_left``)
and the human players' keys.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from monopoly_cpc.ai.personality import NAMES as PERSONALITIES
from monopoly_cpc.ai.table import Move, computers
from monopoly_cpc.screens.game.host import ScreenParts

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.rules.state import GameState

# ticks a computer player waits before each of its steps, by speed 1..3
PACE = {1: 60, 2: 30, 3: 10}
LOG_KEPT = 40   # messages of the game's log kept in a save (the screen shows fewer)


@dataclass(frozen=True)
class Dealt:
    """What the computer players of a game are made from: the game's seed and their level."""

    seed: int
    ai_level: str = "normal"


def make_bots(dealt: Dealt, state: GameState) -> dict[int, Any]:
    """A computer player for every simulated player.

    ``dealt.seed`` is the game's seed: the six characters are shuffled with it and dealt by seat,
    so each game gets its own (different players, different characters, as in the 1985
    program); ``dealt.ai_level`` (``--ai-level`` or the saved setting: facile, normal, expert,
    ``ctx.effective.ai_level``) is their strength. Each player's random stream comes from the
    game's seed and its seat (``ai.rng.bot_seed``), as in ``simulate``."""
    rng = random.Random(dealt.seed)
    names = list(PERSONALITIES)
    rng.shuffle(names)
    kind = dealt.ai_level
    labels = {i: f"{kind}:{names[i % len(names)]}" for i, p in enumerate(state.players)
              if p.computer}
    return dict(computers(labels, dealt.seed))


class ComputerPlayers(ScreenParts):
    """Mixin of GameScreen: the steps of its computer players (``self.table``)."""

    def table_step(self, claims_only: bool = False) -> bool:
        """Apply the table's next computer move (and, if the engine refuses it, what the rules
        force instead); True if something was applied. ``claims_only``: only a window's move or
        a computer owner's claim (``Table.next``)."""
        move: Move | None = self.table.next(self.state, claims_only)
        while move is not None:
            ok, _ = self.apply(move.action)
            if ok:
                return True
            move = self.table.refused(self.state, move)
        return False

    # -- the save --------------------------------------------------------------------------------
    def at_rest(self) -> bool:
        """A turn waits for its dice and nothing is being shown, typed or asked in a window:
        the moment a save holds everything (``memory``) for the game to go on alike."""
        return (not self.show.busy and not self.modes and not self.typeahead
                and self.state.phase in ("roll", "jail"))

    def memory(self) -> dict[str, Any]:
        """What a resumed game needs beyond the engine's state to go on exactly as this one: the
        table's and the computers' memory, the pace in progress (with the tick a human owner's
        'tapez L' went on screen, from which his time to claim runs) and what the screen shows
        (the last messages, the dice, the owner's pawn). Plain data (JSON), saved with the game."""
        shown = self.claim_shown
        return {"table": self.table.memory(),
                "pace": [self.wait, self.clock_acc, self.ticks, self.show.mover],
                "claim_shown": None if shown is None else list(shown),
                "log": list(self.log[-LOG_KEPT:]), "said": [self.said, self.last_said],
                "dice": list(self.dice.faces),
                "highlight": None if self.highlight is None else list(self.highlight)}

    def restore_memory(self, data: dict[str, Any]) -> None:
        """Take back a ``memory()`` saved with this screen's state. Data that is not one
        raises ValueError, KeyError or TypeError, and leaves the screen as it was."""
        wait, clock_acc, ticks, mover = (int(x) for x in data["pace"])
        c = data["claim_shown"]
        claim_shown = None if c is None else (int(c[0]), int(c[1]), int(c[2]))
        log = [str(line) for line in data["log"]]
        said, last_said = int(data["said"][0]), str(data["said"][1])
        d1, d2 = (int(x) for x in data["dice"])
        h = data["highlight"]
        highlight = None if h is None else (int(h[0]), int(h[1]))
        self.table.restore(data["table"], self.state)
        self.wait, self.clock_acc, self.ticks = wait, clock_acc, ticks
        self.claim_shown = claim_shown
        self.show.mover = mover
        self.log, self.said, self.last_said = log, said, last_said
        self.dice.faces = (d1, d2)
        self.highlight = highlight
