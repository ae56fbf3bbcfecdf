"""What the game screen draws: command row, board, pawns, cursor, the hole, window, status."""

from __future__ import annotations

from monopoly_cpc.render.board import (
    ICONS,
    draw_buildings,
    draw_cursor,
    draw_owner,
    hole,
    set_board_inks,
)
from monopoly_cpc.render.pawns import SPRITE, draw_pawn, draw_pawns, slot
from monopoly_cpc.rules.state import GAME_OVER
from monopoly_cpc.screens.game.host import STATUS_ROW, WINDOW_ROWS, WINDOW_TOP, Mode, ScreenParts, wrap
from monopoly_cpc.screens.game.window import (
    MENU_INKS,
    STATUS_INKS,
    WINDOW_INKS,
    draw_card,
    draw_deed,
    draw_log,
)
from monopoly_cpc.texts import money

BLINK = 16                # ticks per half period of the cursor and of the owner's pawn
PILE_W, PILE_H = 30, 22   # the piles of Chance and Caisse de Communauté cards in the hole


class BoardView(ScreenParts):
    """Mixin of GameScreen: its picture."""

    def draw(self, fb) -> None:
        st = self.state
        fb.clear(0)
        fb.set_border(1)
        fb.set_inks(MENU_INKS, 0, 8)
        set_board_inks(fb)
        fb.set_inks(WINDOW_INKS, WINDOW_TOP * 8, STATUS_ROW * 8)
        fb.set_inks(STATUS_INKS, STATUS_ROW * 8, 200)
        fb.sprite(self._pens[8:144], 0, 8)
        self._draw_menu(fb)
        for s in st.board.properties:
            if st.houses[s] or st.mortgaged[s]:
                draw_buildings(fb, st.board, s, st.houses[s], st.mortgaged[s])
            if st.owner[s] >= 0:
                draw_owner(fb, s, st.owner[s])
        self._draw_hole(fb)
        order = [(st.players[i].pawn, self.shown[i]) for i in range(len(st.players))
                 if not st.players[i].bankrupt]
        jailed = frozenset(p.pawn for p in st.players if p.in_jail and not p.bankrupt)
        draw_pawns(fb, order, jailed)
        if self.highlight is not None:
            owner, square = self.highlight
            if 0 <= owner < len(st.players) and (self.ticks // BLINK) % 2 == 0:
                x, y = slot(square, 5)
                draw_pawn(fb, st.players[owner].pawn, x, y)
        # while events are being shown the window is the message log: the next question
        # appears only once the pawn has arrived and the pause is over
        # (the auction's window stays while its bids and its gavel are shown)
        prompt = self.prompt if not self.busy or getattr(self.prompt, "draws_while_shown", False) else None
        top = self.modes[-1] if self.modes else prompt
        if self.cursor_on or (top is not None and top.takes_cursor):
            draw_cursor(fb, self.cursor, (self.ticks // BLINK) % 2 == 0 or self.busy)
        self._draw_window(fb, top)
        self._draw_status(fb, getattr(top, "status_line", ""))

    def _draw_menu(self, fb) -> None:
        fb.text(0, 0, " " * 40, pen=1, paper=0)
        letters = self.texts["menu.letters"]
        if self.state.variant.loans:
            letters += " E"  # MONOPOLIC: Emprunt
        fb.text(1, 0, letters[:39], pen=1)

    def _draw_hole(self, fb) -> None:
        from monopoly_cpc.render.framebuffer import big_text

        x, y, w, h = hole()
        name = self.texts["title.name"]
        big_text(fb, name, x + (w - 16 * len(name)) // 2, y + 10, 2, 1)
        # the two piles of cards, as on the printed board, and the dice between them
        # the piles, the dice and the bank's stock keep clear of the columns where the fourth
        # to sixth pawns of the side squares stand (3 pawns wide inside each side of the ring)
        side = 3 * SPRITE + 4
        for px, icon in ((x + side, "chance"), (x + w - side - PILE_W - 4, "community")):
            for k in (2, 1, 0):
                fb.fill_rect(px + 2 * k, y + 40 - 2 * k, PILE_W, PILE_H, 0)
                fb.rect(px + 2 * k, y + 40 - 2 * k, PILE_W, PILE_H, 1)
            rows = ICONS[icon]
            ix = px + (PILE_W - len(rows[0])) // 2
            iy = y + 40 + (PILE_H - len(rows)) // 2
            for dy, row in enumerate(rows):
                for dx, ch in enumerate(row):
                    if ch == "#":
                        fb.pset(ix + dx, iy + dy, 1)
        self.dice.draw(fb, x + w // 2 - 20, y + 42)
        st = self.state
        stock = self.texts.get("game.bank_stock", houses=st.bank_houses, hotels=st.bank_hotels)
        room = (w - 2 * side) // 8
        head, sep, tail = stock.partition(", ")   # houses on one line, hotels on the next
        lines = [stock] if len(stock) <= room else (
            [head + sep.rstrip(), tail] if sep and max(len(head) + 1, len(tail)) <= room else wrap(stock, room))
        for i, line in enumerate(lines):
            fb.text_px(x + (w - 8 * len(line)) // 2, y + h - 11 - 8 * (len(lines) - i), line, pen=1,
                       paper=None)

    def _draw_window(self, fb, top: Mode | None) -> None:
        if self.card is not None:
            draw_card(fb, self, *self.card)
            return
        if self.deed >= 0:
            draw_deed(fb, self, self.deed)
            return
        used = getattr(top, "rows", 2) if top is not None else 0
        draw_log(fb, self.log, WINDOW_ROWS - used)
        if top is not None:
            top.draw(fb)

    def _draw_status(self, fb, line: str = "") -> None:
        if line:   # the end of the game: the key to press
            fb.text(0, STATUS_ROW, line.center(40)[:40], pen=3, paper=0)
            return
        st = self.state
        left = self.claim_ticks_left()
        if left and self.claim_shown is not None and st.claim is not None:
            # a human's rent on screen: who claims, how much, and the seconds left to press L
            c = st.claim
            fb.text(0, STATUS_ROW, " " * 40, pen=1, paper=0)
            fb.text(0, STATUS_ROW, self.texts.get(
                "game.claim_status", owner=st.players[c.owner].name, amount=money(c.amount),
                secs=(left + 49) // 50)[:40], pen=3)
            return
        if st.phase == GAME_OVER:
            p = st.winner
        elif self.show.busy and 0 <= self.show.mover < len(st.players):
            p = self.show.mover   # the move on screen, not the engine's next player already
        else:
            p = self.actor() if self.actor() >= 0 else st.current
        pl = st.players[p]
        fb.text(0, STATUS_ROW, " " * 40, pen=1, paper=0)
        fb.text(0, STATUS_ROW, f"{p + 1} {pl.name}"[:14], pen=1)
        draw_pawn(fb, pl.pawn, 14 * 8, STATUS_ROW * 8)
        fb.text(26, STATUS_ROW, money(pl.cash).rjust(14)[:14], pen=2)
        if st.variant.time_limit_ticks:  # the quick game's clock: time left
            secs = st.clock // 50
            fb.text(17, STATUS_ROW, f"{secs // 3600}:{secs // 60 % 60:02d}:{secs % 60:02d}", pen=3)
