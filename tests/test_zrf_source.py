"""Rules files in zips, as Zillions downloads come: ``lint``, ``perft --zrf`` and ``check --zrf`` read
the ``.zrf`` inside (a top-level folder, pictures, an include beside it), or the one named ``ZIP:NAME``
when there are several."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from shared_data import zillions_file
from support import run

from generator.zrf import ZrfError, load
from generator.zrf.source import open_rules


def download(tmp_path: Path, name: str, files: dict[str, bytes]) -> Path:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as zf:
        for member, data in files.items():
            zf.writestr(member, data)
    return path


@pytest.fixture
def chess_zip(tmp_path: Path) -> Path:
    """Chess.zrf as a download: a folder, pictures, a macOS metadata copy beside it."""
    chess = zillions_file("Chess.zrf").read_bytes()
    return download(
        tmp_path,
        "Chess.zip",
        {
            "Chess/Chess.zrf": chess,
            "Chess/Images/Chess/SHaag/Chess8x8.bmp": b"BM" + bytes(100),
            "Chess/Chess.txt": b"Readme",
            "__MACOSX/Chess/._Chess.zrf": b"\x00\x05\x16\x07 metadata",
        },
    )


def test_the_three_commands_read_a_download(capsys: pytest.CaptureFixture[str], chess_zip: Path) -> None:
    assert run(capsys, "perft", "--zrf", str(chess_zip), "2")[:2] == (0, "Nodes searched: 400\n")
    code, out, err = run(capsys, "lint", str(chess_zip))
    assert (code, err) == (0, "") and out.splitlines() == [
        f"{chess_zip}:Chess/Chess.zrf:124: warning: the symmetry for Black does not list e, w: Zillions leaves them "
        "unchanged, other readers may not; add (e e) (w w)",
        f"{chess_zip}: 0 errors, 1 warning",
    ]
    code, out, err = run(capsys, "check", "chess", "--engine", "zillions", "--zrf", str(chess_zip), "--depth", "1")
    assert code == 0 and "all agree" in out, (out, err)


def test_a_zip_of_several_games_names_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chess = zillions_file("Chess.zrf").read_bytes()
    fairy = zillions_file("fairychess.zrf").read_bytes()
    both = download(tmp_path, "Both.zip", {"Both/Chess.zrf": chess, "Both/Fairy/fairychess.zrf": fairy})
    for argv in (["perft", "1", "--zrf"], ["lint"], ["check", "--engine", "zillions", "--zrf"]):
        code, out, err = run(capsys, *argv, str(both))
        assert (code, out) == (2, ""), (argv, out)
        assert err == (
            f"variantgen: {both}: the zip holds 2 .zrf files (Both/Chess.zrf, Both/Fairy/fairychess.zrf): "
            f"name one, as {both}:Chess.zrf\n"
        )
    assert run(capsys, "perft", "1", "--zrf", f"{both}:Chess.zrf")[:2] == (0, "Nodes searched: 20\n")
    code, out, _ = run(capsys, "perft", "1", "--zrf", f"{both}:Both/Fairy/fairychess.zrf", "--game", "Grand Chess")
    assert (code, out) == (0, "Nodes searched: 65\n")
    code, _, err = run(capsys, "perft", "1", "--zrf", f"{both}:Shogi.zrf")
    assert (code, err) == (
        2,
        f"variantgen: {both}: no 'Shogi.zrf' inside (its .zrf files: Both/Chess.zrf, Both/Fairy/fairychess.zrf)\n",
    )


def test_an_include_is_read_from_the_zip(tmp_path: Path) -> None:
    game = b"""(include "Lib/Steps.inc")
(game (title "Kings") (players White Black) (turn-order White Black)
  (board (grid (dimensions ("a/b/c" (1 0)) ("3/2/1" (0 1))) (directions (n 0 -1) (e 1 0))))
  (piece (name King) (moves (step n) (step e)))
  (board-setup (White (King a1)) (Black (King c3))))"""
    path = download(tmp_path, "Kings.zip", {"Kings/Kings.zrf": game, "Kings/Lib/Steps.inc": b"(define step ($1 add))"})
    rules = load(path)
    assert rules.path == f"{path}:Kings/Kings.zrf"
    king = rules.game().pieces["King"]
    assert [repr(b.stmts) for b in king.moves] == ["[n, add]", "[e, add]"]
    broken = download(tmp_path, "Broken.zip", {"Kings/Kings.zrf": game})
    with pytest.raises(ZrfError, match=r"Broken\.zip:Kings/Kings\.zrf:1: cannot include 'Lib/Steps\.inc'"):
        load(broken)


def test_zips_without_rules(tmp_path: Path) -> None:
    empty = download(tmp_path, "Pictures.zip", {"Game/board.bmp": b"BM"})
    with pytest.raises(ZrfError, match=r"Pictures\.zip: the zip holds no \.zrf file"):
        open_rules(empty)
    plain = tmp_path / "Plain.zrf"
    plain.write_text("(game)")
    with pytest.raises(ZrfError, match=r"Plain\.zrf: not a zip, so it holds no 'x\.zrf'"):
        open_rules(plain, "x.zrf")
    with pytest.raises(ZrfError, match=r"Missing\.zip: cannot read the file"):
        open_rules(tmp_path / "Missing.zip")
