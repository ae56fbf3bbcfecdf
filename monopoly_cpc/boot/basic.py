"""A small Locomotive BASIC tokeniser, enough for the tape's loader program.

The tape's first file, ``MONOPOLY``, is a real tokenised BASIC program (so that a real CPC can
``RUN"MONOPOLY`` it).  Only the keywords the loader uses are known here; anything else raises
``ValueError`` so a typo cannot silently produce a program that BASIC would reject.

Layout of a tokenised line (Locomotive BASIC 1.0/1.1): a 16-bit little-endian length that counts
the whole line (length, line number, tokens and the closing &00), the 16-bit line number, the
tokens, &00.  The program ends with a zero length word.  Token values are those of the BASIC
ROM keyword table (CPCWiki "Technical information about Locomotive BASIC").
"""

from __future__ import annotations

import re

# Keyword -> token byte.  Longest names are tried first, so order does not matter.
KEYWORDS: dict[str, int] = {
    "BORDER": 0x82,
    "CALL": 0x83,
    "CLS": 0x8A,
    "DATA": 0x8C,
    "END": 0x98,
    "INK": 0xA2,
    "LOAD": 0xA8,
    "MEMORY": 0xAA,
    "MODE": 0xAD,
    "PRINT": 0xBF,
    "REM": 0xC5,
}
STATEMENT_SEPARATOR = 0x01  # ':' between statements
SMALL_INT = 0x0E  # &0E..&18 are the constants 0..10 (CPCWiki token table: &18 = "10")
SMALL_INT_MAX = 10
INT8 = 0x19
INT16 = 0x1A
HEX16 = 0x1C
BASIC_LOAD_ADDRESS = 0x0170

# The French CPC ROM shows these codes as accented letters (cpc_facts §6); strings typed on a
# French CPC store the code, so the tape's texts use them too.
FRENCH_CODES = {"à": 0x40, "ç": 0x5C, "é": 0x7B, "ù": 0x7C, "è": 0x7D}

_NUMBER = re.compile(r"&([0-9A-Fa-f]{1,4})|(\d+)")


def _encode_text(text: str) -> bytes:
    out = bytearray()
    for ch in text:
        if ch in FRENCH_CODES:
            out.append(FRENCH_CODES[ch])
        elif 0x20 <= ord(ch) < 0x7F:
            out.append(ord(ch))
        else:
            raise ValueError(f"character {ch!r} cannot be stored in a CPC BASIC line")
    return bytes(out)


def _encode_number(match: re.Match[str]) -> bytes:
    if match.group(1) is not None:
        value = int(match.group(1), 16)
        return bytes((HEX16, value & 0xFF, value >> 8))
    value = int(match.group(2))
    if value <= SMALL_INT_MAX:
        return bytes((SMALL_INT + value,))
    if value <= 255:
        return bytes((INT8, value))
    if value <= 32767:
        return bytes((INT16, value & 0xFF, value >> 8))
    raise ValueError(f"number {value} is too large for a BASIC integer constant")


def tokenise_statement_text(text: str) -> bytes:
    """Tokenise the text of one line (without its number)."""
    out = bytearray()
    i = 0
    upper = text.upper()
    while i < len(text):
        ch = text[i]
        if ch == '"':
            end = text.find('"', i + 1)
            if end < 0:
                raise ValueError(f"unclosed string in {text!r}")
            out += _encode_text(text[i : end + 1])
            i = end + 1
            continue
        if ch == ":":
            out.append(STATEMENT_SEPARATOR)
            i += 1
            continue
        if ch.isalpha():
            word = re.match(r"[A-Za-z$]+", text[i:]).group(0)  # type: ignore[union-attr]
            key = word.upper()
            if key not in KEYWORDS:
                raise ValueError(f"keyword {word!r} is not known to this tokeniser")
            out.append(KEYWORDS[key])
            i += len(word)
            if key in ("DATA", "REM"):
                # The rest of a DATA statement (up to ':' outside quotes) or of a REM line is
                # stored as typed.
                if key == "REM":
                    out += _encode_text(text[i:])
                    return bytes(out)
                j = i
                in_string = False
                while j < len(text) and (in_string or text[j] != ":"):
                    in_string ^= text[j] == '"'
                    j += 1
                out += _encode_text(text[i:j])
                i = j
            continue
        m = _NUMBER.match(upper, i)
        if m is not None and (ch.isdigit() or ch == "&"):
            out += _encode_number(m)
            i = m.end()
            continue
        out += _encode_text(ch)
        i += 1
    return bytes(out)


