"""T Transactions (seeds/002 part C): buy, sell or swap properties between two players.

The steps, as the manual gives them: who makes the transaction (his number); the property he
offers, picked with the board cursor (SPACE shows its title deed, ENTER selects it); then each
property asked in exchange, the same way, N ending the list; then whether there is a cash
complement, which player receives it and how much; then the other player approves (a computer
player decides by itself and says why in one line) and the engine makes the transfer.

Kept "Sortez de prison" cards can be part of it (C at either list).  A property whose group
carries buildings is refused at once with the reason, as is anything the engine refuses.
"""

from __future__ import annotations

from monopoly_cpc.ai.reasons import NO_REASON, Reason, reason_text
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import bank_has_deeds, group_has_buildings
from monopoly_cpc.rules.state import TRADE
from monopoly_cpc.screens.game.host import window_line, wrap
from monopoly_cpc.screens.game.modes.base import CommandMode
from monopoly_cpc.screens.game.modes.journal import draw_page

WHO, OFFER, TAKE, PARTNER, CASH_ASK, CASH_WHO, CASH_AMOUNT, ANSWER, DONE = range(9)
OFFER_SHOWN = (PARTNER, CASH_ASK, CASH_WHO, CASH_AMOUNT, ANSWER)   # steps that show the whole offer
CASH_DIGITS = 7
CASH_REFUSALS = ("proposer_cash", "partner_cash")   # refusals that only the sum causes
ROW = 40              # a computer's answer stays on one row of the window

def answer_line(texts, board, name: str, accept: bool, reason: Reason) -> str:
    """"NAME : OUI. reason" on one row: the computer's reason (a code and its fields,
    ai/reasons.py) is the catalogue's ``ai.<code>`` in the player's language; one that would not
    fit is left out."""
    key = "cmd.trade.cpu_yes" if accept else "cmd.trade.cpu_no"
    line = texts.get(key, name=name, reason=reason_text(texts, board, reason)).strip()
    if len(line) > ROW:
        line = texts.get(key, name=name, reason="").strip()
    return line


