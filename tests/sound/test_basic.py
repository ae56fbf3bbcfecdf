"""BASIC's SOUND, ENV and ENT interpreted into AY register timelines."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monopoly_cpc.sound import ay
from monopoly_cpc.sound.basic import (
    EntSet,
    EnvSection,
    HwSection,
    Program,
    SoundDataError,
    SoundStatement,
    ToneEnvelope,
    check_statement,
    compile_program,
    expand_note,
    schedule,
)


def S(*args):
    return SoundStatement(*args)


def test_defaults_are_basics():
    s = S(1, 142)
    assert (s.dur, s.vol, s.env, s.ent, s.noise) == (20, 12, 0, 0, 0)
    tl = compile_program(Program((s,)))
    assert tl.frames == 20
    assert (tl.volume[:, 0] == 12).all() and (tl.tone_period[:, 0] == 142).all()
    assert tl.tone_on[:, 0].all() and not tl.tone_on[:, 1:].any() and not tl.noise_on.any()


def test_env_first_step_at_once_then_holds_the_last_level():
    env = {1: (EnvSection(3, -2, 2),)}
    nf = expand_note(S(1, 100, 10, 12, 1), env, {})
    assert nf.volume.tolist() == [10, 10, 8, 8, 6, 6, 6, 6, 6, 6]


def test_env_volume_wraps_round_as_the_firmware_does():
    env = {3: (EnvSection(9, 5, 20),)}  # the 6128 manual's example: 5, 10, 15, 4, 9, ...
    nf = expand_note(S(1, 142, 0, 0, 3), env, {})
    assert nf.volume[::20].tolist() == [5, 10, 15, 4, 9, 14, 3, 8, 13]
    assert nf.volume.size == 180  # duration 0: the envelope's length


def test_pause_zero_counts_as_256():
    nf = expand_note(S(1, 100, 0, 5, 1), {1: (EnvSection(1, 1, 0),)}, {})
    assert nf.volume.size == 256


def test_negative_duration_repeats_the_envelope():
    env = {1: (EnvSection(2, -3, 1),)}
    nf = expand_note(S(1, 100, -3, 9, 1), env, {})
    assert nf.volume.tolist() == [6, 3] * 3


def test_duration_zero_without_envelope_is_two_seconds():
    assert expand_note(S(1, 100, 0), {}, {}).volume.size == 200


def test_ent_steps_and_holds_or_repeats():
    ent = {1: ToneEnvelope((EnvSection(3, 10, 2),)),
           2: ToneEnvelope((EntSet(108, 2), EntSet(144, 2)), repeat=True)}
    held = expand_note(S(1, 100, 10, 12, 0, 1), {}, ent).period
    assert held.tolist() == [110, 110, 120, 120, 130, 130, 130, 130, 130, 130]
    siren = expand_note(S(1, 100, 9, 12, 0, 2), {}, ent).period
    assert siren.tolist() == [108, 108, 144, 144, 108, 108, 144, 144, 108]


def test_hardware_envelope_section():
    env = {1: (HwSection(shape=8, period=50),)}
    tl = compile_program(Program((S(1, 100, 30, 15, 1),), env))
    assert tl.use_env[:, 0].all()
    assert (tl.env_shape == 8).all() and (tl.env_period == 50).all()
    assert tl.env_restart[0] and not tl.env_restart[1:].any()


def test_channels_queue_in_order():
    prog = Program((S(1, 100, 5), S(1, 200, 5), S(2, 300, 3)))
    tl = compile_program(prog)
    assert tl.tone_period[:, 0].tolist() == [100] * 5 + [200] * 5
    assert tl.tone_period[:3, 1].tolist() == [300] * 3 and not tl.tone_on[3:, 1].any()


def test_a_note_on_several_channels_waits_for_all_of_them():
    prog = Program((S(1, 100, 10), S(3, 200, 4)))  # A busy for 10; the A+B note waits
    starts = [(start, s.period) for start, s, _ in schedule(prog.statements, {}, {})]
    assert starts == [(0, 100), (10, 200)]


def test_rendezvous():
    # B waits for A's note that names it back (16 = rendezvous with B, 8 = with A)
    prog = Program((S(1, 100, 10), S(1 + 16, 200, 5), S(2 + 8, 300, 5)))
    starts = {s.period: start for start, s, _ in schedule(prog.statements, {}, {})}
    assert starts == {100: 0, 200: 10, 300: 10}


def test_a_rendezvous_never_met_is_an_error():
    prog = Program((S(1 + 16, 100, 10),))
    with pytest.raises(SoundDataError, match="rendezvous"):
        schedule(prog.statements, {}, {})


def test_flush_only_first_and_hold_refused():
    schedule((S(135, 90, 20, 11),), {}, {})  # the bell: flush on the first SOUND is fine
    with pytest.raises(SoundDataError, match="flush"):
        schedule((S(1, 90), S(129, 90)), {}, {})
    with pytest.raises(SoundDataError, match="hold"):
        check_statement(S(65, 90), {}, {})


@pytest.mark.parametrize("bad, match", [
    (S(0, 100), "no channel"),
    (S(1, 5000), "period"),
    (S(1, 100, 20, 16), "volume"),
    (S(1, 100, 20, 12, 0, 0, 32), "noise"),
    (S(1, 100, 20, 12, 4), "ENV 4"),
    (S(1, 100, 20, 12, 0, 4), "ENT 4"),
])
def test_out_of_range_statements(bad, match):
    with pytest.raises(SoundDataError, match=match):
        check_statement(bad, {}, {})


def test_noise_is_one_generator_the_latest_note_wins():
    prog = Program((S(1, 0, 10, 12, 0, 0, 5), S(2, 0, 4), S(2, 0, 4, 12, 0, 0, 20)))
    tl = compile_program(prog)
    assert tl.noise_period[:4].tolist() == [5] * 4
    assert tl.noise_period[4:8].tolist() == [20] * 4
    assert tl.noise_on[:, 0].all() and tl.noise_on[4:8, 1].all() and not tl.noise_on[:4, 1].any()


def test_compiled_bell_is_deterministic_registers():
    a = compile_program(Program((S(135, 90, 20, 11),)))
    b = compile_program(Program((S(135, 90, 20, 11),)))
    for field in ("tone_period", "volume", "tone_on", "noise_on"):
        assert np.array_equal(getattr(a, field), getattr(b, field))
    assert (a.tone_period == 90).all() and (a.volume == 11).all() and a.frames == 20

statements = st.builds(
    SoundStatement,
    chan=st.integers(1, 7),
    period=st.integers(0, 4095),
    dur=st.integers(1, 30),
    vol=st.integers(0, 15),
    env=st.sampled_from([0, 1, 2]),
    ent=st.sampled_from([0, 1]),
    noise=st.integers(0, 31),
)
ENVS = {1: (EnvSection(4, -3, 2),), 2: (HwSection(shape=14, period=20, pause=5), EnvSection(2, 1, 3))}
ENTS = {1: ToneEnvelope((EnvSection(5, 40, 1), EntSet(4000, 3)), repeat=True)}


@settings(max_examples=60, deadline=None)
@given(st.lists(statements, min_size=1, max_size=6))
def test_any_valid_program_renders_in_range(program):
    prog = Program(tuple(program), ENVS, ENTS)
    for s in prog.statements:
        check_statement(s, ENVS, ENTS)
    tl = compile_program(prog)
    # reference model: in statement order, a note starts when all its channels are free
    free = [0, 0, 0]
    for s in program:
        start = max(free[ch] for ch in s.channels)
        for ch in s.channels:
            free[ch] = start + s.dur
    assert tl.frames == max(free)
    assert ((tl.volume >= 0) & (tl.volume <= 15)).all()
    assert ((tl.tone_period >= 0) & (tl.tone_period <= 4095)).all()
    x = ay.render(tl, stereo=True)
    assert x.shape == (tl.frames * 441, 2)
    assert np.abs(x.astype(np.int32)).max() < 32767


def test_noise_period_stays_as_the_last_noisy_note_set_it():
    """The firmware writes register 6 when a note with noise starts and leaves it: the door's
    low rumble (noise 15) hears the impact's period 4 to its end, as the CPC plays cell_door."""
    door = S(1, 700, 40, 15, 0, 0, 15)
    impact = S(4, 0, 8, 13, 0, 0, 4)  # queued after the rumble, starts with it: written last
    tl = compile_program(Program((door, impact)))
    assert (tl.noise_period[:40] == 4).all()
    later = compile_program(Program((door, S(4, 0, 10, 0), S(4, 0, 8, 13, 0, 0, 4))))
    assert (later.noise_period[:10] == 15).all() and (later.noise_period[10:] == 4).all()


def test_repeating_ent_goes_on_from_the_current_period():
    """ENT -n: each pass starts from the period the last one left, so steps that do not add up
    to zero drift (the 464 manual, 6.12: a negative number repeats the tone envelope for the
    duration of the sound)."""
    ent = {1: ToneEnvelope((EnvSection(2, 10, 1),), repeat=True),
           2: ToneEnvelope((EnvSection(2, 5, 1), EnvSection(1, -5, 1)), repeat=True),
           3: ToneEnvelope((EntSet(200, 1), EnvSection(2, 3, 1)), repeat=True)}
    assert expand_note(S(1, 100, 6, 12, 0, 1), {}, ent).period.tolist() == [110, 120, 130, 140, 150, 160]
    assert expand_note(S(1, 100, 7, 12, 0, 2), {}, ent).period.tolist() == [105, 110, 105, 110, 115, 110, 115]
    assert expand_note(S(1, 100, 7, 12, 0, 3), {}, ent).period.tolist() == [200, 203, 206, 200, 203, 206, 200]
    assert expand_note(S(1, 4090, 4, 12, 0, 1), {}, ent).period.tolist() == [4095] * 4  # kept in 12 bits
