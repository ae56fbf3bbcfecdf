"""The prompt modes of the turn: what the window asks while the engine waits for a player.

``prompt_for(screen)`` says which mode fits the engine's phase and who must act; the game
screen replaces its prompt when that changes.  Computer players get a mode that only shows
what they are doing (they act by themselves in ``GameScreen._drive``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monopoly_cpc.render.pawns import draw_pawn
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import (
    assets,
    can_mortgage,
    fortune,
    houses_and_hotels,
    loan_room,
    places,
    transfer_interest,
)
from monopoly_cpc.rules.state import (
    AUCTION,
    BUY,
    CARD_CHOICE,
    DEBT,
    GAME_OVER,
    JAIL,
    PLACE_BUILDING,
    ROLL,
    START_ROLL,
    TRADE,
)
from monopoly_cpc.screens.game.auction import AuctionMode
from monopoly_cpc.screens.game.debt import DebtMode
from monopoly_cpc.screens.game.describe import winner_text
from monopoly_cpc.screens.game.host import WINDOW_TOP, Mode, window_line, wrap
from monopoly_cpc.screens.game.jail import JailMode
from monopoly_cpc.screens.game.prompt import Prompt
from monopoly_cpc.screens.game.window import bar, draw_deed
from monopoly_cpc.texts import name_forms


def draw_start_rolls(fb, host) -> None:
    """Who starts: every player's roll so far in a table on rows 0-2 (two columns of three),
    so that none scrolls away with six players; the last message (a tie) on row 3."""
    st = host.state
    for i, p in enumerate(st.players):
        roll = st.start_rolls[i] if i < len(st.start_rolls) else 0
        cell = f"{i + 1} {p.name[:10]} : {roll if roll else '-'}"   # 17 columns at most
        window_line(fb, i % 3, cell, 1 if roll else 2, col=20 * (i // 3))
    if host.said:
        window_line(fb, 3, (wrap(host.last_said, 40) or [""])[-1], 2)


class WatchMode(Prompt):
    """A computer player is acting: the window says so; keys stay free for the humans."""

    rows = 1

    def __init__(self, host, who: int = -1) -> None:
        super().__init__(host, who)
        if host.state.phase == START_ROLL:
            self.rows = 6

    def draw_key(self) -> tuple:
        # and the phase, the names: in the game screen's key; the rolls of who starts
        return self.who, tuple(self.host.state.start_rolls), self.host.last_said

    def draw(self, fb) -> None:
        t = self.host.texts
        st = self.host.state
        if st.phase == START_ROLL:
            draw_start_rolls(fb, self.host)
            window_line(fb, 4, t["game.who_starts"], 3)
            text = t.get("game.start_cpu", name=self.name(), n=self.who + 1)
        else:
            text = t.get("game.computer_turn", name=self.name())
        window_line(fb, 5, text, 3)


class WhoStartsMode(Prompt):
    """Who starts: each player presses D in turn (seeds/002 'QUI COMMENCE LE PREMIER ?'); the
    window keeps every roll in view (:func:`draw_start_rolls`)."""

    rows = 6

    def on_key(self, ev) -> bool:
        if ev.letter == "D" and not self.host.busy and not ev.repeat:
            self.host.apply(A.Roll(self.who))
            return True
        return False

    def draw(self, fb) -> None:
        t = self.host.texts
        draw_start_rolls(fb, self.host)
        window_line(fb, 4, t["game.who_starts"], 3)
        window_line(fb, 5, t.get("game.start_press_d", name=self.name(), n=self.who + 1), 1)


class DiceMode(Prompt):
    """D: the current player's name, number and pawn; C his account, A his assets, D rolls."""

    def on_key(self, ev) -> bool:
        if ev.repeat or self.host.busy:
            return False
        t = self.host.texts
        st = self.host.state
        p = self.who
        if ev.letter == "D":
            if self.own_rent_first():
                return True
            ok, why = self.host.apply(A.Roll(p))
            if not ok:
                self.refused(why)
            return True
        if ev.letter == "C" and not ev.ctrl:
            self.host.say(t.get("game.account", name=self.name(), cash=self.host.money(st.players[p].cash)))
            if st.players[p].loan > 0:
                self.host.say(t.get("cmd.views.loan", loan=self.host.money(st.players[p].loan)))
            return True
        if ev.letter == "A":
            nh, nt = houses_and_hotels(st, p)
            self.host.say(t.get("game.assets", name=self.name(), total=self.host.money(fortune(st, p))))
            self.host.say(t.get("game.assets_detail", props=len(st.owned_by(p)), houses=nh, hotels=nt))
            key = "game.assets_raise_loan" if st.variant.loans else "game.assets_raise"
            self.host.say(t.get(key, amount=self.host.money(assets(st, p))))
            if st.players[p].jail_cards:
                self.host.say(t.get("game.jail_cards", count=len(st.players[p].jail_cards)))
            return True
        return False

    def draw_key(self) -> tuple:
        return (self.who,)   # and his name and pawn: in the game screen's key

    def draw(self, fb) -> None:
        t = self.host.texts
        line = t.get("game.turn", name=self.name(), n=self.who + 1)
        window_line(fb, 4, line, 3)
        if len(line) < 38:
            # the sprite is 9 lines high (its outline): one line up, so that it stays off the
            # keys' line below (the row above has the log's blank bottom line there)
            draw_pawn(fb, self.host.state.players[self.who].pawn, len(line) * 8 + 6,
                      (WINDOW_TOP + 4) * 8 - 1)
        window_line(fb, 5, t["game.turn_keys"], 1)


