"""L Location (seeds/002 part C): the owner claims the rent due on his property.

The engine computes the amount when a player stops on an owned square (houses, hotels,
mortgages, whole groups, stations, utilities) and keeps the claim open until the next roll of
the dice: a rent not claimed by then is lost, as the rules say (the option "loyer payé
d'office" pays it at once instead).  The game screen's L claims a human owner's rent at once,
without this window.  The window opens when it cannot, and tells one thing only: the rents due
now to a person (owner, payer, amount, square), or that none is due: a computer's rent is the
computer's to claim, and not what the person who pressed L asked about.

* A rent due whose owner may claim it: the owner types his number and it is credited; if the
  payer cannot pay, the engine opens his debt and the game screen runs the sale procedure.
* No rent due: the window says so and closes by itself after 2 s (``NONE_TICKS``) or at the
  next key.
* It never stays open into another player's turn or past the rent it showed (claimed or lost),
  and a letter typed while it is open (D on one's turn) closes it and then does what it does.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.state import DEBT
from monopoly_cpc.screens.game.modes.base import CommandMode

NONE_TICKS = 100   # 2 s: how long "no rent is due" stays without a key


class RentMode(CommandMode):
    """The L command."""

    title_key = "cmd.rent.heading"

    def __init__(self, host) -> None:
        super().__init__(host)
        st = self.state
        self.opened = 0                       # ticks since the window opened
        self.turn = (st.current, st.turn)     # the turn it belongs to
        self.claim = st.claim                 # the rent it shows (None: none due)
        if st.variant.auto_rent:
            self.note(self.tx("cmd.rent.auto"), log=False)
        elif self.due() is None:
            self.note(self.tx("cmd.rent.none"), log=False)

    def due(self):
        """The rent due now to a person (None: none, or a computer's)."""
        c = self.state.claim
        return None if c is None or self.host.is_computer(c.owner) else c

    def due_line(self) -> str:
        c = self.state.claim
        return self.t.fit("cmd.rent.due", payer=self.name(c.payer), amount=self.host.money(c.amount),
                          owner=self.name(c.owner), square=self.state.board.names[c.square])

    def body(self) -> list[str]:
        if self.due() is not None:
            return [self.due_line()] + self.lines[-3:]
        return self.lines[-4:]

    def question(self) -> str:
        if self.due() is not None:
            return self.tx("cmd.rent.owner_ask")
        return ""

    # -- keys ------------------------------------------------------------------------------
    def key(self, ev) -> bool:
        c = self.due()
        if c is not None and ev.digit is not None:
            i = self.player_digit(ev, humans_only=False)
            if i is None:
                return True
            if i != c.owner:
                self.note(self.tx("cmd.rent.not_yours", name=self.name(i)), log=False)
                return True
            self.claim_it(c)
            return True
        # any other key closes the window; a letter then does what it does (D rolls the dice
        # of the player whose turn it is), L only closes
        self.close()
        if ev.letter is not None and ev.letter != "L":
            self.host.on_key(ev)
        return True

    def claim_it(self, c) -> None:
        """ClaimRent through the engine; a payer short of cash goes into the sale procedure."""
        amount, payer, owner = c.amount, c.payer, c.owner
        if not self.apply(A.ClaimRent(owner)):
            return
        m = self.host.money
        self.note(self.tx("cmd.rent.claimed", owner=self.name(owner), amount=m(amount), payer=self.name(payer)))
        if self.state.phase == DEBT:
            self.note(self.tx("cmd.rent.sale", payer=self.name(payer)))
        self.close()     # the debt window (if any) needs the keyboard now

    # -- time ------------------------------------------------------------------------------
    def watch(self) -> None:
        """Every tick, while events are shown too (the game screen calls it)."""
        st = self.state
        self.opened += 1
        if (st.current, st.turn) != self.turn or st.claim is not self.claim:
            self.close()    # another turn, or the rent shown was claimed or lost
        elif self.due() is None and self.opened >= NONE_TICKS:
            self.close()
