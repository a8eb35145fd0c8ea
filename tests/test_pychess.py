"""pychess-variants uploads: one file of one section per variant Fairy-Stockfish plays exactly, each
passing the site's checks, its piece set within the site's limits, and each file alone in a fresh
pyffish playing like the same variant's section of ``variants.ini``."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import MINI

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue, load_catalogue_text
from generator.catalogue.model import Catalogue, Color
from generator.cli import main
from generator.emit import fairy_stockfish as fsf
from generator.emit import pychess
from generator.emit.fidelity import limitations
from generator.emit.manifest import Manifest
from generator.emit.output import build
from generator.emit.pictures.glyphs import INK, PAPER
from generator.emit.target import Target
from generator.importers.command import import_ini

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
FSF_CATALOGUE = load_catalogue(ROOT / "catalogues" / "fairy-stockfish.yaml")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Manifest]:
    folder = tmp_path_factory.mktemp("pychess")
    return folder, pychess.emit(CATALOGUE, folder)


def uploads(folder: Path) -> dict[str, str]:
    """Upload file name -> text, for every ``.ini`` the emitter wrote."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.ini"))}


def pieces_of(folder: Path, ini: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((folder / ini.stem).iterdir())}


def options(text: str) -> list[str]:
    """The option lines of an ini text, from its first section on, in order (comments left out)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("["))
    return [line for line in lines[start:] if line and not line.startswith("#")]


def main_sections(text: str) -> dict[str, list[str]]:
    """Section name -> its header and option lines, for the whole variants.ini."""
    out: dict[str, list[str]] = {}
    current: list[str] = []
    for line in text.splitlines():
        if line.startswith("["):
            current = out.setdefault(line[1:-1], [line])
        elif line and not line.startswith("#") and current:
            current.append(line)
    return out


def pieces_line(text: str) -> list[str]:
    (value,) = re.findall(r"^# pychessPieces = (.*)$", text, re.MULTILINE)
    return value.split(",")


# -- which variants, which files ------------------------------------------------------------------------


def test_an_upload_for_each_variant_fairy_stockfish_plays_exactly(built: tuple[Path, Manifest]) -> None:
    folder, manifest = built
    exact = [v for v in CATALOGUE.variants if not limitations(v, Target.FAIRY_STOCKFISH)]
    assert [s.variant for s in manifest.sections] == [v.name for v in exact]
    assert sorted(uploads(folder)) == sorted(pychess.upload_file_name(v) for v in exact)
    for v in exact:
        names = pychess.piece_file_names(v)
        assert sorted(p.name for p in (folder / pychess.piece_folder(v)).iterdir()) == sorted(names)
    written = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert sorted(manifest.files) == written
    # the others: a limitation line per rule says why there is none
    for v in CATALOGUE.variants:
        assert [x.rule for x in limitations(v, Target.PYCHESS)] == [
            x.rule for x in limitations(v, Target.FAIRY_STOCKFISH)
        ]
        assert pychess.uploaded(v) == (v in exact)


def test_the_build_says_why_a_variant_has_no_upload(tmp_path: Path) -> None:
    lines = build(CATALOGUE, tmp_path / "out", ["prime-ministers-chess", "ajax-chess"]).details()
    why = [line for line in lines if line.startswith("pychess: ")]
    assert len(why) == 1 and why[0].startswith("pychess: prime-ministers-chess: swap: no upload")
    assert (tmp_path / "out" / "pychess" / "ajax-chess.ini").is_file()
    assert not list((tmp_path / "out" / "pychess").glob("prime*"))


def test_names_are_short_ids_renamed_away_from_taken_names() -> None:
    assert pychess.upload_name(CATALOGUE.get("chess")) == "chess-variantgen"  # Fairy-Stockfish's and the site's
    assert (
        pychess.upload_name(CATALOGUE.get("bipartite-stage-two-white-orthogonal")) == "bipartite-two-white-orthogonal"
    )
    text = MINI.replace("  mini:", "  orda:")  # a pychess-variants variant that Fairy-Stockfish lacks
    orda = load_catalogue_text(text).get("orda")
    assert "orda" not in fsf.BUILTIN_VARIANTS and fsf.section_name(orda) == "orda"
    assert pychess.upload_name(orda) == "orda-variantgen"
    assert "pychess-variants refuses the name orda" in pychess.render_upload(orda)


# -- every file passes every check ---------------------------------------------------------------------


def test_every_upload_file_passes_every_check(built: tuple[Path, Manifest]) -> None:
    folder, _ = built
    assert uploads(folder)
    for name, text in uploads(folder).items():
        assert pychess.upload_problems(text) == [], name
        assert pychess.piece_set_problems(text, pieces_of(folder, folder / name)) == [], name
        assert text.count("\n[") == 1 and f"\n[{name[:-4]}]\n" in text


def test_every_upload_of_the_fairy_stockfish_catalogue_passes_too() -> None:
    uploaded = [v for v in FSF_CATALOGUE.variants if pychess.uploaded(v)]
    # each reproduces a built-in, and the ini plays all but the four janggis exactly (their section's custom
    # king, the general, cannot move along the palace's diagonals), so only those and what the site itself
    # refuses keep one back
    counted = [v for v in FSF_CATALOGUE.variants if v.draws.counting]
    chasing = [v for v in FSF_CATALOGUE.variants if v.draws.chasing]  # the site refuses chasingRule
    walled = [v for v in FSF_CATALOGUE.variants if v.walling]  # and wallingRule
    inexact = [v.name for v in FSF_CATALOGUE.variants if limitations(v, Target.FAIRY_STOCKFISH)]
    assert inexact == ["janggi", "janggitraditional", "janggimodern", "janggicasual"]
    assert len(uploaded) == len(FSF_CATALOGUE.variants) - len(counted) - len(chasing) - len(walled) - len(inexact)
    assert counted and chasing and walled
    for v in uploaded:
        text = pychess.render_upload(v)
        files = {k: s.encode() for k, s in pychess.piece_set(v).items()}
        assert pychess.upload_problems(text) == [] and pychess.piece_set_problems(text, files) == [], v.name
        # a built-in's name is taken; an id that is a valid upload name is its own (3check: threecheck)
        assert pychess.upload_name(v) == (v.name + "-variantgen" if v.id is None else v.id)


def test_pychess_pieces_lists_exactly_the_sections_piece_letters(built: tuple[Path, Manifest]) -> None:
    folder, manifest = built
    main = main_sections(fsf.render_ini(CATALOGUE))
    for entry in manifest.sections:
        v = CATALOGUE.get(entry.variant)
        listed = pieces_line((folder / pychess.upload_file_name(v)).read_text(encoding="utf-8"))
        defined = [
            value.split(":")[0]
            for line in main[fsf.section_name(v)][1:]
            for key, value in [line.split(" = ", 1)]
            if key in ("king", "pawn", "knight", "bishop", "rook", "queen") or key.startswith("customPiece")
        ]
        assert listed == [p.letter.lower() for p in v.pieces] and sorted(listed) == sorted(defined), v.name


def test_an_upload_section_is_the_variants_ini_section(built: tuple[Path, Manifest]) -> None:
    folder, manifest = built
    main = main_sections(fsf.render_ini(CATALOGUE))
    for entry in manifest.sections:
        v = CATALOGUE.get(entry.variant)
        mine = options((folder / pychess.upload_file_name(v)).read_text(encoding="utf-8"))
        assert mine[0] == f"[{entry.section}]" and mine[1:] == main[fsf.section_name(v)][1:], v.name


def test_the_piece_set_is_within_the_sites_limits(built: tuple[Path, Manifest]) -> None:
    folder, _ = built
    for ini in folder.glob("*.ini"):
        files = pieces_of(folder, ini)
        assert all(0 < len(data) <= pychess.MAX_PIECE_BYTES for data in files.values())
        assert sum(len(data) for data in files.values()) <= pychess.MAX_PIECE_SET_BYTES


def test_pieces_are_drawn_as_pieces_in_both_colours(built: tuple[Path, Manifest]) -> None:
    folder, _ = built
    rgb = "#{:02x}{:02x}{:02x}"
    for colour, prefix in ((Color.WHITE, "w"), (Color.BLACK, "b")):
        svg = (folder / "ajax-chess" / f"{prefix}M.svg").read_text(encoding="utf-8")
        assert f'fill="{rgb.format(*PAPER[colour])}"' in svg and f'stroke="{rgb.format(*INK[colour])}"' in svg
        assert (
            f"<title>{colour.word} Ajax Minister</title>" in svg
            and sum(svg.count(f"<{shape}") for shape in ("polygon", "path", "circle", "ellipse", "rect")) > 3
        )
        assert 'viewBox="0 0 100 100"' in svg and "class=" not in svg
    assert (folder / "ajax-chess" / "wM.svg").read_bytes() != (folder / "ajax-chess" / "wQ.svg").read_bytes()


# -- the checks catch what the site refuses -------------------------------------------------------------


@pytest.fixture(scope="module")
def good() -> str:
    return pychess.render_upload(CATALOGUE.get("ajax-chess"))


@pytest.mark.parametrize(
    ("old", "new", "needle"),
    [
        ("\n[ajax-chess]\n", "\n[ajax-chess]\n[other]\n", "2 sections"),
        ("\n[ajax-chess]\n", "\n", "0 sections"),
        ("\n[ajax-chess]\n", "\n[a-name-of-thirty-three-characters]\n", "the site takes 3-32 characters"),
        ("\n[ajax-chess]\n", "\n[ax]\n", "the site takes 3-32 characters"),
        ("\n[ajax-chess]\n", "\n[9ajax]\n", "a lower-case letter first"),
        ("\n[ajax-chess]\n", "\n[chess]\n", "is taken"),
        ("\n[ajax-chess]\n", "\n[orda:chess]\n", "is taken"),
        ("maxFile = 10", "maxFile = 10\ntwoBoards = true", "option twoBoards"),
        ("maxFile = 10", "maxFile = 10\ncambodianMoves = true", "option cambodianMoves"),
        ("maxFile = 10", "maxFile = 10\nmaterialCounting = true", "option materialCounting"),
        ("maxFile = 10", "maxFile = 10\nfreeDrops = true", "option freeDrops"),
        ("maxFile = 10", "maxFile = 10\ncountingRule = makruk", "option countingRule"),
        ("maxFile = 10", "maxFile = 10\nchasingRule = axf", "option chasingRule"),
        ("maxFile = 10", "maxFile = 10\nwallingRule = duck", "option wallingRule"),
        ("maxFile = 10", "maxFile = 10\ngating = true", "option gating"),
        ("# pychessPieces = k,q,r,b,n,p,m", "# pychessPieces = k,q,r,b,n,p", "the section's pieces are"),
        ("# pychessPieces = k,q,r,b,n,p,m", "# pychessPieces = k,q,r,b,n,p,m,x", "the section's pieces are"),
        ("# pychessPieces = k,q,r,b,n,p,m", "# pychessPieces = k,q,r,b,n,p,m,+p", "shogi-style"),
        ("# pychessPieces = k,q,r,b,n,p,m", "# pychessPieces = k,q,r,b,n,p,m,mm", "the site refuses 'mm'"),
        ("# pychessPieces = k,q,r,b,n,p,m", "# other comment", "0 pychessPieces comments"),
        ("maxFile = 10", "maxFile = 10\nnonsense", "is neither a comment, a section nor an option"),
        ("customPiece4 = m:KAD", "customPiece4 = x:KAD", "the section's pieces are"),
    ],
)
def test_upload_problems_catches_what_the_site_refuses(good: str, old: str, new: str, needle: str) -> None:
    assert pychess.upload_problems(good) == []
    assert good.count(old) == 1
    problems = pychess.upload_problems(good.replace(old, new))
    assert any(needle in p for p in problems), problems


def test_upload_problems_catches_size_and_options_too_new_for_the_site(
    good: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    padded = good + "# " + "x" * pychess.MAX_INI_BYTES + "\n"
    assert any("the site takes at most 65536" in p for p in pychess.upload_problems(padded))
    monkeypatch.setattr(pychess, "SITE_PYFFISH", "0.0.79")
    assert any("castlingRookKingsideFile" in p and "need pyffish 0.0.80" in p for p in pychess.upload_problems(good))


@pytest.mark.parametrize(
    ("svg", "needle"),
    [
        ('<svg xmlns="http://www.w3.org/2000/svg"><text x="1">K</text></svg>', "<text>: the site drops it"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><g class="piece"/></svg>', "attribute class"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><g style="fill:red"/></svg>', "a style attribute"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>', "the site refuses it"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(http://x/y)"/></svg>', "unsafe"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="red;"/></svg>', "refuses the characters"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><!-- hi --><rect/></svg>', "a doctype, comment"),
        ('<g xmlns="http://www.w3.org/2000/svg"/>', "not <svg>"),
        ("<svg", "not UTF-8 XML"),
    ],
)
def test_svg_problems_catches_what_the_site_drops_or_refuses(svg: str, needle: str) -> None:
    problems = pychess.svg_problems(svg.encode())
    assert any(needle in p for p in problems), problems


def test_svg_problems_accepts_a_local_gradient_and_refuses_the_size() -> None:
    ok = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect fill="url(#g1)" width="1"/></svg>'
    assert pychess.svg_problems(ok.encode()) == []
    assert pychess.svg_problems(b"") and pychess.svg_problems(b" " * (pychess.MAX_PIECE_BYTES + 1))


def test_piece_set_problems_wants_exactly_the_sites_list(good: str) -> None:
    v = CATALOGUE.get("ajax-chess")
    files = {k: s.encode() for k, s in pychess.piece_set(v).items()}
    assert pychess.piece_set_problems(good, files) == []
    fewer = {k: d for k, d in files.items() if k != "bM.svg"}
    assert any("missing ['bM.svg']" in p for p in pychess.piece_set_problems(good, fewer))
    assert any("extra ['wX.svg']" in p for p in pychess.piece_set_problems(good, {**files, "wX.svg": files["wK.svg"]}))
    assert any("'K.svg'" in p for p in pychess.piece_set_problems(good, {**files, "K.svg": files["wK.svg"]}))
    big = {k: d + b" " * 20_000 for k, d in files.items()}
    assert any("in all: the site takes at most 262144" in p for p in pychess.piece_set_problems(good, big))


# -- names: one the site takes, whatever the catalogue's ---------------------------------------------------

LONG = "a-mini-chess-on-six-by-six-squares"  # 34 characters


def test_a_name_too_long_for_the_site_is_shortened_apart(tmp_path: Path) -> None:
    cat = load_catalogue_text(MINI.replace("  mini:", f"  {LONG}:"), "cat.yaml")
    name = pychess.emit(cat, tmp_path).files[0].removesuffix(".ini")
    assert pychess.NAME_RE.fullmatch(name) and name.startswith(LONG[:27]) and len(name) == 32
    assert pychess.upload_problems((tmp_path / f"{name}.ini").read_text(encoding="utf-8")) == []
    # another long name that starts alike gets another upload
    other = pychess.upload_name(dataclasses.replace(cat.variants[0], name=LONG + "-two"))
    assert other != name and other.startswith(LONG[:27])
    with_id = MINI.replace("  mini:", f"  {LONG}:") + "    id: mini-six\n"
    (tmp_path / "x").mkdir()
    assert pychess.emit(load_catalogue_text(with_id), tmp_path / "x").files[0] == "mini-six.ini"


def test_an_imported_catalogue_with_long_section_names_builds(tmp_path: Path) -> None:
    """pychess-variants' own file, imported: its cwda-clobberers-knights section took the build down."""
    result = import_ini(str(ROOT / "tests" / "data" / "pychess-variants.ini"), tmp_path / "pv.yaml", prove=False)
    path = tmp_path / "pv.yaml"
    path.write_text(result.text, encoding="utf-8")
    assert main(["build", "--catalogue", str(path), "--out", str(tmp_path / "out")]) == 0
    names = [f.name for f in (tmp_path / "out" / "pychess").glob("*.ini")]
    assert names and all(pychess.NAME_RE.fullmatch(n.removesuffix(".ini")) for n in names)
    assert any(n.startswith("cwda-clobberers-knights") for n in names)


