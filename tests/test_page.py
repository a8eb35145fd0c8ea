"""The catalogue page: every link and image resolves inside out/, nothing points outside, and
headless Chromium renders it with every image loaded (a missing Chromium fails the test)."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.emit import fairy_stockfish
from generator.emit.build import build
from generator.emit.fidelity import FAIRY_STOCKFISH, writable

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
        assert {f"diagrams/{v.name}-{p.letter}.svg" for p in v.pieces} <= srcs
        assert all(p.betza in text for p in v.pieces)
        zip_name = v.family_title.replace(" ", "%20") + ".zip"
        assert f"zillions/{zip_name}" in page.links
        if writable(v, FAIRY_STOCKFISH):
            section = fairy_stockfish.section_name(v)
            assert f"[{section}]" in text and f"\n[{section}]\n" in ini
    assert "fairy-stockfish/variants.ini" in page.links
    assert "Fairy-Stockfish plays every rule." in text
    assert "Zillions has no move counter" in text  # a limitation text, as fidelity derives it
    assert "Ajax-Capablanca%20Chess.zip" in text


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
  out.textContent = JSON.stringify({total: images.length, bad: bad});
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
        done = run_chromium(["--dump-dom", probe.as_uri()], tmp_path / "profile-dom")
    finally:
        probe.unlink()
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<pre id="image-check">(.*?)</pre>', done.stdout, re.S)
    assert found, "the image check did not run: " + done.stdout[-500:]
    result = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    assert result["bad"] == [], f"images that did not load: {result['bad']}"
    assert result["total"] == len(page.images)

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
