"""kill -9 at random moments of a played game on a data folder (autosaves, the replay written at
each turn, GIF captures and screenshots under way), then a new start on the same folder: the
saved game reads back without a warning, R on the title resumes it, and every replay file in
the folder is whole."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from monopoly_cpc.demo.store import Store

HERE = Path(__file__).parent

CHILD = """
import random, sys
sys.path.insert(0, sys.argv[4])
import pygame
from demo_helpers import LAYOUT, key, session, to_game
from monopoly_cpc.demo.store import Store
from monopoly_cpc.settings import Settings

seed, data, kiosk = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "1"
rng = random.Random(seed)
s = session(seed=seed, store=Store(data), kiosk=kiosk, attract_after=30, idle_minutes=5,
            settings=Settings())
while type(s.screen).__name__ != "TitleScreen":   # the boot (skipped) gives way at the first tick
    s.step([])
if rng.random() < 0.5:
    s.step([key("R")])
    for _ in range(5):
        s.step([])
    print("after R", type(s.screen).__name__, flush=True)
if type(s.screen).__name__ != "GameScreen":
    to_game(s)
print("playing", flush=True)
BUSY = ["RETURN", "SPACE", "1", "2", "3", "O", "N", "UP", "DOWN", "ESC", "A", "V", "H"]
i = 0
while True:
    i += 1
    r = rng.random()
    if r < 0.01:
        for k in (pygame.K_F11, pygame.K_F12):   # a GIF capture, a screenshot
            s.host_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, scancode=0, unicode=""))
            s.host_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, scancode=0, unicode=""))
    t = i % 60
    if r < 0.1:
        ev = [LAYOUT.event(LAYOUT.named(rng.choice(BUSY)).number)]
    else:   # roll, never buy, skip the messages: turns end, and each one is saved
        ev = [key("D")] if t == 0 else [key("N")] if t == 20 else [key("RETURN")] if t == 40 else []
    s.step(ev)
    s.render()
"""


def _campaign(root: Path, kills: int, kiosk: bool, seed: int) -> dict:
    data = root / "data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_PICTURES_DIR=str(root / "pictures"))
    rng = random.Random(seed)
    seen = {"kills": 0, "resumed": 0, "saved": 0}
    for n in range(kills):
        had_save = Store(data).autosave_path.exists()
        p = subprocess.Popen([sys.executable, "-c", CHILD, str(seed + n), str(data), "1" if kiosk else "0",
                              str(HERE)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        said = _until_playing(p)
        time.sleep(rng.uniform(0.5, 6.0))
        assert p.poll() is None, p.communicate()[1][-2000:]
        p.send_signal(signal.SIGKILL)
        out, err = p.communicate()
        out = said + out
        seen["kills"] += 1
        assert "Traceback" not in err, err[-2000:]
        if had_save and "after R" in out:
            assert "after R GameScreen" in out, (n, out)
            seen["resumed"] += 1
        warnings: list[str] = []
        game = Store(data).load_game(warn=warnings.append)
        assert warnings == [], (n, warnings)
        seen["saved"] += game is not None
        for replay in (data / "replays").glob("*.json"):
            json.loads(replay.read_text(encoding="utf-8"))   # whole, or not there
    return seen


def _until_playing(p: subprocess.Popen) -> str:
    """The child's lines up to the one saying it plays (or to its end)."""
    assert p.stdout is not None
    said = ""
    for line in p.stdout:
        said += line
        if line.startswith("playing"):
            break
    return said


@pytest.mark.slow
@pytest.mark.parametrize("kiosk", [False, True], ids=["normal", "kiosk"])
def test_kill_9_while_playing_leaves_a_game_to_resume(tmp_path, kiosk):
    seen = _campaign(tmp_path, kills=8, kiosk=kiosk, seed=40 if kiosk else 50)
    assert seen["kills"] == 8 and seen["saved"] > 0 and seen["resumed"] > 0, seen
