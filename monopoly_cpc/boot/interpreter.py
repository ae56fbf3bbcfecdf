"""What Locomotive BASIC answers to a line typed at ``Ready``: typed text in, console operations out.

Pure Python: no pygame, no framebuffer, no clock.  :meth:`Basic.execute` takes one line (as
ENTER sends it) and returns the operations the screen performs, in order:

* ``("text", s)``: characters written at the cursor (``"\\n"`` = carriage return + line feed);
* ``("cls",)``, ``("mode", n)``: clear the text window; MODE also sets 20/40/80 columns;
* ``("ink", pen, colour, colour2)``, ``("border", colour, colour2)``, ``("pen", n)``,
  ``("paper", n)``: the colours (two colours make the ink flash);
* ``("device", "tape" | "disc")``: ``|TAPE`` / ``|DISC`` redirect the file commands;
* actions the screen plays over time, always the last operation of a line:
  ``("load", name)`` (``RUN"name``), ``("run",)`` (RUN with the tape's loader in memory),
  ``("program",)`` (RUN or GOTO with a typed program: the screen then calls
  :meth:`Basic.run_frame` each frame until it ends), ``("cat",)`` (CAT), ``("dir",)`` (``|DIR``),
  ``("drive",)`` (``|A``/``|B``: AMSDOS reads the drive);
* ``("stored",)``: a numbered line went into the program (BASIC prints nothing, not even
  ``Ready``).

After the operations (when the last is not an action) BASIC prints ``Ready``: the screen does.

What is modelled (docs/loader.md, "BASIC at Ready"): PRINT / ``?`` with numbers, strings,
variables, the arithmetic operators and comparisons, ``;`` and ``,`` (13-column zones);
assignments; LIST, NEW, CLS, MODE, INK, PAPER, PEN, BORDER, CAT, RUN, the bar commands of
the ROMs present; several statements on a line with ``:``; program lines typed with their
number, run with GOTO, GOSUB/RETURN, IF ... THEN ... ELSE, FOR ... TO ... STEP / NEXT, END
and STOP.  Everything else is ``Syntax error`` (``Syntax error in 10`` in a program).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

Op = tuple
ACTIONS = frozenset({"load", "run", "program", "cat", "dir", "drive", "stored"})

# Locomotive BASIC's error messages (the short texts only), by what raises them.
SYNTAX_ERROR = "Syntax error"
IMPROPER_ARGUMENT = "Improper argument"
OVERFLOW = "Overflow"
DIVISION_BY_ZERO = "Division by zero"
TYPE_MISMATCH = "Type mismatch"
STRING_TOO_LONG = "String too long"
UNKNOWN_COMMAND = "Unknown command"
LINE_DOES_NOT_EXIST = "Line does not exist"
UNEXPECTED_NEXT = "Unexpected NEXT"
UNEXPECTED_RETURN = "Unexpected RETURN"
NEXT_MISSING = "NEXT missing"
# What BASIC says when ESC stops a tape operation: 1.1 reports it as the error "Broken in"
# where 1.0 prints "Break" (then " in <line>" while a program runs).
BREAK_TEXT = {"1.0": "Break", "1.1": "Broken in"}
PROGRAM_BREAK = "Break"   # ESC twice or STOP between two statements, in every BASIC

# A running program is played a frame at a time: this many statements, or until this many
# characters have been printed (the firmware's text output is the slow part).
STATEMENTS_PER_FRAME = 40
CHARACTERS_PER_FRAME = 40

ZONE = 13  # PRINT's comma moves to the next multiple of ZONE (BASIC's default ZONE 13)
MAX_REAL = 1.7014118e38  # the largest value of a 5-byte CPC real
MODE_COLUMNS = {0: 20, 1: 40, 2: 80}

# Keywords this module knows (as statements or inside expressions); every other word made of
# letters is a variable name.  BASIC's other keywords are not modelled: a line using one is a
# Syntax error here, which docs/loader.md lists as a difference.
STATEMENTS = ("PRINT", "LIST", "NEW", "CLS", "MODE", "INK", "PAPER", "PEN", "BORDER", "CAT",
              "RUN", "LET", "REM", "END", "STOP", "GOTO", "GOSUB", "RETURN", "IF", "FOR", "NEXT")
OPERATORS = ("MOD", "AND", "OR", "XOR", "NOT", "THEN", "ELSE", "TO", "STEP")
FUNCTIONS = ("ABS", "INT", "FIX", "SGN", "SQR", "CHR$", "ASC", "LEN", "STR$", "VAL", "UPPER$",
             "LOWER$", "SPACE$", "PI")
RESERVED = set(STATEMENTS) | set(OPERATORS) | set(FUNCTIONS)


class BasicError(Exception):
    """One of BASIC's errors; the message is the text it prints."""


