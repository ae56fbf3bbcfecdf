"""The computer players' layout: what a player knows (ai/knowledge.py) apart from what it
decides (``Bot``); no import cycle anywhere: tests/test_import_cycles.py."""

from __future__ import annotations

import ast
from pathlib import Path

import monopoly_cpc.ai
from monopoly_cpc.ai import make_bot
from monopoly_cpc.ai.bot import Bot

AI = Path(monopoly_cpc.ai.__file__).parent


def test_the_player_keeps_its_choices_and_its_knowledge_keeps_the_rest():
    """``Bot`` holds the policy (its level, character, random stream and the memory of its
    own choices); the snapshot of the deeds, the valuations and the remembered answers are in
    its ``Knowledge``."""
    source = (AI / "bot.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 700
    # (counted in the source: the compiled class has no __dict__ to list)
    cls = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == "Bot")
    fields = {t.attr for t in ast.walk(cls) if isinstance(t, ast.Attribute)
              and isinstance(t.ctx, ast.Store) and isinstance(t.value, ast.Name)
              and t.value.id == "self"}
    assert 10 < len(fields) <= 25, sorted(fields)
    bot = make_bot("expert")
    assert isinstance(bot, Bot)
    for known in ("tried", "refusals", "offer_memo", "monos", "targets", "split", "holdings"):
        assert hasattr(bot.know, known) and not hasattr(bot, known)
