"""MONOPOLIC's EMPRUNT (seeds/000): borrow from the bank, up to 50.000 F in all.

E opens it when the loan variant is on (options screen): the borrower types his number, then
the amount and ENTER.  The debt grows by 10 % at each pass of Départ and is taken back at the
third pass (the engine does it); the account (C) and the holdings view (?) show it.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import loan_room
from monopoly_cpc.screens.game.modes.base import CommandMode

WHO, AMOUNT, DONE = range(3)
AMOUNT_DIGITS = 6


class LoanMode(CommandMode):
    """The E command (Emprunt)."""

    title_key = "cmd.loan.heading"

    def __init__(self, host) -> None:
        super().__init__(host)
        self.who = -1
        self.step = WHO
        v = self.state.variant
        if not v.loans:
            self.note(self.tx("cmd.loan.disabled"))
            self.step = DONE
        elif not self.free():
            self.note(self.tx("cmd.not_now"))
            self.step = DONE
        else:
            self.note(self.tx("cmd.loan.rule"))

    def room(self) -> int:
        return loan_room(self.state, self.who)

    def question(self) -> str:
        if self.step == WHO:
            return self.tx("cmd.loan.who")
        if self.step == AMOUNT:
            return self.tx("cmd.loan.amount")
        if self.step == DONE:
            return ""   # over: the window only stays while its outcome is shown (no ESC line)
        return self.tx("cmd.esc")

    def key(self, ev) -> bool:
        if self.step == DONE:
            self.close()
            return False
        if self.step == WHO:
            i = self.player_digit(ev)
            if i is None:
                return True
            self.who = i
            p = self.state.players[i]
            if self.room() <= 0:
                self.note(self.tx("cmd.loan.full", name=p.name, loan=self.host.money(p.loan)))
                self.step = DONE
                return True
            self.note(self.tx("cmd.loan.room", name=p.name, room=self.host.money(self.room())))
            self.step = AMOUNT
            self.ask_amount(AMOUNT_DIGITS)
        return True

    def on_amount(self, value: int | None) -> None:
        if not value:
            self.step = DONE
            return
        if self.apply(A.Borrow(self.who, value)):
            p = self.state.players[self.who]
            self.note(self.tx("cmd.loan.done", name=p.name, amount=self.host.money(value),
                              loan=self.host.money(p.loan)), log=False)
            self.step = DONE
        else:
            self.ask_amount(AMOUNT_DIGITS)      # too much: the player may type another amount

    def tick(self) -> None:
        super().tick()
        if self.step == DONE:
            self.close()      # the outcome stays in the game's message log
