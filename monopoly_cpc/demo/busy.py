"""The screen of a second start on a data folder another running game holds.

Two games on one data folder would overwrite each other's autosave and offer the same game
twice, and a game that silently saves nothing is no better: the second start says, in its own
window and in the player's language, that another game is running and with which folder,
then leaves (any key, or :data:`SHOWN_TICKS`)."""

from __future__ import annotations

from typing import Any

from monopoly_cpc.screens.base import AppContext, Screen

SHOWN_TICKS = 15 * 50
COLUMNS = 40
LINES = {
    "fr": ("UN AUTRE MONOPOLY EST DEJA OUVERT", "Il joue avec le dossier :",
           "Revenez à sa fenêtre pour jouer :", "celle-ci se ferme.", "(une touche, ou 15 secondes)"),
    "en": ("ANOTHER MONOPOLY IS ALREADY OPEN", "It plays with the folder:",
           "Go back to its window to play:", "this one closes.", "(any key, or 15 seconds)"),
}


def folder_rows(folder: str, width: int = COLUMNS - 2) -> list[str]:
    """The folder's name cut into rows of ``width`` characters, in the CPC font (a character
    the font lacks shows as ``?``)."""
    from monopoly_cpc.render.font import font

    f = font()
    text = "".join(ch if f.has(ch) and ch.isprintable() else "?" for ch in folder)
    return [text[i:i + width] for i in range(0, len(text), width)] or [""]


class BusyScreen(Screen):
    """Says that another game holds ``folder``, then quits the program."""

    idle_return = False

    def __init__(self, ctx: AppContext, folder: Any) -> None:
        super().__init__(ctx)
        self.rows = folder_rows(str(folder))[:8]
        self.ticks = 0

    def on_key(self, ev: Any) -> None:
        if not ev.repeat:
            self.ctx.quit_requested = True

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks >= SHOWN_TICKS:
            self.ctx.quit_requested = True

    def draw_key(self) -> tuple:
        return (self.ctx.lang,)

    def draw(self, fb: Any) -> None:
        fb.clear(0)
        fb.set_inks((0, 26, 24, 6))
        fb.set_border(0)
        head, uses, back, closes, how = LINES.get(self.ctx.lang, LINES["fr"])
        fb.text((COLUMNS - len(head)) // 2, 4, head, pen=3)
        fb.text(1, 8, uses, pen=1)
        row = 10
        for part in self.rows:
            fb.text(1, row, part, pen=2)
            row += 1
        fb.text(1, row + 1, back, pen=1)
        fb.text(1, row + 2, closes, pen=1)
        fb.text(1, 22, how, pen=2)
