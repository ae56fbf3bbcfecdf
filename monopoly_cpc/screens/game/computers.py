"""The computer players on the game screen: the table's moves (``ai.table``), paced.

The table says which computer moves next and with what, in the same order as the headless
games; the screen adds only the pace (``PACE`` ticks between two steps, more before a
computer's roll while a human owner may still claim a rent: ``GameScreen.claim_ticks_left``)
and the human players' keys.  :class:`Computers` is the game screen's part that makes their
moves: the table and the computers by seat, nothing of the screen but the ``apply`` it is
given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from monopoly_cpc.ai.personality import NAMES as PERSONALITIES
from monopoly_cpc.ai.table import Move, Table, computers

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.rules.state import GameState

# ticks a computer player waits before each of its steps, by speed 1..3
PACE = {1: 60, 2: 30, 3: 10}


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


class Computers:
    """The computer players of a game (``bots``, by seat) and their table (``ai.table``): the
    order of their moves, their answers and their memory."""

    def __init__(self, bots: dict[int, Any]) -> None:
        self.bots = bots
        self.table = Table(bots)

    def step(self, state: Any, apply: Callable[[Any], tuple[bool, Any]],
             claims_only: bool = False) -> bool:
        """Apply (with ``apply``, the screen's: its events are shown) the table's next computer
        move, and, if the engine refuses it, what the rules force instead; True if something
        was applied. ``claims_only``: only a window's move or a computer owner's claim
        (``Table.next``)."""
        move: Move | None = self.table.next(state, claims_only)
        while move is not None:
            ok, _ = apply(move.action)
            if ok:
                return True
            move = self.table.refused(state, move)
        return False
