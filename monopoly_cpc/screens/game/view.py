"""What the game screen draws: command row, board, pawns, cursor, the hole, window, status.

:class:`View` is what the picture shows beyond the rules' state: the event show
(``show.EventShow``) and the game screen write it; :func:`paint` draws the whole screen from
the rules' state, the view and the mode on top (which draws its own window rows).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from monopoly_cpc.render import closeup, smallfont
from monopoly_cpc.render.board import (
    board_pens,
    draw_buildings,
    draw_cursor,
    draw_owner,
    set_board_inks,
)
from monopoly_cpc.render.pawns import draw_pawn, draw_pawns, slot
from monopoly_cpc.rules.state import GAME_OVER, GameState
from monopoly_cpc.rules.turn import actor
from monopoly_cpc.screens.game.dice import DiceView
from monopoly_cpc.screens.game.host import STATUS_ROW, WINDOW_ROWS, WINDOW_TOP, Mode, wrap
from monopoly_cpc.screens.game.window import (
    MENU_INKS,
    STATUS_INKS,
    WINDOW_INKS,
    draw_card,
    draw_deed,
    draw_log,
)
from monopoly_cpc.texts import Texts, money

BLINK = 16                # ticks per half period of the cursor and of the owner's pawn
LOG_MAX = 40              # lines of the window's message log kept
UNTIL_ROLL = -1           # a person's rent on screen that a person's roll will lose (no countdown)


@dataclass
class View:
    """What the game screen shows beyond the rules' state: where the pawns are drawn, the
    cursor, the deed or card in the window, the close-up's centre, the owner's blinking pawn,
    the messages, whose line the status shows and the dice.  Plain data: the event show and
    the game screen write it, ``paint`` reads it."""

    shown: list[int]                      # the square each pawn is drawn on
    focus: tuple[int, str]                # the close-up's centre square and why (roll, walk, cursor, event, idle)
    cursor: int = 0
    cursor_on: bool = False               # shown once a cursor key or a mode uses it
    deed: int = -1                        # square whose deed fills the window (-1: none)
    deed_left: int = 0                    # ticks left of a deed shown by SPACE (0: not SPACE's)
    card: tuple[int, str] | None = None   # (deck, card id) in the window
    highlight: tuple[int, int] | None = None  # (owner, square): the owner's pawn blinks there
    log: list[str] = field(default_factory=list)      # the window's lines, newest last
    journal: list[str] = field(default_factory=list)  # every message said, whole (J)
    turns: list[tuple[int, int, int]] = field(default_factory=list)  # (journal length, round, player)
    first_round: int = 1                  # the round of the first turn shown (a resumed game's)
    said: int = 0                         # messages said so far
    last_said: str = ""                   # the last one, whole
    mover: int = -1                       # the player whose roll or walk is shown (status line)
    cash: tuple[int, ...] = ()            # each player's cash before the move being shown
    dice: DiceView = field(default_factory=DiceView)

    def say(self, text: str) -> None:
        """A message in the window's log (and the journal); the deed or card goes."""
        self.said += 1
        self.last_said = text
        self.journal.append(text)    # every message whole, for J (a game's few thousand lines)
        self.log.extend(wrap(text, 40) or [""])
        del self.log[:-LOG_MAX]
        self.deed = -1
        self.deed_left = 0
        self.card = None

    def begin_turn(self, player: int) -> None:
        """A player's turn is shown beginning: the journal's next messages are that turn's.
        A round ends when the turns come back round the table (to a seat not after the last)."""
        rnd = self.first_round
        if self.turns:
            _at, last_round, last = self.turns[-1]
            rnd = last_round + (player <= last)
        self.turns.append((len(self.journal), rnd, player))

    def show_deed(self, square: int) -> None:
        self.deed = square
        self.deed_left = 0
        self.card = None

    def show_card(self, deck: int, card_id: str) -> None:
        self.card = (deck, card_id)
        self.deed = -1
        self.deed_left = 0


def waiting_for(state: GameState) -> int:
    """Who the rules wait for (-1: nobody, or anybody in an auction): ``rules.actor``."""
    who = actor(state)
    return -1 if who is None else who


