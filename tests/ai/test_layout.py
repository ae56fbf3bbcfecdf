"""The computer players' layout: what a player knows (ai/knowledge.py) apart from what it
decides (``Bot``), and no import cycle among the modules of ai/."""

from __future__ import annotations

import ast
from pathlib import Path

import monopoly_cpc.ai
from monopoly_cpc.ai import make_bot
from monopoly_cpc.ai.bot import Bot

AI = Path(monopoly_cpc.ai.__file__).parent


def _runtime_imports(path: Path) -> set[str]:
    """The monopoly_cpc.ai modules ``path`` imports when it runs (not under TYPE_CHECKING)."""
    found: set[str] = set()

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                if child.module == "monopoly_cpc.ai":
                    found.update(f"monopoly_cpc.ai.{a.name}" for a in child.names
                                 if (AI / f"{a.name}.py").exists())
                elif child.module.startswith("monopoly_cpc.ai."):
                    found.add(child.module)
            elif isinstance(child, ast.Import):
                found.update(a.name for a in child.names if a.name.startswith("monopoly_cpc.ai."))
            walk(child)

    walk(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_no_module_of_ai_imports_itself_back_at_run_time():
    graph = {f"monopoly_cpc.ai.{p.stem}": _runtime_imports(p)
             for p in AI.glob("*.py") if p.stem != "__init__"}
    assert "monopoly_cpc.ai.knowledge" in graph["monopoly_cpc.ai.trading"]

    def cycle_from(start: str) -> list[str] | None:
        path: list[str] = []

        def visit(m: str) -> list[str] | None:
            if m in path:
                return [*path[path.index(m):], m]
            path.append(m)
            for n in sorted(graph.get(m, ())):
                found = visit(n)
                if found:
                    return found
            path.pop()
            return None

        return visit(start)

    for module in sorted(graph):
        assert cycle_from(module) is None, " -> ".join(cycle_from(module) or [])


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