def tokenise(lines: list[tuple[int, str]]) -> bytes:
    """A whole program: ``[(line_number, text), ...]`` -> the bytes BASIC saves from &0170."""
    out = bytearray()
    last = 0
    for number, text in lines:
        if not last < number <= 65535:
            raise ValueError(f"line numbers must rise: {number} after {last}")
        last = number
        body = tokenise_statement_text(text)
        length = 2 + 2 + len(body) + 1
        out += length.to_bytes(2, "little") + number.to_bytes(2, "little") + body + b"\x00"
    out += b"\x00\x00"
    return bytes(out)


def loaded_names(program: bytes) -> list[str]:
    """The file names a tokenised program loads with ``LOAD"name"``, in program order.

    Used by the tape reader to know which files the loader pulls in after itself (and
    whether it asks for them with ``!``, which silences the firmware's messages).
    """
    return [name for _, name in load_lines(program)]


def load_lines(program: bytes) -> list[tuple[int, str]]:
    """``(line number, name)`` of each ``LOAD"name"`` of a tokenised program, in order.

    The boot screen uses the line numbers for BASIC's ``Break in <line>`` when ESC stops one
    of these loads while the program runs."""
    names: list[tuple[int, str]] = []
    pos = 0
    while pos + 4 <= len(program):
        length = int.from_bytes(program[pos : pos + 2], "little")
        if length == 0:
            break
        body = program[pos + 4 : pos + length - 1]
        k = 0
        while True:
            k = body.find(bytes((KEYWORDS["LOAD"], 0x22)), k)
            if k < 0:
                break
            end = body.find(b'"', k + 2)
            if end < 0:
                break
            names.append((int.from_bytes(program[pos + 2 : pos + 4], "little"), body[k + 2 : end].decode("latin-1")))
            k = end + 1
        pos += length
    return names


def detokenise(program: bytes, french: bool = True) -> list[tuple[int, str]]:
    """``(line number, text)`` of each line of a tokenised program, as LIST shows it.

    Keywords come back in capitals, ``&hex`` constants as ``&`` and upper-case hex digits,
    strings and DATA items as stored; the codes the French ROM draws as accented letters
    (&40, &5C, &7B-&7D) are shown as those letters when ``french``, else as the English
    ROM's characters.  Raises ValueError on a byte this tokeniser never writes.
    """
    names = {token: word for word, token in KEYWORDS.items()}
    accents = {code: ch for ch, code in FRENCH_CODES.items()} if french else {}
    out: list[tuple[int, str]] = []
    pos = 0
    while pos + 2 <= len(program):
        length = int.from_bytes(program[pos : pos + 2], "little")
        if length == 0:
            break
        number = int.from_bytes(program[pos + 2 : pos + 4], "little")
        body = program[pos + 4 : pos + length - 1]
        text: list[str] = []
        k = 0
        in_string = False
        while k < len(body):
            b = body[k]
            k += 1
            if in_string or 0x20 <= b < 0x80:
                if b == 0x22:
                    in_string = not in_string
                text.append(accents.get(b, chr(b)))
            elif b == STATEMENT_SEPARATOR:
                text.append(":")
            elif SMALL_INT <= b <= SMALL_INT + SMALL_INT_MAX:
                text.append(str(b - SMALL_INT))
            elif b == INT8:
                text.append(str(body[k]))
                k += 1
            elif b in (INT16, HEX16):
                value = int.from_bytes(body[k : k + 2], "little")
                k += 2
                text.append(str(value) if b == INT16 else f"&{value:X}")
            elif b in names:
                text.append(names[b])
                if names[b] in ("DATA", "REM"):
                    # stored as typed up to the end of the statement
                    j = k
                    quoted = False
                    while j < len(body) and (quoted or body[j] != STATEMENT_SEPARATOR):
                        quoted ^= body[j] == 0x22
                        j += 1
                    text.append("".join(accents.get(c, chr(c)) for c in body[k:j]))
                    k = j
            else:
                raise ValueError(f"line {number}: byte &{b:02X} is not one this tokeniser writes")
        out.append((number, "".join(text)))
        pos += length
    return out
