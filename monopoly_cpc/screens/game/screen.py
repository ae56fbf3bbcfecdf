"""The game screen: the whole board on top, the window below, the turn as the manual tells it.

The screen shows a ``Game`` (``game.game``: the state, the computers' table, the setup) and adds
only the pace, the show and the people's keys: when nothing is being shown it looks at the
engine's phase and who must act.  A computer player acts by itself after a pause (speed 1-3:
the game's next move, ``Game.next_move``); a human gets the prompt mode of that phase (dice,
buy, auction, jail, debt, ...) and answers with keys.  The T P H L M letters (and E, CTRL+C,
``+ - ?``) open the command modes of ``monopoly_cpc.screens.game.modes.REGISTRY`` over it.
See docs/screens.md for the layout, the raster bands and the mode host.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from monopoly_cpc.ai.table import Move
from monopoly_cpc.game.game import Game
from monopoly_cpc.render.board import cell as board_cell
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import IllegalAction
from monopoly_cpc.rules.events import Event
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    FREE_PHASES,
    GAME_OVER,
    JAIL,
    ROLL,
    START_ROLL,
    Player,
)
from monopoly_cpc.screens.base import AppContext, Screen
from monopoly_cpc.screens.game.computers import PACE
from monopoly_cpc.screens.game.describe import line_of
from monopoly_cpc.screens.game.host import SIGN_ALIASES, Mode, Refusal
from monopoly_cpc.screens.game.show import CARD, PAUSE, EventShow, Step
from monopoly_cpc.screens.game.view import UNTIL_ROLL, View, paint, paint_key, waiting_for
from monopoly_cpc.texts import load_texts, money

TYPEAHEAD = 20   # keys kept while events are being shown (the CPC firmware buffers about as many)
# ticks a human owner has to press L, counted from the moment "tapez L pour réclamer le loyer"
# is on screen, before a computer may roll the dice (which would lose the rent), by speed 1..3:
# 6 s, 4 s, 2 s.  Type-ahead that hurries the messages and open windows do not shorten it.
CLAIM_TICKS = {1: 300, 2: 200, 3: 100}
# ticks the title deed shown by SPACE stays when no key is pressed (8 s), then the question
# of the turn comes back; a key takes it away sooner, a cursor key shows the next square's
DEED_TICKS = 400
CURSOR_KEYS = ("UP", "DOWN", "LEFT", "RIGHT")
LOG_KEPT = 40   # messages of the game's log kept in a save (the screen shows fewer)
JOURNAL_KEPT = 400   # messages of the journal (J) kept in a save, with their turns' headings




class GameScreen(Screen):
    """The board, the turn and the mode host (the facade is documented in host.py)."""

    plays_game = True

    def __init__(self, ctx: AppContext, game: Game) -> None:
        super().__init__(ctx)
        self.texts = load_texts(ctx.lang)
        self.game = game
        state = self.state = game.state
        bots = self.bots = game.bots
        self.table = game.table   # the computers' order of play and answers (the modes ask it)
        self.speed = ctx.speed
        # what the picture shows beyond the state; the close-up starts idle (then on the
        # square of the player the game waits for, view.closeup_focus)
        self.view = View(shown=[p.pos for p in state.players],
                         focus=(state.players[state.current].pos, "idle"))
        self.modes: list[Mode] = []  # opened by keys (T P H L M ...), on top of the prompt
        self.prompt: Mode | None = None
        self.prompt_key: tuple = ()
        self.wait = PACE[self.speed]
        self.clock_acc = 0
        # the human owner's rent on screen: (payer, square, tick its message appeared); a game
        # resumed with one due (its message shown before the save) starts his time now
        c = state.claim
        self.claim_shown: tuple[int, int, int] | None = (
            None if c is None or c.owner in bots else (c.payer, c.square, 0))
        self.typeahead: list = []
        self.ticks = 0
        # the show knows the view, the event lines and the session's audio (looked up each
        # time: it may be replaced), not the screen
        self.show = EventShow(self.view, self.speed, partial(line_of, self.texts, state, bots),
                              lambda: ctx.audio)
        self.on_game_over: Callable | None = None  # instead of the end screen after the winner
        if state.variant.deal_deeds and state.phase == START_ROLL:
            self._announce_dealt_deeds()
        self._ensure_prompt()
        # what the screen remembers goes with the game's memory (a resumed game's comes back)
        game.take_shown(_Shown(self))

    def _announce_dealt_deeds(self) -> None:
        """The quick game's title deeds dealt before the first roll: one line per player (what
        he got and paid), each deed shown in the window, as a purchase shows it."""
        st = self.state
        t = self.texts
        for i, p in enumerate(st.players):
            deeds = [s for s in st.board.properties if st.owner[s] == i]
            if not deeds:
                continue
            names = [st.board.names[s] for s in deeds]
            listed = ", ".join(names[:-1]) + f" {t['game.and']} " + names[-1] if len(names) > 1 else names[0]
            line = t.get("game.dealt", name=p.name, deeds=listed,
                         cost=money(sum(st.board.prices[s] for s in deeds)))
            self.show.queue.append(Step("say", PAUSE[self.speed], None, line))
            self.show.queue.extend(Step("deed", CARD[self.speed] // 2, None, data=(s,)) for s in deeds)

    # -- the facade (host.py) ---------------------------------------------------------------
    @property
    def cursor(self) -> int:
        return self.view.cursor

    @property
    def log(self) -> list[str]:
        return self.view.log

    @property
    def journal(self) -> list[str]:
        return self.view.journal

    @property
    def turns(self) -> list[tuple[int, int, int]]:
        return self.view.turns

    @property
    def said(self) -> int:
        return self.view.said

    @property
    def last_said(self) -> str:
        return self.view.last_said

    @property
    def busy(self) -> bool:
        return self.show.busy

    @property
    def showing(self) -> Event | None:
        return self.show.showing

    @property
    def current(self) -> int:
        return self.state.current

    def player(self, index: int) -> Player:
        return self.state.players[index]

    def is_computer(self, index: int) -> bool:
        return index in self.bots

    def money(self, amount: int) -> str:
        return money(amount)

    def apply(self, action) -> tuple[bool, Any]:
        """Through the game (``Game.apply``: a computer's refused ``Move`` gives way to what the
        rules force); the events are shown and heard. (False, reason) if refused."""
        # the status line keeps the figures of before until the move is shown: the cash must not
        # tell a card's or a tax's outcome before the pawn gets there
        cash = None if self.show.busy else tuple(p.cash for p in self.state.players)
        events = self.game.apply(action)
        if isinstance(events, IllegalAction):
            return False, Refusal.of(events, self.texts)
        if cash is not None and events:
            self.view.cash = cash
        self.show.add(events)
        return True, events

    def computer_move(self, claims_only: bool = False) -> Move | None:
        """The game's next computer move (``Game.next_move``), applied and shown; None if there
        was none, or nothing was applied. The screen's pace calls it, and the windows that set
        the pace themselves (the auction's bids, the T window's answer)."""
        move = self.game.next_move(claims_only)
        if move is None or not self.apply(move)[0]:
            return None
        return move

    def move_cursor(self, delta: int) -> None:
        self.set_cursor(self.view.cursor + delta)

    def set_cursor(self, square: int) -> None:
        v = self.view
        v.cursor = square % 40
        v.cursor_on = True
        v.focus = (v.cursor, "cursor")

    def show_deed(self, square: int) -> None:
        self.view.show_deed(square)

    def say(self, text: str) -> None:
        self.view.say(text)

    def push(self, mode: Mode) -> None:
        self.modes.append(mode)

    def pop(self, mode: Mode) -> None:
        if mode in self.modes:
            self.modes.remove(mode)
            if self.view.focus[1] == "cursor":
                # the window that moved the cursor (H, M, P's deeds) is gone: the close-up goes
                # back to the game
                self.view.focus = (self.view.focus[0], "idle")
        elif mode is self.prompt:
            self.prompt = None
            self.prompt_key = ()
        self.view.deed = -1
        self.view.deed_left = 0

    def game_over_next(self) -> None:
        """After the winner's window: the ``on_game_over`` hook if set, else the end screen."""
        if self.on_game_over is not None:
            self.on_game_over(self)
            return
        self.ctx.after("game", self.state)

    # -- events being shown -------------------------------------------------------------------
    def _event_shown(self, ev) -> None:
        """What an event on screen starts: the owner's pawn and his time to claim when rent
        is due (the close-up already shows its square: the event show moved it).  Done in the
        tick the show reports it; a rent due is a message that stays a while, so the claim's
        line comes right after it, before anything else the show says."""
        if ev.kind == "rent_due" and not self.state.variant.auto_rent:
            self.view.highlight = (ev.other, ev.square)
            if ev.other not in self.bots:
                self.say(self.texts.get("game.rent_claim", owner=self.state.players[ev.other].name))
                self.claim_shown = (ev.player, ev.square, self.ticks)
        elif ev.kind in ("rent_paid", "rent_lost", "debt"):
            self.view.highlight = None
            if self.state.claim is None:
                self.claim_shown = None

    def _show_over(self) -> None:
        """The queue is empty: the pawns stand where the engine says."""
        v = self.view
        v.shown = [p.pos for p in self.state.players]
        top = self.modes[-1] if self.modes else None
        if top is not None and top.takes_cursor:
            v.focus = (v.cursor, "cursor")   # a window picking with the cursor keeps it in view
        elif v.focus[1] != "cursor":
            v.focus = (v.focus[0], "idle")
        st = self.state
        if self.table.claim_unasked(st):
            # a computer owner claims at once, before anybody can roll the dice again (the
            # table's next move is that claim, or a window's move that comes before it)
            self.computer_move(claims_only=True)
        if v.highlight and (st.claim is None or st.claim.square != v.highlight[1]):
            v.highlight = None

    # -- keys ---------------------------------------------------------------------------------
    def on_key(self, ev) -> None:
        if self.typeahead and not self.show.busy:
            self._drain()  # keys typed before this one go first, in the order typed
        if self.typeahead or (self.show.busy and not self._takes_now(ev)):
            # like the CPC's key buffer: the key waits for the end of what is being shown,
            # and the message on screen is cut short
            self.show.skip()
            # SPACE or ENTER alone only hurries the show; after typed keys (a bid, a number)
            # they belong to what is being typed
            hurry = (ev.key == "SPACE" or ev.is_enter) and not self.typeahead
            if not hurry and len(self.typeahead) < TYPEAHEAD:
                self.typeahead.append(ev)
            return
        self._key(ev)

    def _takes_now(self, ev) -> bool:
        """While events are being shown: True for a key that acts at once instead of waiting
        in the type-ahead (the cursor keys, and every key of an open command window: its
        ENTER, ESC, SPACE and digits are its own, not "skip the message")."""
        if ev.key in CURSOR_KEYS:
            return True
        return bool(self.modes) and not getattr(self.modes[-1], "waits_for_show", False)

    def _drain(self) -> None:
        """The type-ahead's keys, oldest first, until one starts a new show."""
        while self.typeahead and not self.show.busy:
            self._key(self.typeahead.pop(0))
            self._ensure_prompt()

    def _key(self, ev) -> None:
        self._ensure_prompt()  # the question answered is always the engine's current one
        if ev.char == "\x03":
            # CTRL+C ends the game (the engine accepts it only at the end of a move); it goes
            # before the prompt, which would otherwise read it as C (the account).  An open
            # command window is closed first, as ESC would (one command at a time).
            for mode in list(reversed(self.modes)):
                mode.close()
            self._open("^C")
            return
        top = self.modes[-1] if self.modes else self.prompt
        v = self.view
        if ev.letter == "L" and top is not self.prompt and self._claim_rent():
            return   # a rent due is claimed from any window (it is lost at the next roll)
        if v.deed_left and ev.key not in CURSOR_KEYS:
            # the title deed shown by SPACE goes: the question under it comes back; ESC and
            # SPACE only take it away, another key also does what it does, and so does ENTER
            # where a window picks a property with the cursor (the debt window's H, V, M:
            # ENTER there takes the property looked at, as in the H command)
            v.deed = -1
            v.deed_left = 0
            picking = top is not None and top.takes_cursor
            if ev.key in ("SPACE", "ESC") or (ev.is_enter and not picking):
                return
        if top is not None and top.on_key(ev):
            return
        if ev.key in CURSOR_KEYS:
            self._cursor_key(ev.key)
            if v.deed_left:
                self._space_deed()  # the deed follows the cursor
            return
        if ev.key == "SPACE":
            self._space_deed()
            return
        if self.modes:
            return  # one command at a time: letters do not open a mode over another
        letter = ev.letter
        if letter == "L" and self._claim_rent():
            return
        if letter in ("T", "P", "H", "L", "M", "E", "J"):  # E: Emprunt (MONOPOLIC loans), J: journal
            self._open(letter)
        elif letter is None and ev.char and not ev.char.isalnum() and ev.char.isprintable():
            # the '+', '-', '?' views; other signs open nothing
            self._open(SIGN_ALIASES.get(ev.char, ev.char))

    def pad_fire(self) -> str:
        """The key a controller's fire 1 presses (``keyboard.pad``): D where the player on
        turn, a person, rolls; O where he is asked to buy; ENTER in a command window, while
        events are shown, and elsewhere."""
        st = self.state
        actor = self.actor()
        if self.modes or self.busy or actor < 0 or self.is_computer(actor):
            return "RETURN"
        if st.phase in (ROLL, START_ROLL, JAIL):
            return "D"
        return "O" if st.phase == BUY else "RETURN"

    def _space_deed(self) -> None:
        """SPACE: the title deed of the square under the cursor, for a while."""
        self.view.show_deed(self.view.cursor)
        self.view.deed_left = DEED_TICKS

    def _open(self, letter: str) -> None:
        """Push the command mode of this key, if it has one."""
        from monopoly_cpc.screens.game.modes import REGISTRY  # the modes build on this package

        factory = REGISTRY.get(letter)
        if factory is not None:
            self.push(factory(self))

    def _claim_rent(self) -> bool:
        """The simple L of the turn: the owner of the rent just due claims it."""
        c = self.state.claim
        if c is None or c.owner in self.bots or self.state.phase not in FREE_PHASES:
            return False
        ok, _ = self.apply(A.ClaimRent(c.owner))
        return ok

    def _cursor_key(self, key: str) -> None:
        """Move to the neighbouring square that lies in the direction of the arrow."""
        dx, dy = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}[key]
        cursor = self.view.cursor
        here = board_cell(cursor)
        cx, cy = here.x + here.w / 2, here.y + here.h / 2
        best = None
        for delta in (1, -1):
            c = board_cell((cursor + delta) % 40)
            mx, my = c.x + c.w / 2 - cx, c.y + c.h / 2 - cy
            if mx * dx + my * dy > 0:
                best = delta
        if best is not None:
            self.move_cursor(best)
        self.view.cursor_on = True

    # -- the picture ------------------------------------------------------------------------------
    def draw(self, fb) -> None:
        # while events are being shown the window is the message log: the next question
        # appears only once the pawn has arrived and the pause is over
        # (the auction's window stays while its bids and its gavel are shown)
        busy = self.busy
        prompt = self.prompt if not busy or getattr(self.prompt, "draws_while_shown", False) else None
        top = self.modes[-1] if self.modes else prompt
        claim_left = self.claim_status()
        paint(fb, self.state, self.view, self.texts, top, ticks=self.ticks, busy=busy,
              claim_left=claim_left)

    def draw_key(self) -> tuple | None:
        """What :meth:`draw` would paint (``view.paint_key``, with the same window and clocks)."""
        busy = self.busy
        prompt = self.prompt if not busy or getattr(self.prompt, "draws_while_shown", False) else None
        top = self.modes[-1] if self.modes else prompt
        claim_left = self.claim_status()
        return paint_key(self.state, self.view, top, ticks=self.ticks, busy=busy, claim_left=claim_left)

    # -- the 50 Hz step -------------------------------------------------------------------------
    def tick(self) -> None:
        self.ticks += 1
        v = self.view
        v.dice.tick()
        self._clock()
        if v.deed_left:
            v.deed_left -= 1
            if not v.deed_left:
                v.deed = -1
        for mode in list(self.modes):
            watch = getattr(mode, "watch", None)
            if watch is not None:
                watch()  # a window that goes with the state, shown events or not (the L's)
        if self.show.busy:
            shown = self.show.tick()
            for ev in shown.events:
                self._event_shown(ev)
            if shown.done:
                self._show_over()
            return
        self._ensure_prompt()
        self._drain()
        top = self.modes[-1] if self.modes else self.prompt
        if top is not None:
            top.tick()
        if not self.show.busy:     # (the mode's tick may have started a show)
            self._drive()

    def _clock(self) -> None:
        st = self.state
        if not st.variant.time_limit_ticks or st.phase == GAME_OVER or st.time_up:
            return
        if st.phase == START_ROLL:
            return  # the clock starts with the first turn
        self.clock_acc += 1
        if self.clock_acc >= 50:
            self.clock_acc = 0
            self.apply(A.AdvanceClock(50))

    def actor(self) -> int:
        """Who the engine waits for (-1: nobody, or anybody in an auction): ``rules.actor``."""
        return waiting_for(self.state)

    def _drive(self) -> None:
        st = self.state
        self._ensure_prompt()
        if st.phase in (GAME_OVER, AUCTION):
            return  # the winner's window / the auction mode runs the show
        if any(getattr(m, "paces_computers", False) for m in self.modes):
            return  # a window sets the computers' pace (the T window: its partner's answer)
        if self.wait > 0:
            self.wait -= 1
            return
        if self.actor() in self.bots and st.phase in (ROLL, JAIL) and self.claim_ticks_left() > 0:
            # the human owner's time to press L before the awaited computer's roll loses his
            # rent: that computer waits; the others' out-of-turn moves and claims go on
            self.computer_move(claims_only=True)
            self.wait = PACE[self.speed]
            return
        if self.computer_move() is not None:
            self.wait = PACE[self.speed]

    def claim_status(self) -> int:
        """What the status line tells of a person's rent on screen: the ticks before the
        computer's roll that loses it, ``UNTIL_ROLL`` when a person rolls next (the rent is
        his until that roll, however long it takes), 0 for nothing."""
        c = self.state.claim
        if self.claim_shown is None or c is None or c.owner in self.bots or self.state.variant.auto_rent:
            return 0
        if self.actor() not in self.bots:
            return UNTIL_ROLL
        return self.claim_ticks_left()

    def claim_ticks_left(self) -> int:
        """Ticks the human owner of the rent due still has before a computer may roll: the
        gate before every computer's roll (0: none due, the owner is a computer, or his time
        is up).  The time runs from the moment his 'tapez L' message went on screen; until
        then it has not started."""
        c = self.state.claim
        if c is None or c.owner in self.bots or self.state.variant.auto_rent:
            return 0
        shown = self.claim_shown
        if shown is None or shown[:2] != (c.payer, c.square):
            return CLAIM_TICKS[self.speed]  # the message is not on screen yet
        return max(0, CLAIM_TICKS[self.speed] - (self.ticks - shown[2]))

    def _ensure_prompt(self) -> None:
        """The prompt mode for what the engine waits for (replaced when the phase moves on)."""
        from monopoly_cpc.screens.game.prompts import prompt_for

        key, factory = prompt_for(self)
        if key == self.prompt_key:
            return
        self.prompt_key = key
        self.prompt = factory(self) if factory is not None else None

    # -- the save --------------------------------------------------------------------------------
    def at_rest(self) -> bool:
        """A turn waits for its dice and nothing is being shown, typed or asked in a window:
        the moment a save holds everything (``Game.memory``) for the game to go on alike."""
        return (not self.show.busy and not self.modes and not self.typeahead
                and self.state.phase in ("roll", "jail"))


