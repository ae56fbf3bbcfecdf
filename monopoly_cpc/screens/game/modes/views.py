"""MONOPOLIC's VISUALISATION (seeds/000): a player's holdings, at any moment.

``+`` and ``-`` turn through a person's properties (with their buildings) clockwise or
anticlockwise round the board: the cursor goes to each one and the window describes it.  The
person is the current player, or during a computer's turn the first person still playing
(the one at the keyboard).  The same keys that open the view step it, the keypad's and the
main keyboard's (``SIGN_ALIASES``).
``?`` followed by a player's number lists that player's properties and buildings, his cash
and his loan; SPACE shows the rest of the list.  ENTER (or ESC) leaves.
"""

from __future__ import annotations

from monopoly_cpc.rules.board import HOTEL, STREET
from monopoly_cpc.rules.queries import houses_and_hotels
from monopoly_cpc.screens.game.host import SIGN_ALIASES
from monopoly_cpc.screens.game.modes.base import CommandMode
from monopoly_cpc.texts import fit_name

PAGE = 2     # property lines per page of the ? list (under the money and the count)


def buildings_text(mode: CommandMode, s: int) -> str:
    """'2 maison(s)', 'un hôtel', 'terrain nu', with 'hypothéquée' when it is."""
    st = mode.state
    parts = []
    if st.board.kinds[s] == STREET:
        h = st.houses[s]
        if h == HOTEL:
            parts.append(mode.tx("cmd.views.hotel"))
        elif h:
            parts.append(mode.tx("cmd.views.houses", k=h))
        elif not st.mortgaged[s]:
            parts.append(mode.tx("cmd.views.buildings0"))
    if st.mortgaged[s]:
        parts.append(mode.tx("cmd.views.mortgaged"))
    return ", ".join(parts)


class HoldingsMode(CommandMode):
    """+ / -: the current player's holdings, one property at a time, round the board."""

    takes_cursor = True

    def __init__(self, host, direction: int = 1) -> None:
        super().__init__(host)
        self.who = self.person()
        self.index = -1
        self.turn(direction)

    def person(self) -> int:
        """Whose holdings: the current player if a person, else the first person playing."""
        st = self.state
        if not self.host.is_computer(st.current):
            return st.current
        people = [i for i, p in enumerate(st.players) if not p.bankrupt and not self.host.is_computer(i)]
        return people[0] if people else st.current

    def items(self) -> list[int]:
        return self.state.owned_by(self.who)

    def turn(self, direction: int) -> None:
        items = self.items()
        if not items:
            return
        if self.index < 0:
            # the first press starts from the square the cursor (or the pawn) is on
            here = self.host.cursor
            after = [k for k, s in enumerate(items) if (s > here if direction > 0 else s < here)]
            if direction > 0:
                self.index = after[0] if after else 0
            else:
                self.index = after[-1] if after else len(items) - 1
        else:
            self.index = (self.index + direction) % len(items)
        self.host.set_cursor(items[self.index])

    def title(self) -> str:
        return self.tx("cmd.views.heading", n=self.who + 1, name=self.name(self.who))

    def body(self) -> list[str]:
        items = self.items()
        if not items:
            return [self.tx("cmd.views.empty", name=self.name(self.who))]
        s = items[self.index]
        st = self.state
        nh, nt = houses_and_hotels(st, self.who)
        return [self.t.fit("cmd.views.item", i=self.index + 1, count=len(items), square=st.board.names[s]),
                "  " + buildings_text(self, s),
                self.tx("cmd.views.summary", props=len(items), houses=nh, hotels=nt)]

    def question(self) -> str:
        return self.tx("cmd.views.keys_turn")

    def key(self, ev) -> bool:
        sign = SIGN_ALIASES.get(ev.char or "", ev.char)
        if sign == "+":
            self.turn(1)
            return True
        if sign == "-":
            self.turn(-1)
            return True
        if ev.is_enter or ev.letter == "Q":
            self.close()
            return True
        return False


class WhoseMode(CommandMode):
    """? then a number: that player's properties and buildings."""

    def __init__(self, host) -> None:
        super().__init__(host)
        self.who = -1
        self.top = 0

    def title(self) -> str:
        if self.who < 0:
            return self.tx("cmd.views.heading", n="?", name="")
        return self.tx("cmd.views.heading", n=self.who + 1, name=self.name(self.who))

    def question(self) -> str:
        return self.tx("cmd.views.who") if self.who < 0 else self.tx("cmd.views.keys_list")

    def body(self) -> list[str]:
        if self.who < 0:
            return self.lines[-4:]
        st = self.state
        p = st.players[self.who]
        items = st.owned_by(self.who)
        nh, nt = houses_and_hotels(st, self.who)
        money = self.tx("cmd.views.cash", cash=self.host.money(p.cash))
        if p.loan:
            money += "  " + self.tx("cmd.views.loan", loan=self.host.money(p.loan))
        # his money and loan, then the count, always; then a page of his properties
        lines = [money, self.tx("cmd.views.summary", props=len(items), houses=nh, hotels=nt)]
        for s in items[self.top:self.top + PAGE]:
            # the name on the left, shortened (never cut) only if the buildings leave no room
            what = buildings_text(self, s)
            lines.append(fit_name(st.board.names[s], 39 - len(what)).ljust(40 - len(what)) + what)
        return lines

    def key(self, ev) -> bool:
        if self.who < 0:
            if ev.digit is not None:
                i = self.player_digit(ev, humans_only=False)
                if i is not None:
                    self.who = i
                    self.top = 0
            return True
        if ev.is_enter or ev.letter == "Q":
            self.close()
            return True
        if ev.key == "SPACE":
            items = self.state.owned_by(self.who)
            self.top = self.top + PAGE if self.top + PAGE < len(items) else 0
            return True
        if ev.char == "?":
            self.who = -1
            return True
        return True
