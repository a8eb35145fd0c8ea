"""The play page (out/play.html): opened from disk in headless Chromium, it lists the legal moves
and the result that the reference engine gives, for every variant it offers, at the start, after a
few moves (drops included), at every game end the proofs build; bad fragments get one message and
the nearest valid position; clicks play moves, promotions, drops, take-backs and restarts.

Chromium starts once (``tests/chromium.py``); each case is a fresh load of the page (a query
string that differs per case makes it a new document).  A missing Chromium fails the test.
"""

from __future__ import annotations

import json
import random
import re
import threading
import urllib.request
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from chromium import CHROMIUM, Browser

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.check.compare import evaluate
from generator.check.endings import endings
from generator.check.fairy_stockfish_worker import fsf_fen
from generator.cli import main
from generator.emit import fairy_stockfish
from generator.emit.fidelity import limitations, relaxed
from generator.emit.output import build
from generator.emit.target import Target
from generator.emit.web import play, serve
from generator.engine import Position, uci

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)
PLAYED = [v for v in CATALOGUE.variants if play.playable(v)]
EXACT = [v for v in PLAYED if not limitations(v, Target.FAIRY_STOCKFISH)]

#: waits for the page to have shown the position of this load, then reads what the tests compare
PROBE = """new Promise(function (resolve, reject) {
  var t0 = Date.now();
  (function poll() {
    var b = document.body;
    if (location.search === %(search)s && b && b.getAttribute("data-ready") === "yes") {
      var text = function (id) { return document.getElementById(id).textContent; };
      resolve({legal: text("legal-moves"), result: text("result"), message: text("message"),
               hash: decodeURIComponent(location.hash), variant: document.getElementById("variant").value,
               then: (function () { %(then)s })()});
    } else if (Date.now() - t0 > 20000) {
      reject(new Error("the page did not get ready: " + (b ? b.textContent.slice(0, 300) : "")));
    } else { setTimeout(poll, 10); }
  })();
})"""


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("play") / "out"
    build(CATALOGUE, root)
    return root


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"needs headless Chromium at {CHROMIUM}: apt-get install -y chromium (.ci/run does)", pytrace=False)
    b = Browser(tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.close()


_LOADS = count()
_OPEN: dict[str, str] = {}  # the search part of the page's current load


def open_page(
    browser: Browser, out: Path, fragment: str, then: str = "return null;", fresh: bool = False
) -> dict[str, Any]:
    """Open ``out/play.html#fragment`` from disk and run the JavaScript ``then`` once it is ready:
    a fresh load if ``fresh`` (or nothing is open yet), else the open page is sent to the new
    fragment (the page reads a changed fragment as it reads one at load, with a new board)."""
    if fresh or "search" not in _OPEN:
        _OPEN["search"] = f"?load={next(_LOADS)}"
        probe = PROBE % {"search": json.dumps(_OPEN["search"]), "then": then}
        got: dict[str, Any] = browser.open((out / play.FILE_NAME).as_uri() + _OPEN["search"] + "#" + fragment, probe)
        return got
    switch = (
        'document.body.removeAttribute("data-ready"); history.replaceState(null, "", "#-");'
        f"location.hash = {json.dumps('#' + fragment)};"
    )
    got = browser.evaluate(switch + PROBE % {"search": json.dumps(_OPEN["search"]), "then": then})
    return got


def fragment(v: Variant, moves: list[str], fen: str | None = None, name: str | None = None) -> str:
    """The fragment the page writes for ``v`` (its catalogue name), or one naming it ``name``."""
    text = f"variant={name or v.name}"
    if fen:
        text += f"&fen={fen}"
    return text + (f"&moves={','.join(moves)}" if moves else "")


def reference(v: Variant, moves: list[str], fen: str | None = None) -> tuple[str, str]:
    """The reference engine's legal moves (sorted, space-separated) and result ("" while the game
    goes on) after ``moves``, for the variant as Fairy-Stockfish plays it."""
    rv = relaxed(v, Target.FAIRY_STOCKFISH)
    pos = Position.from_fen(rv, fen) if fen else Position.start(rv)
    pos.track_history()  # for repetitions
    for m in moves:
        pos.push_uci(m)
    texts, end, _ = evaluate(pos, {})  # the result where the game is over or a draw may be claimed
    return " ".join(sorted(texts)), end.result if end else ""


def a_few_moves(v: Variant, plies: int = 8, seed: int = 14) -> list[str]:
    """A short game of the reference engine: a drop whenever one is legal, else a piece leaving its
    side's first rank (which opens squares to drop on), else any move; ties broken by a seeded draw."""
    rng = random.Random(seed)
    pos = Position.start(relaxed(v, Target.FAIRY_STOCKFISH))
    pos.track_history()
    played: list[str] = []
    for _ in range(plies):
        texts = sorted(uci(pos.rules, m) for m in pos.legal_moves())
        if not texts or pos.outcome():
            break
        home = "1" if pos.turn == 0 else str(v.board.ranks)

        def rank(t: str) -> str:
            found = re.match(r"[a-z]([0-9]+)", t)
            return found.group(1) if found else ""

        best = min(texts, key=lambda t: ("@" not in t, rank(t) != home, rng.random()))
        pos.push_uci(best)
        played.append(best)
    return played


def test_the_page_offers_every_variant_fairy_stockfish_plays_exactly() -> None:
    assert EXACT and all(v in PLAYED for v in EXACT)
    assert [v.name for v in PLAYED] == [
        v.name for v in CATALOGUE.variants if v.name in {e.variant for e in fairy_stockfish.section_entries(CATALOGUE)}
    ]


@pytest.mark.parametrize("v", PLAYED, ids=lambda v: v.name)
def test_legal_moves_at_the_start_and_after_a_few_moves(browser: Browser, out: Path, v: Variant) -> None:
    moves = a_few_moves(v)
    assert len(moves) >= 4
    if v.drops is not None:
        assert any("@" in m for m in moves), "the short game should drop a piece"
    for played in ([], moves[:3], moves):
        got = open_page(browser, out, fragment(v, played), fresh=not played)
        legal, result = reference(v, played)
        assert got["message"] == ""
        assert got["legal"] == legal, f"{v.name} after {played}"
        assert got["result"] == result
        assert got["hash"] == "#" + fragment(v, played)
        assert got["variant"] == v.name


def test_the_cases_cover_drops_and_holes() -> None:
    assert any(v.drops is not None for v in PLAYED) and any(v.board.holes for v in PLAYED)


@pytest.mark.parametrize("v", PLAYED, ids=lambda v: v.name)
def test_results_where_the_game_end_proofs_decide(browser: Browser, out: Path, v: Variant) -> None:
    cases, _ = endings(relaxed(v, Target.FAIRY_STOCKFISH))
    decided = 0
    for case in cases:
        fen, played = fsf_fen(case.fen), list(case.moves)
        legal, result = reference(v, played, case.fen)
        if not result:  # castling: no game end (its moves are compared above)
            continue
        got = open_page(browser, out, fragment(v, played, fen))
        where = f"{v.name} {case.rule}: {fen} moves {played}"
        assert got["message"] == "", where
        assert (got["legal"], got["result"]) == (legal, result), where
        decided += 1
    assert decided, "no proof position ends the game"


def test_a_checkmate_played_from_the_start(browser: Browser, out: Path) -> None:
    v = CATALOGUE.get("chess")
    mate = ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert reference(v, mate) == ("", "0-1")
    got = open_page(browser, out, fragment(v, mate))
    assert (got["legal"], got["result"], got["message"]) == ("", "0-1", "")


def test_a_variant_opens_by_its_ini_section_name_and_is_written_back_by_its_catalogue_name(
    browser: Browser, out: Path
) -> None:
    v = CATALOGUE.get("chess")
    section = fairy_stockfish.section_name(v)
    assert section == "chess-variantgen"  # the two names differ: the case this test is about
    moves = ["e2e4", "e7e5"]
    got = open_page(browser, out, fragment(v, moves, name=section), fresh=True)
    assert (got["legal"], got["result"], got["message"]) == (*reference(v, moves), "")
    assert got["hash"] == "#" + fragment(v, moves) == "#variant=chess&moves=e2e4,e7e5"
    assert got["variant"] == "chess"


def test_an_unknown_variant_shows_one_message_and_the_first_variant(browser: Browser, out: Path) -> None:
    first = PLAYED[0]
    got = open_page(browser, out, "variant=no-such-variant&moves=e2e4", fresh=True)
    assert got["message"].count("no-such-variant") == 1
    assert (got["legal"], got["result"]) == reference(first, [])
    assert got["hash"] == "#" + fragment(first, [])


@pytest.mark.parametrize("bad", ["z9z9", "e2e5", "P@e4", "0000", "e2e4;", ""])
def test_an_illegal_move_shows_the_position_before_it(browser: Browser, out: Path, bad: str) -> None:
    v = PLAYED[0]
    good = a_few_moves(v, plies=3)
    got = open_page(browser, out, fragment(v, good) + "," + bad + ",a1a1")
    assert (got["legal"], got["result"]) == reference(v, good)
    assert got["hash"] == "#" + fragment(v, good)
    if bad:
        assert re.fullmatch(
            rf"Move 4, “{re.escape(bad)}”, is not legal there: showing the position before it\.", got["message"]
        )
    else:  # an empty item is no move at all: the next one is read
        assert got["message"].startswith("Move 4, “a1a1”")


def test_a_bad_fen_or_fragment_shows_one_message(browser: Browser, out: Path) -> None:
    v = PLAYED[0]
    got = open_page(browser, out, fragment(v, ["e2e4"], fen="not a fen"))
    assert got["message"].count("not a fen") == 1
    assert (got["legal"], got["result"]) == reference(v, [])
    got = open_page(browser, out, "variant=%E0%A4%A")
    assert "cannot be read" in got["message"]
    assert (got["legal"], got["result"]) == reference(v, [])


CLICK = """
  var click = function (sq) {
    var g = document.querySelector('[data-square="' + sq + '"]');
    g.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  };
  var dots = function () { return document.querySelectorAll("#board circle").length; };
"""


def test_clicks_show_a_pieces_moves_and_play_one(browser: Browser, out: Path) -> None:
    v = CATALOGUE.get("chess")
    then = (
        CLICK
        + """
      click("g1"); var shown = dots();
      click("f3"); var after = location.hash;
      document.getElementById("undo").click(); var back = location.hash;
      click("e2"); click("e4"); click("e7"); click("e5");
      document.getElementById("restart").click();
      return {shown: shown, after: decodeURIComponent(after), back: decodeURIComponent(back),
              restarted: decodeURIComponent(location.hash), status: document.getElementById("status").textContent};
    """
    )
    got = open_page(browser, out, fragment(v, []), then, fresh=True)["then"]
    assert got["shown"] == 2  # g1f3, g1h3
    assert got["after"] == "#" + fragment(v, ["g1f3"])
    assert got["back"] == got["restarted"] == "#" + fragment(v, [])
    assert got["status"] == "White to move."


def test_a_promotion_offers_each_piece(browser: Browser, out: Path) -> None:
    v = CATALOGUE.get("chess")
    fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
    then = (
        CLICK
        + """
      click("e7"); click("e8");
      var offered = document.querySelectorAll("#promotion-pieces button").length;
      var visible = !document.getElementById("promotion").hidden;
      document.querySelectorAll("#promotion-pieces button")[1].click();
      return {offered: offered, visible: visible, hash: decodeURIComponent(location.hash)};
    """
    )
    got = open_page(browser, out, fragment(v, [], fen), then, fresh=True)["then"]
    assert got["visible"] and got["offered"] == 4
    assert re.fullmatch(r".*&moves=e7e8[qrbn]", got["hash"])


def test_a_drop_from_the_hand(browser: Browser, out: Path) -> None:
    v = next(v for v in PLAYED if v.drops is not None)
    moves = a_few_moves(v)
    k = next(i for i, m in enumerate(moves) if "@" in m)
    before, drop = moves[:k], moves[k]
    square = json.dumps(drop.split("@")[1])
    then = CLICK + (
        'document.querySelector(".hand button:not([disabled])").click(); var shown = dots();'
        f"click({square}); return {{shown: shown, hash: decodeURIComponent(location.hash)}};"
    )
    got = open_page(browser, out, fragment(v, before), then, fresh=True)["then"]
    drops = [m for m in reference(v, before)[0].split() if m.startswith(drop.split("@")[0] + "@")]
    assert got["shown"] == len(drops) >= 1
    assert got["hash"] == "#" + fragment(v, [*before, drop])


def test_the_catalogue_page_links_every_variant_it_offers(out: Path) -> None:
    names = [v.name for v in PLAYED]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'href="play\.html#variant=([a-z0-9-]+)"', index) == names
    assert index.count('href="play.html"') == 1
    page = (out / play.FILE_NAME).read_text(encoding="utf-8")
    choice = page.split('<select id="variant">')[1].split("</select>")[0]
    assert re.findall(r'<option value="([a-z0-9-]+)">', choice) == names
    for name in play.BROWSER_FILES:
        assert (out / play.FOLDER / name).read_bytes() == (ROOT / "browser" / name).read_bytes()
    assert "GNU GENERAL PUBLIC LICENSE" in (out / play.FOLDER / "COPYING.txt").read_text(encoding="utf-8")
    assert "ffish 0.7.10 (GPL-3.0)" in (out / play.FOLDER / "SOURCES.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def served(out: Path) -> Iterator[str]:
    """``out`` served as ``variantgen serve`` serves it (cross-origin isolated); its address."""
    httpd = serve.server(out, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


ENGINE_READY = """new Promise(function (resolve) {
  var t0 = Date.now();
  (function poll() {
    var state = document.getElementById("opponent-box").getAttribute("data-opponent");
    if (state === "ready" || Date.now() - t0 > 30000) {
      var text = document.getElementById("opponent-state").textContent;
      resolve({state: state, isolated: window.crossOriginIsolated, text: text});
    } else { setTimeout(poll, 50); }
  })();
})"""

ENGINE_MOVE = """new Promise(function (resolve) {
  document.body.removeAttribute("data-ready"); history.replaceState(null, "", "#-");
  location.hash = %(fragment)s;
  var t0 = Date.now(), asked = false;
  (function poll() {
    var text = function (id) { return document.getElementById(id).textContent; };
    if (!asked && document.body.getAttribute("data-ready") === "yes") {
      asked = true;
      document.getElementById("think").value = "300";
      var side = document.getElementById("opponent");
      side.value = %(side)s;
      side.dispatchEvent(new Event("change"));
    }
    var moves = decodeURIComponent(location.hash).split("&moves=")[1];
    if (moves || Date.now() - t0 > 30000) {
      resolve({moves: moves || "", state: text("opponent-state")});
    } else { setTimeout(poll, 50); }
  })();
})"""


def test_the_opponent_only_where_the_page_is_served_cross_origin_isolated(
    browser: Browser, out: Path, served: str
) -> None:
    got = open_page(
        browser,
        out,
        fragment(PLAYED[0], []),
        "return document.getElementById('opponent-box').getAttribute('data-opponent');",
        fresh=True,
    )
    assert got["then"] == "absent"  # from disk: no threads, so no opponent, and the page says how to get one
    ready = browser.open(f"{served}/{play.FILE_NAME}#{fragment(PLAYED[0], [])}", ENGINE_READY)
    assert ready == {"state": "ready", "isolated": True, "text": "Fairy-Stockfish is ready: choose the side it plays."}
    for v in PLAYED:  # the engine moves first, as the side to move at the start; its move is legal
        side = "w" if Position.start(relaxed(v, Target.FAIRY_STOCKFISH)).turn == 0 else "b"
        answer = browser.evaluate(
            ENGINE_MOVE % {"fragment": json.dumps("#" + fragment(v, [])), "side": json.dumps(side)}
        )
        assert answer["moves"] in reference(v, [])[0].split(), f"{v.name}: {answer}"
        assert answer["state"] == f"Fairy-Stockfish played {answer['moves']}."
    _OPEN.clear()  # the tab holds the served page now: the next test loads the page from disk again


def test_serve_sends_the_isolation_headers_and_wasm_as_wasm(served: str) -> None:
    with urllib.request.urlopen(f"{served}/{play.FOLDER}/stockfish.wasm") as answer:
        assert answer.headers["Content-Type"] == "application/wasm"
        assert {k: answer.headers[k] for k in serve.HEADERS} == serve.HEADERS
        assert answer.read(4) == b"\0asm"


def test_serve_refuses_a_folder_without_the_play_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--out", str(tmp_path)]) == 2
    # (the served fixture's request log may share standard error: only the command's lines count)
    err = [line for line in capsys.readouterr().err.splitlines() if not line.startswith("127.0.0.1 - -")]
    assert len(err) == 1 and "holds no play.html: run variantgen build first" in err[0]
