"""The game screen (the board, the turn) and its mode host; see docs/screens.md."""

from monopoly_cpc.screens.game.screen import GameScreen

__all__ = ["GameScreen"]
