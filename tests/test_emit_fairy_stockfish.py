"""The Fairy-Stockfish emitter: sections, derived limitations, the build, and the pyffish loader check."""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.betza import parse_betza
from generator.catalogue import DEFAULT_CATALOGUE, Board, CastlingMove, Catalogue, Flag, Square, Variant, load_catalogue
from generator.catalogue.model import Color
from generator.check.fairy_stockfish_lint import check_ini_text
from generator.check.fairy_stockfish_loader import verify_ini
from generator.emit import fairy_stockfish as fsf
from generator.emit import output as build_module
from generator.emit.fidelity import ANALYSED, check_name, limitations, relaxed, writable
from generator.engine import Position, uci

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
REPO = Path(__file__).resolve().parents[1]

REQUIRED = [
    "maxFile", "maxRank", "pieceToCharTable", "doubleStep", "doubleStepRegionWhite", "doubleStepRegionBlack",
    "tripleStepRegionWhite", "tripleStepRegionBlack", "enPassantRegion", "promotionRegionWhite",
    "promotionRegionBlack", "promotionPieceTypes", "mandatoryPawnPromotion", "castling", "pieceDrops",
    "stalemateValue", "passOnStalemate", "nMoveRule", "nFoldRule", "nFoldValue", "startFen",
]  # fmt: skip


def variant(name: str) -> Variant:
    v = CATALOGUE.get(name)
    assert v is not None
    return v


def sections(text: str) -> dict[str, dict[str, str]]:
    """Section name -> {key: value}, read as FSF reads it (comments skipped, key right-trimmed)."""
    out: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in text.split("\n"):
        if line.startswith("["):
            current = out.setdefault(line[1 : line.index("]")], {})
        elif line and line[0] not in "#;" and current is not None:
            key, _, value = line.partition("=")
            assert key.rstrip(" ") not in current, f"{key} twice"
            current[key.rstrip(" ")] = value.lstrip()
    return out


@pytest.fixture(scope="module")
def ini() -> str:
    return fsf.render_ini(CATALOGUE)


@pytest.fixture(scope="module")
def parsed(ini: str) -> dict[str, dict[str, str]]:
    return sections(ini)


def with_changes(v: Variant, **changes: object) -> Variant:
    return dataclasses.replace(v, **changes)


# -- the sections -----------------------------------------------------------------------------------


def test_one_section_per_variant_with_every_required_option(parsed: dict[str, dict[str, str]]) -> None:
    assert list(parsed) == [fsf.section_name(v) for v in CATALOGUE.variants]
    for name, options in parsed.items():
        missing = [k for k in REQUIRED if k not in options]
        assert not missing, f"{name} lacks {missing}"
        assert options["pieceToCharTable"] == "-"


def test_sections_have_no_parent_and_no_padding(ini: str) -> None:
    for line in ini.split("\n"):
        assert line == line.rstrip(), f"trailing whitespace in {line!r}"
        if line.startswith("["):
            assert ":" not in line
    assert check_ini_text(ini) == []


def test_ajax_chess_ten_ranks(parsed: dict[str, dict[str, str]]) -> None:
    s = parsed["ajax-chess"]
    assert (s["maxFile"], s["maxRank"]) == ("10", "10")
    assert (s["promotionRegionWhite"], s["promotionRegionBlack"]) == ("*10", "*1")
    assert (s["doubleStepRegionWhite"], s["doubleStepRegionBlack"]) == ("*2", "*9")
    assert (s["tripleStepRegionWhite"], s["tripleStepRegionBlack"]) == ("*2", "*9")
    assert s["castlingKingsideFile"] == "i" and s["castlingQueensideFile"] == "b"
    assert s["castlingRookPieces"] == "r"  # the Ajax rook is a custom piece
    assert set(s["promotionPieceTypes"]) == set("qrmbn")
    assert {s[k] for k in s if k.startswith("customPiece")} == {"r:RmF", "b:BmW", "n:NmK", "m:KAD"}
    assert s["startFen"] == "rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1"


def test_ajax_ministers_chess_has_no_triple_step(parsed: dict[str, dict[str, str]]) -> None:
    s = parsed["ajax-ministers-chess"]
    assert (s["tripleStepRegionWhite"], s["tripleStepRegionBlack"]) == ("-", "-")
    assert (s["doubleStepRegionWhite"], s["doubleStepRegionBlack"]) == ("*2", "*7")


