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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard

from generator.zrf.board import Board, build_board
from generator.zrf.problems import Problems, number, show
from generator.zrf.reader import List, Node, Reader, Str, Sym, ZrfError, text_of
from generator.zrf.source import open_rules

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
    "allow-flipping",  # the version-1 form of "prevent flipping": how the board is shown
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
    """One ``(Piece position... [off N])`` entry of a player's board-setup."""

    player: str
    piece: str
    positions: list[str]
    off: int
    node: List


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
        """The first game of that title (exact, else ignoring case), else the game of that number
        (``"2"``: the second, in file order, variants included); the first game without a title."""
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
        if title.isdigit() and 1 <= int(title) <= len(self.games):
            return self.games[int(title) - 1]
        listed = ", ".join(f"{i} {t!r}" for i, t in enumerate(self.titles(), 1))
        raise ZrfError(self.path, 0, f"no game titled or numbered {title!r}; the file has: {listed}")


# -- building ---------------------------------------------------------------------------------------


def load(path: str | Path, problems: Problems | None = None) -> RulesFile:
    """The rules file ``path`` names: a ``.zrf``, or one in a ``.zip`` (see :mod:`generator.zrf.source`)."""
    rules = open_rules(path)
    return load_text(rules.text, rules.label, problems, rules.read)


def load_text(
    text: str, path: str = "", problems: Problems | None = None, read: Callable[[str], bytes] | None = None
) -> RulesFile:
    """The rules file of ``text``, named ``path``; ``read`` gives the files it includes (default: from disk)."""
    reader = Reader(read)
    forms = reader.read_text(text, path)
    return build(forms, path, reader, problems)


def build(forms: list[Node], path: str, reader: Reader, problems: Problems | None = None) -> RulesFile:
    err = problems or Problems()
    games: list[Game] = []
    # a variant builds on the file's first game wherever that game stands: Zillions' own
    # rules files (GlukKazan's ZoG Rules, Duke.zrf, Dakon.zrf) open with variants
    games_found = [f for f in forms if isinstance(f, List) and f.head == "game"]
    base = [s for s in games_found[0].items[1:] if isinstance(s, List) and s.head] if games_found else None
    for form in forms:
        if not isinstance(form, List) or form.head not in ("game", "variant", "version"):
            err(form, f"unexpected {show(form)} at the top level (expected game, variant, define or version)")
            continue
        if form.head == "version":
            continue
        sections = [s for s in form.items[1:] if _section_ok(s, err)]
        if form.head == "game":
            merged = sections
        else:
            if base is None:
                err(form, "a variant in a file without a game")
                base = []
            merged = merge_sections(base, sections)
        title = _title(sections if form.head == "variant" else merged)
        if title == "-":
            continue
        games.append(build_game(merged, form, path, err, is_variant=form.head == "variant"))
    return RulesFile(path, games, reader, forms)


def _section_ok(s: Node, err: Problems) -> TypeGuard[List]:
    if not isinstance(s, List) or s.head is None:
        err(s, f"unexpected {show(s)} in a game (expected a section like (players ...))")
        return False
    return True


def _title(sections: Sequence[List]) -> str | None:
    for s in sections:
        if s.head == "title" and len(s.items) > 1 and isinstance(s.items[1], Str):
            return s.items[1].value
    return None


def _key(s: List) -> tuple[object, ...]:
    head = s.head
    if head == "piece":
        for item in s.items[1:]:
            if isinstance(item, List) and item.head == "name" and len(item.items) > 1:
                return ("piece", text_of(item.items[1]))
        return ("piece", id(s))
    if head == "option":
        return ("option", text_of(s.items[1]) if len(s.items) > 1 else "")
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


# -- a game from its sections ---------------------------------------------------------------------


def build_game(sections: list[List], form: List, path: str, err: Problems, is_variant: bool = False) -> Game:
    """The game described by ``sections`` (those of ``form``, a variant's merged with its game's)."""
    g = Game(title=_title(sections) or "(untitled)", node=form, path=path, is_variant=is_variant)
    g.sections = sections
    for s in sections:
        head = s.head or ""
        section = GAME_SECTION_READERS.get(head)
        if section is None:
            err(s, f"unknown game section ({head} ...)")
        else:
            section(g, s, s.items[1:], err)
    if not g.players:
        err(form, "the game has no (players ...)")
    if not g.turn_order:
        g.turn_order = [TurnEntry(p, p, None) for p in g.players]
    boards = [s for s in sections if s.head == "board"]
    if not boards:
        err(form, "the game has no (board ...)")
    for b in boards:
        build_board(b, g.board, g.players, err)
    return g


SectionReader = Callable[[Game, List, list[Node], Problems], None]


def _nothing(g: Game, s: List, args: list[Node], err: Problems) -> None:
    """Sections read elsewhere (the title, boards) or carrying no rules."""


def _description(g: Game, s: List, args: list[Node], err: Problems) -> None:
    g.description = text_of(args[0]) if args else ""


def _option(g: Game, s: List, args: list[Node], err: Problems) -> None:
    if len(args) != 2 or not isinstance(args[0], Str):
        err(s, '(option "name" value) takes a quoted name and a value')
        return
    g.options[args[0].value] = text_of(args[1])


def _old_option(g: Game, s: List, args: list[Node], err: Problems) -> None:
    assert s.head is not None
    g.options[s.head.replace("-", " ")] = text_of(args[0]) if args else "true"


def _players(g: Game, s: List, args: list[Node], err: Problems) -> None:
    g.players = [text_of(a) for a in args]
    if not g.players:
        err(s, "(players ...) lists no player")


