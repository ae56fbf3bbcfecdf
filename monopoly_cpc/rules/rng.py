"""A small seeded PRNG (xorshift64*) whose whole state is one integer, so it serialises trivially."""

from __future__ import annotations

from types import FunctionType
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


_M32: Final = 0xFFFFFFFF
# NATIVE: this module runs compiled (setup.py, mypyc), where an int of 62 bits or more is a
# Python object and every operation on it a call: the engine's dice then use next_u32_halves.
# (A compiled function is not a Python function object.)
NATIVE: Final = not isinstance(seed_state, FunctionType)


def next_u32_halves(state: int) -> tuple[int, int]:
    """``next_u32``, worked on the two 32-bit halves of the state, so that every intermediate
    value stays below 2**62 (a machine int in the compiled build; four operations on the
    64-bit state remain instead of about ten). The same numbers (tests/rules/test_rng_halves).
    The multiplication by the constant: the upper 32 bits of the low 64 bits of the product,
    from 16-bit pieces of the constant."""
    hi = state >> 32
    lo = state & _M32
    lo, hi = lo ^ (((hi << 20) | (lo >> 12)) & _M32), hi ^ (hi >> 12)
    lo, hi = lo ^ ((lo << 25) & _M32), hi ^ (((hi << 25) | (lo >> 7)) & _M32)
    lo, hi = lo ^ (((hi << 5) | (lo >> 27)) & _M32), hi ^ (hi >> 27)
    # _MULT = 0x2545F491_4F6CDD1D: high half 0x2545_F491, low half 0x4F6C_DD1D
    carry = (lo * 0x4F6C + ((lo * 0xDD1D) >> 16)) >> 16   # (lo * low half) >> 32
    r = (carry + lo * 0xF491 + (((lo * 0x2545) & 0xFFFF) << 16)
         + hi * 0xDD1D + (((hi * 0x4F6C) & 0xFFFF) << 16)) & _M32
    return (hi << 32) | lo, r
