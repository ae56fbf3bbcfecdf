"""A player who cannot pay: what he owes, and the ways to raise the money.

H mortgages and V sells a building (cursor on the property, then ENTER), A asks for the
computer's automatic sale procedure, F declares bankruptcy.  A sale that must take more than the
building asked for (a hotel sells every building of its group, seeds/002, for even building)
says what it will sell and for how much, and waits for O or N (refused while he can still raise
the money).  With MONOPOLIC's loans, E (the game's Emprunt command) borrows from the bank and
the window says so while the player may still borrow.  The engine pays the debt as soon as the
cash is there.  A rent may also be paid
half in cash and half in properties (seeds/002 DIVERS): M, then ENTER on each property given
(again to take it back), then P pays.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import loan_room
from monopoly_cpc.screens.game.describe import group_sale, group_sale_question
from monopoly_cpc.screens.game.host import WINDOW_TOP, window_line, wrap
from monopoly_cpc.screens.game.prompt import Prompt
from monopoly_cpc.screens.game.window import bar
from monopoly_cpc.texts import name_forms


class DebtMode(Prompt):
    """The debt window of ``who`` (the first debtor of the engine)."""

    rows = 6

    def __init__(self, host, who: int = -1) -> None:
        super().__init__(host, who)
        self.pick = ""       # "mortgage", "sell" or "kind" while the cursor chooses
        self.given: list[int] = []   # properties chosen for a payment in kind
        self.message = ""
        self.confirm = -1    # the square of a group sale waiting for O or N
        self.confirm_sold: list = []   # and what that sale sells (the engine's 'sell' events)
        owned = host.state.owned_by(who)
        if owned:
            host.set_cursor(owned[0])

    @property
    def takes_cursor(self) -> bool:  # type: ignore[override]
        return bool(self.pick)

    def on_key(self, ev) -> bool:
        if ev.repeat or self.host.busy:
            return False
        t = self.host.texts
        if self.confirm >= 0:
            return self._confirm_key(ev)
        if self.pick:
            if ev.key == "ESC":
                self.pick = ""
                self.given = []
                self.message = ""    # a refusal of the choice left goes with it
                return True
            if self.pick == "kind":
                return self._kind_key(ev)
            if ev.is_enter:
                s = self.host.cursor
                sold = group_sale(self.host.state, self.who, s) if self.pick == "sell" else None
                if sold is not None:
                    self.confirm, self.confirm_sold = s, sold    # say what it sells, ask first
                    self.message = ""
                    return True
                act = A.Mortgage(self.who, s) if self.pick == "mortgage" else A.SellBuilding(self.who, s)
                ok, why = self.host.apply(act)
                self.message = "" if ok else self._refused(why, t["debt.cannot"])
                return True
            return False
        action: A.Action | None = None
        if ev.letter == "H":
            self.pick = "mortgage"
            self.message = ""
            return True
        if ev.letter == "V":
            self.pick = "sell"
            self.message = ""
            return True
        if ev.letter == "M" and self._rent_debt():
            self.pick = "kind"
            self.given = []
            self.message = ""
            return True
        if ev.letter == "A":
            action = A.AutoLiquidate(self.who)
        elif ev.letter == "F":
            action = A.DeclareBankruptcy(self.who)
        if action is None:
            return False
        ok, why = self.host.apply(action)
        if not ok:
            self.message = (self._refused(why, t["debt.still_can"]) if isinstance(action, A.DeclareBankruptcy)
                            else self._refused(why, t["debt.cannot"]))
        return True

    def _confirm_key(self, ev) -> bool:
        """O sells the group asked about; N or ESC keeps it; other keys wait."""
        t = self.host.texts
        if t.is_yes(ev.letter):
            s, self.confirm = self.confirm, -1
            ok, why = self.host.apply(A.SellBuilding(self.who, s))
            self.message = "" if ok else self._refused(why, t["debt.cannot"])
        elif t.is_no(ev.letter) or ev.key == "ESC":
            self.confirm = -1
        return True

    def _refused(self, why, generic: str) -> str:
        """The rules' own line for this refusal (``rules.<code>``), else ``generic``; an error beep."""
        self.host.ctx.audio.cue("error")
        return getattr(why, "text", "") or generic

    def _rent_debt(self) -> bool:
        st = self.host.state
        return bool(st.debts) and st.debts[0].reason == "rent" and st.debts[0].creditor >= 0

    def _kind_key(self, ev) -> bool:
        """Payment in kind: ENTER adds or removes the property under the cursor, P pays."""
        t = self.host.texts
        if ev.is_enter:
            s = self.host.cursor
            if s in self.given:
                self.given.remove(s)
            elif self.host.state.owner[s] == self.who:
                self.given.append(s)
            else:
                self.message = t["debt.cannot"]
            return True
        if ev.letter == "P":
            ok, why = self.host.apply(A.PayInKind(self.who, tuple(self.given)))
            if ok:
                self.pick = ""
                self.given = []
                self.message = ""
            else:
                self.host.ctx.audio.cue("error")
                self.message = getattr(why, "text", "") or t["debt.kind_refused"]
            return True
        return False

    def draw(self, fb) -> None:
        st = self.host.state
        t = self.host.texts
        m = self.host.money
        if not st.debts:
            return
        d = st.debts[0]
        creditor = st.players[d.creditor].name if d.creditor >= 0 else t["debt.bank"]
        pl = st.players[self.who]
        heading = t.get("debt.heading", name=pl.name, amount=m(d.amount), creditor=creditor)
        bar(fb, 0, heading, 6)
        window_line(fb, 1, t.get("debt.cash", cash=m(pl.cash), missing=m(max(0, d.amount - pl.cash))), 1)
        if self.pick == "kind":
            # the properties given take the two rows of the other keys (only ENTER, P and ESC
            # work while they are chosen): in full on two rows, else shortened on one
            for i, line in enumerate(self._given_lines(t, [st.board.names[s] for s in self.given])):
                window_line(fb, 2 + i, line, 1)
            window_line(fb, 4, t["debt.pick_kind"], 3)
        else:
            window_line(fb, 2, t["debt.keys1"], 2)
            loans = loan_room(st, self.who) > 0
            keys2 = "debt.keys2" + ("_rent" if self._rent_debt() else "") + ("_loan" if loans else "")
            window_line(fb, 3, t[keys2], 2)
            if self.confirm >= 0:
                # the question whole, over the keys (only O and N answer it)
                for i, line in enumerate(wrap(group_sale_question(t, st, self.confirm_sold), 40)[:4]):
                    fb.text(0, WINDOW_TOP + 2 + i, " " * 40)
                    window_line(fb, 2 + i, line, 3)
                return
            if self.pick:
                window_line(fb, 4, t["debt.pick_mortgage" if self.pick == "mortgage" else "debt.pick_sell"], 3)
            elif self.host.log and self.host.log[-1].strip() != heading.strip():
                # the latest news (a sale, a mortgage); not the debt's own line, the heading
                window_line(fb, 4, self.host.log[-1], 2)
        if self.message:
            window_line(fb, 5, self.message, 3)

    @classmethod
    def _given_lines(cls, t, names: list[str], width: int = 40) -> list[str]:
        """"Donnés : ..." on two rows, a name never split between them: the full names if they
        fit, else their short forms, else one row as :meth:`_given_line` makes it."""
        if not names:
            return [cls._given_line(t, names, width)]
        for forms in (names, [name_forms(n)[-1] for n in names]):
            lines = [t.get("debt.kind_given", names=forms[0])]
            for name in forms[1:]:
                lines[-1] += ","
                if len(lines[-1]) + 1 + len(name) <= width:
                    lines[-1] += " " + name
                else:
                    lines.append(name)
            if len(lines) <= 2 and all(len(line) <= width for line in lines):
                return lines
        return [cls._given_line(t, names, width)]

    @staticmethod
    def _given_line(t, names: list[str], width: int = 40) -> str:
        """"Donnés : ..." on one row: full names if they fit, else their short forms, else as
        many as fit and "+N" for the rest (never a name cut in the middle)."""
        if not names:
            return t.get("debt.kind_given", names="-")
        for forms in (names, [name_forms(n)[-1] for n in names]):
            line = t.get("debt.kind_given", names=", ".join(forms))
            if len(line) <= width:
                return line
        for k in range(len(forms) - 1, 0, -1):
            line = t.get("debt.kind_given", names=", ".join(forms[:k]) + f" +{len(forms) - k}")
            if len(line) <= width:
                return line
        return t.get("debt.kind_given", names=f"+{len(forms)}")
