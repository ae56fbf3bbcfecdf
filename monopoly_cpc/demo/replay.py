"""Replay files: a seed, the options that change the game, a CPC key log and frame hashes.

The format (docs/replay.md) is JSON with a format name and a version.  The key log holds only
the ticks that had key events, each event coded as one integer::

    code = number * 8 + shift + 2 * ctrl + 4 * repeat

where ``number`` is the CPC matrix key number; the event is rebuilt with the layout's
``CpcLayout.event``.  An event whose ``char`` differs from what the layout gives (the symbolic
keymap can type such characters) is stored as ``[code, char]``, and as ``[code, char, key]`` if
its key's name differs too.  Frame hashes are BLAKE2b (8 bytes) of the pens, inks and border
bytes of a framebuffer drawn every ``hash_every`` ticks, so ``--verify`` can tell the first
second that went out of sync.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from monopoly_cpc import __version__
from monopoly_cpc.demo.playable import bots_data, state_problem
from monopoly_cpc.errors import DataError
from monopoly_cpc.options import GAME_OPTIONS, Options, option_problem

if TYPE_CHECKING:  # pragma: no cover
    from monopoly_cpc.render.framebuffer import FrameBuffer
    from monopoly_cpc.settings import Settings

FORMAT_NAME = "monopoly-cpc-replay"
VERSION = 1
HASH_EVERY = 50  # one frame hash per second of play
# The longest replay read: a week of play at 50 Hz (30,240,000 ticks, 604,800 hashes at one a
# second).  A longer one is a damaged or hand-made file, and --verify would run for ever.
MAX_TICKS = 50 * 60 * 60 * 24 * 7
# The longest stretch of play between two frame hashes (5 s; the recorder hashes every second):
# every tick a file claims is checked by a hash at most 5 s away, and a file's length grows
# with the play it claims (a week needs 120,960 hashes, about 2.3 MB), so a few hundred bytes
# cannot claim a week that --verify or an export would then run through for hours.
MAX_HASH_EVERY = 250

# The options recorded with a session (GAME_OPTIONS) are the fields of
# monopoly_cpc.options.Options marked ``game``: they change what the game does or draws.
# Options that only change the host side (window, scale, keymap: the log holds CPC keys) are
# left out.
START_KINDS = ("boot", "attract", "game")


def short(value: Any) -> str:
    """A value quoted for an error line: at most its first 60 characters (``settings.short``,
    imported only when an error is written: the settings module brings PyYAML in)."""
    from monopoly_cpc.settings import short as quoted

    return quoted(value)


def hash_count(ticks: int, every: int) -> int:
    """How many frame hashes a recording of ``ticks`` ticks holds: one after ticks 0, N, 2N..."""
    return (ticks + every - 1) // every


def frame_hash(fb: Any) -> str:
    """16 hex digits: BLAKE2b of pens + inks + border (never Python's ``hash()``)."""
    h = hashlib.blake2b(digest_size=8)
    for arr in (fb.pens, fb.inks, fb.border):
        h.update(memoryview(arr.astype("uint8", copy=False).tobytes()))
    return h.hexdigest()


def encode_event(ev: Any, layout: Any) -> int | list:
    """One key event as its integer code (or ``[code, char]`` if the layout types otherwise)."""
    code = ev.number * 8 + int(ev.shift) + 2 * int(ev.ctrl) + 4 * int(ev.repeat)
    made = layout.event(ev.number, ev.shift, ev.ctrl, ev.repeat)
    if made.key != ev.key:
        return [code, ev.char, ev.key]  # a key named otherwise than on this layout
    if made != ev:
        return [code, ev.char]
    return code


def decode_event(item: Any, layout: Any) -> Any:
    """The CpcKeyEvent of a stored code; ValueError if the code is not a key of the layout."""
    char_override = key_override = None
    has_char = False
    if isinstance(item, list):
        if (len(item) not in (2, 3) or not isinstance(item[1], (str, type(None)))
                or (len(item) == 3 and not isinstance(item[2], str))):
            raise ValueError(f"bad key entry {short(item)}")
        if len(item) == 3:
            key_override = item[2]
        item, char_override, has_char = item[0], item[1], True
    if not isinstance(item, int) or isinstance(item, bool) or item < 0:
        raise ValueError(f"bad key code {short(item)}")
    number, flags = divmod(item, 8)
    if number >= len(layout.keys):
        raise ValueError(f"key number {number} is not on the CPC keyboard")
    ev = layout.event(number, bool(flags & 1), bool(flags & 2), bool(flags & 4))
    if has_char:
        from dataclasses import replace

        ev = replace(ev, char=char_override, key=key_override or ev.key)
    return ev


@dataclass
class Replay:
    """One recorded session (see docs/replay.md)."""

    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    start: str = "boot"            # boot (the first screen), attract, game
    game: dict[str, Any] | None = None   # start == "game": the engine state to_data at tick 0
    suspended: dict[str, Any] | None = None  # a kiosk game waiting on the title at tick 0
    bots: dict[str, Any] | None = None   # start == "game": its computer players' seed and level
    layout: str = "fr"
    ticks: int = 0
    hash_every: int = HASH_EVERY
    keys: dict[int, list] = field(default_factory=dict)     # tick -> codes
    hashes: list[str] = field(default_factory=list)          # at ticks 0, N, 2N, ...
    program: str = __version__

    # -- recording ----------------------------------------------------------------------------
    def add_events(self, tick: int, events: Sequence[Any], layout: Any) -> None:
        """Store the key events fed at ``tick`` (nothing for an empty tick)."""
        if events:
            self.keys[tick] = [encode_event(ev, layout) for ev in events]

    def key_log(self, layout: Any) -> dict[int, list]:
        """tick -> list of CpcKeyEvent, ready for the session."""
        return {t: [decode_event(c, layout) for c in codes] for t, codes in self.keys.items()}

    # -- plain data -----------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        keys = []
        last = 0
        for t in sorted(self.keys):
            keys.append([t - last, *self.keys[t]])  # tick deltas keep the log short
            last = t
        return {
            "format": FORMAT_NAME, "version": VERSION, "program": self.program,
            "seed": self.seed, "start": self.start, "layout": self.layout,
            "options": dict(sorted(self.options.items())), "settings": dict(sorted(self.settings.items())),
            "game": self.game, "bots": self.bots, "suspended": self.suspended,
            "ticks": self.ticks, "hash_every": self.hash_every, "hashes": self.hashes, "keys": keys,
        }

    @classmethod
    def from_data(cls, data: Any, source: str = "replay") -> Replay:
        """Validate and build; DataError naming ``source`` and the entry on any problem."""
        def bad(what: str) -> DataError:
            return DataError(f"{source}: not a valid replay file ({what})")

        if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
            raise bad("no 'format: monopoly-cpc-replay'")
        version = data.get("version")
        if version != VERSION:
            raise bad(f"version {short(version)}; this program reads version {VERSION}")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise bad("seed")
        start = data.get("start", "boot")
        if start not in START_KINDS:
            raise bad(f"start {short(start)}")
        options, settings = data.get("options", {}), data.get("settings", {})
        if not isinstance(options, dict) or not isinstance(settings, dict):
            raise bad("options/settings")
        unknown = sorted(set(options) - set(GAME_OPTIONS))
        if unknown:
            raise bad(f"unknown option {short(unknown[0])}")
        for name, value in options.items():
            why = option_problem(name, value)
            if why:
                raise bad(f"option {name}: {why}")
        game = data.get("game")
        if start == "game" and not isinstance(game, dict):
            raise bad("start 'game' without its game state")
        bots = data.get("bots")
        if bots is not None and bots_data(bots) is None:
            raise bad("bots: expected {\"seed\": N, \"ai_level\": \"...\"}")
        if game is not None:
            game_why = state_problem(game)
            if game_why is not None:
                raise bad(f"game: {game_why}")
        suspended = data.get("suspended")
        if suspended is not None:
            from monopoly_cpc.demo.store import save_problem

            save_why = save_problem(suspended)
            if save_why is not None:
                raise bad(f"suspended: {save_why}")
        ticks, every = data.get("ticks"), data.get("hash_every", HASH_EVERY)
        if (not isinstance(ticks, int) or isinstance(ticks, bool) or ticks < 0
                or not isinstance(every, int) or isinstance(every, bool) or every <= 0):
            raise bad("ticks/hash_every")
        if ticks > MAX_TICKS:
            raise bad(f"ticks {ticks}: more than a week of play ({MAX_TICKS} ticks at 50 Hz)")
        if every > MAX_HASH_EVERY:
            raise bad(f"hash_every {every}: more than {MAX_HASH_EVERY} ticks between frame hashes")
        hashes = data.get("hashes", [])
        if (not isinstance(hashes, list) or not all(isinstance(h, str) and len(h) == 16 for h in hashes)
                or not set("".join(hashes)) <= set("0123456789abcdef")):
            raise bad("hashes: 16 hex digits each")
        if len(hashes) != hash_count(ticks, every):
            raise bad(f"hashes: {len(hashes)} for {ticks} ticks at one every {every} ticks; "
                      f"expected {hash_count(ticks, every)}")
        raw = data.get("keys", [])
        if not isinstance(raw, list):
            raise bad("keys")
        keys: dict[int, list] = {}
        t = 0
        for i, row in enumerate(raw):
            if not isinstance(row, list) or len(row) < 2 or not isinstance(row[0], int) or row[0] < 0:
                raise bad(f"key log entry {i}")
            t += row[0]
            if t in keys and row[0] == 0 and i > 0:
                raise bad(f"key log entry {i}: tick {t} twice")
            if t >= ticks:
                raise bad(f"key log entry {i}: tick {t} after the end ({ticks})")
            keys[t] = list(row[1:])
        layout = data.get("layout", "fr")
        if not isinstance(layout, str) or layout not in ("fr", "en"):
            raise bad(f"layout {short(layout)}")
        program = data.get("program", "")
        if not isinstance(program, str):
            raise bad("program: expected text")
        from monopoly_cpc.settings import setting_problems

        problems = setting_problems(settings)
        if problems:
            raise bad(f"settings: {problems[0]}")
        rep = cls(seed=seed, options=options, settings=settings, start=start, game=game,
                  bots=bots_data(bots), suspended=suspended, layout=layout, ticks=ticks, hash_every=every,
                  keys=keys, hashes=list(hashes), program=program)
        from monopoly_cpc.keyboard.layout import load_layout

        try:
            rep.key_log(load_layout(layout))  # every code checked now, not halfway through a replay
        except ValueError as exc:
            raise bad(f"key log: {exc}") from None
        return rep

    # -- files ----------------------------------------------------------------------------------
    def save(self, path: Path) -> Path:
        """Write atomically (temp file + rename, ``safefile``): a power cut leaves the old file
        or the new; a target that is not a regular file (``/dev/null``, a FIFO) is refused."""
        from monopoly_cpc.safefile import replace_file

        text = json.dumps(self.to_data(), ensure_ascii=False, separators=(",", ":"))
        return replace_file(path, text, "the replay file")


class Recorder:
    """Builds a :class:`Replay`: the raw key events of each tick and a frame hash every N."""

    def __init__(self, replay: Replay, layout: Any) -> None:
        from monopoly_cpc.render.framebuffer import FrameBuffer

        self.replay = replay
        self.layout = layout
        self.fb = FrameBuffer()  # its own picture, drawn only at hash ticks (window-rate free)
        self.t = 0

    def keys(self, events: list) -> None:
        self.replay.add_events(self.t, events, self.layout)

    def after_step(self, draw: Callable[[FrameBuffer], None]) -> None:
        if self.t % self.replay.hash_every == 0:
            draw(self.fb)
            self.replay.hashes.append(frame_hash(self.fb))
        self.t += 1
        self.replay.ticks = self.t


def load(path: str | Path) -> Replay:
    """Read a replay file; one-line DataError if it is missing, not JSON or not a replay."""
    from monopoly_cpc.safefile import REPLAY_LIMIT, FileRefused, read_text

    path = Path(path)
    try:
        text = read_text(path, REPLAY_LIMIT)
    except FileNotFoundError:
        raise DataError(f"{path}: no such replay file") from None
    except FileRefused as exc:
        if str(exc).startswith("a folder"):
            raise DataError(f"{path} is a folder, not a replay file") from None
        raise DataError(f"{path}: not a replay file ({exc})") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a replay file (not UTF-8 JSON text)") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot read the replay file ({exc.strerror or exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not a valid replay file (JSON error line {exc.lineno} "
                        f"column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise DataError(f"{path}: not a replay file (nested too deeply)") from None
    except ValueError:   # Python refuses to read a number of more than 4300 digits
        raise DataError(f"{path}: not a valid replay file (a number is too long)") from None
    try:
        return Replay.from_data(data, str(path))
    except RecursionError:
        raise DataError(f"{path}: not a replay file (nested too deeply)") from None


def options_of(ctx: Any) -> dict[str, Any]:
    """The game options in force in this context (its Options record, else the settings),
    as a replay stores them."""
    return ctx.options.game_data(ctx.settings)


def options_for(replay: Replay, **extra: Any) -> Options:
    """The Options record a replay's session starts with: its stored game options, its seed,
    no recording, and ``extra`` (``headless=True``)."""
    return Options.from_game_data(replay.options, seed=replay.seed, record=None, **extra)


def settings_for(replay: Replay, source: str = "replay") -> Settings:
    """The Settings recorded in the replay (defaults for anything it does not say)."""
    import dataclasses

    from monopoly_cpc.settings import Settings

    names = {f.name for f in dataclasses.fields(Settings)}
    data = {k: v for k, v in replay.settings.items() if k in names}
    try:
        return Settings.from_data(data)
    except (ValueError, TypeError) as exc:
        raise DataError(f"{source}: not a valid replay file (settings: {exc})") from None


def first_difference(expected: Iterable[str], got: Iterable[str], every: int) -> int | None:
    """The tick of the first frame hash that differs (or is missing), else None."""
    exp, res = list(expected), list(got)
    for i, h in enumerate(exp):
        if i >= len(res) or res[i] != h:
            return i * every
    return None


def settings_data(settings: Settings | None) -> dict[str, Any]:
    """A Settings object as plain data without its file format number."""
    if settings is None:
        return {}
    data = settings.to_data()
    data.pop("format", None)
    return data
