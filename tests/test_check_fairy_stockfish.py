"""``variantgen check`` against Fairy-Stockfish: it agrees on the built ini, and it catches a file
altered by one line.  pyffish runs in child processes; the whole file takes some 20-30 s."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from support import assert_disagreement, check_args

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.check.command import cmd_check
from generator.check.compare import Answer, EngineError, Query, check_variant
from generator.check.fairy_stockfish import FairyStockfish, built_ini, ini_under_test
from generator.emit.fairy_stockfish import render_ini
from generator.emit.fidelity import limitations, relaxed
from generator.emit.manifest import Manifest, SectionEntry
from generator.engine import Position, uci

CAT = load_catalogue(DEFAULT_CATALOGUE)


def variant(name: str) -> Variant:
    v = CAT.get(name)
    assert v is not None
    return v


def altered(name: str, pattern: str, replacement: str) -> str:
    """The built ini of one variant with exactly one line changed."""
    ini, n = re.subn(pattern, replacement, render_ini(CAT, [name]), flags=re.MULTILINE)
    assert n == 1, f"{pattern!r} matched {n} lines"
    return ini


# -- agreement ---------------------------------------------------------------------------------------


def test_fairy_stockfish_agrees_with_the_reference() -> None:
    names = ["chess", "ajax-bigamous", "prime-ministers-chess", "bipartite-stage-two-white-diagonal"]
    variants = [variant(n) for n in names]
    with FairyStockfish(render_ini(CAT, names), variants, workers=2) as fsf:
        for v in variants:
            depth = 2 if v.name.startswith("bipartite") else 1
            report = check_variant(v, fsf, depth=depth, games=2, plies=60, seed=1)
            assert report.ok, report.disagreement.describe()
            assert report.positions > 20 and report.moves > report.positions
            assert report.reference_seconds + report.engine_seconds <= report.seconds
    assert [x.rule for x in limitations(variant("prime-ministers-chess"), "fairy-stockfish")] == ["swap"]


def test_a_race_is_won_in_both_engines_and_passes_are_0000() -> None:
    v = variant("bipartite-stage-one")
    with FairyStockfish(render_ini(CAT, [v.name]), [v], workers=1) as fsf:
        report = check_variant(v, fsf, depth=0, games=1, plies=300, seed=1)
        assert report.ok, report.disagreement.describe()
        assert report.ends == {"race": 1}
        # a side with no move passes: Fairy-Stockfish writes b3b3 or the like, the adapter 0000
        pos = Position.start(relaxed(v, "fairy-stockfish"))
        played: list[str] = []
        while "0000" not in (moves := sorted(uci(pos.rules, m) for m in pos.legal_moves())):
            played.append(moves[-1])
            pos.push_uci(moves[-1])
        assert fsf.legal_moves(v.name, played) == {"0000"}
        assert fsf.legal_moves(v.name, [*played, "0000"]) == {uci(pos.rules, m) for m in _after(pos, "0000")}


def _after(pos: Position, text: str) -> list:
    pos.push_uci(text)
    return pos.legal_moves()


# -- one altered line, one disagreement ----------------------------------------------------------------

MUTATIONS = [
    # the Ajax Knight loses its non-capturing step: found in the perft tree
    ("ajax-chess", r"^(customPiece\d+ = n:)NmK$", r"\1N", 2, 0, {"b1a2"}, set()),
    # the king castles queenside to c1 instead of b1: found in a random game
    ("ajax-chess", r"^castlingQueensideFile = b$", "castlingQueensideFile = c", 0, 5, {"f1b1"}, {"f1c1"}),
    # no promotion to the Minister
    ("ajax-bigamous", r"^promotionPieceTypes = qrmbn$", "promotionPieceTypes = qrbn", 0, 1, {"c7c8m"}, set()),
]


@pytest.mark.parametrize(
    ("name", "pattern", "replacement", "depth", "games", "only_ref", "only_fsf"),
    MUTATIONS,
    ids=["ajax-knight", "castling-file", "promotion-choice"],
)
def test_check_reports_an_altered_line(
    name: str, pattern: str, replacement: str, depth: int, games: int, only_ref: set[str], only_fsf: set[str]
) -> None:
    v = variant(name)
    with FairyStockfish(altered(name, pattern, replacement), [v], workers=1) as fsf:
        report = check_variant(v, fsf, depth=depth, games=games, plies=100, seed=1)
    assert_disagreement(report, v, "fairy-stockfish", only_ref, only_fsf, replacement)


def test_the_command_checks_a_given_ini_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ini = tmp_path / "variants.ini"
    ini.write_text(altered("ajax-chess", r"^(customPiece\d+ = n:)NmK$", r"\1NmW"), encoding="utf-8")
    args = check_args("ajax-chess", "--ini", str(ini), "--depth", "2", "--games", "0", "--jobs", "1")
    assert args.run is cmd_check
    assert cmd_check(CAT, args) == 1
    out = capsys.readouterr().out
    assert "DISAGREEMENT in ajax-chess (perft)" in out
    assert "moves only the reference has: b1a2" in out
    assert "1 disagree (ajax-chess)" in out


def test_the_command_exits_0_with_one_line_per_variant(capsys: pytest.CaptureFixture[str]) -> None:
    args = check_args("chess", "prime-ministers-chess", "--depth", "1", "--games", "1", "--plies", "20")
    assert (args.depth, args.engine, args.seed) == (1, "fairy-stockfish", 1)
    assert cmd_check(CAT, args) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"^chess: \d+ positions, \d+ nodes compared, 0 game ends, [\d.]+ s "
        r"\(reference \d+%, fairy-stockfish \d+%\)$",
        out,
        re.MULTILINE,
    ), out
    assert re.search(r"^  switched off for fairy-stockfish: .*swap", out, re.MULTILINE), out
    assert out.rstrip().endswith("all agree")


def test_bad_arguments_are_value_errors() -> None:
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        cmd_check(CAT, check_args("nope"))
    with pytest.raises(ValueError, match="--depth -1"):
        cmd_check(CAT, check_args("chess", "--depth", "-1"))
    with pytest.raises(ValueError, match="cannot read the ini"):
        cmd_check(CAT, check_args("chess", "--ini", "/nonexistent/variants.ini"))


# -- a broken ini, an unknown name: clear errors, no crash -------------------------------------------


def test_a_renamed_section_is_not_registered(tmp_path: Path) -> None:
    v = variant("ajax-chess")
    broken = altered("ajax-chess", r"^\[ajax-chess\]$", "[ajax-chess-old]")
    with pytest.raises(EngineError, match=r"\[ajax-chess\] is not registered"):
        FairyStockfish(broken, [v], workers=1)
    ini = tmp_path / "old.ini"
    ini.write_text(broken, encoding="utf-8")
    with pytest.raises(ValueError, match=r"\[ajax-chess\] is not registered"):
        cmd_check(CAT, check_args("ajax-chess", "--ini", str(ini), "--jobs", "1"))


def test_a_different_start_position_is_refused() -> None:
    v = variant("ajax-chess")
    moved = altered("ajax-chess", r"^startFen = rnbmkqmbnr/", "startFen = rnbkmqmbnr/")
    with pytest.raises(EngineError, match=r"\[ajax-chess\] starts from 'rnbkmqmbnr/"):
        FairyStockfish(moved, [v], workers=1)


def test_the_adapter_survives_unknown_names_and_moves() -> None:
    chess = variant("chess")
    with FairyStockfish(render_ini(CAT, ["chess"]), [chess], workers=1) as fsf:
        with pytest.raises(EngineError, match="'no-such-variant' is not one of the variants"):
            fsf.probe("no-such-variant", [Query(())])
        # the worker refuses such a name too, rather than hand it to pyffish (which would crash)
        worker = fsf._workers[0]
        worker.send(("probe", "no-such-variant", [((), False)]))
        with pytest.raises(EngineError, match="not a verified section"):
            worker.receive()
        [bad] = fsf.probe("chess", [Query(("e2e5",))])
        assert bad.error is not None and "e2e5" in bad.error and not bad.moves
        assert len(fsf.legal_moves("chess", [])) == 20
        assert fsf.result("chess", ["f2f3", "e7e5", "g2g4", "d8h4"]) == "0-1"
        worker.proc.kill()
        worker.proc.wait()
        with pytest.raises(EngineError, match=r"died|stopped"):
            fsf.legal_moves("chess", [])
        with pytest.raises(EngineError, match="closed"):
            fsf.legal_moves("chess", [])


# -- what is expected: the emitter's manifest -----------------------------------------------------------


def test_the_built_ini_is_the_file_the_emitter_writes_with_its_manifest(tmp_path: Path) -> None:
    text, manifest = built_ini(CAT, ["chess", "ajax-chess"])
    assert text == render_ini(CAT, ["chess", "ajax-chess"])
    assert [(s.variant, s.section) for s in manifest.sections] == [
        ("chess", "chess-variantgen"),
        ("ajax-chess", "ajax-chess"),
    ]
    given = tmp_path / "given.ini"
    given.write_text("[x]\n", encoding="utf-8")
    assert ini_under_test(CAT, ["chess"], str(given)) == ("[x]\n", built_ini(CAT, ["chess"])[1], str(given))


def test_the_adapter_expects_what_the_manifest_says() -> None:
    chess = variant("chess")
    entry = SectionEntry("chess", "chess-variantgen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
    other = Manifest(target="fairy-stockfish", files=("variants.ini",), sections=(entry,))
    with pytest.raises(EngineError, match=r"\[chess-variantgen\] starts from 'rnbqkbnr/.* w KQkq"):
        FairyStockfish(render_ini(CAT, ["chess"]), [chess], workers=1, manifest=other)
    empty = Manifest(target="fairy-stockfish", files=("variants.ini",))
    with pytest.raises(EngineError, match="chess: the build writes no fairy-stockfish section"):
        FairyStockfish(render_ini(CAT, ["chess"]), [chess], workers=1, manifest=empty)


# -- the comparison itself, engine-agnostic -------------------------------------------------------------


class Reference:
    """An adapter that is the reference engine itself, with an optional flaw applied to each answer."""

    batch_size = 16

    def __init__(self, variant: Variant, flaw=None, name: str = "fairy-stockfish") -> None:
        self.name = name
        self.variant = relaxed(variant, self.name)
        self.flaw = flaw
        self.line: tuple[str, ...] = ()
        self.pos = self._start()

    def _start(self) -> Position:
        pos = Position.start(self.variant)
        pos.track_history()
        return pos

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]:
        out = []
        for q in queries:
            if q.moves[:-1] != self.line:  # games arrive one ply at a time
                self.pos, self.line = self._start(), ()
                for m in q.moves[:-1]:
                    self.pos.push_uci(m)
            if q.moves:
                self.pos.push_uci(q.moves[-1])
            self.line = q.moves
            pos = self.pos
            forced = pos.immediate_outcome()
            legal = [] if forced else pos.legal_moves()
            if not legal and forced is None:
                forced = pos.outcome()
            end = pos.outcome() if q.claim else None
            a = Answer(
                frozenset(uci(pos.rules, m) for m in legal),
                forced.result if forced else None,
                end.result if end else None,
            )
            out.append(self.flaw(q, a) if self.flaw else a)
        return out


def test_the_result_policy() -> None:
    # bipartite stage one, seed 1: game 0 is won by a race at ply 124, game 1 is a deadlock drawn
    # by threefold repetition at ply 126.  The stand-in engine is named for the Zillions target,
    # which plays the catalogue's repetition draw (for Fairy-Stockfish the double pass draws at once).
    v = variant("bipartite-stage-one")
    report = check_variant(v, Reference(v, name="zillions"), depth=0, games=2, plies=300, seed=1)
    assert report.ok and report.ends == {"race": 1, "3-fold repetition": 1}

    def flip(q: Query, a: Answer) -> Answer:
        other = {"1-0": "0-1", "0-1": "1-0"}
        return Answer(a.moves, other.get(a.result, a.result), a.claim)

    d = check_variant(v, Reference(v, flip, "zillions"), depth=0, games=2, plies=300, seed=1).disagreement
    assert d is not None and d.where == "game 0, ply 124" and not d.only_reference and not d.only_engine
    assert (d.reference_result, d.engine_result) == ("1-0 (white wins by race)", "0-1")

    def no_claims(q: Query, a: Answer) -> Answer:
        return Answer(a.moves, a.result, None)

    d = check_variant(v, Reference(v, no_claims, "zillions"), depth=0, games=2, plies=300, seed=1).disagreement
    assert d is not None and d.where == "game 1, ply 126"
    assert (d.reference_result, d.engine_result) == ("1/2-1/2 (draw by 3-fold repetition)", None)
    assert "result: reference 1/2-1/2 (draw by 3-fold repetition); zillions game goes on" in d.describe()

    def adjudicates(q: Query, a: Answer) -> Answer:
        # an engine may end the game itself where the reference lets a player claim the draw
        return Answer(frozenset(), "1/2-1/2") if a.claim else a

    report = check_variant(v, Reference(v, adjudicates, "zillions"), depth=0, games=2, plies=300, seed=1)
    assert report.ok and report.ends == {"race": 1, "3-fold repetition": 1}
