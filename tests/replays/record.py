"""Records the golden replays of tests/replays/ (checked by test_golden_replays.py).

Run: ``.venv/bin/python -m tests.replays.record [NAME ...]`` (headless). Each replay is a whole
session recorded from its first tick, as ``--record FILE`` writes it:

* ``game_2p2c.json``: two people (ANNE, BRUNO) and two computers at the default speed; the
  people play as a person at the keyboard does (D, O/N, L, bids typed as number, amount,
  ENTER), and the script makes sure the game shows a trade between the two people, an
  auction (ANNE declines her first purchase; both people bid), a rent claimed with L and a
  rent left unclaimed (lost at the next roll);
* ``boot_464_tape.json``: the CPC 464 booting and loading from tape in real time, a key
  pressed at ``Press PLAY then any key:``, to the title;
* ``attract_cycle.json``: the title left alone, the attract demo, the title again and the next
  demo starting.

Recording again changes the golden data: do it only when a change of what a player sees is
meant, and say why in the commit.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.demo.demo_helpers import key, typed

HERE = Path(__file__).resolve().parent
PEOPLE = (0, 1)


def session(path: Path, *args: str):
    """An exhibition session as the command line builds it for ``monopoly-cpc --headless ARGS
    --record PATH`` (no data folder: nothing saved, nothing resumed)."""
    from monopoly_cpc.cli import build_parser
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.options import Options
    from monopoly_cpc.settings import Settings

    options = Options.of(build_parser().parse_args(["--headless", *args, "--record", str(path)]))
    return ExhibitSession(options, settings=Settings(), seed=options.seed,
                          config=ExhibitConfig(store=None, warn=lambda msg: print(msg, file=sys.stderr)))


class Person:
    """The two people's keys, one decision per tick, as a player at the keyboard."""

    def __init__(self, s) -> None:
        self.s = s
        self.declined = False        # ANNE's first purchase goes to the auction
        self.bid_in: set[tuple[int, int]] = set()   # (auction square, person) who has bid
        self.claimed = 0             # rents claimed with L
        self.lost = 0                # rents left to the next roll
        self.traded = False
        self.queue: list[list] = []  # keys still to type, one list per tick
        self.wait = 0

    @property
    def done(self) -> bool:
        return self.declined and self.claimed and self.lost and self.traded and not self.queue

    def keys(self) -> list:
        if self.queue:
            return self.queue.pop(0)
        if self.wait:
            self.wait -= 1
            return []
        from monopoly_cpc.screens.game.screen import GameScreen

        scr = self.s.screen
        if not isinstance(scr, GameScreen) or scr.busy or scr.modes:
            return []
        st = scr.state
        prompt = type(scr.prompt).__name__ if scr.prompt is not None else ""
        who = getattr(scr.prompt, "who", -1)
        if scr.claim_shown is not None and prompt == "DiceMode":
            _payer, _square, _at = scr.claim_shown
            owner = st.claim.owner if st.claim is not None else -1
            if owner in PEOPLE and not self.claimed:
                self.claimed += 1
                return self._later([key("L")], 60)
            if owner in PEOPLE and who in PEOPLE and not self.lost:
                self.lost += 1      # the owner lets it go: the next roll loses it
        if prompt == "AuctionMode":
            return self._bid(scr)
        if who not in PEOPLE or prompt == "WatchMode":
            return []
        if prompt in ("WhoStartsMode", "DiceMode"):
            if not self.traded and self._trade(scr):
                return []
            return self._later([key("D")], 25)
        if prompt == "BuyMode":
            if not self.declined and who == 0:
                self.declined = True
                return self._later([key("N")], 50)
            price = st.board.prices[st.pending_square]
            return self._later([key("O" if st.players[who].cash >= price else "N")], 50)
        if prompt == "DebtMode":      # the computer's automatic sale, else bankruptcy
            return self._later([key("A" if not getattr(scr.prompt, "message", "") else "F")], 50)
        if prompt == "JailMode":
            return self._later([key("D")], 50)
        if prompt == "CardChoiceMode":
            return self._later([key("C")], 50)
        if prompt == "TradeAnswerMode":
            return self._later([key("O")], 100)
        if prompt == "WinnerMode":
            return self._later([key("SPACE")], 100)
        raise SystemExit(f"the script does not know the prompt {prompt} (window: {scr.state.phase})")

    def _later(self, keys: list, pause: int) -> list:
        """``keys`` now, then ``pause`` ticks of reading before the next decision."""
        self.wait = pause
        return keys

    def _bid(self, scr) -> list:
        au = scr.state.auction
        if au is None or getattr(scr.prompt, "entry", None) is not None:
            return []
        for p in PEOPLE:
            if p in au.bidders and p not in au.passed and (au.square, p) not in self.bid_in:
                self.bid_in.add((au.square, p))
                amount = max(au.high_bid + 1000, au.min_bid, scr.state.board.prices[au.square] // 2)
                self.queue = [[k] for k in typed(f"{amount}")] + [[key("RETURN")]]
                return self._later([key(str(p + 1), shift=True)], 10)
        return []

    def _trade(self, scr) -> bool:
        """ANNE gives BRUNO one of her deeds for one of his, when each has one."""
        st = scr.state
        mine = [q for q in st.board.properties if st.owner[q] == 0 and not st.mortgaged[q]]
        his = [q for q in st.board.properties if st.owner[q] == 1 and not st.mortgaged[q]]
        if not mine or not his:
            return False
        self.traded = True
        self.queue = [[key("T")], [key("1", shift=True)]]
        self.queue += [[k] for k in self._goto(scr, mine[0])] + [[key("RETURN")]]
        self.queue += [[k] for k in self._goto(scr, his[0], mine[0])] + [[key("RETURN")]]
        self.queue += [[key("N")], [key("N")], [], [], [key("O")]]
        return True

    @staticmethod
    def _goto(scr, square: int, start: int | None = None) -> list:
        at = scr.cursor if start is None else start
        out = []
        while at != square:
            out.append(key(("LEFT", "UP", "RIGHT", "DOWN")[(at % 40) // 10]))
            at = (at + 1) % 40
        return out


def game(path: Path) -> int:
    s = session(path, "--loader", "skip", "--seed", "2026")
    setup = [[key("1", shift=True)], [key("N")], *[[k] for k in typed("ANNE")], [key("RETURN")],
             [key("2", shift=True)], [key("N")], *[[k] for k in typed("BRUNO")], [key("RETURN")],
             [key("3", shift=True)], [key("O")], *[[k] for k in typed("HAL")], [key("RETURN")],
             [key("4", shift=True)], [key("O")], *[[k] for k in typed("ZX")], [key("RETURN")],
             [key("RETURN")], [key("N")]]
    from monopoly_cpc.screens.setup import SetupScreen

    while not isinstance(s.screen, SetupScreen):    # the title: a key when it asks for one
        shown = "Appuyez sur une touche" in " ".join(s.render().screen_text())
        s.step([key("SPACE")] if shown else [])
    for keys in [[]] * 25 + setup:                     # the pawn menu, a key every 6 ticks
        s.step(keys)
        for _ in range(5):
            s.step()
    person = Person(s)
    for _ in range(60 * 60 * 50):
        s.step(person.keys())
        if person.done:
            break
    else:
        raise SystemExit(f"no trade, auction and rents after an hour: {vars(person)}")
    for _ in range(500):          # the last turn's messages
        s.step(person.keys())
    print(f"{s.screen.state.round if hasattr(s.screen.state, 'round') else ''} {vars(person)}")
    s.close()
    return 0


def boot(path: Path) -> int:
    from monopoly_cpc.screens.title import TitleScreen

    s = session(path, "--machine", "464", "--loader", "real", "--seed", "464")
    pressed = False
    for _ in range(40 * 60 * 50):
        screen = s.screen
        keys = []
        if not pressed and "Press PLAY then any key:" in " ".join(s.render().screen_text()):
            pressed, keys = True, [key("SPACE")]
        s.step(keys)
        if isinstance(screen, TitleScreen):
            break
    for _ in range(100):
        s.step()
    s.close()
    return 0


def attract(path: Path) -> int:
    s = session(path, "--loader", "skip", "--seed", "3", "--attract-after", "2")
    for _ in range(12_400):
        s.step()
    s.close()
    return 0


RECIPES = {"game_2p2c.json": game, "boot_464_tape.json": boot, "attract_cycle.json": attract}


def main(names: list[str]) -> int:
    for name in names or RECIPES:
        RECIPES[name](HERE / name)
        print("wrote", HERE / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
