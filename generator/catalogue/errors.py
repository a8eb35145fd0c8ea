"""The one exception the catalogue loader raises."""

from __future__ import annotations


class CatalogueError(Exception):
    """A catalogue that cannot be loaded, located as precisely as possible.

    ``str(err)`` is one line, most specific place first, e.g.
    ``variants.yaml:123: variant 'ajax-chess', field 'castling[0].rook': a1 holds no rook``.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str = "<string>",
        line: int | None = None,
        variant: str | None = None,
        field: str | None = None,
    ) -> None:
        self.path = path
        self.line = line
        self.variant = variant
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        what = []
        if self.variant is not None:
            what.append(f"variant '{self.variant}'")
        if self.field is not None:
            what.append(f"field '{self.field}'")
        # A message with a newline would break the one-line promise; the loader never
        # produces one, but YAML parser messages are multi-line, so flatten defensively.
        message = " ".join(self.message.split())
        return f"{where}: {', '.join([*what, message])}"
