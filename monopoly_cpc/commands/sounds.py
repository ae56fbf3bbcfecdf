"""`monopoly-cpc sounds --out DIR`: write every sound as DIR/NAME.wav for review.

The files are 44.1 kHz 16-bit WAV (mono, or stereo with --stereo: A left, B centre, C right),
rendered offline exactly as the game plays them.  `--basic FILE.BAS` writes the AY sounds as a
Locomotive BASIC program (ASCII) that a CPC plays: ``RUN"FILE`` and a menu (docs/sound.md).
"""

from __future__ import annotations

import argparse
import wave
from pathlib import Path
from typing import TYPE_CHECKING

from monopoly_cpc.errors import UserError, path_problem

if TYPE_CHECKING:
    import numpy as np


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``sounds`` sub-command."""
    p = subparsers.add_parser(
        "sounds",
        help="write every sound as a WAV file for review",
        description="Render every sound of the game (the AY sounds of sounds.yaml, the title "
                    "tune, the CPC bell and the machine noises) into DIR/NAME.wav, 44.1 kHz 16-bit.",
    )
    p.add_argument("--out", metavar="DIR", help="folder for the WAV files (created if needed)")
    p.add_argument("--stereo", action="store_true", help="stereo files (A left, B centre, C right)")
    p.add_argument("--only", metavar="NAME", action="append",
                   help="write only this sound (may be repeated)")
    p.add_argument("--list", action="store_true", help="list the sounds and the event table, write nothing")
    p.add_argument("--basic", metavar="FILE.BAS",
                   help="write the AY sounds as a Locomotive BASIC program a CPC plays (ASCII)")
    p.set_defaults(func=run)


def write_wav(path: Path, samples: np.ndarray, stereo: bool) -> None:
    """Write int16 samples as a 44.1 kHz 16-bit WAV file."""
    from monopoly_cpc.safefile import writing
    from monopoly_cpc.sound import SAMPLE_RATE

    with writing(path, "the sound") as part, wave.open(str(part), "wb") as w:
        w.setnchannels(2 if stereo else 1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(samples.astype("<i2").tobytes())


def write_basic(path: Path) -> None:
    """Write the sound bank as a BASIC program (ASCII, CR LF lines, &1A at the end)."""
    from monopoly_cpc import sound
    from monopoly_cpc.safefile import writing
    from monopoly_cpc.sound.basic import SoundDataError
    from monopoly_cpc.sound.listing import ascii_file, check, listing

    try:
        lines = listing(sound.bank())
        check(sound.bank(), lines)
    except SoundDataError as exc:
        raise UserError(f"cannot write the sounds as BASIC: {exc}") from None
    try:
        with writing(path, "the BASIC program") as part:
            part.write_bytes(ascii_file(lines))
    except OSError as exc:
        raise UserError(f"cannot write the BASIC program {path}: {path_problem(path, exc)}") from None
    print(f"wrote {path}: {len(lines)} lines, {len(sound.bank().programs)} sounds "
          f"(RUN\"{path.stem.upper()}\" on a CPC)")


def run(args: argparse.Namespace) -> int:
    from monopoly_cpc import sound

    names = sound.sound_names()
    if args.list:
        about = sound.bank().about
        for name in names:
            print(f"{name:12s} {about.get(name, 'machine noise')}")
        print()
        for kind, name in sound.bank().events.items():
            print(f"event {kind:14s} -> {name}")
        return 0
    if args.basic:
        write_basic(Path(args.basic))
        if not args.out:
            return 0
    if not args.out:
        raise UserError("sounds: give --out DIR, --basic FILE.BAS or --list")
    wanted = list(names)
    if args.only:
        unknown = [n for n in args.only if n not in names]
        if unknown:
            raise UserError(f"no sound named {unknown[0]!r} (see `monopoly-cpc sounds --list`)")
        wanted = [n for n in names if n in args.only]
    out = Path(args.out)
    from monopoly_cpc.demo.paths import writable_folder

    writable_folder(out, "the sounds into")   # a FIFO or a device named as the folder: one line
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name in wanted:
            samples = sound.render_sound(name, stereo=args.stereo)
            write_wav(out / f"{name}.wav", samples, args.stereo)
    except OSError as exc:
        why = f"{out} is a file, not a folder" if out.is_file() else path_problem(out / "x.wav", exc)
        raise UserError(f"cannot write the sounds into {out}: {why}") from None
    print(f"wrote {len(wanted)} sound{'s' if len(wanted) != 1 else ''} into {out}")
    return 0