def test_bipartite_stage_one_race(parsed: dict[str, dict[str, str]]) -> None:
    s = parsed["bipartite-stage-one"]
    assert (s["maxFile"], s["maxRank"]) == ("5", "9")
    assert s["flagPiece"] == "*"
    assert (s["flagRegionWhite"], s["flagRegionBlack"]) == ("*8 *9", "*1 *2")
    assert s["flagPieceCount"] == "9"
    assert s["passOnStalemate"] == "true"
    assert s["nMoveRule"] == "0" and s["castling"] == "false" and s["doubleStep"] == "false"
    assert s["customPiece1"] == "m:fmK"
    assert s["startFen"] == "mm*mm/mmmmm/5/5/5/5/5/MMMMM/MM*MM b - - 0 1"
    assert "king" not in s and "checkmateValue" not in s


def test_bipartite_stage_two_bare_king_and_no_en_passant(parsed: dict[str, dict[str, str]]) -> None:
    s = parsed["bipartite-stage-two-white-diagonal"]
    assert s["extinctionValue"] == "loss" and s["extinctionClaim"] == "true"
    assert s["extinctionPieceTypes"] == "*"
    assert (s["extinctionPieceCount"], s["extinctionOpponentPieceCount"]) == ("1", "2")
    assert s["enPassantRegion"] == "-"
    assert s["pawn"] == "m" and s["promotionPieceTypes"] == "s"
    assert (s["promotionRegionWhite"], s["promotionRegionBlack"]) == ("*8 *9", "*1 *2")
    assert (s["doubleStepRegionWhite"], s["doubleStepRegionBlack"]) == ("*2", "*8")
    assert "*3*" in s["startFen"]


def test_bigamous_drops(parsed: dict[str, dict[str, str]]) -> None:
    s = parsed["ajax-bigamous"]
    assert s["pieceDrops"] == "true" and s["capturesToHand"] == "false"
    assert (s["dropRegionWhite"], s["dropRegionBlack"]) == ("*1", "*8")
    assert s["startFen"].split(" ")[0].endswith("[MMmm]")
    assert parsed["ajax-bigamous-no-drops"]["pieceDrops"] == "false"


def test_chess_section_is_renamed_away_from_the_builtin(parsed: dict[str, dict[str, str]], ini: str) -> None:
    assert fsf.section_name(variant("chess")) == "chess-variantgen"
    assert "chess" not in parsed and "chess-variantgen" in parsed
    assert "built-in variant chess" in ini


def test_comments_name_source_and_limitations(ini: str) -> None:
    block = ini[ini.index("# Prime Ministers Chess (prime-ministers-chess)") : ini.index("[prime-ministers-chess]")]
    assert "variants.yaml, line" in block and "seed page 003_" in block
    assert "swap: Fairy-Stockfish has no swap move" in block
    assert ini.startswith("# Fairy-Stockfish variant definitions")
    assert "sha256 " in ini.split("\n")[2]


# -- fidelity -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in CATALOGUE.names() if n.startswith("prime-ministers")])
def test_prime_ministers_swap_is_a_limitation(name: str) -> None:
    rules = [x.rule for x in limitations(variant(name), "fairy-stockfish")]
    assert rules == ["swap"]
    assert relaxed(variant(name), "fairy-stockfish").swaps == ()
    assert variant(name).swaps  # the catalogue's own entry is untouched


def test_chess_has_no_fairy_stockfish_limitation() -> None:
    assert limitations(variant("chess"), "fairy-stockfish") == ()
    assert relaxed(variant("chess"), "fairy-stockfish") == variant("chess")


def test_limitations_are_derived_from_features_not_names() -> None:
    chess = variant("chess")
    swapping = dataclasses.replace(chess, swaps=variant("prime-ministers-chess").swaps)
    assert [x.rule for x in limitations(swapping, "fairy-stockfish")] == ["swap"]
    assert relaxed(swapping, "fairy-stockfish").swaps == ()
    renamed = dataclasses.replace(variant("prime-ministers-chess"), name="plain", swaps=())
    assert limitations(renamed, "fairy-stockfish") == ()


def test_both_bare_is_switched_off_in_the_relaxed_variant() -> None:
    v = variant("bipartite-stage-two-white-orthogonal")
    assert [x.rule for x in limitations(v, "fairy-stockfish")] == ["both-bare"]
    r = relaxed(v, "fairy-stockfish")
    assert r.goals.bare_king is not None and not r.goals.bare_king.both_bare_draw
    assert v.goals.bare_king is not None and v.goals.bare_king.both_bare_draw