class _Shown:
    """The game screen's part of the game's memory (``Game.shown``): the pace in progress (with
    the tick a human owner's 'tapez L' went on screen, from which his time to claim runs) and
    what the screen shows (the last messages, the dice, the owner's pawn). Plain data (JSON)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen

    def memory(self) -> dict[str, Any]:
        g = self.screen
        shown = g.claim_shown
        v = g.view
        cut = max(0, len(v.journal) - JOURNAL_KEPT)
        # the turns of the journal kept, the one it begins in included (its heading)
        first = max((k for k, (at, _r, _p) in enumerate(v.turns) if at <= cut), default=0)
        return {"pace": [g.wait, g.clock_acc, g.ticks, v.mover],
                "claim_shown": None if shown is None else list(shown),
                "log": list(v.log[-LOG_KEPT:]), "said": [v.said, v.last_said],
                "dice": list(v.dice.faces),
                "highlight": None if v.highlight is None else list(v.highlight),
                "journal": v.journal[cut:],
                "turns": [[max(0, at - cut), rnd, p] for at, rnd, p in v.turns[first:]]}

    def restore(self, data: dict[str, Any]) -> None:
        """Take back a :meth:`memory`. Data that is not one raises ValueError, KeyError or
        TypeError, and leaves the screen as it was."""
        wait, clock_acc, ticks, mover = (int(x) for x in data["pace"])
        c = data["claim_shown"]
        claim_shown = None if c is None else (int(c[0]), int(c[1]), int(c[2]))
        log = [str(line) for line in data["log"]]
        said, last_said = int(data["said"][0]), str(data["said"][1])
        d1, d2 = (int(x) for x in data["dice"])
        h = data["highlight"]
        highlight = None if h is None else (int(h[0]), int(h[1]))
        g = self.screen
        # the journal and its turns (a save without them: the log's lines, and the round
        # worked out from the turns begun)
        journal = [str(line) for line in data.get("journal", log)]
        turns = [(int(at), int(rnd), int(p)) for at, rnd, p in data.get("turns", ())]
        players = sum(not p.bankrupt for p in g.state.players) or 1
        first_round = 1 if turns else 1 + max(0, g.state.turn - 1) // players
        g.wait, g.clock_acc, g.ticks = wait, clock_acc, ticks
        g.claim_shown = claim_shown
        v = g.view
        v.mover = mover
        v.log, v.said, v.last_said = log, said, last_said
        v.journal, v.turns, v.first_round = journal, turns, first_round
        v.dice.faces = (d1, d2)
        v.highlight = highlight
