"""What a game is made of: its seed, its seats and its variant (``GameSetup``), and where a
game's seed comes from: the games set up one after another on the screens of one session
(:func:`session_game_seed`, counted by ``GameSeries``), the attract loop's demo games
(:func:`demo_game_seed`) and the games of a run of headless games (:func:`run_game_seed`).

Light on purpose (no rules, no computer players at import): the screens' context holds a
``GameSeries`` from the first frame of the boot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.rules.state import GameState
    from monopoly_cpc.rules.variants import Variant

PERSON = "person"
COMPUTER = "computer"


class Seat(NamedTuple):
    """One player of a game: his name and pawn, a person or a computer, and a computer's level
    (``ai.KINDS``: facile, normal, expert, or a yardstick) and personality ("" for none).
    (A NamedTuple: a headless game makes its seats at every game, and a frozen dataclass's
    ``__init__`` cost a hundredth of a compiled game.)"""

    name: str
    kind: str = COMPUTER
    level: str = ""
    personality: str = ""
    pawn: int = -1      # -1: the engine's default pawn for the seat

    @property
    def computer(self) -> bool:
        return self.kind == COMPUTER

    @property
    def label(self) -> str:
        """The computer player it is, as ``ai.table.computers`` reads it: ``level`` or
        ``level:Personality``."""
        return f"{self.level}:{self.personality}" if self.personality else self.level


@lru_cache(maxsize=64)
def _headless_seats(labels: tuple[str, ...]) -> tuple[Seat, ...]:
    """The seats of a headless game (``GameSetup.of_labels``), made once per line-up: a run of
    headless games sets up thousands of games of the same few line-ups."""
    seats = []
    for i, label in enumerate(labels):
        level, _, pers = label.partition(":")
        seats.append(Seat(f"P{i + 1}", COMPUTER, level, pers))
    return tuple(seats)


class _SeatLists(NamedTuple):
    """What the engine and the computer players read of a game's seats."""

    names: tuple[str, ...]
    computer: tuple[bool, ...]
    pawns: tuple[int, ...] | None        # None: the engine's default pawns
    labels: tuple[tuple[int, str], ...]  # the computers' labels by seat


@lru_cache(maxsize=64)
def _seat_lists(seats: tuple[Seat, ...]) -> _SeatLists:
    """``seats`` as the engine and the computers read them, worked out once per line-up: a run
    of headless games sets up thousands of games of the same few line-ups, and this Python
    work would otherwise cost each compiled game about 2 %."""
    pawns = tuple(s.pawn for s in seats)
    return _SeatLists(tuple(s.name for s in seats), tuple(s.computer for s in seats),
                      None if -1 in pawns else pawns,
                      tuple((i, s.label) for i, s in enumerate(seats) if s.computer))


@dataclass(frozen=True)
class GameSetup:
    """Everything a game is made from: the game seed (dice, cards and each computer's own
    random stream, ``ai.rng.bot_seed``), the seats and the variant (None: the classic rules).

    ``ai_level`` is set when the computers were dealt (:meth:`dealt`): the screens' games, whose
    personalities come from the seed; a saved game stores only the seed and that level."""

    seed: int
    seats: tuple[Seat, ...]
    variant: Variant | None = None
    ai_level: str = ""

    @classmethod
    def dealt(cls, seed: int, names: list[str], computer: list[bool], ai_level: str,
              pawns: list[int] | None = None, variant: Variant | None = None) -> GameSetup:
        """A game of the screens: the six characters shuffled with the game's seed and dealt
        by seat to the computer players (each game gets its own, as in the 1985 program), all
        at the level ``ai_level``."""
        from monopoly_cpc.ai.personality import NAMES

        order = list(NAMES)
        random.Random(seed).shuffle(order)
        seats = tuple(
            Seat(name, COMPUTER, ai_level, order[i % len(order)], -1 if pawns is None else pawns[i])
            if computer[i] else Seat(name, PERSON, pawn=-1 if pawns is None else pawns[i])
            for i, name in enumerate(names))
        return cls(seed, seats, variant, ai_level)

    @classmethod
    def of_labels(cls, labels: list[str], seed: int, variant: Variant | None = None) -> GameSetup:
        """A headless game of computers only, one ``level`` or ``level:Personality`` a seat,
        named P1, P2..."""
        return cls(seed, _headless_seats(tuple(labels)), variant)

    @property
    def labels(self) -> dict[int, str]:
        """The computer players by seat (``ai.table.computers``'s labels)."""
        return dict(_seat_lists(self.seats).labels)

    def new_state(self) -> GameState:
        """The game's first state (the engine's ``new_game``)."""
        from monopoly_cpc.rules.engine import new_game

        lists = _seat_lists(self.seats)
        return new_game(list(lists.names), computer=list(lists.computer),
                        pawns=None if lists.pawns is None else list(lists.pawns),
                        variant=self.variant, seed=self.seed)

    def to_data(self) -> dict[str, Any]:
        """As saved with a game: ``{"seed": N, "ai_level": "..."}`` for dealt computers (the
        names, pawns and variant are the state's), else the seed and each computer's label."""
        if self.ai_level:
            return {"seed": self.seed, "ai_level": self.ai_level}
        return {"seed": self.seed, "labels": {str(i): lab for i, lab in self.labels.items()}}

    @classmethod
    def from_data(cls, data: dict[str, Any], state: GameState) -> GameSetup:
        """The setup of the game whose state is ``state``, from its :meth:`to_data`. Raises
        ValueError (or KeyError, TypeError) on data that is not one."""
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("the game seed is not a number")
        names = [p.name for p in state.players]
        pawns = [p.pawn for p in state.players]
        if "ai_level" in data:
            return cls.dealt(seed, names, [p.computer for p in state.players],
                             str(data["ai_level"]), pawns, state.variant)
        labels = {int(k): str(v) for k, v in data["labels"].items()}
        seats = []
        for i, name in enumerate(names):
            level, _, pers = labels[i].partition(":") if i in labels else ("", "", "")
            seats.append(Seat(name, COMPUTER if i in labels else PERSON, level, pers, pawns[i]))
        return cls(seed, tuple(seats), state.variant)


def session_game_seed(session_seed: int, n: int) -> int:
    """The seed of the ``n``-th game (from 0) set up on the screens of a session of
    ``session_seed``: the session's seed for its first game (so that ``--seed`` replays it),
    then a different one for each further game of the session (so that dice, cards and the
    computers' characters change), the same again in a replay."""
    return session_seed if n == 0 else (session_seed * 1_000_003 + n * 7_919 + 4_321) & 0x7FFFFFFF


def demo_game_seed(session_seed: int, number: int) -> int:
    """The seed of the ``number``-th attract demo of a session of ``session_seed``: different
    demos, and the same again in a replay."""
    return (session_seed * 1_000_003 + number * 7_919 + 12_345) & 0x7FFFFFFF


def run_game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run of headless games seeded ``run_seed`` (the
    tournaments, ``simulate``): independent of how the run is split in jobs, the same in any
    process and under any PYTHONHASHSEED."""
    from monopoly_cpc.ai.rng import MASK, splitmix

    return splitmix(splitmix(run_seed & MASK) ^ index) >> 1


@dataclass
class GameSeries:
    """The games set up on the screens of one session, one after another: each takes the next
    seed of the series (:func:`session_game_seed`)."""

    started: int = field(default=0)

    def next_seed(self, session_seed: int) -> int:
        """The seed of the next game set up, which it counts."""
        n = self.started
        self.started = n + 1
        return session_game_seed(session_seed, n)
