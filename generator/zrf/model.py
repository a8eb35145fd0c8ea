"""A .zrf file as data: its games and variants, each a :class:`Game` with board, pieces, setup and goals.

>>> from generator.zrf.model import load_text
>>> rf = load_text('''(game (title "Tiny") (players White Black) (turn-order White Black)
...   (board (grid (dimensions ("a/b" (1 0)) ("2/1" (0 1))) (directions (n 0 -1) (e 1 0))))
...   (piece (name King) (moves (n add)))
...   (board-setup (White (King a1)) (Black (King b2)))
...   (loss-condition (White Black) (checkmated King)))''')
>>> g = rf.game()
>>> g.title, g.board.positions, g.board.link("n", g.board.index["a1"])
('Tiny', ['a2', 'a1', 'b2', 'b1'], 0)

A ``(variant ...)`` is the file's first game with the variant's sections put in:
a ``piece`` replaces the piece of the same name (or is added), ``option`` the
option of the same name, any goal replaces all the game's goals, and every other
section (``board``, ``board-setup``, ``players``, ``turn-order``...) replaces the
one of the same keyword.  A variant titled ``"-"`` is a menu separator, not a game.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from generator.zrf.reader import List, Node, Reader, Str, Sym, ZrfError

GOAL_KINDS = ("win-condition", "loss-condition", "draw-condition", "count-condition")

#: version-1 top-level option keywords, and the ``option`` each one means
OLD_OPTIONS = {
    "pass-turn",
    "pass-partial",
    "animate-captures",
    "animate-drops",
    "recycle-captures",
    "recycle-promotions",
    "maximal-captures",
    "prevent-flipping",
    "smart-moves",
    "show-moves-list",
    "highlight-goals",
    "discard-cascades",
    "include-off-pieces",
    "silent-?-moves",
    "progressive-levels",
    "selection-screen",
}

#: game sections that carry no rules (kept as text, otherwise ignored)
COSMETIC = {
    "description",
    "history",
    "strategy",
    "solution",
    "music",
    "engine",
    "move-sound",
    "release-sound",
    "capture-sound",
    "drop-sound",
    "change-sound",
    "click-sound",
    "win-sound",
    "loss-sound",
    "draw-sound",
    "opening-sound",
    "version",
    "default",
    "translate",
    "open",
}

GAME_SECTIONS = COSMETIC | {
    "title",
    "option",
    "players",
    "turn-order",
    "move-priorities",
    "board",
    "board-setup",
    "piece",
    *GOAL_KINDS,
}


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


@dataclass
class Block:
    """One move (or drop) description of a piece: the statements, and its move type."""

    stmts: list[Node]
    move_type: str | None
    node: Node


@dataclass
class PieceDef:
    name: str
    node: Node
    help: str = ""
    description: str = ""
    notation: str = ""
    images: dict[str, list[str]] = field(default_factory=dict)
    attributes: dict[str, bool] = field(default_factory=dict)
    attribute_nodes: dict[str, Node] = field(default_factory=dict)
    moves: list[Block] = field(default_factory=list)
    drops: list[Block] = field(default_factory=list)


@dataclass
class Placement:
    player: str
    piece: str
    positions: list[str]
    off: int
    node: Node


@dataclass
class TurnEntry:
    """One turn: ``player`` moves (the pieces of ``pieces_of``), only moves of ``move_type`` if given."""

    player: str
    pieces_of: str
    move_type: str | None
    node: Node | None = None


@dataclass
class Condition:
    kind: str  # win-condition, loss-condition, draw-condition, count-condition
    players: list[str]
    goal: Node
    node: Node


@dataclass
class Game:
    title: str
    node: Node
    path: str
    is_variant: bool = False
    description: str = ""
    players: list[str] = field(default_factory=list)
    turn_order: list[TurnEntry] = field(default_factory=list)
    repeat_from: int = 0  # turn_order[repeat_from:] repeats
    move_priorities: list[str] = field(default_factory=list)
    board: Board = field(default_factory=Board)
    pieces: dict[str, PieceDef] = field(default_factory=dict)
    setup: list[Placement] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    sections: list[List] = field(default_factory=list)  # the merged sections it was built from

    def option(self, name: str, default: str = "false") -> str:
        return self.options.get(name, default)


@dataclass
class RulesFile:
    """Every game and variant of a file, in order (separators ``"-"`` left out)."""

    path: str
    games: list[Game]
    reader: Reader
    forms: list[Node]

    def titles(self) -> list[str]:
        return [g.title for g in self.games]

    def game(self, title: str | None = None) -> Game:
        """The game of that title (exact, else ignoring case); the first game without one."""
        if not self.games:
            raise ZrfError(self.path, 0, "the file has no game")
        if title is None:
            return self.games[0]
        for g in self.games:
            if g.title == title:
                return g
        for g in self.games:
            if g.title.lower() == title.lower():
                return g
        raise ZrfError(self.path, 0, f"no game titled {title!r}; the file has: {', '.join(map(repr, self.titles()))}")


# -- building ---------------------------------------------------------------------------------------


def load(path: str | Path, problems: Problems | None = None) -> RulesFile:
    reader = Reader()
    forms = reader.read_file(path)
    return build(forms, str(path), reader, problems)


def load_text(text: str, path: str = "", problems: Problems | None = None) -> RulesFile:
    reader = Reader()
    forms = reader.read_text(text, path)
    return build(forms, path, reader, problems)


def build(forms: list[Node], path: str, reader: Reader, problems: Problems | None = None) -> RulesFile:
    err = problems or Problems()
    games: list[Game] = []
    base: list[List] | None = None
    for form in forms:
        if not isinstance(form, List) or form.head not in ("game", "variant", "version"):
            err(form, f"unexpected {_show(form)} at the top level (expected game, variant, define or version)")
            continue
        if form.head == "version":
            continue
        sections = [s for s in form.items[1:] if _section_ok(s, err)]
        if form.head == "game":
            merged = sections
            if base is None:
                base = sections
        else:
            if base is None:
                err(form, "a variant before any game")
                base = []
            merged = merge_sections(base, sections)
        title = _title(sections if form.head == "variant" else merged)
        if title == "-":
            continue
        games.append(build_game(merged, form, path, err, is_variant=form.head == "variant"))
    return RulesFile(path, games, reader, forms)


def _section_ok(s: Node, err: Problems) -> bool:
    if not isinstance(s, List) or s.head is None:
        err(s, f"unexpected {_show(s)} in a game (expected a section like (players ...))")
        return False
    return True


def _title(sections: list[List]) -> str | None:
    for s in sections:
        if s.head == "title" and len(s.items) > 1 and isinstance(s.items[1], Str):
            return s.items[1].value
    return None


def _key(s: List) -> tuple:
    head = s.head
    if head == "piece":
        for item in s.items[1:]:
            if isinstance(item, List) and item.head == "name" and len(item.items) > 1:
                return ("piece", _text(item.items[1]))
        return ("piece", id(s))
    if head == "option":
        return ("option", _text(s.items[1]) if len(s.items) > 1 else "")
    if head in GOAL_KINDS:
        return ("goal",)
    if head in OLD_OPTIONS:
        return ("option", head.replace("-", " "))
    return (head,)


def merge_sections(base: list[List], variant: list[List]) -> list[List]:
    """The sections of a variant: the base game's, overridden by the variant's (see the module doc)."""
    keys = {_key(s) for s in variant}
    # put a replaced section where the base had it, so that pieces keep their order
    result: list[List] = []
    placed: set[int] = set()
    for s in base:
        k = _key(s)
        if k in keys:
            if k == ("goal",):
                continue
            for i, v in enumerate(variant):
                if i not in placed and _key(v) == k:
                    result.append(v)
                    placed.add(i)
        else:
            result.append(s)
    result.extend(v for i, v in enumerate(variant) if i not in placed)
    return result


def _text(node: Node) -> str:
    if isinstance(node, Sym):
        return node.name
    if isinstance(node, Str):
        return node.value
    return repr(node)


def _show(node: Node) -> str:
    text = repr(node)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(node: Node, err: Problems) -> int | None:
    if isinstance(node, Sym) and node.is_int:
        return int(node.name)
    err(node, f"expected a number, found {_show(node)}")
    return None


def build_game(sections: list[List], form: List, path: str, err: Problems, is_variant: bool = False) -> Game:
    g = Game(title=_title(sections) or "(untitled)", node=form, path=path, is_variant=is_variant)
    g.sections = sections
    boards: list[List] = []
    for s in sections:
        head = s.head
        args = s.items[1:]
        if head == "title":
            continue
        if head == "description":
            g.description = _text(args[0]) if args else ""
        elif head in COSMETIC:
            continue
        elif head == "option":
            if len(args) != 2 or not isinstance(args[0], Str):
                err(s, '(option "name" value) takes a quoted name and a value')
                continue
            g.options[args[0].value] = _text(args[1])
        elif head in OLD_OPTIONS:
            g.options[head.replace("-", " ")] = _text(args[0]) if args else "true"
        elif head == "players":
            g.players = [_text(a) for a in args]
            if not g.players:
                err(s, "(players ...) lists no player")
        elif head == "turn-order":
            g.turn_order, g.repeat_from = [], 0
            for a in args:
                if isinstance(a, Sym) and a.name == "repeat":
                    g.repeat_from = len(g.turn_order)
                elif isinstance(a, Sym):
                    g.turn_order.append(TurnEntry(a.name, a.name, None, a))
                elif isinstance(a, List) and a.items and all(isinstance(x, Sym) for x in a.items):
                    names = [_text(x) for x in a.items]
                    who, of, mt = names[0], names[0], None
                    rest = names[1:]
                    if rest and rest[0] in g.players:
                        of = rest.pop(0)
                    if rest:
                        mt = rest.pop(0)
                    if rest:
                        err(a, f"unexpected {' '.join(rest)} in a turn")
                    g.turn_order.append(TurnEntry(who, of, mt, a))
                else:
                    err(a, f"unexpected {_show(a)} in turn-order")
        elif head == "move-priorities":
            g.move_priorities = [_text(a) for a in args]
        elif head == "board":
            boards.append(s)
        elif head == "board-setup":
            g.setup = _setup(s, err)
        elif head == "piece":
            p = _piece(s, err)
            if p is not None:
                g.pieces[p.name] = p
        elif head in GOAL_KINDS:
            if len(args) != 2 or not isinstance(args[0], List):
                err(s, f"({head} (player...) goal) takes a list of players and one goal")
                continue
            g.conditions.append(Condition(head, [_text(p) for p in args[0].items], args[1], s))
        else:
            err(s, f"unknown game section ({head} ...)")
    if not g.players:
        err(form, "the game has no (players ...)")
    if not g.turn_order:
        g.turn_order = [TurnEntry(p, p, None) for p in g.players]
    if not boards:
        err(form, "the game has no (board ...)")
    for b in boards:
        _board(b, g.board, g, err)
    return g


def _setup(s: List, err: Problems) -> list[Placement]:
    out = []
    for pl in s.items[1:]:
        if not isinstance(pl, List) or not pl.head:
            err(pl, "board-setup takes (Player (Piece position...)...)")
            continue
        for entry in pl.items[1:]:
            if not isinstance(entry, List) or not entry.head:
                err(entry, "a board-setup entry is (Piece position... [off N])")
                continue
            positions, off = [], 0
            items = entry.items[1:]
            i = 0
            while i < len(items):
                x = items[i]
                if isinstance(x, Sym) and x.name == "off":
                    if i + 1 < len(items):
                        off += _int(items[i + 1], err) or 0
                    else:
                        err(x, "off needs a count")
                    i += 2
                    continue
                if isinstance(x, Sym):
                    positions.append(x.name)
                else:
                    err(x, f"unexpected {_show(x)} in board-setup")
                i += 1
            out.append(Placement(pl.head, entry.head, positions, off, entry))
    return out


def _piece(s: List, err: Problems) -> PieceDef | None:
    name = None
    for item in s.items[1:]:
        if isinstance(item, List) and item.head == "name" and len(item.items) == 2:
            name = _text(item.items[1])
    if name is None:
        err(s, "a piece needs (name ...)")
        return None
    p = PieceDef(name, s)
    for item in s.items[1:]:
        if not isinstance(item, List) or not item.head:
            err(item, f"unexpected {_show(item)} in piece {name}")
            continue
        head, args = item.head, item.items[1:]
        if head == "name":
            continue
        if head in ("help", "description", "notation"):
            setattr(p, head, _text(args[0]) if args else "")
        elif head == "image":
            who = None
            for a in args:
                if isinstance(a, Sym):
                    who = a.name
                    p.images[who] = []
                elif who is not None:
                    p.images[who].append(_text(a))
        elif head == "attribute":
            if len(args) != 2 or not isinstance(args[0], Sym):
                err(item, "(attribute name default) takes a name and true/false")
                continue
            p.attributes[args[0].name] = _text(args[1]) == "true"
            p.attribute_nodes[args[0].name] = item
        elif head in ("moves", "drops"):
            target = p.moves if head == "moves" else p.drops
            mt = None
            for b in args:
                if isinstance(b, List) and b.head == "move-type":
                    mt = _text(b.items[1]) if len(b.items) > 1 else None
                elif isinstance(b, List):
                    target.append(Block(b.items, mt, b))
                else:
                    err(b, f"a move is a list of instructions, not {_show(b)}")
        else:
            err(item, f"unknown piece section ({head} ...)")
    return p


def _board(s: List, board: Board, g: Game, err: Problems) -> None:
    board.node = board.node or s
    later: list[List] = []
    for item in s.items[1:]:
        if not isinstance(item, List) or not item.head:
            err(item, f"unexpected {_show(item)} in board")
            continue
        if item.head == "grid":
            _grid(item, board, err)
        elif item.head == "positions":
            for p in item.items[1:]:
                if isinstance(p, List) and p.head:
                    board.add_position(p.head, None, -1)
                else:
                    err(p, "a position is (name x1 y1 x2 y2)")
        elif item.head == "dummy":
            for p in item.items[1:]:
                board.dummies.add(board.add_position(_text(p), None, -1))
        elif item.head == "image":
            continue
        else:
            later.append(item)
    # links, unlink, kill-positions, symmetry and zones name positions and directions declared above
    for item in later:
        head = item.head
        if head == "links":
            if len(item.items) < 2 or not isinstance(item.items[1], Sym):
                err(item, "(links direction (from to)...) needs a direction")
                continue
            table = board.add_direction(item.items[1].name)
            for pair in item.items[2:]:
                if isinstance(pair, List) and len(pair.items) == 2:
                    a, b = (_pos(board, x, err) for x in pair.items)
                    if a is not None and b is not None:
                        table[a] = b
                else:
                    err(pair, "a link is (from to)")
        elif head == "unlink":
            for x in item.items[1:]:
                if isinstance(x, List) and len(x.items) == 2:
                    a, b = (_pos(board, y, err) for y in x.items)
                    if a is not None and b is not None:
                        for table in board.links.values():
                            if table[a] == b:
                                table[a] = -1
                else:
                    a = _pos(board, x, err)
                    if a is not None:
                        for table in board.links.values():
                            table[a] = -1
                            for i, t in enumerate(table):
                                if t == a:
                                    table[i] = -1
        elif head == "kill-positions":
            for x in item.items[1:]:
                a = _pos(board, x, err)
                if a is not None:
                    board.killed.add(a)
        elif head == "symmetry":
            if len(item.items) < 2:
                err(item, "(symmetry player (dir dir)...) needs a player")
                continue
            who = _text(item.items[1])
            mapping = board.symmetry.setdefault(who, {})
            board.symmetry_nodes[who] = item
            for pair in item.items[2:]:
                if isinstance(pair, List) and len(pair.items) == 2 and all(isinstance(x, Sym) for x in pair.items):
                    mapping[_text(pair.items[0])] = _text(pair.items[1])
                else:
                    err(pair, "a symmetry pair is (direction direction)")
        elif head == "zone":
            name, players, positions = None, [], []
            for x in item.items[1:]:
                if isinstance(x, List) and x.head == "name" and len(x.items) == 2:
                    name = _text(x.items[1])
                elif isinstance(x, List) and x.head == "players":
                    players = [_text(p) for p in x.items[1:]]
                elif isinstance(x, List) and x.head == "positions":
                    positions = [p for p in (_pos(board, y, err) for y in x.items[1:]) if p is not None]
                else:
                    err(x, f"unexpected {_show(x)} in zone")
            if name is None:
                err(item, "a zone needs (name ...)")
                continue
            board.zone_nodes.setdefault(name, item)
            per = board.zones.setdefault(name, {})
            for p in players or g.players:
                per.setdefault(p, set()).update(positions)
        else:
            err(item, f"unknown board section ({head} ...)")
    # a killed position has no links, and nothing links to it
    for k in board.killed:
        for table in board.links.values():
            table[k] = -1
    if board.killed:
        for table in board.links.values():
            for i, t in enumerate(table):
                if t in board.killed:
                    table[i] = -1


def _pos(board: Board, node: Node, err: Problems) -> int | None:
    name = _text(node)
    if name in board.index:
        return board.index[name]
    err(node, f"unknown position {name!r}")
    return None


def _grid(item: List, board: Board, err: Problems) -> None:
    dims: list[list[str]] = []
    dirs: list[tuple[str, tuple[int, ...], Node]] = []
    for x in item.items[1:]:
        if not isinstance(x, List) or not x.head:
            err(x, f"unexpected {_show(x)} in grid")
            continue
        if x.head == "dimensions":
            for d in x.items[1:]:
                if isinstance(d, List) and d.items and isinstance(d.items[0], Str):
                    dims.append(d.items[0].value.split("/"))
                else:
                    err(d, 'a dimension is ("label/label/..." (dx dy))')
        elif x.head == "directions":
            for d in x.items[1:]:
                if isinstance(d, List) and d.head and len(d.items) >= 2:
                    vec = tuple(_int(v, err) or 0 for v in d.items[1:])
                    dirs.append((d.head, vec, d))
                else:
                    err(d, "a direction is (name d1 d2 ...)")
        elif x.head in ("start-rectangle",):
            continue
        else:
            err(x, f"unknown grid section ({x.head} ...)")
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


def each_list(node: Node, fn: Callable[[List], None]) -> None:
    """Call ``fn`` on every list inside ``node`` (itself included), depth first."""
    if isinstance(node, List):
        fn(node)
        for c in node.items:
            each_list(c, fn)