def test_relaxing_pieces_leaves_the_original_untouched() -> None:
    chess = variant("chess")
    knight = chess.piece("N")
    odd = dataclasses.replace(knight, betza="DDnH", movement=parse_betza("DDnH"))
    v = with_changes(chess, pieces=tuple(odd if p.letter == "N" else p for p in chess.pieces))
    rules = [x.rule for x in limitations(v, "fairy-stockfish")]
    assert {"lame-leap", "rider"} <= set(rules)
    assert "insufficient-material" in rules  # the knight is a custom piece now: FSF counts it as mating material
    r = relaxed(v, "fairy-stockfish")
    assert r.piece("N").betza == "D"
    assert v.piece("N").betza == "DDnH" and chess.piece("N").betza == "N"
    assert "customPiece1 = n:D" in fsf.render_ini(Catalogue("x", (v,), "X"))


def test_castling_fsf_cannot_play_is_named_and_dropped() -> None:
    chess = variant("chess")
    odd = CastlingMove(Color.BLACK, Square.parse("e8"), Square.parse("b8"), Square.parse("a8"), Square.parse("c8"))
    moves = (*(c for c in chess.castling if not (c.color is Color.BLACK and not c.kingside)), odd)
    v = with_changes(chess, castling=moves)
    lims = limitations(v, "fairy-stockfish")
    assert [x.rule for x in lims] == ["castling"] and "e8-b8" in lims[0].text
    r = relaxed(v, "fairy-stockfish")
    assert odd not in r.castling and len(r.castling) == 3
    assert fsf.start_fen(r).split(" ")[2] == "KQk"


def test_insufficient_material_is_off_under_a_bare_king_rule() -> None:
    v = variant("bipartite-stage-two-white-diagonal")
    v = with_changes(v, draws=dataclasses.replace(v.draws, insufficient_material=("S",)))
    lims = {x.rule: x for x in limitations(v, "fairy-stockfish")}
    assert lims["insufficient-material"].switchable and "bare-king" in lims["insufficient-material"].text
    assert relaxed(v, "fairy-stockfish").draws.insufficient_material == ()


def test_race_with_captures_is_a_known_difference() -> None:
    eighth = frozenset(Square(f, 7) for f in range(8))
    race = Flag((eighth, frozenset(Square(f, 0) for f in range(8))), None, None, ranks=(8,))
    v = with_changes(variant("chess"), goals=dataclasses.replace(variant("chess").goals, flag=race))
    lims = {x.rule: x for x in limitations(v, "fairy-stockfish")}
    assert "race-count" in lims and not lims["race-count"].switchable


def test_oversized_board_gets_no_section() -> None:
    chess = variant("chess")
    big = with_changes(chess, name="big-chess", board=Board(13, 8))
    assert not writable(big, "fairy-stockfish")
    text = fsf.render_ini(Catalogue("x", (chess, big), "X"))
    assert "[big-chess]" not in text and "board-size" in text
    assert list(fsf.expected_start_fens(Catalogue("x", (chess, big), "X"))) == ["chess-variantgen"]


def test_zillions_loses_the_move_rule() -> None:
    v = variant("ajax-chess")
    assert [x.rule for x in limitations(v, "zillions")] == ["move-rule"]
    assert relaxed(v, "zillions").draws.move_rule == 0
    assert [x.rule for x in limitations(variant("bipartite-stage-one"), "zillions")] == []
    assert ANALYSED == ("fairy-stockfish", "zillions")
    with pytest.raises(ValueError, match="target 'xboard' plays no rules"):
        limitations(v, "xboard")


# -- names --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["", "A", "../out", "a/b", "x]\n[chess", "x\n", "-x", "a.b", "a" * 65, "a b"])
def test_bad_names_are_rejected(bad: str) -> None:
    with pytest.raises(ValueError, match="not allowed"):
        check_name(bad)
    v = dataclasses.replace(variant("chess"), name=bad)
    with pytest.raises(ValueError, match="not allowed"):
        fsf.render_ini(Catalogue("x", (v,), "X"))


def test_comment_injection_is_rejected() -> None:
    v = dataclasses.replace(variant("chess"), title="Chess\n[evil]\nmaxFile = 13")
    with pytest.raises(ValueError, match="control character"):
        fsf.render_ini(Catalogue("x", (v,), "X"))