class _EndRun(Exception):
    """END, STOP or the last line: the program stops (``stop``: with Break in <line>)."""

    def __init__(self, stop: bool = False) -> None:
        super().__init__()
        self.stop = stop


@dataclass
class _Loop:
    """A FOR loop waiting for its NEXT: where its body starts."""

    var: str
    end: float
    step: float
    line: int | None  # index in the program, None in a direct-mode line
    toks: list[Tok]
    pos: int


Value = float | str


# ------------------------------------------------------------------------------ formatting
def format_number(x: float) -> str:
    """A number as PRINT writes it (without the trailing space): a space or ``-`` for the
    sign, integers whole, others to 9 significant digits (``0.333333333``), exponents as
    ``E+10``."""
    sign = "-" if x < 0 else " "
    a = abs(x)
    if a == int(a) and a < 1e9:
        return sign + str(int(a))
    text = f"{a:.9g}"
    if "e" in text:
        mant, exp = text.split("e")
        text = f"{mant}E{exp[0]}{int(exp[1:]):02d}"
    return sign + text


# ------------------------------------------------------------------------------ the lexer
_TOKEN = re.compile(r"""
    \s*(?:
      (?P<str>"[^"]*"?)                                   # a string; the closing quote may be missing
    | (?P<hex>&[Hh]?[0-9A-Fa-f]+)                         # &FF, &HFF
    | (?P<bin>&[Xx][01]+)                                 # &X1010
    | (?P<num>(?:\d+\.?\d*|\.\d+)(?:[Ee][+-]?\d+)?)
    | (?P<word>[A-Za-z][A-Za-z0-9.]*[$%!]?)
    | (?P<bar>[|\u00f9\u00d9][A-Za-z0-9.]*)
    | (?P<op><>|<=|>=|=<|=>|[-+*/\\^=<>(),;:?#])
    )""", re.VERBOSE)


@dataclass
class Tok:
    kind: str  # str | num | word | bar | op | end
    text: str
    value: Value = 0.0


def tokenise(line: str) -> list[Tok]:
    """The line cut into tokens (keywords in capitals); ``Syntax error`` on a stray character."""
    out: list[Tok] = []
    pos = 0
    while pos < len(line):
        if not line[pos:].strip():
            break
        m = _TOKEN.match(line, pos)
        if m is None or m.end() == pos:
            raise BasicError(SYNTAX_ERROR)
        pos = m.end()
        kind = m.lastgroup or ""
        text = m.group(kind)
        if kind == "str":
            body = text[1:-1] if len(text) > 1 and text.endswith('"') else text[1:]
            out.append(Tok("str", text, body))
        elif kind == "hex":
            out.append(Tok("num", text, float(int(text.lstrip("&Hh"), 16))))
        elif kind == "bin":
            out.append(Tok("num", text, float(int("0b" + text[2:], 0))))
        elif kind == "num":
            out.append(Tok("num", text, float(text)))
        elif kind == "word":
            out.extend(_split_word(text.upper()))
        elif kind == "bar":
            out.append(Tok("bar", "|" + text[1:].upper()))
        else:
            out.append(Tok("op", text))
    out.append(Tok("end", ""))
    return out


