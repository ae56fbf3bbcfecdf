"""BASIC at Ready (boot/interpreter.py): what Locomotive BASIC prints for the lines visitors type.

The expected texts are Locomotive BASIC's (its messages and its PRINT format: a space or a
minus for the sign, a space after every number, 13-column zones for commas, 9 significant
digits), as issue 20 and cpc_facts §3 give them."""

from __future__ import annotations

import pytest

from monopoly_cpc.boot import basic, tape
from monopoly_cpc.boot.interpreter import Basic, format_number


def printed(line: str, b: Basic | None = None) -> str:
    """Everything the line writes on the screen, as one string."""
    b = b or Basic()
    return "".join(op[1] for op in b.execute(line) if op[0] == "text")


@pytest.mark.parametrize("line,out", [
    ("PRINT 2+2", " 4 \n"),
    ("?2+2", " 4 \n"),
    ("print 10-12", "-2 \n"),
    ("PRINT 6*7", " 42 \n"),
    ("PRINT 1/3", " 0.333333333 \n"),
    ("PRINT 2/3", " 0.666666667 \n"),
    ("PRINT 10/4", " 2.5 \n"),
    ("PRINT 2+3*4", " 14 \n"),
    ("PRINT (2+3)*4", " 20 \n"),
    ("PRINT -2^2", "-4 \n"),
    ("PRINT 2^10", " 1024 \n"),
    ("PRINT 7 MOD 3", " 1 \n"),
    ("PRINT 7\\2", " 3 \n"),
    ("PRINT 32767+1", " 32768 \n"),
    ("PRINT 123456789*10", " 1.23456789E+09 \n"),
    ("PRINT 1E10", " 1E+10 \n"),
    ("PRINT &FF", " 255 \n"),
    ('PRINT "A"', "A\n"),
    ('PRINT "HELLO', "HELLO\n"),  # a missing closing quote at the end of the line is fine
    ('PRINT "A";"B"', "AB\n"),
    ('PRINT "A"+"B"', "AB\n"),
    ("PRINT 1;2;3", " 1  2  3 \n"),
    ("PRINT 1,2", " 1 " + " " * 10 + " 2 \n"),
    ('PRINT "X",', "X" + " " * 12),
    ('PRINT "A";', "A"),
    ("PRINT", "\n"),
    ("PRINT 3>2", "-1 \n"),
    ("PRINT 3<2", " 0 \n"),
    ("PRINT LEN(\"ABC\")", " 3 \n"),
    ("PRINT CHR$(65)", "A\n"),
    ("PRINT 1/0", "Division by zero\n"),
    ('PRINT "A"+1', "Type mismatch\n"),
    ("PRINT 1E38*10", "Overflow\n"),
    ("PRINT 2+", "Syntax error\n"),
    ("HELLO", "Syntax error\n"),
    ("GOTO 10", "Line does not exist\n"),
    ("SOUND 1,200", "Syntax error\n"),
])
def test_print_and_errors(line, out):
    assert printed(line) == out


def test_format_number():
    assert format_number(4) == " 4" and format_number(-4) == "-4"
    assert format_number(0) == " 0" and format_number(0.5) == " 0.5"
    assert format_number(1 / 3) == " 0.333333333"


def test_print_zones_wrap_at_the_line_width():
    b = Basic()
    assert printed("PRINT 1,2,3", b) == " 1 " + " " * 10 + " 2 " + " " * 10 + " 3 \n"
    b.execute("MODE 0")  # 20 columns: the second zone (13) fits, the third (26) does not
    assert printed("PRINT 1,2,3", b) == " 1 " + " " * 10 + " 2 \n 3 \n"


def test_variables_and_keywords_in_any_case():
    b = Basic()
    assert printed("a=5:PRINT A*2", b) == " 10 \n"
    assert printed("Let B$=\"XY\":print b$;a", b) == "XY 5 \n"
    assert printed("PRINT Z", b) == " 0 \n"  # an unset variable is 0
    assert printed("A$=1", b) == "Type mismatch\n"


@pytest.mark.parametrize("line,ops", [
    ("MODE 2", [("mode", 2)]),
    ("mode0", [("mode", 0)]),
    ("CLS", [("cls",)]),
    ("INK 1,2", [("ink", 1, 2, 2)]),
    ("INK 1,24,6", [("ink", 1, 24, 6)]),
    ("BORDER 6", [("border", 6, 6)]),
    ("PEN 3", [("pen", 3)]),
    ("PAPER 2", [("paper", 2)]),
    ("PEN #0,2", [("pen", 2)]),
    ("CLS:PEN 2", [("cls",), ("pen", 2)]),
])
def test_screen_commands(line, ops):
    assert Basic().execute(line) == ops


@pytest.mark.parametrize("line", ["MODE 3", "MODE -1", "INK 16,1", "INK 1,27", "INK 0,1,27", "BORDER 27",
                                  "PEN 16", "PAPER 16", "PAPER -1"])
def test_arguments_out_of_range_are_improper(line):
    assert printed(line) == "Improper argument\n"


@pytest.mark.parametrize("line", ["MODE", "INK 1", "BORDER", "PEN", "INK ,2"])
def test_missing_arguments_are_syntax_errors(line):
    assert printed(line) == "Syntax error\n"


