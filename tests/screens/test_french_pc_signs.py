"""+ and - from a French AZERTY PC without a keypad (docs/keys.md): Shift + its "= +" key and
its "6 -" key open the + and - views, as the CPC's SHIFT + "= +" and "- _" do."""

from __future__ import annotations

import pygame
import pytest
from helpers import game_session, settle

from monopoly_cpc.keyboard.host import HostKeyboard
from monopoly_cpc.screens.game.modes.views import HoldingsMode


def _pc_key(scancode: int, unicode: str, shift: bool) -> list:
    kb = HostKeyboard()          # positional, French CPC: the default
    mod = pygame.KMOD_LSHIFT if shift else 0
    return kb.feed(pygame.event.Event(pygame.KEYDOWN, scancode=scancode, key=0, unicode=unicode, mod=mod))


@pytest.mark.parametrize(("scancode", "unicode", "shift", "direction"), [
    (46, "+", True, 1),     # AZERTY "= +" with Shift: the + a French player types
    (35, "-", False, -1),   # AZERTY "6 -" alone: the - a French player types
    (56, "§", True, 1),     # the CPC's own place of "= +" (AZERTY "! §"), with Shift
    (46, "=", False, -1),   # the CPC's own place of "- _" (AZERTY "=")
])
def test_a_french_pcs_plus_and_minus_open_the_views(scancode, unicode, shift, direction, monkeypatch):
    from monopoly_cpc.screens.game import modes

    opened: list[int] = []

    def views(d):
        def make(host):
            opened.append(d)
            return HoldingsMode(host, d)
        return make

    monkeypatch.setitem(modes.REGISTRY, "+", views(1))
    monkeypatch.setitem(modes.REGISTRY, "-", views(-1))
    s = game_session(names=("ANNE", "BRUNO"), computer=(False, False), first_player=0)
    st = s.screen.state
    st.owner[1], st.owner[3] = 0, 0
    settle(s)
    events = _pc_key(scancode, unicode, shift)
    assert len(events) == 1
    s.step(events, 2)
    assert s.screen.modes and isinstance(s.screen.modes[-1], HoldingsMode), events
    assert opened == [direction]
