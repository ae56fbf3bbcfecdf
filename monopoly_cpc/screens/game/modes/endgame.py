"""FIN DU JEU (seeds/002 part C): CTRL+C at the end of a player's move ends the game.

The engine's ``EndGame`` scores every player (cash, properties, buildings, less a loan) and
names the winner; the game screen then shows the winner's window and, after a key, the end
screen.  In the middle of a move (an auction, a debt, a card...) it is refused with a message.
"""

from __future__ import annotations

from monopoly_cpc.rules import actions as A
from monopoly_cpc.screens.game.host import Mode


class EndGameMode(Mode):
    """Applies EndGame at once and leaves; nothing to draw."""

    rows = 0

    def __init__(self, host) -> None:
        super().__init__(host)
        t = host.texts
        # The engine decides: its state may already be between moves while the screen is
        # still showing the end of the last one (then the scores follow that picture).
        ok, _ = host.apply(A.EndGame())
        host.say(t["cmd.end.ending"] if ok else t["cmd.end.only_between"])
        self.closed = False

    def tick(self) -> None:
        if not self.closed:
            self.closed = True
            self.close()

    def on_key(self, ev) -> bool:
        self.close()
        return False
