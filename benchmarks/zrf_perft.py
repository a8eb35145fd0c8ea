"""Perft speed of the ZRF interpreter on Zillions' own Chess.zrf.

    python benchmarks/zrf_perft.py [--file Chess.zrf] [--game Chess] [--depth 4] [--repeat 1]

Loads and compiles the game (timed apart), then runs perft at the given depth
(default 4: 197281 nodes from the chess start) and prints the nodes per second.
The last ply is counted, not played, as in every perft; the legality test
(no move may leave a ``checkmated`` piece capturable) is applied to every move.
The process's CPU time is printed too: on a machine shared with other work it is the
steadier figure.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.zrf import load, perft, start

ROOT = Path(__file__).resolve().parent.parent
CHESS_ZRF = ROOT.parent / "shared" / "zillions" / "Chess.zrf"
EXPECTED = {("Chess", 1): 20, ("Chess", 2): 400, ("Chess", 3): 8902, ("Chess", 4): 197281, ("Chess", 5): 4865609}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(CHESS_ZRF), help="the .zrf file (default: %(default)s)")
    ap.add_argument("--game", default="Chess", help="the game's title (default: %(default)s)")
    ap.add_argument("--depth", type=int, default=4, help="perft depth (default: %(default)s)")
    ap.add_argument("--repeat", type=int, default=1, help="runs; the best time is reported (default: %(default)s)")
    args = ap.parse_args()
    if not Path(args.file).exists():
        print(f"{args.file}: not found (Zillions' Chess.zrf is expected in ../shared/zillions/)", file=sys.stderr)
        return 2
    t = time.perf_counter()
    game = load(args.file).game(args.game)
    state = start(game)
    setup = time.perf_counter() - t
    best, cpu, nodes = float("inf"), float("inf"), 0
    for _ in range(max(1, args.repeat)):
        t, c = time.perf_counter(), time.process_time()
        nodes = perft(state, args.depth)
        best = min(best, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    expected = EXPECTED.get((game.title, args.depth)) if Path(args.file).name == "Chess.zrf" else None
    check = "" if expected is None else ("  (correct)" if nodes == expected else f"  (WRONG: expected {expected})")
    print(f"{game.title}: load and compile {setup:.2f} s")
    print(f"perft {args.depth} = {nodes}{check} in {best:.2f} s: {nodes / best:,.0f} nodes/s")
    print(f"CPU time {cpu:.2f} s: {nodes / max(cpu, 1e-9):,.0f} nodes/s")
    return 0 if expected is None or nodes == expected else 1


if __name__ == "__main__":
    sys.exit(main())
