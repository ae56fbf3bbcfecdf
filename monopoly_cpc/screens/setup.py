"""The set-up, as the manual tells it: pawn menu, computer or not, names, quick game.

1. The pawn menu shows the six pawns with their numbers; typing a number gives the next
   player that pawn.
2. "Simulé par l'ordinateur ? (O/N)", then the name, typed with the CPC's line entry (DEL
   rubs out, French letters, at most :data:`NAME_MAX` characters) and ENTER.
3. Back to the menu for the next player; ENTER when everybody is in (2 to 6 players).
4. "Partie rapide ? (O/N)"; after O, the hours and the minutes.
Then the game screen starts, with the who-starts rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoly_cpc.render.pawns import PAWN_KEYS, draw_pawn
from monopoly_cpc.screens.base import Screen
from monopoly_cpc.screens.game.entry import LineEntry
from monopoly_cpc.texts import load_texts

NAME_MAX = 10
MAX_PLAYERS = 6
MIN_PLAYERS = 2
INKS = (1, 24, 20, 6)


@dataclass(frozen=True)
class PlayerSpec:
    """One player as entered: name, pawn (0..5), played by the computer or not."""

    name: str
    pawn: int
    computer: bool


@dataclass(frozen=True)
class GameSpec:
    """Everything the set-up decided: the players in order of entry, the quick game's length."""

    players: tuple[PlayerSpec, ...]
    quick_minutes: int = 0  # 0: a normal game


