"""The table: which computer player moves next, and with what.

One order for every driver of a game, each through a ``game.game.Game`` (which holds the table):
the headless games (``sim.play_game``, ``simulate``), the random playouts (``analysis.playout``)
and the game screen, which adds only the pace (ticks between two steps) and the human players'
keys. ``Table.next(state)`` answers, in this order:

1. **Out-of-turn windows.** When a turn begins (the roll or the jail phase of a new turn, before
   its dice), every computer player other than the current one, in the order of play from the
   current player, gets a window of up to ``WINDOW_STEPS`` moves (build, lift a mortgage,
   sell, mortgage, borrow, claim, and an expert's offer that stops two rivals' swap before
   either can propose it: ``ai.trading.window_offer``): it ends at its first "nothing" (or a roll),
   when the phase is no longer free (an offer waits for its answer), or when the dice are
   rolled.
2. **Rent claims.** A rent due to a computer owner (seeds/002 A: "Les propriétaires de terrains
   ne doivent pas omettre de réclamer les loyers qui leur sont dus"): the owner is asked once
   per rent; a player that looks away (``facile``) may lose it at the next roll.
3. **Bids.** In an auction, the first computer bidder (in the auction's order) still able to
   bid: its bid, or a pass. Once ``auction_settled`` it is the bank's ``CloseAuction``, which
   the driver sends (the screen when its gavel falls).
4. **Trade answers.** A trade offered to a computer: its answer.
5. **Building demands.** A building won at a shortage auction by a computer: where it goes.
   When the M window asks every player how many buildings he wants, a computer's answer is
   ``wants_building`` (one when its own move now would be to build).
6. **The awaited player** (``rules.actor``), when a computer: its move, and when it says
   nothing, what the rules force (``rules.forced_action``).

``next`` returns None when the game waits for a human (or for the bank's gavel, or is over).
A move the engine refuses goes to ``refused``, which gives the forced move of an awaited player
instead (a window's refused move just uses up that step): ``Game.apply`` does so.

The table's bookkeeping (the window in progress, the last rent asked) and every computer's
memory are ``memory()``: plain data saved with the game, taken back by ``restore``, so that a
resumed game goes on exactly as the uninterrupted one.
"""

from __future__ import annotations

from typing import Any, Final, Protocol, final

from monopoly_cpc.ai.bot import Bot
from monopoly_cpc.ai.reasons import Reason
from monopoly_cpc.ai.rng import bot_seed
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import auction_settled
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    FREE_PHASES,
    GAME_OVER,
    JAIL,
    ROLL,
    GameState,
    has,
)
from monopoly_cpc.rules.turn import actor, forced_action

WINDOW_STEPS: Final = 6   # moves one computer may make in its out-of-turn window
_ROLL: Final = A.Roll     # read at every window move (a constant: no lookup in the module)


class Computer(Protocol):
    """What the table asks of a computer player (``ai.make_bot``)."""

    last_reason: Reason     # why its last move: a code for the catalogue (ai/reasons.py)

    def decide(self, state: GameState, p: int) -> A.Action | None: ...

    def memory(self) -> dict[str, Any]: ...

    def restore(self, data: dict[str, Any], state: GameState, seat: int) -> None: ...


@final
class Move:
    """One step of a computer player: ``action`` by ``seat``; ``why`` says which rule of the
    order it came from ("window", "claim", "bid", "answer", "place", "turn", "forced").
    A plain class rather than a NamedTuple: one is made at every move, and the compiled build
    (setup.py) makes it a native class (a NamedTuple's ``__new__`` stays Python code).
    ``checked``: the action was made by a ``Bot`` (ai/bot.py), whose actions always have fields
    of their declared types, so ``ai.sim`` lets the engine skip that check (``apply``'s
    ``checked``; tests/ai/test_checked_moves.py). Bookkeeping: not compared, not in the repr."""

    __slots__ = ("action", "checked", "seat", "why")

    def __init__(self, seat: int, action: A.Action, why: str, checked: bool = False) -> None:
        self.seat = seat
        self.action = action
        self.why = why
        self.checked = checked

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Move) and self.seat == other.seat
                and self.action == other.action and self.why == other.why)

    def __hash__(self) -> int:
        return hash((self.seat, self.action, self.why))

    def __repr__(self) -> str:
        return f"Move(seat={self.seat!r}, action={self.action!r}, why={self.why!r})"


def computers(labels: dict[int, str], seed: int) -> dict[int, Computer]:
    """The computer players of a game seeded ``seed``: ``labels`` maps a seat to ``kind`` or
    ``kind:Personality`` (``expert:Prudent``); each gets its own random stream from the game's
    seed and its seat (``bot_seed``), in games, demos and ``simulate`` alike."""
    from monopoly_cpc.ai import make_bot

    out: dict[int, Computer] = {}
    for seat, label in sorted(labels.items()):
        kind, _, pers = label.partition(":")
        out[seat] = make_bot(kind, pers or None, bot_seed(seed, seat))
    return out


