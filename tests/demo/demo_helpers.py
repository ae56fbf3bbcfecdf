"""Building CPC key events and exhibition sessions for the tests of tests/demo."""

from __future__ import annotations

from monopoly_cpc.keyboard.layout import load_layout

LAYOUT = load_layout("fr")


def key(name: str, shift: bool = False, ctrl: bool = False, repeat: bool = False):
    """The CpcKeyEvent of the French CPC key ``name``."""
    return LAYOUT.event(LAYOUT.named(name).number, shift=shift, ctrl=ctrl, repeat=repeat)


def typed(text: str) -> list:
    out = []
    for ch in text:
        k, shift = LAYOUT.producer(ch)
        out.append(LAYOUT.event(k.number, shift=shift))
    return out


def play_args(**options):
    """The play options' record: every option at its default (as the command line gives),
    headless, then ``options``."""
    from monopoly_cpc.cli import build_parser
    from monopoly_cpc.options import Options

    ns = build_parser().parse_args([])
    ns.headless = True
    ns.loader = "skip"
    ns.speed = 3
    for k, v in options.items():
        setattr(ns, k, v)
    return Options.of(ns)


def setup_keys() -> list:
    """From the pawn menu: a human JEAN and a computer HAL, no quick game (one key per tick)."""
    keys = [key("1", shift=True), key("N"), *typed("JEAN"), key("RETURN"),
            key("2", shift=True), key("O"), *typed("HAL"), key("RETURN"),
            key("RETURN"), key("N")]
    return keys


def session(seed: int = 3, store=None, settings=None, **options):
    """An ExhibitSession, headless, boot skipped; with a ``store``, its saved game is offered."""
    from monopoly_cpc.demo.exhibit import ExhibitConfig, ExhibitSession
    from monopoly_cpc.settings import Settings

    return ExhibitSession(play_args(seed=seed, **options), settings=settings or Settings(), seed=seed,
                          config=ExhibitConfig(store=store, warn=lambda msg: None))


def run(s, ticks: int, keys: dict | None = None) -> None:
    """``ticks`` steps; ``keys`` maps a step index (from now) to its events."""
    keys = keys or {}
    for i in range(ticks):
        s.step(keys.get(i, ()))


def to_game(s, first: int = 5) -> None:
    """From the title: a key, then the set-up keys one per tick, until the game screen."""
    seq = [key("SPACE"), *setup_keys()]
    run(s, first)
    for ev in seq:
        s.step([ev])
        s.step()


def recorded_demo(path, ticks: int, seed: int = 5):
    """``path`` after ``monopoly-cpc demo`` recorded ``ticks`` ticks of an attract game in it."""
    from monopoly_cpc.cli import main

    assert main(["demo", "--seconds", str(ticks / 50), "--headless", "--record", str(path),
                 "--seed", str(seed)]) == 0
    return path
