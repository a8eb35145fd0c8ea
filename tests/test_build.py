"""The committed out/ is exactly what `variantgen build` makes from the committed catalogue."""

from __future__ import annotations

from pathlib import Path

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.emit.build import DEFAULT_OUT, EMITTERS, build


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_committed_out_is_up_to_date(tmp_path: Path) -> None:
    build(load_catalogue(DEFAULT_CATALOGUE), tmp_path / "out")
    fresh = tree(tmp_path / "out")
    committed = {k: v for k, v in tree(DEFAULT_OUT).items() if k.split("/")[0] in {e.folder for e in EMITTERS}}
    assert sorted(fresh) == sorted(committed), "out/ is stale: run `variantgen build` and commit out/"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"out/ is stale ({', '.join(stale)}): run `variantgen build` and commit out/"
