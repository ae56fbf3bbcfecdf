"""Showing the engine's events: dice, pawns walking square by square, messages, cards.

``EventShow.add(events)`` turns events into timed steps; ``tick()`` plays them one after the
other.  Each step sends its event to the audio's ``on_events`` when it starts, so the sounds
come with the pictures (a step cue per square of a walk).  All durations count ticks and
depend on the speed setting (1 slow .. 3 fast).

The show writes a :class:`~monopoly_cpc.screens.game.view.View` (pawns drawn, close-up,
messages, dice, deed and card) and nothing else: it knows no screen.  What the game must do
about what was shown (the owner's rent to claim, the pawns back where the rules put them) it
learns from what ``tick()`` returns, a :class:`Shown`, and does in its own tick.

A step whose sound is one of :data:`HELD_SOUNDS` (the jail's siren, the bankruptcy, the
victory, the gavel) lasts at least as long as that sound, so that the next step's sound does
not start over it (the victory over the end of the bankruptcy).  The length comes from the
sound data in ticks (``sound.sound_ticks``), never from the audio device: muted, silent or
playing, the show and its frames are the same.  A key still cuts the step short (``skip``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from monopoly_cpc.sound import bank, sound_ticks

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.rules.events import Event
    from monopoly_cpc.screens.game.view import View

# ticks per square of a walk, pause after a message, time a card stays, dice roll
WALK = {1: 8, 2: 5, 3: 3}
PAUSE = {1: 40, 2: 24, 3: 10}
CARD = {1: 150, 2: 100, 3: 50}
ROLL = {1: 30, 2: 22, 3: 14}
# sounds a step is held for until they end; the others (dice, step, the short jingles of
# buying and paying, clicks) never slow the show
HELD_SOUNDS = frozenset({"jail", "bankrupt", "victory", "gavel"})


def sound_hold(kind: str) -> int:
    """Ticks a step showing an event of this kind is held for its sound (0: not held).

    From the packaged sound table and the sounds' data only (``docs/sound.md``), not from
    ``ctx.audio``: the same with any audio object, muted or without a device."""
    name = bank().events.get(kind)
    return sound_ticks(name) if name in HELD_SOUNDS else 0


# events that ask a question and wait for the answer: their line stays the last one
QUESTIONS = frozenset({"card_choice"})


@dataclass
class Step:
    kind: str                 # say, dice, walk, card, deed, pause
    ticks: int
    event: Any = None
    text: str = ""
    data: tuple = field(default_factory=tuple)


@dataclass
class Shown:
    """What one ``EventShow.tick`` showed: the events whose message (or silent pause) went on
    screen, in order, and ``done`` when the queue ran out."""

    events: list = field(default_factory=list)
    done: bool = False


class EventShow:
    """The queue of things being shown; the game waits while it is not empty.

    ``view`` is written; ``speed`` (1-3) sets the durations; ``describe(event)`` is the
    event's message ('' for none); ``audio()`` the session's audio object now (it may be
    replaced while the game runs): ``on_events`` and ``cue`` are called on it."""

    def __init__(self, view: View, speed: int, describe: Callable[[Any], str],
                 audio: Callable[[], Any]) -> None:
        self.view = view
        self.speed = speed
        self.describe = describe
        self.audio = audio
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.left = 0
        self.shown = Shown()  # what the tick running now has shown

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, events: list) -> None:
        # In the order a player sees them: the salary when the walk passes Départ, before the
        # square it ends on is named; 'Double !' last, once all that the roll brought (the
        # square, a card, a tax, a rent) has been said (but before a question, which stays
        # the last line), and not at all when the roll ends in jail (the player does not roll
        # again).
        salary: list = []
        double: list = []
        jailed: set[int] = set()
        for ev in events:
            if ev.kind == "pass_go":
                salary.append(ev)
                continue
            if ev.kind == "doubles":
                double.append(ev)
                continue
            if ev.kind == "jail":
                jailed.add(ev.player)
            if ev.kind in QUESTIONS and double:   # said before a question that waits for an answer
                for h in double:
                    self.queue.extend(self._steps(h))
                double = []
            steps = self._steps(ev)
            if ev.kind == "move":
                walk, landed = steps[:1], steps[1:]
                self.queue.extend(walk)
                for h in salary:
                    if ev.square == 0:   # the walk stops on Départ: reached, not passed
                        h = type(h)(h.kind, h.player, h.square, h.amount, h.other, "reached", h.data)
                    self.queue.extend(self._steps(h))
                self.queue.extend(landed)
                salary = []
                continue
            self.queue.extend(steps)
        for h in salary:
            self.queue.extend(self._steps(h))
        for h in double:
            if h.player not in jailed:
                self.queue.extend(self._steps(h))

    @property
    def showing(self) -> Event | None:
        """The event of the step being shown, or else of the next one (None: none)."""
        step = self.current or (self.queue[0] if self.queue else None)
        return None if step is None else step.event

    def skip(self) -> None:
        """Shorten the current pause (a key pressed while a message shows)."""
        if self.current is not None and self.current.kind in ("say", "card", "pause"):
            self.left = min(self.left, 1)

    def tick(self) -> Shown:
        """One tick of the show; what it showed (the caller acts on it, in this order)."""
        shown = self.shown = Shown()
        while True:
            if self.current is None:
                if not self.queue:
                    shown.done = True
                    return shown
                self.current = self.queue.popleft()
                self.left = self.current.ticks
                self._start(self.current)
            if self.left > 0:
                self.left -= 1
                if self.current.kind == "walk":
                    self._walk_tick(self.current)
                return shown
            if self.current.kind == "card":
                self.view.card = None
            elif self.current.kind == "deed":
                self.view.deed = -1
            self.current = None

    # -- steps ----------------------------------------------------------------------------
    def _speed(self) -> int:
        return self.speed

    def _steps(self, ev) -> list[Step]:
        steps = self._plain_steps(ev)
        hold = sound_hold(ev.kind)
        if hold:
            for step in steps:
                if step.event is ev and step.kind != "walk":  # the step that starts the sound
                    step.ticks = max(step.ticks, hold)
        return steps

    def _plain_steps(self, ev) -> list[Step]:
        sp = self._speed()
        text = self.describe(ev)
        kind = ev.kind
        if kind in ("dice", "start_roll"):
            steps = [Step("dice", ROLL[sp], ev, data=tuple(ev.data))]
            if text:
                steps.append(Step("say", PAUSE[sp], None, text))
            return steps
        if kind == "move":
            old, n = ev.data
            return [Step("walk", abs(n) * WALK[sp], ev, data=(ev.player, old, n)),
                    Step("say", PAUSE[sp], None, text)]
        if kind == "card_drawn":   # the card window shows it; its words go to the journal only
            return [Step("card", CARD[sp], ev, text)]
        if kind in ("buy", "auction_won") and ev.square >= 0:
            return [Step("say", PAUSE[sp], ev, text), Step("deed", CARD[sp] // 2, None, data=(ev.square,))]
        if text:
            return [Step("say", PAUSE[sp], ev, text)]
        return [Step("pause", 0, ev)]

    def _start(self, step: Step) -> None:
        view = self.view
        if step.event is not None and step.event.kind in ("turn", "dice", "move", "start_roll"):
            view.mover = step.event.player
            if step.kind == "dice" and 0 <= view.mover < len(view.shown):
                view.focus = (view.shown[view.mover], "roll")   # the close-up goes to the roller
        if step.event is not None and step.event.kind == "turn":
            view.begin_turn(step.event.player)
        if step.event is not None and step.kind != "walk":
            self.audio().on_events([step.event])
        if step.kind == "dice":
            if step.event is not None and step.event.kind == "start_roll":
                self.audio().cue("dice")  # the sound table knows only the turn's 'dice' event
            d1, d2 = step.data
            view.dice.roll(d1, d2, step.ticks)
        elif step.kind == "say":
            view.say(step.text)
            if step.event is not None:
                self._shown(step.event)
        elif step.kind == "card":
            ev = step.event
            view.show_card(ev.data[0] if ev.data else 0, ev.text)
            if step.text:
                view.journal.append(step.text)
        elif step.kind == "deed":
            view.show_deed(step.data[0])
        elif step.kind == "walk":
            self.audio().on_events([step.event])
        elif step.kind == "pause" and step.event is not None:
            self._shown(step.event)

    def _shown(self, ev) -> None:
        """An event's message (or pause) is on screen: the close-up shows its square, and the
        tick reports it."""
        if ev.square >= 0 and ev.kind not in ("move", "pass_go"):   # Départ is passed, not reached
            self.view.focus = (ev.square, "event")
        self.shown.events.append(ev)

    def _walk_tick(self, step: Step) -> None:
        player, old, n = step.data
        per = max(1, step.ticks // max(1, abs(n)))
        done = step.ticks - self.left
        if done % per == 0:
            k = done // per
            sign = 1 if n > 0 else -1
            self.view.shown[player] = (old + sign * k) % 40
            self.view.focus = (self.view.shown[player], "walk")
            self.audio().cue("step")
