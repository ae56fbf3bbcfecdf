"""The sound system: AY-3-8912 sounds from ``assets/sounds.yaml``.

Two halves, as an emulator keeps its chip apart from the host's audio:

* the pure half renders samples, deterministically and without pygame: :mod:`.ay` (the chip),
  :mod:`.basic` (the CPC's SOUND/ENV/ENT commands), :mod:`.data` (the sound bank),
  :mod:`.machine` (the disc drive and tape noises) and :mod:`.render` (named sounds and mixed
  tracks, cached);
* :mod:`.device` plays them through pygame.mixer (:class:`Audio`), silent without a device.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from monopoly_cpc.sound.device import Audio
    from monopoly_cpc.sound.render import (
        SAMPLE_RATE,
        bank,
        render_sound,
        render_track,
        sound_names,
        sound_ticks,
    )


_SUBMODULES = ("ay", "basic", "data", "device", "machine", "render")


def __getattr__(name: str) -> Any:
    """The names below, imported when first asked for: a start imports only the device (its
    first picture needs no sound rendered)."""
    if name == "Audio":
        from monopoly_cpc.sound import device

        return device.Audio
    if name in __all__:
        from monopoly_cpc.sound import render

        return getattr(render, name)
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "SAMPLE_RATE",
    "Audio",
    "bank",
    "render_sound",
    "render_track",
    "sound_names",
    "sound_ticks",
]
