"""The README's set-up: two commands, and before them what the first minutes of an install do."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _setup() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Set-up")
    return text[start:text.index("\n## ", start + 1)]


def test_the_set_up_has_exactly_two_commands():
    commands = [line.strip() for line in _setup().splitlines() if line.startswith("    ")]
    assert len(commands) == 2 and all(c.startswith("python3 -m venv .venv && ") for c in commands)


def test_the_compile_time_and_how_to_watch_or_skip_it_come_before_the_first_command():
    """A newcomer reads how long the silent "Building wheel" lasts, how to see its progress
    (pip's -v) and how to skip it (MONOPOLY_CPC_PURE=1) before he runs anything."""
    setup = _setup()
    first = setup.index("\n    python3")
    told = setup[:first]
    assert "Building wheel" in told and "minutes" in told and "2-core" in told
    assert "`-v`" in told and "MONOPOLY_CPC_PURE=1" in told
