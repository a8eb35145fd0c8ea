"""``variantgen check --engine zillions``: the ZRF interpreter on the generated rules files agrees with the
reference engine, and the check catches a file altered by one line.  Runs in-process, some 30 s."""

from __future__ import annotations

import random
import re
import zipfile
from pathlib import Path

import pyffish
import pytest
from shared_data import zillions_file
from support import assert_disagreement, check_args, run

from generator.catalogue import DEFAULT_CATALOGUE, find_catalogue, load_catalogue
from generator.catalogue.model import Variant
from generator.check.command import cmd_check
from generator.check.compare import EngineError, Query, check_variant
from generator.check.endings import prove_into
from generator.check.zillions import Zillions, perft_generated
from generator.emit.fidelity import limitations, relaxed
from generator.emit.output import build
from generator.emit.target import Target
from generator.emit.zillions import download_of, render_family
from generator.engine import Position, uci
from generator.engine.perft import perft

CAT = load_catalogue(DEFAULT_CATALOGUE)


def variant(name: str) -> Variant:
    v = CAT.get(name)
    assert v is not None
    return v


def altered(name: str, anchor: str, old: str, new: str) -> str:
    """The .zrf of ``name``'s family with one line changed: the first line after ``anchor`` holding
    ``old`` (a regular expression) gets it replaced by ``new``."""
    text = render_family(CAT, download_of(CAT, name).key)
    start = text.index(anchor)
    lines = text[start:].split("\n")
    hits = [i for i, line in enumerate(lines) if re.search(old, line)]
    assert hits, f"{old!r} not found after {anchor!r}"
    changed = re.sub(old, new, lines[hits[0]], count=1)
    assert changed != lines[hits[0]]
    lines[hits[0]] = changed
    return text[:start] + "\n".join(lines)


def write(tmp_path: Path, text: str, name: str = "altered.zrf") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="ascii")
    return path


# -- agreement ---------------------------------------------------------------------------------------


AGREE = [
    ("chess", 2, 2),
    ("ajax-chess", 1, 2),
    ("ajax-bigamous", 2, 2),
    ("prime-ministers-chess", 2, 2),
    ("bipartite-stage-one", 2, 2),
    ("bipartite-stage-two-white-diagonal", 2, 2),
]


def test_the_generated_files_agree_with_the_reference() -> None:
    variants = [variant(n) for n, _, _ in AGREE]
    with Zillions(CAT, variants) as engine:
        assert len(engine.sources) == 5  # one file per family, read once
        for (name, depth, games), v in zip(AGREE, variants, strict=True):
            report = check_variant(v, engine, depth=depth, games=games, plies=80, seed=1)
            assert report.ok, report.disagreement.describe()
            assert report.positions > 20 and report.moves > report.positions, name
    assert [x.rule for x in limitations(variant("bipartite-stage-one"), "zillions")] == []


def test_races_passes_and_repetition_draws() -> None:
    # seed 1: game 0 is won by a race at ply 124, game 1 drawn by threefold repetition at ply 126, where
    # Zillions' repetition goal ends the game itself (the reference lets a player claim the draw)
    v = variant("bipartite-stage-one")
    with Zillions(CAT, [v]) as engine:
        report = check_variant(v, engine, depth=0, games=2, plies=300, seed=1)
        assert report.ok, report.disagreement.describe()
        assert report.ends == {"race": 1, "3-fold repetition": 1}
        pos = Position.start(relaxed(v, "zillions"))
        played: list[str] = []
        while "0000" not in (moves := sorted(engine.legal_moves(v.name, played))):
            played.append(moves[-1])
            pos.push_uci(moves[-1])
        assert moves == ["0000"] and engine.result(v.name, played) is None


def test_a_game_costs_one_move_application_per_ply() -> None:
    v = variant("chess")
    with Zillions(CAT, [v]) as engine:
        state = engine.lines["chess"].state
        pushes = []
        push = state.push
        state.push = lambda m: (pushes.append(m), push(m))[1]  # type: ignore[method-assign]
        report = check_variant(v, engine, depth=0, games=1, plies=40, seed=3)
        assert report.ok and report.positions == 41
        assert len(pushes) == 40


