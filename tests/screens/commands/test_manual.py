"""The players' manuals (docs/manual.md, docs/manual_en.md): every chapter cross-reference
points at the chapter it talks about, and both manuals cite the same chapters in order."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[3] / "docs"
STOP = {"les", "des", "the", "and", "sur", "votre", "your"}
MANUALS = {"fr": ("manual.md", "chapitre"), "en": ("manual_en.md", "chapter")}


def plain(s: str) -> str:
    """Lower case without accents, for matching words of titles in the text."""
    return "".join(c for c in unicodedata.normalize("NFD", s.lower()) if not unicodedata.combining(c))


def chapters(text: str) -> dict[int, tuple[str, list[str]]]:
    """Chapter number -> (title, the command letters of its ### sections)."""
    out: dict[int, tuple[str, list[str]]] = {}
    number = 0
    for line in text.splitlines():
        m = re.match(r"## (\d+)\. (.+)", line)
        if m:
            number = int(m.group(1))
            out[number] = (m.group(2), [])
        elif line.startswith("### ") and number:
            out[number][1].append(line[4:].split()[0])
    return out


def references(text: str, word: str) -> list[tuple[int, str]]:
    """(chapter number, the 100 characters before it) of every '(chapitre N)' reference."""
    flat = " ".join(text.split())
    return [(int(m.group(1)), flat[max(0, m.start() - 100):m.start()])
            for m in re.finditer(rf"\b{word}s? (\d+)", flat)]


@pytest.mark.parametrize("lang", sorted(MANUALS))
def test_every_chapter_reference_names_its_chapter(lang):
    """QA: manual.md said « O ouvre les options (chapitre 9) »; the options are chapter 10."""
    name, word = MANUALS[lang]
    text = (DOCS / name).read_text(encoding="utf-8")
    chs = chapters(text)
    refs = references(text, word)
    assert refs, "the manual cites no chapter"
    for n, before in refs:
        assert n in chs, f"{name}: {word} {n} does not exist"
        title, letters = chs[n]
        words = [plain(w)[:6] for w in re.findall(r"\w+", title) if len(w) >= 3 and plain(w) not in STOP]
        tail = plain(before)
        cited = (any(re.search(rf"\b{re.escape(w)}", tail) for w in words)
                 or any(f"**{c}**" in before for c in letters))
        assert cited, f"{name}: '...{before[-60:]}' cites {word} {n} ({title})"


def test_both_manuals_cite_the_same_chapters():
    cited = {}
    for lang, (name, word) in MANUALS.items():
        text = (DOCS / name).read_text(encoding="utf-8")
        cited[lang] = [n for n, _ in references(text, word)]
        assert [t for t, _ in chapters(text).values()], name
    assert cited["fr"] == cited["en"]
    fr = chapters((DOCS / "manual.md").read_text(encoding="utf-8"))
    en = chapters((DOCS / "manual_en.md").read_text(encoding="utf-8"))
    assert sorted(fr) == sorted(en) == list(range(1, len(fr) + 1))
