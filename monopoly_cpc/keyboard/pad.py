"""A game controller as the CPC's joystick, and the command bar it drives.

Two halves, split where the replays are:

* :class:`PadReader` (the window's side) turns pygame joystick events into presses of the CPC
  keyboard matrix's joystick line (line 9, as the CPC 6128 wires its joystick port): K72 up,
  K73 down, K74 left, K75 right, K77 fire 1, K76 fire 2. A stick's axes, a pad's hat (d-pad) and
  its buttons all land there: button 0 (and every even one) is fire 1, button 1 (and every odd
  one) fire 2. Pads plugged in before the start or hot-plugged (JOYDEVICEADDED /
  JOYDEVICEREMOVED) are opened and dropped as they come. Held directions repeat like the
  firmware's keys; both fires and a direction held press K78 (the matrix's third fire, which no
  pad has) with CTRL and SHIFT once a second, three times (:data:`OPERATOR_HOLD`): the
  operator's way in at an exhibition, as strong as the keyboard's chord.
* :class:`PadRouter` (the session's side) turns those CPC presses into the keys the game reads,
  at every 50 Hz step. Its input is CPC key events like any other, so a replay records and
  replays a controller with nothing new. With the bar closed, the directions are the cursor
  keys and fire 1 is the key the screen's question expects (``Screen.pad_fire``: D to roll, O to
  buy, ENTER elsewhere); fire 2 opens the command bar, a row over the bottom of the screen
  offering the keys a game needs (:data:`BAR_ITEMS`): left / right choose, up / down jump a
  group, fire 1 types the key chosen, fire 2 closes the bar. K78 with CTRL and SHIFT becomes one
  press of the kiosk's chord (``operator_keys``, set by an exhibition in kiosk mode), so the
  kiosk's own rule (three presses within three seconds) opens its menu; it types nothing
  elsewhere.

Without a controller no joystick key ever comes: every key goes through unchanged and the
picture is the one drawn without this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from monopoly_cpc.keyboard.events import CpcKeyEvent
from monopoly_cpc.keyboard.layout import CpcLayout, load_layout

JOY_UP, JOY_DOWN, JOY_LEFT, JOY_RIGHT = 72, 73, 74, 75
FIRE_2, FIRE_1, FIRE_3 = 76, 77, 78
DIRECTIONS = (JOY_UP, JOY_DOWN, JOY_LEFT, JOY_RIGHT)
CURSOR_NAMES = {JOY_UP: "UP", JOY_DOWN: "DOWN", JOY_LEFT: "LEFT", JOY_RIGHT: "RIGHT"}
AXIS_DEAD_ZONE = 0.5      # an axis past half its travel is a direction pressed
OPERATOR_HOLD = 3 * 50    # ticks both fires and a direction are held for the operator's menu
OPERATOR_STEP = 50        # ... giving a fire-3 press every second of it
BAR_ROW = 24              # the bar covers the screen's last text row


@dataclass(frozen=True)
class BarItem:
    """One choice of the command bar: its label and the CPC key it presses (by name, or for
    a sign ``char``, the key that types it on the CPC keyboard in use)."""

    label: str
    key: str = ""
    shift: bool = False
    ctrl: bool = False
    group: int = 0
    char: str = ""


def _items() -> tuple[BarItem, ...]:
    letters = [BarItem(c, c, group=0) for c in "DTPHLMJECAFVQ"]
    answers = [BarItem(c, c, group=1) for c in "ON"]
    digits = [BarItem(str(d), str(d), shift=True, group=2) for d in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)]
    editing = [BarItem("DEL", "DEL", group=2), BarItem("ENTER", "RETURN", group=2)]
    others = [BarItem("ESPACE", "SPACE", group=3), BarItem("ESC", "ESC", group=3),
              BarItem("+", char="+", group=3), BarItem("-", char="-", group=3),
              BarItem("?", char="?", group=3), BarItem("CTRL+C", "C", ctrl=True, group=3)]
    return tuple(letters + answers + digits + editing + others)


BAR_ITEMS = _items()


class PadReader:
    """pygame joystick events -> CPC joystick-line presses (the window loop's side)."""

    def __init__(self, layout: CpcLayout | None = None, open_devices: bool = True) -> None:
        self.layout = layout or load_layout("fr")
        self.devices: dict[int, Any] = {}        # instance id -> the opened pygame joystick
        self._sources: dict[tuple, int] = {}    # (device, control) -> the CPC number it holds
        self._repeat: int | None = None         # the direction repeating, and when next
        self._countdown = 0
        self._hold = 0                          # ticks the operator's hold has lasted
        if open_devices:
            self._open_present()

    def _open_present(self) -> None:
        import pygame

        try:
            pygame.joystick.init()
            for index in range(pygame.joystick.get_count()):
                self._open(index)
        except pygame.error:
            pass   # no joystick support in this SDL: the keyboard alone, as without a pad

    def _open(self, index: int) -> None:
        import pygame

        try:
            stick = pygame.joystick.Joystick(index)
        except (pygame.error, IndexError):
            return
        self.devices[stick.get_instance_id()] = stick

    @property
    def held(self) -> frozenset[int]:
        """The CPC joystick-line numbers held now."""
        return frozenset(self._sources.values())

    def feed(self, event: Any) -> list[CpcKeyEvent]:
        """The CPC presses one pygame event makes (none for anything but a joystick's)."""
        import pygame

        kind = getattr(event, "type", None)
        if kind == pygame.JOYDEVICEADDED:
            self._open(getattr(event, "device_index", -1))
            return []
        if kind == pygame.JOYDEVICEREMOVED:
            gone = getattr(event, "instance_id", -1)
            self.devices.pop(gone, None)
            for source in [s for s in self._sources if s[0] == gone]:
                del self._sources[source]
            return []
        device = getattr(event, "instance_id", getattr(event, "joy", 0))
        if kind == pygame.JOYAXISMOTION:
            axis, value = getattr(event, "axis", 0), getattr(event, "value", 0.0)
            if axis % 2 == 0:
                low, high = JOY_LEFT, JOY_RIGHT
            else:
                low, high = JOY_UP, JOY_DOWN
            return self._set(device, ("axis", axis), low if value < -AXIS_DEAD_ZONE
                             else high if value > AXIS_DEAD_ZONE else None)
        if kind == pygame.JOYHATMOTION:
            x, y = getattr(event, "value", (0, 0))
            hat = getattr(event, "hat", 0)
            across = JOY_LEFT if x < 0 else JOY_RIGHT if x > 0 else None
            along = JOY_UP if y > 0 else JOY_DOWN if y < 0 else None   # SDL's hat: y up
            out = self._set(device, ("hat-x", hat), across)
            return out + self._set(device, ("hat-y", hat), along)
        if kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            button = getattr(event, "button", 0)
            fire = FIRE_1 if button % 2 == 0 else FIRE_2
            down = kind == pygame.JOYBUTTONDOWN
            return self._set(device, ("button", button), fire if down else None)
        return []

    def _set(self, device: int, control: tuple, number: int | None) -> list[CpcKeyEvent]:
        source = (device, *control)
        before = self._sources.get(source)
        if before == number:
            return []
        was_held = self.held
        if number is None:
            del self._sources[source]
            if before == self._repeat and before not in self.held:
                self._repeat = None
            return []
        self._sources[source] = number
        if number in was_held:
            return []   # already held by another control
        if number in DIRECTIONS:
            self._repeat = number
            self._countdown = self.layout.repeat.delay
        return [self.layout.event(number)]

    def tick(self) -> list[CpcKeyEvent]:
        """One 50 Hz tick: a held direction's repeat, and the operator's hold (a CTRL+SHIFT
        fire 3 at each of its seconds)."""
        out: list[CpcKeyEvent] = []
        held = self.held
        if FIRE_1 in held and FIRE_2 in held and held & set(DIRECTIONS):
            self._hold += 1
            if self._hold <= OPERATOR_HOLD and self._hold % OPERATOR_STEP == 0:
                out.append(self.layout.event(FIRE_3, shift=True, ctrl=True))
        else:
            self._hold = 0
        if self._repeat is not None and self._repeat in held:
            self._countdown -= 1
            if self._countdown <= 0:
                self._countdown = self.layout.repeat.period
                out.append(self.layout.event(self._repeat, repeat=True))
        return out


class WithPad:
    """The host keyboard and the controllers as one source of CPC keys for the window loop."""

    def __init__(self, keyboard: Any, pad: PadReader | None = None) -> None:
        self.keyboard = keyboard
        self.pad = pad if pad is not None else PadReader(keyboard.layout)

    def feed(self, event: Any) -> list[CpcKeyEvent]:
        return self.keyboard.feed(event) + self.pad.feed(event)

    def tick(self) -> list[CpcKeyEvent]:
        return self.keyboard.tick() + self.pad.tick()


class PadRouter:
    """CPC joystick-line presses -> the keys the game reads, and the command bar (the
    session's side: deterministic, fed only with CPC key events)."""

    def __init__(self, layout: CpcLayout | None = None) -> None:
        self.layout = layout or load_layout("fr")
        self.open = False
        self.selected = 0
        self.operator_keys: Sequence[CpcKeyEvent] = ()   # what CTRL+SHIFT+K78 types (the chord)

    def route(self, events: Iterable[CpcKeyEvent], screen: Any = None) -> list[CpcKeyEvent]:
        """The events with every joystick-line press replaced by what it means now."""
        out: list[CpcKeyEvent] = []
        for ev in events:
            number = ev.number
            if not 72 <= number <= 78:
                out.append(ev)
            elif number == FIRE_3:
                if ev.ctrl and ev.shift and not ev.repeat:
                    out.extend(self.operator_keys)
            elif self.open:
                out.extend(self._in_bar(number, ev.repeat))
            elif number in CURSOR_NAMES:
                out.append(self._named(CURSOR_NAMES[number], repeat=ev.repeat))
            elif ev.repeat:
                continue
            elif number == FIRE_2:
                self.open = True
            else:
                fire = getattr(screen, "pad_fire", None)
                out.append(self._named(fire() if callable(fire) else "RETURN"))
        return out

    def _in_bar(self, number: int, repeat: bool) -> list[CpcKeyEvent]:
        n = len(BAR_ITEMS)
        if number == JOY_LEFT:
            self.selected = (self.selected - 1) % n
        elif number == JOY_RIGHT:
            self.selected = (self.selected + 1) % n
        elif number in (JOY_UP, JOY_DOWN):
            self.selected = self._group_start(1 if number == JOY_DOWN else -1)
        elif repeat:
            return []
        elif number == FIRE_2:
            self.open = False
        else:
            return [self.item_event(BAR_ITEMS[self.selected])]
        return []

    def item_event(self, item: BarItem) -> CpcKeyEvent:
        """The CPC key press a bar item types."""
        if item.char:
            found = self.layout.producer(item.char)
            assert found is not None, item.char   # every CPC keyboard types + - ?
            return self.layout.event(found[0].number, found[1])
        return self._named(item.key, item.shift, item.ctrl)

    def _group_start(self, step: int) -> int:
        """The first item of the next (step 1) or previous (step -1) group, round the bar."""
        groups = sorted({item.group for item in BAR_ITEMS})
        here = groups.index(BAR_ITEMS[self.selected].group)
        target = groups[(here + step) % len(groups)]
        return next(i for i, item in enumerate(BAR_ITEMS) if item.group == target)

    def _named(self, name: str, shift: bool = False, ctrl: bool = False,
               repeat: bool = False) -> CpcKeyEvent:
        return self.layout.event(self.layout.named(name).number, shift, ctrl, repeat)

    def draw_key(self) -> tuple:
        """What :meth:`draw` adds to the picture: () when the bar is closed."""
        return ("bar", self.selected) if self.open else ()

    def draw(self, fb: Any) -> None:
        """The bar over the screen's last row, when open: the items around the one chosen,
        that one in inverse video; arrows say the bar goes on past an edge."""
        if not self.open:
            return
        labels = [item.label for item in BAR_ITEMS]
        first = self.selected
        width = len(labels[first])
        while first > 0 and width + len(labels[first - 1]) + 1 <= 18:
            first -= 1
            width += len(labels[first]) + 1
        fb.text(0, BAR_ROW, " " * 40, pen=1, paper=0)
        fb.text(0, BAR_ROW, "<" if first > 0 else " ", pen=2, paper=0)
        col = 2
        last = first
        for i in range(first, len(labels)):
            label = labels[i]
            if col + len(label) > 38:
                break
            if i == self.selected:   # in inverse video, a space either side: a key cap
                fb.text(col - 1, BAR_ROW, f" {label} ", pen=1, paper=0, inverse=True)
            else:
                fb.text(col, BAR_ROW, label, pen=1, paper=0)
            col += len(label) + 1
            last = i
        if last < len(labels) - 1:
            fb.text(39, BAR_ROW, ">", pen=2, paper=0)
