"""Screenshots of every screen of this room, for docs/screens/ (tests/screens/test_docs_pictures.py
compares them with the pictures there).

Run: .venv/bin/python tests/screens/shots.py docs/screens
Each picture is the bordered 384x272 CPC frame at 1x; the turn is also saved at 2x
(``turn_2x.png``, 768x544) for the README and at 3x (``turn_3x.png``, 1152x816), the scale of
a 1080p screen.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).parent))

from helpers import Session, digit, game_session, key, save_png, settle, typed, until

from monopoly_cpc.rules.board import HOTEL
from monopoly_cpc.screens.setup import SetupScreen
from monopoly_cpc.screens.title import TitleScreen

NAMES = ("JEAN", "MARIE", "HAL", "ZX81")


def furnish(st) -> None:
    """A game under way: streets owned, built and mortgaged, pawns spread."""
    for s, p in ((1, 0), (3, 0), (6, 1), (8, 1), (9, 1), (11, 2), (13, 2), (14, 2), (16, 3), (18, 3),
                 (19, 3), (21, 0), (23, 0), (24, 0), (26, 1), (29, 2), (31, 3), (32, 3), (34, 3),
                 (37, 2), (39, 2), (5, 1), (15, 0), (28, 3)):
        st.owner[s] = p
    for s, h in ((1, 2), (3, 2), (6, 3), (8, 3), (9, 4), (16, HOTEL), (18, HOTEL), (19, HOTEL),
                 (31, 1), (32, 1), (34, 2), (37, 4), (39, HOTEL)):
        st.houses[s] = h
        if h == HOTEL:
            st.bank_hotels -= 1
            st.bank_houses += 0
        else:
            st.bank_houses -= h
    for s in (21, 29, 28):
        st.mortgaged[s] = True
    for i, pos in enumerate((12, 12, 27, 12)):
        st.players[i].pos = pos


def shots() -> dict[str, Session]:
    out: dict[str, Session] = {}
    s = Session(TitleScreen)
    s.step([], 3)
    out["title"] = s

    s = Session(SetupScreen)
    for pawn, cpu, name in ((1, "N", "Jean"), (4, "O", "Hal")):
        s.step([digit(pawn), key(cpu)] + typed(name) + [key("RETURN")])
    s.step([digit(3), key("N")] + typed("Zoé"))
    out["setup"] = s

    s = game_session(names=NAMES, dice=[(3, 4), (2, 2)])
    s.press("D")
    until(s, "MARIE (2) : appuyez sur D")
    s.step([], 4)
    out["who_starts"] = s

    s = game_session(names=NAMES, first_player=0, dice=[(2, 3)])
    furnish(s.screen.state)
    s.screen.view.shown = [p.pos for p in s.screen.state.players]
    settle(s)
    s.press("C")
    out["turn"] = s

    s = game_session(names=NAMES, first_player=0, dice=[(1, 2)])
    s.press("D")
    until(s, "(O/N)")
    out["buy"] = s

    # a controller's command bar (fire 2) over the same question, the stick moved to O
    s = game_session(names=NAMES, first_player=0, dice=[(1, 2)])
    s.press("D")
    until(s, "(O/N)")
    s.press("K76", *["K75"] * 13)
    out["pad_bar"] = s

    s = game_session(names=NAMES, first_player=0)
    furnish(s.screen.state)
    s.screen.view.shown = [p.pos for p in s.screen.state.players]
    settle(s)
    s.press("UP", "SPACE")
    out["deed"] = s

    s = game_session(names=NAMES, first_player=0, dice=[(3, 4)])
    st = s.screen.state
    st.forced_cards[0].append(st.cards.by_id["chance_voirie"])
    s.press("D")
    until(s, "CHANCE")
    out["card"] = s

    s = game_session(names=NAMES, computer=(False, False, False, False), first_player=0, dice=[(1, 2)])
    s.press("D")
    until(s, "(O/N)")
    s.press("N")
    until(s, "Numéro (")
    s.step([digit(2), digit(7), digit(0), digit(0), digit(0), key("ENTER")], 30)
    s.step([digit(1)] + [digit(9)] * 6 + [key("ENTER")], 20)
    out["auction"] = s

    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0)
    st = s.screen.state
    st.players[0].in_jail = True
    st.players[0].pos = 10
    st.phase = "jail"
    s.screen.view.shown[0] = 10
    s.step([], 2)
    out["jail"] = s

    s = game_session(names=NAMES, computer=(False, False, False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    st.players[0].cash = 1000
    st.owner[39] = 0
    st.owner[37] = 0
    s.press("D")
    until(s, "Il manque")
    s.press("H")
    out["debt"] = s

    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0, dice=[(2, 2)])
    st = s.screen.state
    st.players[0].cash = 1000
    s.press("D")
    until(s, "Il manque")
    s.press("F")
    until(s, "FIN DE LA PARTIE")   # the winner's window, once the fanfare has been heard
    s.step([], 110)   # the key line comes once the window has been read (WINNER_READ_TICKS)
    out["winner"] = s
    return out


def main(folder: str) -> int:
    Path(folder).mkdir(parents=True, exist_ok=True)
    for name, s in shots().items():
        # the command bar is the session's, drawn by its render over the screen's picture
        s.app.render() if name == "pad_bar" else s.text()
        save_png(s.fb, Path(folder) / f"{name}.png")
        print(f"wrote {folder}/{name}.png")
        if name == "turn":
            save_png(s.fb, Path(folder) / "turn_2x.png", scale=2)
            # the table as a 1920x1080 screen shows it (the largest whole scale: 3)
            save_png(s.fb, Path(folder) / "turn_3x.png", scale=3)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/screens"))
