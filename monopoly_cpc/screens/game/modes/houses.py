"""M Maisons (seeds/002 part C): buy or sell houses and hotels.

The program asks whether it is a purchase or a sale (A/V).  For a purchase every player states
his demand first (humans type a number, computer players say theirs), so that everybody has
had his chance before the bank sells; when there are fewer houses in the bank than demanded,
the engine's shortage rule puts them up for auction (MANQUE DE CONSTRUCTIONS) and the
auction window takes over.  Then each buyer builds one property at a time: the cursor picks
it, SPACE shows it, ENTER adds a house (or the hotel) after the even-building checks.  A sale
is one property at a time the same way.  Q quits.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.queries import build_starts_auction, can_build, level
from monopoly_cpc.screens.game.describe import group_sale, group_sale_question, sold_words
from monopoly_cpc.screens.game.host import wrap
from monopoly_cpc.screens.game.modes.base import CommandMode

ASK, DEMAND, BUILD, SELLER, SELL, DONE = range(6)
DEMAND_DIGITS = 2


class HousesMode(CommandMode):
    """The M command."""

    title_key = "cmd.houses.heading"

    def __init__(self, host) -> None:
        super().__init__(host)
        self.step = ASK
        self.order: list[int] = []          # players still to state their demand
        self.demand: dict[int, int] = {}    # player -> buildings wanted
        self.builder = -1
        self.left = 0
        self.seller = -1
        self.builders: list[int] = []       # humans who still build, in seat order
        self.confirm = -1                   # the square of a group sale waiting for O or N
        self.confirm_sold: list = []        # what that sale sells (the engine's 'sell' events)
        if not self.free():
            self.note(self.tx("cmd.not_now"))
            self.step = DONE
        host.set_cursor(0)             # the cursor starts on Départ, as in H

    @property
    def takes_cursor(self) -> bool:  # type: ignore[override]
        return self.step in (BUILD, SELL)

    def question(self) -> str:
        if self.step == ASK:
            return self.tx("cmd.houses.buy_or_sell")
        if self.step == DEMAND and self.order:
            i = self.order[0]
            return self.tx("cmd.houses.demand", name=self.name(i), n=i + 1)
        if self.step == BUILD:
            return self.tx("cmd.houses.build_keys")
        if self.step == SELLER:
            return self.tx("cmd.houses.seller")
        if self.step == SELL and self.confirm >= 0:
            return ""       # the question is in the body, whole (two rows)
        if self.step == SELL:
            return self.tx("cmd.houses.sell_keys")
        if self.step == DONE:
            return ""   # over: the window only stays while its outcome is shown (no ESC line)
        return self.tx("cmd.esc")

    def body(self) -> list[str]:
        lines = self.lines[-4:]
        if self.step == BUILD:
            return lines[-3:] + [self.tx("cmd.houses.build", name=self.name(self.builder), left=self.left)]
        if self.step == SELL and self.confirm >= 0:
            asked = wrap(group_sale_question(self.t, self.state, self.confirm_sold), 40)[:4]
            keep = 4 - len(asked)          # the question whole, the latest lines above it
            return (lines[-keep:] if keep else []) + asked
        if self.step == SELL:
            return lines[-3:] + [self.tx("cmd.houses.sell", name=self.name(self.seller))]
        return lines

    # -- keys ------------------------------------------------------------------------------
    def key(self, ev) -> bool:
        if ev.repeat and ev.key not in ("UP", "DOWN", "LEFT", "RIGHT"):
            return True
        if self.step == DONE:
            self.close()
            return False
        if ev.letter == "Q":
            self.close()
            return True
        if self.step == ASK:
            if ev.letter == "A":
                self._start_demands()
            elif ev.letter == "V":
                self.step = SELLER
            return True
        if self.step == SELLER:
            i = self.player_digit(ev)
            if i is not None:
                self.seller = i
                self.step = SELL
            return True
        if self.step == SELL and self.confirm >= 0:
            return self._confirm_key(ev)
        if self.step in (BUILD, SELL):
            if ev.key == "SPACE":
                self.detail = self.host.cursor
                return True
            if ev.is_enter:
                if self.step == BUILD:
                    self._build(self.host.cursor)
                else:
                    self._sell(self.host.cursor)
                return True
            return False       # cursor keys move the board cursor
        return True

    # -- demands ---------------------------------------------------------------------------
    def _start_demands(self) -> None:
        st = self.state
        self.step = DEMAND
        self.order = []
        for i in st.alive():
            if self.host.is_computer(i):
                k = self._computer_demand(i)
                self.demand[i] = k
                if k:
                    self.note(self.tx("cmd.houses.demand_cpu", name=self.name(i), k=k))
            elif self._can_build_somewhere(i):
                self.order.append(i)
            else:       # no group to build on: not asked, and told so at once
                self.demand[i] = 0
                self.note(self.tx("cmd.houses.cannot_build", name=self.name(i)))
        self._next_demand()

    def _auction_ahead(self, wanting: list[int]) -> str | None:
        """'house' or 'hotel' when a building asked for would go to auction: the engine's own
        shortage rule (``rules.queries.build_starts_auction``, which counts
        ``shortage_bidders``) holds for a street of one of the players; else None."""
        st = self.state
        top = st.variant.houses_before_hotel
        for i in wanting:
            for s in st.board.streets:
                if st.owner[s] == i and build_starts_auction(st, i, s):
                    return "hotel" if level(st, s) == top else "house"
        return None

    def _computer_demand(self, i: int) -> int:
        """A computer player's stated demand, as the table answers it (``Table.wants_building``)."""
        return 1 if self.host.table.wants_building(self.state, i) else 0

    def _next_demand(self) -> None:
        if self.order:
            self.ask_amount(DEMAND_DIGITS)
            return
        self._demands_done()

    def on_amount(self, value: int | None) -> None:
        if self.step != DEMAND or not self.order:
            return
        i = self.order.pop(0)
        if value and not self._can_build_somewhere(i):
            # no complete, unmortgaged group with room left: nothing to build, say so now
            self.note(self.tx("cmd.houses.cannot_build", name=self.name(i)))
            value = 0
        self.demand[i] = value or 0
        self._next_demand()

    def _can_build_somewhere(self, i: int) -> bool:
        """A street where player ``i`` may add a building, stock and cash aside."""
        st = self.state
        return any(st.owner[s] == i and not can_build(st, i, s, paid=True) for s in st.board.streets)

    def _demands_done(self) -> None:
        st = self.state
        total = sum(self.demand.values())
        wanting = [i for i in sorted(self.demand) if self.demand[i] > 0]
        self.note(self.tx("cmd.houses.demands", total=total, stock=st.bank_houses, hotels=st.bank_hotels))
        ahead = self._auction_ahead(wanting) if len(wanting) >= 2 else None
        if ahead:
            # MANQUE DE CONSTRUCTIONS: the engine will auction the building at the first build
            self.note(self.tx("cmd.houses.shortage_hotel" if ahead == "hotel" else "cmd.houses.shortage"))
        # each builds in his turn (seeds/002 C, M Maisons), the computer players too, now
        # rather than at the computer's next turn, unexplained
        self.builders = wanting
        if not self.builders:
            self.note(self.tx("cmd.houses.no_demand"))
            self.step = DONE
            return
        self._next_builder()

    def _next_builder(self) -> None:
        while self.builders:
            self.builder = self.builders.pop(0)
            self.left = self.demand[self.builder]
            self.step = BUILD
            if not self.host.is_computer(self.builder):
                return      # a person builds with the cursor
            if not self._computer_builds():
                return      # its building went to auction: the auction window takes over
        self.step = DONE
        self.close()

    def _computer_builds(self) -> bool:
        """A computer builder puts up what it asked for, street by street as its own moves
        choose; True when the session goes on to the next builder."""
        while self.left > 0:
            move = self.host.table.building(self.state, self.builder)
            if move is None:      # changed its mind (the board moved since its demand)
                return True
            before = self.left
            if not self._build(move.square, auto=True):
                return False
            if self.left == before:
                return True       # refused: nothing more from it this time
        return True

    # -- building and selling --------------------------------------------------------------
    def _build(self, s: int, auto: bool = False) -> bool:
        """The builder adds a building on ``s``; False when that opened an auction (the
        session ends there). ``auto``: a computer's build, whose caller goes on."""
        st = self.state
        b = st.board
        ok, result = self.host.apply(A.Build(self.builder, s))
        if not ok:
            if not auto:
                self.refuse(result)
            return True
        for ev in result:
            if ev.kind == "shortage":
                what = self.tx("cmd.houses.hotel" if ev.text == "hotel" else "cmd.houses.house")
                self.note(self.tx("cmd.houses.auction", what=what))
                self.close()      # the auction window needs the keyboard
                return False
            if ev.kind == "build":
                what = self.tx("cmd.houses.hotel" if ev.text == "hotel" else "cmd.houses.house")
                self.note(self.tx("cmd.houses.built", name=self.name(self.builder), what=what,
                                  square=b.names[s], cost=self.host.money(ev.amount)), log=False)
        self.left -= 1
        if self.left <= 0 and not auto:
            self._next_builder()
        return True

    def _confirm_key(self, ev) -> bool:
        """O sells the group asked about; N keeps it; other keys wait."""
        if self.t.is_yes(ev.letter):
            s, self.confirm = self.confirm, -1
            self._sell(s, confirmed=True)
        elif self.t.is_no(ev.letter):
            self.confirm = -1
        return True

    def _sell(self, s: int, confirmed: bool = False) -> None:
        st = self.state
        b = st.board
        hotel = st.houses[s] == HOTEL
        sold = None if confirmed else group_sale(st, self.seller, s)
        if sold is not None:
            # a hotel sells every building of its group: say what and for how much, ask first
            self.confirm, self.confirm_sold = s, sold
            return
        ok, result = self.host.apply(A.SellBuilding(self.seller, s))
        if not ok:
            self.refuse(result)
            return
        sales = [ev for ev in result if ev.kind == "sell"]
        if len(sales) > 1:     # the line names every building sold, not the one asked for
            self.note(self.tx("cmd.houses.sold_group", name=self.name(self.seller),
                              **sold_words(self.t, st, sales)), log=False)
            return
        value = sum(ev.amount for ev in sales)
        what = self.tx("cmd.houses.hotel" if hotel else "cmd.houses.house")
        self.note(self.tx("cmd.houses.sold", name=self.name(self.seller), what=what, square=b.names[s],
                          value=self.host.money(value)), log=False)

    def tick(self) -> None:
        super().tick()
        if self.step == DONE:
            self.close()      # the outcome stays in the game's message log
