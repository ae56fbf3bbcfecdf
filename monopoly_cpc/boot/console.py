"""The CPC's text screen as BASIC and the firmware write on it: 25 rows of 20, 40 or 80 cells.

Pure Python.  Text wraps at the right edge and the screen scrolls up one row when a line feed
leaves the bottom row, as the firmware's text VDU does.  Each cell keeps the pen and paper it
was written with and the tick it was written at (``now``, set by the screen), so a picture
loaded into screen memory can be drawn over what was there before it and under what came
after.
"""

from __future__ import annotations

COLS, ROWS = 40, 25
MODE_COLS = {0: 20, 1: 40, 2: 80}


class Console:
    """Cells, cursor position, colours and cursor visibility."""

    def __init__(self, cols: int = COLS) -> None:
        self.cols = cols
        self.pen = 1
        self.paper = 0
        self.now = 0  # the tick stamped on the cells written
        self.col = 0
        self.row = 0
        self.cursor_on = False
        self.clear()

    def _blank_row(self) -> tuple[list[str], list[int], list[int], list[int]]:
        n = self.cols
        return [" "] * n, [self.pen] * n, [self.paper] * n, [-1] * n

    def clear(self) -> None:
        """CLS: the window in the paper's colour, cursor home."""
        rows = [self._blank_row() for _ in range(ROWS)]
        self.cells = [r[0] for r in rows]
        self.pens = [r[1] for r in rows]
        self.papers = [r[2] for r in rows]
        # tick each cell was written at since the last clear, -1 if it was not
        self.stamps = [r[3] for r in rows]
        self.col = self.row = 0

    def set_mode(self, mode: int) -> None:
        """MODE: 20, 40 or 80 columns; the screen is cleared."""
        self.cols = MODE_COLS[mode]
        self.clear()

    def _scroll(self) -> None:
        chars, pens, papers, stamps = self._blank_row()
        self.cells = [*self.cells[1:], chars]
        self.pens = [*self.pens[1:], pens]
        self.papers = [*self.papers[1:], papers]
        self.stamps = [*self.stamps[1:], stamps]

    def _line_feed(self) -> None:
        if self.row == ROWS - 1:
            self._scroll()
        else:
            self.row += 1

    def put(self, ch: str) -> None:
        """Write one character at the cursor and move it on (wrapping at the right edge)."""
        if self.col >= self.cols:
            self.col = 0
            self._line_feed()
        self.cells[self.row][self.col] = ch
        self.pens[self.row][self.col] = self.pen
        self.papers[self.row][self.col] = self.paper
        self.stamps[self.row][self.col] = self.now
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
            self.col = self.cols
        self.col -= 1
        self.cells[self.row][self.col] = " "
        self.papers[self.row][self.col] = self.paper

    def cursor_cell(self) -> tuple[int, int]:
        """(col, row) where the cursor block is drawn (a pending wrap shows on the next row)."""
        if self.col >= self.cols:
            return 0, min(self.row + 1, ROWS - 1)
        return self.col, self.row

    def rows(self) -> list[str]:
        return ["".join(r) for r in self.cells]
