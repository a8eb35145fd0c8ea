"""The catalogue page: every link and image resolves inside out/, nothing points outside, and
headless Chromium renders it with every image loaded (a missing Chromium fails the test)."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.loader import load_catalogue_text
from generator.emit import fairy_stockfish, pychess, zillions
from generator.emit.fidelity import writable
from generator.emit.output import build
from generator.emit.target import Target
from generator.emit.web.orthodox import orthodox_chess, piece_key, rule_differences, same_rules, yardstick
from generator.emit.web.page import PageContext, VariantEntry, page_context, render_page

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
    "--virtual-time-budget=10000",
]  # fmt: skip


class Page(HTMLParser):
    """Collects the links, image sources, ids and tags of an HTML document."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.images: list[dict[str, str | None]] = []
        self.ids: set[str] = set()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "a" and "href" in a:
            self.links.append(a["href"] or "")
        if tag == "img":
            self.images.append(a)
        for key in ("src", "href", "srcset", "poster", "data"):
            if key in a and tag not in ("a", "img"):
                self.links.append(a[key] or "")


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("page") / "out"
    build(CATALOGUE, root)
    return root


@pytest.fixture(scope="module")
def page(out: Path) -> Page:
    p = Page()
    p.feed((out / "index.html").read_text(encoding="utf-8"))
    p.close()
    return p


def local_file(out: Path, url: str) -> Path:
    parts = urlsplit(url)
    assert not parts.scheme and not parts.netloc, f"{url!r} leaves the page's folder"
    path = (out / unquote(parts.path)).resolve()
    assert path.is_relative_to(out.resolve()), f"{url!r} leaves out/"
    return path


def test_every_link_and_image_resolves(out: Path, page: Page) -> None:
    assert page.links and page.images
    for url in page.links + [img.get("src") or "" for img in page.images]:
        if url.startswith("#"):
            assert url[1:] in page.ids, f"no element with id {url[1:]!r}"
        else:
            assert local_file(out, url).is_file(), f"{url!r} does not resolve to a file in out/"
    assert all(img.get("alt") for img in page.images), "every image needs an alt text"


def test_nothing_external_and_no_script(out: Path, page: Page) -> None:
    text = (out / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"(?i)\b(?:https?:|ftp:|file:|data:)|(?<![\w/])//[\w.-]", text.replace("<!DOCTYPE html>", ""))
    assert "script" not in page.tags and "link" not in page.tags and "iframe" not in page.tags
    for svg in (out / "diagrams").glob("*.svg"):
        body = svg.read_text(encoding="utf-8").replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "http" not in body and "<script" not in body and "<image" not in body, svg.name


def test_every_variant_with_its_diagrams_downloads_and_fidelity(out: Path, page: Page) -> None:
    text = (out / "index.html").read_text(encoding="utf-8")
    srcs = {img.get("src") for img in page.images}
    ini = (out / "fairy-stockfish" / "variants.ini").read_text(encoding="utf-8")
    for v in CATALOGUE.variants:
        assert v.name in page.ids and f"#{v.name}" in page.links  # a section, listed in the contents
        assert f"diagrams/{v.name}-setup.svg" in srcs
        zip_name = quote(zillions.zip_file_name(v.family_title), safe="")
        assert f"zillions/{zip_name}" in page.links and "%28variantgen%29.zip" in zip_name
        if writable(v, Target.FAIRY_STOCKFISH):
            section = fairy_stockfish.section_name(v)
            assert f"[{section}]" in text and f"\n[{section}]\n" in ini
    assert "fairy-stockfish/variants.ini" in page.links
    assert "Fairy-Stockfish plays every rule." in text
    assert "Zillions has no move counter" in text  # a limitation text, as fidelity derives it
    assert "Ajax-Capablanca%20Chess%20%28variantgen%29.zip" in text


CONTEXT = page_context(CATALOGUE)


def articles(ctx: PageContext = CONTEXT) -> dict[str, VariantEntry]:
    return {v.name: v for f in ctx.families for v in f.variants}


