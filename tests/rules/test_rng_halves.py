"""``rng.next_u32_halves`` (the compiled build's dice, on 32-bit halves) gives exactly the
numbers and states of ``rng.next_u32``."""

from __future__ import annotations

import random

from monopoly_cpc.rules.rng import next_u32, next_u32_halves, seed_state


def test_halves_are_next_u32():
    rnd = random.Random(7)
    states = [1, 2, (1 << 64) - 1, 1 << 63, (1 << 32) - 1, 1 << 32, seed_state(0)]
    states += [rnd.getrandbits(64) or 1 for _ in range(100_000)]
    states += [rnd.getrandbits(rnd.randint(1, 64)) or 1 for _ in range(20_000)]
    for x in states:
        assert next_u32_halves(x) == next_u32(x), x
    x = seed_state(1985)
    for _ in range(10_000):   # a stream, as the dice draw it
        y, r = next_u32(x)
        assert next_u32_halves(x) == (y, r)
        x = y
