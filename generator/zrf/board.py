"""A ZRF board: positions, named directions as link tables, symmetries and zones, built from ``(board ...)``.

>>> from generator.zrf.reader import read_text
>>> b = Board()
>>> build_board(read_text('(board (grid (dimensions ("a/b" (1 0)) ("2/1" (0 1))) (directions (n 0 -1))))')[0],
...             b, ["White"], Problems())
>>> b.positions, b.links["n"]
(['a2', 'a1', 'b2', 'b1'], [-1, 0, -1, 2])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generator.zrf.problems import Problems, number, show
from generator.zrf.reader import List, Node, Str, Sym, text_of


@dataclass
class Board:
    """Positions (by index), named directions as link tables, symmetries and zones."""

    positions: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    coords: list[tuple[int, ...] | None] = field(default_factory=list)  # label indices, for grid positions
    grid_of: list[int] = field(default_factory=list)  # which grid (-1: a (positions ...) entry)
    grids: list[list[list[str]]] = field(default_factory=list)  # per grid, per dimension, the labels
    directions: list[str] = field(default_factory=list)
    vectors: dict[str, tuple[int, ...]] = field(default_factory=dict)
    links: dict[str, list[int]] = field(default_factory=dict)  # direction -> per position, target or -1
    dummies: set[int] = field(default_factory=set)
    killed: set[int] = field(default_factory=set)
    symmetry: dict[str, dict[str, str]] = field(default_factory=dict)  # player -> direction -> direction
    symmetry_nodes: dict[str, Node] = field(default_factory=dict)
    zones: dict[str, dict[str, set[int]]] = field(default_factory=dict)  # zone -> player -> positions
    zone_nodes: dict[str, Node] = field(default_factory=dict)
    node: Node | None = None

    def add_position(self, name: str, coord: tuple[int, ...] | None, grid: int) -> int:
        """The index of position ``name``, added (unlinked) if new."""
        if name in self.index:
            return self.index[name]
        i = len(self.positions)
        self.positions.append(name)
        self.index[name] = i
        self.coords.append(coord)
        self.grid_of.append(grid)
        for table in self.links.values():
            table.append(-1)
        return i

    def add_direction(self, name: str) -> list[int]:
        """The link table of direction ``name``, added (no links) if new."""
        if name not in self.links:
            self.directions.append(name)
            self.links[name] = [-1] * len(self.positions)
        return self.links[name]

    def link(self, direction: str, pos: int) -> int:
        """The position one step from ``pos`` (-1: none)."""
        return self.links[direction][pos]

    @property
    def live(self) -> list[int]:
        """The positions that are on the board (not killed)."""
        return [i for i in range(len(self.positions)) if i not in self.killed]


def build_board(s: List, board: Board, players: Sequence[str], err: Problems) -> None:
    """Add the contents of a ``(board ...)`` section to ``board`` (zones without players are everyone's)."""
    board.node = board.node or s
    later: list[List] = []
    for item in s.items[1:]:
        if not isinstance(item, List) or not item.head:
            err(item, f"unexpected {show(item)} in board")
        elif item.head in DECLARATIONS:
            DECLARATIONS[item.head](item, board, err)
        else:
            later.append(item)
    # links, unlink, kill-positions, symmetry and zones name positions and directions declared above
    for item in later:
        section = LATER_SECTIONS.get(item.head or "")
        if section is None:
            err(item, f"unknown board section ({item.head} ...)")
        else:
            section(item, board, players, err)
    _unlink_killed(board)


def _unlink_killed(board: Board) -> None:
    """A killed position has no links, and nothing links to it."""
    for k in board.killed:
        for table in board.links.values():
            table[k] = -1
    if board.killed:
        for table in board.links.values():
            for i, t in enumerate(table):
                if t in board.killed:
                    table[i] = -1


def _pos(board: Board, node: Node, err: Problems) -> int | None:
    name = text_of(node)
    if name in board.index:
        return board.index[name]
    err(node, f"unknown position {name!r}")
    return None


# -- positions ----------------------------------------------------------------------------------------------


def _positions(item: List, board: Board, err: Problems) -> None:
    for p in item.items[1:]:
        if isinstance(p, List) and p.head:
            board.add_position(p.head, None, -1)
        else:
            err(p, "a position is (name x1 y1 x2 y2)")


def _dummy(item: List, board: Board, err: Problems) -> None:
    for p in item.items[1:]:
        board.dummies.add(board.add_position(text_of(p), None, -1))


def _image(item: List, board: Board, err: Problems) -> None:
    """Pictures only."""


def _grid(item: List, board: Board, err: Problems) -> None:
    dims, dirs = _grid_parts(item, err)
    if not dims:
        err(item, "a grid needs (dimensions ...)")
        return
    gid = len(board.grids)
    board.grids.append(dims)
    cells: dict[tuple[int, ...], int] = {}
    for coord in itertools.product(*(range(len(d)) for d in dims)):
        name = "".join(dims[k][c] for k, c in enumerate(coord))
        cells[coord] = board.add_position(name, coord, gid)
    for name, vec, node in dirs:
        if len(vec) != len(dims):
            err(node, f"direction {name} has {len(vec)} offsets for {len(dims)} dimensions")
            continue
        board.vectors.setdefault(name, vec)
        table = board.add_direction(name)
        for coord, i in cells.items():
            j = cells.get(tuple(c + v for c, v in zip(coord, vec, strict=True)))
            if j is not None:
                table[i] = j


GridDirection = tuple[str, tuple[int, ...], Node]


def _grid_parts(item: List, err: Problems) -> tuple[list[list[str]], list[GridDirection]]:
    """A grid's dimensions (the labels of each) and directions (name, offsets, node)."""
    dims: list[list[str]] = []
    dirs: list[GridDirection] = []
    for x in item.items[1:]:
        if not isinstance(x, List) or not x.head:
            err(x, f"unexpected {show(x)} in grid")
        elif x.head == "dimensions":
            dims.extend(_dimensions(x, err))
        elif x.head == "directions":
            dirs.extend(_directions(x, err))
        elif x.head != "start-rectangle":
            err(x, f"unknown grid section ({x.head} ...)")
    return dims, dirs


def _dimensions(x: List, err: Problems) -> list[list[str]]:
    dims = []
    for d in x.items[1:]:
        if isinstance(d, List) and d.items and isinstance(d.items[0], Str):
            dims.append(d.items[0].value.split("/"))
        else:
            err(d, 'a dimension is ("label/label/..." (dx dy))')
    return dims


def _directions(x: List, err: Problems) -> list[GridDirection]:
    dirs: list[GridDirection] = []
    for d in x.items[1:]:
        if isinstance(d, List) and d.head and len(d.items) >= 2:
            dirs.append((d.head, tuple(number(v, err) or 0 for v in d.items[1:]), d))
        else:
            err(d, "a direction is (name d1 d2 ...)")
    return dirs


DECLARATIONS: dict[str, Callable[[List, Board, Problems], None]] = {
    "grid": _grid,
    "positions": _positions,
    "dummy": _dummy,
    "image": _image,
}


# -- links, symmetries, zones -------------------------------------------------------------------------------


def _links(item: List, board: Board, players: Sequence[str], err: Problems) -> None:
    if len(item.items) < 2 or not isinstance(item.items[1], Sym):
        err(item, "(links direction (from to)...) needs a direction")
        return
    table = board.add_direction(item.items[1].name)
    for pair in item.items[2:]:
        if isinstance(pair, List) and len(pair.items) == 2:
            a, b = (_pos(board, x, err) for x in pair.items)
            if a is not None and b is not None:
                table[a] = b
        else:
            err(pair, "a link is (from to)")


def _unlink(item: List, board: Board, players: Sequence[str], err: Problems) -> None:
    for x in item.items[1:]:
        if isinstance(x, List) and len(x.items) == 2 and isinstance(x.items[1], Sym) and x.items[1].name in board.links:
            # (position direction), Sahkku's (unlink (a2 dn) ...): that one link goes
            a = _pos(board, x.items[0], err)
            if a is not None:
                board.links[x.items[1].name][a] = -1
        elif isinstance(x, List) and len(x.items) == 2:
            a, b = (_pos(board, y, err) for y in x.items)
            if a is not None and b is not None:
                for table in board.links.values():
                    if table[a] == b:
                        table[a] = -1
        else:
            a = _pos(board, x, err)
            if a is not None:
                _unlink_position(board, a)


def _unlink_position(board: Board, a: int) -> None:
    for table in board.links.values():
        table[a] = -1
        for i, t in enumerate(table):
            if t == a:
                table[i] = -1


def _kill_positions(item: List, board: Board, players: Sequence[str], err: Problems) -> None:
    for x in item.items[1:]:
        a = _pos(board, x, err)
        if a is not None:
            board.killed.add(a)


def _symmetry(item: List, board: Board, players: Sequence[str], err: Problems) -> None:
    if len(item.items) < 2:
        err(item, "(symmetry player (dir dir)...) needs a player")
        return
    who = text_of(item.items[1])
    mapping = board.symmetry.setdefault(who, {})
    board.symmetry_nodes[who] = item
    for pair in item.items[2:]:
        if isinstance(pair, List) and len(pair.items) == 2 and all(isinstance(x, Sym) for x in pair.items):
            mapping[text_of(pair.items[0])] = text_of(pair.items[1])
        else:
            err(pair, "a symmetry pair is (direction direction)")


def _zone(item: List, board: Board, players: Sequence[str], err: Problems) -> None:
    name, owners, positions = None, [], []
    for x in item.items[1:]:
        if isinstance(x, List) and x.head == "name" and len(x.items) == 2:
            name = text_of(x.items[1])
        elif isinstance(x, List) and x.head == "players":
            owners = [text_of(p) for p in x.items[1:]]
        elif isinstance(x, List) and x.head == "positions":
            positions = [p for p in (_pos(board, y, err) for y in x.items[1:]) if p is not None]
        else:
            err(x, f"unexpected {show(x)} in zone")
    if name is None:
        err(item, "a zone needs (name ...)")
        return
    board.zone_nodes.setdefault(name, item)
    per = board.zones.setdefault(name, {})
    for who in owners or players:
        per.setdefault(who, set()).update(positions)


LATER_SECTIONS: dict[str, Callable[[List, Board, Sequence[str], Problems], None]] = {
    "links": _links,
    "unlink": _unlink,
    "kill-positions": _kill_positions,
    "symmetry": _symmetry,
    "zone": _zone,
}