def test_list_new_and_run():
    b = Basic()
    assert b.execute("LIST") == [] and b.execute("RUN") == []  # no program: only Ready follows
    b.load_program(basic.detokenise(tape.monopoly_files()[0].data))
    listing = printed("LIST", b)
    assert listing.startswith("10 MODE 1:BORDER 0:INK 0,0:INK 1,26:INK 2,6:INK 3,18\n20 LOAD\"!MONOSCR\",&C000\n")
    assert '50 PRINT"MONOPOLY - cassette de d\u00e9monstration"' in listing
    assert printed("LIST 20", b) == '20 LOAD"!MONOSCR",&C000\n'
    assert printed("LIST 30-40", b).count("\n") == 2
    assert b.execute("RUN") == [("run",)]
    assert b.execute("NEW") == [] and b.execute("LIST") == [] and b.execute("RUN") == []


def test_the_english_rom_lists_the_accent_as_a_brace():
    lines = dict(basic.detokenise(tape.monopoly_files()[0].data, french=False))
    assert lines[50].startswith('PRINT"MONOPOLY - cassette de d{monstration"')


def test_run_and_cat_are_actions():
    assert Basic().execute('RUN"MONOPOLY') == [("load", "MONOPOLY")]
    assert Basic().execute('run "monoscr"') == [("load", "MONOSCR")]
    assert Basic().execute('RUN"') == [("load", "")]
    assert Basic().execute("CAT") == [("cat",)]


def test_bar_commands_need_a_disc_rom():
    plain_464 = Basic(version="1.0", has_amsdos=False)
    assert printed("|DISC", plain_464) == "Unknown command\n"
    assert printed("|TAPE", plain_464) == "Unknown command\n"
    b = Basic(version="1.1", has_amsdos=True, media="disc")
    assert b.execute("|TAPE") == [("device", "tape")] and b.media == "tape"
    assert b.execute("\u00f9disc") == [("device", "disc")] and b.media == "disc"
    assert b.execute("|A") == [("device", "disc"), ("drive",)]
    assert b.execute("|DIR") == [("dir",)]
    assert printed("|XYZ", b) == "Unknown command\n"


def run_program(b: Basic, frames: int = 1000) -> str:
    out = ""
    for _ in range(frames):
        ops, done = b.run_frame()
        out += "".join(op[1] for op in ops if op[0] == "text")
        if done:
            return out
    return out


def test_numbered_lines_are_stored_listed_in_capitals_and_run():
    b = Basic()
    assert b.execute('20 goto 10') == [("stored",)]
    assert b.execute('10 ? "HI";') == [("stored",)]
    assert printed("LIST", b) == '10 PRINT "HI";\n20 GOTO 10\n'
    assert b.execute("RUN") == [("program",)]
    ops, done = b.run_frame()
    assert not done and "".join(op[1] for op in ops) == "HI" * 20  # 40 characters a frame
    assert b.stop() in (10, 20) and b.running_line is None
    assert b.execute("20") == [("stored",)] and printed("LIST", b) == '10 PRINT "HI";\n'
    assert printed("30", b) == "Line does not exist\n"


def test_program_control_flow():
    b = Basic()
    for line in ('10 FOR I=1 TO 3:PRINT I;:NEXT', '20 IF I=4 THEN PRINT "OK" ELSE PRINT "NO"',
                 '30 GOSUB 100', '40 FOR K=5 TO 1:PRINT "NEVER":NEXT K:PRINT "AFTER"',
                 '50 IF K>0 THEN 70', '60 PRINT "SKIPPED"', '70 END', '100 PRINT "SUB":RETURN'):
        b.execute(line)
    b.execute("RUN")
    assert run_program(b) == " 1  2  3 OK\nSUB\nAFTER\n"
    assert b.running_line is None


@pytest.mark.parametrize("version,word", [("1.0", "Break"), ("1.1", "Break")])
def test_errors_and_stop_in_a_program_name_the_line(version, word):
    """STOP says 'Break in <line>' in BASIC 1.1 as in 1.0 (a real 6128 in an emulator)."""
    b = Basic(version=version)
    b.execute("10 PRINT 1/0")
    b.execute("RUN")
    assert run_program(b) == "Division by zero in 10\n"
    b.execute("10 SOUND 1")
    b.execute("RUN")
    assert run_program(b) == "Syntax error in 10\n"
    b.execute("10 STOP")
    b.execute("RUN")
    assert run_program(b) == f"{word} in 10\n"
    b.execute("10 NEXT")
    b.execute("RUN")
    assert run_program(b) == "Unexpected NEXT in 10\n"


def test_a_typed_line_replaces_the_loader_so_run_runs_the_program():
    b = Basic()
    b.load_program(basic.detokenise(tape.monopoly_files()[0].data))
    assert b.execute("RUN") == [("run",)]  # the loader as loaded: the screen plays its loads
    b.execute("5 END")
    assert b.execute("RUN") == [("program",)] and run_program(b) == ""


def test_a_long_direct_line_goes_on_a_frame_at_a_time():
    b = Basic()
    ops = b.execute("FOR I=1 TO 1E9:NEXT")
    assert ops == [("program",)]  # not finished in one frame: the screen keeps calling run_frame
    ops, done = b.run_frame()
    assert not done and b.running_line is None and b.stop() is None
    assert printed("FOR I=1 TO 3:?I;:NEXT", b) == " 1  2  3 "