def test_a_promoted_piece_has_moved() -> None:
    # a8 and b8 hold a promoted Bishop and a promoted Knight: neither has never moved, so no swap.  The
    # rules file once gave them (add Bishop ...)'s default never-moved? true, and offered a8b8.
    white = ["c2c4", "c4c5", "c5c6", "c6b7", "b7a8b", "b2b4", "b4b5", "b5b6", "b6b7", "b7b8n"]
    black = ["b8a6", "h8g6", "g6h8", "h8g6", "g6h8", "h8g6", "g6h8", "h8g6", "g6h8", "h8g6"]
    moves = [m for pair in zip(white, black, strict=True) for m in pair]
    v = variant("prime-ministers-chess")
    pos = Position.start(relaxed(v, "zillions"))
    for m in moves:
        pos.push_uci(m)
    assert pos.fen().startswith("BNbqkmb1r/p1ppppppp/n5n2/9/9/9/P2PPPPPP/RNBMKQBNR w")
    expected = {uci(pos.rules, m) for m in pos.legal_moves()}
    with Zillions(CAT, [v]) as engine:
        assert engine.legal_moves(v.name, moves) == expected and "a8b8" not in expected


# -- one altered line, one disagreement ----------------------------------------------------------------

MUTATIONS = [
    # the Ajax Knight's (1,2) leap north-north-east becomes a second north-east-east one: found at the start
    ("ajax-chess", "(name AjaxKnight)", r"\(leap nne add\)", "(leap nee add)", 1, 0, {"b1c3", "i1j3"}, set()),
    # the king lands on d1 when castling queenside, not b1: found in a random game
    (
        "ajax-chess",
        "(define castle-f1-b1-a1-c1",
        r"^   b1 (?=\(set-attribute never-moved\? false\) cascade)",
        "   d1 ",
        0,
        5,
        {"f1b1"},
        {"f1d1"},
    ),
    # no promotion to the Minister
    (
        "ajax-bigamous",
        "(define add-as-moved-or-promote",
        r" AjaxMinister(?= AjaxBishop)",
        "",
        0,
        1,
        {"c7c8m"},
        set(),
    ),
    # White's drop zone on rank 3 instead of rank 1
    (
        "ajax-bigamous",
        "(zone (name drop-zone) (players White)",
        r"a1 b1 c1 d1 e1 f1 g1 h1 i1",
        "a3 b3 c3 d3 e3 f3 g3 h3 i3",
        1,
        0,
        set(),
        {f"M@{f}3" for f in "abcdefghi"},
    ),
]


@pytest.mark.parametrize(
    ("name", "anchor", "old", "new", "depth", "games", "only_ref", "only_zrf"),
    MUTATIONS,
    ids=["ajax-knight-direction", "castling-square", "promotion-choice", "drop-zone"],
)
def test_check_reports_an_altered_line(
    tmp_path: Path,
    name: str,
    anchor: str,
    old: str,
    new: str,
    depth: int,
    games: int,
    only_ref: set[str],
    only_zrf: set[str],
) -> None:
    v = variant(name)
    path = write(tmp_path, altered(name, anchor, old, new))
    with Zillions(CAT, [v], zrf=path) as engine:
        report = check_variant(v, engine, depth=depth, games=games, plies=100, seed=1)
    assert_disagreement(report, v, "zillions", only_ref, only_zrf, new)


def test_the_command_checks_a_given_zrf_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path, altered("ajax-chess", "(name AjaxKnight)", r"\(step-no-capture nw add\)", "(step-no-capture ne add)")
    )
    args = check_args("ajax-chess", "--engine", "zillions", "--zrf", str(path), "--depth", "2", "--games", "0")
    assert cmd_check(CAT, args) == 1
    out = capsys.readouterr().out
    assert "DISAGREEMENT in ajax-chess (perft) between the reference and zillions" in out
    assert "moves only the reference has: b1a2" in out
    assert "1 disagree (ajax-chess)" in out


