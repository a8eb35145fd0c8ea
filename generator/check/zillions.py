"""The Zillions adapter: the generated (or a given) ``.zrf`` played by the project's ZRF interpreter.

For each catalogue variant, :class:`Zillions` reads its download's rules file (the zip the emitter
writes into a temporary folder, read back from disk, or a given ``.zrf``, or the ``.zrf`` inside
a given ``.zip``), opens the game or variant whose title the emitter's
:class:`~generator.emit.manifest.Manifest` gives the catalogue variant (or the catalogue's own
title), and before anything is asked checks that its start position is the one the manifest
says was written: the board (holes ``*``), the pieces in hand and the side to move, written as
a FEN-like string on both sides.  Any
failure (no such title, a file that does not read or compile, another start) is one
:class:`~generator.check.compare.EngineError`.

Notation: :class:`generator.zrf.notation.Notation`, with each ZRF piece name given the catalogue's
FEN letter by the manifest's piece names; a piece the catalogue does not name keeps the file's
own ``notation`` letter.  Castling is the royal piece's
part of the move (``f1i1``), a swap the swapping piece's (``c1b1``), a pass ``0000``.

Results: a position where the interpreter's goals end the game has no moves, and its result is
the goal's (``1-0``, ``0-1``, ``1/2-1/2``; no move and no goal is a draw).  Zillions plays its
``repetition`` goal itself: the third occurrence ends the game as a draw, no claim needed, which
the comparison accepts where the reference lets a player claim that draw (see
:mod:`generator.check.compare`); a claim question is answered with the draw when a draw goal
holds.  The interpreter keeps the game's history for that, from the start position.

Positions from a FEN (the game-end proofs of :mod:`generator.check.endings` ask them): the
reference reads the FEN, and :func:`set_up` puts its pieces on the interpreter's board (those in
hand on the hand positions, or in Zillions' stores), the side to move in the turn order (where the
order begins with set-up turns, at the one with as many of the side's set-up turns to come as it
holds pieces), the manifest's ``unmoved`` attribute on each piece the reference counts unmoved
(castling rights, first moves; where castling is gained by drops, every piece of a side still
holding pieces), a promoted piece as its promoted form where the manifest names one (``+P``), else
``promoted`` on it, a wall as the manifest's ``*``, two pieces of a side the manifest pairs as their
paired forms, and an en passant square as the last move, the pawn's multi-step onto the square behind
it, which is what Zillions' en passant reads (``last-from?``, ``last-to?``).  Counters Zillions has
not (the move clock, checks given) are not set.

Cost: queries arrive ply by ply (a game) or depth first (the perft tree), so each variant keeps one
interpreter state on the last line asked, with the legal moves of every position on it; a query
pops back to the common part and pushes the rest, one move application per ply.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from generator.catalogue.model import Catalogue, Color, Variant
from generator.check.compare import Answer, EngineError, OnePosition, Query
from generator.emit.fidelity import relaxed
from generator.emit.manifest import GameEntry, Manifest
from generator.emit.target import Target
from generator.emit.zillions import FOLDER, emit
from generator.engine import Position
from generator.engine.geometry import bits
from generator.zrf import Game, Notation, RulesFile, State, ZMove, ZrfError, load_text, start
from generator.zrf.command import print_perft
from generator.zrf.program import Program
from generator.zrf.source import Rules, open_rules

PLAYERS = {"White": "w", "Black": "b"}  # the emitter's player names -> FEN colour


@dataclass(frozen=True)
class Built:
    """What the Zillions emitter wrote for a catalogue: its manifest, and each download's ``.zrf``
    text as read back from the zip on disk."""

    manifest: Manifest
    texts: dict[str, str]  # download key -> .zrf text
    labels: dict[str, str] = field(default_factory=dict)  # download key -> where the text was read, if on disk
    notes: tuple[str, ...] = ()  # files on disk that differ from a fresh build

    def game(self, v: Variant) -> GameEntry:
        """The manifest's game for ``v``; :class:`EngineError` if the emitter wrote none."""
        try:
            return self.manifest.game_of(v.name)[1]
        except KeyError:
            raise EngineError(f"{Target.ZILLIONS}: the Zillions emitter wrote no game for {v.name}") from None

    def label(self, v: Variant) -> str:
        key = self.manifest.game_of(v.name)[0].download
        if key in self.labels:
            return self.labels[key]
        return f"{self.manifest.game_of(v.name)[0].member} (built from the catalogue)"


