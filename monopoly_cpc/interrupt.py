"""The signals that end the program (SIGINT, SIGTERM, SIGHUP): one clean way out, one line.

:func:`end_cleanly` (every command and the game): the first of these signals raises
:class:`Interrupted` (a KeyboardInterrupt, as CTRL+C always did) where the main thread is, so
every ``finally`` runs: a recording is written (``demo --record``, the game's ``--record``),
a file being exported is left unwritten and its temp file removed; the program then leaves
with 130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP, a closed terminal) and one line.  A second
signal while that clean-up runs is ignored (SIGKILL still ends it at once).

:func:`exit_on_signals` (the computing tools `landing` and `simulate`):

Python turns SIGINT into a KeyboardInterrupt raised wherever the main thread is.  In the
compiled build (mypyc) that is often inside compiled code that does not expect an exception
there: the program then dies with "fatal: out of memory" and SIGABRT.  These tools have
nothing to save when interrupted, so the handler raises nothing: it ends the worker
processes, says one line and leaves with 130 (SIGINT) or 143 (SIGTERM) at once.

Worker processes forked by a pool get the signals' default handling back (SIGTERM ends them
at once and quietly, CTRL+C in the terminal is left to the parent, which ends them), and on
Linux the system ends them with their parent, however the parent ends (even SIGKILL): no
orphaned workers go on computing and print tracebacks once their parent has gone.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType

CODES: dict[int, tuple[int, str]] = {signal.SIGINT: (130, "interrupted"), signal.SIGTERM: (143, "terminated")}
if hasattr(signal, "SIGHUP"):   # POSIX: the terminal was closed
    CODES[signal.SIGHUP] = (129, "hung up")


class Interrupted(KeyboardInterrupt):
    """The program was asked to end by ``signum``: its exit code and its one line."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.exit_code, self.word = CODES.get(signum, (128 + signum, "stopped"))


_RAISED: list[int] = []   # the signal already raised (the clean-up is under way)


def _raise(signum: int, _frame: FrameType | None) -> None:
    if _RAISED:
        return   # the clean-up of the first signal is running: let it finish
    _RAISED.append(signum)
    raise Interrupted(signum)


@contextlib.contextmanager
def end_cleanly(leave: tuple[int, ...] = ()):
    """While the block runs (main thread only): SIGINT, SIGTERM and SIGHUP raise
    :class:`Interrupted` once, but the signals in ``leave`` (a window loop that stops on
    SIGTERM itself, at the end of a turn of its loop).  The handlers in force before come
    back after."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sig: signal.getsignal(sig) for sig in CODES if sig not in leave}
    _RAISED.clear()
    try:
        for sig in before:
            if before[sig] is not signal.SIG_IGN:   # nohup: a hang-up stays ignored
                signal.signal(sig, _raise)
        yield
    finally:
        for sig, handler in before.items():
            if handler is not None:
                signal.signal(sig, handler)


_PARENT: list[int] = []   # the pid that installed the handlers (its forks are workers)


def _end_workers() -> None:
    """SIGTERM to this process's worker processes, then reap them (a moment at most)."""
    import multiprocessing

    with contextlib.suppress(Exception):
        children = multiprocessing.active_children()
        for child in children:
            with contextlib.suppress(Exception):
                child.terminate()
        for child in children:
            with contextlib.suppress(Exception):
                child.join(1)


def _handler(signum: int, _frame: FrameType | None) -> None:
    code, word = CODES.get(signum, (128 + signum, "stopped"))
    if _PARENT and os.getpid() != _PARENT[0]:
        os._exit(code)   # a worker: quietly, the parent says it
    _end_workers()
    with contextlib.suppress(Exception):
        sys.stderr.write(f"\nmonopoly-cpc: {word}\n" if getattr(sys.stderr, "isatty", lambda: False)()
                         else f"monopoly-cpc: {word}\n")
        sys.stderr.flush()
    os._exit(code)


def _die_with_parent(parent: int) -> None:
    """In a forked worker: default signal handling, and (Linux) SIGTERM when the parent dies."""
    _PARENT.clear()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # CTRL+C reaches the whole group: the parent acts
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGTERM, 0, 0, 0)   # PR_SET_PDEATHSIG
    if os.getppid() != parent:   # the parent died before the line above: end now
        os._exit(143)


_HOOKED: list[bool] = []


def _after_fork() -> None:
    if _PARENT:
        _die_with_parent(_PARENT[0])


@contextlib.contextmanager
def exit_on_signals():
    """While the block runs (main thread only): SIGINT, SIGTERM and SIGHUP end the program at once
    with one line, its forked workers with it.  The handlers in force before come back after."""
    import threading

    if threading.current_thread() is not threading.main_thread() or _PARENT:
        yield
        return
    before = {sig: signal.getsignal(sig) for sig in CODES}
    _PARENT.append(os.getpid())
    if not _HOOKED:   # a fork hook cannot be removed: it acts only while _PARENT is set
        _HOOKED.append(True)
        os.register_at_fork(after_in_child=_after_fork)
    try:
        for sig in CODES:
            signal.signal(sig, _handler)
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        _PARENT.clear()
