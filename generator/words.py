"""English for the tool's messages: a count and its noun, singular or plural.

>>> count(1, "section"), count(14, "section"), count(0, "variant"), count(2, "entry", "entries")
('1 section', '14 sections', '0 variants', '2 entries')
"""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, noun: str, plural: str = "") -> str:
    """``n`` and ``noun``, its ``plural`` (default: ``noun`` + s) unless ``n`` is 1."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"
