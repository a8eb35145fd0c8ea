"""Checks for .zrf files, generated or hand-written: ``lint(path) -> [LintMessage]``.

>>> import tempfile, pathlib
>>> f = pathlib.Path(tempfile.mkdtemp()) / "bad.zrf"
>>> _ = f.write_text('(game (title "x")\\n  (players A B)\\n  (board (grid (dimensions ("a/b" (1 0)))\\n')
>>> print(lint(f)[0].message)
unbalanced '(': never closed

What is looked at:

* syntax: balanced parentheses (each stray ``)``, each ``(`` never closed, with a
  guess at where the ``)`` is missing), strings, macro uses (``$n`` beyond the
  arguments given, unknown includes), and text after the last ``)`` (Zillions
  refuses it);
* names: every direction, position, zone, piece, attribute, player, move type and
  instruction a game uses is declared (an unknown name in a move is usually a
  misspelt direction or an undefined macro);
* symmetry: each ``(symmetry Player ...)`` lists every direction of the board
  (Zillions leaves the unlisted ones unchanged; other readers do not);
* goals: ``(win-condition (players) goal)`` shapes, known goals and pieces,
  ``checkmated``/``stalemated``/``captured``/``repetition`` only at the top;
  a game without goals, a game without a board-setup;
* options: unknown option names (Zillions ignores them, so a typo goes unnoticed).

Messages read ``file:line: what``; ``kind`` is ``syntax`` (the file cannot be
read at all), ``error`` or ``warning``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.zrf.board import Board
from generator.zrf.model import GOAL_KINDS, Game, build
from generator.zrf.problems import Problems
from generator.zrf.program import Program
from generator.zrf.reader import (
    MAX_NESTING,
    TOO_DEEP,
    List,
    Node,
    Reader,
    Str,
    Sym,
    ZrfError,
    ZrfSyntaxError,
    tokenize,
    unclosed_hint,
)
from generator.zrf.source import open_rules

KNOWN_OPTIONS = {
    "animate captures",
    "animate drops",
    "prevent flipping",
    "pass turn",
    "pass partial",
    "maximal captures",
    "recycle captures",
    "recycle promotions",
    "smart moves",
    "highlight goals",
    "show moves list",
    "include off-pieces",
    "silent ? moves",
    "discard cascades",
    "progressive levels",
    "selection screen",
}
TOP_ONLY_GOALS = {"checkmated", "stalemated", "captured", "repetition"}
GOALS = TOP_ONLY_GOALS | {
    "pieces-remaining",
    "total-piece-count",
    "absolute-config",
    "relative-config",
    "and",
    "or",
    "not",
}


@dataclass(frozen=True, order=True)
class LintMessage:
    line: int
    message: str
    path: str = ""
    kind: str = "error"  # syntax, error, warning

    def __str__(self) -> str:
        what = f"warning: {self.message}" if self.kind == "warning" else self.message
        return f"{self.path}:{self.line}: {what}"


class _Out:
    def __init__(self, path: str) -> None:
        self.path = path
        self.messages: dict[tuple[str, int, str], LintMessage] = {}

    def add(self, line: int, message: str, kind: str = "error", path: str | None = None) -> None:
        m = LintMessage(line, message, path or self.path, kind)
        self.messages.setdefault((m.path, m.line, m.message), m)

    def at(self, node: Node | None, message: str, kind: str = "error") -> None:
        self.add(node.line if node is not None else 0, message, kind, node.path if node is not None else None)

    def result(self) -> list[LintMessage]:
        return sorted(self.messages.values(), key=lambda m: (m.path != self.path, m.path, m.line, m.message))


def lint(path: str | Path) -> list[LintMessage]:
    """Every problem found in the file (a ``.zrf``, or one in a ``.zip``), in line order; ``ZrfError``
    if it cannot be read."""
    rules = open_rules(path)
    return lint_text(rules.text, rules.label, rules.read)


def lint_text(text: str, path: str = "<zrf>", read: Callable[[str], bytes] | None = None) -> list[LintMessage]:
    """Every problem found in ``text`` (named ``path``; ``read`` gives the files it includes)."""
    out = _Out(path)
    if not _syntax(text, out):
        return out.result()
    reader = Reader(read)
    try:
        forms = reader.read_text(text, path)
    except ZrfSyntaxError as bad:
        out.add(bad.line, bad.message, "syntax", bad.path)
        return out.result()
    problems = Problems(strict=False)
    rf = build(forms, path, reader, problems)
    for e in problems.found:
        out.add(e.line, e.message, "error", e.path)
    if not rf.games:
        out.add(1, "the file has no game", "error")
    seen: dict[str, Game] = {}
    for game in rf.games:
        if game.title in seen:
            first = seen[game.title].node.line
            out.at(
                game.node,
                f"a second game titled {game.title!r} (the first at line {first}): Zillions lists the games by title",
            )
        seen.setdefault(game.title, game)
        _game(game, out)
    return out.result()


def _syntax(text: str, out: _Out) -> bool:
    """Parentheses and strings; False if the file cannot be parsed."""
    depth_lines: list[int] = []
    ok = True
    last_close = 0
    try:
        for kind, _tok, line in tokenize(text):
            if kind == "(":
                if len(depth_lines) >= MAX_NESTING:
                    out.add(line, TOO_DEEP, "syntax")
                    return False
                depth_lines.append(line)
            elif kind == ")":
                if depth_lines:
                    depth_lines.pop()
                else:
                    out.add(line, "unbalanced ')': no '(' is open here", "syntax")
                    ok = False
                last_close = line
            elif not depth_lines:
                out.add(line, f"{_tok!r} outside any form", "error")
    except ZrfSyntaxError as e:
        out.add(e.line, e.message, "syntax")
        return False
    if depth_lines:
        hint = unclosed_hint(text)
        if hint is not None:
            out.add(hint[0], "unbalanced '(': never closed" + hint[1], "syntax")
        else:
            for line in reversed(depth_lines[-5:]):
                out.add(line, "unbalanced '(': never closed", "syntax")
        ok = False
    if ok:
        end = text.rfind(")")
        rest = text[end + 1 :] if end >= 0 else ""
        if rest.strip():
            extra = rest.strip().splitlines()[0]
            out.add(
                last_close + rest[: rest.find(extra[0])].count("\n"),
                f"text after the last ')' ({extra[:30]!r}): Zillions accepts nothing there, not even a comment",
            )
    return ok


def _game(game: Game, out: _Out) -> None:
    where = f"game {game.title!r}: "
    _program(game, out, where)
    _symmetries(game.board, set(game.players), out)
    _zone_players(game.board, set(game.players), out)
    _sections(game, out)
    _setup(game, out)
    _move_types(game, out)
    if not game.conditions:
        out.at(game.node, where + "no win-, loss- or draw-condition: the game never ends", "warning")
    for c in game.conditions:
        for p in c.players:
            if p not in game.players:
                out.at(c.node, f"unknown player {p!r} in {c.kind}")
        _goal(c.goal, game, out, top=True)
    if not game.setup:
        out.at(game.node, where + "no board-setup: the board starts empty", "warning")


def _program(game: Game, out: _Out, where: str) -> None:
    """What compiling the game finds: unknown names in moves, turn order, goals..."""
    problems = Problems(strict=False)
    try:
        prog = Program(game, problems)
        compile_errors = prog.check_all()
    except ZrfError as bad:  # pragma: no cover - Program reports through problems
        out.add(bad.line, where + bad.message, "error", bad.path)
        return
    # goals and the board-setup are checked below, with more precise messages
    own = [(s.path, s.line, s.end_line) for s in game.sections if s.head in (*GOAL_KINDS, "board-setup")]
    for e in problems.found:
        if not any(e.path == p and a <= e.line <= b for p, a, b in own):
            out.add(e.line, e.message, "error", e.path)
    for e in compile_errors:
        out.add(e.line, e.message, "error", e.path)


def _symmetries(board: Board, players: set[str], out: _Out) -> None:
    """Every direction listed, only known directions and players."""
    for who, mapping in board.symmetry.items():
        node = board.symmetry_nodes.get(who)
        if who not in players:
            out.at(node, f"unknown player {who!r} in symmetry")
        for d in (d for pair in mapping.items() for d in pair):
            if d not in board.links:
                out.at(node, f"unknown direction {d!r} in the symmetry for {who}")
        missing = [d for d in board.directions if d not in mapping]
        if missing:
            pairs = " ".join(f"({d} {d})" for d in missing)
            out.at(
                node,
                f"the symmetry for {who} does not list {', '.join(missing)}: Zillions leaves them "
                f"unchanged, other readers may not; add {pairs}",
                "warning",
            )
        targets = [mapping.get(d, d) for d in board.directions]
        if len(set(targets)) != len(targets):
            out.at(node, f"the symmetry for {who} maps two directions onto one", "warning")


def _zone_players(board: Board, players: set[str], out: _Out) -> None:
    for name, node in board.zone_nodes.items():
        for x in node.items[1:] if isinstance(node, List) else ():
            if isinstance(x, List) and x.head == "players":
                for p in x.items[1:]:
                    if isinstance(p, Sym) and p.name not in players:
                        out.at(p, f"unknown player {p.name!r} in zone {name}")


def _sections(game: Game, out: _Out) -> None:
    """Pieces defined twice, unknown options, unknown players in the board-setup."""
    seen: dict[str, Node] = {}
    for s in game.sections:
        if s.head == "piece":
            _piece_once(s, seen, out)
        elif s.head == "option" and len(s.items) > 1 and isinstance(s.items[1], Str):
            if s.items[1].value not in KNOWN_OPTIONS:
                out.at(s, f"unknown option {s.items[1].value!r} (Zillions ignores it)", "warning")
        elif s.head == "board-setup":
            for pl in s.items[1:]:
                if isinstance(pl, List) and pl.head and pl.head not in game.players:
                    out.at(pl, f"unknown player {pl.head!r} in board-setup")


def _piece_once(s: List, seen: dict[str, Node], out: _Out) -> None:
    for item in s.items[1:]:
        if isinstance(item, List) and item.head == "name" and len(item.items) == 2:
            name = repr(item.items[1])
            if name in seen and seen[name] is not s:
                out.at(s, f"piece {name} is defined twice in one game (first at line {seen[name].line})")
            seen[name] = s


def _setup(game: Game, out: _Out) -> None:
    """The board-setup's pieces and positions, and the players of the pieces' images."""
    board = game.board
    for pl in game.setup:
        if pl.piece not in game.pieces:
            out.at(pl.node, f"unknown piece {pl.piece!r} in board-setup")
        for name in pl.positions:
            if name not in board.index:
                out.at(pl.node, f"unknown position {name!r} in board-setup")
            elif board.index[name] in board.killed:
                out.at(pl.node, f"position {name!r} in board-setup is killed (kill-positions)")
    for piece in game.pieces.values():
        for who in piece.images:
            if who not in game.players:
                out.at(piece.node, f"unknown player {who!r} in the image of {piece.name}", "warning")


def _move_types(game: Game, out: _Out) -> None:
    """The move types of the turn order and of move-priorities are used by some piece."""
    declared = {b.move_type for p in game.pieces.values() for b in [*p.moves, *p.drops] if b.move_type}
    for t in game.turn_order:
        if t.move_type and t.move_type not in declared:
            out.at(t.node, f"move type {t.move_type!r} is not used by any piece")
    prio = next((s for s in game.sections if s.head == "move-priorities"), None)
    for name in game.move_priorities:
        if name not in declared:
            out.at(prio, f"move type {name!r} in move-priorities is not used by any piece", "warning")


# -- goals --------------------------------------------------------------------------------------------------


def _goal(g: Node, game: Game, out: _Out, top: bool) -> None:
    if isinstance(g, Sym):
        if g.name not in ("stalemated", "repetition"):
            out.at(g, f"unknown goal {g.name!r}")
        elif not top:
            out.at(g, f"{g.name} must be a whole goal: it cannot be combined with and/or/not")
        return
    if not isinstance(g, List) or g.head is None:
        out.at(g, f"unknown goal {g!r}")
        return
    head, args = g.head, g.items[1:]
    if head not in GOALS:
        out.at(
            g, f"unknown goal ({head} ...)" + (" (goals are written inside a condition)" if head in GOAL_KINDS else "")
        )
        return
    if head in TOP_ONLY_GOALS and not top:
        out.at(g, f"({head} ...) must be a whole goal: it cannot be combined with and/or/not")
    GOAL_CHECKS[head](g, head, args, game, out)


def _logic(g: List, head: str, args: list[Node], game: Game, out: _Out) -> None:
    if not args or (head == "not" and len(args) != 1):
        out.at(g, f"({head} ...) needs {'one goal' if head == 'not' else 'goals'}")
    for a in args:
        _goal(a, game, out, top=False)


def _pieces(head: str, args: list[Node], game: Game, out: _Out) -> None:
    for a in args:
        if not isinstance(a, Sym) or a.name not in game.pieces:
            out.at(a, f"unknown piece {a!r} in ({head} ...)")


def _of_pieces(g: List, head: str, args: list[Node], game: Game, out: _Out) -> None:
    """``checkmated`` and ``captured``."""
    if head == "checkmated" and not args:
        out.at(g, "(checkmated piece...) needs a piece type")
    _pieces(head, args, game, out)


def _count(g: List, head: str, args: list[Node], game: Game, out: _Out) -> None:
    if not args or not isinstance(args[0], Sym) or not args[0].is_int:
        out.at(g, f"({head} N [piece...]) needs a number first")
    _pieces(head, args[1:], game, out)


def _absolute(g: List, head: str, args: list[Node], game: Game, out: _Out) -> None:
    lists = [a for a in args if isinstance(a, List)]
    if len(lists) != 1 or not any(isinstance(a, Sym) for a in args):
        out.at(g, "(absolute-config piece... (position-or-zone...)) needs piece types and one list")
    for a in args:
        if isinstance(a, Sym) and a.name not in game.pieces:
            out.at(a, f"unknown piece {a.name!r} in absolute-config")
    for lst in lists:
        for x in lst.items:
            if not isinstance(x, Sym) or (x.name not in game.board.index and x.name not in game.board.zones):
                out.at(x, f"unknown position or zone {x!r} in absolute-config")


def _relative(g: List, head: str, args: list[Node], game: Game, out: _Out) -> None:
    for i, a in enumerate(args):
        name = a.name if isinstance(a, Sym) else repr(a)
        if i % 2 == 0 and name not in game.pieces:
            out.at(a, f"unknown piece {name!r} in relative-config")
        if i % 2 == 1 and name not in game.board.links:
            out.at(a, f"unknown direction {name!r} in relative-config")
    if len(args) % 2 == 0:
        out.at(g, "(relative-config piece dir piece ...) must end with a piece")


GOAL_CHECKS: dict[str, Callable[[List, str, list[Node], Game, _Out], None]] = {
    **dict.fromkeys(("and", "or", "not"), _logic),
    **dict.fromkeys(("checkmated", "captured"), _of_pieces),
    **dict.fromkeys(("pieces-remaining", "total-piece-count"), _count),
    "absolute-config": _absolute,
    "relative-config": _relative,
    "stalemated": lambda g, head, args, game, out: None,
    "repetition": lambda g, head, args, game, out: None,
}