# -- each file alone in a fresh pyffish plays like variants.ini ----------------------------------------

PERFT2 = """\
import json, sys
import pyffish as sf
data = json.loads(sys.stdin.read())
sf.load_variant_config(data["ini"])
out = {}
for name in data["names"]:
    fen = sf.start_fen(name)
    ok = sf.validate_fen(fen, name, False) == sf.FEN_OK
    out[name] = [fen, ok, {m: len(sf.legal_moves(name, fen, [m])) for m in sf.legal_moves(name, fen, [])}]
print(json.dumps(out))
"""


def _start(ini: str, names: list[str]) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", PERFT2], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )  # fmt: skip
    assert proc.stdin is not None
    proc.stdin.write(json.dumps({"ini": ini, "names": names}))
    proc.stdin.close()
    return proc


def _finish(proc: subprocess.Popen[str]) -> dict[str, list[object]]:
    assert proc.stdout is not None
    text = proc.stdout.read()
    assert proc.wait(timeout=300) == 0
    result: dict[str, list[object]] = json.loads(text)
    return result


def perft2(catalogue: Catalogue, folder: Path, manifest: Manifest) -> None:
    """Each upload file alone in its own pyffish (pyffish keeps the first definition of a name and
    cannot unload one), against the whole variants.ini in another: start FEN and perft 2 per move."""
    main_names = {e.variant: fsf.section_name(catalogue.get(e.variant)) for e in manifest.sections}
    whole = _start(fsf.render_ini(catalogue), list(main_names.values()))
    alone = {
        e.variant: _start((folder / f"{e.section}.ini").read_text(encoding="utf-8"), [e.section])
        for e in manifest.sections
    }
    reference = _finish(whole)
    for e in manifest.sections:
        (got,) = _finish(alone[e.variant]).values()
        fen, ok, counts = got
        assert ok and fen == e.start_fen, e.variant
        assert got == reference[main_names[e.variant]], e.variant
        assert isinstance(counts, dict) and len(counts) > 1 and sum(counts.values()) > len(counts)


def test_each_upload_alone_in_pyffish_plays_like_variants_ini(built: tuple[Path, Manifest]) -> None:
    perft2(CATALOGUE, *built)
