"""The command line: `monopoly-cpc [options]` plays; sub-commands run tools.

Every sub-command lives in ``monopoly_cpc/commands/<name>.py`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable
``func(args) -> int``.  Errors the user can fix are :class:`UserError` and come out as
one line; anything else is logged to a file and summarised in one line.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import traceback
from typing import Any, NoReturn

# Any sub-command may import pygame: its banner must never reach stdout (JSON outputs).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# numpy's OpenBLAS starts a thread per core when it is imported, for matrix products the
# program never makes (its arrays are pictures, sounds and small tables): one thread halves
# the CPU of importing numpy (0.22 s to 0.12 s) and takes 10 ms off the start-up.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from monopoly_cpc import __version__
from monopoly_cpc.errors import UserError, name_problem, quoted, shorten_words

# Sub-commands, in the order `--help` lists them.
COMMANDS = (
    "bench",
    "simulate",
    "landing",
    "scenario",
    "sounds",
    "replay",
    "record",
    "demo",
    "soak",
)


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {quoted(text)}")
    return value


def file_name(text: str) -> str:
    """A file or folder name to write: an empty one would mean the working folder, and one
    longer than file systems take is refused before any work starts."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: give a file name")
    why = name_problem(text)
    if why is not None:
        raise argparse.ArgumentTypeError(why)
    return text


def playlist_name(text: str) -> str:
    """A folder or file name for the attract playlist that a file system can hold."""
    from monopoly_cpc.settings import path_name_problem

    why = path_name_problem(text)
    if why is not None:
        raise argparse.ArgumentTypeError(why)
    return text


def png_file(text: str) -> str:
    """A file name ending in .png (screenshots are PNG files; another ending would get
    another format under a misleading name)."""
    file_name(text)
    if not text.lower().endswith(".png"):
        raise argparse.ArgumentTypeError(f"screenshots are PNG files: name it FILE.png, got {quoted(text)}")
    return text


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose error line quotes a bad value shortened (its first 40
    characters and "…"), whichever option it was given to."""

    def error(self, message: str) -> NoReturn:
        super().error(shorten_words(message))


def add_play_options(p: argparse.ArgumentParser) -> None:
    """Options of the game itself (also accepted by `replay` and `demo`)."""
    g = p.add_argument_group("display")
    g.add_argument("--windowed", action="store_true", help="start in a window (default: full screen)")
    g.add_argument("--scale", type=positive_int, metavar="N",
                   help="integer pixel scale, in a window or full screen (default and maximum: the largest that fits)")
    g.add_argument("--crt", action="store_true", help="draw dark scanlines, as a CPC monitor (off by default)")
    g.add_argument("--test-card", action="store_true",
                   help="show the test card: all 27 colours, the whole font and the border")
    g.add_argument("--headless", action="store_true", help="run without a window (tests and tools)")
    g.add_argument("--frames", type=positive_int, metavar="N",
                   help="with --headless: run N ticks (50 a second), then stop (default: 1, the first frame)")
    g.add_argument("--screenshot", metavar="FILE.png", type=png_file,
                   help="with --headless: write the last frame (384x272, bordered) to FILE.png")

    g = p.add_argument_group("machine and loader")
    g.add_argument("--machine", choices=("464", "664", "6128"), default="6128",
                   help="which CPC boots (default: 6128)")
    g.add_argument("--media", choices=("tape", "disc"),
                   help="load from tape or disc (default: disc; tape on the 464)")
    g.add_argument("--tape-speed", type=int, choices=(1000, 2000), default=1000,
                   help="tape baud rate (default: 1000; 2000 is SPEED WRITE 1)")
    g.add_argument("--loader", choices=("real", "fast", "skip"), default="fast",
                   help="real-time boot, the same faster (tape 10x, disc and typing 2x; default), or "
                        "straight to the title")
    g.add_argument("--no-disc", action="store_true",
                   help="disc drive without a disc: AMSDOS asks Retry, Ignore or Cancel?")

    g = p.add_argument_group("game")
    g.add_argument("--lang", choices=("fr", "en"), help="language of the texts (default: fr)")
    g.add_argument("--keymap", choices=("positional", "symbolic"),
                   help="host keys by position on a French CPC (default) or by the character typed")
    g.add_argument("--seed", type=int, help="seed of the dice and cards (default: from the clock)")
    g.add_argument("--speed", type=int, choices=(1, 2, 3), help="pace of the computer players (1 slow .. 3 fast)")
    g.add_argument("--ai-level", choices=("facile", "normal", "expert"),
                   help="strength of the computer players (default: normal)")

    g = p.add_argument_group("sound")
    g.add_argument("--mute", action="store_true", help="no sound")
    g.add_argument("--volume", type=int, metavar="0-10", choices=range(11),
                   help="sound volume from 0 to 10")
    g.add_argument("--stereo", action="store_true", default=None,
                   help="the STEREO socket's sound: channel A left, B centre, C right (default: the mono speaker)")

    g = p.add_argument_group("exhibitions")
    g.add_argument("--kiosk", action="store_true",
                   help="exhibition mode: full screen, boot, title and attract loop; quit only by the key chord")
    g.add_argument("--attract-after", type=positive_int, metavar="S",
                   help="seconds without a key on the title before the demo game starts (default: 60)")
    g.add_argument("--attract-playlist", metavar="DIR", type=playlist_name,
                   help="play the replay files of DIR in the attract loop instead of live demo games")
    g.add_argument("--record", metavar="FILE", type=file_name,
                   help="record the session's key log into a replay file")


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the whole command line. Given the ``argv`` it is for, a command line that
    names no sub-command and asks for no help (the game itself) gets the sub-commands as bare
    names only, without importing their modules (40-60 ms of start-up); that
    parser takes the same command lines and refuses the same ones (an unknown command is still
    "invalid choice"). Without ``argv``, every sub-command is registered."""
    full = argv is None or any(w in COMMANDS or w == "-h" or (len(w) > 3 and "--help".startswith(w))
                               for w in argv)
    p = Parser(
        prog="monopoly-cpc",
        description="A faithful Amstrad-CPC-style French Monopoly. With no sub-command, the game starts.",
        epilog="Keys: see the README. ESC is a CPC key; close the window to quit.",
    )
    p.add_argument("--version", action="version", version=f"monopoly-cpc {__version__}")
    add_play_options(p)
    sub = p.add_subparsers(dest="command", metavar="COMMAND",
                           help="a tool instead of the game (`monopoly-cpc COMMAND --help` for its options)")
    for name in COMMANDS:
        if full:
            importlib.import_module(f"monopoly_cpc.commands.{name}").register(sub)
        else:
            sub.add_parser(name, add_help=False)
    return p


