"""The end screen: the players ranked by fortune, and a new game offered.

The engine has scored everybody when the game ended (last player standing, the quick game's
time, or CTRL+C): cash, the printed price of each property (half when mortgaged), buildings at
their price (a hotel counts five houses, four in the fast variant), less a MONOPOLIC loan; the
parts, the ranking and the places are the rules' (``rules.queries.fortune_parts``, ``ranking``,
``tied_winners``, ``places``).
Each player gets two lines: rank, name and total (under the Total heading); then cash,
properties and buildings (under their headings).
O starts a new game (the pawn menu), N goes back to the title.
"""

from __future__ import annotations

from monopoly_cpc.rules.queries import fortune_parts, places, ranking, tied_winners
from monopoly_cpc.screens.base import Screen
from monopoly_cpc.texts import load_texts, money, names_and

INKS = (1, 24, 20, 26)          # blue paper, yellow, cyan, white
HEAD_INKS = (6, 26, 24, 0)      # the heading band: red paper, white text
HOLD = 25                       # ticks before a key counts (the winner's key may still be held)
# (first column, width) of cash, properties, buildings (the detail line) and total (name line):
# two blank columns at least between two amounts of the detail line ("205.000 F 120.000 F"
# read as one figure); the buildings may take column 30, which the total leaves blank there
COLUMNS = ((0, 9), (10, 10), (22, 9), (30, 10))


def amount(value: int, width: int) -> str:
    """``money(value)`` right-aligned in ``width`` columns; without its " F" if that is too wide
    (a column holds "150.000 F", a fortune of millions drops the F rather than a digit)."""
    text = money(value)
    if len(text) > width:
        text = text[:-2]
    return text.rjust(width)[-width:]


class EndScreen(Screen):
    """Ranks the players with cash, properties, buildings and total; O: new game, N: title."""

    def __init__(self, ctx, state) -> None:
        super().__init__(ctx)
        self.state = state
        self.texts = load_texts(ctx.lang)
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1

    def on_key(self, ev) -> None:
        if self.ticks < HOLD or ev.repeat:
            return
        if self.texts.is_yes(ev.letter):
            self.ctx.after("end")       # a new game: the pawn menu
        elif self.texts.is_no(ev.letter):
            self.ctx.go("title")

    def why(self) -> str:
        st = self.state
        if st.time_up:
            return self.texts["cmd_endscreen.by_time"]
        if st.end_requested:
            return self.texts["cmd_endscreen.by_request"]
        return self.texts["cmd_endscreen.by_bankrupt"]

    def draw(self, fb) -> None:
        t = self.texts
        st = self.state
        fb.clear(0)
        fb.set_inks(INKS)
        fb.set_border(1)
        fb.set_inks(HEAD_INKS, 8, 24)
        fb.set_border(6, 36 + 8, 36 + 24)
        fb.fill_rect(0, 8, 320, 16, 0)
        heading = t["cmd_endscreen.heading"]
        fb.text((40 - len(heading)) // 2, 1, heading, pen=1, paper=0)
        why = self.why()
        fb.text((40 - len(why)) // 2, 2, why, pen=2, paper=0)
        order = ranking(st)
        if st.winner >= 0:
            w = fortune_parts(st, st.winner)
            together = tied_winners(st)
            if len(together) > 1:       # equal fortunes: a tie, not the first seat's win
                names = names_and(t, [st.players[i].name for i in together])
                line = t.get("cmd_endscreen.tie", names=names, total=money(w.total))
                if len(line) > 40:
                    line = t.get("cmd_endscreen.tie_count", count=len(together), total=money(w.total))
            else:
                line = t.get("cmd_endscreen.winner", name=st.players[st.winner].name, total=money(w.total))
            fb.text(max(0, (40 - len(line)) // 2), 3, line[:40], pen=3)
        # one row of headings; each player's total on his name line, in a column of its own
        # (cols 30-39) that the detail line below leaves blank, so the columns never touch
        for (col, width), k in zip(COLUMNS, ("col_cash", "col_props", "col_build", "col_total"), strict=True):
            heading = t[f"cmd_endscreen.{k}"][:width]     # right-aligned, no padding drawn
            fb.text(col + width - len(heading), 5, heading, pen=3 if k == "col_total" else 2)
        row = 6        # up to six players of three lines: rows 6-23; the question on row 24
        # (the bankrupt keep the engine's order: each his own place)
        parts = {i: fortune_parts(st, i) for i in order}
        ranks = places([-1 - k if st.players[i].bankrupt else parts[i].total
                        for k, i in enumerate(order)])
        (c_cash, w_cash), (c_props, w_props), (c_build, w_build), (c_total, w_total) = COLUMNS
        # a blank row between players when they all fit with it, rather than four players'
        # lines jammed under the heading and half the screen empty below
        lines = sum(3 if parts[i].loan and not st.players[i].bankrupt else 2 for i in order)
        gap = 1 if lines + len(order) - 1 <= 24 - row else 0
        if gap and lines + len(order) <= 24 - row:
            row += 1   # and a blank row under the headings, off the first name
        for rank, i in zip(ranks, order, strict=True):
            p = st.players[i]
            w = parts[i]
            fb.text(0, row, f"{rank}. {p.name} ({i + 1})"[:c_total - 1], pen=1)
            fb.text(c_total, row, amount(w.total, w_total), pen=3)
            if p.bankrupt:
                fb.text(3, row + 1, t["cmd_endscreen.bankrupt"], pen=2)
            else:
                fb.text(c_cash, row + 1, amount(w.cash, w_cash), pen=2)
                fb.text(c_props, row + 1, amount(w.properties, w_props), pen=2)
                fb.text(c_build, row + 1, amount(w.buildings, w_build), pen=2)
                if w.loan:      # a third line: the MONOPOLIC loan deducted from the total
                    row += 1
                    fb.text(1, row + 1, t.get("cmd_endscreen.loan", loan=money(w.loan))[:39], pen=2)
            row += 2 + gap
        if self.ticks >= HOLD:
            ask = t["cmd_endscreen.new_game"]
            fb.text((40 - len(ask)) // 2, 24, ask, pen=1)
