"""The game screen's commands: T P H L M, J (the journal), the MONOPOLIC views and loan, CTRL+C.

``REGISTRY`` maps the key to a factory ``factory(host) -> Mode`` (``host`` is the game
screen's facade, see ``monopoly_cpc.screens.game.host``).  Letters are the CPC's letter keys;
``+``, ``-`` and ``?`` are the characters typed; ``^C`` is CTRL+C.
"""

from __future__ import annotations

from collections.abc import Callable

from monopoly_cpc.screens.game.host import GameHost, Mode
from monopoly_cpc.screens.game.modes.endgame import EndGameMode
from monopoly_cpc.screens.game.modes.houses import HousesMode
from monopoly_cpc.screens.game.modes.journal import JournalMode
from monopoly_cpc.screens.game.modes.loan import LoanMode
from monopoly_cpc.screens.game.modes.mortgage import MortgageMode
from monopoly_cpc.screens.game.modes.owners import OwnersMode
from monopoly_cpc.screens.game.modes.rent import RentMode
from monopoly_cpc.screens.game.modes.trade import TradeMode
from monopoly_cpc.screens.game.modes.views import HoldingsMode, WhoseMode

REGISTRY: dict[str, Callable[[GameHost], Mode]] = {
    "T": TradeMode,
    "P": OwnersMode,
    "H": MortgageMode,
    "L": RentMode,
    "M": HousesMode,
    "+": lambda host: HoldingsMode(host, +1),
    "-": lambda host: HoldingsMode(host, -1),
    "?": WhoseMode,
    "E": LoanMode,
    "J": JournalMode,
    "^C": EndGameMode,
}

__all__ = ["REGISTRY"]
