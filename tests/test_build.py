"""The committed out/ is exactly what `variantgen build` makes from the committed catalogue; a build
replaces only what the previous build wrote, refuses a folder that is not a build, and prints a
short summary."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.model import Catalogue
from generator.cli import main
from generator.emit.manifest import Manifest
from generator.emit.output import SUMMARY_LINES, Emitter, build
from generator.emit.output import folder as build_folder
from generator.emit.output.folder import RECORD

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
ROOT = Path(__file__).resolve().parents[1]


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_committed_out_is_up_to_date(tmp_path: Path) -> None:
    build(load_catalogue(DEFAULT_CATALOGUE), tmp_path / "out")
    fresh = tree(tmp_path / "out")
    committed = tree(ROOT / "out")  # every file, the build record too
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
    built = build(CATALOGUE, out, ["chess"], [Emitter("nested", _nested), Emitter("page.html", _page, file=True)])
    assert built.details() == [
        f"wrote {out / 'nested' / 'sub' / 'a.txt'}",
        f"wrote {out / 'nested' / 'b.txt'}",
        f"wrote {out / 'page.html'}",
    ]
    assert (out / "nested" / "sub" / "a.txt").read_text() == "a" and (out / "page.html").read_text() == "<p>"


def test_a_file_emitter_must_write_exactly_its_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="must write exactly that one file"):
        build(CATALOGUE, tmp_path / "out", ["chess"], [Emitter("index.html", _page, file=True)])
    assert not (tmp_path / "out").exists()


# -- the build folder: its record, a foreign folder, a rebuild ------------------------------------------


def _state(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file and folder under ``root`` with its bytes and modification time: what "untouched" means."""
    return {
        str(p.relative_to(root)): (p.read_bytes() if p.is_file() else b"", p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
    }


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(list(argv))
    got = capsys.readouterr()
    return code, got.out.splitlines(), got.err


def test_the_summary_is_short_and_says_what_was_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no variants.yaml here: the shipped one, into ./out
    code, lines, err = _cli(capsys, "build")
    assert code == 0 and err == ""
    on_disk = sorted(str(p.relative_to(tmp_path / "out")) for p in (tmp_path / "out").rglob("*") if p.is_file())
    record = json.loads((tmp_path / "out" / RECORD).read_text(encoding="utf-8"))
    assert sorted([*record["files"], RECORD]) == on_disk
    assert len(lines) <= SUMMARY_LINES
    assert lines[0] == f"catalogue: the variants.yaml shipped with variantgen ({DEFAULT_CATALOGUE}), 14 variants"
    assert "fairy-stockfish: out/fairy-stockfish/variants.ini, 14 sections" in lines
    zips = len(list((tmp_path / "out" / "zillions").glob("*.zip")))
    assert f"zillions: {zips} files in out/zillions/, {zips} downloads with 14 games" in lines
    assert "page: out/index.html" in lines
    assert (
        "  prime-ministers-chess: fairy-stockfish (swap); zillions (move-rule, insufficient-material); pychess (swap)"
        in lines
    )
    assert (
        "pychess: no upload for 8 variants (swap 4, both-bare 2, drop-move-rule 1, double-pass 1); "
        "`draws.drops_reset_move_rule`, `swaps`, `draws.double_pass`, `goals.bare_king` would give one" in lines
    )
    assert lines[-2] == f"{len(on_disk) - 1} files written, listed in out/{RECORD}"
    assert lines[-1] == (
        "next: open out/index.html in a browser; `variantgen check --engine fairy-stockfish` and "
        "`variantgen check --engine zillions` compare the files with the reference"
    )


def test_verbose_prints_every_file_and_every_rule_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, lines, _ = _cli(capsys, "build", "-v", "chess", "prime-ministers-chess")
    assert code == 0
    wrote = {line.removeprefix("wrote ") for line in lines if line.startswith("wrote ")}
    assert wrote == {f"out/{name}" for name in json.loads((tmp_path / "out" / RECORD).read_text())["files"]}
    assert any(
        line.startswith("fairy-stockfish: prime-ministers-chess: swap: Fairy-Stockfish has no swap") for line in lines
    )
    assert lines[-2] == f"{len(wrote)} files written, listed in out/{RECORD}"  # the summary still ends it


def test_a_long_list_of_inexact_variants_is_cut_to_the_limit(tmp_path: Path) -> None:
    built = build(CATALOGUE, tmp_path / "out")
    inexact = built.inexact()
    summary = built.summary(14)
    assert len(summary) == 14 and summary[-2].endswith(f"listed in {tmp_path / 'out' / RECORD}")
    assert summary[-1].startswith("next: ") and f"--out {tmp_path / 'out'} --engine zillions`" in summary[-1]
    shown = [line for line in summary if line.startswith("  ") and " more " not in line]
    assert shown == inexact[: len(shown)] and shown
    assert summary[-3] == f"  ... and {len(inexact) - len(shown)} more (-v, or variantgen list)"


def test_a_folder_that_is_not_a_build_is_refused_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    theirs = tmp_path / "theirs"
    (theirs / "fairy-stockfish").mkdir(parents=True)
    (theirs / "fairy-stockfish" / "variants.ini").write_text("[mine]\n")
    (theirs / "notes.txt").write_text("keep me")
    before = _state(tmp_path)
    code, lines, err = _cli(capsys, "build", "--out", str(theirs))
    assert code == 2 and lines == [] and err.count("\n") == 1
    assert (
        err == f"variantgen: {theirs} is not empty and is not a variantgen build (it has no {RECORD}): "
        "nothing was written; give a new or empty folder with --out DIR\n"
    )
    assert _state(tmp_path) == before  # nothing changed, no scratch folder left beside it
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    code, _, err = _cli(capsys, "build", "--out", str(a_file))
    assert code == 2 and "is not a folder" in err and a_file.read_text() == "x"


def test_an_empty_folder_is_built_into(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    build(CATALOGUE, tmp_path / "empty", ["chess"])
    assert (tmp_path / "empty" / "fairy-stockfish" / "variants.ini").is_file()


def test_a_rebuild_keeps_files_it_did_not_write(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(CATALOGUE, out, ["chess", "ajax-chess"])
    (out / "notes.txt").write_text("mine")
    (out / "diagrams" / "my-sketch.svg").write_text("<svg/>")
    build(CATALOGUE, out)
    build(CATALOGUE, out, ["chess"])
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / "diagrams" / "my-sketch.svg").read_text() == "<svg/>"


def test_a_rebuild_removes_what_the_previous_build_wrote_and_this_one_does_not(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(CATALOGUE, out, ["chess", "ajax-chess"])
    assert (out / "zillions" / "Ajax Chess (variantgen).zip").is_file()
    ajax = sorted(p.name for p in (out / "diagrams").iterdir() if p.name.startswith("ajax-chess"))
    assert ajax
    build(CATALOGUE, out, ["chess"])
    zips = out / "zillions"
    assert not (zips / "Ajax Chess (variantgen).zip").exists() and (zips / "Chess (variantgen).zip").is_file()
    assert not any(p.name.startswith("ajax-chess") for p in (out / "diagrams").iterdir())
    files = json.loads((out / RECORD).read_text())["files"]
    assert sorted([*files, RECORD]) == sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())


def _writer(*names: str) -> Callable[[Catalogue, Path, object], Manifest]:
    def write(catalogue: Catalogue, folder: Path, chosen: object) -> Manifest:
        for name in names:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(name)
        return Manifest(target="test", files=names)

    return write


def test_a_folder_the_build_emptied_goes_unless_it_holds_someone_elses_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("sub/a.txt", "deep/er/b.txt", "c.txt"))])
    (out / "part" / "deep" / "mine.txt").write_text("mine")
    build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("c.txt"))])
    assert not (out / "part" / "sub").exists() and not (out / "part" / "deep" / "er").exists()
    assert (out / "part" / "deep" / "mine.txt").read_text() == "mine" and (out / "part" / "c.txt").is_file()


