"""H Hypothèques (seeds/002 part C): mortgage a property, or lift its mortgage.

A cursor appears on Départ and moves with the cursor keys; SPACE shows the property's facts
at the bottom (owner, mortgage value, what lifting costs); ENTER mortgages it or lifts the
mortgage, after the program's checks: no building anywhere in its group, and cash for the
value plus 10 % to lift.  The property's owner is the one who mortgages; Q leaves.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.queries import group_has_buildings, lift_cost
from monopoly_cpc.screens.game.host import wrap
from monopoly_cpc.screens.game.modes.base import CommandMode


class MortgageMode(CommandMode):
    """The H command."""

    title_key = "cmd.mortgage.heading"
    takes_cursor = True

    def __init__(self, host) -> None:
        super().__init__(host)
        self.info = -1                 # square whose facts are shown
        self.msg: list[str] = []       # the last message, shown above the facts
        host.set_cursor(0)             # "un curseur apparaît sur la case DEPART"

    def question(self) -> str:
        return self.tx("cmd.mortgage.keys")

    def note(self, text: str, log: bool = True) -> None:
        super().note(text, log)
        self.msg = wrap(text, 40)[-2:]

    def body(self) -> list[str]:
        if self.info < 0:
            return self.lines[-4:]
        return self.msg + self.facts(self.info)

    def facts(self, s: int) -> list[str]:
        """Two lines: the property and its owner; its mortgage state."""
        st = self.state
        b = st.board
        m = self.host.money
        if not b.is_property[s]:
            return [b.names[s], self.tx("cmd.mortgage.not_property")]
        owner = st.owner[s]
        if owner < 0:
            first = self.t.fit("cmd.mortgage.info_free", square=b.names[s])
        else:
            first = self.t.fit("cmd.mortgage.info_owner", square=b.names[s], n=owner + 1, name=self.name(owner))
        if st.mortgaged[s]:
            second = self.tx("cmd.mortgage.info_mortgaged", cost=m(lift_cost(st, s)))
        elif owner < 0:   # the bank's: its value only ('possible' would read as an offer)
            second = self.tx("cmd.mortgage.info_value", value=m(b.mortgages[s]))
        else:
            second = self.tx("cmd.mortgage.info_can", value=m(b.mortgages[s]))
        return [first, second]

    def key(self, ev) -> bool:
        if ev.letter == "Q":
            self.close()
            return True
        if ev.key == "SPACE":
            self.info = self.host.cursor
            self.msg = []
            return True
        if ev.is_enter and not ev.repeat:
            self.info = self.host.cursor
            self.msg = []
            self.act(self.host.cursor)
            return True
        return False

    def act(self, s: int) -> None:
        """The program's checks, then the engine's Mortgage or Lift."""
        st = self.state
        b = st.board
        m = self.host.money
        if not self.free():
            self.note(self.tx("cmd.not_now"))
            return
        if not b.is_property[s]:
            return          # the facts shown under the cursor already say so (no second line)
        owner = st.owner[s]
        if owner < 0:
            self.note(self.tx("cmd.mortgage.bank_owns", square=b.names[s]))
            return
        if self.host.is_computer(owner):
            self.note(self.tx("cmd.mortgage.computer", square=b.names[s], name=self.name(owner)))
            return
        if st.mortgaged[s]:
            cost = lift_cost(st, s)
            if st.players[owner].cash < cost:
                self.note(self.tx("cmd.mortgage.cash", cost=m(cost)))
                return
            if self.apply(A.Lift(owner, s)):
                self.note(self.tx("cmd.mortgage.lifted", name=self.name(owner), square=b.names[s],
                                  cost=m(cost)), log=False)
            return
        if group_has_buildings(st, s):
            self.note(self.tx("cmd.mortgage.buildings"))
            return
        if self.apply(A.Mortgage(owner, s)):
            self.note(self.tx("cmd.mortgage.done", name=self.name(owner), square=b.names[s],
                              value=m(b.mortgages[s])), log=False)
