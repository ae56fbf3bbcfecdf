"""In jail at the start of the turn: pay the fine, use the card, or try for a double."""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.screens.game.host import window_line
from monopoly_cpc.screens.game.prompt import Prompt


class JailMode(Prompt):
    """P pays 5.000 F, C uses a 'libéré de prison' card (listed only when he has one: without
    one, C says so), D rolls for a double."""

    @property
    def rows(self) -> int:  # type: ignore[override]
        return 4 if self._has_card() else 3

    def _has_card(self) -> bool:
        return bool(self.host.state.players[self.who].jail_cards)

    def on_key(self, ev) -> bool:
        if ev.repeat or self.host.busy:
            return False
        action: A.Action | None = None
        if ev.letter == "P":
            action = A.PayJailFine(self.who)
        elif ev.letter == "C":
            action = A.UseJailCard(self.who)   # without a card the engine's line says so
        elif ev.letter == "D":
            if self.own_rent_first():
                return True
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
        lines = [t.get("jail.pay", fine=self.host.money(st.variant.jail_fine))]
        if pl.jail_cards:
            lines.append(t["jail.card"])
        lines.append(t["jail.roll"])
        top = 6 - len(lines)
        window_line(fb, top - 1, t.get("jail.heading", name=pl.name, k=pl.jail_turns + 1), 3)
        for i, line in enumerate(lines):
            window_line(fb, top + i, line, 1)
