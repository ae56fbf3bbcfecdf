"""The mode host: what the game screen offers to the modes stacked on it.

A *mode* is a small state machine that owns the keyboard and the bottom window while it is on
top of the game screen's stack (the T P H L M commands, the auction, jail and debt windows,
the buy question, ...).  The board, the pawns and the status line stay drawn by the
game screen; a mode draws text rows 18 to 23 (the window) and may move the board cursor.

How a mode talks to the game (``self.host`` is the :class:`GameHost` facade, see
docs/screens.md for the table):

* ``host.state``                  the engine's GameState (read only: change it with ``apply``)
* ``host.apply(action)``          through the engine; returns ``(ok, events_or_reason)``;
                                  the events are shown (animations, messages) and sent to
                                  ``ctx.audio.on_events``; an illegal action returns a
                                  :class:`Refusal`: the engine's English reason as a ``str``,
                                  with ``.code``, ``.fields`` and ``.text`` (the catalogue's
                                  line ``rules.<code>``, French or English: show that one)
* ``host.cursor`` / ``host.move_cursor(dx)`` / ``host.set_cursor(square)`` the board cursor
* ``host.show_deed(square)``      the title deed in the window (until the next draw of the mode)
* ``host.say(text)``              a message in the window's scrolling log
* ``host.current`` / ``host.player(i)`` / ``host.is_computer(i)`` whose turn, who is who
* ``host.texts``                  the merged text catalogue; ``host.money(n)`` -> '150.000 F'
* ``host.push(mode)`` / ``host.pop(mode)`` open another mode on top / close this one
* ``host.busy``                   True while events are still being shown (animations)
* ``host.showing``                the rules' event being shown, or the next one (None)
* ``host.said`` / ``host.last_said`` / ``host.log`` / ``host.journal`` the messages said;
  ``host.turns`` where each turn's messages begin in the journal (round and player)
* ``host.ticks`` / ``host.speed`` the screen's clock and the computers' speed (1-3)
* ``host.ctx``                    the session: ``ctx.audio.cue(name)`` for a window's sounds
* ``host.table`` / ``host.bots``  the computers' order of play and the computers by seat
* ``host.computer_move()``        the game's next computer move, applied and shown (the windows
                                  that set the computers' pace: the auction, the T window)
* ``host.on_key(ev)`` / ``host.game_over_next()`` a key to the screen; after the winner

Registry: ``monopoly_cpc.screens.game.modes.REGISTRY`` maps a letter ('T', 'P', 'H', 'L', 'M') to a
factory ``factory(host) -> Mode``; the game screen looks the letter up when it is pressed and
pushes the mode; a letter that is not there does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.ai.table import Computer, Move, Table
    from monopoly_cpc.rules.actions import Action
    from monopoly_cpc.rules.events import Event
    from monopoly_cpc.rules.state import GameState, Player
    from monopoly_cpc.screens.base import AppContext
    from monopoly_cpc.texts import Texts

# What a French PC's own + and - keys give on the French CPC (positional keymap, no keypad):
# Shift + its "= +" key is the CPC's SHIFT + "- _" ('_'), its "6 -" key the CPC's "] 6" (']').
# Neither sign means anything else in the game, so they open the + and - views too, and step them.
SIGN_ALIASES = {"_": "+", "]": "-"}

WINDOW_TOP = 18     # first text row of the bottom window
WINDOW_ROWS = 6     # rows 18..23; row 24 is the status line
STATUS_ROW = 24


class GameHost(Protocol):
    """The facade a mode may use (implemented by ``GameScreen``)."""

    state: GameState
    texts: Texts
    ticks: int              # ticks since the screen opened (the timing of what is on screen)
    table: Table            # the computers' order of play and answers (ai.table)
    ctx: AppContext         # the session: options (speed, sound) and ctx.audio
    speed: int              # the computers' speed, 1-3
    bots: dict[int, Computer]  # the computer players by seat

    @property
    def cursor(self) -> int: ...

    @property
    def busy(self) -> bool: ...

    @property
    def showing(self) -> Event | None: ...           # the event being shown (or next to be), None if none

    @property
    def current(self) -> int: ...

    @property
    def last_said(self) -> str: ...         # the last message said, whole

    @property
    def journal(self) -> list[str]: ...     # every message said since the game began, newest last (J)

    @property
    def turns(self) -> list[tuple[int, int, int]]: ...   # where each turn began: (journal length, round, player)

    @property
    def said(self) -> int: ...              # messages said so far

    @property
    def log(self) -> list[str]: ...         # the window's message log

    def on_key(self, ev: Any) -> None: ...

    def game_over_next(self) -> None: ...

    def apply(self, action: Action) -> tuple[bool, Any]: ...

    def computer_move(self, claims_only: bool = False) -> Move | None: ...

    def move_cursor(self, delta: int) -> None: ...

    def set_cursor(self, square: int) -> None: ...

    def show_deed(self, square: int) -> None: ...

    def say(self, text: str) -> None: ...

    def player(self, index: int) -> Player: ...

    def is_computer(self, index: int) -> bool: ...

    def money(self, amount: int) -> str: ...

    def push(self, mode: Mode) -> None: ...

    def pop(self, mode: Mode) -> None: ...


class Mode:
    """Base of every mode: override what you need.

    ``on_key`` returns True when it used the key (the game screen then does nothing more with
    it); ``tick`` runs once per 50 Hz tick while the mode is on top; ``draw(fb)`` paints the
    window rows 18..23 (the screen clears them before); ``draw_key()`` says what it paints
    beyond the game state's figures the screen's key already holds (None: draw every frame).  ``takes_cursor`` lets the cursor keys
    move the board cursor while the mode is on top (the game screen does the moving);
    ``keeps_window``: the show's title deeds and cards do not cover it.
    """

    takes_cursor = False
    # the mode keeps the window while the game's show puts a title deed or a card in it (the
    # journal, J: a reader turning its pages keeps them under a computer's purchase)
    keeps_window = False

    def __init__(self, host: GameHost) -> None:
        self.host = host

    def on_key(self, ev) -> bool:
        return False

    def tick(self) -> None:
        pass

    def draw(self, fb) -> None:
        pass

    def draw_key(self) -> tuple | None:
        """What :meth:`draw` paints besides the host's state (``screens.base``'s draw keys):
        None, the default, has the game screen drawn at every frame while this mode is shown."""
        return None

    def close(self) -> None:
        """Leave the stack."""
        self.host.pop(self)


def window_line(fb, i: int, text: str, pen: int = 1, col: int = 0, inverse: bool = False) -> None:
    """Text on line ``i`` (0..5) of the bottom window, cut at the right edge."""
    if 0 <= i < WINDOW_ROWS:
        fb.text(col, WINDOW_TOP + i, text[: 40 - col], pen=pen, paper=0, inverse=inverse)


SIGNS = ("+", "-", "−")
TRAILING = (":", ";", "!", "?", "»")     # French puts a space before them, never a line break
PLAYER_WORDS = ("JOUEUR", "PLAYER")      # a default name's word: its number never goes alone


def _units(text: str) -> list[str]:
    """The words of ``text`` with the spaces that must not break kept inside: a sign standing
    alone stays with its number ('+ 5.000'), a number with its franc sign ('5.000 F', 'F)'),
    French punctuation with the word before it ('Vaugirard :'), '«' with the word after it, a
    player's number with 'JOUEUR' (a default name, 'JOUEUR 3'; '(joueur 3)')."""
    units: list[str] = []
    for word in text.split():
        last = units[-1] if units else ""
        if (last in SIGNS and word[:1].isdigit()) or last == "«" \
                or (last.lstrip("(").upper() in PLAYER_WORDS and word[:1].isdigit()) \
                or (last[-1:].isdigit() and word.rstrip(".,;:!?)") == "F") \
                or (last and word in TRAILING):
            units[-1] += " " + word
        else:
            units.append(word)
    return units


