"""What several test files share: the catalogues' names and entries, the ini options and legal moves of an
entry, how pyffish counts and plays it, and how a reported disagreement is judged."""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pyffish
import pytest

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue, load_catalogue_text
from generator.catalogue.model import Catalogue, Square, Variant
from generator.check.command import cmd_check, register
from generator.check.compare import Query, VariantReport
from generator.check.zillions import Zillions
from generator.cli import main
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.options import option_groups
from generator.emit.fidelity import relaxed
from generator.engine import Position, uci

#: The shipped catalogue's variants, in file order.
CATALOGUE_NAMES = [
    "chess",
    "ajax-chess",
    "ajax-ministers-chess",
    "ajax-capablanca-ministers",
    "ajax-capablanca",
    "ajax-bigamous",
    "ajax-bigamous-no-drops",
    "prime-ministers-chess",
    "prime-ministers-chess-2",
    "prime-ministers-chess-3",
    "prime-ministers-chess-4",
    "bipartite-stage-one",
    "bipartite-stage-two-white-diagonal",
    "bipartite-stage-two-white-orthogonal",
]


#: Fairy-Stockfish's built-ins as a catalogue (catalogues/fairy-stockfish.yaml), loaded once.
FSF_CATALOGUE = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)


def fsf_entry(name: str) -> Variant:
    """The entry ``name`` of catalogues/fairy-stockfish.yaml."""
    v = FSF_CATALOGUE.get(name)
    assert v is not None, name
    return v


def legal_uci(pos: Position) -> set[str]:
    """The legal moves of ``pos`` in Fairy-Stockfish's UCI."""
    return {uci(pos.rules, m) for m in pos.legal_moves()}


def assert_random_games_agree(
    name: str,
    games: int,
    plies: int,
    same: Callable[[str], object] = lambda fen: fen,
    variant: Variant | None = None,
) -> None:
    """``games`` random games of the entry ``name`` (or of ``variant``, loaded into pyffish under that name),
    up to ``plies`` plies each, from pyffish's own start position: every position's legal moves equal
    pyffish's and its FEN (through ``same``) pyffish's."""
    v = variant or fsf_entry(name)
    start = pyffish.get_fen(name, pyffish.start_fen(name), [])
    for game in range(games):
        rng = random.Random(f"{name}:{game}")
        pos = Position.start(v)
        played: list[str] = []
        for _ in range(plies):
            assert same(pos.fen()) == same(pyffish.get_fen(name, start, played)), played
            legal = legal_uci(pos)
            assert legal == set(pyffish.legal_moves(name, start, played)), played
            if not legal:
                break
            played.append(rng.choice(sorted(legal)))
            pos.push_uci(played[-1])
        assert same(pos.fen()) == same(pyffish.get_fen(name, start, played)), played
        assert played, f"{name}: game {game} played no move"


def ini_options(v: Variant) -> dict[str, str]:
    """Every option of ``v``'s ini section, by name (the start position aside)."""
    return dict(o for group in option_groups(v) for o in group.options)


def load_section(v: Variant) -> None:
    """Load ``v``'s own ini section into pyffish, under ``v``'s name."""
    options = ini_options(v)
    text = f"[{v.name}]\n" + "".join(f"{k} = {x}\n" for k, x in options.items()) + f"startFen = {start_fen(v)}\n"
    pyffish.load_variant_config(text)


def pyffish_perft(name: str, fen: str, moves: list[str], depth: int) -> int:
    """pyffish's built-in ``name`` counted ``depth`` plies deep from ``fen`` after ``moves``: the
    independent count our perft is held to."""
    legal = pyffish.legal_moves(name, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(pyffish_perft(name, fen, [*moves, m], depth - 1) for m in legal)


def check_args(*argv: str) -> argparse.Namespace:
    """``variantgen check ARGV`` parsed, with ``run`` set to the command."""
    parser = argparse.ArgumentParser(prog="variantgen")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--catalogue")
    register(parser.add_subparsers(dest="command"), [common])
    return parser.parse_args(["check", *argv])


def assert_check_agrees(text: str, engine: str, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``variantgen check`` of the catalogue ``text`` (written into ``folder``) through ``engine``, perft
    depth 2 and 4 random games: exit status 0, and every variant agrees."""
    path = folder / "catalogue.yaml"
    path.write_text(text, encoding="utf-8")
    args = check_args("--catalogue", str(path), "--engine", engine, "--depth", "2", "--games", "4")
    assert cmd_check(load_catalogue_text(text, str(path)), args) == 0, capsys.readouterr().out
    assert "all agree" in capsys.readouterr().out


def assert_disagreement(
    report: VariantReport, v: Variant, engine: str, only_reference: set[str], only_engine: set[str], what: object
) -> None:
    """The report names the variant, the engine and exactly the differing moves, and its FEN is the
    position the reported moves lead to."""
    d = report.disagreement
    assert d is not None, f"{what!r} went unnoticed"
    assert d.variant == v.name and d.engine == engine
    assert set(d.only_reference) == only_reference and set(d.only_engine) == only_engine
    pos = Position.start(relaxed(v, engine))
    for m in d.moves:
        pos.push_uci(m)
    assert pos.fen() == d.fen
    text = d.describe()
    assert v.name in text and d.fen in text and all(m in text for m in only_reference | only_engine)


#: A small catalogue that loads (one 6x6 variant, "mini"), for tests that edit it into a bad one.
MINI = """\
families:
  fam: {title: Family}
variants:
  mini:
    title: Mini
    family: fam
    board: {files: 6, ranks: 6}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R}
      P: {name: Pawn, betza: fmWfcF, roles: [pawn]}
    setup:
      white: {K: [d1], R: [a1, f1], P: [a2-f2]}
      black: {K: [d6], R: [a6, f6], P: [a5-f5]}
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``variantgen ARGV`` in-process: the exit status (argparse's own exits too), standard output and error."""
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def placed_fen(v: Variant, placed: Mapping[Square, str], rest: str = "w - - 0 1", pocket: str | None = None) -> str:
    """The FEN of ``v``'s board with ``placed`` (square: letter, White's upper case) and nothing else, then
    ``pocket`` (``[...]``, where given) and ``rest``."""
    rows = ["".join(placed.get(Square(f, r), "1") for f in range(v.board.files)) for r in range(v.board.ranks)]
    board = "/".join(re.sub("1+", lambda run: str(len(run.group())), row) for row in reversed(rows))
    return f"{board}{'' if pocket is None else f'[{pocket}]'} {rest}"


def around(v: Variant, centre: Square, reach: int) -> list[Square]:
    """The squares of ``v``'s board at most ``reach`` steps from ``centre``, ``centre`` left out."""
    return [
        Square(f, r)
        for f in range(v.board.files)
        for r in range(v.board.ranks)
        if 0 < max(abs(f - centre.file), abs(r - centre.rank)) <= reach
    ]


def download_disagreements(catalogue: Catalogue, v: Variant, fens: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The positions among ``fens`` where ``v``'s Zillions download lists other moves than the reference (or
    cannot be set up), each with the moves one side alone has."""
    with Zillions(catalogue, [v]) as engine:
        answers = engine.probe(v.name, [Query((), fen=fen) for fen in fens])
    out = []
    for fen, got in zip(fens, answers, strict=True):
        legal = legal_uci(Position.from_fen(v, fen))
        if got.error is not None or got.moves != legal:
            out.append((fen, sorted(legal ^ got.moves) if got.error is None else [got.error]))
    return out