def test_the_command_reads_a_zip_and_checks_the_variants_it_has(capsys: pytest.CaptureFixture[str]) -> None:
    zipped = Path(__file__).resolve().parents[1] / "out" / "zillions" / "Bipartite Chess (variantgen).zip"
    args = check_args("--engine", "zillions", "--zrf", str(zipped), "--depth", "1", "--games", "1", "--plies", "20")
    assert cmd_check(CAT, args) == 0
    out = capsys.readouterr().out
    top = r"^zillions \(the ZRF interpreter\): 3 games of .*Bipartite Chess \(variantgen\)\.zip"
    assert re.search(top, out, re.M), out
    assert re.search(r"^bipartite-stage-one: \d+ positions, \d+ nodes compared, .*zillions \d+%\)$", out, re.M), out
    assert "chess:" not in out.replace("Bipartite Chess", "").replace("bipartite", "")
    assert out.rstrip().endswith("all agree")


def test_a_file_without_the_title_is_a_clear_error(tmp_path: Path) -> None:
    path = write(tmp_path, render_family(CAT, "chess"), "Chess.zrf")
    with pytest.raises(
        ValueError,
        match=r"has no game or variant titled 'Ajax Chess \(variantgen\)' \(for ajax-chess\); "
        r"its titles: 'Chess \(variantgen\)'",
    ):
        cmd_check(CAT, check_args("ajax-chess", "--engine", "zillions", "--zrf", str(path)))
    with pytest.raises(ValueError, match="no game titled as a catalogue variant; its titles: 'Nothing'"):
        cmd_check(
            CAT,
            check_args(
                "--engine",
                "zillions",
                "--zrf",
                str(
                    write(
                        tmp_path,
                        render_family(CAT, "chess").replace('(title "Chess (variantgen)")', '(title "Nothing")'),
                        "Nothing.zrf",
                    )
                ),
            ),
        )
    bad = tmp_path / "two.zip"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("a.zrf", "")
        zf.writestr("b.zrf", "")
    with pytest.raises(ValueError, match=r"two\.zip: the zip holds 2 \.zrf files \(a\.zrf, b\.zrf\): name one, as "):
        cmd_check(CAT, check_args("chess", "--engine", "zillions", "--zrf", str(bad)))
    with pytest.raises(ValueError, match=r"none\.zrf: cannot read the file"):
        cmd_check(CAT, check_args("chess", "--engine", "zillions", "--zrf", str(tmp_path / "none.zrf")))
    with pytest.raises(ValueError, match=r"zillions: .*broken\.zrf:1: unbalanced '\('"):
        cmd_check(
            CAT,
            check_args(
                "chess", "--engine", "zillions", "--zrf", str(write(tmp_path, '(game (title "Chess"', "broken.zrf"))
            ),
        )


def test_options_belong_to_their_engine() -> None:
    with pytest.raises(ValueError, match="--zrf is a Zillions file: use it with --engine zillions"):
        cmd_check(CAT, check_args("chess", "--zrf", "x.zrf"))
    with pytest.raises(ValueError, match=r"--ini is a Fairy-Stockfish file.*\(a Zillions file is --zrf FILE\)"):
        cmd_check(CAT, check_args("chess", "--engine", "zillions", "--ini", "x.ini"))
    with pytest.raises(
        ValueError, match="--uci is a Fairy-Stockfish binary: use it with --engine fairy-stockfish, not z"
    ):
        cmd_check(CAT, check_args("chess", "--engine", "zillions", "--uci", "fsf"))
    args = check_args("chess", "--engine", "zillions")
    assert (args.depth, args.games, args.engine) == (2, 20, "zillions")


