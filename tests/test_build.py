"""The committed out/ is exactly what `variantgen build` makes from the committed catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.model import Catalogue
from generator.emit.build import DEFAULT_OUT, EMITTERS, Emitter, build
from generator.emit.manifest import Manifest

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_committed_out_is_up_to_date(tmp_path: Path) -> None:
    build(load_catalogue(DEFAULT_CATALOGUE), tmp_path / "out")
    fresh = tree(tmp_path / "out")
    committed = {k: v for k, v in tree(DEFAULT_OUT).items() if k.split("/")[0] in {e.folder for e in EMITTERS}}
    assert sorted(fresh) == sorted(committed), "out/ is stale: run `variantgen build` and commit out/"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"out/ is stale ({', '.join(stale)}): run `variantgen build` and commit out/"


def _nested(catalogue: Catalogue, folder: Path, names: object) -> Manifest:
    (folder / "sub").mkdir()
    (folder / "sub" / "a.txt").write_text("a")
    (folder / "b.txt").write_text("b")
    return Manifest(target="test", files=("sub/a.txt", "b.txt"))


def _page(catalogue: Catalogue, folder: Path, names: object) -> Manifest:
    (folder / "page.html").write_text("<p>")
    return Manifest(target="page", files=("page.html",))


def test_what_was_written_comes_from_the_manifests(tmp_path: Path) -> None:
    out = tmp_path / "out"
    lines = build(CATALOGUE, out, ["chess"], [Emitter("nested", _nested), Emitter("page.html", _page, file=True)])
    assert lines == [
        f"wrote {out / 'nested' / 'sub' / 'a.txt'}",
        f"wrote {out / 'nested' / 'b.txt'}",
        f"wrote {out / 'page.html'}",
    ]
    assert (out / "nested" / "sub" / "a.txt").read_text() == "a" and (out / "page.html").read_text() == "<p>"


def test_a_file_emitter_must_write_exactly_its_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="must write exactly that one file"):
        build(CATALOGUE, tmp_path / "out", ["chess"], [Emitter("index.html", _page, file=True)])
    assert not (tmp_path / "out").exists()
