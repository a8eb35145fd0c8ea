"""Explosions (``explosions``: the atomic family) in the Zillions downloads: the blasts the file writes
(:mod:`generator.emit.zillions.blasts`) against the reference, by perft from the start and along random games
and positions crowded with pieces, where every capture explodes among them.

Zillions lists two moves that leave the same position as one (the named limitation ``explosions-alike``):
there the reference's extra move must leave the very position of a move the download lists."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from support import around, legal_uci, placed_fen

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Explosions, Square, Variant
from generator.check.compare import Query, alike
from generator.check.ending_cycles import spell
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.engine import Position
from generator.engine.perft import perft
from generator.engine.special import pseudo_royal_attacked
from generator.zrf.interpreter import perft as zrf_perft

CAT = load_catalogue(find_catalogue("fairy-stockfish"))
EXACT = ("nocheckatomic", "atomar", "atomic")


def _variant(name: str) -> Variant:
    v = CAT.get(name)
    assert v is not None
    return v


def _blows_up_in_check(pos: Position, text: str) -> bool:
    """Whether the move blows up the other king and leaves the mover's own attacked: a move Zillions' checkmate
    goal alone would forbid, which the file makes winning by crowning the mover's king."""
    m = next(m for m in pos.legal_moves() if spell(pos, m) == text)
    us, king = pos.turn, pos.rules.type_of["K"]
    pos.push(m)
    try:
        mine = pos.pieces(king, us)
        gone = not pos.pieces(king, 1 - us)
        return gone and bool(mine) and pos.attacked(mine.bit_length() - 1, 1 - us, pos.occupied)
    finally:
        pos.pop()


def _unexplained(pos: Position, got: frozenset[str]) -> list[str]:
    """The moves one side alone has, but for moves alike (``explosions-alike``: one listed for those that
    leave the same position, :func:`generator.check.compare.alike`)."""
    legal = frozenset(spell(pos, m) for m in pos.legal_moves()) if pos.outcome() is None else frozenset()
    return [] if legal == got or alike(Target.ZILLIONS, pos, legal, got) else sorted(legal ^ got)


def _games(v: Variant, games: int, plies: int) -> Iterator[tuple[str, ...]]:
    for g in range(games):
        rng, pos, played = random.Random(f"blasts:{v.name}:{g}"), Position.start(v), []
        for _ in range(plies):
            yield tuple(played)
            legal = [(spell(pos, m), m) for m in pos.legal_moves()] if pos.outcome() is None else []
            if not legal:
                break
            text, m = rng.choice(sorted(legal, key=lambda x: x[0]))
            played.append(text)
            pos.push(m)


def _position(v: Variant, played: tuple[str, ...]) -> Position:
    pos = Position.start(v)
    for text in played:
        pos.push(next(m for m in pos.legal_moves() if spell(pos, m) == text))
    return pos


@pytest.mark.parametrize("name", EXACT)
def test_the_download_writes_the_explosions_and_names_only_moves_alike(name: str) -> None:
    rules = {x.rule for x in limitations(_variant(name), Target.ZILLIONS)}
    assert {"explosions", "mutually-immune", "pseudo-royal"} & rules == set()
    assert "explosions-alike" in rules and "royal-blown-up" not in rules


def test_a_blast_that_makes_walls_is_left_out_and_atomic_s_king_stays_pseudo_royal() -> None:
    atomic = _variant("atomic")
    walls = dataclasses.replace(atomic, explosions=Explosions(petrify_blast=True))
    assert {"explosions", "pseudo-royal"} <= {x.rule for x in limitations(walls, Target.ZILLIONS)}
    assert relaxed(walls, Target.ZILLIONS).explosions is None
    # written royal, atomic's king keeps its rules in the variant the download is checked against
    assert relaxed(atomic, Target.ZILLIONS).goals.extinction == atomic.goals.extinction


@pytest.mark.parametrize("name", EXACT)
def test_perft_from_the_start_is_the_reference_s(name: str) -> None:
    v = _variant(name)
    with Zillions(CAT, [v]) as engine:
        assert zrf_perft(engine.lines[v.name].state.copy(), 3) == perft(Position.start(v), 3) == 8902


@pytest.mark.parametrize("name", EXACT)
def test_random_games_play_the_reference_s_moves(name: str) -> None:
    v = _variant(name)
    lines = list(_games(v, 12, 70))
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, [Query(played) for played in lines])
    wrong, alike = [], 0
    for played, got in zip(lines, answers, strict=True):
        assert got.error is None, (played, got.error)
        pos = _position(v, played)
        off = _unexplained(pos, got.moves)
        if off:
            wrong.append((" ".join(played), off))
        legal = legal_uci(pos) if pos.outcome() is None else set()
        alike += legal != got.moves
    assert not wrong, wrong[:3]
    # the games met captures alike, and a king taken or blown up
    assert alike >= 1 and sum(1 for got in answers if not got.moves) >= 1