def wrap(text: str, width: int = 40) -> list[str]:
    """Words of ``text`` in lines of at most ``width`` characters; an amount with its sign and
    its F is never split (see :func:`_units`) unless it is wider than a line."""
    lines: list[str] = []
    line = ""
    # a unit wider than a line (never on the CPC's 40 columns) is words again
    units = [w for u in _units(text) for w in (u.split() if len(u) > width else (u,))]
    for word in units:
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


class Refusal(str):
    """Why the engine refused an action: the English reason (a ``str``, as before) carrying the
    refusal's ``code``, its ``fields`` and ``text``, the player's line from the catalogue."""

    code: str = ""
    fields: dict
    text: str = ""

    @classmethod
    def of(cls, exc, texts) -> Refusal:
        """The refusal of an ``IllegalAction``, its line ``rules.<code>`` (or the generic one)."""
        r = cls(getattr(exc, "reason", str(exc)))
        r.code = getattr(exc, "code", "") or ""
        r.fields = dict(getattr(exc, "fields", {}) or {})
        r.text = refusal_line(texts, exc)
        return r


def refusal_line(texts, exc) -> str:
    """``rules.<code>`` of the rules' catalogue with its fields; the generic line if missing."""
    code = getattr(exc, "code", "")
    if code:
        try:
            from monopoly_cpc.rules.refusals import refusal_text

            return refusal_text(texts, exc)
        except (ImportError, KeyError, LookupError, ValueError):
            pass  # a code without its line yet: the generic line below
    return texts.get("game.refused", reason=getattr(exc, "reason", str(exc)))
