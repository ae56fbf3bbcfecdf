#!/usr/bin/env python3
"""Build the MONOPOLY cassette and disc (.cdt, .wav, .dsk), or read one back as a CPC would.

    python tools/tape_loader_sim.py build --out DIR [--baud 1000|2000] [--bits 8|16] [--invert]
        writes DIR/monopoly.cdt, DIR/monopoly.wav (44.1 kHz mono square wave) and
        DIR/monopoly.dsk (AMSDOS DATA format, 40 tracks, one side)
    python tools/tape_loader_sim.py decode FILE [--run NAME]
        reads a .cdt/.tzx or .wav (checks every CRC, prints each block and the timeline of the
        firmware's messages for RUN"NAME, default MONOPOLY), or a .dsk (the directory, each
        file's AMSDOS header and checksum, and the drive's timeline for RUN"NAME)
    python tools/tape_loader_sim.py shots --out DIR
        renders the boot screens (docs/screens/boot_*.png) from the boot screen itself

The tape and disc models are monopoly_cpc.boot.tape, .dsk and .disc, the same ones the boot
screen plays.  Bad input gives one line on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from monopoly_cpc.boot import cdt, disc, dsk, reader, tape, wav
from monopoly_cpc.boot.sequence import State
from monopoly_cpc.errors import DataError, UserError
from monopoly_cpc.safefile import writing

TYPES = {0: "BASIC", 1: "BASIC (protected)", 2: "binary", 4: "screen", 0x16: "ASCII"}


WHICH_CPC = """which CPC loads which file:
  CPC 464            monopoly.cdt / monopoly.wav (tape): RUN"MONOPOLY, then PLAY and a key
                     (with a DDI-1 disc interface: monopoly.dsk, |DISC then RUN"MONOPOLY)
  CPC 664 / 6128     monopoly.dsk (disc): RUN"MONOPOLY
                     or the tape: |TAPE, then RUN"MONOPOLY, then PLAY and a key
  both tape speeds (--baud 1000 or 2000) load on all three: the firmware times the leader.
  Every tape has 3 s of blank before each block the firmware reads after starting the motor
  (it ignores the tape for 2.6 s then), so it loads with the deck run by the CPC's relay."""


def _fmt_time(t: float) -> str:
    m, s = divmod(t, 60.0)
    return f"{int(m):2d}:{s:06.3f}"


def build(out: Path, baud: int, bits: int, invert: bool = False) -> int:
    model = tape.TapeModel(baud=tape.speed_for(baud).baud, files=tape.image_files())
    out.mkdir(parents=True, exist_ok=True)
    with writing(out / "monopoly.cdt", "the tape image") as part:
        data = cdt.write_cdt(part, model)
    with writing(out / "monopoly.wav", "the tape sound") as part:
        n = wav.write_wav(part, cdt.read_cdt(data), bits=bits, invert=invert)
    print(f"{out / 'monopoly.cdt'}: {len(data)} bytes, {len(model.records())} records at {baud} baud")
    print(f"{out / 'monopoly.wav'}: {n} samples, {wav.RATE} Hz, {bits}-bit mono, "
          f"{n / wav.RATE:.1f} s")
    image = dsk.monopoly_dsk(with_sounds=True)
    (out / "monopoly.dsk").write_bytes(image)
    print(f"{out / 'monopoly.dsk'}: {len(image)} bytes, {dsk.TRACKS} tracks, DATA format, "
          f"{dsk.INTERLEAVE}:1 interleave")
    for f in model.files:
        print(f"  {f.name:<16} {TYPES.get(f.filetype, hex(f.filetype)):<7} {len(f.data):5d} bytes "
              f"at &{f.load:04X}, {len(tape.split_blocks(f))} blocks")
    return 0


def decode_disc(path: Path, data: bytes, run: str) -> int:
    image = dsk.read_dsk(data, str(path))
    entries = image.directory()
    print(f"{path}: {len(image.tracks)} tracks, {len(entries)} directory entries")
    for name in dict.fromkeys(e.full_name for e in entries if e.user == 0):
        try:
            header, body = image.read_file(name)
        except DataError:   # an ASCII file (SOUNDS.BAS) has no AMSDOS header
            print(f"  {name:<12} ASCII   {len(image.file_entries(name))} extent(s), "
                  f"blocks {image.file_blocks(name)[0]}-{image.file_blocks(name)[-1]}, no header")
            continue
        ftype = header[18]
        load = int.from_bytes(header[21:23], "little")
        entry = int.from_bytes(header[26:28], "little")
        print(f"  {name:<12} {TYPES.get(ftype, hex(ftype)):<7} {len(body):5d} bytes at &{load:04X}, "
              f"entry &{entry:04X}, {len(image.file_entries(name))} extent(s), "
              f"blocks {image.file_blocks(name)[0]}-{image.file_blocks(name)[-1]}, header checksum ok")
    print(f'Timeline of RUN"{run} (seconds after ENTER):')
    for e in disc.run_timeline(image, run):
        if e.kind in ("motor_on", "motor_off"):
            print(f"  {e.t:7.2f}  [motor {'on' if e.kind == 'motor_on' else 'off'}]")
        elif e.kind == "file_loaded":
            print(f"  {e.t:7.2f}  [{e.file} loaded]")
        elif e.kind == "not_found":
            print(f"  {e.t:7.2f}  {e.file} not found")
            return 2
    return 0


def decode(path: Path, run: str) -> int:
    try:
        head = path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror})") from None
    if head.startswith((dsk.DISC_SIGNATURE[:8], dsk.EXTENDED_SIGNATURE[:8])):
        return decode_disc(path, head, run)
    reads = reader.read_tape_file(path)
    if not reads:
        raise UserError(f"{path}: no CPC tape record found")
    print(f"{path}: {len(reads)} records")
    for r in reads:
        status = "CRC ok" if r.bad_segment is None else f"CRC error in segment {r.bad_segment + 1}"
        if r.sync == tape.SYNC_HEADER and len(r.payload) >= tape.HEADER_LEN:
            b = tape.Block.from_header(r.payload[: tape.HEADER_LEN])
            length = tape.Block.data_length(r.payload[: tape.HEADER_LEN])
            flags = ("first " if b.first else "") + ("last" if b.last else "")
            print(f"  {_fmt_time(r.t_start)}  header  {b.name:<16} block {b.number:<2} "
                  f"{TYPES.get(b.filetype, hex(b.filetype)):<7} {length:4d} bytes at &{b.load:04X} "
                  f"{flags:<10} {status}")
        else:
            kind = "data  " if r.sync == tape.SYNC_DATA else "header"
            print(f"  {_fmt_time(r.t_start)}  {kind}  {len(r.payload):5d} bytes read"
                  f"{'':34}{status}")
    events, files = tape.firmware_run(reads, [(run, False)])
    print(f'Timeline of RUN"{run} (minutes:seconds after PLAY and a key):')
    for e in events:
        if e.text is not None:
            where = "new line" if e.new_line else "same line"
            print(f"  {_fmt_time(e.t)}  {e.text:<32} ({where})")
        elif e.kind in ("motor_on", "motor_off"):
            print(f"  {_fmt_time(e.t)}  [motor {'on' if e.kind == 'motor_on' else 'off'}: {e.file}]")
        elif e.kind == "file_loaded":
            print(f"  {_fmt_time(e.t)}  [{e.file} loaded, {e.block} blocks]")
        elif e.kind == "loading":
            print(f"  {_fmt_time(e.t)}  [silent load: {e.file} block {e.block}]")
    for f in files:
        print(f"loaded {f.name}: {len(f.data)} bytes at &{f.load:04X}")
    errors = sum(1 for e in events if e.kind == "read_error")
    return 2 if errors else 0