def test_every_piece_has_one_card_and_every_variant_a_chip_for_each_of_its_pieces(out: Path, page: Page) -> None:
    cards = [*CONTEXT.orthodox.pieces, *(c for v in articles().values() for c in v.new_pieces)]
    anchors = [c.anchor for c in cards]
    assert len(anchors) == len(set(anchors)) and set(anchors) <= page.ids
    # one card per piece: no two cards show the same diagram
    shown = [local_file(out, c.src).read_text(encoding="utf-8") for c in cards]
    assert len(shown) == len(set(shown))
    for v in CATALOGUE.variants:
        chips = [c for g in articles()[v.name].pieces for c in g.chips]
        assert sorted(c.name for c in chips) == sorted(p.name for p in v.pieces)
        assert all(c.href[1:] in anchors for c in chips)


def test_orthodox_cards_appear_once_and_are_told_by_moves_and_roles() -> None:
    ref = yardstick(CATALOGUE.variants)
    assert ref is CATALOGUE.get("chess")  # the catalogue's own plain chess is the yardstick
    assert CONTEXT.orthodox.variant == ref.name
    orthodox = {piece_key(p) for p in ref.pieces}
    assert len(CONTEXT.orthodox.pieces) == len(orthodox) == 6
    for name, v in articles().items():
        variant = CATALOGUE.get(name)
        assert variant is not None
        by_name = {p.name: p for p in variant.pieces}
        for group in v.pieces:
            for chip in group.chips:
                assert (group.label == "Orthodox") == (piece_key(by_name[chip.name]) in orthodox), (name, chip.name)
        assert not any(piece_key(by_name[c.name]) in orthodox for c in v.new_pieces)
    # Bipartite's Messenger moves and promotes as the orthodox pawn: a chip to the Pawn's card
    stage_two = articles()["bipartite-stage-two-white-diagonal"]
    orthodox_chips = next(g for g in stage_two.pieces if g.label == "Orthodox").chips
    assert "Messenger" in [c.name for c in orthodox_chips]


RENAMED = """\
families:
  f: {title: Renamed, seed: null}
variants:
  renamed:
    title: Renamed
    family: f
    board: {files: 8, ranks: 8}
    pieces:
      K: {name: Sovereign, betza: K, roles: [royal]}
      H: {name: Horse, betza: N}
      N: {name: Knight, betza: C}
    setup:
      white: {K: [e1], H: [b1], N: [g1]}
      black: {K: [e8], H: [b8], N: [g8]}
"""


def test_orthodox_is_derived_from_moves_never_from_names() -> None:
    ctx = page_context(load_catalogue_text(RENAMED))
    (article,) = articles(ctx).values()
    labels = {c.name: g.label for g in article.pieces for c in g.chips}
    assert labels == {"Sovereign": "Orthodox", "Horse": "Orthodox", "Knight": "New, below"}
    assert [c.name for c in article.new_pieces] == ["Knight"]
    # no variant plays chess: the built-in description is the yardstick, its cards from this variant
    assert ctx.orthodox.variant is None
    assert [c.name for c in ctx.orthodox.pieces] == ["Sovereign", "Horse"]
    assert dict(article.differences)["Castling"] == "None."
    assert "Pawns" in dict(article.differences)
    assert dict(article.same)["Goal"] == "Checkmating the Sovereign wins."  # the same rule, under its own name


def test_each_variant_shows_first_what_differs_from_chess(out: Path) -> None:
    chess, ajax = articles()["chess"], articles()["ajax-chess"]
    assert chess.is_yardstick and chess.differences == ()
    differ, same = dict(ajax.differences), dict(ajax.same)
    assert differ["Board"] == "10 files × 10 ranks."
    assert "up to 3 squares" in differ["Pawns"] and "Goal" in same and "Board" not in same
    html = (out / "index.html").read_text(encoding="utf-8")
    article = html[html.index('id="ajax-chess"') : html.index('id="ajax-ministers-chess"')]
    folded = article[article.index("<details>") :]
    assert "Different from orthodox chess" in article
    assert article.index("10 files × 10 ranks") < article.index("<details>")  # differences first
    assert "<dt>Goal</dt>" in folded and "<dt>Board</dt>" not in folded  # what is as in chess, folded
    pm2 = articles()["prime-ministers-chess-2"]
    assert "Swap" in dict(pm2.differences) and "Pawns" in dict(pm2.same)


