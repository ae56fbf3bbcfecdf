"""The bank's auction window: 'une fois, deux fois, adjugé'.

Each player types his number, then his bid and ENTER (seeds/002 ENCHERES); his number then
ENTER with no amount leaves the auction (in a shortage of buildings, that is how a player says
he does not want one).  A bid above the bidder's assets is void and refused with a message.
Computer players bid by themselves in round amounts (``ai.bot.round_bid``), never sooner than
``BID_DELAY`` after the last bid, so that a person can read it and answer.  The gavel falls
after a quiet spell: every bid starts the count again.  A person's bid is never overtaken
while he types it: from his number key until ENTER, DEL back to an empty amount, or
``HOLD_TICKS`` without a key, the computers hold their bids and the count waits, and row 3
says that a bid is being typed.  The window keeps one layout from its first picture to the gavel: rows 1-2 the best bid
and the keys, row 3 the calls ("une fois", "deux fois", "adjugé"), row 4 the last message or
the bid being typed, row 5 a refusal, until the next bid is made (a refusal names the bid
before it); the window stays while the bids and the gavel are being shown.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.screens.game.entry import LineEntry
from monopoly_cpc.screens.game.host import Mode, window_line, wrap
from monopoly_cpc.screens.game.window import bar

# ticks of silence before "une fois", "deux fois", "adjugé", by speed 1..3 (at the usual
# speed 2, 2 s between the calls: time to type one's number after "une fois")
GOING = {1: (150, 250, 350), 2: (125, 225, 325), 3: (50, 90, 130)}
# ticks a computer waits after the last bid (or the opening) before it bids or leaves, by
# speed 1..3: 2 s, 1.5 s, 0.8 s (always before "une fois")
BID_DELAY = {1: 100, 2: 75, 3: 40}
BID_MAX_DIGITS = 7
# ticks without a key after which a bid being typed no longer holds the computers and the
# gavel (4 s: a person types about 3 keys a second)
HOLD_TICKS = 200
# the engine's events that end an auction (the window stays while one is shown)
GAVEL_EVENTS = frozenset({"auction_won", "auction_unsold", "auction_void", "shortage_alone"})
AUCTION_INK = 15  # orange bar


class AuctionMode(Mode):
    """Runs one auction of the engine (``state.auction``) until the gavel falls."""

    rows = 6

    def __init__(self, host) -> None:
        super().__init__(host)
        self.quiet = 0           # ticks since the last bid
        self.bidder = -1         # the human typing a bid (-1: none)
        self.entry: LineEntry | None = None
        self.message = ""
        self.wait = 0
        self.last_bid = host.ticks   # tick of the last bid (the opening before any)
        self.typed_at = 0            # tick of the last key of the bid being typed
        self.rubbed_out = False      # DEL took the bid being typed back to empty
        # the auction of this window (the prompt is made again for another one), kept for the
        # gavel's picture once the engine has closed it
        self.seen = host.state.auction

    @property
    def draws_while_shown(self) -> bool:
        """The auction's layout stays while its bids are shown, and its gavel (the game
        screen draws this window then instead of the message log)."""
        if self.host.state.auction is not None:
            return True
        event = self.host.showing
        return event is not None and event.kind in GAVEL_EVENTS

    @property
    def auction(self):
        return self.host.state.auction

    def _can_bid(self, i: int) -> bool:
        au = self.auction
        return au is not None and i in au.bidders and i not in au.passed

    # -- keys -----------------------------------------------------------------------------
    def on_key(self, ev) -> bool:
        if ev.repeat and self.entry is None:
            return False
        t = self.host.texts
        if self.entry is not None:
            if ev.key == "ESC":
                self.entry = None
                self.bidder = -1
                return True
            if self.entry.feed(ev):
                amount = self.entry.value
                who = self.bidder
                self.entry = None
                self.bidder = -1
                if amount > 0:
                    self._bid(who, amount)
                else:
                    self._pass(who)
            else:
                self._typed(ev)
            return True
        d = ev.digit
        if d is not None:
            i = d - 1
            if self._can_bid(i) and not self.host.is_computer(i):
                self.bidder = i
                self.entry = LineEntry(BID_MAX_DIGITS, digits=True)
                self.message = ""
                self._typed(ev)
            elif 0 <= i < len(self.host.state.players):
                self.message = t["auction.not_you"]
            return True
        return False

    # -- the hold while a person types a bid ------------------------------------------------
    def _typed(self, ev) -> None:
        """A key of the bid being typed: the hold runs again from now, unless DEL took the
        amount back to nothing (the person gave up typing)."""
        self.typed_at = self.host.ticks
        self.rubbed_out = ev.key in ("DEL", "CLR") and self.entry is not None and not self.entry.text

    def holding(self) -> bool:
        """True while a person types a bid: the computers hold their bids, the gavel waits."""
        return (self.entry is not None and not self.rubbed_out
                and self.host.ticks - self.typed_at < HOLD_TICKS)

    def _pass(self, who: int) -> None:
        """The number then ENTER alone: the player leaves the auction."""
        ok, why = self.host.apply(A.Pass(who))
        if not ok:
            self.host.ctx.audio.cue("error")
            self.message = getattr(why, "text", "") or self.host.texts["auction.refused"]

    def _bid(self, who: int, amount: int) -> None:
        ok, why = self.host.apply(A.Bid(who, amount))
        if ok:
            self.quiet = 0
            self.last_bid = self.host.ticks
            self.message = ""
            return
        t = self.host.texts
        self.host.ctx.audio.cue("error")
        # the computers wait as after a bid, so that the refusal can be read (and a better
        # bid typed) before their next bid takes it away
        self.last_bid = self.host.ticks
        code = getattr(why, "code", "")
        if code == "bid_above_assets":
            self.message = t["auction.refused_assets"]
        elif getattr(why, "text", ""):
            self.message = why.text     # the rules' own line: 'Offrez plus de 12.000 F'...
        else:
            self.message = t["auction.refused"]

    # -- time -----------------------------------------------------------------------------
    def tick(self) -> None:
        if self.entry is not None:
            self.entry.tick()
            if self.holding():
                return
        au = self.auction
        if au is None or self.host.busy:
            return
        if self.wait > 0:
            self.wait -= 1
        elif self._computers_bid():
            return
        self.quiet += 1
        going = GOING[self.host.speed]
        t = self.host.texts
        if self.quiet == going[0]:
            self.host.say(t["auction.going1"])
            self.host.ctx.audio.cue("going")
        elif self.quiet == going[1]:
            self.host.say(t["auction.going2"])
            self.host.ctx.audio.cue("going")
        elif self.quiet >= going[2]:
            self.host.apply(A.CloseAuction())  # 'adjugé': the engine's event brings the gavel

    def _computers_bid(self) -> bool:
        """The game's next computer bidder bids or leaves (``host.computer_move``: the window
        sets the pace, the game says who bids and what); True if one did."""
        from monopoly_cpc.screens.game.computers import PACE

        if self.host.ticks - self.last_bid < BID_DELAY[self.host.speed]:
            return False   # time for a person to read the last bid and to answer it
        move = self.host.computer_move()
        if move is None:
            return False
        if isinstance(move.action, A.Bid):
            self.quiet = 0
            self.last_bid = self.host.ticks
            self.message = ""   # a refusal ('Offrez plus de 6.000 F') was of the bid before
        self.wait = PACE[self.host.speed]
        return True

    # -- picture --------------------------------------------------------------------------
    def last_line(self) -> str:
        """The last message, whole, but not "une fois" / "deux fois" again (row 3 has it): read
        from the journal, so that the picture depends on the game alone, never on which ticks
        were drawn before (a replay's --verify draws one tick in 50)."""
        t = self.host.texts
        going_lines = (t["auction.going1"], t["auction.going2"])
        for text in reversed(self.host.journal):
            if text not in going_lines:
                return text
        return ""

    def draw(self, fb) -> None:
        au = self.auction
        t = self.host.texts
        st = self.host.state
        gavel = au is None
        if gavel:
            au = self.seen    # the gavel fell: the same window while it is being shown
            if au is None or not self.draws_while_shown:
                return
        what = st.board.names[au.square] if au.square >= 0 else t[
            "auction.hotel" if au.kind == "hotel" else "auction.building"]
        bar(fb, 0, t.fit("auction.heading", square=what), AUCTION_INK)
        if au.high_bidder >= 0:
            fields = {"amount": self.host.money(au.high_bid), "n": au.high_bidder + 1}
            best = t.get("auction.best", name=st.players[au.high_bidder].name, **fields)
            if len(best) > 40:   # a long name with a big bid: the player's number only
                best = t.get("auction.best_short", **fields)
            window_line(fb, 1, best, 1)
        else:
            window_line(fb, 1, t.get("auction.none", amount=self.host.money(au.min_bid)), 1)
        numbers = " ".join(f"{i + 1}" for i in au.bidders if i not in au.passed)
        window_line(fb, 2, t.get("auction.how", numbers=numbers), 2)
        going = GOING[self.host.speed]
        if gavel:
            pass   # row 4 says "Adjugé ! ..." in full
        elif self.holding():
            window_line(fb, 3, t.get("auction.typing", name=st.players[self.bidder].name), 1)
        elif self.quiet >= going[1]:
            window_line(fb, 3, t["auction.going2"], 3)
        elif self.quiet >= going[0]:
            window_line(fb, 3, t["auction.going1"], 3)
        if self.entry is not None:
            self.entry.draw(fb, 0, 22, t.get("auction.who", n=self.bidder + 1,
                                              name=st.players[self.bidder].name))
        else:
            lines = wrap(self.last_line(), 40) or [""]
            window_line(fb, 4, lines[0], 2)
            if len(lines) > 1 and not self.message:
                window_line(fb, 5, lines[1], 2)
        if self.message:
            window_line(fb, 5, self.message, 3)
