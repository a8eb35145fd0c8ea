r"""Names and text in ZRF: file names, piece names, strings and comments, all plain ASCII.

Zillions reads rules files in a Windows code page, takes a double quote as the end of a string
and a backslash as a line break: everything written into a ``.zrf`` passes through here.

Every file name and game title carries :data:`SUFFIX`: Zillions ships a few hundred games (its
own ``Chess.zrf`` holds "Chess", its ``fairychess.zrf`` "Grand Chess", ...), a download unzipped
over one of them would replace it, and two games of one title cannot be told apart in its menus.
The catalogue may name a variant as Zillions does; the suffix keeps every name apart from theirs
without a list of theirs to keep up to date.

>>> zrf_file_name("Ajax-Capablanca Chess"), piece_id("Ajax Rook"), zrf_text('The "Caf\u00e9"')
('Ajax-Capablanca Chess (variantgen).zrf', 'AjaxRook', 'The `Cafe`')
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Sequence

SUFFIX = " (variantgen)"  #: ends every file name and game title (see the module's docstring)


def download_name(family_title: str) -> str:
    """A family's download: the name of its zip (without ``.zip``), of the folder in it, and of the
    rules file in that folder (without ``.zrf``).

    >>> download_name("Chess")
    'Chess (variantgen)'
    """
    return file_stem(family_title) + SUFFIX


def zrf_file_name(family_title: str) -> str:
    """The file name (without folder) of a family's rules file.

    >>> zrf_file_name("Ajax-Capablanca Chess")
    'Ajax-Capablanca Chess (variantgen).zrf'
    """
    return download_name(family_title) + ".zrf"


def zip_file_name(family_title: str) -> str:
    """The file name of a family's zip."""
    return download_name(family_title) + ".zip"


def game_title(title: str) -> str:
    """A variant's title in the rules file, as Zillions lists it.

    >>> game_title("Chess")
    'Chess (variantgen)'
    """
    return zrf_text(title) + SUFFIX


def game_titles(titles: Sequence[str]) -> list[str]:
    """The games' titles in one rules file, each unique, as Zillions needs them: a title met again is
    numbered (Zillions lists the games by title, and a second of one title could never be chosen).

    >>> game_titles(["Courier Chess", "Chess", "Courier Chess"])
    ['Courier Chess (variantgen)', 'Chess (variantgen)', 'Courier Chess 2 (variantgen)']
    """
    out: list[str] = []
    for title in titles:
        n, name = 1, game_title(title)
        while name in out:
            n += 1
            name = game_title(f"{title} {n}")
        out.append(name)
    return out


def file_stem(title: str) -> str:
    """A title as a file name without extension; ``ValueError`` if nothing usable is left."""
    text = re.sub(r"[^A-Za-z0-9 ._()-]+", "-", ascii_text(title)).strip(" .-")
    text = re.sub(r"\s+", " ", text)
    if not text:
        raise ValueError(f"family title {title!r} gives no usable file name")
    return text


_ASCII_MAP = {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201c": "`", "\u201d": "`", "\u00d7": "x"}


def ascii_text(text: str) -> str:
    """``text`` in plain ASCII (Zillions reads rules files as Windows code pages)."""
    text = "".join(_ASCII_MAP.get(ch, ch) for ch in text)
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def piece_id(name: str) -> str:
    """A ZRF piece name: the catalogue name's words joined, capitalised (``Ajax Rook`` -> ``AjaxRook``)."""
    words = re.findall(r"[A-Za-z0-9]+", ascii_text(name))
    out = "".join(w[:1].upper() + w[1:] for w in words)
    if not out or not out[0].isalpha():
        out = "Piece" + out
    return out


def zrf_text(text: str) -> str:
    """Text for a ZRF string: ASCII, no double quote (Zillions writes inner quotes as back-quotes),
    no backslash (a line break in ZRF), one line."""
    text = ascii_text(text).replace('"', "`").replace("\\", "/")
    return re.sub(r"\s+", " ", text).strip()


def zrf_paragraphs(paragraphs: Sequence[Sequence[str]]) -> str:
    """Paragraphs of lines as one ZRF string body: ``\\`` between lines, ``\\\\`` between paragraphs."""
    return "\\\\".join("\\".join(zrf_text(line) for line in para if line.strip()) for para in paragraphs if para)


def comment(text: str, first: str = "", rest: str = "") -> list[str]:
    """Comment lines (without the ``;``) of at most 100 characters."""
    return textwrap.wrap(text, 98, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def wrap_string(body: str, indent: str, width: int = 100) -> list[str]:
    """A long ZRF string split over lines (Zillions reads the line breaks as spaces)."""
    lines = textwrap.wrap(body, width=width - len(indent), break_long_words=False, break_on_hyphens=False)
    return lines or [""]
