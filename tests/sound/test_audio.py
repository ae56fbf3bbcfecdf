"""Audio: playback through pygame.mixer, silence without a device, the log, the volume."""

import pygame
import pytest

from monopoly_cpc.app import _audio
from monopoly_cpc.rules.events import Event
from monopoly_cpc.sound import Audio, bank


@pytest.fixture
def audio():
    a = Audio()  # SDL_AUDIODRIVER=dummy (tests/conftest.py): a device that plays nothing
    yield a
    a.close()


def test_opens_the_dummy_device_at_44100_mono(audio):
    assert audio.available
    assert pygame.mixer.get_init() == (44100, -16, 1)
    audio.cue("bell")
    audio.cue("title")
    assert audio.log == [(0, "bell"), (0, "title")]


def test_stereo_device():
    a = Audio(stereo=True)
    try:
        assert pygame.mixer.get_init() == (44100, -16, 2)
        a.cue("victory")
    finally:
        a.close()


def test_no_audio_device_is_silent_without_error(monkeypatch):
    pygame.mixer.quit()

    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    a = Audio()
    assert not a.available and "No available audio device" in a.reason
    a.cue("dice")
    a.on_events([Event("dice"), Event("winner")])
    a.play_samples([0.0, 0.1, -0.1], name="tape")
    a.set_volume(5)
    a.stop("dice")
    a.stop()
    a.close()
    assert a.log == [(0, "dice"), (0, "victory")]  # still logged for the video export
    assert a.clips[0][:2] == (0, "tape")


def test_sound_objects_that_fail_to_play_are_ignored(audio, monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("device vanished")

    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    audio.cue("cash")
    assert audio.log == [(0, "cash")]


def test_events_by_kind_unknown_kinds_are_silent(audio):
    audio.tick = 7
    audio.on_events([Event("dice"), Event("turn"), Event("made_up_kind"), {"kind": "buy"},
                     object(), Event("rent_paid")])
    assert audio.log == [(7, "dice"), (7, "buy"), (7, "rent")]
    assert bank().events.get("auction_won") == "gavel"
    assert "made_up_kind" not in bank().events


def test_same_sound_twice_in_a_tick_plays_once(audio):
    audio.tick = 3
    audio.on_events([Event("dice"), Event("dice")])
    audio.cue("dice")
    audio.tick = 4
    audio.cue("dice")
    audio.cue("step", tick=9)
    assert audio.log == [(3, "dice"), (4, "dice"), (9, "step")]


def test_unknown_cue_is_silent(audio):
    audio.cue("no_such_sound")
    assert audio.log == []


def test_mute_and_volume(audio):
    assert audio.volume == 7 and not audio.mute
    audio.set_volume(15)
    assert audio.volume == 10
    audio.set_volume(-2)
    assert audio.volume == 0 and not audio.playing_enabled
    audio.set_volume(4)
    assert audio._sound("bell").get_volume() == pytest.approx(0.4, abs=0.01)
    audio.mute = True
    assert not audio.playing_enabled
    audio.cue("bell")
    assert audio.log == [(0, "bell")]
    audio.mute = False
    assert audio.playing_enabled


def test_play_samples_and_loops(audio):
    audio.cue("disc_motor", loops=-1)
    audio.stop("disc_motor")
    audio.play_samples([0.0, 0.2, 0.1], name="tape", tick=12)
    assert audio.clips[0][0:2] == (12, "tape")


def test_the_games_audio_reads_the_options_over_the_settings():
    from monopoly_cpc.options import Options
    from monopoly_cpc.settings import Settings

    a = _audio(Options(mute=True, volume=3), None, playback=True)
    assert a.mute and a.volume == 3 and a.available
    a.close()
    b = _audio(Options(), None, playback=False)
    assert not b.mute and b.volume == 7 and not b.available and b.reason == "playback off"
    c = _audio(Options(), Settings(volume=9, stereo=True), playback=False)
    assert c.volume == 9 and c.stereo
    d = _audio(Options(volume=2), Settings(volume=9), playback=False)
    assert d.volume == 2 and not d.mute
    # a switch of the command line is never "off": the saved mute: true is heard (not at all)
    e = _audio(Options(mute=False), Settings(mute=True), playback=False)
    assert e.mute


def test_a_real_sdl_failure_in_a_fresh_process_is_one_line_then_silence():
    import os
    import subprocess
    import sys

    script = ("from monopoly_cpc.sound import Audio\n"
              "a = Audio(); a.cue('bell'); a.on_events([{'kind': 'dice'}])\n"
              "print(a.available, a.log)\n")
    env = dict(os.environ, SDL_AUDIODRIVER="no_such_driver", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                         check=False)
    assert out.returncode == 0
    lines = out.stderr.strip().splitlines()   # SDL's own chatter never, our line once
    assert len(lines) == 1 and lines[0].startswith("monopoly-cpc: no audio device ("), out.stderr
    assert out.stdout.strip() == "False [(0, 'bell'), (0, 'dice')]"


def test_the_length_of_an_event_sound_is_known_muted_or_not():
    from monopoly_cpc.sound import sound_ticks

    for kind, name in (("jail", "jail"), ("winner", "victory"), ("bankrupt", "bankrupt")):
        assert bank().events[kind] == name
    assert sound_ticks("jail") == 105  # the siren 1.5 s, 0.1 s, the door 0.5 s
    assert "turn" not in bank().events


def test_no_sound_card_prints_only_our_line():
    """SDL's ALSA back end without a card: alsa-lib's own error lines do not reach stderr;
    the game's one line says there is no audio device."""
    import os
    import subprocess
    import sys

    script = ("import sys\n"
              "from monopoly_cpc.sound import Audio\n"
              "a = Audio(); a.cue('bell'); a.close()\n"
              "print('after', file=sys.stderr)\n")
    env = dict(os.environ, SDL_AUDIODRIVER="alsa", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                         check=False)
    assert out.returncode == 0
    lines = out.stderr.splitlines()   # fd 2 is given back after the mixer's attempt
    assert lines[-1] == "after" and len(lines) <= 2
    assert len(lines) == 1 or lines[0].startswith("monopoly-cpc: no audio device (")


def test_the_sound_table_is_read_at_the_first_sound_not_before_the_first_picture(monkeypatch):
    from monopoly_cpc.sound import device

    calls = []
    real = device.bank
    monkeypatch.setattr(device, "bank", lambda: (calls.append(1), real())[1])
    a = device.Audio(playback=False)
    assert calls == []
    a.cue("relay_click", tick=3)
    assert calls and a.log == [(3, "relay_click")]
