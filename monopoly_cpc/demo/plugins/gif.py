"""The GIF key (F11, in a window): the last 10 seconds of pictures, kept in a ring, written
to a GIF in the background, one at a time; at the start in a window, what a capture killed
while writing left behind (an empty GIF, hidden temp files) is removed.  What happens is said through the session's
``host_messages`` (the window title, the full-screen status line); in kiosk mode a visitor
sees the file's name, not the operator's home folder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from monopoly_cpc.demo.plugin import Plugin
from monopoly_cpc.render.framebuffer import FrameBuffer

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.demo.exhibit import ExhibitSession

# host messages (window title, full-screen status line), in the CPC font's ASCII
GIF_BUSY = {"fr": "GIF : attendez, le precedent s'ecrit encore",
            "en": "GIF: wait, the previous one is still being written"}
GIF_FAILED = {"fr": "non enregistre", "en": "not saved"}


class GifKey(Plugin):
    """The ring of pictures and the F11 key (module docstring)."""

    def __init__(self, session: ExhibitSession) -> None:
        super().__init__(session)
        self.ring: Any = None   # a GifRing once the session is in a window
        self._draws = -1        # the session's pictures drawn when the ring took the last one

    def in_window(self) -> None:
        """The ring starts; what captures killed while writing left behind goes."""
        from monopoly_cpc.app import screenshot_dirs
        from monopoly_cpc.demo.capture import GifRing
        from monopoly_cpc.demo.paths import remove_stale_captures

        self.ring = GifRing()
        for folder in screenshot_dirs():
            remove_stale_captures(folder)

    def rendered(self, fb: FrameBuffer) -> None:
        if self.ring is not None:
            # a picture kept, not drawn again (screens.base.DrawSkip), is the one added last
            draws = self.session.redraw.draws
            self.ring.add(self.session.ctx.tick, fb, same=draws == self._draws)
            self._draws = draws

    def host_event(self, ev: Any) -> bool:
        import pygame

        from monopoly_cpc.demo.capture import is_gif_key

        if is_gif_key(ev):
            if ev.type == pygame.KEYDOWN:
                self._save_gif()
            return True
        return False

    def _save_gif(self) -> None:
        from monopoly_cpc.errors import UserError

        messages = self.session.host_messages
        assert self.ring is not None
        if self.ring.busy():
            messages.append(GIF_BUSY.get(self.session.lang(), GIF_BUSY["fr"]))
            return
        at = len(messages)  # a small GIF may be written before save_async returns
        try:
            path = self.ring.save_async(done=self._gif_done)
        except UserError as exc:   # no pictures folder at all: said, the game goes on
            messages.append(f"GIF : {exc}")
            return
        if path is not None:       # said before the thread's "written" line, whenever that came
            messages.insert(at, f"GIF : {self._shown(path)} ...")

    def _gif_done(self, path: Any, problem: str | None) -> None:
        """Called by the writer thread: the file is written, or it is not (and not said to be)."""
        messages = self.session.host_messages
        if problem is None:
            messages.append(f"GIF : {self._shown(path)}")
        else:
            messages.append(f"GIF : {GIF_FAILED.get(self.session.lang(), GIF_FAILED['fr'])}"
                            + ("" if self.session.kiosk else f" ({problem})"))

    def _shown(self, path: Any) -> str:
        """A file as a visitor may see it: its name in kiosk mode (no home folder on show)."""
        from pathlib import Path

        return Path(path).name if self.session.kiosk else str(path)

    def close(self) -> None:
        if self.ring is not None:
            self.ring.wait()
