"""What the game-end proofs' search costs, per proof kind.

    python benchmarks/endings.py [--catalogue FILE ...] [VARIANT ...] [--profile]

For every variant of the catalogues (default: ours and Fairy-Stockfish's built-ins) it runs each
builder of :data:`generator.check.endings.BUILDERS` that applies, as ``variantgen check`` does before
it asks an engine anything, and prints one row per proof kind: the variants it applies to, in how
many it found a position, the positions found, and the seconds (total and the slowest variant).
``--profile`` prints cProfile's own time per function over the whole search instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections import defaultdict
from dataclasses import dataclass, field

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.check.endings import BUILDERS


@dataclass
class Row:
    variants: int = 0
    found_in: int = 0
    positions: int = 0
    seconds: float = 0.0
    slowest: tuple[float, str] = (0.0, "")
    #: the positions found, as FEN and moves, to compare two runs
    cases: list[str] = field(default_factory=list)


def search(variants: list[Variant]) -> dict[str, Row]:
    rows: dict[str, Row] = defaultdict(Row)
    for v in variants:
        for rule, applies, build in BUILDERS:
            if not applies(v):
                continue
            started = time.perf_counter()
            found = list(build(v))
            took = time.perf_counter() - started
            row = rows[rule]
            row.variants += 1
            row.found_in += bool(found)
            row.positions += len(found)
            row.seconds += took
            row.slowest = max(row.slowest, (took, v.name))
            row.cases += [f"{v.name} {c.rule} {c.fen} {' '.join(c.moves)}" for c in found]
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", metavar="VARIANT")
    ap.add_argument("--catalogue", action="append", help="default: ours and Fairy-Stockfish's built-ins")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--cases", metavar="FILE", help="write the positions found, one a line, to FILE")
    args = ap.parse_args()
    paths = args.catalogue or [str(DEFAULT_CATALOGUE), str(FAIRY_STOCKFISH_CATALOGUE)]
    variants = [v for p in paths for v in load_catalogue(p).variants if not args.variants or v.name in args.variants]
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(search, variants)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    started = time.perf_counter()
    rows = search(variants)
    total = time.perf_counter() - started
    print(f"{'proof kind':<30} {'variants':>8} {'found in':>8} {'positions':>9} {'seconds':>8}  slowest")
    for rule, row in sorted(rows.items(), key=lambda kv: -kv[1].seconds):
        took, name = row.slowest
        print(
            f"{rule:<30} {row.variants:>8} {row.found_in:>8} {row.positions:>9} {row.seconds:>8.1f}  "
            f"{took:.1f} s {name}"
        )
    print(f"{len(variants)} variants, {total:.1f} s")
    if args.cases:
        with open(args.cases, "w", encoding="utf-8") as out:
            out.writelines(f"{c}\n" for row in rows.values() for c in row.cases)


if __name__ == "__main__":
    main()
