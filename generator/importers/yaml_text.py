"""Catalogue YAML as a person writes it: block mappings for entries, flow mappings for small parts.

>>> print(render_entry("orda", {"extends": "fairy-stockfish:chess", "board": {"files": 8, "ranks": 8},
...     "pieces": {"H": {"name": "Kheshig", "betza": "KN"}}, "title": "Orda: a test"}))
  orda:
    extends: fairy-stockfish:chess
    board: {files: 8, ranks: 8}
    pieces:
      H: {name: Kheshig, betza: KN}
    title: 'Orda: a test'
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["render_entry", "scalar"]

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._/()+:-]*[A-Za-z0-9.)]|[A-Za-z0-9]")
_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "~"}
_WIDTH = 110


def scalar(value: Any, flow: bool = False) -> str:
    """One YAML scalar: plain where YAML reads it back as the same string, quoted otherwise (``flow``:
    inside ``{}`` or ``[]``, where a colon needs quotes)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    plain = _PLAIN.fullmatch(text) and text.lower() not in _WORDS and not re.fullmatch(r"[-+.\d][\d._eE+-]*", text)
    if plain and ": " not in text and " #" not in text and not (flow and ":" in text):
        return text
    return "'" + text.replace("'", "''") + "'"


def _flow(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{scalar(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return scalar(value, flow=True)


def _block(key: str, value: Any, indent: int) -> list[str]:
    pad = " " * indent
    flow = _flow(value) if isinstance(value, (Mapping, list)) else scalar(value)
    if not isinstance(value, (Mapping, list)) or not value or len(pad) + len(key) + len(flow) + 2 <= _WIDTH:
        return [f"{pad}{scalar(key)}: {flow}"]
    if isinstance(value, list):
        return [f"{pad}{scalar(key)}:", *(f"{pad}  - {_flow(v)}" for v in value)]
    lines = [f"{pad}{scalar(key)}:"]
    for k, v in value.items():
        lines += _block(k, v, indent + 2)
    return lines


#: keys always written as a block, one line per item
_BLOCK = ("pieces", "setup", "castling")


def render_entry(name: str, data: Mapping[str, Any]) -> str:
    """One entry of ``variants:``, indented as in the shipped catalogues, with a blank line after it."""
    lines = [f"  {name}:"]
    for key, value in data.items():
        if key in _BLOCK and isinstance(value, Mapping) and value:
            lines.append(f"    {key}:")
            lines += [f"      {scalar(k)}: {_flow(v)}" for k, v in value.items()]
        elif key in _BLOCK and isinstance(value, list) and value:
            lines.append(f"    {key}:")
            lines += [f"      - {_flow(v)}" for v in value]
        else:
            lines += _block(key, value, 4)
    return "\n".join(lines) + "\n"
