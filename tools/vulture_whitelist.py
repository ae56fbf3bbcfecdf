"""Names vulture cannot see used, for ``vulture monopoly_cpc tools/vulture_whitelist.py``.

Vulture reads the package alone: a name looked up with ``getattr``, a field of a record that
mirrors a data file or the settings, and a function the build tools or the tests call from
outside the package all look unused to it.  Each line below names one such member and says who
uses it and how; vulture only parses this file (it is never run).  Dead code does not belong
here: delete it.  ``tests/test_vulture.py`` runs the check.
"""
# ruff: noqa: B018 - each line is a bare reference, which is what vulture counts as a use

from argparse import Namespace
from reprlib import Repr

from monopoly_cpc.analysis.playout import play_random_game
from monopoly_cpc.analysis.runner import Summary
from monopoly_cpc.app import FixedStep, WindowFrontEnd
from monopoly_cpc.boot.cdt import tape_intervals, write_cdt
from monopoly_cpc.boot.picture import pens_from_screen
from monopoly_cpc.boot.reader import read_tape_file
from monopoly_cpc.boot.tape import TapeModel, motor_start_blanks
from monopoly_cpc.keyboard.host import HostKeyboard
from monopoly_cpc.keyboard.hostmap import load_host_map_file
from monopoly_cpc.keyboard.layout import load_layout_file
from monopoly_cpc.keyboard.text import TextEntry
from monopoly_cpc.render.board import write_board_png
from monopoly_cpc.render.font import Font, glyphs_to_sheet, write_png_sheet
from monopoly_cpc.render.framebuffer import FrameBuffer
from monopoly_cpc.render.palette import Colour, Palette
from monopoly_cpc.rules.board import Board
from monopoly_cpc.rules.variants import Variant
from monopoly_cpc.screens.setup import SetupScreen
from monopoly_cpc.settings import Settings
from monopoly_cpc.sound.render import clear_cache

# -- looked up by name --------------------------------------------------------------------------
# SetupScreen.on_key dispatches with getattr(self, f"_key_{self.step}")
SetupScreen._key_pawn
SetupScreen._key_computer
SetupScreen._key_name
SetupScreen._key_quick
SetupScreen._key_hours
SetupScreen._key_minutes
# settings read by name through AppContext.option (getattr(settings, name)): ai_level by the
# game screen's computers and the replay header, the kiosk's chord and idle time by demo/plugins
Settings.ai_level
Settings.kiosk_chord
Settings.idle_minutes
Settings.attract_playlist  # demo/plugins: session.option("attract_playlist")
Settings.kiosk_captures    # demo/plugins: session.option("kiosk_captures")
# settings.short bounds reprlib's work with these limits, read by reprlib itself
Repr.maxlevel
Repr.maxlist
Repr.maxdict
Repr.maxstring
Repr.maxlong
Repr.maxother
# commands/soak.py sets the play options' loader to "skip"; the boot screen reads it by name
# (ctx.option("loader"))
Namespace.loader
# screens/game/modes/trade.py names the groups with getattr(board, f"group_names_{texts.lang}")
Board.group_names_en

# -- fields of records that mirror a data file (assets/palette_cpc.yaml) -----------------------
# the second hardware number and the half brightness are part of the Gate Array's table as the
# file gives it; tests/render/test_palette.py checks them against it
Colour.hw_alt
Palette.half_level

# -- called by the build tools (tools/) ---------------------------------------------------------
write_board_png     # tools/build_board.py writes assets/board_320x200.png
glyphs_to_sheet     # tools/build_font.py turns the font source into the 128x128 sheet
write_png_sheet     # tools/build_font.py writes assets/font_8x8.png
write_cdt           # tools/tape_loader_sim.py build writes monopoly.cdt
read_tape_file      # tools/tape_loader_sim.py decode reads a .cdt or .wav back (and tests/boot)

# -- the tests' ways in: observation points and loaders of a given file --------------------------
FixedStep.dropped             # tests/test_app.py: how much of a stall the clamp dropped
WindowFrontEnd.last_screenshot  # tests/test_app.py: the files F12 wrote
HostKeyboard.pressed          # tests/keyboard/test_host_*.py: the keys held (chords)
load_host_map_file            # tests/keyboard/test_layout.py: a broken key map file
load_layout_file              # tests/keyboard/test_layout.py: a broken layout file
TextEntry.feed_all            # tests/keyboard/test_text.py: a batch of key events typed
Font.glyph_keys               # tests/render/test_font.py: no two characters share a glyph
FrameBuffer.find_text         # tests/boot, tests/render: where a text is on the screen
Board.group_of                # tests/rules/test_rules.py: the squares of a colour group
play_random_game              # tests/analysis/test_playouts.py, tests/rules/test_determinism.py: playouts
Summary.results_key           # tests/analysis/test_runner.py: a tournament's results without its timings (--jobs 1 and 2 agree)
Variant.monopolic             # tests/rules, tests/ai: the MONOPOLIC rules preset (docs/rules.md)
motor_start_blanks            # tests/boot/test_load_timing.py: the blank before each header read after a motor start
TapeModel.duration            # tests/boot/test_tape.py: the tape's length at 1000 and 2000 baud
tape_intervals                # tests/boot/test_tape.py, test_real_cpc.py: the model's tape as edges, for a .wav
pens_from_screen              # tests/boot/test_tape.py: screen memory decoded back to the picture's pens
clear_cache                   # tests/sound/test_render.py: render every sound again from scratch
read_png_sheet                # tools/build_font.py, tests/render/test_font.py: the font PNG agrees with its source
sheet_to_glyphs               # tests/render/test_font.py: the PNG's sheet read back as glyphs
hole                          # tests/screens/test_board.py, tests/render/test_closeup.py: the middle of the ring the squares tile around and the close-up lies in
__getattr__                   # monopoly_cpc/yamlio.py: Python calls a module's __getattr__ for yamlio.Error and yamlio.LOADER