# (file name, options, stop condition[, key pressed then]) of each documentation screenshot
SHOTS = (
    ("boot_464.png", {"machine": "464"}, lambda s: s.seq.t == 50),
    ("boot_664.png", {"machine": "664"}, lambda s: s.seq.t == 50),
    ("boot_6128.png", {"machine": "6128"}, lambda s: s.seq.t == 50),
    ("boot_6128_tape_prompt.png", {"machine": "6128", "media": "tape"}, lambda s: s.seq.state is State.TAPE_PROMPT),
    ("boot_464_loading.png", {"machine": "464", "media": "tape", "kiosk": True},
     lambda s: "Loading MONOPOLY block 2" in s.log),
    ("boot_picture_loading.png", {"machine": "464", "media": "tape", "kiosk": True},
     lambda s: s.seq.picture_bytes >= 5 * 2048 + 700),
    ("boot_picture.png", {"machine": "6128", "media": "disc"}, lambda s: s.seq.picture_bytes >= 16384),
    ("boot_no_disc.png", {"machine": "6128", "no_disc": True}, lambda s: s.seq.state is State.DISC_ERROR),
    ("boot_break.png", {"machine": "464", "media": "tape", "kiosk": True},
     lambda s: s.seq.picture_bytes >= 3 * 2048 and s.seq._record_end_after(s.seq.t) is None, "ESC"),  # in a leader
    ("boot_basic.png", {"machine": "464", "media": "tape", "lang": "en"},
     lambda s: s.seq.state is State.TYPING and s.seq.buffer, "ESC", ">PRINT 2+2", '>?1/3,"A";7', ">MODE 3",
     '>INK 2,18:PEN 2:PRINT "MONOPOLY";:PEN 1', '>10 PRINT "HELLO"', ">LIST", ">CAT"),
)


