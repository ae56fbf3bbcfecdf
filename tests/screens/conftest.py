"""Fixtures of the screen tests: the helpers on the path, plain computer players."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from helpers import SimpleBot


@pytest.fixture
def simple_bots(monkeypatch):
    """Computer players of the set-up flow are the tests' SimpleBot (independent of ai/)."""
    from monopoly_cpc.game import game

    def make(labels, seed):
        return {i: SimpleBot() for i in labels}

    monkeypatch.setattr(game, "computers", make)
