"""``variantgen check`` checks the files a build wrote (``--out DIR``, default ``./out`` when it
holds a build of the catalogue), says when they differ from a fresh build, and checks them all the same."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from generator.catalogue import DEFAULT_CATALOGUE
from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "out"


@pytest.fixture
def out_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "out"
    shutil.copytree(OUT, copy)
    return copy


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["check", *argv])
    got = capsys.readouterr()
    return code, got.out, got.err


def test_by_default_the_repository_build_is_checked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code, out, _ = _run(capsys, "chess", "--depth", "1", "--games", "1", "--jobs", "1")
    assert code == 0
    assert out.splitlines()[0] == "catalogue: variants.yaml in this folder, 14 variants"
    assert "1 section of out/fairy-stockfish/variants.ini loaded and verified" in out
    assert "differs from a fresh build" not in out


def test_a_file_that_differs_from_a_fresh_build_is_named_and_still_checked(
    out_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ini = out_copy / "fairy-stockfish" / "variants.ini"
    text = ini.read_text(encoding="utf-8")
    ini.write_text(text.replace("customPiece3 = n:NmK", "customPiece3 = n:N", 1), encoding="utf-8")
    code, out, _ = _run(capsys, "ajax-chess", "--out", str(out_copy), "--depth", "2", "--games", "0", "--jobs", "1")
    assert out.splitlines()[1] == f"{ini} differs from a fresh build of the catalogue; checking the file on disk"
    assert code == 1 and "DISAGREEMENT in ajax-chess" in out  # the knight's lost step: the file on disk was checked


def test_a_zip_that_differs_is_named_and_checked(out_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = out_copy / "zillions" / "Chess (variantgen).zip"
    member = "Chess (variantgen)/Chess (variantgen).zrf"
    with zipfile.ZipFile(path) as zf:
        files = {name: zf.read(name) for name in zf.namelist()}
    files[member] = files[member].replace(b"; ", b";  ", 1)  # a comment changes, not a rule
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    code, out, _ = _run(capsys, "chess", "--engine", "zillions", "--out", str(out_copy), "--depth", "1", "--games", "1")
    assert code == 0
    assert f"{path}:{member} differs from a fresh build of the catalogue; checking the file on disk" in out
    assert f"1 game of 1 .zrf file in {out_copy} loaded and verified" in out


@pytest.mark.parametrize(
    ("engine", "missing", "hint"),
    [
        ("fairy-stockfish", "fairy-stockfish/variants.ini", "--ini FILE"),
        ("zillions", "zillions/Chess (variantgen).zip", "--zrf FILE"),
    ],
)
def test_a_build_folder_without_the_file_is_one_line(
    out_copy: Path, capsys: pytest.CaptureFixture[str], engine: str, missing: str, hint: str
) -> None:
    (out_copy / missing).unlink()
    code, _, err = _run(capsys, "chess", "--engine", engine, "--out", str(out_copy), "--depth", "1", "--games", "0")
    assert code == 2 and err.count("\n") == 1
    assert str(out_copy / missing) in err and "run 'variantgen build' first" in err and hint in err


def test_another_catalogue_without_out_is_built_in_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # ./out is the repository's build, of an identical file elsewhere
    catalogue = tmp_path / "variants.yaml"  # the repository's out/ is not its build: never read it
    catalogue.write_text(Path(DEFAULT_CATALOGUE).read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = _run(capsys, "chess", "--catalogue", str(catalogue), "--depth", "1", "--games", "0")
    assert code == 0 and "1 section of the ini built from the catalogue loaded and verified" in out
    assert "out/ holds no build of this catalogue: checking the files of a build made in memory" in out
