"""The options screen (the title's O key): rule variants, computer speed and level, language,
keys, sound, full screen.  Saved between runs with ``monopoly_cpc.settings``.

UP and DOWN (or the line's number, 0 for the tenth) choose a line, SPACE or RIGHT gives the next value, LEFT the
previous one; ENTER saves and goes back to the title, ESC goes back without saving.  When the
settings cannot be saved (a read-only config folder) the screen stays with "Options non
enregistrées" on its last row; ENTER then goes back with the options in force for this run.  The new
game takes its rule switches from the settings through ``rules.variants.variant_from_settings``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monopoly_cpc.errors import UserError
from monopoly_cpc.screens.base import Screen
from monopoly_cpc.texts import load_texts

INKS = (1, 24, 20, 26)
HEAD_INKS = (0, 26, 24, 6)
FIRST_ROW = 2       # ten lines on rows 2-20, a blank row, the keys on 22-23, a message on 24
HEAD_ROW = 0


@dataclass(frozen=True)
class Item:
    """One line of the screen: a settings field and the values it takes in turn."""

    field: str
    label: str                  # text key
    values: tuple[Any, ...]
    when: str = "next_game"     # when a change is felt: now | next_game | next_launch


ITEMS = (
    Item("auto_rent", "cmd_options.auto_rent", (False, True)),
    Item("trade_only_when_bank_empty", "cmd_options.trade_bank_empty", (False, True)),
    Item("monopolic_loans", "cmd_options.loans", (False, True)),
    Item("fast_variant", "cmd_options.fast", (False, True)),
    Item("speed", "cmd_options.speed", (1, 2, 3)),
    Item("ai_level", "cmd_options.ai_level", ("facile", "normal", "expert")),
    Item("lang", "cmd_options.lang", ("fr", "en"), "now"),
    Item("keymap", "cmd_options.keymap", ("positional", "symbolic"), "next_launch"),
    Item("volume", "cmd_options.volume", tuple(range(11)), "now"),
    Item("fullscreen", "cmd_options.fullscreen", (True, False), "next_launch"),
)


REFUSED = {"fr": "Réglage refusé : {name}", "en": "Setting refused: {name}"}


def refused_line(settings: Any, lang: str) -> str:
    """The message row for a settings file with refused values (their defaults are in
    force): the first one's name, within the 40 columns and the CPC font."""
    from monopoly_cpc.render.font import font

    names = getattr(settings, "refused", ())
    if not names:
        return ""
    f = font()
    name = "".join(ch if f.has(ch) and ch.isprintable() else "?" for ch in str(names[0])[:24])
    more = f" +{len(names) - 1}" if len(names) > 1 else ""
    return (REFUSED.get(lang, REFUSED["fr"]).format(name=name) + more)[:40]


def _settings_class():
    from monopoly_cpc import settings

    return settings


