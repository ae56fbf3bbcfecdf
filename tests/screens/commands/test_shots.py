"""The screenshot script still runs and draws what docs/screens holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.screens.commands import shots

NAMES = ("cmd_T", "cmd_P", "cmd_H", "cmd_L", "cmd_M", "cmd_plus", "cmd_query", "cmd_E", "cmd_J", "cmd_J_en", "closeup_walk",
         "closeup_buy", "closeup_rent", "closeup_rent_en", "end", "options")


@pytest.mark.slow
def test_screenshots_are_rendered_identically(tmp_path):
    import pygame

    assert shots.main(tmp_path) == 0
    docs = Path(shots.__file__).resolve().parents[3] / "docs" / "screens"
    for name in NAMES:
        new = pygame.image.load(str(tmp_path / f"{name}.png"))
        old = pygame.image.load(str(docs / f"{name}.png"))
        assert new.get_size() == (384, 272)
        assert pygame.image.tobytes(new, "RGB") == pygame.image.tobytes(old, "RGB"), (
            f"docs/screens/{name}.png is stale: run python -m tests.screens.commands.shots")
