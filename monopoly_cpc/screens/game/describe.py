"""One line of the window for each engine event (texts from the catalogue).

``LINES`` maps an event kind to the function that writes its line from a :class:`Said` (the
event with its names, amount and square already looked up); a kind in ``SILENT`` or with no
entry writes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Container
from dataclasses import dataclass
from typing import Any

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.rules.engine import IllegalAction, apply
from monopoly_cpc.rules.queries import tied_winners
from monopoly_cpc.texts import Texts, money, name_forms, names_and

# events the window does not write (their effect shows otherwise, or a prompt asks)
SILENT = {"buy_offer", "game_over"}


@dataclass(frozen=True)
class Said:
    """An event and what its line is made of."""

    t: Texts
    st: Any             # the GameState
    ev: Any             # the rules' Event
    bots: Container[int]

    def name(self, i: int) -> str:
        """A player's name; the bank's for anybody else."""
        if 0 <= i < len(self.st.players):
            return self.st.players[i].name
        return self.t["debt.bank"]

    def square(self, i: int) -> str:
        return self.st.board.names[i] if 0 <= i < 40 else ""

    @property
    def who(self) -> str:
        return self.name(self.ev.player)

    @property
    def other(self) -> str:
        return self.name(self.ev.other)

    @property
    def amt(self) -> str:
        return money(self.ev.amount)

    @property
    def place(self) -> str:
        """The name of the event's square."""
        return self.square(self.ev.square)

    @property
    def building(self) -> str:
        """'un hôtel' or 'une maison': what a shortage auction sells."""
        return self.t["auction.hotel" if self.ev.text == "hotel" else "auction.building"]

    @property
    def what(self) -> str:
        """'une maison' or 'un hôtel': what a build or a sale put up or took down."""
        return self.t["cmd.houses.hotel" if self.ev.text == "hotel" else "cmd.houses.house"]

    @property
    def lot(self) -> str:
        """What an auction sells: the event's square, or a building."""
        return self.place if self.ev.square >= 0 else self.building


def _bankrupt(s: Said) -> str:
    """'X fait faillite', in the order things happen: to a player, the line that gives him
    everything says that X leaves next; to the bank, X leaves now.  A loan the bank writes off
    with him is said."""
    line = s.t.get("game.bankrupt_to" if s.ev.other >= 0 else "game.bankrupt", name=s.who, other=s.other)
    if s.ev.data and s.ev.data[0]:
        line += s.t.get("game.bankrupt_loan", loan=money(s.ev.data[0]))
    return line


def winner_text(state: Any, texts: Texts) -> str:
    """The game screen's line: 'ANNE a gagné la partie !', or 'Ex aequo : ANNE et BRUNO !'."""
    together = tied_winners(state)
    if len(together) > 1:
        return texts.get("game.tie", names=names_and(texts, [state.players[i].name for i in together]))
    return texts.get("game.winner", name=state.players[state.winner].name)


def _named(key: str) -> Callable[[Said], str]:
    """The line ``key`` with the player's name."""
    return lambda s: s.t.get(key, name=s.who)


def _named_amount(key: str) -> Callable[[Said], str]:
    """The line ``key`` with the player's name and the amount."""
    return lambda s: s.t.get(key, name=s.who, amount=s.amt)


def _turn(s: Said) -> str:
    # a human's turn is announced by the dice window itself
    if s.ev.player not in s.bots:
        return ""
    return s.t.get("game.turn_cpu", name=s.who, n=s.ev.player + 1)


def _dice(s: Said) -> str:
    d1, d2 = s.ev.data
    return s.t.get("game.rolled", name=s.who, d1=d1, d2=d2, total=s.ev.amount)


def _pay(s: Said) -> str:
    if s.ev.text in ("tax", "auction", "jail"):
        return ""  # the tax, the gavel or the release already said it
    return s.t.get("game.pay", name=s.who, amount=s.amt)


def _goods(s: Said) -> tuple[str, str]:
    """Both sides of a trade event's offer (``data``: deeds and cards each way; ``amount``: the
    cash the proposer adds, negative when he asks for it)."""
    ev, t = s.ev, s.t
    give, take, give_cards, take_cards = (list(x) for x in ev.data) if ev.data else ([], [], [], [])

    def goods(squares: list[int], cards: list, cash: int) -> str:
        parts = [s.square(q) for q in squares] + [t["game.trade_card"]] * len(cards)
        if cash > 0:
            parts.append(money(cash))
        return ", ".join(parts) or t["game.trade_nothing"]

    return goods(give, give_cards, ev.amount), goods(take, take_cards, -ev.amount)


