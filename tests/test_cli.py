"""The ``variantgen`` command line, run in-process (plus one run of ``python -m generator``)."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support import CATALOGUE_NAMES, run

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.emit.fidelity import limitations

ROOT = Path(__file__).resolve().parent.parent
SUITES = ROOT / "tests" / "perft"

NAMES = CATALOGUE_NAMES
CAT = load_catalogue(DEFAULT_CATALOGUE)

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed \((\d+) perft cases in \d+\.\d s\)$")
FOOLS_MATE = ["--moves", "f2f3", "e7e5", "g2g4", "d8h4"]


# -- list, show ------------------------------------------------------------------------------------


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "list")
    assert code == 0 and err == ""
    header, *rows = out.splitlines()
    assert header.split()[:4] == ["name", "title", "board", "pieces"]
    assert [r.split()[0] for r in rows] == NAMES
    boards = {r.split()[0]: r for r in rows}
    assert "  10x10  " in boards["ajax-chess"]
    assert "  10x8  " in boards["ajax-capablanca"]
    assert "  9x8  " in boards["ajax-bigamous"]
    assert "  8x8  " in boards["chess"]
    assert "  5x9, 2 holes  " in boards["bipartite-stage-one"]
    assert "  KQRBNPAC  " in boards["ajax-capablanca"]
    # the rules each target cannot express, derived from the catalogue
    assert header.split()[4:] == ["not", "in", "fairy-stockfish", "not", "in", "zillions"]
    assert boards["prime-ministers-chess"].split()[-2] == "swap"
    assert boards["chess"].split()[-2] == "-"


def test_list_json_names_what_the_build_on_disk_holds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "list", "--json")
    assert code == 0 and err == ""
    records = json.loads(out)
    assert [r["name"] for r in records] == NAMES
    out_dir = ROOT / "out"
    ini = (out_dir / "fairy-stockfish" / "variants.ini").read_text(encoding="utf-8")
    for r in records:
        assert f"\n[{r['fairy_stockfish_section']}]\n" in ini, r["name"]
        z = r["zillions"]
        with zipfile.ZipFile(out_dir / z["download"]) as zf:
            zrf = zf.read(z["zrf"]).decode("ascii")
        assert f'(title "{z["game"]}")' in zrf, r["name"]
        assert r["pychess"] is None or (out_dir / r["pychess"]).is_file()
        for target, rules in r["cannot_express"].items():
            assert [x["rule"] for x in rules] == [x.rule for x in limitations(CAT.get(r["name"]), target)]
    by_name = {r["name"]: r for r in records}
    assert by_name["bipartite-stage-one"]["board"] == {"files": 5, "ranks": 9, "holes": ["c1", "c9"]}
    assert by_name["prime-ministers-chess"]["pychess"] is None  # Fairy-Stockfish has no swap move
    assert [x["rule"] for x in by_name["prime-ministers-chess"]["cannot_express"]["fairy-stockfish"]] == ["swap"]
    assert all(r["fairy_stockfish_builtin"] is None for r in records)


def test_list_json_names_the_builtin_each_entry_reproduces(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--catalogue", str(FAIRY_STOCKFISH_CATALOGUE), "--json")
    records = json.loads(out)
    assert code == 0 and all(r["fairy_stockfish_builtin"] for r in records)
    antichess = next(r for r in records if r["fairy_stockfish_builtin"] == "antichess")
    assert antichess["fairy_stockfish_section"] == "antichess-variantgen"


def test_show_ajax_chess(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "ajax-chess")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Ajax Chess (ajax-chess), 10x10; white moves first")
    assert "10 r n b m k q m b n r" in lines
    assert " 9 p p p p p p p p p p" in lines
    assert " 1 R N B M Q K M B N R" in lines
    assert "   a b c d e f g h i j" in lines
    assert "FEN: rnbmkqmbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBMQKMBNR w KQkq - 0 1" in lines
    assert "M  Ajax Minister (KAD)" in lines
    assert "R  Ajax Rook (RmF)" in lines


def test_show_holes_and_pockets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "bipartite-stage-one")
    assert code == 0
    assert "9 m m * m m" in out.splitlines()
    assert "black moves first" in out.splitlines()[0]
    code, out, _ = run(capsys, "show", "ajax-bigamous")
    assert code == 0
    assert "in hand: white: 2 Ajax Minister; black: 2 Ajax Minister" in out.splitlines()


# -- moves -----------------------------------------------------------------------------------------


def test_moves_small_position(capsys: pytest.CaptureFixture[str]) -> None:
    # lame Swordsman a4 beside the hole a5; black s a2 and m c4 to take; king e1
    fen = "4k/5/5/5/*3*/D1m2/5/s4/4K w - - 0 1"
    code, out, err = run(capsys, "moves", "bipartite-stage-two-white-diagonal", "--fen", fen)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines == sorted(lines)
    assert lines == ["a4a2", "a4a3", "a4b4", "a4c4", "e1d1", "e1d2", "e1e2"]


def test_moves_dialect(capsys: pytest.CaptureFixture[str]) -> None:
    # drops M@.., a forced pass 0000, promotion to a Soldier, castling as the king's move
    _, out, _ = run(capsys, "moves", "ajax-bigamous", "--fen", "4k4/9/9/9/9/9/9/K6r1[M] w - - 0 1")
    assert out.split() == sorted(["a1a2", "a1b2"] + [f"M@{f}1" for f in "bcdefg"])
    _, out, _ = run(capsys, "moves", "bipartite-stage-one", "--fen", "2*2/5/5/mmmm1/mmmmm/MMMMM/5/5/MM*MM b - - 0 1")
    assert out.split() == ["0000"]
    _, out, _ = run(
        capsys, "moves", "bipartite-stage-two-white-diagonal", "--fen", "k4/5/2M2/5/*3*/5/3m1/1M3/4K w - - 0 1"
    )
    assert out.split() == ["b2b3", "b2b4", "c7c8s", "e1d1", "e1d2"]
    _, out, _ = run(capsys, "moves", "ajax-chess", "--fen", "4k5/10/10/10/10/10/10/10/10/R4K3R w KQ - 0 1")
    assert {"f1b1", "f1i1"} <= set(out.split())


def test_moves_checkmate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "moves", "chess", *FOOLS_MATE)
    assert code == 0 and err == ""
    assert out.splitlines() == ["game over: 0-1 (black wins by checkmate)"]


# -- perft -----------------------------------------------------------------------------------------


def test_perft_chess_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "perft", "chess", "3")
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == "Nodes searched: 8902"


def test_perft_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "chess", "1", "--moves", "e2e4")
    assert code == 0
    assert out.splitlines()[-1] == "Nodes searched: 20"


def test_perft_divide_sums_to_total(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "perft", "ajax-chess", "2", "--divide")
    assert code == 0 and err == ""
    *rows, last = out.splitlines()
    counts = {}
    for row in rows:
        move, n = row.split(": ")
        counts[move] = int(n)
    assert len(counts) == len(rows) == 40
    assert list(counts) == sorted(counts)
    assert last == f"Nodes searched: {sum(counts.values())}"
    assert last == "Nodes searched: 1600"


@pytest.mark.parametrize(
    ("suite", "catalogue"),
    [
        ("chess.perft", ()),
        ("variants.perft", ()),
        ("fairy-stockfish.perft", ("--catalogue", str(ROOT / "catalogues" / "fairy-stockfish.yaml"))),
        # Fairy-Stockfish's own tests/perft.sh (horde's en passant, berolina's and crazyhouse's FENs among them)
        ("fairy-stockfish-perft-sh.perft", ("--catalogue", str(ROOT / "catalogues" / "fairy-stockfish.yaml"))),
    ],
)
def test_perft_suites_pass(capsys: pytest.CaptureFixture[str], suite: str, catalogue: tuple[str, ...]) -> None:
    code, out, err = run(capsys, "perft", *catalogue, "--suite", str(SUITES / suite))
    assert code == 0, out
    assert err == ""
    assert "MISMATCH" not in out
    m = SUMMARY.match(out.splitlines()[-1])
    assert m is not None, out
    passed, failed, total = map(int, m.groups())
    assert failed == 0 and passed == total > 0


@pytest.mark.slow
def test_fairy_stockfish_perft_positions_at_their_published_depths(capsys: pytest.CaptureFixture[str]) -> None:
    """The 64 cases of Fairy-Stockfish's tests/perft.sh the quick suite runs shallower, at the depth perft.sh
    checks them (published counts up to 1,000,000 nodes)."""
    catalogue = ("--catalogue", str(ROOT / "catalogues" / "fairy-stockfish.yaml"))
    code, out, err = run(
        capsys, "perft", *catalogue, "--suite", str(SUITES / "fairy-stockfish-perft-sh-published.perft")
    )
    assert code == 0 and err == "", out
    m = SUMMARY.match(out.splitlines()[-1])
    assert m is not None, out
    assert tuple(map(int, m.groups())) == (64, 0, 64)


def test_perft_suite_mismatch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suite = tmp_path / "wrong.perft"
    suite.write_text(
        "# one right, one wrong\n"
        "chess ; startpos ; 2 ; 400\n"
        "ajax-chess ; startpos ; 1 ; 41   # the real figure is 40\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "perft", "--suite", str(suite))
    assert code == 1
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == f"MISMATCH {suite}:3: ajax-chess ; startpos ; depth 1: expected 41, got 40"
    assert SUMMARY.match(lines[-1])
    assert lines[-1].startswith("1 passed, 1 failed (2 perft cases in ")


def test_perft_suite_fen_extension(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the {unmoved:...;swaps:...} field holds a ';', which is not a field separator
    suite = tmp_path / "ext.perft"
    suite.write_text(
        "prime-ministers-chess ; 4k4/9/9/9/9/9/9/1NBMK4 w - - 0 1 {unmoved:b1,c1,d1;swaps:0/1} ; 1 ; 27\n"
        "prime-ministers-chess ; 4k4/9/9/9/9/9/9/1NBMK4 w - - 0 1 ; 1 ; 29\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "perft", "--suite", str(suite))
    assert code == 0, out
    assert out.splitlines()[-1].startswith("2 passed, 0 failed")


# -- bad input: one line on stderr, exit 2 ---------------------------------------------------------

BAD_YAML = """\
families:
  chess: {title: Chess}