def test_a_different_start_position_is_refused(tmp_path: Path) -> None:
    v = variant("ajax-chess")
    moved = altered("ajax-chess", "(board-setup", r"\(King f1\)", "(King f5)")
    with pytest.raises(
        EngineError,
        match=r"ajax-chess: 'Ajax Chess \(variantgen\)' of .* starts from 'rnbmkqmbnr/pppppppppp/10/10/"
        r"10/5K4/10/10/PPPPPPPPPP/RNBMQ1MBNR w', the catalogue from 'rnbmkqmbnr/"
        r"pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w'",
    ):
        Zillions(CAT, [v], zrf=write(tmp_path, moved))


def test_the_adapter_survives_unknown_names_and_moves() -> None:
    with Zillions(CAT, [variant("chess")]) as engine:
        with pytest.raises(EngineError, match="'no-such-variant' is not one of the variants"):
            engine.probe("no-such-variant", [Query(())])
        [bad] = engine.probe("chess", [Query(("e2e4", "e2e5"))])
        assert bad.error is not None and "move 2 'e2e5' is not legal" in bad.error and not bad.moves
        assert len(engine.legal_moves("chess", [])) == 20
        assert engine.result("chess", ["f2f3", "e7e5", "g2g4", "d8h4"]) == "0-1"


# -- perft through the generated file ------------------------------------------------------------------


def test_perft_generated_equals_the_reference_at_depth_2(capsys: pytest.CaptureFixture[str]) -> None:
    for v in CAT.variants:
        expected = perft(Position.start(relaxed(v, "zillions")), 2)
        assert perft_generated(CAT, v.name, 2) == expected, v.name
        assert capsys.readouterr().out == f"Nodes searched: {expected}\n"


def test_perft_generated_divides_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert perft_generated(CAT, "ajax-bigamous", 1, divide=True, moves=["b1c3", "b8c6"]) == 31
    out = capsys.readouterr().out.splitlines()
    assert "M@b1: 1" in out and out[-1] == "Nodes searched: 31"
    with pytest.raises(ValueError, match="move 1 'e2e5' is not legal"):
        perft_generated(CAT, "chess", 1, moves=["e2e5"])
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        perft_generated(CAT, "nope", 1)


def _along_a_game(v: Variant, plies: int, seed: int) -> str:
    """The FEN after ``plies`` random moves of ``v`` as Zillions plays it (fewer if the game ends)."""
    rng = random.Random(seed)
    pos = Position.start(relaxed(v, Target.ZILLIONS))
    for _ in range(plies):
        moves = sorted(pos.legal_moves(), key=lambda m: uci(pos.rules, m))
        if not moves or pos.outcome() is not None:
            break
        pos.push_uci(uci(pos.rules, rng.choice(moves)))
    return pos.fen()


def test_perft_from_a_fen_through_a_download_equals_the_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # every variant, from a position 12 plies into a random game: the generated file, set up from the FEN
    for i, v in enumerate(CAT.variants):
        fen = _along_a_game(v, 12, i)
        expected = perft(Position.from_fen(relaxed(v, Target.ZILLIONS), fen), 2)
        assert perft_generated(CAT, v.name, 2, fen=fen) == expected, (v.name, fen)
    capsys.readouterr()
    # and on the command line, through a download a build wrote, its game named by title or found by the FEN's
    # variant: variantgen perft --zrf ZIP [--game G] --fen FEN DEPTH
    build(CAT, tmp_path / "out", ["ajax-bigamous", "ajax-bigamous-no-drops"])
    (zipped,) = (tmp_path / "out" / "zillions").glob("*.zip")
    v = variant("ajax-bigamous-no-drops")
    fen = _along_a_game(v, 9, 3)
    expected = perft(Position.from_fen(relaxed(v, Target.ZILLIONS), fen), 2)
    code, out, _ = run(capsys, "perft", "--zrf", str(zipped), "--game", "2", "--fen", fen, "2")
    assert (code, out) == (0, f"Nodes searched: {expected}\n")
    code, out, _ = run(capsys, "perft", "ajax-bigamous-no-drops", "2", "--engine", "zillions", "--fen", fen)
    assert (code, out) == (0, f"Nodes searched: {expected}\n")


