"""The CPC's text screen as BASIC and the firmware write on it: 40x25 cells and a cursor.

Pure Python.  Text wraps at the right edge and the screen scrolls up one row when a line feed
leaves the bottom row, as the firmware's text VDU does in Mode 1.
"""

from __future__ import annotations

COLS, ROWS = 40, 25


class Console:
    """Cells, cursor position and cursor visibility."""

    def __init__(self) -> None:
        self.cells: list[list[str]] = [[" "] * COLS for _ in range(ROWS)]
        # cells written since the last clear: over a loaded picture only these hide it
        self.written: list[list[bool]] = [[False] * COLS for _ in range(ROWS)]
        self.col = 0
        self.row = 0
        self.cursor_on = False

    def clear(self) -> None:
        """CLS / MODE: blank screen, cursor home."""
        self.cells = [[" "] * COLS for _ in range(ROWS)]
        self.written = [[False] * COLS for _ in range(ROWS)]
        self.col = self.row = 0

    def _scroll(self) -> None:
        self.cells.pop(0)
        self.cells.append([" "] * COLS)
        self.written.pop(0)
        self.written.append([False] * COLS)

    def _line_feed(self) -> None:
        if self.row == ROWS - 1:
            self._scroll()
        else:
            self.row += 1

    def put(self, ch: str) -> None:
        """Write one character at the cursor and move it on (wrapping at the right edge)."""
        if self.col >= COLS:
            self.col = 0
            self._line_feed()
        self.cells[self.row][self.col] = ch
        self.written[self.row][self.col] = True
        self.col += 1

    def write(self, text: str) -> None:
        """Write text; ``\\n`` is a new line (carriage return + line feed)."""
        for ch in text:
            if ch == "\n":
                self.newline()
            elif ch == "\r":
                self.col = 0
            else:
                self.put(ch)

    def newline(self) -> None:
        self.col = 0
        self._line_feed()

    def ensure_line_start(self) -> None:
        """Start a new line unless the cursor already stands at column 0."""
        if self.col != 0:
            self.newline()

    def backspace(self) -> None:
        """DEL in the line editor: move left (up a row at column 0) and blank that cell."""
        if self.col == 0:
            if self.row == 0:
                return
            self.row -= 1
            self.col = COLS
        self.col -= 1
        self.cells[self.row][self.col] = " "

    def cursor_cell(self) -> tuple[int, int]:
        """(col, row) where the cursor block is drawn (a pending wrap shows on the next row)."""
        if self.col >= COLS:
            return 0, min(self.row + 1, ROWS - 1)
        return self.col, self.row

    def rows(self) -> list[str]:
        return ["".join(r) for r in self.cells]