class TradeMode(CommandMode):
    """The T command."""

    title_key = "cmd.trade.heading"
    takes_cursor = True

    def __init__(self, host) -> None:
        super().__init__(host)
        self.step = WHO
        self.proposer = -1
        self.partner = -1
        self.give: list[int] = []
        self.take: list[int] = []
        self.give_cards: list[int] = []
        self.take_cards: list[int] = []
        self.cash = 0            # > 0 paid by the proposer, < 0 by the partner
        self.cash_to = -1
        st = self.state
        if st.variant.trade_only_when_bank_empty and bank_has_deeds(st):
            self.note(self.tx("cmd.trade.bank_first"))
            self.step = DONE
        elif not self.free():
            self.note(self.tx("cmd.not_now"))
            self.step = DONE

    # -- questions -------------------------------------------------------------------------
    def question(self) -> str:
        t = self.tx
        if self.step == WHO:
            return t("cmd.trade.who")
        if self.step == OFFER:
            return t("cmd.trade.offer_keys")
        if self.step == TAKE:
            return t("cmd.trade.take_keys")
        if self.step == PARTNER:
            return t("cmd.trade.partner")
        if self.step == CASH_ASK:
            return t("cmd.trade.cash_ask")
        if self.step == CASH_WHO:
            return t("cmd.trade.cash_who")
        if self.step == CASH_AMOUNT:
            return t("cmd.trade.cash_amount")
        if self.step == ANSWER and self.partner >= 0:
            if self.host.is_computer(self.partner):
                return t("cmd.trade.thinking", name=self.name(self.partner))
            return t("cmd.trade.approve", name=self.name(self.partner), n=self.partner + 1)
        if self.step == DONE:
            return ""   # over: the window only stays while its outcome is shown (no ESC line)
        return t("cmd.esc")

    def body(self) -> list[str]:
        lines = list(self.lines[-4:])
        if self.step == OFFER:
            lines = lines[-3:] + [self.tx("cmd.trade.offer", name=self.name(self.proposer))]
        elif self.step == TAKE:
            offered = self.tx("cmd.trade.offered", what=self._what(self.give, self.give_cards))
            if self.take or self.take_cards:   # each property asked shows as it is chosen
                asked = self.tx("cmd.trade.asked", what=self._what(self.take, self.take_cards))
                lines = lines[-1:] + [offered, asked, self.tx("cmd.trade.take")]
            else:
                lines = lines[-2:] + [offered, self.tx("cmd.trade.take")]
        elif self.step in OFFER_SHOWN:
            lines = self._offer()
            keep = 4 - len(lines)
            lines = (self.lines[-keep:] if keep > 0 and self.lines else []) + lines
        return lines[-4:]

    def _offer(self) -> list[str]:
        """The transaction as proposed: what is offered, what is asked, the sum and its payee."""
        lines = [self.tx("cmd.trade.offered", what=self._what(self.give, self.give_cards)),
                 self.tx("cmd.trade.asked", what=self._what(self.take, self.take_cards))]
        if self.cash:
            payee = self.partner if self.cash > 0 else self.proposer
            lines.append(self.tx("cmd.trade.cash_line", amount=self.host.money(abs(self.cash)),
                                 name=self.name(payee)))
        return lines

    def draw(self, fb) -> None:
        """An offer longer than the window's four rows is shown whole on a page over the
        board, the window's last messages under it and the question on the window's own row:
        a question never hides what it asks about."""
        offer = [part for line in self._offer() for part in wrap(line, 40)]
        if self.detail >= 0 or self.step not in OFFER_SHOWN or len(offer) <= 4:
            super().draw(fb)
            return
        draw_page(fb, self.title())
        rows = offer + [""] + self.lines[-4:] if self.lines else offer
        for i, line in enumerate(rows[-22:]):
            fb.text(0, 1 + i, line[:40], pen=1, paper=0)
        if self.entry is not None:
            self.entry.draw(fb, 0, 23, self.question())
        else:
            window_line(fb, 5, self.question(), 1)

    def _what(self, squares: list[int], cards: list[int]) -> str:
        names = [self.state.board.names[s] for s in squares]
        names += [self.tx("cmd.trade.card")] * len(cards)
        return ", ".join(names) if names else self.tx("cmd.trade.nothing")

    # -- keys ------------------------------------------------------------------------------
    def key(self, ev) -> bool:
        if ev.repeat and ev.key not in ("UP", "DOWN", "LEFT", "RIGHT"):
            return True
        if self.host.busy and self.step == ANSWER:
            return True
        step = self.step
        if step == DONE:
            self.close()        # the outcome stays in the game's message log
            return False
        if step == WHO:
            i = self.player_digit(ev)
            if i is not None:
                self.proposer = i
                self.step = OFFER
                self.host.set_cursor(0)
            return True
        if step in (OFFER, TAKE):
            return self._pick_key(ev)
        if step == PARTNER:
            i = self.player_digit(ev, humans_only=False)
            if i is not None:
                if i == self.proposer:
                    self.note(self.tx("cmd.trade.same_player"))
                elif self.take_cards and not self._holds_card(i):
                    self.note(self.tx("cmd.trade.no_card", name=self.name(i)))
                else:
                    self.partner = i
                    self._after_partner()
            return True
        if step == CASH_ASK:
            if self.t.is_yes(ev.letter):
                self.step = CASH_WHO
            elif self.t.is_no(ev.letter):
                self._propose()
            return True
        if step == CASH_WHO:
            i = self.player_digit(ev, humans_only=False)
            if i is not None:
                if i not in (self.proposer, self.partner):
                    self.note(self.tx("cmd.no_player", n=i + 1))
                else:
                    self.cash_to = i
                    self.step = CASH_AMOUNT
                    self.ask_amount(CASH_DIGITS)
            return True
        if step == ANSWER:
            if self.host.is_computer(self.partner):
                return True
            if self.t.is_yes(ev.letter):
                self._answer(A.AcceptTrade(self.partner))
            elif self.t.is_no(ev.letter):
                self._answer(A.RejectTrade(self.partner))
            return True
        return True

    def _pick_key(self, ev) -> bool:
        st = self.state
        if ev.key == "SPACE":
            self.detail = self.host.cursor
            return True
        if ev.letter == "N":
            if self.step == OFFER:
                self.step = TAKE
            else:
                self._end_lists()
            return True
        if ev.letter == "C":
            self._pick_card()
            return True
        if not ev.is_enter:
            return False     # cursor keys move the board cursor
        s = self.host.cursor
        b = st.board
        if not b.is_property[s]:
            self.note(self.tx("cmd.trade.not_property"))
            return True
        if s in self.give or s in self.take:
            self.note(self.tx("cmd.trade.twice", square=b.names[s]))
            return True
        owner = st.owner[s]
        if owner < 0:
            self.note(self.tx("cmd.trade.bank_owns", square=b.names[s]))
            return True
        if group_has_buildings(st, s):
            self.note(self.tx("cmd.trade.built_group", square=b.names[s]))
            return True
        if st.mortgaged[s] and not st.variant.trade_mortgaged:
            self.note(self.tx("cmd.trade.mortgaged_no"))
            return True
        if self.step == OFFER:
            if owner != self.proposer:
                self.note(self.tx("cmd.trade.not_owner", square=b.names[s], name=self.name(self.proposer)))
                return True
            self.give.append(s)
            self.step = TAKE      # UNE propriété offerte, then the exchange list
            return True
        if owner == self.proposer:
            self.note(self.tx("cmd.trade.not_owner", square=b.names[s], name=self._partner_name()))
            return True
        if self.partner >= 0 and owner != self.partner:
            self.note(self.tx("cmd.trade.other_player", square=b.names[s], name=self.name(owner),
                              other=self.name(self.partner)))
            return True
        self.partner = owner
        self.take.append(s)
        return True

    def _partner_name(self) -> str:
        return self.name(self.partner) if self.partner >= 0 else "?"

    def _holds_card(self, i: int) -> bool:
        used = self.take_cards if i == self.partner else []
        return len(self.state.players[i].jail_cards) > len(used)

    def _pick_card(self) -> None:
        """C: the proposer offers his kept card, or asks for the other player's."""
        st = self.state
        if self.step == OFFER:
            cards = [c for c in st.players[self.proposer].jail_cards if c not in self.give_cards]
            if not cards:
                self.note(self.tx("cmd.trade.no_card", name=self.name(self.proposer)))
                return
            self.give_cards.append(cards[0])
            self.step = TAKE
            return
        if self.partner < 0:
            holders = [i for i in st.alive() if i != self.proposer and st.players[i].jail_cards]
            if len(holders) != 1:
                # nobody or several players hold one: the partner must be named first
                if not holders:
                    self.note(self.tx("cmd.trade.no_card", name="?"))
                    return
                self.take_cards.append(-1)
                self.step = PARTNER
                return
            self.partner = holders[0]
        cards = [c for c in st.players[self.partner].jail_cards if c not in self.take_cards]
        if not cards:
            self.note(self.tx("cmd.trade.no_card", name=self.name(self.partner)))
            return
        self.take_cards.append(cards[0])

    def _given_up_if_empty(self) -> bool:
        """Nothing either way (a sum alone is no transaction): the transaction is given up."""
        if self.give or self.take or self.give_cards or self.take_cards:
            return False
        self.note(self.tx("cmd.trade.empty"))
        self.step = DONE
        return True

    def _end_lists(self) -> None:
        if self._given_up_if_empty():   # at once, not after the partner's number
            return
        if self.partner < 0:
            self.step = PARTNER
            return
        self._after_partner()

    def _after_partner(self) -> None:
        if -1 in self.take_cards:       # a card asked before the partner was known
            cards = list(self.state.players[self.partner].jail_cards)
            self.take_cards = [c for c in self.take_cards if c != -1]
            free = [c for c in cards if c not in self.take_cards]
            if free:
                self.take_cards.append(free[0])
        if self._given_up_if_empty():   # the card asked: the partner had none to give
            return
        self.step = CASH_ASK

    def on_amount(self, value: int | None) -> None:
        if value is None:
            self.cash = 0          # ESC: no sum (one refused before is forgotten)
            self.step = CASH_ASK
            return
        self.cash = value if self.cash_to == self.partner else -value
        self._propose()

    # -- the proposal and the answer -------------------------------------------------------
    def _propose(self) -> None:
        action = A.ProposeTrade(self.proposer, self.partner, tuple(self.give), tuple(self.take),
                                self.cash, tuple(self.give_cards), tuple(self.take_cards))
        ok, why = self.host.apply(action)
        if ok:
            # a computer partner answers at the first tick after the proposal is shown,
            # before the game screen would drive it (so that its reason is ours to show)
            self.step = ANSWER
            return
        self.refuse(why)
        if self.cash and getattr(why, "code", "") in CASH_REFUSALS:
            # the sum alone is wrong: asked again, the deeds chosen kept (ESC: no sum, O/N)
            self.step = CASH_AMOUNT
            self.ask_amount(CASH_DIGITS)
        else:
            self.step = DONE

    def _answer(self, action) -> None:
        ok, why = self.host.apply(action)
        if not ok:
            self.refuse(why)
        self.step = DONE       # the game's log tells the outcome (trade / trade_rejected events)

    @property
    def paces_computers(self) -> bool:
        """While it waits for the answer to its own proposal, the T window sets the computers'
        pace: its computer partner answers at the first tick the proposal is no longer being
        shown (``tick``), so that the answer's reason is the window's to show."""
        return self.step == ANSWER

    @property
    def waits_for_show(self) -> bool:
        """While the proposal is being shown, the partner's O / N waits for it to end."""
        return self.step == ANSWER

    def tick(self) -> None:
        super().tick()
        if self.step == DONE:
            self.close()
            return
        if self.step != ANSWER or self.host.busy:
            return
        st = self.state
        if st.phase != TRADE or st.trade is None:
            self.step = DONE        # answered elsewhere (or the game moved on)
            return
        if not self.host.is_computer(self.partner):
            return
        bot = self.host.bots[self.partner]
        move = self.host.computer_move()     # the partner's answer, in the game's order
        action = move.action if move is not None and move.seat == self.partner else None
        if isinstance(action, (A.AcceptTrade, A.RejectTrade)):
            self.note(answer_line(self.t, st.board, self.name(self.partner),
                                  isinstance(action, A.AcceptTrade), bot.last_reason))
        elif st.phase == TRADE and st.trade is not None:
            # another move came first: the offer is refused for the partner (no reason of its own)
            self.note(answer_line(self.t, st.board, self.name(self.partner), False, NO_REASON))
            self._answer(A.RejectTrade(self.partner))
            return
        self.step = DONE       # the game's log tells the outcome (trade / trade_rejected events)