def test_perft_from_a_fen_says_what_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build(CAT, tmp_path / "out", ["chess"])
    (zipped,) = (tmp_path / "out" / "zillions").glob("*.zip")
    code, _, err = run(capsys, "perft", "--zrf", str(zipped), "--fen", "8/8 w - - 0 1", "1")
    assert code == 2 and "chess (" in err and "cannot set up '8/8 w - - 0 1'" in err, err
    other = str(zillions_file("fairychess.zrf"))
    code, _, err = run(capsys, "perft", "--zrf", other, "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "1")
    assert code == 2 and "'Fairy Chess' is no game of this catalogue's" in err and "--catalogue FILE" in err, err


# -- game-end proofs through the interpreter ------------------------------------------------------------


def test_the_downloads_goals_are_proved_at_positions_built_for_them() -> None:
    v = variant("chess")
    with Zillions(CAT, [v]) as engine:
        report = check_variant(v, engine, depth=0, games=0, plies=0, seed=1)
        prove_into(report, v, engine)
    assert report.ok, report.disagreement.describe()
    assert report.proved == ("repetition", "checkmate", "stalemate", "castling") and report.unbuilt == ()


def test_a_download_that_gives_up_royalty_has_its_goals_proved_at_positions_set_up_from_a_fen() -> None:
    # Zillions plays spartan's pseudo-royal kings as ordinary pieces: the variant it plays has no royal
    # piece, and its positions are read and set up all the same (they were refused for want of a king)
    fsf = load_catalogue(find_catalogue("fairy-stockfish"))
    v = fsf.get("spartan")
    assert v is not None and "pseudo-royal" in [x.rule for x in limitations(v, Target.ZILLIONS)]
    fen = _along_a_game(v, 10, 1)
    assert Position.from_fen(relaxed(v, Target.ZILLIONS), fen).fen() == fen
    with Zillions(fsf, [v]) as engine:
        report = check_variant(v, engine, depth=1, games=0, plies=0, seed=1)
        prove_into(report, v, engine)
    assert report.ok, report.disagreement.describe() if report.disagreement else ""
    assert set(report.proved) == {"castling", "stalemate", "repetition"} and report.unbuilt == ()


@pytest.mark.parametrize(
    "fen",
    [
        "r3k2r/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/R3K2R b Kq d3 0 1",  # en passant, one castling right a side
        "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",  # the rook and king at home, no right: no castling
    ],
)
def test_a_position_set_up_from_a_fen_has_the_references_moves(fen: str) -> None:
    v = variant("chess")
    pos = Position.from_fen(relaxed(v, "zillions"), fen)
    expected = {uci(pos.rules, m) for m in pos.legal_moves()}
    with Zillions(CAT, [v]) as engine:
        [answer] = engine.probe(v.name, [Query((), fen=fen)])
    assert answer.error is None and answer.moves == expected


def test_a_hand_broken_goal_is_caught_by_its_proof(tmp_path: Path) -> None:
    # the stalemated side loses instead of drawing: random games seldom stalemate, the proof's position does
    v = variant("chess")
    path = write(
        tmp_path,
        altered("chess", '(title "Chess', r"\(draw-condition (?=\(White Black\) stalemated)", "(loss-condition "),
    )
    with Zillions(CAT, [v], zrf=path) as engine:
        report = check_variant(v, engine, depth=1, games=0, plies=0, seed=1)
        assert report.ok
        prove_into(report, v, engine)
    found = report.disagreement
    assert found is not None and found.where == "proof of the stalemate, the deciding position"
    assert (found.reference_result, found.engine_result) == ("1/2-1/2", "1-0")
    assert report.proved == ("repetition", "checkmate")


@pytest.mark.parametrize(("step", "capture"), [("d7f5", "e5e6"), ("h7f5", "g5g6")])
def test_the_download_takes_a_diagonal_first_step_en_passant(step: str, capture: str) -> None:
    # Berolina: the enemy pawn's first move passes a square diagonally; a straight capture onto it takes it
    fsf = load_catalogue(find_catalogue("fairy-stockfish"))
    v = fsf.get("berolina")
    assert v is not None and "pawn-initial-en-passant" not in {x.rule for x in limitations(v, "zillions")}
    fen = "rnbqkbnr/pppppppp/8/4P1P1/8/8/PPPP1P1P/RNBQKBNR b KQkq - 0 1"
    expected = set(pyffish.legal_moves("berolina", fen, [step]))
    assert capture in expected
    with Zillions(fsf, [v]) as engine:
        [answer] = engine.probe(v.name, [Query((step,), fen=fen)])
    assert answer.error is None and answer.moves == expected


@pytest.mark.parametrize(
    "fen",
    [
        "5k4/P9/10/10/10/10/10/10/10/3QK5 w - - 0 1",  # the queen on the board: no second one
        "5k4/P9/10/10/10/10/10/10/10/1RRQK5 w - - 0 1",  # two rooks: no third
        "5k4/P9/10/10/10/10/10/10/10/1NNQKABBRR w - - 0 1",  # only the chancellor is left
        "5k4/P9/10/10/10/10/10/10/10/CNNQKABBRR w - - 0 1",  # nothing left: the pawn may not go to rank 10
        "5k4/10/P9/10/10/10/10/10/10/3QK5 w - - 0 1",  # rank 9: it may stay a pawn
    ],
)
def test_the_download_counts_pieces_for_the_promotion_limits(fen: str) -> None:
    # grand chess: a pawn promotes only to a piece its side has fewer of than its limit, and never stays
    # a pawn on the last rank, where it could not move again
    fsf = load_catalogue(find_catalogue("fairy-stockfish"))
    v = fsf.get("grand")
    assert v is not None and "promotion-limit" not in {x.rule for x in limitations(v, "zillions")}
    expected = set(pyffish.legal_moves("grand", fen, []))
    with Zillions(fsf, [v]) as engine:
        [answer] = engine.probe(v.name, [Query((), fen=fen)])
    assert answer.error is None and answer.moves == expected


def test_a_repetition_won_by_the_side_to_move_is_proved_through_the_download() -> None:
    # tori shogi: the side to move once the position is back wins (repetition_winner: to_move), written for
    # both players as Dagaz's chess games write theirs, and tested for the side about to move
    fsf = load_catalogue(find_catalogue("fairy-stockfish"))
    v = fsf.get("torishogi")
    assert v is not None and v.draws.repetition_winner == "to_move"
    assert "repetition-winner" not in {x.rule for x in limitations(v, "zillions")}
    assert "(win-condition (White Black) repetition)" in render_family(fsf, download_of(fsf, v.name).key)
    with Zillions(fsf, [v]) as engine:
        report = check_variant(v, engine, depth=0, games=0, plies=0, seed=1)
        prove_into(report, v, engine)
    assert report.ok, report.disagreement.describe()
    assert "repetition" in report.proved


def test_a_repetition_won_by_one_side_is_proved_through_the_download() -> None:
    # minishogi: the repetition wins for Black (Gote), written as the original Chess.zrf's King vs. King does
    fsf = load_catalogue(find_catalogue("fairy-stockfish"))
    v = fsf.get("minishogi")
    assert v is not None and "repetition-winner" not in {x.rule for x in limitations(v, "zillions")}
    zrf = render_family(fsf, download_of(fsf, v.name).key)
    assert "(win-condition (Black) repetition)" in zrf and "(loss-condition (White) repetition)" in zrf
    with Zillions(fsf, [v]) as engine:
        report = check_variant(v, engine, depth=0, games=0, plies=0, seed=1)
        prove_into(report, v, engine)
    assert report.ok, report.disagreement.describe()
    assert "repetition" in report.proved
