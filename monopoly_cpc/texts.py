"""The text catalogues: every line the player reads comes from here.

``load_texts(lang)`` merges every ``assets/texts/*_<lang>.yaml`` (each room keeps
its own file; a key defined in two files is an error).  A file holds a mapping; nested mappings
are flattened with dots (``deed: {price: ...}`` gives the key ``deed.price``).  Lines are
``str.format`` templates: ``texts.get("buy.ask", name="Rue Lecourbe", price=texts.money(6000))``.
Money is written French style: ``texts.money(150000)`` gives ``150.000 F``.

French templates elide as French does: ``de {square}`` filled with "Avenue Foch" reads
"d'Avenue Foch", ``le {group}`` with "orange" reads "l'orange" (:func:`elide`, applied by
:meth:`Texts.get` to the French catalogue).  A square's name that must fit a slot narrower than
itself is shortened word by word (:func:`fit_name`: "Avenue" -> "Av.", "Compagnie de
distribution" -> "Cie"...), never cut in the middle of a word.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from monopoly_cpc import yamlio
from monopoly_cpc.errors import DataError
from monopoly_cpc.paths import asset

TEXTS_DIR = asset("texts")
LANGS = ("fr", "en")


class MissingText(DataError, KeyError):
    """A key the code asks for is in no catalogue file of the language."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0] if self.args else "missing text"


def money(amount: int) -> str:
    """``150000`` -> ``150.000 F`` (thousands separated by dots, as on French boards)."""
    return f"{int(amount):,} F".replace(",", ".")


def names_and(texts: Texts, names: list[str]) -> str:
    """'ANNE', 'ANNE et BRUNO', 'ANNE, BRUNO et ZX' (``game.and`` of the catalogue)."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {texts['game.and']} " + names[-1]


# -- French elision ----------------------------------------------------------------------------
# "de", "le", "la", "que" before a field of a template: elided (d', l', qu') when the value
# filled in begins with a vowel or a mute h
_ELIDABLE = re.compile(r"(?<![\w'])(de|le|la|que) \{(\w+)\}", re.IGNORECASE)
_VOWELS = set("aeiouàâäéèêëîïôöùûüœæ")
# words and first names with a mute h (l'hôtel, d'Henri); any other h is aspirated (le héros)
_MUTE_H = ("habit", "heure", "herbe", "hiver", "histoire", "homme", "honneur", "hôtel", "hotel",
           "huile", "hypoth", "hector", "hélène", "helene", "henri", "hervé", "herve", "hippolyte",
           "honoré", "honore", "hortense", "hubert", "hugo")


def vowel_sound(word: str) -> bool:
    """True when French elides before ``word``: a vowel, a mute h, or y before a consonant
    (d'Yves, but de Yann)."""
    w = word.lower()
    if not w:
        return False
    if w[0] in _VOWELS:
        return True
    if w[0] == "y":
        return len(w) > 1 and w[1].isalpha() and w[1] not in _VOWELS
    return w.startswith(_MUTE_H)


def elide(article: str, word: str) -> str:
    """``de`` + "Avenue" -> "d'", ``le`` + "orange" -> "l'", ``que`` + "il" -> "qu'", in the
    article's case ("DE" -> "D'"); else the article and a space."""
    if not vowel_sound(word):
        return article + " "
    return article[:-1] + "'"


def elide_template(template: str, fields: dict[str, Any]) -> str:
    """The template with its articles elided before the values ``fields`` puts after them
    (each stand-alone article in place: a word that merely ends in "de", as in "demande {k}",
    is left alone)."""
    if "{" not in template:
        return template

    def one(m: re.Match) -> str:
        value = fields.get(m.group(2))
        if isinstance(value, str) and vowel_sound(value):
            return elide(m.group(1), value) + "{" + m.group(2) + "}"
        return m.group(0)

    return _ELIDABLE.sub(one, template)


# -- names that fit --------------------------------------------------------------------------------
# the words of the board's names shortened in turn, as a French board's small print does; each
# step is taken only while the name is still too long
ABBREVIATIONS = (
    ("Compagnie de distribution ", "Cie "),
    ("Boulevard ", "Bd "),
    ("Avenue ", "Av. "),
    ("Faubourg ", "Fg "),
    ("Place ", "Pl. "),
    ("Saint-", "St-"),
    ("Impôts sur le revenu", "Impôts"),
    ("Prison / Simple visite", "Prison"),
    ("Caisse de Communauté", "Caisse de Com."),
)


def name_forms(name: str) -> list[str]:
    """``name`` and its shorter forms, longest first (each step of :data:`ABBREVIATIONS`)."""
    forms = [name]
    for long, short in ABBREVIATIONS:
        if long in forms[-1]:
            forms.append(forms[-1].replace(long, short))
    return forms


def fit_name(name: str, width: int) -> str:
    """The longest form of ``name`` that fits ``width`` columns; if none does, the shortest
    form's first words that fit (never part of a word, unless its first word alone is wider)."""
    forms = name_forms(name)
    for form in forms:
        if len(form) <= width:
            return form
    words = forms[-1].split(" ")
    out = words[0]
    for w in words[1:]:
        if len(out) + 1 + len(w) > width:
            break
        out += " " + w
    return out[:width]


def _flatten(data: Any, prefix: str, out: dict[str, str], source: Path) -> None:
    if not isinstance(data, dict):
        raise DataError(f"{source.name}: {prefix or 'the file'} must be a mapping of texts")
    for key, value in data.items():
        if not isinstance(key, str):  # YAML reads yes/no/on/off unquoted as booleans
            raise DataError(f"{source.name}: key {key!r} under {prefix or 'the top'} must be a "
                            f"string (quote it)")
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, name + ".", out, source)
        elif isinstance(value, (str, int)):
            out[name] = str(value)
        else:
            raise DataError(f"{source.name}: text {name!r} must be a string, got {type(value).__name__}")


