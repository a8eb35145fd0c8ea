"""How many games of the Zillions corpus ``variantgen import`` imports exactly, why the rest are left out, how long.

    python benchmarks/import_zrf.py [FOLDER] [--limit SECONDS] [--list]

Imports every game of every ``.zrf`` under FOLDER (default: ``../shared/zillions/corpus``) as
``variantgen import FILE.zrf`` does, each proven against its game (every position two plies deep,
perft 3, four random games), and prints:

* the files read (and those that do not read), the games, the games imported and, of those, the distinct
  ones with three or more piece types (the same rules under another file or title count once);
* the ten most common reasons a game is left out (a piece's name taken off the reason);
* the time.
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

from generator.importers.zillions.command import LIMIT, import_zrf  # noqa: E402  (after the path above)
from generator.zrf import ZrfError  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "zillions" / "corpus"
#: a reason's detail: a piece's name before it, a position or move list after it
_PIECE = re.compile(r"^[A-Za-z0-9 _'-]+: (?=its |Black's |the piece |a leap )")
_DETAIL = re.compile(r"(: after | along \(| of \(| at |; one is ).*$")


def reason(text: str) -> str:
    """The reason without the piece or the place it names."""
    text = _PIECE.sub("", text)
    return _DETAIL.sub("", text)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default=str(DEFAULT))
    ap.add_argument("--limit", type=int, default=LIMIT, help=f"seconds per game (default {LIMIT})")
    ap.add_argument("--list", action="store_true", help="also list each game imported")
    args = ap.parse_args()
    files = sorted(Path(args.folder).rglob("*.zrf"))
    started = time.perf_counter()
    unread, games, imported = 0, 0, []
    why: Counter[str] = Counter()
    for path in files:
        try:
            result = import_zrf(str(path), path.name, limit=args.limit)
        except ZrfError:
            unread += 1
            continue
        games += len(result.entries) + len(result.left_out)
        imported += [(path, data) for _, data in result.entries]
        why.update(reason(text) for _, text in result.left_out)
    elapsed = time.perf_counter() - started
    distinct = {
        json.dumps({k: v for k, v in data.items() if k not in ("source", "description")}, sort_keys=True)
        for _, data in imported
        if len(data["pieces"]) >= 3
    }
    print(f"files: {len(files)} ({unread} do not read)")
    print(f"games: {games}; imported: {len(imported)}; distinct with 3 or more piece types: {len(distinct)}")
    print("left out, the ten most common reasons:")
    for text, n in why.most_common(10):
        print(f"  {n:5d}  {text}")
    print(f"time: {elapsed:.0f} s ({elapsed / max(games, 1):.2f} s per game)")
    if args.list:
        for path, data in imported:
            print(f"  {path.relative_to(args.folder)}: {data['title']} ({len(data['pieces'])} piece types)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