class OptionsScreen(Screen):
    """The options: one line per setting, saved with ENTER."""

    def __init__(self, ctx, back: Screen, path: Path | None = None) -> None:
        super().__init__(ctx)
        mod = _settings_class()
        if ctx.settings is None:
            ctx.settings = mod.Settings()
        self.back = back
        self.path = path
        self.saved_copy = dataclasses.replace(ctx.settings)
        # a line felt at once (language, volume) shows the value in force, as every other
        # screen reads it (ctx.effective): a --lang or --volume of the command line, else the
        # setting; changed here, it is in force at once over the command line's
        self.saved_args = {i.field: getattr(ctx.options, i.field) for i in ITEMS if i.when == "now"}
        self.row = 0
        self.failed = False     # the last ENTER could not save (message shown until a key)
        self.texts = load_texts(ctx.lang)
        self.message = refused_line(ctx.settings, ctx.lang)

    @property
    def settings(self):
        return self.ctx.settings

    def current(self, item: Item) -> Any:
        """The value the line shows: the setting, or the value in force for a line felt at once."""
        if item.field in self.saved_args:   # a line named by its field: the view's property
            return getattr(self.ctx.effective, item.field)
        return getattr(self.settings, item.field)

    def value_text(self, item: Item) -> str:
        v = self.current(item)
        t = self.texts
        if isinstance(v, bool):
            return t["cmd_options.yes" if v else "cmd_options.no"]
        if item.field in ("lang", "keymap", "ai_level"):
            return t[f"cmd_options.{v}"]
        return str(v)

    def change(self, step: int) -> None:
        item = ITEMS[self.row]
        values = item.values
        v = self.current(item)
        k = values.index(v) if v in values else 0
        new = values[(k + step) % len(values)]
        setattr(self.settings, item.field, new)
        if self.saved_args.get(item.field) is not None:
            # chosen here: over the command line's (a new record: the record never changes)
            self.ctx.options = self.ctx.options.replace(**{item.field: new})
        if item.field == "lang":
            self.texts = load_texts(new)
        if item.field == "volume" and hasattr(self.ctx.audio, "set_volume"):
            self.ctx.audio.set_volume(new)      # heard at once
        # when the change is felt, for every line, those that count at once included (the
        # manual: "le programme dit quand le changement compte")
        self.message = self.texts[f"cmd_options.{item.when}"]
        self.failed = False     # something new to save: ENTER tries again

    def move(self, row: int) -> None:
        """Another line: the word on when the last change counts was about the line left, so
        it goes ('Changement valable tout de suite' never stays under a line that counts later)."""
        whens = {self.texts[f"cmd_options.{i.when}"] for i in ITEMS}
        if row != self.row and self.message in whens:
            self.message = ""
        self.row = row

    def on_key(self, ev) -> None:
        if ev.key == "UP":
            self.move((self.row - 1) % len(ITEMS))
        elif ev.key == "DOWN":
            self.move((self.row + 1) % len(ITEMS))
        elif ev.repeat:
            return
        elif ev.key in ("SPACE", "RIGHT"):
            self.change(1)
        elif ev.key == "LEFT":
            self.change(-1)
        elif ev.digit is not None and (ev.digit - 1) % 10 < len(ITEMS):
            self.move((ev.digit - 1) % 10)      # 0 is the tenth line, as on a phone
        elif ev.is_enter:
            if self.failed:
                self.leave()            # the failure was seen: the options stay in force for this run
            elif self.save():
                self.leave()
            # else: stay, the player reads "Options non enregistrées" (ENTER again goes back)
        elif ev.key == "ESC":
            # back in place: the loop holds the same settings object
            for f in dataclasses.fields(self.saved_copy):
                setattr(self.settings, f.name, getattr(self.saved_copy, f.name))
            self.ctx.options = self.ctx.options.replace(
                **{name: value for name, value in self.saved_args.items() if value is not None})
            if hasattr(self.ctx.audio, "set_volume"):
                self.ctx.audio.set_volume(self.ctx.effective.volume)
            self.leave()

    def save(self) -> bool:
        """Save the settings; False (and the reason on the message line) if that failed."""
        mod = _settings_class()
        try:
            self.settings.validate()
            mod.save(self.settings, self.path)
        except (OSError, ValueError, UserError) as exc:  # UserError: a FIFO or a device at its place
            if isinstance(exc, OSError):  # "x is a file, not a folder" rather than "File exists"
                from monopoly_cpc.errors import path_problem

                why = path_problem(self.path or mod.settings_path(), exc)
            else:
                why = str(exc)
            self.message = self.texts.get("cmd_options.not_saved", error=why)
            if len(self.message) > 40:  # the reason only when it fits the row, never cut mid-word
                self.message = self.texts.get("cmd_options.not_saved", error="").rstrip(" :")
            self.failed = True
            return False
        self.message = self.texts["cmd_options.saved"]
        return True

    def leave(self) -> None:
        if hasattr(self.back, "texts"):
            self.back.texts = load_texts(self.ctx.lang)
        self.ctx.switch(self.back)

    def draw(self, fb) -> None:
        t = self.texts
        fb.clear(0)
        fb.set_inks(INKS)
        fb.set_border(1)
        y = 8 * HEAD_ROW
        fb.set_inks(HEAD_INKS, y, y + 8)
        fb.set_border(0, 36 + y, 36 + y + 8)
        heading = t["cmd_options.heading"]
        fb.text((40 - len(heading)) // 2, HEAD_ROW, heading, pen=1)
        for k, item in enumerate(ITEMS):
            row = FIRST_ROW + 2 * k
            selected = k == self.row
            label = f"{(k + 1) % 10} {t[item.label]}"[:29]
            fb.text(0, row, label.ljust(30), pen=1 if selected else 2, inverse=selected)
            fb.text(30, row, self.value_text(item).rjust(10)[:10], pen=3)
        fb.text(0, 22, t["cmd_options.keys1"][:40], pen=2)
        fb.text(0, 23, t["cmd_options.keys2"][:40], pen=2)
        if self.message:
            fb.text(0, 24, self.message[:40], pen=3)