def _crowded(v: Variant, count: int, seed: int) -> list[str]:
    """White to move: both kings and pieces of both sides packed around a square, so most captures blow up
    several pieces (pawns, immune pieces and kings among them), and the kings often stand side by side."""
    rng = random.Random(seed)
    kinds = [p.letter for p in v.pieces if p.letter != "K"]
    out: list[str] = []
    while len(out) < count:
        centre = Square(rng.randrange(1, v.board.files - 1), rng.randrange(1, v.board.ranks - 1))
        near = around(v, centre, 2)
        rng.shuffle(near)
        placed = {near.pop(): "K", near.pop(): "k"}
        for sq in near[: rng.randrange(6, 14)]:
            if sq.rank in (0, v.board.ranks - 1) and rng.random() < 0.5:
                continue
            x = rng.choice(kinds)
            if x == "P" and sq.rank in (0, v.board.ranks - 1):
                continue
            placed[sq] = x if rng.random() < 0.5 else x.lower()
        fen = placed_fen(v, placed)
        try:
            pos = Position.from_fen(v, fen)
        except ValueError:
            continue
        pos.turn = 1 - pos.turn  # the side not to move must not be in check
        if pseudo_royal_attacked(pos):
            continue
        pos.turn = 1 - pos.turn
        if pos.outcome() is None:
            out.append(pos.fen())
    return out


@pytest.mark.parametrize("name", EXACT)
def test_crowded_positions_explode_as_the_reference_says(name: str) -> None:
    v = _variant(name)
    fens = _crowded(v, 150, seed=7)
    with Zillions(CAT, [v]) as engine:
        answers = engine.probe(v.name, [Query((), fen=fen) for fen in fens])
    wrong, won_in_check = [], 0
    for fen, got in zip(fens, answers, strict=True):
        assert got.error is None, (fen, got.error)
        pos = Position.from_fen(v, fen)
        off = _unexplained(pos, got.moves)
        if off:
            wrong.append((fen, off))
        won_in_check += name == "atomic" and any(_blows_up_in_check(pos, m) for m in got.moves)
    assert not wrong, wrong[:3]
    # atomic's blasts on the other king that leave one's own attacked were met, and played
    assert won_in_check >= (5 if name == "atomic" else 0)


def test_moves_alike_are_judged_by_the_position_they_leave_and_followed_as_the_one_listed() -> None:
    # Black's pawn takes on h1 and promotes, the new piece blown up at once: four moves of the reference, one
    # of Zillions'
    v = _variant("atomic")
    fen = "r3k3/pq1b4/2p5/3p3p/4PP1P/P1P5/6p1/Q3K2R b - - 1 34"
    pos = Position.from_fen(v, fen)
    expected = frozenset(legal_uci(pos))
    with Zillions(CAT, [v]) as engine:
        here, after = engine.probe(v.name, [Query((), fen=fen), Query(("g2h1b",), fen=fen)])
    promotions = {m for m in expected if m.startswith("g2h1")}
    assert len(promotions) == 4 and len(promotions & here.moves) == 1 and expected - here.moves <= promotions
    assert alike(Target.ZILLIONS, pos, expected, here.moves)
    assert not alike(Target.FAIRY_STOCKFISH, pos, expected, here.moves)  # an engine that lists every spelling
    other = min(m for m in here.moves if not m.startswith("g2h1"))
    assert not alike(Target.ZILLIONS, pos, expected, here.moves - {other})  # a move with none alike, missing
    # the line goes on through the spelling Zillions merged, to the position the reference reaches
    pos.push_uci("g2h1b")
    assert after.error is None and after.moves == frozenset(legal_uci(pos))


def test_a_blast_that_takes_the_other_king_wins_though_the_winner_s_king_is_crowned() -> None:
    # the queen takes the king beside nothing: both go, White's king is crowned (no longer a King by type) and
    # still White has a king, Black none
    v = _variant("atomic")
    fen = "4K3/8/8/8/5k2/6Q1/8/8 w - - 0 1"
    with Zillions(CAT, [v]) as engine:
        [after] = engine.probe(v.name, [Query(("g3f4",), fen=fen)])
    assert after.error is None and not after.moves and after.result == "1-0"
