"""A computer's answer to a trade fits its row of the 40-column window (docs/manual.md, T
Transactions: "Un joueur simulé par l'ordinateur décide seul et dit pourquoi en une ligne").

The answers are the computer players' ``last_reason``: French sentences built in
monopoly_cpc/ai.  They are read from ai/'s sources here, so that a new sentence there that the
screen does not know (``trade.ANSWERS``) fails this test instead of wrapping on the screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import monopoly_cpc.ai
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.screens.game.modes.trade import ROW, answer_line, answer_reason
from monopoly_cpc.screens.setup import NAME_MAX
from monopoly_cpc.texts import load_texts
from tests.screens.commands.helpers import Bot, digit, give, goto, start_game

AI = Path(monopoly_cpc.ai.__file__).parent
BOARD = new_game(["A", "B"]).board
LONGEST = "W" * NAME_MAX          # the widest name a player can have


def bot_answers() -> list[tuple[bool, str]]:
    """(accepted, sentence) of every answer ai/ can give: what ``trading.judge`` returns, and a
    ``last_reason`` set right before an ``AcceptTrade`` / ``RejectTrade``.  A field of an
    f-string (a group's name) is filled with each of the board's French group names."""
    found: set[tuple[bool, str]] = set()
    for path in sorted(AI.glob("*.py")):
        src = path.read_text(encoding="utf-8")
        for verdict, text in re.findall(r'return (True|False), f?"([^"]*)"', src):
            found.add((verdict == "True", text))
        for text, verdict in re.findall(
                r'last_reason = f?"([^"]*)"\s*\n\s*return A\.(Accept|Reject)Trade\(', src):
            found.add((verdict == "Accept", text))
    out = set()
    for accepted, text in found:
        if "{" in text:
            for group in BOARD.group_names_fr:
                out.add((accepted, re.sub(r"\{[^}]*\}", group, text)))
        else:
            out.add((accepted, text))
    return sorted(out)


ANSWERS = bot_answers()


def test_the_sources_give_every_kind_of_answer():
    """The scan finds the judge's six answers (with each group) and the baseline's refusal."""
    texts = [t for _a, t in ANSWERS]
    assert len({re.sub("|".join(BOARD.group_names_fr), "G", t) for t in texts}) >= 7
    assert any(a for a, _t in ANSWERS) and any(not a for a, _t in ANSWERS)
    assert "Je ne fais pas d'échange." in texts


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_bot_answer_has_a_short_line_and_fits_the_row(lang):
    texts = load_texts(lang)
    for accepted, sentence in ANSWERS:
        why = answer_reason(texts, BOARD, sentence)
        assert why != sentence, f"ai/ says {sentence!r}: not in screens/game/modes/trade.py ANSWERS"
        line = answer_line(texts, BOARD, LONGEST, accepted, sentence)
        assert line.endswith(why) and len(line) <= ROW == 40, (line, len(line))
    if lang == "en":   # the group comes in the player's language
        assert answer_reason(texts, BOARD, "J'accepte : j'obtiens le groupe bleu foncé.") == \
            "I complete dark blue."


def test_a_sentence_the_screen_does_not_know_is_shown_when_it_fits_else_left_out():
    fr = load_texts("fr")
    assert answer_line(fr, BOARD, "CPC", False, "Je perdrais ma meilleure rue.") == \
        "CPC : NON. Je perdrais ma meilleure rue."
    long = "Je garde cette rue pour le moment, merci bien."
    assert answer_line(fr, BOARD, "CPC", False, long) == "CPC : NON."
    assert answer_line(fr, BOARD, "CPC", True, "") == "CPC : OUI."


def widest(answers, lang):
    """One sentence per kind of answer, with the group whose name is widest in ``lang``."""
    texts = load_texts(lang)
    best: dict[str, tuple[bool, str]] = {}
    for accepted, sentence in answers:
        kind = re.sub("|".join(BOARD.group_names_fr), "G", sentence)
        have = best.get(kind)
        if have is None or len(answer_reason(texts, BOARD, sentence)) > len(
                answer_reason(texts, BOARD, have[1])):
            best[kind] = (accepted, sentence)
    return sorted(best.values())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_answer_is_drawn_on_one_row_of_the_window(lang):
    """The trade played with the keys; the computer (a name of 10 letters) gives each answer
    ai/ can give; the answer is one whole row of the window, never wrapped."""
    for accepted, sentence in widest(ANSWERS, lang):
        bot = Bot(accept=accepted, reason=sentence)
        s, st = start_game(("ANNE", LONGEST), (False, True), bots={1: bot}, lang=lang)
        give(st, 0, [6])
        give(st, 1, [1])
        s.press("T")
        s.step([digit(1)])
        goto(s, 6)
        s.press("ENTER")
        goto(s, 1)
        s.press("ENTER")
        s.press("N", "N")                 # end of the list, no cash
        s.step(ticks=80)
        assert bot.asked == 1
        line = answer_line(s.screen.texts, st.board, LONGEST, accepted, sentence)
        rows = [r.rstrip() for r in s.text()[18:24]]
        assert line in rows, (line, rows)
        assert line in s.screen.log             # one line of the log too


@pytest.mark.parametrize("kind", ["facile", "normal", "expert", "baseline", "random"])
def test_the_real_computer_players_answers_are_known(kind):
    """Each kind of computer player answers an offer; its reason is one the screen knows."""
    from monopoly_cpc.ai import make_bot
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import apply

    fr = load_texts("fr")
    for offer in ((6,), (39,)):                 # a cheap street, then the dearest one, for nothing
        st = new_game(["ANNE", "CPC"], computer=[False, True], seed=5)
        st.forced_dice = [(6, 6), (1, 2)]
        while st.phase == "start_roll":
            apply(st, A.Roll(st.start_rollers[0]))
        st.owner[offer[0]] = 0
        st.owner[1] = 1
        apply(st, A.ProposeTrade(0, 1, give=offer, take=(1,), cash=0))
        bot = make_bot(kind=kind, seed=3)
        action = bot.decide(st, 1)
        assert isinstance(action, (A.AcceptTrade, A.RejectTrade))
        reason = bot.last_reason
        assert reason == "" or answer_reason(fr, st.board, reason) != reason, reason
        assert len(answer_line(fr, st.board, LONGEST, isinstance(action, A.AcceptTrade), reason)) <= 40
