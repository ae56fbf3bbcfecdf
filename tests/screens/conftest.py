"""Fixtures of the screen tests: the helpers on the path, plain computer players."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from helpers import SimpleBot


@pytest.fixture
def simple_bots(monkeypatch):
    """Computer players of the set-up flow are the tests' SimpleBot (independent of ai/)."""
    from monopoly_cpc.screens.game import screen

    def make(ctx, state):
        return {i: SimpleBot() for i, p in enumerate(state.players) if p.computer}

    monkeypatch.setattr(screen, "make_bots", make)
