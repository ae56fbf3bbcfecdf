"""The bottom window's pictures: the title deed, a Chance / Caisse de Communauté card, the log.

The window is text rows 18 to 23 (y 144-191); row 24 is the status line.  Its inks are the
CPC's blue paper and yellow text; the first row of a deed or card is a coloured bar whose
ink is set for those eight scanlines only (the group's colour), another raster change.
"""

from __future__ import annotations

from monopoly_cpc.render.board import GROUP_INKS
from monopoly_cpc.rules.board import HOTEL, STATION, STREET, UTILITY
from monopoly_cpc.screens.game.host import WINDOW_TOP, window_line, wrap
from monopoly_cpc.texts import Texts, fit_name, money

WINDOW_INKS = (1, 24, 20, 6)     # blue paper, yellow text, cyan, red
STATUS_INKS = (0, 26, 24, 6)     # the status line: black bar, white and yellow text
MENU_INKS = (0, 26, 24, 6)       # row 0: the command letters
DARK = {1, 2, 3, 4, 5, 9, 10}    # bar colours that take white text (others black)
CARD_INKS = {0: 15, 1: 20}       # Chance orange, Caisse de Communauté cyan


def bar(fb, row: int, text: str, colour: int, right: str = "") -> None:
    """A full-width bar on window line ``row`` in firmware colour ``colour``."""
    y = (WINDOW_TOP + row) * 8
    fb.set_ink(3, colour, y, y + 8)
    fb.set_ink(2, 26 if colour in DARK else 0, y, y + 8)
    line = text[:40]
    if right:
        line = line[: 39 - len(right)].ljust(40 - len(right)) + right
    fb.text(0, WINDOW_TOP + row, line.center(40) if not right else line, pen=2, paper=3)
    if row == 0:
        # the bar's first scanline keeps the window's paper, so the board's black bottom edge
        # (the line just above) stays a line of its own instead of the bar's top; only the
        # inks change, the text stays on its 8x8 cell
        fb.set_ink(3, WINDOW_INKS[0], y, y + 1)


def two(fb, row: int, left: str, right: str = "", pen: int = 1) -> None:
    """Two columns on a window line; a blank column always parts them."""
    window_line(fb, row, left[:19], pen)
    if right:
        window_line(fb, row, right[:20], pen, col=20)


def draw_deed(fb, st, t: Texts, square: int) -> None:
    """The title deed of ``square`` in the whole window (rows 18-23), from the rules' state
    ``st`` and the texts ``t``."""
    b = st.board
    m = money
    kind = b.kinds[square]
    owner = st.owner[square]
    state_text = ""
    if st.mortgaged[square]:
        state_text = t["deed.mortgaged"]
    elif kind == STREET and st.houses[square] == HOTEL:
        state_text = t["deed.built_hotel"]
    elif kind == STREET and st.houses[square]:
        state_text = t.get("deed.built", k=st.houses[square])
    colour = GROUP_INKS[b.group_keys[b.groups[square]]] if kind == STREET else 13
    # the name on the bar, shortened (never cut) when the buildings written on its right need room
    bar(fb, 0, fit_name(b.names[square], 39 - len(state_text) if state_text else 40), colour, state_text)
    if not b.is_property[square]:
        for i, line in enumerate(wrap(t.get("deed.square", square=b.names[square]))[:4]):
            window_line(fb, 2 + i, line)
        return
    who = (t.get("deed.owner", n=owner + 1, name=st.players[owner].name) if owner >= 0
           else t["deed.bank"])
    two(fb, 1, t.get("deed.price", price=m(b.prices[square])), who, 1)
    if kind == STREET:
        r = b.rents[square]
        two(fb, 2, t.get("deed.rent0", rent=m(r[0])), t.get("deed.rent_houses", k=1, rent=m(r[1])), 3)
        two(fb, 3, t.get("deed.rent_houses", k=2, rent=m(r[2])),
            t.get("deed.rent_houses", k=3, rent=m(r[3])), 3)
        two(fb, 4, t.get("deed.rent_houses", k=4, rent=m(r[4])), t.get("deed.rent_hotel", rent=m(r[5])), 3)
        two(fb, 5, t.get("deed.house_cost", cost=m(b.house_costs[square])),
            t.get("deed.mortgage", value=m(b.mortgages[square])), 2)
    elif kind == STATION:
        # one rent a line: side by side, "3 stations 10.000 F 4 stations 20.000 F" ran the
        # numbers together
        sr = b.station_rents
        for k in range(4):
            rent = t.get("deed.station1" if k == 0 else "deed.stations", k=k + 1, rent=m(sr[k]))
            window_line(fb, 2 + k, rent[:19], 3)
        window_line(fb, 5, t.get("deed.mortgage", value=m(b.mortgages[square]))[:19], 2, col=21)
    elif kind == UTILITY:
        ur = b.utility_rents
        window_line(fb, 2, t.get("deed.utility1", rent=m(ur[0])), 3)
        window_line(fb, 3, t.get("deed.utility2", rent=m(ur[1])), 3)
        two(fb, 5, "", t.get("deed.mortgage", value=m(b.mortgages[square])), 2)


def draw_card(fb, st, t: Texts, deck: int, card_id: str) -> None:
    """A Chance (deck 0) or Caisse de Communauté (deck 1) card in the window."""
    cards = st.cards
    card = cards.all[cards.by_id[card_id]]
    bar(fb, 0, t["card.chance" if deck == 0 else "card.community"], CARD_INKS.get(deck, 13))
    text = card.text(t.lang)
    for i, line in enumerate(wrap(text, 38)[:5]):
        window_line(fb, 1 + i, line.center(40), 1)


def draw_log(fb, lines: list[str], rows: int, newest: int = 1) -> None:
    """The last ``rows`` lines, oldest at the top, like the CPC's scrolling text window; the
    newest message (its last ``newest`` lines: a long one is wrapped) in the bright pen."""
    shown = lines[-rows:] if rows > 0 else []
    top = rows - len(shown)  # the newest line sits just above the prompt, as text scrolls up
    for i, line in enumerate(shown):
        window_line(fb, top + i, line, 1 if i >= len(shown) - newest else 2)
