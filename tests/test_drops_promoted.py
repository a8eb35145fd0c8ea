"""Promoted drops (``drops.promoted``: Fairy-Stockfish's ``dropPromoted``): a piece in hand that promotes
by piece may also be dropped as the piece it promotes to (``+S@c3``), which remembers what it was and goes
back to hand as that.  Held to pyffish playing our own section of minishogi with the rule (kyoto shogi,
the built-in that has it, in tests/test_kyotoshogi.py); the ini's row and read-back, the Zillions download
(a second drop from the hand position, as the promoted form) and where it stays a named limitation, the words."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pyffish
import pytest
from support import fsf_entry, ini_options, pyffish_perft

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.check.compare import check_variant
from generator.check.zillions import Zillions
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine import Position, uci
from generator.engine.perft import perft

NAME = "minishogipromoteddrops"


def _variant() -> Variant:
    m = fsf_entry("minishogi")
    assert m.drops is not None
    return dataclasses.replace(m, name=NAME, drops=dataclasses.replace(m.drops, promoted=True))


@pytest.fixture(scope="module")
def section() -> Variant:
    v = _variant()
    options = ini_options(v)
    text = f"[{NAME}]\n" + "".join(f"{k} = {x}\n" for k, x in options.items()) + f"startFen = {start_fen(v)}\n"
    pyffish.load_variant_config(text)
    return v


def _placed(fen: str) -> tuple[str, list[str]]:
    """The board and the hand (in any order: pyffish's differs) of a FEN."""
    board, _, hand = fen.split()[0].partition("[")
    return board, sorted(hand.rstrip("]"))


def _same(pos: Position, fen: str, moves: list[str]) -> set[str]:
    ours = {uci(pos.rules, m) for m in pos.legal_moves()}
    assert ours == set(pyffish.legal_moves(NAME, fen, moves)), moves
    return ours


@pytest.mark.parametrize(
    "fen",
    [
        "rbsgk/4p/5/P4/KGSBR[Ss] w - - 0 1",  # a silver in hand: as itself or as a bishop
        "rbsgk/4p/5/5/KGSBR[PPp] w - - 0 1",  # pawns: one per file, as tokins anywhere on the file too
        "rbsgk/4p/5/P4/KGS1R[BRbr] b - - 0 1",  # bishops and rooks: as horses and dragons
    ],
)
def test_a_piece_in_hand_drops_as_itself_or_promoted_as_in_pyffish(section: Variant, fen: str) -> None:
    pos = Position.from_fen(section, fen)
    moves = _same(pos, fen, [])
    assert any(m.startswith("+") for m in moves)


def test_a_dropped_promoted_piece_is_written_promoted_and_goes_back_to_hand_as_itself(section: Variant) -> None:
    fen = "rbsgk/4p/5/P4/KGSBR[Ss] w - - 0 1"
    line = ["+S@e3", "e4e3"]  # a silver dropped as a horse, taken: to Black's hand as a silver
    pos = Position.from_fen(section, fen)
    for i, m in enumerate(line):
        pos.push_uci(m)
        assert pos.fen().split()[0] == pyffish.get_fen(NAME, fen, line[: i + 1]).split()[0]
    assert pos.fen().split()[0] == "rbsgk/5/4p/P4/KGSBR[ss]"
    pos.pop()
    assert pos.fen().split()[0] == "rbsgk/4p/4+S/P4/KGSBR[s]"


def test_random_games_agree_with_pyffish(section: Variant) -> None:
    fen = "rbsgk/4p/5/P4/KGSBR[SPsp] w - - 0 1"
    for game in range(4):
        rng = random.Random(f"promoted drops {game}")
        pos = Position.from_fen(section, fen)
        played: list[str] = []
        for _ in range(60):
            moves = _same(pos, fen, played)
            if not moves:
                break
            m = rng.choice(sorted(moves))
            pos.push_uci(m)
            played.append(m)
            assert _placed(pos.fen()) == _placed(pyffish.get_fen(NAME, fen, played)), played


def test_the_row_the_read_back_zillions_and_the_words() -> None:
    v = _variant()
    options = ini_options(v)
    assert options["dropPromoted"] == "true" and "dropPromoted" not in ini_options(fsf_entry("minishogi"))
    assert read_section({**options, "startFen": start_fen(v)}).drops == stated(v).drops
    # written in the download (test_the_zillions_download_drops_either_way_up); with promoted pieces kept in
    # hand it is not, and stays a named limitation
    assert "drop-promoted" not in [x.rule for x in limitations(v, Target.ZILLIONS)]
    assert (
        v.drops is not None
        and relaxed(v, Target.ZILLIONS).drops is not None
        and relaxed(v, Target.ZILLIONS).drops.promoted
    )
    kept = dataclasses.replace(v, drops=dataclasses.replace(v.drops, keep_promoted=True))
    assert "drop-promoted" in [x.rule for x in limitations(kept, Target.ZILLIONS)]
    assert relaxed(kept, Target.ZILLIONS).drops is not None and not relaxed(kept, Target.ZILLIONS).drops.promoted
    assert "may also be dropped as what it promotes to" in dict(rules_in_short(v))["Drops"]


def test_perft_counts_the_promoted_drops_as_pyffish(section: Variant) -> None:
    fen = "rbsgk/4p/5/P4/KGSBR[SPsp] w - - 0 1"
    pos = Position.from_fen(section, fen)
    assert [perft(pos, d) for d in (1, 2, 3)] == [pyffish_perft(NAME, fen, [], d) for d in (1, 2, 3)]


def test_the_zillions_download_drops_either_way_up(section: Variant, tmp_path: Path) -> None:
    # the rook takes the pawn on e4 and the gold takes the rook: White drops its pawn as itself or as a tokin,
    # either off file a (one per file counts for both), and only the tokin on its last rank (d5), in the
    # download as in pyffish
    path = tmp_path / "drops.yaml"
    text = Path(FAIRY_STOCKFISH_CATALOGUE).read_text(encoding="utf-8")
    entry = f"\n  {NAME}:\n    extends: minishogi\n    title: Minishogi with promoted drops\n"
    entry += "    drops: {promoted: true}\n"
    path.write_text(text + entry, encoding="utf-8")
    v = load_catalogue(path).get(NAME)
    assert v is not None and v.drops == section.drops
    fen = start_fen(v)
    with Zillions(load_catalogue(path), [v]) as engine:
        line = ["e1e4", "d5e4"]
        drops = {m for m in engine.legal_moves(NAME, line) if "@" in m}
        assert drops == {m for m in pyffish.legal_moves(NAME, fen, line) if "@" in m}
        assert {"+P@d5", "+P@e3", "P@e3"} <= drops and not {"P@d5", "+P@a3", "P@a3"} & drops
        assert engine.legal_moves(NAME, [*line, "+P@d5"]) == set(pyffish.legal_moves(NAME, fen, [*line, "+P@d5"]))
        report = check_variant(v, engine, depth=2, games=4, plies=80, seed=7)
        assert report.ok, report.disagreement.describe()