def _trade(s: Said) -> str:
    """What changed hands, in one line: the journal's record of a deal between computers."""
    give, take = _goods(s)
    return s.t.get("game.trade", name=s.who, other=s.other, give=give, take=take)


def _trade_proposed(s: Said) -> str:
    """An offer; between two computers with its terms (a person offered one reads them in the
    answer window; between computers, a refused one would otherwise say nothing of what)."""
    if s.ev.text == "in_kind":   # a rent paid half in property: the creditor accepts or not
        return s.t.get("game.kind_proposed", name=s.who, other=s.other)
    if s.ev.player in s.bots and s.ev.other in s.bots and s.ev.data:
        give, take = _goods(s)
        return s.t.get("game.trade_proposed_terms", name=s.who, other=s.other, give=give, take=take)
    return s.t.get("game.trade_proposed", name=s.who, other=s.other)


def _winner(s: Said) -> str:
    if s.st.winner == s.ev.player:
        return winner_text(s.st, s.t)
    return s.t.get("game.winner", name=s.who)


def _card(s: Said) -> str:
    """The card drawn, for the journal (J): its deck and its words; the card window shows it
    (so a computer's card stays in the game's record once its window closes)."""
    cards = s.st.cards
    card = cards.all[cards.by_id[s.ev.text]] if s.ev.text in cards.by_id else None
    if card is None:
        return ""
    deck = s.t["card.chance" if card.deck == 0 else "card.community"]
    return s.t.get("card.journal", deck=deck, text=card.text(s.t.lang))


def _leave_jail(s: Said) -> str:
    """How the player leaves jail: the fine paid (by choice, or after the third turn), the card
    given back, or a double (the 5.000 F never goes without a word)."""
    how = s.ev.text
    if how in ("fine", "third_turn") and s.ev.amount > 0:
        return s.t.get("game.leave_jail_fine", name=s.who, amount=s.amt)
    if how == "card":
        return s.t.get("game.leave_jail_card", name=s.who)
    if how == "doubles":
        return s.t.get("game.leave_jail_double", name=s.who)
    return s.t.get("game.leave_jail", name=s.who)