class _Stdout:
    """The tools' standard output. A reader that has gone (``| head -1``) ends the output
    quietly, and the command still returns its own result (an OUT OF SYNC replay stays a
    failure); an output that cannot be written (``> /dev/full``) is one clear line."""

    def __init__(self, stream: Any) -> None:   # sys.stdout (a text stream)
        self._stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._stream.write(text)
            except OSError as exc:
                self._failed(exc)
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._stream.flush()
            except OSError as exc:
                self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        self.gone = True
        try:  # what is still buffered goes nowhere (no error again when Python exits)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
        except (OSError, AttributeError, ValueError):
            pass
        if not isinstance(exc, BrokenPipeError):
            raise UserError(f"cannot write to standard output: {exc.strerror or exc}") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """The parsed command line.  ``--help`` and ``--version`` write through :class:`_Stdout`:
    an output that cannot be written (``--help > /dev/full``) is the one line "cannot write
    to standard output" and exit 1, as for every command, not a silent 0."""
    stdout = sys.stdout
    sys.stdout = out = _Stdout(stdout)
    try:
        try:
            return parser.parse_args(argv)
        except SystemExit as exc:
            if exc.code in (0, None):
                out.flush()
            raise
    except UserError as exc:
        print(f"monopoly-cpc: {exc}", file=sys.stderr)
        raise SystemExit(exc.exit_code) from None
    finally:
        sys.stdout = stdout


def play(args: argparse.Namespace) -> int:
    """The game: the play options as one record, built here, and the exhibition session
    (recording, attract mode, kiosk, autosave: ``monopoly_cpc.demo.exhibit``) composed with
    its standard plugins, in a window or headless (``app.run``)."""
    from monopoly_cpc import app
    from monopoly_cpc.options import Options

    options = Options.of(args)
    if options.headless and options.screenshot:  # checked before the frames are played, not after
        from monopoly_cpc.demo.paths import writable_file

        writable_file(options.screenshot, "the screenshot")
    return int(app.run(options, session_factory=_exhibit_session) or 0)


def _exhibit_session(*args: Any, **kwargs: Any) -> Any:
    """The exhibition session, imported when it is built: in a window, after the window's first
    picture (the boot's grey), not before the window opens."""
    from monopoly_cpc.demo.exhibit import ExhibitSession

    return ExhibitSession(*args, **kwargs)


def _say(word: str) -> None:
    """The one line of a program ended by a signal (a closed terminal may not take it)."""
    try:
        print(f"monopoly-cpc: {word}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _one_line(message: str) -> str:
    """An error message as one line of a sensible length: a value quoted whole (a name of
    100,000 characters) is shortened."""
    message = " ".join(message.splitlines())
    return shorten_words(message) if len(message) > 300 else message


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    from monopoly_cpc.interrupt import Interrupted, end_cleanly

    parser = build_parser(argv)
    args = _parse(parser, argv)
    stdout = sys.stdout
    try:
        # SIGINT, SIGTERM, SIGHUP: the finally blocks write and clean up; the game's window
        # loop stops on SIGTERM itself (exit 0: a service manager's stop)
        window = getattr(args, "func", None) is None and not args.headless
        with end_cleanly(leave=(signal.SIGTERM,) if window else ()):
            if getattr(args, "func", None) is not None:
                sys.stdout = out = _Stdout(stdout)
                code = int(args.func(args) or 0)
                out.flush()
                return code
            return play(args)
    except UserError as exc:
        print(f"monopoly-cpc: {_one_line(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except Interrupted as exc:
        _say(exc.word)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `monopoly-cpc scenario ... | head`: the reader has gone
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the interpreter's flush at exit
        except OSError:
            pass
        return 0
    except Exception as exc:  # noqa: BLE001 - never a traceback on the player's screen
        from monopoly_cpc import logs

        path = logs.write_crash(traceback.format_exc())
        print(f"monopoly-cpc: internal error: {exc.__class__.__name__}: {exc} (details in {path})",
              file=sys.stderr)
        return 1
    finally:
        if isinstance(sys.stdout, _Stdout):
            sys.stdout = stdout


if __name__ == "__main__":
    raise SystemExit(main())
