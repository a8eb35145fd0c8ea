"""A newcomer's first commands: shipped catalogues by name, catalogues without ``families``, the version."""

from __future__ import annotations

import json
import re
import tomllib
import zipfile
from pathlib import Path

import jsonschema
import pytest
import yaml
from support import run

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue

ROOT = Path(__file__).resolve().parent.parent
FSF_COUNT = len(load_catalogue(FAIRY_STOCKFISH_CATALOGUE).variants)


def test_a_shipped_catalogue_by_name_from_any_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "list", "--catalogue", "fairy-stockfish", "--json")
    assert code == 0 and err == ""
    names = [r["name"] for r in json.loads(out)]
    assert len(names) == FSF_COUNT and "xiangqi" in names
    code, out, _ = run(capsys, "perft", "--catalogue", "fairy-stockfish", "minishogi", "2")
    assert code == 0 and out.splitlines()[-1] == "Nodes searched: 181"  # pyffish's minishogi: 181 too


def test_list_catalogues_names_each_shipped_catalogue(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "variants.yaml").write_text("not: [a catalogue\n", encoding="utf-8")  # never read
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "list", "--catalogues")
    assert code == 0 and err == ""
    rows = {line.split()[0]: line.split() for line in out.splitlines()}
    assert rows["variantgen"][1:3] == ["14", "variants"]
    assert rows["fairy-stockfish"][1:3] == [str(FSF_COUNT), "variants"]
    assert Path(rows["fairy-stockfish"][3]) == FAIRY_STOCKFISH_CATALOGUE


def test_a_name_that_is_neither_file_nor_shipped_says_which_names_exist(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "list", "--catalogue", "fairystockfish")
    assert (code, out) == (2, "")
    assert err == (
        "variantgen: fairystockfish: no such file, nor a catalogue shipped with variantgen by that name "
        "(shipped: variantgen, fairy-stockfish)\n"
    )


def test_a_file_wins_over_a_shipped_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "fairy-stockfish").write_text(
        "variants:\n  mine:\n    extends: fairy-stockfish:chess\n    title: Mine\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "list", "--catalogue", "fairy-stockfish", "--json")
    assert code == 0 and [r["name"] for r in json.loads(out)] == ["mine"]


TINY = """\
variants:
  tiny:
    title: Tiny
    board: {files: 4, ranks: 4}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R}
    setup:
      white: {K: [a1], R: [d1]}
      black: {K: [d4], R: [a4]}
  tinier:
    extends: tiny
    title: Tinier
    board: {files: 4, ranks: 3}
    setup:
      white: {K: [a1], R: [d1]}
      black: {K: [d3], R: [a3]}
"""


def test_an_entry_that_extends_a_shipped_one_needs_no_families(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("variants:\n  my-chess:\n    extends: fairy-stockfish:chess\n    title: My chess\n")
    mine = load_catalogue(path).get("my-chess")
    # the parent's family, with its title
    assert (mine.family, mine.family_title) == ("chess", "Chess (Fairy-Stockfish)")
    assert mine.pieces == load_catalogue(FAIRY_STOCKFISH_CATALOGUE).get("chess").pieces


def test_entries_without_a_family_are_in_the_files_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "small_games.yaml").write_text(TINY, encoding="utf-8")
    cat = load_catalogue(tmp_path / "small_games.yaml")
    assert {(v.name, v.family, v.family_title) for v in cat.variants} == {
        ("tiny", "small-games", "Small Games"),
        ("tinier", "small-games", "Small Games"),
    }
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "build", "--catalogue", "small_games.yaml", "--out", "built")
    assert code == 0, err
    # their boards differ (4x4, 4x3): a download each, named after its game
    for game in ("Tiny", "Tinier"):
        with zipfile.ZipFile(tmp_path / "built" / "zillions" / f"{game} (variantgen).zip") as z:
            zrf = [n for n in z.namelist() if n.endswith(".zrf")]
            text = z.read(zrf[0]).decode("latin-1")
        assert re.findall(r'\(title "([^"]*)"\)', text) == [f"{game} (variantgen)"]


def test_a_declared_family_of_the_files_name_gives_its_title(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text("families:\n  small: {title: Small boards}\n" + TINY, encoding="utf-8")
    assert {v.family_title for v in load_catalogue(path).variants} == {"Small boards"}


def test_version_is_the_projects(capsys: pytest.CaptureFixture[str]) -> None:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    code, out, _ = run(capsys, "--version")
    assert (code, out) == (0, f"variantgen {version}\n")
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {version} " in changelog  # every released version says what it added


def test_the_json_schema_takes_a_catalogue_without_families_too() -> None:
    """Editors read docs/catalogue.schema.json: it must not flag what the loader now takes."""
    schema = json.loads((ROOT / "docs" / "catalogue.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(yaml.safe_load(TINY)))
    assert [e.message for e in validator.iter_errors({"families": {}})] == ["'variants' is a required property"]