def test_unknown_variant_names_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        build_module.build(CATALOGUE, tmp_path / "out", ["chess", "nope"])
    assert not (tmp_path / "out").exists()


def test_unsafe_emitter_folder_is_rejected(tmp_path: Path) -> None:
    evil = build_module.Emitter("../evil", lambda c, f, n: [])
    with pytest.raises(ValueError, match="not allowed"):
        build_module.build(CATALOGUE, tmp_path / "out", None, [evil])


# -- the build ----------------------------------------------------------------------------------------


def test_render_is_deterministic(ini: str) -> None:
    assert fsf.render_ini(CATALOGUE) == ini
    assert fsf.render_ini(load_catalogue(DEFAULT_CATALOGUE)) == ini


def test_build_twice_gives_identical_bytes(tmp_path: Path) -> None:
    lines = build_module.build(CATALOGUE, tmp_path / "a").details()
    build_module.build(CATALOGUE, tmp_path / "b")
    first = (tmp_path / "a" / "fairy-stockfish" / "variants.ini").read_bytes()
    assert first == (tmp_path / "b" / "fairy-stockfish" / "variants.ini").read_bytes()
    build_module.build(CATALOGUE, tmp_path / "a")  # over an existing out/
    assert (tmp_path / "a" / "fairy-stockfish" / "variants.ini").read_bytes() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]  # no temporary folder left
    assert any(line.startswith("fairy-stockfish: prime-ministers-chess: swap:") for line in lines)
    assert any(line.startswith("wrote ") and line.endswith("variants.ini") for line in lines)


def test_failed_build_leaves_the_old_out_untouched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    build_module.build(CATALOGUE, out, ["chess"])
    before = (out / "fairy-stockfish" / "variants.ini").read_bytes()

    def boom(*args: object, **kwargs: object) -> str:
        raise RuntimeError("render failed")

    monkeypatch.setattr(fsf, "render_ini", boom)
    with pytest.raises(RuntimeError, match="render failed"):
        build_module.build(CATALOGUE, out)
    assert (out / "fairy-stockfish" / "variants.ini").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_failure_in_a_later_emitter_swaps_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_module.build(CATALOGUE, out, ["chess"])
    before = (out / "fairy-stockfish" / "variants.ini").read_bytes()

    def failing(catalogue: Catalogue, folder: Path, names: object) -> list[Path]:
        (folder / "half.txt").write_text("half")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        build_module.build(CATALOGUE, out, None, [*build_module.EMITTERS, build_module.Emitter("later", failing)])
    assert (out / "fairy-stockfish" / "variants.ini").read_bytes() == before
    assert not (out / "later").exists()


def test_build_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    build_module.register(sub, [])
    args = parser.parse_args(["build", "--out", str(tmp_path / "o"), "prime-ministers-chess", "chess"])
    assert args.run(CATALOGUE, args) == 0
    printed = capsys.readouterr().out
    assert "  prime-ministers-chess: fairy-stockfish (swap); zillions (move-rule, insufficient-material)" in printed
    text = (tmp_path / "o" / "fairy-stockfish" / "variants.ini").read_text()
    assert list(sections(text)) == ["chess-variantgen", "prime-ministers-chess"]  # catalogue order
    args = parser.parse_args(["build", "--out", str(tmp_path / "o"), "nope"])
    with pytest.raises(ValueError, match="unknown variant"):
        args.run(CATALOGUE, args)


def test_emit_returns_the_manifest_of_what_it_wrote(tmp_path: Path, parsed: dict[str, dict[str, str]]) -> None:
    manifest = fsf.emit(CATALOGUE, tmp_path)
    assert (manifest.target, manifest.files) == ("fairy-stockfish", ("variants.ini",))
    assert [p.name for p in tmp_path.iterdir()] == ["variants.ini"]
    assert [s.variant for s in manifest.sections] == CATALOGUE.names()
    assert [s.section for s in manifest.sections] == list(parsed)
    assert all(parsed[s.section]["startFen"] == s.start_fen for s in manifest.sections)
    assert manifest.section_of("chess").section == "chess-variantgen"
    assert {s.section: s.start_fen for s in manifest.sections} == fsf.expected_start_fens(CATALOGUE)