REFUSAL_TICKS = 150   # a refusal written over the buy card stays 3 s (or until a key)


class BuyMode(Prompt):
    """On an unowned property: buy it (O) or leave it to the bank's auction (N)."""

    rows = 6

    def __init__(self, host, who: int = -1) -> None:
        super().__init__(host, who)
        self.seen = -1   # messages said when the card came up; a later one shows on it
        self.age = 0     # ticks that refusal has been on the card

    def tick(self) -> None:
        if self.seen < 0:
            self.seen = self.host.said
        elif self.seen < self.host.said:
            # the refusal covers two rows of the deed: the next key or 3 s take it away
            self.age += 1
            if self.age >= REFUSAL_TICKS:
                self.seen = self.host.said
                self.age = 0

    def on_key(self, ev) -> bool:
        if ev.repeat or self.host.busy:
            return False
        self.seen = self.host.said        # a key takes the last refusal away
        self.age = 0
        if self.host.texts.is_yes(ev.letter):
            ok, _why = self.host.apply(A.Buy(self.who))
            if not ok:
                self.host.ctx.audio.cue("error")
                self.host.say(self.host.texts[self._cannot_buy_key()])
            return True
        if self.host.texts.is_no(ev.letter):
            self.host.apply(A.Decline(self.who))
            return True
        return False

    def _cannot_buy_key(self) -> str:
        """The refusal's text, with the key that can still raise the money (so that no player
        gives up a deed his mortgages could pay for): H when a deed of his can be
        mortgaged, else M when he has buildings to sell, else E when he may still borrow
        (MONOPOLIC), else N alone."""
        st = self.host.state
        p = self.who
        if any(not can_mortgage(st, p, sq) for sq in range(40)):
            return "game.cannot_buy_h"
        if any(st.owner[sq] == p and st.houses[sq] for sq in range(40)):
            return "game.cannot_buy_m"
        if loan_room(st, p) > 0:
            return "game.cannot_buy_e"
        return "game.cannot_buy"

    def draw(self, fb) -> None:
        st = self.host.state
        s = st.pending_square
        if s < 0:
            return
        draw_deed(fb, self.host.state, self.host.texts, s)
        # the question takes the price line: the price is in it, the owner is the bank
        fb.text(0, WINDOW_TOP + 1, " " * 40)
        window_line(fb, 1, self.host.texts.get("game.buy_ask", price=self.host.money(st.board.prices[s])), 1)
        if 0 <= self.seen < self.host.said:
            # a refusal said since (no money, CTRL+C in the middle of a move): on the card's
            # last rows, where the player looks, until the next key
            lines = wrap(self.host.last_said, 40)[-2:]
            for i, line in enumerate(lines):
                row = 6 - len(lines) + i
                fb.text(0, WINDOW_TOP + row, " " * 40)
                window_line(fb, row, line, 3)


class CardChoiceMode(Prompt):
    """'Payez une amende ou tirez une carte Chance': F pays, C draws.  The question is the log's
    last line (the event's), so the prompt adds only the keys under it."""

    rows = 1

    def on_key(self, ev) -> bool:
        if ev.repeat or self.host.busy:
            return False
        if ev.letter in ("F", "C"):
            ok, why = self.host.apply(A.ChooseCard(self.who, chance=ev.letter == "C"))
            if not ok:
                self.refused(why)
            return True
        return False

    def draw(self, fb) -> None:
        window_line(fb, 5, self.host.texts["card.choice"], 1)


