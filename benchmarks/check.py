"""What the Fairy-Stockfish check costs per variant, and who spends it.

    python benchmarks/check.py [VARIANT ...] [--native-depths 3 4] [--pyffish-depths 3] [--catalogue FILE]

For each variant, engine and depth it runs the check of the perft tree from the start (no random
games, no proofs) and prints the nodes or positions compared, the seconds, and the shares of the
reference engine and of Fairy-Stockfish.  ``native`` is the binary built by
``scripts/build-fairy-stockfish`` (:mod:`generator.check.perft_compare`: a count per move, the
reference's ``divide`` beside it); ``pyffish`` is the position-by-position check
(:mod:`generator.check.compare`, one pyffish call per position, in worker processes).  pyffish at
depth 4 takes hours on the larger boards, so it runs only when asked (``--pyffish-depths 3 4``);
an empty list (``--pyffish-depths``) skips an engine.

Where the reference's time goes is :mod:`generator.engine.movegen`: at the last ply it counts
moves without playing them, and above it every move is played and taken back.
``python benchmarks/perft.py --profile`` prints the shares per function; ``python
benchmarks/perft.py`` measures the reference alone, beside python-chess.
"""

from __future__ import annotations

import argparse
import subprocess
import time
from pathlib import Path

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.check.compare import check_variant
from generator.check.fairy_stockfish import FairyStockfish, built_ini
from generator.check.native import open_native
from generator.check.perft_compare import check_counts

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*", metavar="VARIANT")
    ap.add_argument("--catalogue", default=str(DEFAULT_CATALOGUE))
    ap.add_argument("--native-depths", type=int, nargs="*", default=[3, 4])
    ap.add_argument("--pyffish-depths", type=int, nargs="*", default=[3])
    args = ap.parse_args()
    catalogue = load_catalogue(args.catalogue)
    variants = [v for v in catalogue.variants if not args.variants or v.name in args.variants]
    ini, manifest = built_ini(catalogue, [v.name for v in variants])
    print(f"{'variant':<38} {'engine':<8} {'depth':>5} {'compared':>12} {'seconds':>8} {'reference':>9} {'engine':>7}")
    if args.native_depths:
        binary = subprocess.run(
            [str(ROOT / "scripts" / "build-fairy-stockfish")], capture_output=True, text=True, check=True
        ).stdout.strip()
        with open_native(binary, ini, manifest, variants) as (_, counts, proofs):
            for depth in args.native_depths:
                for v in variants:
                    r = check_counts(v, proofs, counts[v.name], depth, games=0)
                    assert r.ok, r.disagreement
                    share = 100 / (r.seconds or 1)
                    print(
                        f"{v.name:<38} {'native':<8} {depth:>5} {r.nodes:>12,} {r.seconds:>8.2f} "
                        f"{r.reference_seconds * share:>8.0f}% {r.engine_seconds * share:>6.0f}%",
                        flush=True,
                    )
    if args.pyffish_depths:
        with FairyStockfish(ini, variants, manifest=manifest) as fsf:
            for depth in args.pyffish_depths:
                for v in variants:
                    t = time.perf_counter()
                    rep = check_variant(v, fsf, depth=depth, games=0)
                    assert rep.ok, rep.disagreement
                    seconds = time.perf_counter() - t
                    share = 100 / (seconds or 1)
                    print(
                        f"{v.name:<38} {'pyffish':<8} {depth:>5} {rep.positions:>12,} {seconds:>8.2f} "
                        f"{rep.reference_seconds * share:>8.0f}% {rep.engine_seconds * share:>6.0f}%",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