def built_downloads(catalogue: Catalogue, variants: Sequence[Variant], out: Path | None = None) -> Built:
    """Run the Zillions emitter for ``variants`` into a temporary folder and read back what it wrote;
    with ``out``, take each download's ``.zrf`` from the zip a build wrote into ``out`` instead
    (``ValueError`` if there is none), noting each one that differs from the fresh build."""
    with tempfile.TemporaryDirectory() as tmp:
        manifest = emit(catalogue, Path(tmp), [v.name for v in variants])
        texts = {z.download: open_rules(Path(tmp) / z.path, z.member).text for z in manifest.zrf}
    if out is None:
        return Built(manifest, texts)
    notes = []
    labels = {}
    for z in manifest.zrf:
        path = Path(out) / FOLDER / z.path
        if not path.is_file():
            raise ValueError(f"{path}: no such file; run 'variantgen build' first, or give --zrf FILE")
        rules = open_rules(path, z.member)
        label, text = rules.label, rules.text
        if text != texts[z.download]:
            notes.append(f"{label} differs from a fresh build of the catalogue; checking the file on disk")
        texts[z.download], labels[z.download] = text, label
    return Built(manifest, texts, labels, tuple(notes))


def _no_include(label: str) -> bytes:
    raise FileNotFoundError(2, "the emitter's files include nothing")


def titles_of(rules: Rules) -> list[str]:
    """The game and variant titles of a rules file."""
    return _load(rules).titles()


def _load(rules: Rules) -> RulesFile:
    try:
        return load_text(rules.text, rules.label, None, rules.read)
    except ZrfError as e:
        raise EngineError(f"{Target.ZILLIONS}: {e}") from None  # the error names the file and line


def variant_of_game(catalogue: Catalogue, zrf: str, game: str | None) -> Variant:
    """The catalogue variant whose download holds the game ``game`` (a title or a 1-based number; default:
    the first) of the rules file ``zrf``: the game a build titled so, or the variant titled so."""
    rules = open_rules(zrf)
    try:
        title = _load(rules).game(game).title
    except ZrfError as e:
        raise ValueError(str(e)) from None
    written = {g.title: g.variant for z in built_downloads(catalogue, catalogue.variants).manifest.zrf for g in z.games}
    name = written.get(title) or next((v.name for v in catalogue.variants if v.title == title), None)
    v = catalogue.get(name) if name else None
    if v is None:
        raise ValueError(
            f"{rules.label}: {title!r} is no game of this catalogue's: a FEN is read as a catalogue variant reads it "
            "(give --catalogue FILE, the catalogue its download was built from)"
        )
    return v


def find_game(rules: RulesFile, v: Variant, entry: GameEntry) -> Game:
    """The game of ``rules`` titled as the manifest says ``v``'s was written, or as the catalogue titles it."""
    titles = rules.titles()
    for t in (entry.title, v.title):
        if t in titles:
            return rules.game(t)
    shown = "; ".join(repr(t) for t in titles) or "none"
    raise EngineError(
        f"{Target.ZILLIONS}: {rules.path} has no game or variant titled {entry.title!r} (for {v.name}); "
        f"its titles: {shown}"
    )


def _fenlike(board: str, pocket: str, side: str) -> str:
    pocket = "".join(sorted(pocket, key=lambda c: (c.islower(), c)))
    return f"{board}{f'[{pocket}]' if pocket else ''} {side}"


def zrf_start(state: State, notation: Notation, v: Variant) -> str:
    """The interpreter's position as ``board[pocket] side`` on the catalogue's board: ``*`` where the
    file has no live position, ``?`` for an owner other than White and Black; the pocket holds the
    pieces in the stores and those on the notation's hand positions; pieces on other live non-dummy
    positions off the catalogue's board are appended as ``+name@position``."""
    prog = state.prog
    b = prog.game.board
    live = set(prog.live)

    def letter(code: int) -> str:
        owner = prog.players[code & 15]
        ch = notation.letter(code >> 4 & 0xFFF)
        return {"w": ch.upper(), "b": ch.lower()}.get(PLAYERS.get(owner, ""), "?")

    rows, seen = [], set()
    for r in range(v.board.ranks, 0, -1):
        row, run = "", 0
        for f in range(v.board.files):
            name = f"{'abcdefghijklmnopqrstuvwxyz'[f]}{r}"
            i = prog.index.get(name, -1)
            seen.add(i)
            code = state.board[i] if i in live else None
            if code is not None and code < 0:
                run += 1
                continue
            if run:
                row, run = row + str(run), 0
            row += "*" if code is None else letter(code)
        rows.append(row + (str(run) if run else ""))
    extra = [
        f"+{letter(state.board[i])}@{prog.names[i]}"
        for i in prog.live
        if i not in seen and i not in b.dummies and i not in notation.hand and state.board[i] >= 0
    ]
    pocket = "".join(letter(state.board[i]) for i in sorted(notation.hand) if state.board[i] >= 0)
    side = PLAYERS.get(state.player, "?")
    return _fenlike("/".join(rows), pocket + _stores(state, notation), side) + "".join(f" {x}" for x in extra)