def test_rule_differences_compare_with_the_yardstick_generically() -> None:
    chess = CATALOGUE.get("chess")
    assert chess is not None and same_rules(chess, orthodox_chess())
    nocastle = dataclasses.replace(chess, name="x", castling=())
    assert not same_rules(nocastle, chess)
    assert rule_differences(nocastle, chess)[0] == [("Castling", "None.")]
    assert rule_differences(chess, chess)[0] == []
    stage_one = CATALOGUE.get("bipartite-stage-one")  # no pawns: the pawn topics differ as None.
    assert stage_one is not None
    assert dict(rule_differences(stage_one, chess)[0])["Promotion"] == "None."


def test_install_steps_once_and_per_variant_only_its_links(out: Path) -> None:
    html = (out / "index.html").read_text(encoding="utf-8")
    steps = html[html.index('id="install"') : html.index(f'id="{CONTEXT.orthodox.anchor}"')]
    words = ("Zillions of Games", "\\Rules\\", "Open Game", "VariantPath", "UCI_Variant", "cutechess-cli")
    for needed in (*words, "fairy-stockfish load variants.ini"):
        assert needed in steps, needed
    assert html.count("VariantPath") == steps.count("VariantPath")  # the steps are not repeated per variant
    assert "<h3>pychess-variants</h3>" in steps and "My variants" in steps
    for v in CATALOGUE.variants:  # a link exactly where the pychess emitter wrote an upload
        upload = f"pychess/{pychess.upload_file_name(v)}"
        assert (f'href="{upload}"' in html) == pychess.uploaded(v) == (out / upload).is_file(), v.name
    assert render_page(CATALOGUE, pychess=None).count("pychess-variants") == 0  # no uploads: no steps


def test_page_is_deterministic(out: Path, tmp_path: Path) -> None:
    build(CATALOGUE, tmp_path / "again")
    assert (tmp_path / "again" / "index.html").read_bytes() == (out / "index.html").read_bytes()


def run_chromium(args: list[str], user_data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CHROMIUM), *CHROMIUM_FLAGS, f"--user-data-dir={user_data}", *args],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


CHECK_SCRIPT = """<script>
window.addEventListener("load", function () {
  var images = Array.prototype.slice.call(document.images);
  var bad = images.filter(function (i) { return !(i.complete && i.naturalWidth > 0); })
    .map(function (i) { return i.getAttribute("src"); });
  var out = document.createElement("pre");
  out.id = "image-check";
  out.textContent = JSON.stringify({total: images.length, bad: bad, height: document.documentElement.scrollHeight});
  document.body.appendChild(out);
});
</script>
"""


def test_chromium_renders_the_page_with_every_image(out: Path, page: Page, tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        pytest.fail(f"needs headless Chromium at {CHROMIUM}: apt-get install -y chromium (.ci/run does)", pytrace=False)
    # A copy of the page, beside it so that its relative links hold, with a script that reports
    # which images did not load (the page itself has no script).
    html = (out / "index.html").read_text(encoding="utf-8")
    probe = out / "index-image-check.html"
    probe.write_text(html.replace("</body>", CHECK_SCRIPT + "</body>"), encoding="utf-8")
    try:
        done = run_chromium(["--window-size=1280,800", "--dump-dom", probe.as_uri()], tmp_path / "profile-dom")
    finally:
        probe.unlink()
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<pre id="image-check">(.*?)</pre>', done.stdout, re.S)
    assert found, "the image check did not run: " + done.stdout[-500:]
    result = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert result["bad"] == [], f"images that did not load: {result['bad']}"
    assert result["total"] == len(page.images)
    # The page once was 37,335 pixels tall at this width (every piece's card in every variant);
    # told by what differs from chess, it must stay under a third of that.
    assert result["height"] <= 37_335 // 3, f"the page is {result['height']} pixels tall at 1280 pixels wide"
    assert result["height"] > 3_000  # and it is the whole page, not a stub

    shot = tmp_path / "page.png"
    done = run_chromium(
        [f"--screenshot={shot}", "--window-size=1280,2000", (out / "index.html").as_uri()], tmp_path / "profile-png"
    )
    assert done.returncode == 0 and shot.is_file(), done.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1280, 2000)
    assert len(data) > 50_000, "the screenshot is suspiciously small (a blank page?)"
    keep = Path(os.environ.get("VARIANTGEN_SCREENSHOT", ""))  # optional: keep a copy to look at
    if keep.name:
        shutil.copyfile(shot, keep)