class PlaceMode(Prompt):
    """The winner of a building auction puts it on one of his streets: cursor, then ENTER."""

    takes_cursor = True

    def on_key(self, ev) -> bool:
        if ev.is_enter and not self.host.busy:
            ok, why = self.host.apply(A.Build(self.who, self.host.cursor))
            if not ok:
                self.refused(why)
            return True
        return False

    def draw(self, fb) -> None:
        st = self.host.state
        t = self.host.texts
        what = t["auction.hotel" if st.place_kind == "hotel" else "auction.building"]
        window_line(fb, 4, t.get("game.place", name=self.name(), what=what), 3)
        window_line(fb, 5, t["game.place_keys"], 1)


# ticks a trade offered to a human is on screen before O or N counts (0.5 s at every speed):
# a key typed ahead, or at the very moment the offer appears, was meant for something else
OFFER_TICKS = 25


class TradeAnswerMode(Prompt):
    """A trade offered to a human: O accepts, N refuses.  The whole window: who offers, the
    terms on up to four lines (the names shortened, never cut, when the full ones need more),
    the keys.  A key typed before the offer was on screen for ``OFFER_TICKS`` is dropped."""

    rows = 6

    def __init__(self, host, who: int = -1) -> None:
        super().__init__(host, who)
        self.shown_at: int | None = None   # the tick the offer was first on screen

    def tick(self) -> None:
        if self.shown_at is None and not self.host.busy:
            self.shown_at = self.host.ticks

    def on_key(self, ev) -> bool:
        if ev.repeat or self.host.busy:
            return False
        t = self.host.texts
        if t.is_yes(ev.letter) or t.is_no(ev.letter):
            if self.shown_at is None or self.host.ticks - self.shown_at < OFFER_TICKS:
                return True   # not read yet: the key is dropped, it does not answer the offer
            action = A.AcceptTrade(self.who) if t.is_yes(ev.letter) else A.RejectTrade(self.who)
            ok, why = self.host.apply(action)
            if not ok:
                self.refused(why)
            return True
        tr = self.host.state.trade
        if ev.key == "SPACE" and tr is not None and (tr.give or tr.take):
            # the deeds of the offer in turn, not the square the cursor was left on
            squares = list(tr.give) + list(tr.take)
            cur = self.host.cursor
            k = (squares.index(cur) + 1) % len(squares) if cur in squares else 0
            self.host.set_cursor(squares[k])
        return False   # SPACE: the screen shows the deed under the cursor

    def draw(self, fb) -> None:
        st = self.host.state
        t = self.host.texts
        tr = st.trade
        if tr is None:
            return
        if tr.in_kind:
            window_line(fb, 0, t.get("game.kind_offer", name=self.name(tr.proposer)), 3)
        else:
            window_line(fb, 0, t.get("game.trade_offer", name=self.name(tr.proposer), other=self.name()), 3)
        for i, line in enumerate(self.kind_terms(tr) if tr.in_kind else self.terms(tr)):
            window_line(fb, 1 + i, line, 2)
        window_line(fb, 5, t["game.trade_keys"], 1)

    def terms(self, tr) -> list[str]:
        """What is given and taken, and who pays the cash (on its own line), in four lines at
        most (the shortest names if needed)."""
        t = self.host.texts
        names = self.host.state.board.names
        pays = []
        if tr.cash:     # > 0: the proposer pays; < 0: the partner does
            payer = tr.proposer if tr.cash > 0 else tr.partner
            pays = [t.get("game.trade_pays", name=self.name(payer),
                          amount=self.host.money(abs(tr.cash)))[:40]]
        lines: list[str] = []
        for form in (0, -1):            # the full names, else the shortest forms
            nothing = t["game.trade_nothing"]     # an empty side reads 'rien', never a dash
            give = ", ".join(name_forms(names[s])[form] for s in tr.give) or nothing
            take = ", ".join(name_forms(names[s])[form] for s in tr.take) or nothing
            # what is given and what is taken each from the start of a line, when that fits
            apart = (wrap(t.get("game.trade_give", give=give), 40)
                     + wrap(t.get("game.trade_take", take=take), 40))
            if len(apart) + len(pays) <= 4:
                lines = apart
                break
            lines = wrap(t.get("game.trade_terms", give=give, take=take), 40)
            if len(lines) + len(pays) <= 4:
                break
        return lines[:4 - len(pays)] + pays

    def kind_terms(self, tr) -> list[str]:
        """A rent paid half in property (seeds/003, ``trade_mortgaged``): the deeds offered,
        the mortgaged ones marked, the cash half, and the 10 % the creditor pays at once for
        the mortgaged ones if he accepts; four lines at most."""
        t = self.host.texts
        st = self.host.state
        mark = t["game.kind_mortgaged"]
        lines: list[str] = []
        for form in (0, -1):            # the full names, else the shortest forms
            deeds = ", ".join(name_forms(st.board.names[s])[form] + (f" {mark}" if st.mortgaged[s] else "")
                              for s in tr.give)
            lines = wrap(t.get("game.kind_deeds", deeds=deeds), 40)
            if len(lines) <= 2:
                break
        lines = lines[:2] + [t.get("game.kind_cash", amount=self.host.money(tr.cash))[:40]]
        interest = sum(transfer_interest(st, s) for s in tr.give if st.mortgaged[s])
        if interest:
            lines.append(t.get("game.kind_interest", amount=self.host.money(interest))[:40])
        return lines


