"""What Locomotive BASIC answers to a line typed at ``Ready``: typed text in, console operations out.

Pure Python: no pygame, no framebuffer, no clock.  :meth:`Basic.execute` takes one line (as
ENTER sends it) and returns the operations the screen performs, in order:

* ``("text", s)``: characters written at the cursor (``"\\n"`` = carriage return + line feed);
* ``("cls",)``, ``("mode", n)``: clear the text window; MODE also sets 20/40/80 columns;
* ``("ink", pen, colour, colour2)``, ``("border", colour, colour2)``, ``("pen", n)``,
  ``("paper", n)``: the colours (two colours make the ink flash);
* ``("device", "tape" | "disc")``: ``|TAPE`` / ``|DISC`` redirect the file commands;
* actions the screen plays over time, always the last operation of a line:
  ``("load", name)`` (``RUN"name``), ``("run",)`` (RUN with the loader in memory),
  ``("cat",)`` (CAT / ``|DIR``), ``("drive",)`` (``|A``/``|B``: AMSDOS reads the drive).

After the operations (when the last is not an action) BASIC prints ``Ready``: the screen does.

What is modelled (docs/loader.md, "BASIC at Ready"): PRINT / ``?`` with numbers, strings,
variables, the arithmetic operators and comparisons, ``;`` and ``,`` (13-column zones);
assignments; LIST, NEW, CLS, MODE, INK, PAPER, PEN, BORDER, CAT, RUN, the bar commands of
the ROMs present; several statements on a line with ``:``.  Everything else is
``Syntax error``, as are lines BASIC would store as a program (a line number first), which
this cosmetic does not keep.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

Op = tuple
ACTIONS = frozenset({"load", "run", "cat", "drive"})

# Locomotive BASIC's error messages (the short texts only), by what raises them.
SYNTAX_ERROR = "Syntax error"
IMPROPER_ARGUMENT = "Improper argument"
OVERFLOW = "Overflow"
DIVISION_BY_ZERO = "Division by zero"
TYPE_MISMATCH = "Type mismatch"
STRING_TOO_LONG = "String too long"
UNKNOWN_COMMAND = "Unknown command"
BAD_COMMAND = "Bad command"

ZONE = 13  # PRINT's comma moves to the next multiple of ZONE (BASIC's default ZONE 13)
MAX_REAL = 1.7014118e38  # the largest value of a 5-byte CPC real
MODE_COLUMNS = {0: 20, 1: 40, 2: 80}

# Keywords this module knows (as statements or inside expressions); every other word made of
# letters is a variable name.  BASIC's other keywords are not modelled: a line using one is a
# Syntax error here, which docs/loader.md lists as a difference.
STATEMENTS = ("PRINT", "LIST", "NEW", "CLS", "MODE", "INK", "PAPER", "PEN", "BORDER", "CAT",
              "RUN", "LET", "REM", "END", "STOP")
OPERATORS = ("MOD", "AND", "OR", "XOR", "NOT")
FUNCTIONS = ("ABS", "INT", "FIX", "SGN", "SQR", "CHR$", "ASC", "LEN", "STR$", "VAL", "UPPER$",
             "LOWER$", "SPACE$", "PI")
RESERVED = set(STATEMENTS) | set(OPERATORS) | set(FUNCTIONS)


class BasicError(Exception):
    """One of BASIC's errors; the message is the text it prints."""


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

    @property
    def width(self) -> int:
        return MODE_COLUMNS[self.mode]

    def restart(self) -> None:
        """BASIC starts again: no program, no variables, Mode 1."""
        self.program = []
        self.variables = {}
        self.mode = 1

    # -- one line ----------------------------------------------------------------------------
    def execute(self, line: str) -> list[Op]:
        """The operations BASIC performs for ``line`` (an error ends them with its message)."""
        self._ops: list[Op] = []
        self._col = 0
        try:
            toks = tokenise(line)
            if toks[0].kind == "num":
                raise BasicError(SYNTAX_ERROR)  # a program line: not kept by this cosmetic
            self._toks, self._i = toks, 0
            while True:
                self._statement()
                if self._ops and self._ops[-1][0] in ACTIONS:
                    break
                tok = self._next()
                if tok.kind == "end":
                    break
                if tok.text != ":":
                    raise BasicError(SYNTAX_ERROR)
        except BasicError as err:
            self._newline_if_needed()
            self._ops.append(("text", f"{err}\n"))
        return self._ops

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
        return tok.kind == "end" or tok.text == ":"

    # -- output --------------------------------------------------------------------------------
    def _write(self, text: str) -> None:
        self._ops.append(("text", text))
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
            "STOP": self._st_end, "LIST": self._st_list, "NEW": self._st_new, "CLS": self._st_cls,
            "MODE": self._st_mode, "INK": self._st_ink, "PAPER": self._st_paper, "PEN": self._st_pen,
            "BORDER": self._st_border, "CAT": self._st_cat, "RUN": self._st_run,
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
        self._i = len(self._toks) - 1  # END / STOP in direct mode: the line ends here

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
        if not self._at_statement_end():
            raise BasicError(SYNTAX_ERROR)
        if self.program:
            self._ops.append(("run",))

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
            self._ops.append(("cat",))
        else:
            raise BasicError(UNKNOWN_COMMAND)
        # The arguments of a bar command (|USER,1 ...) are not used by the ones modelled.
        if not self._at_statement_end() and not self._ops[-1][0] in ACTIONS:
            raise BasicError(SYNTAX_ERROR)

    # -- arguments -----------------------------------------------------------------------------
    def _line_number(self) -> int:
        value = float(self._next().value)
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
