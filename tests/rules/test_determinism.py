"""Same seed, same actions, same result, whatever PYTHONHASHSEED is."""

import hashlib
import json
import subprocess
import sys

SCRIPT = """
import hashlib, json
from monopoly_cpc.rules import Variant, new_game
from monopoly_cpc.analysis.playout import play_random_game
from monopoly_cpc.rules.serial import to_data
h = hashlib.sha256()
for seed in range(12):
    s = new_game(["A", "B", "C", "D"], seed=seed, variant=Variant.from_data({"deal_deeds": 2}))
    play_random_game(s, seed=seed, max_steps=400)
    h.update(json.dumps(to_data(s), sort_keys=True).encode())
print(h.hexdigest())
"""


def _run(hashseed: str) -> str:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         env={"PYTHONHASHSEED": hashseed, "PATH": ""}, check=True)
    return out.stdout.strip()


def test_independent_of_pythonhashseed():
    """source: issue 3 'Same seed, same actions, same result, whatever PYTHONHASHSEED is.'"""
    a, b = _run("1"), _run("4242")
    assert a == b and len(a) == 64


def test_same_seed_same_game_in_process():
    """The seed alone decides the game (the RNG lives in the state)."""
    from monopoly_cpc.analysis.playout import play_random_game
    from monopoly_cpc.rules import new_game
    from monopoly_cpc.rules.serial import to_data

    def digest(seed):
        s = new_game(["A", "B", "C"], seed=seed)
        play_random_game(s, seed=seed, max_steps=300)
        return hashlib.sha256(json.dumps(to_data(s), sort_keys=True).encode()).hexdigest()

    assert digest(5) == digest(5) != digest(6)
