"""Long sounds are not covered by the next step's sound: the show holds the step that started
them (docs/screens.md, "Sounds"; docs/sound.md: ``sound_ticks``), by ticks only, so the frames
are the same with or without an audio device; a key still cuts the wait (docs/screens.md: "A
key pressed while events are being shown cuts the current message's pause short")."""

import hashlib

import pytest
from helpers import game_session

from monopoly_cpc.rules.events import Event
from monopoly_cpc.screens.base import SilentAudio
from monopoly_cpc.screens.game.show import HELD_SOUNDS, PAUSE, sound_hold
from monopoly_cpc.sound import Audio, bank, sound_ticks


class Log:
    """An audio object with no device at all: it only writes down (tick, sound)."""

    def __init__(self, session) -> None:
        self.session = session
        self.log: list[tuple[int, str]] = []

    def cue(self, name: str, *args, **kwargs) -> None:
        self.log.append((self.session.ctx.tick, name))

    def on_events(self, events, *args, **kwargs) -> None:
        for ev in events:
            name = bank().events.get(ev.kind)
            if name:
                self.cue(name)

    def play_samples(self, *args, **kwargs) -> None:
        pass

    def stop(self, name=None) -> None:
        pass


def bankrupt_then_winner(audio_factory, keys_at=None, ticks: int = 700):
    """JEAN (1.000 F) lands on the income tax (20.000 F) and gives up: MARIE wins.  Returns the
    frames' hashes of every tick and the sounds heard as (tick, name)."""
    s = game_session(names=("JEAN", "MARIE"), computer=(False, False), first_player=0,
                     dice=[(2, 2)])
    audio = s.ctx.audio = audio_factory(s)
    s.screen.state.players[0].cash = 1000
    frames = []
    keys_at = keys_at or {}
    for t in range(ticks):
        if t == 5:
            s.press("D")
        elif t == 200:
            s.press("F")                                 # bankruptcy: JEAN has nothing to sell
        elif t in keys_at:
            s.press(keys_at[t])
        else:
            s.step()
        s.screen.draw(s.fb)
        frames.append(hashlib.sha256(s.fb.pens.tobytes() + s.fb.inks.tobytes()).hexdigest())
    assert s.screen.state.phase == "game_over"
    return frames, list(getattr(audio, "log", [])), s


def real(mute=False, playback=True):
    def make(_s):
        return Audio(mute=mute, playback=playback, prerender=False)
    return make


def test_the_victory_waits_for_the_end_of_the_bankruptcy():
    _frames, log, _s = bankrupt_then_winner(Log)
    heard = {name: t for t, name in log}
    assert "bankrupt" in heard and "victory" in heard
    assert heard["victory"] - heard["bankrupt"] >= sound_ticks("bankrupt") == 78
    assert sound_hold("bankrupt") == 78 and sound_hold("winner") == 192


def test_frames_are_the_same_with_a_device_muted_silent_or_without_sound():
    with_device = Audio(prerender=False)
    if not with_device.available:
        pytest.skip(f"no audio device even with SDL's dummy driver: {with_device.reason}")
    with_device.close()
    runs = {
        "device": bankrupt_then_winner(real()),
        "muted": bankrupt_then_winner(real(mute=True)),
        "no playback": bankrupt_then_winner(real(playback=False)),
        "log only": bankrupt_then_winner(Log),
        "silent": bankrupt_then_winner(lambda _s: SilentAudio()),
    }
    first = runs["device"][0]
    for name, (frames, _log, _s) in runs.items():
        assert frames == first, name
    # and the sound logs of the real audio objects agree tick for tick
    assert runs["device"][1] == runs["muted"][1] == runs["no playback"][1] == runs["log only"][1]


def test_a_key_still_cuts_the_hold_short():
    _frames, log, _s = bankrupt_then_winner(Log)
    t_bankrupt = {name: t for t, name in log}["bankrupt"]
    _frames, log2, _s = bankrupt_then_winner(Log, keys_at={t_bankrupt + 3: "SPACE"})
    heard = {name: t for t, name in log2}
    assert heard["bankrupt"] == t_bankrupt
    # cut at once: what is left is the scores' line and its short pause (speed 3), not 78 ticks
    assert heard["victory"] - heard["bankrupt"] <= 3 + 2 + PAUSE[3] < sound_ticks("bankrupt")


def test_going_to_jail_holds_the_siren_then_the_game_goes_on():
    s = game_session(names=("JEAN", "MARIE"), computer=(False, True), first_player=0,
                     dice=[(1, 3), (2, 3)])
    audio = s.ctx.audio = Log(s)
    st = s.screen.state
    st.players[0].pos = 26
    s.screen.view.shown[0] = 26
    s.press("D")                                         # 26 + 4 = Allez en prison
    for _ in range(600):
        s.step()
        if any(name == "dice" for _t, name in audio.log[1:]):
            break                                        # MARIE, a computer, has rolled
    assert st.players[0].in_jail
    t_jail = {name: t for t, name in audio.log}["jail"]
    after = [t for t, name in audio.log if t > t_jail]
    assert after and min(after) - t_jail >= sound_ticks("jail") == 105


def test_short_sounds_do_not_slow_the_show():
    """Only the long jingles and the gavel hold; a purchase at speed 3 keeps its short pause
    although its sound (20 ticks) is longer, and so do the dice, the steps, the rents."""
    assert HELD_SOUNDS == {"jail", "bankrupt", "victory", "gavel"}
    for kind in ("buy", "rent_paid", "pass_go", "card_drawn", "dice", "move", "bid", "tax"):
        assert sound_hold(kind) == 0, kind
    s = game_session(speed=3)
    steps = s.screen.show._steps(Event("buy", 0, 1, 6000))
    assert steps[0].kind == "say" and steps[0].ticks == PAUSE[3] < sound_ticks("buy")
    steps = s.screen.show._steps(Event("auction_won", 0, 1, 6000))
    assert steps[0].ticks == sound_ticks("gavel") > PAUSE[3]