variants:
  chess:
    title: Chess
    family: chess
    board: {files: 8, ranks: eight}
"""


def bad_inputs(tmp_path: Path) -> dict[str, tuple[list[str], str]]:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD_YAML, encoding="utf-8")
    missing = tmp_path / "missing.yaml"
    return {
        "unknown variant": (["moves", "no-such-chess"], "unknown variant 'no-such-chess'"),
        "unknown variant in perft": (["perft", "no-such-chess", "1"], "unknown variant"),
        "misspelt variant": (["show", "ajax-chesss"], "unknown variant 'ajax-chesss' (did you mean 'ajax-chess'?)"),
        "misspelt variant in check": (
            ["check", "--engine", "zillions", "prime-minister-chess"],
            "unknown variant 'prime-minister-chess' (did you mean 'prime-ministers-chess'?)",
        ),
        "wrong rank count": (
            ["moves", "chess", "--fen", "8/8/8/8/8/8/8/K6k/8 w - - 0 1"],
            "board has 9 ranks; chess has 8",
        ),
        "piece on a hole": (
            ["moves", "bipartite-stage-one", "--fen", "mmmmm/mmmm1/5/5/5/5/5/MMMMM/MM*MM b - - 0 1"],
            "c9 is a hole",
        ),
        "letter not in the variant": (
            ["moves", "chess", "--fen", "4k3/8/8/8/8/8/8/4K2M w - - 0 1"],
            "'M' on h1 is not a piece letter of chess",
        ),
        "illegal move": (["moves", "chess", "--moves", "e2e4", "e7e4"], "move 2 'e7e4' is not legal"),
        "move after game over": (["moves", "chess", *FOOLS_MATE, "a2a3"], "move 5 'a2a3': the game is already over"),
        "missing catalogue": (["list", "--catalogue", str(missing)], str(missing)),
        "catalogue error": (["list", "--catalogue", str(bad)], str(bad)),
        "missing suite": (["perft", "--suite", str(missing)], "cannot read the suite"),
        "depth not a number": (["perft", "chess", "x"], "invalid int value: 'x'"),
        "unknown command": (["bogus"], "invalid choice: 'bogus'"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "unknown variant",
        "unknown variant in perft",
        "misspelt variant",
        "misspelt variant in check",
        "wrong rank count",
        "piece on a hole",
        "letter not in the variant",
        "illegal move",
        "move after game over",
        "missing catalogue",
        "catalogue error",
        "missing suite",
        "depth not a number",
        "unknown command",
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str) -> None:
    argv, expected = bad_inputs(tmp_path)[case]
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    assert lines[0].startswith("variantgen")
    assert expected in lines[0]
    assert "Traceback" not in err


# -- the module entry ------------------------------------------------------------------------------


def test_python_dash_m_generator() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "generator", "list"], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) == 1 + len(NAMES)
    assert [line.split()[0] for line in lines[1:]] == NAMES


def test_build_of_another_catalogue_never_lands_in_the_repository_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # where ./out is the repository's out/
    private = tmp_path / "mine.yaml"
    private.write_text((ROOT / "variants.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    before = {p: p.stat().st_mtime_ns for p in (ROOT / "out").rglob("*")}
    code, _, err = run(capsys, "build", "--catalogue", str(private))
    assert code == 2 and "--out DIR" in err and len(err.splitlines()) == 1
    assert {p: p.stat().st_mtime_ns for p in (ROOT / "out").rglob("*")} == before
    code, out, _ = run(capsys, "build", "--catalogue", str(private), "--out", str(tmp_path / "out"), "chess")
    assert code == 0 and f"catalogue: {private}, 14 variants" in out
    assert (tmp_path / "out" / "fairy-stockfish" / "variants.ini").exists()


def test_the_help_says_what_the_tool_is_and_shows_common_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "variantgen turns one YAML catalogue of chess variants into Fairy-Stockfish variants.ini" in out
    assert "common commands:\n  variantgen build " in out and "  variantgen import variants.ini " in out
    code, out, _ = run(capsys, "import", "--help")
    assert code == 0 and "variants.ini" in out and "Zillions .zrf" in out


# the examples that need files of the reader's own (mine.yaml, mine.ini, Chess.zrf) or run until stopped (serve)
NEEDS_MORE = ("mine.", "Chess.zrf", "variantgen serve")


def test_every_sub_command_shows_examples_that_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.cli import EXAMPLES, build_parser

    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert set(EXAMPLES) == set(commands)
    for name in commands:
        code, out, _ = run(capsys, name, "--help")
        assert code == 0 and "examples:\n" in out and all(f"  {line}\n" in out for line in EXAMPLES[name]), name
    for name, lines in EXAMPLES.items():
        for line in lines:
            if any(part in line for part in NEEDS_MORE):
                continue
            # build writes ./out: in a folder of its own; the others read the checkout's out/
            monkeypatch.chdir(tmp_path if name == "build" else ROOT)
            code, _, err = run(capsys, *shlex.split(line)[1:])
            assert (code, err) == (0, ""), line
