"""How many games of the Zillions corpus ``variantgen import`` imports exactly, why the rest are left out, how long.

    python benchmarks/import_zrf.py [FOLDER] [--limit SECONDS] [--list] [--fairy-stockfish]

Imports every game of every ``.zrf`` under FOLDER (default: ``../shared/zillions/corpus``) as
``variantgen import FILE.zrf`` does, each proven against its game (every position two plies deep,
perft 3, four random games), and prints:

* the files read (and those that do not read), the games, the games imported and, of those, the distinct
  ones with three or more piece types (the same rules under another file or title count once);
* the pool those come from: the distinct titles of games that two players play in turn with three or more
  piece types at the start (puzzles, games of three or more players and games of two piece types left out);
* the ten most common reasons a game is left out (a piece's name taken off the reason);
* the time;
* with ``--fairy-stockfish``: how many of the distinct games with three or more piece types get a
  Fairy-Stockfish section that registers in pyffish and plays as the entry (``variantgen check --engine
  fairy-stockfish`` at depth 2 with two random games, the game-end proofs included), and how many
  Fairy-Stockfish cannot play exactly (a named limitation).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.catalogue.loader import load_catalogue_text  # noqa: E402  (after the path above)
from generator.check.compare import check_variant  # noqa: E402
from generator.check.endings import prove_into  # noqa: E402
from generator.check.fairy_stockfish import FairyStockfish, ini_under_test  # noqa: E402
from generator.emit.fidelity import limitations  # noqa: E402
from generator.importers.yaml_text import render_entry  # noqa: E402
from generator.importers.zillions.command import LIMIT, import_zrf  # noqa: E402
from generator.zrf import ZrfError  # noqa: E402
from generator.zrf.model import load  # noqa: E402
from generator.zrf.program import Program  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "zillions" / "corpus"
#: a reason's detail: a piece's name before it, a position or move list after it
_PIECE = re.compile(r"^[A-Za-z0-9 _'-]+: (?=its |Black's |the piece |a leap )")
_DETAIL = re.compile(r"(: after | along \(| of \(| at |; one is ).*$")


def reason(text: str) -> str:
    """The reason without the piece or the place it names."""
    text = _PIECE.sub("", text)
    return _DETAIL.sub("", text)


def pool(path: Path) -> set[str]:
    """The titles (letters and digits only) of the games of ``path`` that two players play in turn, every
    move type allowed, with three or more piece types at the start."""
    out = set()
    for game in load(str(path)).games:
        try:
            prog = Program(game)
        except (ZrfError, ValueError):
            continue
        turns = prog.turns
        types = {c >> 4 & 0xFFF for c in prog.setup[0] if c >= 0}
        types |= {t for held in prog.setup[1] for t, n in enumerate(held) if n}
        two = len(turns) == 2 and turns[0].player != turns[1].player and all(t.mtype == -1 for t in turns)
        if two and len(types) >= 3:
            out.add(re.sub(r"[^a-z0-9]", "", game.title.lower()))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default=str(DEFAULT))
    ap.add_argument("--limit", type=int, default=LIMIT, help=f"seconds per game (default {LIMIT})")
    ap.add_argument("--list", action="store_true", help="also list each game imported")
    ap.add_argument("--fairy-stockfish", action="store_true", help="also check the distinct games through pyffish")
    args = ap.parse_args()
    files = sorted(Path(args.folder).rglob("*.zrf"))
    started = time.perf_counter()
    unread, games, imported = 0, 0, []
    why: Counter[str] = Counter()
    titles: set[str] = set()
    for path in files:
        try:
            result = import_zrf(str(path), path.name, limit=args.limit)
        except ZrfError:
            unread += 1
            continue
        titles |= pool(path)
        games += len(result.entries) + len(result.left_out)
        imported += [(path, data) for _, data in result.entries]
        why.update(reason(text) for _, text in result.left_out)
    elapsed = time.perf_counter() - started
    distinct = {
        json.dumps({k: v for k, v in data.items() if k not in ("source", "description")}, sort_keys=True): data
        for _, data in imported
        if len(data["pieces"]) >= 3
    }
    print(f"files: {len(files)} ({unread} do not read)")
    print(f"games: {games}; imported: {len(imported)}; distinct with 3 or more piece types: {len(distinct)}")
    print(f"pool: {len(titles)} distinct titles of two players in turn with 3 or more piece types")
    print("left out, the ten most common reasons:")
    for text, n in why.most_common(10):
        print(f"  {n:5d}  {text}")
    print(f"time: {elapsed:.0f} s ({elapsed / max(games, 1):.2f} s per game)")
    if args.fairy_stockfish:
        through_pyffish(list(distinct.values()))
    if args.list:
        for path, data in imported:
            print(f"  {path.relative_to(args.folder)}: {data['title']} ({len(data['pieces'])} piece types)")
    return 0


def through_pyffish(entries: list[dict[str, object]]) -> None:
    """The entries' own Fairy-Stockfish sections in pyffish, each compared with the entry as ``variantgen
    check`` compares it (depth 2, two random games, the game-end proofs)."""
    started = time.perf_counter()
    text = "variants:\n" + "\n".join(render_entry(f"zrf-{i}", data) for i, data in enumerate(entries, 1))
    catalogue = load_catalogue_text(text, "imported.yaml")
    exact = [v for v in catalogue.variants if not limitations(v, "fairy-stockfish")]
    ini, manifest, _ = ini_under_test(catalogue, [v.name for v in exact], None)
    agree = 0
    with FairyStockfish(ini, exact, workers=1, manifest=manifest) as fsf:
        for v in exact:
            report = check_variant(v, fsf, depth=2, games=2, plies=100, seed=1)
            prove_into(report, v, fsf)
            agree += report.ok
            if not report.ok and report.disagreement is not None:
                print(f"  {v.title}: {report.disagreement.describe()}")
    print(
        f"through pyffish: {agree} of {len(entries)} play as the entry; {len(entries) - len(exact)} Fairy-Stockfish "
        f"cannot play exactly ({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