def _returning(screen: Any) -> Callable[[], Any]:
    """The ``on_done`` of a boot screen whose next screen is ``screen``."""
    return lambda: screen


def shots(out: Path) -> int:
    from types import SimpleNamespace

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import numpy as np
    import pygame

    from monopoly_cpc.options import Options
    from monopoly_cpc.render.framebuffer import FrameBuffer
    from monopoly_cpc.screens.base import AppContext, Screen
    from monopoly_cpc.screens.boot import BootScreen

    class _End(Screen):
        def draw(self, fb) -> None:
            pass

    out.mkdir(parents=True, exist_ok=True)
    from monopoly_cpc.keyboard.events import CpcKeyEvent

    for name, opts, stop, *keys in SHOTS:
        ctx = AppContext(options=Options.of(SimpleNamespace(**opts)))
        screen = BootScreen(ctx, _returning(_End(ctx)))
        for _ in range(200_000):
            if stop(screen):
                break
            screen.tick()
        for k in keys:  # keys pressed once the stop condition holds; ">text" types a line
            if k.startswith(">"):
                for ch in k[1:]:
                    screen.on_key(CpcKeyEvent("K", 0, ch))
                screen.on_key(CpcKeyEvent("RETURN", 0, "\r"))
                for _ in range(60):
                    screen.tick()
            else:
                screen.on_key(CpcKeyEvent(k, 0, None))
        fb = FrameBuffer()
        screen.draw(fb)
        rgb = np.ascontiguousarray(fb.to_rgb().transpose(1, 0, 2))
        with writing(out / name, "the picture") as part:
            pygame.image.save(pygame.surfarray.make_surface(rgb), str(part))
        print(out / name)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="tape_loader_sim.py", description=__doc__.splitlines()[1],
                                epilog=WHICH_CPC, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="write DIR/monopoly.cdt, DIR/monopoly.wav and DIR/monopoly.dsk",
                       epilog=WHICH_CPC, formatter_class=argparse.RawDescriptionHelpFormatter)
    b.add_argument("--out", required=True, type=Path, metavar="DIR")
    b.add_argument("--baud", type=int, choices=(1000, 2000), default=1000,
                   help="tape speed: 1000 (the firmware's default) or 2000 (SPEED WRITE 1)")
    b.add_argument("--bits", type=int, choices=(8, 16), default=8)
    b.add_argument("--invert", action="store_true",
                   help="upside-down wave, for a cable or deck that inverts the signal")
    d = sub.add_parser("decode", help="read a .cdt, .wav or .dsk back and print what the CPC finds")
    d.add_argument("file", type=Path)
    d.add_argument("--run", default=tape.LOADER_NAME, help="the name given to RUN\" (default MONOPOLY)")
    sh = sub.add_parser("shots", help="render the boot screens as PNG files")
    sh.add_argument("--out", required=True, type=Path, metavar="DIR")
    args = p.parse_args(argv)
    try:
        if args.cmd == "build":
            return build(args.out, args.baud, args.bits, args.invert)
        if args.cmd == "shots":
            return shots(args.out)
        return decode(args.file, args.run.upper())
    except UserError as exc:
        print(f"tape_loader_sim: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `... decode FILE | head`: the reader has gone, nothing to say
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0
    except OSError as exc:
        print(f"tape_loader_sim: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
