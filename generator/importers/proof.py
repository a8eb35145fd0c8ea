"""The proof of an imported entry: its own section and the original one play alike in pyffish.

Each ini is loaded into pyffish in a process of its own (pyffish keeps the first definition of a name,
so the original file and the sections written from the catalogue, which keep the sections' names,
cannot share one), and each section gives its start position, perft counts from it to a small depth
(:data:`DEPTH`), and :data:`GAMES` random games of up to :data:`PLIES` plies: at each ply the legal
moves and whether the game has ended, then a move chosen among them by a generator seeded alike for
the two sections of a pair, so that the two play the same game for as long as they agree.  A name
pyffish does not know after loading is never asked about: pyffish crashes on one.  Run as
``python -m generator.importers.proof``: JSON ``{"ini", "names", "depth", "first"}`` on standard input,
``{name: {"start", "perft", "games"} or null}`` on standard output.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from generator.check.parallel import cores

__all__ = ["DEPTH", "GAMES", "PLIES", "Counts", "counts", "first_difference", "perft_counts"]

#: the depth of the proof's perft
DEPTH = 3
#: the random games of the proof, and their longest
GAMES = 2
PLIES = 30
#: more moves than this from the start (walls placed with every move: some 600) and the perft stops at
#: depth 2, which already asks pyffish for every move's replies
WIDE = 200
#: what pyffish says of a section: the start position (the board and the pieces in hand in any order, ``[-]``
#: and ``[]`` alike), the perft counts at depth 1, 2, ..., and each random game as its plies, each ply
#: ``[legal moves, ended, move played]``; None if pyffish does not know the section
Counts = dict[str, Any] | None


def perft_counts(ini: str, names: Sequence[str], depth: int, first: int = 0) -> dict[str, Counts]:
    """In this process: load ``ini`` into pyffish, count ``names``' perft to ``depth`` and play their
    random games (the ``i``-th name's seeded with ``first + i``: its place among all the names proved).
    (A worker that fails, pyffish missing or crashing, is ``ValueError`` in :func:`counts`: one line,
    exit 2.)"""
    import pyffish  # here: the worker process alone loads it

    pyffish.load_variant_config(ini)
    known = set(pyffish.variants())
    out: dict[str, Counts] = {}
    for i, name in enumerate(names, first):
        if name not in known:
            out[name] = None
            continue
        fen = pyffish.start_fen(name)
        deep = depth if len(pyffish.legal_moves(name, fen, [])) <= WIDE else min(depth, 2)
        totals = [0] * deep

        def walk(moves: list[str], level: int, name: str = name, fen: str = fen, totals: list[int] = totals) -> None:
            legal = pyffish.legal_moves(name, fen, moves)
            totals[level] += len(legal)
            if level + 1 < len(totals):
                for move in legal:
                    walk([*moves, move], level + 1)

        walk([], 0)
        board, _, pockets = fen.split(" ")[0].partition("[")
        pockets = "".join(sorted(pockets.rstrip("]").replace("-", "")))
        start = board + (f"[{pockets}]" if pockets else "")
        games = [_game(pyffish, name, fen, random.Random(f"{i}/{g}")) for g in range(GAMES)]
        out[name] = {"start": start, "perft": totals, "games": games}
    return out


def _game(pyffish: Any, name: str, fen: str, rng: random.Random) -> list[list[Any]]:
    """One random game: each ply's sorted legal moves, whether the game has ended there, the move played."""
    plies: list[list[Any]] = []
    moves: list[str] = []
    for _ in range(PLIES):
        legal = sorted(pyffish.legal_moves(name, fen, moves))
        ended = bool(pyffish.is_immediate_game_end(name, fen, moves)[0])
        if ended or not legal:
            plies.append([legal, ended, None])
            break
        move = legal[rng.randrange(len(legal))]
        plies.append([legal, ended, move])
        moves.append(move)
    return plies


def first_difference(theirs: dict[str, Any], ours: dict[str, Any]) -> str | None:
    """Where the entry's section first plays otherwise than the original, in words; None where they agree."""
    if theirs["start"] != ours["start"]:
        return f"the original starts from {theirs['start']}, the entry's section from {ours['start']}"
    if theirs["perft"] != ours["perft"]:
        return f"the original gives perft {theirs['perft']}, the entry's section {ours['perft']}"
    for g, (a, b) in enumerate(zip(theirs["games"], ours["games"], strict=True)):
        for ply, (x, y) in enumerate(zip(a, b, strict=False)):
            if x == y:
                continue
            played = " ".join(step[2] for step in a[:ply]) or "none"
            return f"random game {g + 1}, ply {ply + 1} (after {played}): " + _ply_difference(x, y)
        if len(a) != len(b):
            return f"random game {g + 1}: the original's lasts {len(a)} plies, the entry's section's {len(b)}"
    return None


def _ply_difference(x: list[Any], y: list[Any]) -> str:
    if x[1] != y[1]:
        return f"the game has {'ended' if x[1] else 'not ended'} in the original, not so in the entry's section"
    only_theirs = sorted(set(x[0]) - set(y[0]))
    only_ours = sorted(set(y[0]) - set(x[0]))
    return (
        f"moves only the original has: {' '.join(only_theirs) or '-'}; "
        f"only the entry's section: {' '.join(only_ours) or '-'}"
    )


def _run(ini: str, names: Sequence[str], depth: int, first: int) -> dict[str, Counts]:
    root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH")
    env = dict(os.environ, PYTHONPATH=root + (os.pathsep + path if path else ""))
    request = json.dumps({"ini": ini, "names": list(names), "depth": depth, "first": first})
    done = subprocess.run(
        [sys.executable, "-m", __name__], input=request, capture_output=True, text=True, env=env, check=False
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise ValueError(f"the proof in pyffish failed (exit {done.returncode}): {last}")
    result: dict[str, Counts] = json.loads(done.stdout)
    return result


def counts(
    original: str, own: str, names: Sequence[tuple[str, str]], depth: int = DEPTH, jobs: int | None = None
) -> tuple[dict[str, Counts], dict[str, Counts]]:
    """The counts of each ``(original section, own section)`` pair: from the original file and from the
    catalogue's own sections, the pairs shared among ``jobs`` worker processes (default: one per core, two
    at least: one for each file)."""
    shares = max(1, min(len(names), (jobs or cores()) // 2))
    size = -(-len(names) // shares) if names else 0
    parts = [(i, names[i : i + size]) for i in range(0, len(names), size)] if names else []
    theirs: dict[str, Counts] = {}
    ours: dict[str, Counts] = {}
    with ThreadPoolExecutor(2 * len(parts) or 1) as pool:
        runs = [
            (
                pool.submit(_run, original, [a for a, _ in part], depth, i),
                pool.submit(_run, own, [b for _, b in part], depth, i),
            )
            for i, part in parts
        ]
        for a, b in runs:
            theirs.update(a.result())
            ours.update(b.result())
    return theirs, ours


def _main() -> None:
    request = json.loads(sys.stdin.read())
    json.dump(perft_counts(request["ini"], request["names"], request["depth"], request.get("first", 0)), sys.stdout)


if __name__ == "__main__":
    _main()
