"""Every sound of the bank, rendered now, is the one pinned in tests/golden/sound_digests.json.

Each sound is rendered offline (mono and stereo, int16 at 44.1 kHz) and hashed; a changed sound
fails with its name. A change made on purpose (the chip model or sounds.yaml) writes the file
again, in a commit that says why: ``.venv/bin/python -m tests.sound.test_digests``.

The pinned digests are those of the chip as docs/sound.md describes it: the mixer's AND of tone
and noise switching the DAC, the coupling capacitor's high-pass, the measured volume table, the
noise period held from one noisy note to the next and the repeating ENT going on from the
current period.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from monopoly_cpc import sound

PINNED = Path(__file__).resolve().parents[1] / "golden" / "sound_digests.json"


def digests(name: str) -> dict[str, str]:
    """The SHA-256 of the sound's mono and stereo samples (little-endian int16)."""
    return {mode: hashlib.sha256(sound.render_sound(name, stereo=mode == "stereo")
                                 .astype("<i2").tobytes()).hexdigest()
            for mode in ("mono", "stereo")}


def pinned() -> dict[str, dict[str, str]]:
    return json.loads(PINNED.read_text(encoding="utf-8"))


def test_every_sound_of_the_bank_is_pinned():
    assert sorted(pinned()) == sorted(sound.sound_names())


@pytest.mark.parametrize("name", sorted(sound.sound_names()))
def test_the_sound_renders_as_pinned(name):
    assert digests(name) == pinned().get(name), (
        f"sound {name!r} changed: if on purpose, run .venv/bin/python -m tests.sound.test_digests")


def main() -> int:
    table = {name: digests(name) for name in sorted(sound.sound_names())}
    PINNED.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PINNED} ({len(table)} sounds)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