LINES: dict[str, Callable[[Said], str]] = {
    "start_roll": lambda s: s.t.get("game.start_rolled", name=s.who, total=s.ev.amount),
    "start_tie": lambda s: s.t.get("game.start_tie", names=", ".join(s.name(i) for i in s.ev.data)),
    "first_player": _named("game.first_player"),
    "turn": _turn,
    "dice": _dice,
    "doubles": lambda s: s.t.get("game.doubles", name=s.who) if s.ev.amount < 3 else "",
    "move": lambda s: s.t.get("game.land", name=s.who, square=s.place),
    # "reached": the walk stopped on Départ (the show marks it), otherwise it went past
    "pass_go": lambda s: s.t.get("game.reach_go" if s.ev.text == "reached" else "game.pass_go",
                                 name=s.who, amount=s.amt),
    "buy": lambda s: s.t.get("game.bought", name=s.who, square=s.place, price=s.amt),
    "decline": _named("game.declined"),
    "auction_start": lambda s: s.t.get("auction.heading", square=s.lot),
    "bid": _named_amount("auction.bids"),
    "auction_pass": _named("auction.passes"),
    "auction_won": lambda s: s.t.get("auction.sold", square=s.lot, name=s.who, amount=s.amt),
    "shortage_alone": lambda s: s.t.get("auction.alone", name=s.who, square=s.building),
    "auction_void": lambda s: s.t.get("auction.void", name=s.who, square=s.building),
    "auction_unsold": lambda s: s.t.get("auction.unsold", square=s.lot),
    "rent_due": lambda s: s.t.get("game.rent_due", amount=s.amt, owner=s.other, n=s.ev.other + 1),
    "rent_paid": lambda s: s.t.get("game.rent_paid", name=s.who, amount=s.amt, owner=s.other),
    "rent_lost": lambda s: s.t.get("game.rent_lost", owner=s.other),
    "no_rent": lambda s: s.t.get("game.no_rent", square=s.place),
    "tax": lambda s: s.t.get("game.tax", name=s.who, amount=s.amt, square=s.place),
    "pay": _pay,
    "collect": _named_amount("game.collect"),
    "transfer": lambda s: s.t.get("game.transfer_bankrupt" if s.ev.text == "bankruptcy" else "game.transfer",
                                  name=s.who, amount=s.amt, other=s.other),
    "card_drawn": _card,
    "card_kept": _named("game.card_kept"),
    # the question, in the log; a human's prompt adds the keys
    "card_choice": _named("card.choice_who"),
    "jail": _named("game.jail"),
    "jail_stay": _named("game.jail_stay"),
    "leave_jail": _leave_jail,
    "debt": lambda s: s.t.get("debt.heading", name=s.who, amount=s.amt, creditor=s.other),
    # a debt settled says so (after "doit 5.000 F à la Banque" and a mortgage, the player
    # reads that his debt is paid); a rent's own line says it for a rent
    "debt_paid": lambda s: "" if s.ev.text == "rent" else s.t.get(
        "debt.paid", name=s.who, amount=s.amt, creditor=s.other),
    # as the M and H windows say them: what was built or sold, and the money
    # (a building won at auction is paid there: placed, it costs nothing more, mostly)
    "build": lambda s: s.t.get("game.build" if s.ev.amount else "game.build_placed", name=s.who,
                               what=s.what, square=s.place, cost=s.amt),
    "sell": lambda s: s.t.get("game.sell", name=s.who, what=s.what, square=s.place, value=s.amt),
    "mortgage": lambda s: s.t.get("game.mortgage", name=s.who, square=s.place, amount=s.amt),
    "lift": lambda s: s.t.get("game.lift", name=s.who, square=s.place, cost=s.amt),
    "interest": _named_amount("game.interest"),
    "shortage": lambda s: s.t.get("game.shortage"),
    "trade_proposed": _trade_proposed,
    "trade": _trade,
    "trade_rejected": lambda s: (s.t.get("game.trade_lapsed", other=s.other) if s.ev.text == "time_up"
                                 else s.t.get("game.trade_rejected", name=s.who)),
    "loan": _named_amount("game.loan"),
    "loan_interest": _named_amount("game.loan_interest"),
    "loan_repaid": _named_amount("game.loan_repaid"),
    "bankrupt": _bankrupt,
    "time_up": lambda s: s.t["game.time_up"],
    "end_requested": lambda s: s.t["game.game_over"],
    "score": _named_amount("game.score"),
    "winner": _winner,
}


def line_of(texts: Texts, state: Any, bots: Container[int], ev: Any) -> str:
    """The message shown for ``ev`` ('' for none) in this game (its state, its computers)."""
    line = None if ev.kind in SILENT else LINES.get(ev.kind)
    return line(Said(texts, state, ev, bots)) if line is not None else ""


def describe(screen: Any, ev: Any) -> str:
    """The message shown for ``ev`` ('' for none): ``line_of`` with the game screen's texts,
    state and computers."""
    return line_of(screen.texts, screen.state, screen.bots, ev)


def group_sale(state: Any, player: int, square: int) -> list | None:
    """The engine's 'sell' events of selling the building on ``square`` when that sale takes
    more than the one building (a hotel: every building of the group, seeds/002, for even
    building); None otherwise.  Asked of the engine on a copy of the state."""
    if state.houses[square] != HOTEL:
        return None
    trial = copy.deepcopy(state)
    try:
        events = apply(trial, A.SellBuilding(player, square))
    except IllegalAction:
        return None      # the window's sale shows the engine's refusal
    sold = [ev for ev in events if ev.kind == "sell"]
    return sold if len(sold) > 1 else None


def sold_words(t: Texts, state: Any, sold: list) -> dict[str, str]:
    """What a group sale sells, for a line: '2 hôtel(s)' (and houses), the squares' short
    names, the total."""
    hotels = sum(1 for ev in sold if ev.text == "hotel")
    houses = sum(ev.amount * 2 // state.board.house_costs[ev.square]
                 for ev in sold if ev.text != "hotel")
    parts = ([t.get("debt.sale_hotels", k=hotels)] if hotels else []) + (
        [t.get("debt.sale_houses", k=houses)] if houses else [])
    return {"what": t["debt.sale_and"].join(parts),
            "names": ", ".join(name_forms(state.board.names[ev.square])[-1] for ev in sold),
            "total": money(sum(ev.amount for ev in sold))}


def group_sale_question(t: Texts, state: Any, sold: list) -> str:
    """'Vendre 2 hôtel(s) (Bd de Belleville, Rue Lecourbe) : +25.000 F ? (O/N)'."""
    return t.get("debt.group_sale", **sold_words(t, state, sold))
