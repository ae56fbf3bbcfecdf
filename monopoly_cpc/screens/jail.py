"""In jail at the start of the turn: pay the fine, use the card, or try for a double."""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.screens.game.host import window_line
from monopoly_cpc.screens.game.prompts import Prompt


class JailMode(Prompt):
    """P pays 5.000 F, C uses a 'libéré de prison' card (if he has one), D rolls for a double."""

    rows = 4

    def on_key(self, ev) -> bool:
        if ev.repeat or self.host.busy:
            return False
        st = self.host.state
        action = None
        if ev.letter == "P":
            action = A.PayJailFine(self.who)
        elif ev.letter == "C" and st.players[self.who].jail_cards:
            action = A.UseJailCard(self.who)
        elif ev.letter == "D":
            action = A.Roll(self.who)
        if action is None:
            return False
        ok, why = self.host.apply(action)
        if not ok:
            self.host.ctx.audio.cue("error")
            text = getattr(why, "text", "") or self.host.texts.get("game.refused", reason=why)
            self.host.say(self.host.texts["jail.cannot_pay"] if isinstance(action, A.PayJailFine)
                          else text)
        return True

    def draw(self, fb) -> None:
        st = self.host.state
        t = self.host.texts
        pl = st.players[self.who]
        window_line(fb, 2, t.get("jail.heading", name=pl.name, k=pl.jail_turns + 1), 3)
        window_line(fb, 3, t.get("jail.pay", fine=self.host.money(st.variant.jail_fine)), 1)
        window_line(fb, 4, t["jail.card"], 1 if pl.jail_cards else 2)
        window_line(fb, 5, t["jail.roll"], 1)
