"""No audio device: the game says so once (one line on stderr) and plays on without sound."""

from __future__ import annotations

import random

import pygame
import pytest

from monopoly_cpc import sound
from monopoly_cpc.sound import device

MESSAGES = ["ALSA: Couldn't open audio device: No such file or directory", "", "x" * 500,
            "first line\nsecond line", "dsp: No available audio device", "WASAPI can't initialize audio client"]


@pytest.mark.parametrize("seed", range(4))
def test_no_audio_device_is_said_once_in_one_short_line(monkeypatch, capsys, seed):
    rng = random.Random(seed)
    message = rng.choice(MESSAGES)

    def no_device(*args, **kwargs):
        raise pygame.error(message)

    monkeypatch.setattr(device, "_NO_DEVICE_SAID", [])
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    for _ in range(rng.randint(2, 5)):   # a session restarted, the options' volume...
        audio = sound.Audio(playback=True, prerender=False)
        assert not audio.available
        audio.cue("dice")
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("monopoly-cpc: no audio device") and len(err[0]) < 160
    assert "without sound" in err[0]


def test_no_audio_device_is_not_said_when_muted(monkeypatch, capsys):
    """--mute asks for silence: that there is no device to be silent on is no news."""
    def no_device(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(device, "_NO_DEVICE_SAID", [])
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = sound.Audio(mute=True, playback=True, prerender=False)
    assert not audio.available
    assert capsys.readouterr().err == ""


def test_an_audio_device_is_not_reported(monkeypatch, capsys):
    monkeypatch.setattr(device, "_NO_DEVICE_SAID", [])
    audio = sound.Audio(playback=True, prerender=False)
    assert audio.available          # SDL's dummy driver in the tests
    assert capsys.readouterr().err == ""
    audio.close()
