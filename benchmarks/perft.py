"""Perft speed of the reference engine, side by side with python-chess.

    python benchmarks/perft.py [--catalogue FILE] [--depth N] [--families FILE] [--family-depth N] [--also NAME...]
                               [--profile] [--cpu]

Runs perft 4 from the chess start and perft 3 from "Kiwipete" with both
engines in the same process, printing nodes per second and the ratio, then
perft N (default 3) from the start of every catalogue variant, with times,
then perft N (default 4) from the start of the first variant of each family
of another catalogue (default: Fairy-Stockfish's built-ins), one row per
family of rules (crazyhouse, antichess, gating: seirawan, ...), and of the variants ``--also`` names (default:
kyotoshogi, whose family's first is minishogi); where every move also places a wall (duck chess: some 600 moves a
position), two plies less.
Both engines count the last ply without playing it (python-chess:
``legal_moves.count()``), the usual way to run perft.  The first line says which
engine runs: the Python one, or the one a wheel built with ``VARIANTGEN_MYPYC=1``
compiled (``setup.py``; run this script with the Python the wheel is installed in).

``--profile`` says where the reference engine's time goes: cProfile's own
time per function over chess perft 4, as shares.  On 2026-11-26 the pieces'
targets at the last ply (``_count_free``) took 27%, make and unmake 15%, the
pawns counted all at once 10%, the one pass for check and pins 9%, the
dispatch in ``_generate`` 6%, the king's step tests (``attacked``) 4%.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Callable

import chess

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.engine import COMPILED, Position
from generator.engine.perft import perft

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += python_chess_perft(board, depth - 1)
        board.pop()
    return n


#: the clock ``timed`` reads: wall time, or with ``--cpu`` the process's CPU time (steadier on a shared machine)
CLOCK = time.perf_counter


def timed(fn: Callable[[], int], repeat: int = 3) -> tuple[int, float]:
    """The count and the best time of ``repeat`` runs, by ``CLOCK``."""
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        t = CLOCK()
        nodes = fn()
        best = min(best, CLOCK() - t)
    return nodes, best


def profile(pos: Position) -> None:
    """cProfile's own time per function of the reference engine over perft 4, as shares."""
    prof = cProfile.Profile()
    prof.runcall(perft, pos, 4)
    stats = pstats.Stats(prof).get_stats_profile()
    total = sum(f.tottime for f in stats.func_profiles.values())
    print(f"{'function':<24} {'share':>6}")
    for name, f in sorted(stats.func_profiles.items(), key=lambda kv: -kv[1].tottime)[:12]:
        print(f"{name:<24} {f.tottime / total:>6.0%}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--catalogue", default=str(DEFAULT_CATALOGUE))
    ap.add_argument("--depth", type=int, default=3, help="perft depth for the catalogue variants")
    ap.add_argument("--families", default=str(FAIRY_STOCKFISH_CATALOGUE), help="a catalogue: one row per family")
    ap.add_argument("--family-depth", type=int, default=4, help="perft depth for the families' rows")
    ap.add_argument("--also", nargs="*", default=["kyotoshogi"], help="more variants of that catalogue, a row each")
    ap.add_argument("--profile", action="store_true", help="where the time of chess perft 4 goes, then stop")
    ap.add_argument("--cpu", action="store_true", help="time by the process's CPU time, not the wall clock")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.cpu else time.perf_counter
    catalogue = load_catalogue(args.catalogue)
    chess_variant = catalogue.get("chess")
    assert chess_variant is not None, "the catalogue needs the 'chess' calibration entry"

    if args.profile:
        profile(Position.from_fen(chess_variant, START))
        return
    print(f"engine: {'compiled by mypyc' if COMPILED else 'Python'}")
    print(f"{'position':<10} {'depth':>5} {'nodes':>9} {'variantgen nps':>15} {'python-chess nps':>17} {'ratio':>6}")
    for label, fen, depth in (("start", START, 4), ("kiwipete", KIWIPETE, 3)):
        pos = Position.from_fen(chess_variant, fen)
        ours, t_ours = timed(lambda pos=pos, depth=depth: perft(pos, depth))
        board = chess.Board(fen)
        theirs, t_theirs = timed(lambda board=board, depth=depth: python_chess_perft(board, depth))
        assert ours == theirs, f"{label}: variantgen {ours} != python-chess {theirs}"
        nps, ref = ours / t_ours, theirs / t_theirs
        print(f"{label:<10} {depth:>5} {ours:>9} {nps:>15,.0f} {ref:>17,.0f} {nps / ref:>6.2f}")

    print()
    print(f"perft {args.depth} from the start of every catalogue variant")
    print(f"{'variant':<38} {'nodes':>10} {'seconds':>8} {'nps':>10}")
    for v in catalogue.variants:
        pos = Position.start(v)
        nodes, t = timed(lambda pos=pos: perft(pos, args.depth), repeat=1)
        print(f"{v.name:<38} {nodes:>10} {t:>8.2f} {nodes / t:>10,.0f}")

    families = load_catalogue(args.families)
    firsts = {v.family: v for v in reversed(families.variants)}
    print()
    print(f"perft {args.family_depth} from the start of the first variant of each family of {args.families}")
    print(f"{'family':<16} {'variant':<21} {'depth':>5} {'nodes':>10} {'seconds':>8} {'nps':>10}")
    also = [v for v in families.variants if v.name in args.also and v not in firsts.values()]
    for v in sorted([*firsts.values(), *also], key=families.variants.index):
        pos = Position.start(v)
        depth = args.family_depth - (2 if v.walling is not None else 0)
        nodes, t = timed(lambda pos=pos, depth=depth: perft(pos, depth), repeat=1)
        print(f"{v.family:<16} {v.name:<21} {depth:>5} {nodes:>10} {t:>8.2f} {nodes / t:>10,.0f}")


if __name__ == "__main__":
    main()
