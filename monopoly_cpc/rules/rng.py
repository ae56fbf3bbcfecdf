"""A small seeded PRNG (xorshift64*) whose whole state is one integer, so it serialises trivially."""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_MULT: Final = 0x2545F4914F6CDD1D


def seed_state(seed: int) -> int:
    """Turn any integer seed into a non-zero 64-bit state (splitmix64 scramble)."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return z or 0x1234567


def next_u32(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 32 random bits)."""
    x = state
    x ^= x >> 12
    x ^= (x << 25) & _MASK
    x ^= x >> 27
    return x, ((x * _MULT) & _MASK) >> 32


def below(state: int, n: int) -> tuple[int, int]:
    """(new_state, a number in 0..n-1); the bias of 32 bits modulo n < 64 is below 1e-8."""
    state, r = next_u32(state)
    return state, r % n