def _turn_order(g: Game, s: List, args: list[Node], err: Problems) -> None:
    g.turn_order, g.repeat_from = [], 0
    for a in args:
        if isinstance(a, Sym) and a.name == "repeat":
            g.repeat_from = len(g.turn_order)
        elif isinstance(a, Sym):
            g.turn_order.append(TurnEntry(a.name, a.name, None, a))
        elif isinstance(a, List) and a.items and all(isinstance(x, Sym) for x in a.items):
            g.turn_order.append(_turn(a, g.players, err))
        else:
            err(a, f"unexpected {show(a)} in turn-order")


def _turn(a: List, players: list[str], err: Problems) -> TurnEntry:
    """``(Player [PiecesOf] [move-type])``."""
    names = [text_of(x) for x in a.items]
    who, of, mt = names[0], names[0], None
    rest = names[1:]
    if rest and rest[0] in players:
        of = rest.pop(0)
    if rest:
        mt = rest.pop(0)
    if rest:
        err(a, f"unexpected {' '.join(rest)} in a turn")
    return TurnEntry(who, of, mt, a)


def _move_priorities(g: Game, s: List, args: list[Node], err: Problems) -> None:
    g.move_priorities = [text_of(a) for a in args]


def _board_setup(g: Game, s: List, args: list[Node], err: Problems) -> None:
    g.setup = _setup(s, err)


def _piece_section(g: Game, s: List, args: list[Node], err: Problems) -> None:
    p = _piece(s, err)
    if p is not None:
        g.pieces[p.name] = p


def _condition(g: Game, s: List, args: list[Node], err: Problems) -> None:
    if len(args) != 2 or not isinstance(args[0], List):
        err(s, f"({s.head} (player...) goal) takes a list of players and one goal")
        return
    g.conditions.append(Condition(s.head or "", [text_of(p) for p in args[0].items], args[1], s))


GAME_SECTION_READERS: dict[str, SectionReader] = {
    **dict.fromkeys(COSMETIC, _nothing),
    "title": _nothing,
    "description": _description,
    "option": _option,
    **dict.fromkeys(OLD_OPTIONS, _old_option),
    "players": _players,
    "turn-order": _turn_order,
    "move-priorities": _move_priorities,
    "board": _nothing,
    "board-setup": _board_setup,
    "piece": _piece_section,
    **dict.fromkeys(GOAL_KINDS, _condition),
}


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
            positions, off = _placement(entry.items[1:], err)
            out.append(Placement(pl.head, entry.head, positions, off, entry))
    return out


def _placement(items: list[Node], err: Problems) -> tuple[list[str], int]:
    """The positions of a board-setup entry, and its ``off`` count (pieces in hand)."""
    positions, off = [], 0
    i = 0
    while i < len(items):
        x = items[i]
        if isinstance(x, Sym) and x.name == "off":
            if i + 1 < len(items):
                off += number(items[i + 1], err) or 0
            else:
                err(x, "off needs a count")
            i += 2
            continue
        if isinstance(x, Sym):
            positions.append(x.name)
        else:
            err(x, f"unexpected {show(x)} in board-setup")
        i += 1
    return positions, off


# -- pieces -----------------------------------------------------------------------------------------


def _piece(s: List, err: Problems) -> PieceDef | None:
    name = None
    for item in s.items[1:]:
        if isinstance(item, List) and item.head == "name" and len(item.items) == 2:
            name = text_of(item.items[1])
    if name is None:
        err(s, "a piece needs (name ...)")
        return None
    p = PieceDef(name, s)
    for item in s.items[1:]:
        if not isinstance(item, List) or not item.head:
            err(item, f"unexpected {show(item)} in piece {name}")
            continue
        section = PIECE_SECTION_READERS.get(item.head)
        if section is None:
            err(item, f"unknown piece section ({item.head} ...)")
        else:
            section(p, item, item.items[1:], err)
    return p


def _piece_text(p: PieceDef, item: List, args: list[Node], err: Problems) -> None:
    setattr(p, item.head or "", text_of(args[0]) if args else "")


def _piece_image(p: PieceDef, item: List, args: list[Node], err: Problems) -> None:
    who = None
    for a in args:
        if isinstance(a, Sym):
            who = a.name
            p.images[who] = []
        elif who is not None:
            p.images[who].append(text_of(a))


def _piece_attribute(p: PieceDef, item: List, args: list[Node], err: Problems) -> None:
    if len(args) != 2 or not isinstance(args[0], Sym):
        err(item, "(attribute name default) takes a name and true/false")
        return
    p.attributes[args[0].name] = text_of(args[1]) == "true"
    p.attribute_nodes[args[0].name] = item


def _piece_blocks(p: PieceDef, item: List, args: list[Node], err: Problems) -> None:
    """``(moves ...)`` or ``(drops ...)``: a ``(move-type name)`` applies to the blocks after it."""
    target = p.moves if item.head == "moves" else p.drops
    mt = None
    for b in args:
        if isinstance(b, List) and b.head == "move-type":
            mt = text_of(b.items[1]) if len(b.items) > 1 else None
        elif isinstance(b, List):
            target.append(Block(b.items, mt, b))
        else:
            err(b, f"a move is a list of instructions, not {show(b)}")


def _piece_name(p: PieceDef, item: List, args: list[Node], err: Problems) -> None:
    """Read before the other sections."""


def _piece_dummy(p: PieceDef, item: List, args: list[Node], err: Problems) -> None:
    """``(dummy)``: a piece kept on dummy positions (a token, a counter); it plays as any other."""


PIECE_SECTION_READERS: dict[str, Callable[[PieceDef, List, list[Node], Problems], None]] = {
    "name": _piece_name,
    **dict.fromkeys(("help", "description", "notation"), _piece_text),
    "image": _piece_image,
    "attribute": _piece_attribute,
    **dict.fromkeys(("moves", "drops"), _piece_blocks),
    "dummy": _piece_dummy,
}
