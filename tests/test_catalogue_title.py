"""A catalogue's title names what a user sees: its page, its play page and the downloads of the file's own
family; without ``title:`` the file's name made readable, else the variants' titles, never ``Variants``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import MINI, run

from generator.catalogue import load_catalogue
from generator.emit.output import build

ENTRY = """\
  {name}:
    extends: fairy-stockfish:{parent}
    title: {title}
"""


def write(folder: Path, file: str, entries: list[tuple[str, str, str]], title: str | None = None) -> Path:
    """A catalogue of entries (name, built-in parent, title) that name no family."""
    text = (f"title: {title}\n" if title else "") + "variants:\n"
    text += "".join(ENTRY.format(name=n, parent=p, title=t) for n, p, t in entries)
    path = folder / file
    path.write_text(text, encoding="utf-8")
    return path


def titles(out: Path) -> tuple[str, str, list[str]]:
    """The page's and the play page's titles, and the downloads' names."""
    page = re.search(r"<title>(.*?)</title>", (out / "index.html").read_text(encoding="utf-8"))
    play = re.search(r"<title>(.*?)</title>", (out / "play.html").read_text(encoding="utf-8"))
    assert page and play
    return page[1], play[1], sorted(p.name for p in (out / "zillions").glob("*.zip"))


def test_a_one_game_catalogue_is_named_after_its_game(tmp_path: Path) -> None:
    path = write(tmp_path, "variants.yaml", [("my-chess", "chess", "My Chess")])
    catalogue = load_catalogue(str(path))
    assert catalogue.title == "My Chess"
    build(catalogue, tmp_path / "out")
    assert titles(tmp_path / "out") == ("My Chess", "Play: My Chess", ["My Chess (variantgen).zip"])


def test_a_title_names_the_page_the_play_page_and_the_files_own_download(tmp_path: Path) -> None:
    # two games of the file's own family (they name none, and their parent is the file's)
    path = tmp_path / "v.yaml"
    path.write_text(
        "title: Small chess at the club\n"
        + MINI.replace("families:\n  fam: {title: Family}\n", "").replace("    family: fam\n", "")
        + "  mini-2: {extends: mini, title: Mini 2, board: {files: 6, ranks: 6}}\n",
        encoding="utf-8",
    )
    build(load_catalogue(str(path)), tmp_path / "out")
    page, play, zips = titles(tmp_path / "out")
    assert (page, play, zips) == (
        "Small chess at the club",
        "Play: Small chess at the club",
        ["Small chess at the club (variantgen).zip"],
    )


@pytest.mark.parametrize(
    ("file", "count", "expected"),
    [
        ("shogi_family.yaml", 2, "Shogi Family"),
        ("variants.yaml", 2, "Chess 1 and 1 other variant"),
        ("my-variants.yaml", 3, "Chess 1 and 2 other variants"),
        ("z.yaml", 3, "Chess 1 and 2 other variants"),
    ],
)
def test_without_a_title_the_files_name_unless_it_says_nothing(
    tmp_path: Path, file: str, count: int, expected: str
) -> None:
    entries = [(f"c{i}", "chess", f"Chess {i}") for i in range(1, count + 1)]
    assert load_catalogue(str(write(tmp_path, file, entries))).title == expected


def test_a_build_of_a_title_that_names_no_file_exits_2_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "v.yaml", [("my-chess", "chess", "My Chess")], title='"Chess? Yes"')
    code, out, err = run(capsys, "build", "--catalogue", str(path), "--out", str(tmp_path / "out"))
    assert (code, out) == (2, "")
    assert (
        err == f"variantgen: {path}:1: field 'title', 'Chess? Yes' holds ?, which a file name cannot hold "
        "(it names the downloads)\n"
    )
    assert not (tmp_path / "out").exists()
