"""How a long check shows itself: a live bar per variant on a terminal (tqdm), a line per variant
as it finishes, and a table at the end.

>>> rows = [["chess", "8902", "0.1"], ["ajax-chess", "70150", "0.4"]]
>>> print("\\n".join(table(["variant", "nodes", "seconds"], rows)))
variant     nodes  seconds
chess        8902      0.1
ajax-chess  70150      0.4
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Never

from tqdm import tqdm

#: ``show(phase, done, total, positions)``, as :data:`generator.check.compare.Progress`
Show = Callable[[str, int, int, int], None]


class LiveBar:
    """One bar at a time on standard error, only on a terminal; :meth:`clear` removes it."""

    def __init__(self, enabled: bool | None = None) -> None:
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self._bar: tqdm[Never] | None = None

    def for_variant(self, label: str) -> Show:
        """A new bar for ``label``; the function that moves it."""
        self.clear()
        bar = tqdm(total=0, desc=label, file=sys.stderr, leave=False, disable=not self.enabled)
        self._bar = bar

        def show(phase: str, done: int, total: int, positions: int) -> None:
            bar.total = total
            bar.n = done
            bar.set_postfix_str(f"{phase}, {positions} compared", refresh=False)
            bar.refresh()

        return show

    def clear(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Lines of a plain-text table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        out = [str(cells[0]).ljust(widths[0])] + [str(c).rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join(out).rstrip()

    return [line(headers), *(line(r) for r in rows)]
