"""Screenshots of the exhibition's screens and the test card for docs/screens/.

Run: ``.venv/bin/python -m tests.demo.exhibition_shots`` (headless). Each picture is the bordered 384x272
frame at 1x; tests/screens/test_docs_pictures.py compares them with docs/screens/.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from monopoly_cpc.demo.attract import AttractScreen
from monopoly_cpc.demo.exhibit import ExhibitSession
from monopoly_cpc.demo.operator import OperatorScreen
from monopoly_cpc.demo.playlist import PlaylistScreen
from monopoly_cpc.screens import test_card
from monopoly_cpc.screens.title import TitleScreen
from tests.screens.helpers import Session, save_png

OUT = Path(__file__).resolve().parents[2] / "docs" / "screens"


def shot(s: Session, out: Path, name: str) -> None:
    s.screen.draw(s.fb)
    save_png(s.fb, out / name)
    print("wrote", out / name)


def main(out: Path | None = None) -> int:
    """Write every picture into ``out`` (default: docs/screens)."""
    out = Path(out) if out is not None else OUT
    out.mkdir(parents=True, exist_ok=True)

    card = Session(test_card.TestCardScreen)          # the colours, the font, the border
    shot(card, out, "test_card.png")
    card.step(ticks=250)                              # its second page: the text screen
    shot(card, out, "text_screen.png")

    menu = Session(lambda ctx: OperatorScreen(ctx, lambda: TitleScreen(ctx)))
    menu.step(ticks=5)
    shot(menu, out, "operator.png")

    demo = Session(lambda ctx: AttractScreen(ctx, seed=7))   # a demo game, DEMO lit
    demo.step(ticks=1500)
    shot(demo, out, "attract.png")

    from monopoly_cpc.cli import main as cli

    with tempfile.TemporaryDirectory() as folder:   # a playlist file recorded as a stand would
        recorded = Path(folder) / "stand.json"
        assert cli(["demo", "--seconds", "20", "--headless", "--record", str(recorded),
                    "--seed", "7"]) == 0
        played = Session(lambda ctx: PlaylistScreen(ctx, recorded, lambda: TitleScreen(ctx),
                                                    ExhibitSession.from_replay))
        played.step(ticks=900)
        shot(played, out, "playlist.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
