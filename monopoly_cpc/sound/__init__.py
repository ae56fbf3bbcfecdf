"""The sound system: AY-3-8912 sounds from ``assets/sounds.yaml``.

Two halves, as an emulator keeps its chip apart from the host's audio:

* the pure half renders samples, deterministically and without pygame: :mod:`.ay` (the chip),
  :mod:`.basic` (the CPC's SOUND/ENV/ENT commands), :mod:`.data` (the sound bank),
  :mod:`.machine` (the disc drive and tape noises) and :mod:`.render` (named sounds and mixed
  tracks, cached);
* :mod:`.device` plays them through pygame.mixer (:class:`Audio`), silent without a device.
"""

from monopoly_cpc.sound.device import Audio
from monopoly_cpc.sound.render import (
    SAMPLE_RATE,
    bank,
    render_sound,
    render_track,
    sound_names,
    sound_ticks,
)

__all__ = [
    "SAMPLE_RATE",
    "Audio",
    "bank",
    "render_sound",
    "render_track",
    "sound_names",
    "sound_ticks",
]