def test_the_manifest_lists_only_the_sections_written(tmp_path: Path) -> None:
    chess = variant("chess")
    big = with_changes(chess, name="big-chess", board=Board(13, 8))
    manifest = fsf.emit(Catalogue("x", (chess, big), "X"), tmp_path)
    assert [s.variant for s in manifest.sections] == ["chess"]
    with pytest.raises(KeyError):
        manifest.section_of("big-chess")


# -- pyffish ------------------------------------------------------------------------------------------


def test_pyffish_loads_every_section(ini: str) -> None:
    expected = fsf.expected_start_fens(CATALOGUE)
    assert len(expected) == len(CATALOGUE.variants)
    assert verify_ini(ini, expected) == []


def test_verify_catches_bad_values_renames_and_builtin_clashes(ini: str) -> None:
    expected = fsf.expected_start_fens(CATALOGUE)
    bad = ini.replace("pieceDrops = true", "pieceDrops = yes", 1)
    bad = bad.replace("[ajax-chess]", "[ajax-chezz]", 1)
    bad = bad.replace("[chess-variantgen]", "[chess]", 1)
    bad = bad.replace("maxRank = 9\n", "maxRank = 11\n", 1)  # bipartite-stage-one
    problems = verify_ini(bad, expected)
    text = "\n".join(problems)
    assert "pieceDrops - Invalid value 'yes'" in text
    assert "[ajax-chess] is not registered" in text
    assert "[ajax-chezz] is registered but not expected" in text
    assert "[chess] clashes with Fairy-Stockfish's built-in chess" in text
    assert "[chess-variantgen] is not registered" in text
    assert "[bipartite-stage-one] is not registered" in text
    assert "maxRank - Invalid value '11'" in text
    # the drop variant lost its drops, so pyffish rejects the pocket in its start FEN
    assert any(p.startswith("[ajax-bigamous] validate_fen") for p in problems)


def test_verify_survives_a_crashing_child() -> None:
    problems = verify_ini("[x]\nmaxFile = 5\n", {"x": "not a fen"})
    assert problems  # a parent-less section without pieces: reported, never run in this interpreter


def test_sections_play_like_the_reference_engine_at_the_start(ini: str) -> None:
    """Legal moves at the start and after a few fixed moves, pyffish (in a child) against the engine."""
    lines = {}
    for v in CATALOGUE.variants:
        r = relaxed(v, "fairy-stockfish")
        pos = Position.start(r)
        played = []
        for _ in range(6):
            moves = sorted(uci(pos.rules, m) for m in pos.legal_moves())
            if not moves:
                break
            m = moves[len(moves) // 2]
            played.append(m)
            pos.push_uci(m)
        lines[fsf.section_name(v)] = (fsf.start_fen(r), played)
    code = (
        "import json, sys\nimport pyffish as sf\ndata = json.loads(sys.stdin.read())\n"
        "sf.load_variant_config(data['ini'])\nout = {}\n"
        "for name, (fen, played) in data['lines'].items():\n"
        "    assert name in sf.variants(), name\n"
        "    out[name] = [sorted(sf.legal_moves(name, fen, played[:i])) for i in range(len(played) + 1)]\n"
        "print(json.dumps(out))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], input=json.dumps({"ini": ini, "lines": lines}),
                          capture_output=True, text=True, timeout=300, check=True)  # fmt: skip
    theirs = json.loads(proc.stdout)
    for v in CATALOGUE.variants:
        name = fsf.section_name(v)
        pos = Position.start(relaxed(v, "fairy-stockfish"))
        _fen, played = lines[name]
        for i, got in enumerate(theirs[name]):
            assert sorted(uci(pos.rules, m) for m in pos.legal_moves()) == got, (name, played[:i])
            if i < len(played):
                pos.push_uci(played[i])


def test_the_header_names_the_oldest_fairy_stockfish_the_ini_needs() -> None:
    full = fsf.render_ini(CATALOGUE)
    assert (
        "# Needs pyffish 0.0.89 or later, or Fairy-Stockfish built from sources of 2025-08-15 or later, for\n" in full
    )
    assert "# dropRegionBlack, dropRegionWhite: an older build ignores" in full
    # without drops, the newest options are the race's piece count and the castling rook files
    race = fsf.render_ini(CATALOGUE, ["bipartite-stage-one"])
    assert "Needs pyffish 0.0.80 or later, or Fairy-Stockfish built from sources of 2023-04-22 or later, for" in race
    assert "flagPieceBlockedWin, flagPieceCount" in race