# ticks the winner's window takes no key: a player still typing when a quick game's time ran
# out (an amount, a number) would otherwise send it away before it is read
WINNER_READ_TICKS = 100


class WinnerMode(Prompt):
    """The game is over: the winner, the fortunes; a key goes on to the end screen
    (``GameScreen.game_over_next``), once the window has been there ``WINNER_READ_TICKS``."""

    rows = 6

    def __init__(self, host, who: int = -1) -> None:
        super().__init__(host, who)
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1

    def on_key(self, ev) -> bool:
        if self.ticks < WINNER_READ_TICKS or ev.repeat:
            return True
        self.host.game_over_next()
        return True

    def draw_key(self) -> tuple:
        # the rotating fourth place, the key line; the ranking and fortunes: the screen's key
        return self.ticks // 100, self.ticks >= WINNER_READ_TICKS

    def draw(self, fb) -> None:
        st = self.host.state
        t = self.host.texts
        bar(fb, 0, t["game.game_over"], 6)

        window_line(fb, 1, winner_text(st, t).center(40), 1)
        order = st.ranking or [st.winner]
        scores = [st.scores[i] if st.scores else 0 for i in order]
        # equal fortunes share their place (the engine's order puts them by seat)
        ranks = places([-1 - k if st.players[i].bankrupt else s
                        for k, (i, s) in enumerate(zip(order, scores, strict=True))])
        # Four rows for the places (the key to press is on the status line): with five or six
        # players the last row shows the fourth place and below in turn, 2 s each.
        shown = list(range(len(order)))
        if len(shown) > 4:
            shown = shown[:3] + [3 + (self.ticks // 100) % (len(order) - 3)]
        for row, k in enumerate(shown):
            window_line(fb, 2 + row, f"{ranks[k]}. {st.players[order[k]].name}"[:24].ljust(24)
                        + self.host.money(scores[k]).rjust(16), 2)

    @property
    def status_line(self) -> str:
        """What the status line says instead of the player (once a key may go on)."""
        return self.host.texts["game.any_key"] if self.ticks >= WINNER_READ_TICKS else ""


def prompt_for(screen: Any) -> tuple[tuple, Callable[[Any], Mode] | None]:
    """(key, factory) of the prompt mode that fits the engine's state now."""
    st = screen.state
    ph = st.phase
    if ph == GAME_OVER:
        return ("over",), lambda h: WinnerMode(h, st.winner)
    if ph == AUCTION:
        au = st.auction
        return ("auction", id(au)), lambda h: AuctionMode(h)
    who = screen.actor()
    if who < 0:
        return ("none",), None
    if screen.is_computer(who):
        return ("watch", ph, who), lambda h: WatchMode(h, who)
    modes = {START_ROLL: WhoStartsMode, ROLL: DiceMode, JAIL: JailMode, BUY: BuyMode,
             CARD_CHOICE: CardChoiceMode, DEBT: DebtMode, TRADE: TradeAnswerMode,
             PLACE_BUILDING: PlaceMode}
    cls = modes[ph]
    return (ph, who, st.rolls), lambda h: cls(h, who)
