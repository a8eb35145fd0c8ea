"""How far each Zillions download plays its variant as the catalogue states it: not the variant relaxed by the
download's named limitations, which ``variantgen check --engine zillions`` compares with, but the rules
themselves.  For each variant: perft from the start through the reference and through the download, and
along random games of the reference the share of positions whose move lists differ (the download's moves at
the same moves from the start; a position where one of them ends the game and the other does not counts as
differing; one the download never reaches, as not reached; one whose moves differ only as Zillions lists two
moves that leave the same position, once, as merged: :func:`generator.check.compare.alike`), with the first
such position.

    python benchmarks/zillions_exactness.py [--catalogue NAME] [--depth 3] [--games 30] [--plies 60] [VARIANT ...]

Without variants: every variant of the catalogue (default: Fairy-Stockfish's built-ins).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from generator.catalogue import find_catalogue, load_catalogue
from generator.catalogue.model import Variant
from generator.check.compare import Query, alike
from generator.check.ending_cycles import spell
from generator.check.zillions import Zillions
from generator.emit.fidelity import limitations
from generator.emit.target import Target
from generator.engine import Position
from generator.engine.perft import perft
from generator.zrf.interpreter import perft as zrf_perft


@dataclass
class Row:
    name: str
    limits: str
    perft_reference: int
    perft_download: int
    positions: int
    differing: int
    unreadable: int  #: positions the download never reaches (a move of the reference it does not have)
    first: str
    merged: int  #: positions whose moves differ only as Zillions lists moves alike, once (not counted as differing)
    seconds: float


def _game(v: Variant, seed: str, plies: int) -> list[tuple[tuple[str, ...], frozenset[str]]]:
    """The positions of one random game of the reference: the moves that reach it from the start, and its legal
    moves (none once the game is over)."""
    rng = random.Random(seed)
    pos = Position.start(v)
    out: list[tuple[tuple[str, ...], frozenset[str]]] = []
    played: list[str] = []
    for _ in range(plies):
        legal = sorted((spell(pos, m), m) for m in pos.legal_moves()) if pos.outcome() is None else []
        out.append((tuple(played), frozenset(text for text, _ in legal)))
        if not legal:
            break
        text, m = rng.choice(legal)
        played.append(text)
        pos.push(m)
    return out


def _at(v: Variant, played: tuple[str, ...]) -> Position:
    pos = Position.start(v)
    for text in played:
        pos.push_uci(text)
    return pos


def measure(v: Variant, depth: int, games: int, plies: int) -> Row:
    started = time.perf_counter()
    limits = ",".join(x.rule for x in limitations(v, Target.ZILLIONS)) or "-"
    catalogue = load_catalogue(find_catalogue(ARGS.catalogue))
    with Zillions(catalogue, [v]) as engine:
        line = engine.lines[v.name]
        down = zrf_perft(line.state.copy(), depth)
        positions = differing = unreadable = merged = 0
        first = ""
        for g in range(games):
            game = _game(v, f"exactness:{v.name}:{g}", plies)
            answers = engine.probe(v.name, [Query(played) for played, _ in game])
            for (played, moves), got in zip(game, answers, strict=True):
                positions += 1
                if got.error is not None:
                    unreadable += 1
                elif got.moves != moves and alike(Target.ZILLIONS, _at(v, played), moves, got.moves):
                    merged += 1
                elif got.moves != moves:
                    differing += 1
                    first = first or " ".join(played) or "(the start)"
    return Row(
        v.name,
        limits,
        perft(Position.start(v), depth),
        down,
        positions,
        differing,
        unreadable,
        first,
        merged,
        time.perf_counter() - started,
    )


def main() -> None:
    cat = load_catalogue(find_catalogue(ARGS.catalogue))
    variants = [cat.get(n) for n in ARGS.variants] if ARGS.variants else list(cat.variants)
    print(
        "variant | perft ref | perft zrf | positions | differing | share | not reached | moves alike merged | "
        "first differing (moves)"
    )
    for v in variants:
        assert v is not None
        r = measure(v, ARGS.depth, ARGS.games, ARGS.plies)
        compared = r.positions - r.unreadable
        share = f"{100 * r.differing / compared:.2f}%" if compared else "-"
        same = "=" if r.perft_reference == r.perft_download else "≠"
        print(
            f"{r.name} | {r.perft_reference} | {r.perft_download} {same} | {r.positions} | {r.differing} | {share} | "
            f"{r.unreadable} | {r.merged} | "
            f"{r.first or '-'}  ({r.seconds:.1f} s; {r.limits})",
            flush=True,
        )


PARSER = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
PARSER.add_argument("variants", nargs="*")
PARSER.add_argument("--catalogue", default="fairy-stockfish")
PARSER.add_argument("--depth", type=int, default=3)
PARSER.add_argument("--games", type=int, default=30)
PARSER.add_argument("--plies", type=int, default=60)
ARGS = PARSER.parse_args() if __name__ == "__main__" else PARSER.parse_args([])

if __name__ == "__main__":
    main()
