"""Screenshots of the commands, the end screen and the options for docs/screens/.

Run: ``.venv/bin/python -m tests.screens.commands.shots`` (headless).  Each picture is the
bordered 384x272 frame at 1x, taken after the keys a player would press; tests/screens/
test_docs_pictures.py compares them with docs/screens/.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from monopoly_cpc.ai.reasons import because
from monopoly_cpc.rules import actions as A
from monopoly_cpc.rules.engine import apply
from monopoly_cpc.rules.variants import Variant
from monopoly_cpc.screens.end import EndScreen
from monopoly_cpc.screens.game.view import closeup_focus
from monopoly_cpc.screens.options import OptionsScreen
from monopoly_cpc.screens.title import TitleScreen
from monopoly_cpc.settings import Settings
from tests.screens.commands.helpers import (
    Bot,
    Session,
    digit,
    flat,
    give,
    goto,
    key,
    save_png,
    settle,
    start_game,
    typed,
)

OUT = Path(__file__).resolve().parents[3] / "docs" / "screens"


def game(**kw):
    s, st = start_game(("ANNE", "BRUNO", "CPC"), (False, False, True),
                       bots={2: Bot(reason=because("accept_my_group", group=1))}, **kw)
    give(st, 0, [1, 3, 39], houses=[2, 2, 0])
    give(st, 1, [6, 8, 12], mortgaged=(12,))
    give(st, 2, [9, 15, 37])
    return s, st


def rent_due(s, st, then: int) -> None:
    """ANNE rolls 6 onto BRUNO's Rue de Vaugirard; ``then`` ticks after 'tapez L' is on screen."""
    st.forced_dice = [(2, 4)]
    s.press("D")
    for _ in range(600):
        if s.screen.claim_shown is not None:
            break
        s.step()
    s.step([], then)


def shot(s, name: str) -> None:
    s.screen.draw(s.fb)
    save_png(s.fb, OUT / name)
    print("wrote", OUT / name)


def main(out: Path | None = None) -> int:
    """Write every picture into ``out`` (default: docs/screens)."""
    global OUT
    if out is not None:
        OUT = Path(out)
    OUT.mkdir(parents=True, exist_ok=True)
    s, st = game()                      # T: a trade offered to the computer
    s.press("T")
    s.step([digit(2)])
    goto(s, 8)
    s.press("ENTER")
    goto(s, 9)
    s.press("ENTER")
    s.press("N", "O")
    s.step([digit(3)])
    s.type("2000")
    s.press("ENTER")
    shot(s, "cmd_T.png")

    s, st = game()                      # P: owners, a mortgaged line in white on red
    s.press("P")
    s.press("SPACE")
    shot(s, "cmd_P.png")

    s, st = game()                      # H: facts of a mortgaged property
    s.press("H")
    goto(s, 12)
    s.press("SPACE")
    shot(s, "cmd_H.png")

    s, st = game()                      # L: a rent due, the owner's pawn, his time counted down
    rent_due(s, st, 40)
    shot(s, "cmd_L.png")

    s, st = game()                      # M: building, a refusal
    s.press("M", "A")
    s.step([digit(2), key("ENTER")])
    s.step([key("ENTER")])
    goto(s, 1)
    s.press("ENTER", ticks=30)
    s.press("ENTER", ticks=30)
    shot(s, "cmd_M.png")

    s, st = game()                      # + : the holdings view
    s.step(typed("+"))
    s.step(typed("+"))
    shot(s, "cmd_plus.png")

    s, st = game()                      # ? 2
    s.step(typed("?"))
    s.step([digit(2)])
    shot(s, "cmd_query.png")

    s, st = game(variant=Variant(loans=True))   # E: a loan
    s.press("E")
    s.step([digit(1)])
    s.type("30000")
    shot(s, "cmd_E.png")

    for lang, name in (("fr", "cmd_J.png"), ("en", "cmd_J_en.png")):   # J: the journal
        s, st = game(lang=lang)
        for _ in range(3):              # a few turns: ANNE rolls, the others follow
            s.press("D")
            settle(s)
            s.press("N")
            settle(s)
        s.press("J")
        shot(s, name)

    s, st = game()                      # the close-up following ANNE's walk
    st.forced_dice = [(3, 4)]
    s.press("D")
    for _ in range(600):
        if closeup_focus(s.screen.state, s.screen.view) == (3, "walk"):
            break
        s.step()
    shot(s, "closeup_walk.png")

    s, st = game()                      # the close-up on a purchase, the deed in the window
    st.forced_dice = [(2, 3)]
    s.press("D")                        # ANNE to Gare Montparnasse, the bank's
    for _ in range(600):
        if "(O/N)" in flat(s):
            break
        s.step()
    s.press("O")
    for _ in range(600):
        if s.screen.view.deed == 5:
            break
        s.step()
    s.step([], 5)
    shot(s, "closeup_buy.png")

    for lang, name in (("fr", "closeup_rent.png"), ("en", "closeup_rent_en.png")):
        s, st = game(lang=lang)         # a rent due: the owner's pawn against the square
        st.houses[6] = st.houses[8] = 0
        rent_due(s, st, 20)
        shot(s, name)

    s, st = game()                      # the end screen
    st.players[1].loan = 0
    apply(st, A.EndGame())
    end = Session(lambda ctx: EndScreen(ctx, st))
    end.step(ticks=30)
    shot(end, "end.png")

    def first(ctx):
        ctx.settings = Settings(monopolic_loans=True)
        return OptionsScreen(ctx, TitleScreen(ctx), path=Path(os.devnull))

    opts = Session(first, lang=None)
    opts.step([digit(6)])
    opts.press("SPACE")                 # computer level: expert
    shot(opts, "options.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
