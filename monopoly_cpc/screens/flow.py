"""What follows what: boot -> title -> set-up -> game -> end -> title.

The title, set-up, game and end screens chain themselves (each calls ``ctx.switch``); this
module only says where a session starts.
"""

from __future__ import annotations

from monopoly_cpc.screens.base import AppContext, Screen


def title_screen(ctx: AppContext) -> Screen:
    from monopoly_cpc.screens.title import TitleScreen

    return TitleScreen(ctx)


def first_screen(ctx: AppContext) -> Screen:
    """The screen a session starts on."""
    if ctx.options.test_card:
        from monopoly_cpc.screens.test_card import TestCardScreen

        return TestCardScreen(ctx)
    from monopoly_cpc.screens.boot import BootScreen

    return BootScreen(ctx, on_done=lambda: title_screen(ctx))