def _split_word(word: str) -> list[Tok]:
    """A word is a keyword, a keyword glued to its number (``MODE1``), or a variable name."""
    if word in RESERVED:
        return [Tok("word", word)]
    m = re.fullmatch(r"([A-Z$]+?)(\d+)", word)
    if m is not None and m.group(1) in RESERVED:
        return [Tok("word", m.group(1)), Tok("num", m.group(2), float(m.group(2)))]
    if word.rstrip("$%!") in RESERVED:
        raise BasicError(SYNTAX_ERROR)
    return [Tok("name", word)]


# ------------------------------------------------------------------------------ the machine
@dataclass
class Basic:
    """BASIC's state between lines, and the interpreter of one typed line."""

    version: str = "1.0"  # "1.0" on the 464, "1.1" on the 664 and 6128
    has_amsdos: bool = False  # a disc ROM is there (664, 6128, a 464 with a DDI-1)
    french: bool = True  # the French ROM shows &7B as é (in LIST)
    media: str = "tape"
    mode: int = 1
    program: list[tuple[int, str]] = field(default_factory=list)  # the lines LIST shows
    variables: dict[str, Value] = field(default_factory=dict)
    loader: bool = False  # the program is the tape's loader as it was loaded (RUN plays the load)

    def __post_init__(self) -> None:
        self._ops: list[Op] = []
        self._col = 0
        self._toks: list[Tok] = []
        self._i = 0
        self._line: int | None = None  # index of the program line running, None in direct mode
        self._jumped = False
        self._loops: list[_Loop] = []
        self._returns: list[tuple[int | None, list[Tok], int]] = []
        self._printed = 0

    @property
    def running_line(self) -> int | None:
        """The number of the program line being run, None in direct mode."""
        return None if self._line is None else self.program[self._line][0]

    @property
    def width(self) -> int:
        return MODE_COLUMNS[self.mode]

    def restart(self) -> None:
        """BASIC starts again: no program, no variables, Mode 1."""
        self.program = []
        self.variables = {}
        self.loader = False
        self.mode = 1
        self._line = None

    def load_program(self, lines: list[tuple[int, str]]) -> None:
        """The tape's loader is in memory (LIST shows it; RUN plays its loads)."""
        self.program = list(lines)
        self.loader = True

    # -- one line ----------------------------------------------------------------------------
    def execute(self, line: str) -> list[Op]:
        """The operations BASIC performs for ``line`` (an error ends them with its message)."""
        self._ops = []
        self._col = 0
        self._printed = 0
        self._line = None
        try:
            if re.match(r"\s*\d", line):
                self._store_line(line)
                return self._ops
            self._toks, self._i = tokenise(line), 0
            if not self._run_statements(STATEMENTS_PER_FRAME):
                # a long direct line (a FOR loop): it goes on a frame at a time, as a program
                self._ops.append(("program",))
        except _EndRun:
            pass
        except BasicError as err:
            self._error(err)
        return self._ops

    def run_frame(self) -> tuple[list[Op], bool]:
        """One frame of the running program: its operations, and whether it has ended (an
        error, END or STOP ends it with its message; an action ends it too)."""
        self._ops = []
        self._printed = 0
        try:
            done = self._run_statements(STATEMENTS_PER_FRAME)
        except _EndRun as end:
            done = True
            if end.stop:
                self._newline_if_needed()
                self._write(f"{PROGRAM_BREAK} in {self.running_line}\n")
        except BasicError as err:
            done = True
            self._error(err)
        if done:
            self._line = None
        return self._ops, done

    def stop(self) -> int | None:
        """ESC twice: the program stops; the line it was at (for Break in <line>), None for a
        direct-mode line."""
        line = self.running_line
        self._line = None
        return line

    def _error(self, err: BasicError) -> None:
        self._newline_if_needed()
        where = "" if self._line is None else f" in {self.running_line}"
        self._write(f"{err}{where}\n")

    def _run_statements(self, limit: int) -> bool:
        """Statements from the current place; True once the line or the program has ended
        (or an action was met), False when ``limit`` statements or the frame's characters
        have been done."""
        count = 0
        while True:
            if count >= limit or self._printed >= CHARACTERS_PER_FRAME:
                return False
            count += 1
            self._statement()
            if self._ops and self._ops[-1][0] in ACTIONS:
                return True
            if self._jumped:
                self._jumped = False
                continue
            tok = self._next()
            if tok.kind == "word" and tok.text == "ELSE":
                self._i = len(self._toks) - 1  # the THEN part ran: skip the ELSE part
                tok = self._next()
            if tok.kind == "end":
                if self._line is None:
                    return True
                if self._line + 1 >= len(self.program):
                    raise _EndRun
                self._set_place(self._line + 1, 0)
                self._jumped = False
                continue
            if tok.text != ":":
                raise BasicError(SYNTAX_ERROR)

    # -- the program ---------------------------------------------------------------------------
    def _store_line(self, line: str) -> None:
        m = re.match(r"\s*(\d+) ?(.*)$", line)
        assert m is not None
        number, text = int(m.group(1)), m.group(2).rstrip()
        if not 1 <= number <= 65535:
            raise BasicError(SYNTAX_ERROR)
        lines = dict(self.program)
        if not text:
            if number not in lines:
                raise BasicError(LINE_DOES_NOT_EXIST)
            del lines[number]
        else:
            lines[number] = _listed(text)
        self.program = sorted(lines.items())
        self.loader = False
        self._ops.append(("stored",))

    def _set_place(self, index: int | None, pos: int, toks: list[Tok] | None = None) -> None:
        self._line = index
        if toks is None:
            assert index is not None
            self._line = index  # an error while tokenising is reported in this line
            toks = tokenise(self.program[index][1])
        self._toks, self._i = toks, pos
        self._jumped = True

    def _goto(self, number: int) -> None:
        index = next((k for k, (n, _) in enumerate(self.program) if n == number), None)
        if index is None:
            raise BasicError(LINE_DOES_NOT_EXIST)
        direct = self._line is None
        self._set_place(index, 0)
        if direct:
            self._ops.append(("program",))  # GOTO in direct mode runs the program from there

    # -- token helpers -----------------------------------------------------------------------
    def _peek(self) -> Tok:
        return self._toks[self._i]

    def _next(self) -> Tok:
        tok = self._toks[self._i]
        if tok.kind != "end":
            self._i += 1
        return tok

    def _accept(self, text: str) -> bool:
        tok = self._peek()
        if tok.kind in ("op", "word") and tok.text == text:
            self._i += 1
            return True
        return False

    def _expect(self, text: str) -> None:
        if not self._accept(text):
            raise BasicError(SYNTAX_ERROR)

    def _at_statement_end(self) -> bool:
        tok = self._peek()
        return tok.kind == "end" or tok.text == ":" or (tok.kind == "word" and tok.text == "ELSE")

    # -- output --------------------------------------------------------------------------------
    def _write(self, text: str) -> None:
        self._ops.append(("text", text))
        self._printed += len(text)
        for ch in text:
            self._col = 0 if ch == "\n" else self._col + 1
            if self._col >= self.width:
                self._col %= self.width

    def _newline_if_needed(self) -> None:
        if self._col:
            self._write("\n")

    # -- statements ----------------------------------------------------------------------------
    def _statement(self) -> None:
        tok = self._next()
        if tok.kind == "end" or tok.text == ":":
            self._i -= tok.kind != "end"
            return
        if tok.kind == "bar":
            self._bar(tok.text)
            return
        if tok.kind == "name":
            self._assign(tok.text)
            return
        if tok.text == "?":
            tok = Tok("word", "PRINT")
        if tok.kind != "word" or tok.text not in STATEMENTS:
            raise BasicError(SYNTAX_ERROR)
        handlers = {
            "PRINT": self._st_print, "LET": self._st_let, "REM": self._st_rem, "END": self._st_end,
            "STOP": self._st_stop, "LIST": self._st_list, "NEW": self._st_new, "CLS": self._st_cls,
            "MODE": self._st_mode, "INK": self._st_ink, "PAPER": self._st_paper, "PEN": self._st_pen,
            "BORDER": self._st_border, "CAT": self._st_cat, "RUN": self._st_run, "GOTO": self._st_goto,
            "GOSUB": self._st_gosub, "RETURN": self._st_return, "IF": self._st_if, "FOR": self._st_for,
            "NEXT": self._st_next,
        }
        handlers[tok.text]()

    def _st_print(self) -> None:
        trailing = False
        while not self._at_statement_end():
            if self._accept(";"):
                trailing = True
                continue
            if self._accept(","):
                trailing = True
                target = (self._col // ZONE + 1) * ZONE
                if target >= self.width:
                    self._write("\n")
                else:
                    self._write(" " * (target - self._col))
                continue
            value = self._expr()
            text = value if isinstance(value, str) else format_number(value) + " "
            if not isinstance(value, str) and self._col and self._col + len(text) > self.width:
                self._write("\n")  # a number that does not fit starts on a new line
            self._write(text)
            trailing = False
        if not trailing:
            self._write("\n")

    def _st_let(self) -> None:
        tok = self._next()
        if tok.kind != "name":
            raise BasicError(SYNTAX_ERROR)
        self._assign(tok.text)

    def _assign(self, name: str) -> None:
        self._expect("=")
        value = self._expr()
        if name.endswith("$") != isinstance(value, str):
            raise BasicError(TYPE_MISMATCH)
        if name.endswith("%") and isinstance(value, float):
            value = float(_round_int(value))
        self.variables[_var_key(name)] = value

    def _st_rem(self) -> None:
        self._i = len(self._toks) - 1  # the rest of the line is a remark

    def _st_end(self) -> None:
        if self._line is not None:
            raise _EndRun
        self._i = len(self._toks) - 1  # in direct mode the line ends here

    def _st_stop(self) -> None:
        if self._line is not None:
            raise _EndRun(stop=True)
        self._i = len(self._toks) - 1

    def _st_goto(self) -> None:
        self._goto(self._line_number())

    def _st_gosub(self) -> None:
        number = self._line_number()
        self._returns.append((self._line, self._toks, self._i))
        self._goto(number)

    def _st_return(self) -> None:
        if not self._returns:
            raise BasicError(UNEXPECTED_RETURN)
        line, toks, pos = self._returns.pop()
        self._set_place(line, pos, toks)

    def _st_if(self) -> None:
        cond = _num(self._expr())
        if not (self._accept("THEN") or self._peek().text == "GOTO"):
            raise BasicError(SYNTAX_ERROR)
        if cond == 0:
            # on to the ELSE part, or to the end of the line
            k = next((j for j in range(self._i, len(self._toks))
                      if self._toks[j].kind == "word" and self._toks[j].text == "ELSE"), None)
            if k is None:
                self._i = len(self._toks) - 1
                return
            self._i = k + 1
        if self._peek().kind == "num":
            self._goto(self._line_number())
        elif not self._at_statement_end():
            self._statement()

    def _st_for(self) -> None:
        tok = self._next()
        if tok.kind != "name" or tok.text.endswith("$"):
            raise BasicError(SYNTAX_ERROR if tok.kind != "name" else TYPE_MISMATCH)
        var = _var_key(tok.text)
        self._expect("=")
        start = _num(self._expr())
        self._expect("TO")
        end = _num(self._expr())
        step = _num(self._expr()) if self._accept("STEP") else 1.0
        self.variables[var] = start
        self._loops = [lp for lp in self._loops if lp.var != var]
        if (step >= 0 and start > end) or (step < 0 and start < end):
            self._skip_to_next()
            return
        self._loops.append(_Loop(var, end, step, self._line, self._toks, self._i))

    def _skip_to_next(self) -> None:
        """A FOR whose loop does not run: on after its NEXT."""
        depth = 0
        line, toks, i = self._line, self._toks, self._i
        while True:
            while i < len(toks):
                t = toks[i]
                i += 1
                if t.kind == "word" and t.text == "FOR":
                    depth += 1
                elif t.kind == "word" and t.text == "NEXT":
                    if depth == 0:
                        while i < len(toks) and (toks[i].kind == "name" or toks[i].text == ","):
                            i += 1
                        self._set_place(line, i, toks)
                        return
                    depth -= 1
            if line is None or line + 1 >= len(self.program):
                raise BasicError(NEXT_MISSING)
            line, i = line + 1, 0
            toks = tokenise(self.program[line][1])

    def _st_next(self) -> None:
        name = self._next().text if self._peek().kind == "name" else None
        while self._loops and name is not None and self._loops[-1].var != _var_key(name):
            self._loops.pop()
        if not self._loops:
            raise BasicError(UNEXPECTED_NEXT)
        loop = self._loops[-1]
        value = _checked(_num(self.variables.get(loop.var, 0.0)) + loop.step)
        self.variables[loop.var] = value
        if (loop.step >= 0 and value <= loop.end) or (loop.step < 0 and value >= loop.end):
            self._set_place(loop.line, loop.pos, loop.toks)
        else:
            self._loops.pop()

    def _st_list(self) -> None:
        # LIST [from][-[to]]
        lo, hi = 0, 65535
        if not self._at_statement_end():
            if self._peek().kind == "num":
                lo = hi = self._line_number()
            if self._accept("-"):
                hi = self._line_number() if self._peek().kind == "num" else 65535
            if not self._at_statement_end():
                raise BasicError(SYNTAX_ERROR)
        for number, text in self.program:
            if lo <= number <= hi:
                self._write(f"{number} {text}\n")

    def _st_new(self) -> None:
        self.program = []
        self.variables = {}
        self.loader = False

    def _st_cls(self) -> None:
        self._ops.append(("cls",))
        self._col = 0

    def _st_mode(self) -> None:
        self.mode = self._int_arg(0, 2)
        self._ops.append(("mode", self.mode))
        self._col = 0

    def _st_ink(self) -> None:
        pen = self._int_arg(0, 15)
        self._expect(",")
        c1 = self._int_arg(0, 26)
        c2 = self._int_arg(0, 26) if self._accept(",") else c1
        self._ops.append(("ink", pen, c1, c2))

    def _st_border(self) -> None:
        c1 = self._int_arg(0, 26)
        c2 = self._int_arg(0, 26) if self._accept(",") else c1
        self._ops.append(("border", c1, c2))

    def _st_pen(self) -> None:
        self._stream()
        self._ops.append(("pen", self._int_arg(0, 15)))

    def _st_paper(self) -> None:
        self._stream()
        self._ops.append(("paper", self._int_arg(0, 15)))

    def _stream(self) -> None:
        # PEN #0,n / PAPER #0,n: stream 0 is the screen, the only window here.
        if self._accept("#"):
            self._int_arg(0, 7)
            self._expect(",")

    def _st_cat(self) -> None:
        self._ops.append(("cat",))

    def _st_run(self) -> None:
        if self._peek().kind == "str":
            self._ops.append(("load", self._filename(str(self._next().value))))
            return
        first = self._line_number() if self._peek().kind == "num" else None
        if not self._at_statement_end():
            raise BasicError(SYNTAX_ERROR)
        if not self.program:
            return
        if self.loader and first is None:
            self._ops.append(("run",))
            return
        self.variables = {}
        self._loops, self._returns = [], []
        self._line = None
        self._goto(self.program[0][0] if first is None else first)
        if ("program",) not in self._ops:
            self._ops.append(("program",))

    def _filename(self, name: str) -> str:
        return name.strip().upper()

    def _bar(self, command: str) -> None:
        """The external commands of the ROMs present (AMSDOS's, when there is a disc ROM)."""
        name = command[1:]
        if not self.has_amsdos:
            raise BasicError(UNKNOWN_COMMAND)
        if name in ("TAPE", "DISC"):
            self.media = name.lower()
            self._ops.append(("device", self.media))
        elif name in ("TAPE.IN", "TAPE.OUT", "DISC.IN", "DISC.OUT"):
            # Only the input side matters here: the boot never writes.
            if name.endswith(".IN"):
                self.media = name.split(".")[0].lower()
                self._ops.append(("device", self.media))
        elif name in ("A", "B"):
            self.media = "disc"
            self._ops.append(("device", "disc"))
            self._ops.append(("drive",))
        elif name == "DIR":
            self._ops.append(("dir",))
        else:
            raise BasicError(UNKNOWN_COMMAND)
        # The arguments of a bar command (|USER,1 ...) are not used by the ones modelled.
        if not self._at_statement_end() and not self._ops[-1][0] in ACTIONS:
            raise BasicError(SYNTAX_ERROR)

    # -- arguments -----------------------------------------------------------------------------
    def _line_number(self) -> int:
        tok = self._next()
        if tok.kind != "num":
            raise BasicError(SYNTAX_ERROR)
        value = float(tok.value)
        if value != int(value) or not 1 <= value <= 65535:
            raise BasicError(SYNTAX_ERROR)
        return int(value)

    def _number_arg(self, lo: int, hi: int) -> float:
        value = self._expr()
        if isinstance(value, str):
            raise BasicError(TYPE_MISMATCH)
        if not lo <= _round_int(value) <= hi:
            raise BasicError(IMPROPER_ARGUMENT)
        return value

    def _int_arg(self, lo: int, hi: int) -> int:
        if self._at_statement_end() or self._peek().text == ",":
            raise BasicError(SYNTAX_ERROR)
        return _round_int(self._number_arg(lo, hi))

    # -- expressions (BASIC's priorities: ^, unary -, * /, \, MOD, + -, comparisons, NOT, AND, OR)
    def _expr(self) -> Value:
        left = self._and()
        while True:
            if self._accept("OR"):
                left = float(_int16(left) | _int16(self._and()))
            elif self._accept("XOR"):
                left = float(_int16(left) ^ _int16(self._and()))
            else:
                return left

    def _and(self) -> Value:
        left = self._not()
        while self._accept("AND"):
            left = float(_int16(left) & _int16(self._not()))
        return left

    def _not(self) -> Value:
        if self._accept("NOT"):
            return float(~_int16(self._not()))
        return self._compare()

    def _compare(self) -> Value:
        left = self._sum()
        ops = {"=": "==", "<>": "!=", "<": "<", ">": ">", "<=": "<=", "=<": "<=", ">=": ">=", "=>": ">="}
        while self._peek().kind == "op" and self._peek().text in ops:
            op = ops[self._next().text]
            right = self._sum()
            if isinstance(left, str) != isinstance(right, str):
                raise BasicError(TYPE_MISMATCH)
            a, b = left, right
            result = {"==": a == b, "!=": a != b, "<": a < b, ">": a > b,  # type: ignore[operator]
                      "<=": a <= b, ">=": a >= b}[op]  # type: ignore[operator]
            left = -1.0 if result else 0.0
        return left

    def _sum(self) -> Value:
        left = self._mod()
        while True:
            if self._accept("+"):
                right = self._mod()
                if isinstance(left, str) and isinstance(right, str):
                    left = left + right
                    if len(left) > 255:
                        raise BasicError(STRING_TOO_LONG)
                else:
                    left = _checked(_num(left) + _num(right))
            elif self._accept("-"):
                left = _checked(_num(left) - _num(self._mod()))
            else:
                return left

    def _mod(self) -> Value:
        left = self._intdiv()
        while self._accept("MOD"):
            right = _int16(self._intdiv())
            if right == 0:
                raise BasicError(DIVISION_BY_ZERO)
            a = _int16(left)
            left = float(int(math.fmod(a, right)))
        return left

    def _intdiv(self) -> Value:
        left = self._product()
        while self._accept("\\"):
            right = _int16(self._product())
            if right == 0:
                raise BasicError(DIVISION_BY_ZERO)
            left = float(int(_int16(left) / right))
        return left

    def _product(self) -> Value:
        left = self._unary()
        while True:
            if self._accept("*"):
                left = _checked(_num(left) * _num(self._unary()))
            elif self._accept("/"):
                right = _num(self._unary())
                if right == 0:
                    raise BasicError(DIVISION_BY_ZERO)
                left = _checked(_num(left) / right)
            else:
                return left

    def _unary(self) -> Value:
        if self._accept("-"):
            return -_num(self._unary())
        if self._accept("+"):
            return _num(self._unary())
        return self._power()

    def _power(self) -> Value:
        left = self._atom()
        while self._accept("^"):
            base, exp = _num(left), _num(self._unary_power())
            try:
                left = _checked(math.pow(base, exp))
            except (ValueError, OverflowError):
                raise BasicError(OVERFLOW if base else DIVISION_BY_ZERO) from None
        return left

    def _unary_power(self) -> Value:
        if self._accept("-"):
            return -_num(self._atom())
        return self._atom()

    def _atom(self) -> Value:
        tok = self._next()
        if tok.kind in ("num", "str"):
            return tok.value if tok.kind == "str" else _checked(float(tok.value))
        if tok.kind == "name":
            default: Value = "" if tok.text.endswith("$") else 0.0
            return self.variables.get(_var_key(tok.text), default)
        if tok.text == "(":
            value = self._expr()
            self._expect(")")
            return value
        if tok.kind == "word" and tok.text in FUNCTIONS:
            return self._function(tok.text)
        raise BasicError(SYNTAX_ERROR)

    def _function(self, name: str) -> Value:
        if name == "PI":
            return math.pi
        self._expect("(")
        arg = self._expr()
        self._expect(")")
        if name in ("ASC", "LEN", "VAL", "UPPER$", "LOWER$"):
            if not isinstance(arg, str):
                raise BasicError(TYPE_MISMATCH)
            if name == "ASC":
                if not arg:
                    raise BasicError(IMPROPER_ARGUMENT)
                return float(ord(arg[0]))
            if name == "LEN":
                return float(len(arg))
            if name == "UPPER$":
                return arg.upper()
            if name == "LOWER$":
                return arg.lower()
            m = re.match(r"\s*[-+]?(\d+\.?\d*|\.\d+)([Ee][-+]?\d+)?", arg)
            return float(m.group(0)) if m else 0.0
        x = _num(arg)
        if name == "CHR$":
            if not 0 <= _round_int(x) <= 255:
                raise BasicError(IMPROPER_ARGUMENT)
            return chr(_round_int(x))
        if name == "SPACE$":
            if not 0 <= _round_int(x) <= 255:
                raise BasicError(IMPROPER_ARGUMENT)
            return " " * _round_int(x)
        if name == "STR$":
            return format_number(x)
        if name == "SQR":
            if x < 0:
                raise BasicError(IMPROPER_ARGUMENT)
            return math.sqrt(x)
        return {"ABS": abs(x), "INT": float(math.floor(x)), "FIX": float(math.trunc(x)),
                "SGN": float((x > 0) - (x < 0))}[name]


def _var_key(name: str) -> str:
    # A and A! are the same real variable; A%, A$ are others.
    return name.removesuffix("!")


def _num(value: Value) -> float:
    if isinstance(value, str):
        raise BasicError(TYPE_MISMATCH)
    return value


def _checked(x: float) -> float:
    if abs(x) > MAX_REAL or math.isinf(x) or math.isnan(x):
        raise BasicError(OVERFLOW)
    return x


def _round_int(x: float) -> int:
    """BASIC rounds a real to the nearest integer where it needs one (halves away from 0)."""
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


def _int16(value: Value) -> int:
    n = _round_int(_num(value))
    if not -32768 <= n <= 65535:
        raise BasicError(OVERFLOW)
    return n - 65536 if n > 32767 else n


def _listed(text: str) -> str:
    """A typed program line as LIST shows it: keywords in capitals, ``?`` as PRINT, strings
    and names as typed."""
    parts = re.split(r'("[^"]*"?)', text)
    out = []
    for k, part in enumerate(parts):
        if k % 2:
            out.append(part)
            continue
        part = re.sub(r"[A-Za-z][A-Za-z0-9.]*[$%!]?",
                      lambda m: m.group(0).upper() if m.group(0).upper() in RESERVED else m.group(0), part)
        out.append(part.replace("?", "PRINT"))
    return "".join(out)
