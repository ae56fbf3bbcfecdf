"""Showing the engine's events: dice, pawns walking square by square, messages, cards.

``EventShow.add(events)`` turns events into timed steps; ``tick()`` plays them one after the
other.  Each step sends its event to ``ctx.audio.on_events`` when it starts, so the sounds
come with the pictures (a step cue per square of a walk).  All durations count ticks and
depend on the speed setting (1 slow .. 3 fast).

A step whose sound is one of :data:`HELD_SOUNDS` (the jail's siren, the bankruptcy, the
victory, the gavel) lasts at least as long as that sound, so that the next step's sound does
not start over it (the victory over the end of the bankruptcy).  The length comes from the
sound data in ticks (``sound.sound_ticks``), never from the audio device: muted, silent or
playing, the show and its frames are the same.  A key still cuts the step short (``skip``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from monopoly_cpc.sound import bank, sound_ticks

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


@dataclass
class Step:
    kind: str                 # say, dice, walk, card, deed, pause
    ticks: int
    event: Any = None
    text: str = ""
    data: tuple = field(default_factory=tuple)


class EventShow:
    """The queue of things being shown; the game waits while it is not empty."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.left = 0
        self.mover = -1   # the player whose roll or walk is being shown (the status line's)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, events: list) -> None:
        # In the order a player sees them: the salary when the walk passes Départ, before the
        # square it ends on is named; 'Double !' once the pawn has landed.
        salary: list = []
        double: list = []
        for ev in events:
            if ev.kind == "pass_go":
                salary.append(ev)
                continue
            if ev.kind == "doubles":
                double.append(ev)
                continue
            steps = self._steps(ev)
            if ev.kind == "move":
                walk, landed = steps[:1], steps[1:]
                self.queue.extend(walk)
                for h in salary:
                    self.queue.extend(self._steps(h))
                self.queue.extend(landed)
                for h in double:
                    self.queue.extend(self._steps(h))
                salary, double = [], []
                continue
            self.queue.extend(steps)
        for h in salary + double:
            self.queue.extend(self._steps(h))

    def skip(self) -> None:
        """Shorten the current pause (a key pressed while a message shows)."""
        if self.current is not None and self.current.kind in ("say", "card", "pause"):
            self.left = min(self.left, 1)

    def tick(self) -> None:
        while True:
            if self.current is None:
                if not self.queue:
                    self.screen.on_shown()
                    return
                self.current = self.queue.popleft()
                self.left = self.current.ticks
                self._start(self.current)
            if self.left > 0:
                self.left -= 1
                if self.current.kind == "walk":
                    self._walk_tick(self.current)
                return
            if self.current.kind == "card":
                self.screen.card = None
            elif self.current.kind == "deed":
                self.screen.deed = -1
            self.current = None

    # -- steps ----------------------------------------------------------------------------
    def _speed(self) -> int:
        return self.screen.speed

    def _steps(self, ev) -> list[Step]:
        steps = self._plain_steps(ev)
        hold = sound_hold(ev.kind)
        if hold:
            for step in steps:
                if step.event is ev and step.kind != "walk":  # the step that starts the sound
                    step.ticks = max(step.ticks, hold)
        return steps

    def _plain_steps(self, ev) -> list[Step]:
        sc = self.screen
        sp = self._speed()
        text = sc.describe(ev)
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
        if kind == "card_drawn":
            return [Step("card", CARD[sp], ev)]
        if kind in ("buy", "auction_won") and ev.square >= 0:
            return [Step("say", PAUSE[sp], ev, text), Step("deed", CARD[sp] // 2, None, data=(ev.square,))]
        if text:
            return [Step("say", PAUSE[sp], ev, text)]
        return [Step("pause", 0, ev)]

    def _start(self, step: Step) -> None:
        sc = self.screen
        if step.event is not None and step.event.kind in ("turn", "dice", "move", "start_roll"):
            self.mover = step.event.player
        if step.event is not None and step.kind != "walk":
            sc.ctx.audio.on_events([step.event])
        if step.kind == "dice":
            if step.event is not None and step.event.kind == "start_roll":
                sc.ctx.audio.cue("dice")  # the sound table knows only the turn's 'dice' event
            d1, d2 = step.data
            sc.dice.roll(d1, d2, step.ticks)
        elif step.kind == "say":
            sc.say(step.text)
            if step.event is not None:
                sc.on_event_shown(step.event)
        elif step.kind == "card":
            sc.show_card(step.event)
        elif step.kind == "deed":
            sc.show_deed(step.data[0])
        elif step.kind == "walk":
            sc.ctx.audio.on_events([step.event])
        elif step.kind == "pause" and step.event is not None:
            sc.on_event_shown(step.event)

    def _walk_tick(self, step: Step) -> None:
        player, old, n = step.data
        per = max(1, step.ticks // max(1, abs(n)))
        done = step.ticks - self.left
        if done % per == 0:
            k = done // per
            sign = 1 if n > 0 else -1
            self.screen.shown[player] = (old + sign * k) % 40
            self.screen.focus = (self.screen.shown[player], "walk")
            self.screen.ctx.audio.cue("step")
