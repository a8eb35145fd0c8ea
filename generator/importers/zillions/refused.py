"""Why a Zillions game is not imported: :class:`Refused`, raised while reading it with the reason in one line."""

from __future__ import annotations

from typing import Any

#: an entry's data, as the catalogue's YAML writes it
Data = dict[str, Any]


class Refused(Exception):
    """Why the catalogue cannot state a game exactly."""
