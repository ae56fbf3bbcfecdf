"""A computer's answer to a trade fits its row of the 40-column window (docs/manual.md, T
Transactions: "Un joueur simulé par l'ordinateur décide seul et dit pourquoi en une ligne"),
in the player's language.

The answers are the computer players' ``last_reason``: a code and its fields
(monopoly_cpc/ai/reasons.py), the answer codes being ``accept_*`` and ``refuse_*``; the window
shows the catalogue's ``ai.<code>`` (``reasons.reason_text``), never a sentence parsed back."""

from __future__ import annotations

from pathlib import Path

import pytest

import monopoly_cpc.screens
from monopoly_cpc.ai.reasons import CODES, NO_REASON, because, reason_text
from monopoly_cpc.rules.engine import new_game
from monopoly_cpc.screens.game.modes.trade import ROW, answer_line
from monopoly_cpc.screens.setup import NAME_MAX
from monopoly_cpc.texts import load_texts
from tests.ai.test_reasons import every_reason
from tests.screens.commands.helpers import Bot, digit, flat, give, goto, start_game

BOARD = new_game(["A", "B"]).board
LONGEST = "W" * NAME_MAX          # the widest name a player can have
# (accepted, reason) of every answer a computer can give, with each group a field can name
ANSWERS = [(code.startswith("accept_"), reason) for code in CODES
           if code.startswith(("accept_", "refuse_")) for reason in every_reason(code)]


def test_the_answers_are_the_judges_six_the_baselines_and_the_clocks():
    codes = {r.code for _a, r in ANSWERS}
    assert codes == {"accept_my_group", "accept_good", "refuse_no_cash", "refuse_your_group",
                     "refuse_favours_you", "refuse_too_little", "refuse_no_trades",
                     "refuse_time_up", "refuse_no_group"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_answer_fits_the_row(lang):
    texts = load_texts(lang)
    for accepted, reason in ANSWERS:
        why_line = reason_text(texts, BOARD, reason)
        line = answer_line(texts, BOARD, LONGEST, accepted, reason)
        assert why_line and line.endswith(why_line) and len(line) <= ROW == 40, (line, len(line))


def test_no_reason_or_one_too_long_for_the_row_leaves_the_bare_answer():
    fr = load_texts("fr")
    assert answer_line(fr, BOARD, "CPC", True, NO_REASON) == "CPC : OUI."
    long = because("buy_street", amount=1_500_000)      # not an answer: wider than the row
    assert len(reason_text(fr, BOARD, long)) > ROW - len("CPC : NON. ")
    assert answer_line(fr, BOARD, "CPC", False, long) == "CPC : NON."
    assert answer_line(fr, BOARD, "CPC", False, because("refuse_favours_you")) == \
        "CPC : NON. Vous y gagnez trop."


def widest(lang):
    """One answer per code, with the group whose name is widest in ``lang``."""
    texts = load_texts(lang)
    best: dict[str, tuple[bool, object]] = {}
    for accepted, reason in ANSWERS:
        have = best.get(reason.code)
        if have is None or len(reason_text(texts, BOARD, reason)) > len(
                reason_text(texts, BOARD, have[1])):
            best[reason.code] = (accepted, reason)
    return [best[c] for c in sorted(best)]


def offer_to_the_computer(s) -> None:
    """ANNE offers Rue Lecourbe (6) for Boulevard de Belleville (1), no cash, to player 2."""
    s.press("T")
    s.step([digit(1)])
    goto(s, 6)
    s.press("ENTER")
    goto(s, 1)
    s.press("ENTER")
    s.press("N", "N")                 # end of the list, no cash


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_answer_is_drawn_on_one_row_of_the_window(lang):
    """The trade played with the keys; the computer (a name of 10 letters) gives each answer
    ai/ can give; the answer is one whole row of the window, never wrapped."""
    for accepted, reason in widest(lang):
        bot = Bot(accept=accepted, reason=reason)
        s, st = start_game(("ANNE", LONGEST), (False, True), bots={1: bot}, lang=lang)
        give(st, 0, [6])
        give(st, 1, [1])
        offer_to_the_computer(s)
        s.step(ticks=80)
        assert bot.asked == 1
        line = answer_line(s.screen.texts, st.board, LONGEST, accepted, reason)
        rows = [r.rstrip() for r in s.text()[18:24]]
        assert line in rows, (line, rows)
        assert line in s.screen.log             # one line of the log too


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_real_computer_says_why_in_the_players_language(lang):
    """An expert holding Avenue des Champs-Elysées is offered Rue de la Paix: it completes dark
    blue and says so, in English with --lang en."""
    from monopoly_cpc.ai import make_bot

    bot = make_bot(kind="expert", seed=1)
    s, st = start_game(("ANNE", "CPC"), (False, True), bots={1: bot}, lang=lang)
    give(st, 0, [39])
    give(st, 1, [1, 37])
    s.press("T")
    s.step([digit(1)])
    goto(s, 39)
    s.press("ENTER")
    goto(s, 1)
    s.press("ENTER")
    s.press("N", "N")
    s.step(ticks=80)
    assert bot.last_reason == because("accept_my_group", group=7)
    said = {"fr": "CPC : OUI. J'ai le bleu foncé.", "en": "CPC: YES. I complete dark blue."}[lang]
    assert said in flat(s) and said in s.screen.log
    assert st.owner[39] == 1 and st.owner[1] == 0


@pytest.mark.parametrize("kind", ["facile", "normal", "expert", "baseline", "random"])
def test_the_real_computer_players_answer_with_an_answer_code(kind):
    """Each kind of computer player answers an offer with one of the answer codes (the random
    player with none)."""
    from monopoly_cpc.ai import make_bot
    from monopoly_cpc.rules import actions as A
    from monopoly_cpc.rules.engine import apply

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
        code = bot.last_reason.code
        if kind == "random":
            assert code == ""
        else:
            assert code.startswith("accept_" if isinstance(action, A.AcceptTrade) else "refuse_")


def test_the_screens_parse_no_text_with_regular_expressions():
    """What a computer says comes as a code and fields: no screen reads a sentence back."""
    screens = Path(monopoly_cpc.screens.__file__).parent
    for path in sorted(screens.rglob("*.py")):
        src = path.read_text(encoding="utf-8")
        assert "import re\n" not in src and "re.compile(" not in src, path
