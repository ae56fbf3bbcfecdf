"""The bots' remembered answers are the answers a fresh computation gives."""

from __future__ import annotations

import random

from monopoly_cpc.ai import make_bot, trading
from tests.ai.helpers import (
    BELLEVILLE,
    CHAMPS,
    ELECTRICITE,
    LECOURBE,
    LYON,
    MONTPARNASSE,
    NORD,
    PAIX,
    VAUGIRARD,
    position,
)

OFFERS = [((LECOURBE,), ()), ((LECOURBE,), (PAIX,)), ((LECOURBE,), (MONTPARNASSE,)),
          ((PAIX,), (ELECTRICITE,)), ((LYON,), (VAUGIRARD,))]


def test_a_remembered_offer_is_weighed_again_when_a_square_it_reads_changes():
    st = position(owners={BELLEVILLE: 0, LECOURBE: 1, CHAMPS: 1, PAIX: 0, MONTPARNASSE: 0,
                          NORD: 1, LYON: 2, ELECTRICITE: 0, VAUGIRARD: 2})
    bot = make_bot("expert")
    bot.refresh(st, 0)
    rng = random.Random(3)
    squares = [BELLEVILLE, LECOURBE, CHAMPS, PAIX, MONTPARNASSE, NORD, LYON, ELECTRICITE,
               VAUGIRARD]
    for _ in range(400):
        s = rng.choice(squares)
        if rng.random() < 0.5:
            st.owner[s] = rng.randrange(-1, 3)
            st.mortgaged[s] = False
        elif st.owner[s] >= 0:
            st.mortgaged[s] = not st.mortgaged[s]
        bot.refresh(st, 0)
        for take, give in OFFERS:
            for other in (1, 2):
                remembered = trading._offer_gains(bot, st, 0, other, take, give)
                assert remembered == trading.gains(bot, st, 0, other, take, give, 0)
    assert len(bot.offer_memo[1]) == len(OFFERS) * 2
