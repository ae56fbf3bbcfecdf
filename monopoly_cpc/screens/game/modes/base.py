"""What every command mode shares: the window layout, player numbers, refusals in French.

A command mode (T P H L M, the views, the loan) uses the whole bottom window: line 0 is a
coloured title bar, lines 1-4 its own messages (newest at the bottom), line 5 the question
or the keys.  Every refusal of the engine carries a code (``rules.refusals.CODES``);
:func:`reason_text` shows it through that code only, in the player's language.
"""

from __future__ import annotations

from monopoly_cpc.rules.state import AUCTION, FREE_PHASES, GAME_OVER, PLACE_BUILDING, TRADE
from monopoly_cpc.screens.game.entry import LineEntry
from monopoly_cpc.screens.game.host import Mode, refusal_line, window_line, wrap
from monopoly_cpc.screens.game.window import bar, draw_deed

TITLE_INK = 13        # white title bar (firmware 13), black text


def reason_text(texts, reason) -> str:
    """The player's line for an engine refusal, through its code: the ``text`` that
    ``host.apply``'s :class:`~monopoly_cpc.screens.game.host.Refusal` carries, else the
    catalogue's ``rules.<code>`` of an ``IllegalAction`` or a ``rules.refusals.Why``.  The
    engine's English sentence is never shown in French."""
    text = getattr(reason, "text", "")
    return text or refusal_line(texts, reason)


class CommandMode(Mode):
    """A command window: title bar, the mode's own message lines, a question line."""

    rows = 6
    title_key = "cmd.trade.heading"

    def __init__(self, host) -> None:
        super().__init__(host)
        self.lines: list[str] = []
        self.entry: LineEntry | None = None    # an amount being typed on line 5
        self.detail = -1                        # square whose title deed fills the window

    # -- helpers ---------------------------------------------------------------------------
    @property
    def t(self):
        return self.host.texts

    @property
    def state(self):
        return self.host.state

    def tx(self, key: str, **fields) -> str:
        return self.t.get(key, **fields)

    def note(self, text: str, log: bool = True) -> None:
        """A message in this window, wrapped; also in the game's log (so that it stays after
        the mode closes) unless ``log`` is False (the game already describes that event)."""
        self.lines.extend(wrap(text, 40))
        del self.lines[:-4]
        if log:
            self.host.say(text)

    def refuse(self, reason: str) -> None:
        self.host.ctx.audio.cue("error")  # the refusal's buzz, as the turn's prompts give it
        self.note(self.tx("cmd.refused", reason=reason_text(self.t, reason)))

    def name(self, i: int) -> str:
        return self.state.players[i].name

    def free(self) -> bool:
        """True when the engine takes out-of-turn actions now (not during an auction...)."""
        return self.state.phase in FREE_PHASES

    def player_digit(self, ev, humans_only: bool = True) -> int | None:
        """The player chosen by a digit key (index), or None after saying why not."""
        d = ev.digit
        if d is None:
            return None
        st = self.state
        if not 1 <= d <= len(st.players):
            self.note(self.tx("cmd.no_player", n=d))
            return None
        i = d - 1
        if st.players[i].bankrupt:
            self.note(self.tx("cmd.bankrupt_player", name=self.name(i)))
            return None
        if humans_only and self.host.is_computer(i):
            self.note(self.tx("cmd.computer_player", name=self.name(i)))
            return None
        return i

    def apply(self, action) -> bool:
        ok, why = self.host.apply(action)
        if not ok:
            self.refuse(why)
        return ok

    def ask_amount(self, max_len: int = 6) -> None:
        self.entry = LineEntry(max_len, digits=True)

    # -- keys ------------------------------------------------------------------------------
    def on_key(self, ev) -> bool:
        if self.detail >= 0 and ev.key not in ("UP", "DOWN", "LEFT", "RIGHT"):
            self.detail = -1          # any key takes the title deed away (and still counts)
        if self.entry is not None:
            if ev.key == "ESC":
                self.entry = None
                self.on_amount(None)
                return True
            if self.entry.feed(ev):
                value = self.entry.value
                self.entry = None
                self.on_amount(value)
            return True
        if ev.key == "ESC":
            self.close()
            return True
        return self.key(ev)

    def key(self, ev) -> bool:
        """The mode's own keys (after ESC and amount entry)."""
        return False

    def on_amount(self, value: int | None) -> None:
        """An amount typed on line 5 (None: ESC)."""

    def tick(self) -> None:
        if self.entry is not None:
            self.entry.tick()
        if not self.host.busy and self.interrupted():
            # an auction, a building to place, somebody else's trade or the end of the game:
            # that window needs the keyboard, so the command gives way
            self.close()

    def interrupted(self) -> bool:
        """True when the engine now waits for something only another window can answer."""
        st = self.state
        return st.phase in (AUCTION, PLACE_BUILDING, GAME_OVER) or (
            st.phase == TRADE and not self.paces_computers)

    @property
    def paces_computers(self) -> bool:
        """The window sets the computers' pace now (the T command waiting for the answer to
        its own proposal): the game screen does not move them by itself."""
        return False

    # -- picture ---------------------------------------------------------------------------
    def title(self) -> str:
        return self.t[self.title_key]

    def question(self) -> str:
        return ""

    def body(self) -> list[str]:
        return self.lines[-4:]

    def draw(self, fb) -> None:
        if self.detail >= 0:
            draw_deed(fb, self.host.state, self.host.texts, self.detail)
            return
        bar(fb, 0, self.title(), TITLE_INK)
        # a line that fits is drawn as it is (its columns kept); a longer one is wrapped
        lines = [part for line in self.body() for part in (wrap(line, 40) if len(line) > 40 else [line])]
        for i, line in enumerate(lines[-4:]):
            window_line(fb, 1 + i, line, 2)
        if self.entry is not None:
            self.entry.draw(fb, 0, 23, self.question())
        else:
            window_line(fb, 5, self.question(), 1)
