"""Can this game be played?  Asked of a saved game and of a replay's start when they are read.

An engine state the rules accept may still hold what the screens cannot show (a pawn beyond
the six, a name the CPC font cannot write), and the computer players are stored as a seed and
a level that must be known: a save or a replay with either wrong is refused when it is read,
never when its game is on screen."""

from __future__ import annotations

from typing import Any


def state_problem(data: Any) -> str | None:
    """Why the engine state ``data`` cannot be played (the engine's checks and invariants,
    then :func:`playable_problem`), in a few words, or None."""
    from monopoly_cpc.rules.serial import from_data
    from monopoly_cpc.settings import why_broken

    try:
        state = from_data(data)
    except Exception as exc:  # noqa: BLE001 - DataError, or anything a hand edit provokes
        return why_broken(exc) if str(exc) else "invalid"
    return playable_problem(state)


def playable_problem(state: Any) -> str | None:
    """What in a valid engine state the screens cannot show or play, or None: a pawn outside
    the six pawns (or two players on one pawn), a name empty, longer than the set-up allows or
    with a character the CPC font lacks."""
    from monopoly_cpc.render.font import font
    from monopoly_cpc.render.pawns import PAWN_KEYS
    from monopoly_cpc.screens.setup import NAME_MAX

    f = font()
    pawns = set()
    for i, p in enumerate(state.players):
        if not 0 <= p.pawn < len(PAWN_KEYS):
            return f"players[{i}].pawn: {p.pawn} is not a pawn (0 to {len(PAWN_KEYS) - 1})"
        if p.pawn in pawns:
            return f"players[{i}].pawn: pawn {p.pawn} is taken twice"
        pawns.add(p.pawn)
        if not p.name.strip() or len(p.name) > NAME_MAX:
            return f"players[{i}].name: 1 to {NAME_MAX} characters, got {len(p.name)}"
        bad = next((ch for ch in p.name if not f.has(ch) or not ch.isprintable()), None)
        if bad is not None:
            return f"players[{i}].name: character U+{ord(bad):04X} is not in the CPC font"
    return None


def bots_data(value: Any) -> dict[str, Any] | None:
    """A game's computer players as stored (``{"seed": int, "ai_level": str}``, a level of
    ``ai.levels.LEVELS``, and ``"memory"``: what they remembered when the game was saved,
    ``GameScreen.memory``), or None if ``value`` is not that (a replay or a save is then
    refused)."""
    from monopoly_cpc.ai.levels import LEVELS

    if (isinstance(value, dict) and isinstance(value.get("seed"), int)
            and not isinstance(value.get("seed"), bool) and isinstance(value.get("ai_level"), str)
            and value["ai_level"] in LEVELS):
        out = {"seed": value["seed"], "ai_level": value["ai_level"]}
        if isinstance(value.get("memory"), dict):
            # what the computers and the table remembered (GameScreen.memory): checked when the
            # game is built, a broken one gives fresh computer players
            out["memory"] = value["memory"]
        return out
    return None
