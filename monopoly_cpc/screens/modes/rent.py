"""L Location (seeds/002 part C): the owner claims the rent due on his property.

The engine computes the amount when a player stops on an owned square (houses, hotels,
mortgages, whole groups, stations, utilities) and keeps the claim open until the next roll of
the dice: a rent not claimed by then is lost, as the rules say (the option "loyer payé
d'office" pays it at once instead).  The game screen's L claims a human owner's rent at
once; this window opens when it cannot (the owner is a computer player, or it is not the
moment): there the owner types his number and the rent is credited; if the payer cannot pay, the engine opens his debt and the game screen runs the
sale procedure.  With no rent due, the window shows the rent each property would earn now:
move the cursor and press SPACE.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.board import UTILITY
from monopoly_cpc.rules.queries import rent
from monopoly_cpc.rules.state import DEBT
from monopoly_cpc.screens.modes.base import CommandMode


class RentMode(CommandMode):
    """The L command."""

    title_key = "cmd.rent.heading"
    takes_cursor = True

    def __init__(self, host) -> None:
        super().__init__(host)
        st = self.state
        if st.variant.auto_rent:
            self.note(self.tx("cmd.rent.auto"))
        elif st.claim is None:
            self.note(self.tx("cmd.rent.none"))
            self.note(self.tx("cmd.rent.lost_rule"))

    def claim_line(self) -> str:
        c = self.state.claim
        return self.t.fit("cmd.rent.due", payer=self.name(c.payer), amount=self.host.money(c.amount),
                       owner=self.name(c.owner), square=self.state.board.names[c.square])

    def body(self) -> list[str]:
        if self.state.claim is not None:
            return self.lines[-3:] + [self.claim_line()]
        return self.lines[-4:]

    def question(self) -> str:
        if self.state.claim is not None:
            return self.tx("cmd.rent.owner_ask")
        return self.tx("cmd.rent.table")

    def key(self, ev) -> bool:
        if ev.letter == "Q" or (ev.is_enter and self.state.claim is None):
            self.close()
            return True
        c = self.state.claim
        if c is not None and ev.digit is not None:
            i = self.player_digit(ev, humans_only=False)
            if i is None:
                return True
            if i != c.owner:
                self.note(self.tx("cmd.rent.not_yours", name=self.name(i)))
                return True
            self.claim(c)
            return True
        if c is None and ev.key == "SPACE":
            self.note(self.current_rent(self.host.cursor))
            return True
        return ev.key == "SPACE" or ev.digit is not None

    def claim(self, c) -> None:
        """ClaimRent through the engine; a payer short of cash goes into the sale procedure."""
        amount, payer, owner = c.amount, c.payer, c.owner
        if not self.apply(A.ClaimRent(owner)):
            return
        m = self.host.money
        self.note(self.tx("cmd.rent.claimed", owner=self.name(owner), amount=m(amount), payer=self.name(payer)))
        if self.state.phase == DEBT:
            self.note(self.tx("cmd.rent.sale", payer=self.name(payer)))
        self.close()     # the debt window (if any) needs the keyboard now

    def current_rent(self, s: int) -> str:
        st = self.state
        b = st.board
        name = b.names[s]
        if not b.is_property[s] or st.owner[s] < 0:
            return self.t.fit("cmd.rent.unowned", square=name)
        if st.mortgaged[s]:
            return self.t.fit("cmd.rent.mortgaged", square=name)
        if b.kinds[s] == UTILITY:
            return self.t.fit("cmd.rent.current_utility", square=name, k=self.host.money(rent(st, s, 1)))
        return self.t.fit("cmd.rent.current", square=name, amount=self.host.money(rent(st, s, 0)))
