"""The bridge both ways: a Zillions download that ``variantgen build`` writes imports back, through
``variantgen import``, as the entry it was written from: the same board, start position and moves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue, load_catalogue_text
from generator.catalogue.model import Variant
from generator.engine import Position
from generator.engine.perft import perft
from generator.importers.yaml_text import render_entry
from generator.importers.zillions.command import import_zrf
from tests.support import run


def _key(name: str) -> str:
    # the download spells a piece's name without its spaces (``Ajax Rook`` is ``AjaxRook``)
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _renamed(fen: str, imported: Variant, original: Variant) -> str:
    """``fen`` of ``imported`` with each piece letter the original's for the piece of the same name."""
    by_name = {_key(p.name): letter for letter, p in original.piece_index.items()}
    letters = {letter: by_name[_key(p.name)] for letter, p in imported.piece_index.items()}
    letters |= {k.lower(): v.lower() for k, v in letters.items()}
    return "".join(letters.get(c, c) for c in fen)


@pytest.mark.parametrize(
    ("zip_name", "names"),
    [
        ("Chess (variantgen).zip", ["chess"]),
        # pieces of its own, and two Ministers in hand dropped on the first rank
        ("Ajax Bigamous Chess (variantgen).zip", ["ajax-bigamous", "ajax-bigamous-no-drops"]),
    ],
)
def test_a_download_imports_back_as_the_entry_it_was_written_from(
    zip_name: str, names: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "build", "--out", str(tmp_path / "out"), *names)
    assert code == 0, err
    catalogue = load_catalogue(DEFAULT_CATALOGUE)
    result = import_zrf(str(tmp_path / "out" / "zillions" / zip_name), zip_name)
    assert result.left_out == []
    assert len(result.entries) == len(names)
    for (key, data), name in zip(result.entries, names, strict=True):
        original = catalogue.get(name)
        imported = load_catalogue_text("variants:\n" + render_entry(key, data)).variants[0]
        assert imported.title == f"{original.title} (variantgen)"
        assert (imported.board.files, imported.board.ranks) == (original.board.files, original.board.ranks)
        start = _renamed(Position.start(imported).fen(), imported, original)
        assert start == Position.start(original).fen()
        assert [perft(Position.start(imported), d) for d in (1, 2, 3)] == [
            perft(Position.start(original), d) for d in (1, 2, 3)
        ]
