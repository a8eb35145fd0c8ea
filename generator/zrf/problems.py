"""Where the problems found while building a game from its sections go, and how a node is shown in them.

>>> p = Problems(strict=False)
>>> p(None, "the game has no board", "x.zrf"); str(p.found[0])
'x.zrf: the game has no board'
"""

from __future__ import annotations

from generator.zrf.reader import Node, Sym, ZrfError


class Problems:
    """Where model-building problems go: raised at once (``strict``) or collected (for lint)."""

    def __init__(self, strict: bool = True) -> None:
        self.strict = strict
        self.found: list[ZrfError] = []

    def __call__(self, node: Node | None, message: str, path: str = "") -> None:
        err = ZrfError(node.path if node is not None else path, node.line if node is not None else 0, message)
        if self.strict:
            raise err
        self.found.append(err)


def show(node: Node) -> str:
    """A node as a problem message quotes it: cut to 40 characters."""
    text = repr(node)
    return text if len(text) <= 40 else text[:37] + "..."


def number(node: Node, err: Problems) -> int | None:
    """The integer ``node`` spells; else a problem, and None."""
    if isinstance(node, Sym) and node.is_int:
        return int(node.name)
    err(node, f"expected a number, found {show(node)}")
    return None