def _stores(state: State, notation: Notation) -> str:
    """The pieces in Zillions' own stores, as pocket letters."""
    out = ""
    for owner, counts in enumerate(state.stores):
        for t, n in enumerate(counts):
            if n > 0:
                ch = notation.letter(t)
                out += (ch.upper() if PLAYERS.get(state.prog.players[owner]) == "w" else ch.lower()) * n
    return out


def set_up(prog_state: State, entry: GameEntry, v: Variant, fen: str) -> State:
    """A new state of ``prog_state``'s game at the position of ``fen`` (Fairy-Stockfish's dialect, read by
    the reference as ``v``); ``ValueError`` for a piece the manifest gives no ZRF name, or a side
    the turn order never gives the move."""
    pos = Position.from_fen(v, fen)
    rules, prog = pos.rules, prog_state.prog
    st = State(prog)
    hand = [prog.index[n] for n in entry.hand if n in prog.index]
    for name in (rules.geo.name(s) for s in range(rules.geo.size)):
        if name in prog.index:
            st.board[prog.index[name]] = -1
    for i in hand:
        st.board[i] = -1
    st.stores = [[0] * len(prog.type_names) for _ in prog.players]
    types = {letter: prog.type_names.index(zrf) for letter, zrf in entry.pieces}
    owners = [prog.pindex[name] for name, _ in sorted(PLAYERS.items(), key=lambda x: x[1] != "w")]

    def code(t: int, color: int, origin: int = -1) -> int:
        letter = rules.letters[t]
        # a piece promoted by piece stands as its promoted form, where the file has one (+L: PromotedLance),
        # not a pawn's ordinary choice (a Q~ queen)
        form = f"+{rules.letters[origin]}" if origin >= 0 and rules.promotes_to[origin] == t else ""
        letter = form if form in types else letter
        if letter not in types:
            raise ValueError(f"the manifest names no ZRF piece for {letter!r}")
        return prog.code(types[letter], owners[color])

    promoted = pos.promoted()
    setting_up = _setting_up(pos)
    for s in bits(pos.occupied):
        c = pos.board[s]
        z = code(c >> 1, c & 1, pos.unpromoted[s])
        z = _attribute(prog, z, entry.unmoved, bool(pos.unmoved >> s & 1) or setting_up[c & 1])
        z = _attribute(prog, z, entry.promoted, bool(promoted >> s & 1))
        st.board[prog.index[rules.geo.name(s)]] = z
    _walls(st, pos, types, owners[0])
    _pair(st, entry)
    _use_up_rights(st, entry, pos)
    for color in Color:
        side = hand[len(hand) // 2 :] if color is Color.BLACK else hand[: len(hand) // 2]
        for t, n in enumerate(pos.pockets[color]):
            for _ in range(n):
                z = code(t, color)
                if side:
                    st.board[side.pop(0)] = z
                else:
                    st.stores[owners[color]][z >> 4 & 0xFFF] += 1
    st.ply = _ply(st, owners[pos.turn])
    if st.ply < 0:
        raise ValueError(f"the turn order never gives {prog.players[owners[pos.turn]]} the move")
    if pos.ep_victim >= 0:
        st.last_from, st.last_to = _multi_step(pos, prog.index), prog.index[rules.geo.name(pos.ep_victim)]
    st.track_history()
    return st


def _pair(st: State, entry: GameEntry) -> None:
    """A side holding more than one piece of the forms the manifest pairs stands them as their paired forms."""
    prog = st.prog
    named = dict(entry.pieces)
    paired = {prog.type_names.index(named[x]): prog.type_names.index(name) for x, name in entry.paired}
    for owner in range(len(prog.players)):
        squares = [i for i, z in enumerate(st.board) if z >= 0 and z & 15 == owner and z >> 4 & 0xFFF in paired]
        for i in squares if len(squares) > 1 else ():
            st.board[i] = st.board[i] & ~0xFFF0 | paired[st.board[i] >> 4 & 0xFFF] << 4


def _walls(st: State, pos: Position, types: dict[str, int], owner: int) -> None:
    """The walls of ``pos`` on ``st``'s board: the piece the manifest letters ``*``, ``owner``'s (no piece
    lands on a wall, whoever's it is)."""
    for s in bits(pos.walls):
        if "*" not in types:
            raise ValueError("the manifest names no ZRF piece for a wall ('*')")
        st.board[st.prog.index[pos.rules.geo.name(s)]] = st.prog.code(types["*"], owner)


def _setting_up(pos: Position) -> list[bool]:
    """Per colour, whether all its pieces count as never moved: where a dropped king and rook gain castling,
    nothing has moved while a side still holds pieces (set-up turns), though the reference counts a king
    unmoved only once a rook stands by it."""
    set_up = pos.rules.set_up
    return [set_up is not None and set_up.castling and any(pos.pockets[c]) for c in Color]


def _ply(st: State, player: int) -> int:
    """The first ply of the turn order at which ``player`` moves with as many of its set-up turns to come (the
    turns before ``repeat`` of a move type, as the corpus's Duke.zrf writes them) as it holds pieces in its
    store, or any ply of ``player`` from ``repeat`` on (-1 where ``player`` never moves)."""
    prog = st.prog
    held = sum(st.stores[player])
    for k in range(len(prog.turns) + 2):
        if st.turn_after(k).player != player:
            continue
        to_come = sum(1 for t in prog.turns[k : prog.repeat_from] if t.player == player and t.mtype >= 0)
        if to_come == held or k >= prog.repeat_from:
            return k
    return -1


def _use_up_rights(st: State, entry: GameEntry, pos: Position) -> None:
    """The swap-right tokens of ``entry`` off the board where ``pos`` says a side has used them."""
    for i, sides in enumerate(entry.tokens):
        for color, positions in zip(Color, sides, strict=True):
            for name in positions[pos.swaps_left[color][i] :]:
                st.board[st.prog.index[name]] = -1


def _attribute(prog: Program, code: int, name: str, on: bool) -> int:
    """``code`` with the attribute ``name`` set to ``on``, where its type has that attribute."""
    mask = prog.attrs.get(name)
    t = code >> 4 & 0xFFF
    if mask is None or name not in prog.game.pieces[prog.type_names[t]].attributes:
        return code
    return code | mask if on else code & ~mask


def _multi_step(pos: Position, index: dict[str, int]) -> int:
    """Where the pawn that may be taken en passant came from: beyond the en passant square farthest from it."""
    geo = pos.rules.geo
    victim = pos.ep_victim
    far = max(bits(pos.ep), key=lambda s: abs(geo.rank_of(s) - geo.rank_of(victim)))
    step = 1 if geo.rank_of(far) > geo.rank_of(victim) else -1
    return index[geo.name(geo.square(geo.file_of(far), geo.rank_of(far) + step))]


@dataclass
class _Line:
    """One variant's interpreter state, on the last line of moves asked, with each position's moves."""

    variant: Variant
    title: str
    state: State
    notation: Notation
    entry: GameEntry
    moves: list[str] = field(default_factory=list)
    legal: list[dict[str, ZMove] | None] = field(default_factory=lambda: [None])

    def here(self) -> dict[str, ZMove]:
        got = self.legal[-1]
        if got is None:
            got = self.legal[-1] = self.notation.moves(self.state)
        return got

    def go(self, moves: Sequence[str]) -> None:
        """Put the state on ``moves`` from the start; ``ValueError`` for a move it does not have
        (the state then stays on the longest legal part)."""
        k = 0
        n = min(len(moves), len(self.moves))
        while k < n and moves[k] == self.moves[k]:
            k += 1
        while len(self.moves) > k:
            self.state.pop()
            self.moves.pop()
            self.legal.pop()
        for text in moves[k:]:
            # a move Zillions lists as another that leaves the same position is followed as that one
            m = self.here().get(text) or self.notation.merged_into(self.state, text)
            if m is None:
                raise ValueError(
                    f"move {len(self.moves) + 1} {text!r} is not legal in {self.title} here "
                    f"(after {' '.join(self.moves) or 'the start'})"
                )
            self.state.push(m)
            self.moves.append(text)
            self.legal.append(None)


class Zillions(OnePosition):
    """An :class:`~generator.check.compare.EngineAdapter` for Zillions rules files.

    ``variants`` are the catalogue variants to check.  Each is read from its download's file: with
    ``zrf`` from that file (a ``.zrf`` or a ``.zip`` holding one), else with ``out`` from the zip a
    build wrote there (``notes`` says which differ from a fresh build), else from a fresh build.
    """

    name = Target.ZILLIONS
    batch_size = 64

    def __init__(
        self, catalogue: Catalogue, variants: Sequence[Variant], zrf: str | Path | None = None, out: Path | None = None
    ) -> None:
        self.lines: dict[str, _Line] = {}
        self.set_ups: dict[tuple[str, str], _Line] = {}  # (variant, FEN) -> a line from that position
        files: dict[str, RulesFile] = {}  # label -> the file
        built = built_downloads(catalogue, variants, out if zrf is None else None)
        self.notes = built.notes
        given = None if zrf is None else open_rules(zrf)
        for v in variants:
            entry = built.game(v)
            rules = given or Rules(built.label(v), built.texts[built.manifest.game_of(v.name)[0].download], _no_include)
            label = rules.label
            if label not in files:
                files[label] = _load(rules)
            game = find_game(files[label], v, entry)
            try:
                state = start(game)
                notation = Notation(state.prog, entry.letters(), hand=entry.hand, onto_rook=entry.castling_onto_rook)
            except ZrfError as e:
                raise EngineError(f"{Target.ZILLIONS}: {v.name}: cannot play {game.title!r} of {label}: {e}") from None
            got = zrf_start(state, notation, v)
            if got != entry.start:
                raise EngineError(
                    f"{Target.ZILLIONS}: {v.name}: {game.title!r} of {label} starts from {got!r}, "
                    f"the catalogue from {entry.start!r}"
                )
            state.track_history()
            self.lines[v.name] = _Line(v, game.title, state, notation, entry)
        self.sources = list(files)

    # -- the adapter protocol --------------------------------------------------------------------------

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]:
        line = self.lines.get(variant)
        if line is None:
            raise EngineError(
                f"{Target.ZILLIONS}: {variant!r} is not one of the variants loaded and verified "
                f"({', '.join(self.lines) or 'none'})"
            )
        out: list[Answer] = []
        for q in queries:
            try:
                line = self.line(variant, q.fen)
                line.go(q.moves)
                end = line.state.outcome()
                moves = frozenset() if end is not None else frozenset(line.here())
            except ZrfError as e:  # a run-time problem of the file (a bad name reached, a loop...)
                out.append(Answer(frozenset(), error=f"the interpreter failed: {e}"))
                continue
            except ValueError as e:
                out.append(Answer(frozenset(), error=f"cannot set up the position: {e}"))
                continue
            result = end.result if end is not None else None
            claim = result if q.claim and result == "1/2-1/2" else None
            out.append(Answer(moves, result, claim))
        return out

    def line(self, variant: str, fen: str | None) -> _Line:
        """The line from the start, or from ``fen`` (set up on first use); ``ValueError`` if it cannot be set up."""
        line = self.lines[variant]
        if fen is None:
            return line
        got = self.set_ups.get((variant, fen))
        if got is None:
            v = relaxed(line.variant, Target.ZILLIONS)
            state = set_up(line.state, line.entry, v, fen)
            got = self.set_ups[variant, fen] = _Line(v, line.title, state, line.notation, line.entry)
        return got

    def close(self) -> None:
        self.lines = {}
        self.set_ups = {}

    def __enter__(self) -> Zillions:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def perft_generated(
    catalogue: Catalogue,
    variant: str | Variant,
    depth: int,
    divide: bool = False,
    moves: Sequence[str] = (),
    fen: str | None = None,
    zrf: str | None = None,
) -> int:
    """Perft ``depth`` of ``variant`` through the .zrf generated for its download (or the game of ``zrf``
    built for it), from ``fen`` (Fairy-Stockfish's dialect; default: the game's own setup) after the UCI
    ``moves``; prints ``move: count`` lines (with ``divide``) and ``Nodes searched: N``, and returns N.
    Bad input (unknown variant, negative depth, a FEN the game cannot stand, an illegal move) raises
    ``ValueError``."""

    if isinstance(variant, str):
        v = catalogue.get(variant)
        if v is None:
            raise ValueError(f"unknown variant {variant!r}; known: {', '.join(catalogue.names())}")
    else:
        v = variant
    if depth < 0:
        raise ValueError(f"depth {depth} must be 0 or more")
    try:
        engine = Zillions(catalogue, [v], zrf)
    except EngineError as e:
        raise ValueError(str(e)) from None
    where = f"{v.name} ({zrf or 'generated .zrf'})"
    try:
        line = engine.line(v.name, fen)
    except ValueError as e:
        raise ValueError(f"{where}: cannot set up {fen!r}: {e}") from None
    try:
        line.go(list(moves))
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
    state = line.state
    state.history = None  # perft counts move paths: no repetition, as the reference's perft
    return print_perft(state, depth, divide, line.notation.uci)


__all__ = [
    "Built",
    "Zillions",
    "built_downloads",
    "find_game",
    "perft_generated",
    "titles_of",
    "variant_of_game",
    "zrf_start",
]
