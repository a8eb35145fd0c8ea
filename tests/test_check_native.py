"""``variantgen check --uci``: perft counts through a native Fairy-Stockfish, bisected to the first
wrong move; the engine is built by ``scripts/build-fairy-stockfish`` (cached after the first run)."""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from support import check_args

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.check.command import cmd_check
from generator.check.compare import EngineError
from generator.check.fairy_stockfish import built_ini
from generator.check.native import open_native
from generator.check.perft_compare import check_counts
from generator.check.uci import UciEngine
from generator.cli import main
from generator.emit.fidelity import relaxed
from generator.engine import Position, uci

ROOT = Path(__file__).resolve().parents[1]
CAT = load_catalogue(DEFAULT_CATALOGUE)


def _ini(tmp_path: Path, old: str = "", new: str = "") -> Path:
    text, _ = built_ini(CAT)
    assert old in text
    path = tmp_path / "variants.ini"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_ini_on_disk_agrees_with_the_reference(
    engine_path: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # where ./out is the repository's build of its catalogue
    args = check_args(
        "chess", "ajax-chess", "bipartite-stage-one", "--uci", engine_path, "--depth", "3", "--games", "2"
    )
    assert cmd_check(CAT, args) == 0
    out = capsys.readouterr().out
    assert "3 sections of out/fairy-stockfish/variants.ini loaded and verified" in out
    assert out.rstrip().endswith("all agree")
    chess = next(line for line in out.splitlines() if line.startswith("chess: "))
    said = re.match(r"chess: (\d+) positions, (\d+) nodes compared, ", chess)  # as the pyffish mode says it
    assert said is not None, chess
    # perft 3 from the start (8,902 nodes), plus counts at positions along the two games
    assert int(said[1]) > 1 and int(said[2]) > 8902
    head = next(line for line in out.splitlines() if line.startswith("variant "))
    assert head.split()[:3] == ["variant", "positions", "nodes"]


def _reference_ends(name: str, games: int, plies: int, seed: int = 1) -> Counter[str]:
    """How the reference ends the check's random games of ``name`` (moves drawn as the check draws
    them), by reason; insufficient material left out (the engines leave it to the GUI, so no
    result is compared there)."""
    variant = relaxed(CAT.get(name), "fairy-stockfish")  # type: ignore[arg-type]
    ends: Counter[str] = Counter()
    for game in range(games):
        rng = random.Random(f"{seed}:{name}:{game}")
        pos = Position.start(variant)
        pos.track_history()
        for ply in range(plies + 1):
            end = pos.outcome()
            if end is not None:
                if end.reason != "insufficient material":
                    ends[end.reason] += 1
                break
            if ply < plies:
                pos.push_uci(rng.choice(sorted(uci(pos.rules, m) for m in pos.legal_moves())))
    return ends


def _ends_said(text: str) -> Counter[str]:
    """``checkmate 1, race 6`` (a summary's parenthesis, or a table cell) as a counter."""
    return Counter({reason: int(n) for reason, n in (part.rsplit(" ", 1) for part in text.split(", ") if part != "-")})


def test_the_ends_of_the_random_games_are_compared_and_counted_by_kind(
    engine_path: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    names = ["chess", "bipartite-stage-one", "bipartite-stage-two-white-diagonal"]
    args = check_args(*names, "--uci", engine_path, "--depth", "0", "--games", "10", "--plies", "300")
    assert cmd_check(CAT, args) == 0
    out = capsys.readouterr().out
    every: Counter[str] = Counter()
    for name in names:
        expected = _reference_ends(name, 10, 300)
        every += expected
        line = next(line for line in out.splitlines() if line.startswith(f"{name}: "))
        said = re.search(r", (\d+) game ends(?: \((.*?)\))?, ", line)
        assert said is not None, line
        assert int(said[1]) == sum(expected.values()) and _ends_said(said[2] or "") == expected
        row = next(line for line in out.splitlines() if line.startswith(f"{name} "))
        cell = re.split(r"\s{2,}", row)[4]  # variant, positions, nodes, games, game ends, ...
        assert _ends_said(cell) == expected
    # the games reach game ends of several kinds, each a result both engines were asked for
    assert {"checkmate", "race", "bare king"} <= set(every)


def test_a_wrong_result_is_caught_where_a_random_game_ends(
    engine_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # only the result changes: a player left with a bare king wins instead of losing.  No count can
    # see it (--depth 0, --game-depth 0); the game-end proofs run after the games, so the
    # disagreement shown is the one the games found
    ini = _ini(tmp_path, "extinctionValue = loss", "extinctionValue = win")  # the first: white-diagonal's
    name = "bipartite-stage-two-white-diagonal"
    argv = [name, "--uci", engine_path, "--ini", str(ini), "--depth", "0", "--game-depth", "0", "--plies", "300"]
    assert cmd_check(CAT, check_args(*argv, "--games", "10")) == 1
    out = capsys.readouterr().out
    said = re.search(rf"DISAGREEMENT in {name} \(game (\d+), ply (\d+)\)", out)
    assert said is not None, out
    lines = {
        line.split(":")[0].strip(): line.split(": ", 1)[1].strip() for line in out.splitlines() if line.startswith("  ")
    }
    pos = Position.start(relaxed(CAT.get(name), "fairy-stockfish"))  # type: ignore[arg-type]
    moves = lines["moves"].split()
    assert len(moves) == int(said[2])
    for move in moves:
        pos.push_uci(move)
    end = pos.outcome()
    assert end is not None and end.reason == "bare king" and pos.fen() == lines["FEN"]
    loser = "1-0" if end.result == "0-1" else "0-1"
    assert lines["result"] == f"reference {end}; fairy-stockfish {loser}"
    # the same games with the ini as built agree
    assert cmd_check(CAT, check_args(*argv[:3], *argv[5:], "--games", "10")) == 0


def test_a_wrong_piece_is_bisected_to_the_first_position_where_the_moves_differ(
    engine_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the Ajax Knight loses its non-capturing king step (mK) in the hand-edited ini: blocked at the
    # start, the step shows only once a pawn has moved and Black has replied
    ini = _ini(tmp_path, "customPiece3 = n:NmK", "customPiece3 = n:N")
    args = check_args("ajax-chess", "--uci", engine_path, "--ini", str(ini), "--depth", "3", "--games", "0")
    assert cmd_check(CAT, args) == 1
    out = capsys.readouterr().out
    assert "DISAGREEMENT in ajax-chess (perft 3 from the start)" in out
    lines = {
        line.split(":")[0].strip(): line.split(": ", 1)[1].strip() for line in out.splitlines() if line.startswith("  ")
    }
    assert lines["moves only fairy-stockfish has"] == "-"
    path = lines["moves"].split()
    assert len(path) == 2  # bisected down from depth 3: a white move, a black reply
    pos = Position.start(relaxed(CAT.get("ajax-chess"), "fairy-stockfish"))  # type: ignore[arg-type]
    for move in path:
        pos.push_uci(move)
    assert pos.fen() == lines["FEN"]
    geo = pos.rules.geo
    missing = lines["moves only the reference has"].split()
    assert missing
    for move in missing:  # each one an Ajax Knight's step
        frm, to = move[:2], move[2:4]
        f0, r0 = ord(frm[0]) - 97, int(frm[1:]) - 1
        f1, r1 = ord(to[0]) - 97, int(to[1:]) - 1
        assert pos.rules.letter(pos.board[geo.square(f0, r0)]) == "N"
        assert max(abs(f1 - f0), abs(r1 - r0)) == 1


def test_bisection_costs_one_count_per_ply(engine_path: str, tmp_path: Path) -> None:
    ini = _ini(tmp_path, "customPiece3 = n:NmK", "customPiece3 = n:N")
    v = CAT.get("ajax-chess")
    assert v is not None
    asked: list[tuple[tuple[str, ...], int]] = []
    text = ini.read_text(encoding="utf-8")
    _, manifest = built_ini(CAT)
    with open_native(engine_path, text, manifest, [v]) as (_, counts, proofs):

        def counted(moves: Sequence[str], depth: int) -> dict[str, int]:
            asked.append((tuple(moves), depth))
            return counts[v.name](moves, depth)

        report = check_counts(v, proofs, counted, depth=3, games=0)
    assert report.disagreement is not None
    assert [depth for _, depth in asked] == [3, 2, 1]  # one count per ply of the depth, whatever the tree's size
    assert report.disagreement.moves == asked[-1][0] and len(asked[-1][0]) == 2


def test_an_unregistered_section_is_named(engine_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ini = _ini(tmp_path, "[ajax-chess]", "[ajax-chess-renamed]")
    assert main(["check", "ajax-chess", "--uci", engine_path, "--ini", str(ini)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "has no variant 'ajax-chess': the ini did not register it" in err


@pytest.mark.parametrize(
    ("script", "message"),
    [
        (None, "no such file"),
        ("", "not executable"),
        ("#!/bin/sh\nread line; echo 'id name Other Engine'; echo uciok; cat >/dev/null\n", "is not Fairy-Stockfish"),
    ],
)
def test_a_binary_that_cannot_be_used_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str | None, message: str
) -> None:
    path = tmp_path / "engine"
    if script is not None:
        path.write_text(script, encoding="utf-8")
        if script:
            path.chmod(0o755)
    assert main(["check", "chess", "--uci", str(path), "--depth", "1", "--games", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and message in err


def test_a_crashed_engine_is_restarted_and_reported(
    engine_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a stand-in that passes everything to the real engine, and dies at its third count the first time
    flag = tmp_path / "died-once"
    proxy = tmp_path / "dies-once"
    proxy.write_text(
        f"""#!{sys.executable}
import os, subprocess, sys
engine = subprocess.Popen([{engine_path!r}], stdin=subprocess.PIPE, text=True, bufsize=1)
counts = 0
for line in sys.stdin:
    if line.startswith("go perft"):
        counts += 1
        if counts == 3 and not os.path.exists({str(flag)!r}):
            open({str(flag)!r}, "w").close()
            engine.kill()
            os._exit(1)
    engine.stdin.write(line)
    engine.stdin.flush()
""",
        encoding="utf-8",
    )
    proxy.chmod(0o755)
    assert main(["check", "chess", "--uci", str(proxy), "--depth", "2", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert flag.exists()
    assert "engine restarted:" in out and "1 engine restarts" in out and out.rstrip().endswith("all agree")


def test_an_engine_that_stops_answering_is_an_engine_error(tmp_path: Path) -> None:
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\nsleep 30\n", encoding="utf-8")
    silent.chmod(0o755)
    with pytest.raises(EngineError, match=r"did not answer within 0\.5 s"):
        UciEngine(silent, tmp_path / "variants.ini", timeout=0.5)


def test_fairy_stockfish_s_own_check_of_the_ini_is_heard(
    engine_path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # an option the engine does not know: older builds drop such options without a word when loading
    ini = _ini(tmp_path, "nMoveRule = 50", "nMoveRulee = 50")
    assert main(["check", "chess", "--uci", engine_path, "--ini", str(ini), "--depth", "1", "--games", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "check of the ini complains: [chess-variantgen] Invalid option: nMoveRulee" in err