class Table:
    """The computers of one game (``bots``: seat -> player) and the order they move in."""

    def __init__(self, bots: dict[int, Computer], one_move: bool = False) -> None:
        self.bots = bots
        # ``one_move``: the driver applies each move before it asks for the next and keeps none
        # (ai.sim.play_game), so the moves of the order below are one ``Move`` object, changed
        # at every step (making and freeing one a step was a twentieth of a compiled game);
        # other drivers get a new one each time. (``refused`` always makes a new one.)
        self.one_move = one_move
        self.last_move: Move | None = None
        # The out-of-turn window in progress: its turn and dice count, the seats still to be
        # asked (the next one last: a seat asked leaves by ``pop()``, which the compiled build
        # does natively, where ``pop(0)`` shifted the list), and the steps the next one has left.
        self.window_turn = -1
        self.window_rolls = -1
        self.window_seats: list[int] = []
        self.window_steps = 0
        self.claim_asked: tuple[int, int, int, int, int] | None = None   # the last rent asked
        # The computers that are ``Bot`` itself: they can tell, cheaply, that they have nothing
        # to do out of turn (``Bot.quiet``), and the window then skips their ``decide`` (same
        # answer, same memory); and the compiled build calls their methods directly, not
        # through the ``Computer`` protocol. By seat in a list (``_native``): a native look-up,
        # where a dict's was generic.
        self.native: list[Bot | None] = [None] * (max(bots, default=-1) + 1)
        for seat, bot in bots.items():
            if type(bot) is Bot and seat >= 0:
                self.native[seat] = bot

    def _native(self, seat: int) -> Bot | None:
        """The ``Bot`` at ``seat`` (None: another computer, or none)."""
        native = self.native
        return native[seat] if 0 <= seat < len(native) else None

    def _move(self, seat: int, action: A.Action, why: str, checked: bool) -> Move:
        """The move ``action`` of ``seat``: a new ``Move``, or the table's one (``one_move``)
        with these fields."""
        m = self.last_move
        if m is None:
            m = Move(seat, action, why, checked)
            if self.one_move:
                self.last_move = m
            return m
        m.seat = seat
        m.action = action
        m.why = why
        m.checked = checked
        return m

    def _seated(self, seat: int) -> bool:
        """A computer plays at ``seat`` (``seat in bots``, a ``Bot`` found natively first)."""
        native = self.native
        return (0 <= seat < len(native) and native[seat] is not None) or seat in self.bots

    # -- the order ---------------------------------------------------------------------------
    def next(self, state: GameState, claims_only: bool = False) -> Move | None:
        """The next computer move (module docstring), or None: the game waits for a human, for
        the bank's ``CloseAuction``, or is over. ``claims_only``: stop after the rent claims
        (a screen lets a computer owner claim at once, and paces the rest); the questions asked
        are the same, in the same order, as one call without it."""
        ph = state.phase
        if ph == GAME_OVER:
            return None
        bots = self.bots
        if ph == AUCTION:
            return self._bid(state)
        if self.window_seats or ((ph == ROLL or ph == JAIL) and state.turn != self.window_turn):
            move = self._window(state)
            if move is not None:
                return move
        c = state.claim
        if (c is not None and self._seated(c.owner)   # claim_unasked, inlined
                and (ph is ROLL or ph in FREE_PHASES)):   # (the engine's constant by identity)
            ca = self.claim_asked   # (compared field by field: no tuple made at every call)
            if (ca is None or ca[0] != state.rolls or ca[1] != c.owner or ca[2] != c.payer
                    or ca[3] != c.square or ca[4] != c.amount):
                self.claim_asked = (state.rolls, c.owner, c.payer, c.square, c.amount)
                bot = self._native(c.owner)
                a = bot.decide(state, c.owner) if bot is not None else bots[c.owner].decide(
                    state, c.owner)
                if a is not None:
                    return self._move(c.owner, a, "claim", bot is not None)
        if claims_only:
            return None
        # rules.actor, with the phases of a turn first (the current player)
        p = state.current if ph is ROLL or ph in _TURN_PHASES else actor(state)
        if p is None:
            return None
        native = self.native   # (_native and _seated inline: calls cost the interpreter more)
        bot = native[p] if 0 <= p < len(native) else None
        if bot is None and p not in bots:
            return None
        a = bot.decide(state, p) if bot is not None else bots[p].decide(state, p)
        if a is not None:
            # ("turn" by the engine's constant first: most moves come in ROLL)
            return self._move(p, a, "turn" if ph is ROLL else _WHY.get(ph, "turn"),
                              bot is not None)
        f = forced_action(state, p)
        return self._move(p, f, "forced", False) if f is not None else None

    def wants_building(self, state: GameState, seat: int) -> bool:
        """The demand a computer states when the M window asks every player how many buildings
        he wants (seeds/002 C "M Maisons"): one, when its own move now would be to build; no
        computer at ``seat``, none."""
        return self.building(state, seat) is not None

    def building(self, state: GameState, seat: int) -> A.Build | None:
        """The building a computer at ``seat`` would put up now (its own move, when that is to
        build), for its turn in the M window's builds; None if none."""
        bot = self.bots.get(seat)
        move = None if bot is None else bot.decide(state, seat)
        return move if isinstance(move, A.Build) else None

    def claim_unasked(self, state: GameState) -> bool:
        """A rent is due to a computer owner that has not been asked about it yet."""
        c = state.claim
        return (c is not None and c.owner in self.bots and state.phase in FREE_PHASES
                and (state.rolls, c.owner, c.payer, c.square, c.amount) != self.claim_asked)

    def _window(self, state: GameState) -> Move | None:
        ph = state.phase
        if (ph == ROLL or ph == JAIL) and state.turn != self.window_turn:
            self.window_turn = state.turn
            self.window_rolls = state.rolls
            n = len(state.players)
            cur = state.current
            # The others in the order of play from the current player (a plain loop: the
            # generator it replaced made two objects at every turn in the compiled build).
            seats: list[int] = []
            for k in range(n - 1, 0, -1):   # (the next one last)
                i = (cur + k) % n
                if self._seated(i):
                    seats.append(i)
            self.window_seats = seats
            self.window_steps = WINDOW_STEPS
        while self.window_seats:
            if (state.turn != self.window_turn or state.rolls != self.window_rolls
                    or not (state.phase is ROLL or state.phase in FREE_PHASES)):
                self.window_seats = []
                return None
            i = self.window_seats[-1]
            if self.window_steps <= 0 or state.players[i].bankrupt:
                self.window_seats.pop()   # the next seat (inline: a call costs the interpreter)
                self.window_steps = WINDOW_STEPS
                continue
            native = self.native   # (_native inline)
            bot = native[i] if 0 <= i < len(native) else None
            if bot is not None:
                if bot.quiet(state, i):   # its decide would say "nothing" (Bot.quiet)
                    self.window_seats.pop()
                    self.window_steps = WINDOW_STEPS
                    continue
                a = bot.decide(state, i)
            else:
                a = self.bots[i].decide(state, i)
            if a is None or type(a) is _ROLL:
                self.window_seats.pop()
                self.window_steps = WINDOW_STEPS
                continue
            self.window_steps -= 1
            return self._move(i, a, "window", bot is not None)
        return None

    def _bid(self, state: GameState) -> Move | None:
        if auction_settled(state):
            return None
        au = state.auction
        assert au is not None   # phase AUCTION
        for b in au.bidders:
            if has(au.passed, b) or b == au.high_bidder or not self._seated(b):
                continue
            bot = self._native(b)
            a = bot.decide(state, b) if bot is not None else self.bots[b].decide(state, b)
            if a is None:
                return self._move(b, A.Pass(b), "bid", False)
            return self._move(b, a, "bid", bot is not None)
        return None

    def refused(self, state: GameState, move: Move) -> Move | None:
        """The engine refused ``move``: what the rules force on its player instead, when the
        game waits for him (None: nothing, the table goes on with its order)."""
        if state.phase == AUCTION or actor(state) != move.seat:
            return None
        f = forced_action(state, move.seat)
        if f is None or f == move.action:
            return None
        return Move(move.seat, f, "forced")

    # -- memory ------------------------------------------------------------------------------
    def memory(self) -> dict[str, Any]:
        """The table's bookkeeping and each computer's memory, as plain data (JSON)."""
        return {"window": [self.window_turn, self.window_rolls, self.window_seats[::-1],
                           self.window_steps],
                "claim": None if self.claim_asked is None else list(self.claim_asked),
                "computers": {str(seat): bot.memory() for seat, bot in sorted(self.bots.items())}}

    def restore(self, data: dict[str, Any], state: GameState) -> None:
        """Take back a ``memory()`` saved with ``state``. Raises ValueError (or KeyError,
        TypeError) on data that is not one."""
        turn, rolls, seats, steps = data["window"]
        self.window_turn, self.window_rolls, self.window_steps = int(turn), int(rolls), int(steps)
        self.window_seats = [int(s) for s in reversed(seats)]
        c = data["claim"]
        self.claim_asked = None if c is None else (int(c[0]), int(c[1]), int(c[2]), int(c[3]),
                                                   int(c[4]))
        saved = data["computers"]
        if sorted(int(k) for k in saved) != sorted(self.bots):
            raise ValueError("the saved computer players are not this game's")
        for seat, bot in self.bots.items():
            bot.restore(saved[str(seat)], state, seat)


_TURN_PHASES: Final = frozenset((ROLL, JAIL, BUY, CARD_CHOICE))   # actor: the current player
_WHY: Final = {"trade": "answer", "place_building": "place"}