class SetupScreen(Screen):
    """Pawn menu, players and the quick-game question; then the game screen."""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.texts = load_texts(ctx.lang)
        self.players: list[PlayerSpec] = []
        self.step = "pawn"          # pawn, computer, name, quick, hours, minutes
        self.pawn = -1
        self.computer = False
        self.entry = LineEntry(NAME_MAX)
        self.hours = 0
        self.quick_answer = ""       # the letter that answered "Partie rapide ?" yes
        self.message = ""
        self.ticks = 0

    # -- keys ---------------------------------------------------------------------------
    def on_key(self, ev) -> None:
        if ev.repeat and self.step not in ("name", "hours", "minutes"):
            return
        if ev.char is not None:
            self.ctx.audio.cue("key_click")  # a soft click for each key typed into the set-up
        getattr(self, f"_key_{self.step}")(ev)

    def _key_pawn(self, ev) -> None:
        d = ev.digit
        if d is not None and 1 <= d <= len(PAWN_KEYS):
            if any(p.pawn == d - 1 for p in self.players):
                self.message = self.texts["setup.taken"]
                return
            self.pawn = d - 1
            self.message = ""
            self.step = "computer"
        elif ev.key == "ESC":
            # ESC takes back the last player entered; with nobody entered yet it goes back
            # to the title (where R resumes a saved game).
            self.message = ""
            if self.players:
                self.players.pop()
            else:
                self.ctx.go("title")
        elif ev.is_enter:
            if len(self.players) < MIN_PLAYERS:
                self.message = self.texts["setup.need_two"]
            else:
                self.message = ""
                self.step = "quick"

    def _key_computer(self, ev) -> None:
        t = self.texts
        if t.is_yes(ev.letter) or t.is_no(ev.letter):
            self.computer = t.is_yes(ev.letter)
            self.entry = LineEntry(NAME_MAX)
            self.step = "name"
        elif ev.key == "ESC":
            self.pawn = -1
            self.step = "pawn"

    def _key_name(self, ev) -> None:
        if ev.key == "ESC":
            self.pawn = -1
            self.step = "pawn"
            return
        if not self.entry.feed(ev):
            return
        name = self.entry.text.strip() or self.texts.get("setup.default_name", n=len(self.players) + 1)
        self.players.append(PlayerSpec(name, self.pawn, self.computer))
        self.pawn = -1
        if len(self.players) == MAX_PLAYERS:
            self.message = ""
            self.step = "quick"
        else:
            self.step = "pawn"

    def _key_quick(self, ev) -> None:
        if self.texts.is_no(ev.letter):
            self._start(0)
        elif self.texts.is_yes(ev.letter):
            self.quick_answer = ev.letter     # echoed after the question, as every answer is
            self.entry = LineEntry(1, digits=True)
            self.step = "hours"

    def _key_hours(self, ev) -> None:
        if ev.key == "ESC":       # back to "Partie rapide ? (O/N)"
            self.message = ""
            self.step = "quick"
            return
        if self.entry.feed(ev):
            self.hours = int(self.entry.text or 0)
            self.message = ""
            self.entry = LineEntry(2, digits=True)
            self.step = "minutes"

    def _key_minutes(self, ev) -> None:
        if ev.key == "ESC":       # back to the hours
            self.entry = LineEntry(1, digits=True)
            self.step = "hours"
            return
        if self.entry.feed(ev):
            typed = int(self.entry.text or 0)
            if typed > 59:   # an hour and more goes in the hours
                self.message = self.texts["setup.bad_minutes"]
                self.entry = LineEntry(2, digits=True)
                return
            minutes = self.hours * 60 + typed
            if minutes <= 0:
                self.message = self.texts["setup.zero_time"]
                self.entry = LineEntry(1, digits=True)
                self.step = "hours"
                return
            self._start(minutes)

    def _start(self, quick_minutes: int) -> None:
        self.ctx.after("setup", GameSpec(tuple(self.players), quick_minutes))

    def tick(self) -> None:
        self.ticks += 1
        self.entry.tick()

    # -- picture ------------------------------------------------------------------------
    def draw(self, fb) -> None:
        t = self.texts
        fb.clear(0)
        fb.set_inks(INKS)
        fb.set_border(1)
        heading = t["setup.heading"]
        fb.text((40 - len(heading)) // 2, 1, heading, pen=1)
        for i, key in enumerate(PAWN_KEYS):
            row = 3 + 3 * i
            owner = next((k for k, p in enumerate(self.players) if p.pawn == i), None)
            taken = owner is not None
            draw_pawn(fb, i, 12, row * 8 - 6, scale=2)
            fb.text(5, row, f"{i + 1}", pen=3 if not taken else 2)
            fb.text(7, row, t[f"pawn.{key}"], pen=1 if not taken else 2)
            if owner is not None:
                p = self.players[owner]
                label = f"{owner + 1} {p.name}"
                fb.text(24, row, label[:16], pen=1)
                if p.computer:
                    fb.text(26, row + 1, t["setup.computer"][:14], pen=2)
            if i == self.pawn:
                fb.text(0, row, ">", pen=3)
        n = len(self.players) + 1
        if self.step == "pawn":
            fb.text(0, 21, t.get("setup.ask_pawn", n=n)[:40], pen=1)
            if len(self.players) >= MIN_PLAYERS:
                fb.text(0, 22, t["setup.ask_pawn_enter"][:40], pen=2)
        elif self.step == "computer":
            fb.text(0, 21, t.get("setup.player_pawn", n=n, pawn=t["pawn." + PAWN_KEYS[self.pawn]])[:40], pen=2)
            fb.text(0, 22, t["setup.ask_computer"][:40], pen=1)
        elif self.step == "name":
            fb.text(0, 21, t.get("setup.player_pawn", n=n, pawn=t["pawn." + PAWN_KEYS[self.pawn]])[:40], pen=2)
            self.entry.draw(fb, 0, 22, t["setup.ask_name"])
            if not self.entry.text:   # what ENTER alone gives, never a silent default
                fb.text(0, 23, t.get("setup.name_default", name=t.get("setup.default_name", n=n))[:40],
                        pen=2)
        elif self.step == "quick":
            fb.text(0, 22, t["setup.ask_quick"][:40], pen=1)
        elif self.step == "hours":
            fb.text(0, 21, f"{t['setup.ask_quick']} {self.quick_answer}"[:40], pen=2)
            self.entry.draw(fb, 0, 22, t["setup.ask_hours"])
        elif self.step == "minutes":
            fb.text(0, 20, f"{t['setup.ask_quick']} {self.quick_answer}"[:40], pen=2)
            fb.text(0, 21, f"{t['setup.ask_hours']}{self.hours}"[:40], pen=2)
            self.entry.draw(fb, 0, 22, t["setup.ask_minutes"])
        if self.message:
            fb.text(0, 24, self.message[:40], pen=3)
