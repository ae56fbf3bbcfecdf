"""The computer players' own randomness: the engine's xorshift64* generator (``rules.rng``), so
that a player's whole random stream is one integer, saved with the game like the dice's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from monopoly_cpc.rules.rng import below, next_u32, seed_state

T = TypeVar("T")
MASK = 0xFFFFFFFFFFFFFFFF


def splitmix(x: int) -> int:
    """One step of splitmix64: a well-mixed 64-bit number from ``x`` (seed derivation)."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game seeded ``game_seed``: the one
    scheme of games on the screens, demos and ``simulate``."""
    return splitmix((game_seed & MASK) ^ (seat + 1) * 0x9E37)


class BotRng:
    """``randrange``, ``randint``, ``random``, ``choice`` and ``sample`` on one integer state."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed_state(seed)

    def randrange(self, n: int) -> int:
        """A number in 0..n-1."""
        self.state, r = below(self.state, n)
        return r

    def randint(self, a: int, b: int) -> int:
        """A number in a..b."""
        return a + self.randrange(b - a + 1)

    def random(self) -> float:
        """A number in [0, 1)."""
        self.state, r = next_u32(self.state)
        return r / 4294967296.0

    def choice(self, seq: Sequence[T]) -> T:
        """One element of ``seq`` (not empty)."""
        return seq[self.randrange(len(seq))]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements of ``seq``, in the order drawn."""
        pool = list(seq)
        out = []
        for i in range(k):
            j = i + self.randrange(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
            out.append(pool[i])
        return out