class Texts:
    """One language's merged catalogue."""

    def __init__(self, lang: str, entries: dict[str, str], origin: dict[str, str]) -> None:
        self.lang = lang
        self._entries = entries
        self._origin = origin  # key -> file name, for error messages

    def __getitem__(self, key: str) -> str:
        try:
            return self._entries[key]
        except KeyError:
            raise MissingText(f"text {key!r} is missing from the {self.lang!r} catalogue "
                              f"(assets/texts/*_{self.lang}.yaml)") from None

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def keys(self) -> list[str]:
        """All keys, sorted (for tests that compare catalogues)."""
        return sorted(self._entries)

    def is_yes(self, letter: str | None) -> bool:
        """The answer 'yes': this language's key (``keys.yes``: Y in English) or the CPC
        program's O (oui), which the manuals give in every language."""
        return letter is not None and letter in (self["keys.yes"], "O")

    def is_no(self, letter: str | None) -> bool:
        """The answer 'no': this language's key (``keys.no``) or the CPC program's N."""
        return letter is not None and letter in (self["keys.no"], "N")

    def get(self, key: str, **fields: Any) -> str:
        """The line ``key`` with its ``{fields}`` filled in."""
        template = self[key]
        if self.lang == "fr":
            template = elide_template(template, fields)
        try:
            return template.format(**fields)
        except (KeyError, IndexError) as exc:
            raise MissingText(f"text {key!r} ({self._origin.get(key)}) needs the field {exc}") from None

    def fit(self, key: str, width: int = 40, **fields: Any) -> str:
        """:meth:`get`, the square's name (field ``square``) shortened (:func:`name_forms`) as
        far as the line needs to fit ``width``; the full name if no form makes it fit (the
        line is then wrapped at its spaces)."""
        full = self.get(key, **fields)
        name = fields.get("square")
        if isinstance(name, str) and len(full) > width:
            for form in name_forms(name)[1:]:
                line = self.get(key, **{**fields, "square": form})
                if len(line) <= width:
                    return line
        return full

    @staticmethod
    def money(amount: int) -> str:
        return money(amount)


def load_texts(lang: str = "fr", folder: Path | None = None) -> Texts:
    """Merge every ``*_<lang>.yaml`` of the texts folder into one :class:`Texts`."""
    if folder is None:
        return _cached(lang)
    return _load(lang, folder)


@lru_cache(maxsize=4)
def _cached(lang: str) -> Texts:
    return _load(lang, TEXTS_DIR)


def _load(lang: str, folder: Path) -> Texts:
    if lang not in LANGS:
        raise DataError(f"unknown language {lang!r} (choose one of: {', '.join(LANGS)})")
    files = sorted(folder.glob(f"*_{lang}.yaml"))
    if not files:
        raise DataError(f"no text catalogue for {lang!r} in {folder}")
    entries: dict[str, str] = {}
    origin: dict[str, str] = {}
    for path in files:
        try:
            data = yamlio.load(path.read_text(encoding="utf-8")) or {}
        except UnicodeDecodeError:
            raise DataError(f"{path}: not a text file in UTF-8") from None
        except OSError as exc:
            raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
        except yaml.YAMLError as exc:
            first = str(exc).splitlines()[0] if str(exc) else "bad YAML"
            raise DataError(f"{path.name}: broken YAML ({first})") from None
        flat: dict[str, str] = {}
        _flatten(data, "", flat, path)
        for key, value in flat.items():
            if key in entries:
                raise DataError(f"text {key!r} is defined twice: in {origin[key]} and {path.name}")
            entries[key] = value
            origin[key] = path.name
    return Texts(lang, entries, origin)