def test_a_new_file_that_would_replace_someone_elses_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("a.txt"))])
    (out / "part" / "b.txt").write_text("mine")
    before = _state(tmp_path)
    with pytest.raises(ValueError, match=r"b\.txt is in the way of the build and variantgen did not write it"):
        build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("a.txt", "b.txt"))])
    assert _state(tmp_path) == before


def test_a_record_naming_a_file_outside_the_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("a.txt"))])
    (tmp_path / "precious.txt").write_text("mine")
    record = json.loads((out / RECORD).read_text())
    record["files"].append("../precious.txt")
    (out / RECORD).write_text(json.dumps(record))
    with pytest.raises(ValueError, match=r"lists '\.\./precious\.txt', which is not a path inside the build folder"):
        build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("a.txt"))])
    assert (tmp_path / "precious.txt").read_text() == "mine"


def test_a_failure_during_the_swap_puts_everything_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("a.txt", "old/b.txt"))])
    before = _state(tmp_path)
    calls = []
    make_parents = build_folder._make_parents

    def fail_on_the_third(out: Path, name: str, made: list[Path]) -> None:
        calls.append(name)
        if len(calls) == 3:
            raise OSError("disk full")
        make_parents(out, name, made)

    monkeypatch.setattr(build_folder, "_make_parents", fail_on_the_third)
    with pytest.raises(OSError, match="disk full"):
        build(CATALOGUE, out, ["chess"], [Emitter("part", _writer("a.txt", "new/c.txt", "d.txt"))])
    assert calls[:2] == ["part/a.txt", "part/new/c.txt"]  # two files were in when it failed
    assert {k: v[0] for k, v in _state(tmp_path).items()} == {k: v[0] for k, v in before.items()}


def test_a_target_that_writes_nothing_says_so_and_why(tmp_path: Path) -> None:
    built = build(CATALOGUE, tmp_path / "out", ["prime-ministers-chess"])
    summary = built.summary()
    assert "pychess: nothing written" in summary and not (tmp_path / "out" / "pychess").exists()
    assert "pychess: no upload for 1 variant (swap 1); `swaps` would give one" in summary