def paint(fb, state: GameState, view: View, texts: Texts, top: Mode | None, *, ticks: int,
          busy: bool, claim_left: int = 0) -> None:
    """The whole game screen from the rules' state and the view.

    ``top`` is the mode whose window is drawn (it draws its rows over the log; None: the log
    alone), ``ticks`` the screen's clock (the blinking), ``busy`` True while events are being
    shown, ``claim_left`` the ticks a human owner has left to claim the rent on screen before
    a computer's roll loses it (0: none shown; ``UNTIL_ROLL``: a person rolls next)."""
    st = state
    fb.clear(0)
    fb.set_border(1)
    fb.set_inks(MENU_INKS, 0, 8)
    set_board_inks(fb)
    fb.set_inks(WINDOW_INKS, WINDOW_TOP * 8, STATUS_ROW * 8)
    fb.set_inks(STATUS_INKS, STATUS_ROW * 8, 200)
    fb.sprite(board_pens()[8:144], 0, 8)   # the board's picture, read once
    _draw_menu(fb, st, texts)
    for s in st.board.properties:
        if st.houses[s] or st.mortgaged[s]:
            draw_buildings(fb, st.board, s, st.houses[s], st.mortgaged[s])
        if st.owner[s] >= 0:
            draw_owner(fb, s, st.owner[s])
    _draw_hole(fb, st, view, texts, top)
    order = [(st.players[i].pawn, view.shown[i]) for i in range(len(st.players))
             if not st.players[i].bankrupt]
    jailed = frozenset(p.pawn for p in st.players if p.in_jail and not p.bankrupt)
    turn = status_player(st, view, busy)
    marked = st.players[turn].pawn if st.phase != GAME_OVER and not st.players[turn].bankrupt else -1
    draw_pawns(fb, order, jailed, marked)
    if view.highlight is not None:
        owner, square = view.highlight
        if 0 <= owner < len(st.players) and (ticks // BLINK) % 2 == 0:
            x, y = slot(square, 5)
            draw_pawn(fb, st.players[owner].pawn, x, y)
    if view.cursor_on or (top is not None and top.takes_cursor):
        draw_cursor(fb, view.cursor, (ticks // BLINK) % 2 == 0 or busy)
    _draw_window(fb, st, view, texts, top)
    _draw_status(fb, st, view, texts, getattr(top, "status_line", ""), busy, claim_left)


def paint_key(state: GameState, view: View, top: Mode | None, *, ticks: int, busy: bool,
              claim_left: int = 0) -> tuple | None:
    """What :func:`paint` reads that changes during a game, as values (``screens.base``'s draw
    keys): equal only when it would paint the same picture.  None while ``top`` has no key of
    its own (its window is then drawn every frame).  It must follow ``paint``: a figure drawn
    and missing here would leave an old picture on screen (tests/demo/test_draw_skip.py draws
    every frame both ways and compares)."""
    st = state
    window = None
    if top is not None:
        mode_key = top.draw_key()
        if mode_key is None:
            return None
        window = (type(top), mode_key, getattr(top, "rows", 2), getattr(top, "status_line", ""),
                  top.takes_cursor)
    cursor = view.cursor_on or (top is not None and top.takes_cursor)
    blinking = cursor or view.highlight is not None
    c = st.claim
    return (
        window, busy, view.mover, tuple(view.cash), view.dice.draw_key(), closeup_focus(st, view, top)[0],
        (ticks // BLINK) % 2 if blinking else None, view.cursor if cursor else None,
        view.highlight, view.card, view.deed, tuple(view.log[-WINDOW_ROWS:]), tuple(view.shown),
        tuple((p.name, p.pawn, p.cash, p.bankrupt, p.in_jail) for p in st.players),
        tuple(st.owner), tuple(st.houses), tuple(st.mortgaged), st.bank_houses, st.bank_hotels,
        st.phase, st.current, st.winner, tuple(st.ranking), tuple(st.scores), waiting_for(st),
        None if c is None else (c.owner, c.payer, c.square, c.amount),
        claim_left if claim_left <= 0 else (claim_left + 49) // 50,
        st.clock // 50 if st.variant.time_limit_ticks else 0,
    )


def _draw_menu(fb, st: GameState, texts: Texts) -> None:
    fb.text(0, 0, " " * 40, pen=1, paper=0)
    letters = texts["menu.letters"]
    if st.variant.loans:
        letters += " E"  # MONOPOLIC: Emprunt
    fb.text(1, 0, letters[:39], pen=1)


def _draw_hole(fb, st: GameState, view: View, texts: Texts, mode: Mode | None) -> None:
    """The middle of the ring: the bank's stock and the dice on one line, the close-up
    window (three squares drawn large) under them.  Everything keeps clear of the rows and
    columns where the fourth to sixth pawns of the squares around stand."""
    stock = texts.get("game.bank_stock", houses=st.bank_houses, hotels=st.bank_hotels)
    top = closeup.Y0 - 13
    smallfont.draw_text(fb, closeup.X0, top, stock.upper(), 1)
    right = closeup.square_x(closeup.COUNT)
    closeup.draw_dice(fb, right - 2 * closeup.DIE - 4, top + 1, view.dice.shown(), view.dice.left)
    square, _why = closeup_focus(st, view, mode)
    closeup.draw_closeup(fb, st, square, view.shown, view.highlight,
                         texts["game.closeup_mortgaged"])


def closeup_focus(st: GameState, view: View, top: Mode | None = None) -> tuple[int, str]:
    """The square the close-up centres on and why: the walk, the cursor, an event, or
    (idle) a rent still due, else the square of the player the game waits for.  A window
    that picks squares with the cursor (``top.takes_cursor``) keeps it on the cursor's square,
    the one the window names, whatever the computers' moves show meanwhile."""
    if top is not None and top.takes_cursor:
        return view.cursor, "cursor"
    square, why = view.focus
    if why != "idle":
        return square, why
    if view.highlight is not None:
        return view.highlight[1], "event"
    waits = waiting_for(st)
    p = st.winner if st.phase == GAME_OVER else (waits if waits >= 0 else st.current)
    if 0 <= p < len(view.shown):
        return view.shown[p], "idle"
    return square, "idle"


def _draw_window(fb, st: GameState, view: View, texts: Texts, top: Mode | None) -> None:
    if top is None or not top.keeps_window:
        if view.card is not None:
            draw_card(fb, st, texts, *view.card)
            return
        if view.deed >= 0:
            draw_deed(fb, st, texts, view.deed)
            return
    used = getattr(top, "rows", 2) if top is not None else 0
    newest = len(wrap(view.last_said, 40)) if view.said else 1   # the rows of the last message
    draw_log(fb, view.log, WINDOW_ROWS - used, max(1, newest))
    if top is not None:
        top.draw(fb)


def status_player(st: GameState, view: View, busy: bool) -> int:
    """The player the status line names (and whose pawn the board marks): the winner, the
    mover whose move is on screen, else the one the game waits for, else the current one."""
    if st.phase == GAME_OVER:
        return st.winner
    if busy and 0 <= view.mover < len(st.players):
        return view.mover   # the move on screen, not the engine's next player already
    waits = waiting_for(st)
    return waits if waits >= 0 else st.current


def _draw_status(fb, st: GameState, view: View, texts: Texts, line: str, busy: bool,
                 claim_left: int) -> None:
    if line:   # the end of the game: the key to press
        fb.text(0, STATUS_ROW, line.center(40)[:40], pen=3, paper=0)
        return
    if claim_left and st.claim is not None:
        # a human's rent on screen: who claims, how much, and the rule: it is lost at the next
        # roll (a computer's comes in the seconds shown; a person's whenever he rolls)
        c = st.claim
        fb.text(0, STATUS_ROW, " " * 40, pen=1, paper=0)
        fields = {"owner": st.players[c.owner].name, "amount": money(c.amount)}
        if claim_left == UNTIL_ROLL:
            line = texts.get("game.claim_status_roll", **fields)
        else:
            line = texts.get("game.claim_status", secs=(claim_left + 49) // 50, **fields)
        if st.variant.time_limit_ticks:   # the quick game's clock stays, on the right
            fb.text(0, STATUS_ROW, line[:32], pen=3)
            _draw_clock(fb, st, 40 - 7)
            return
        fb.text(0, STATUS_ROW, line[:40], pen=3)
        return
    p = status_player(st, view, busy)
    pl = st.players[p]
    fb.text(0, STATUS_ROW, " " * 40, pen=1, paper=0)
    fb.text(0, STATUS_ROW, f"{p + 1} {pl.name}"[:14], pen=1)
    draw_pawn(fb, pl.pawn, 14 * 8, STATUS_ROW * 8)
    cash = view.cash[p] if busy and p < len(view.cash) else pl.cash
    fb.text(26, STATUS_ROW, money(cash).rjust(14)[:14], pen=2)
    if st.variant.time_limit_ticks:  # the quick game's clock: time left
        _draw_clock(fb, st, 17)


def _draw_clock(fb, st: GameState, col: int) -> None:
    secs = st.clock // 50
    fb.text(col, STATUS_ROW, f"{secs // 3600}:{secs // 60 % 60:02d}:{secs % 60:02d}", pen=3)
