"""English for the tool's messages and titles: a count and its noun, singular or plural; a name in words.

>>> count(1, "section"), count(14, "section"), count(0, "variant"), count(2, "entry", "entries")
('1 section', '14 sections', '0 variants', '2 entries')
"""

from __future__ import annotations

import re

__all__ = ["count", "readable"]


def count(n: int, noun: str, plural: str = "") -> str:
    """``n`` and ``noun``, its ``plural`` (default: ``noun`` + s) unless ``n`` is 1."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"


def readable(name: str) -> str:
    """A file's or a section's name in words: split at anything but letters and digits, each capitalised.

    >>> readable("3check-crazyhouse"), readable("cwda_fide-knights"), readable("my-variants"), readable("-")
    ('3check Crazyhouse', 'Cwda Fide Knights', 'My Variants', '')
    """
    return " ".join(word.capitalize() for word in re.split(r"[^A-Za-z0-9]+", name) if word)
