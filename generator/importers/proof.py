"""The proof of an imported entry: its own section and the original one play alike in pyffish.

Each ini is loaded into pyffish in a process of its own (pyffish keeps the first definition of a name,
so the original file and the sections written from the catalogue, which keep the sections' names,
cannot share one), and each section gives its start position, perft counts from it to a small depth
(:data:`DEPTH`), and :data:`GAMES` random games of up to :data:`PLIES` plies: at each ply the legal
moves and whether the game has ended (every :data:`PERFT_EVERY` plies the perft there too), then a move
chosen among them by a generator seeded alike for the two sections of a pair, so that the two play the
same game for as long as they agree.  Perft two plies deep at a dozen positions along the games asks
pyffish fewer questions than three plies deep from the start (each call costs 1-4 ms) and reaches the
middle game: captures, promotions, pieces in hand.  A name
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
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from generator.check.parallel import cores

__all__ = ["DEPTH", "GAMES", "PLIES", "Counts", "Progress", "counts", "first_difference", "perft_counts"]

#: the depth of the proof's perft, from the start and from positions along the random games
DEPTH = 2
#: the random games of the proof, and their longest
GAMES = 3
PLIES = 36
#: every this many plies of a random game (the start aside: the perft has it), the perft there too
PERFT_EVERY = 12
#: more moves than this (walls placed with every move: some 600) and a perft stops at depth 1: its replies
#: would ask pyffish once per move
WIDE = 200
#: what pyffish says of a section: the start position (the board and the pieces in hand in any order, ``[-]``
#: and ``[]`` alike), the perft counts at depth 1, 2, ..., and each random game as its plies, each ply
#: ``[legal moves, ended, move played, perft there or None]``; None if pyffish does not know the section
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
        totals = _perft(pyffish, name, fen, [], depth)
        board, _, pockets = fen.split(" ")[0].partition("[")
        pockets = "".join(sorted(pockets.rstrip("]").replace("-", "")))
        start = board + (f"[{pockets}]" if pockets else "")
        games = [_game(pyffish, name, fen, random.Random(f"{i}/{g}"), depth) for g in range(GAMES)]
        out[name] = {"start": start, "perft": totals, "games": games}
    return out


def _game(pyffish: Any, name: str, fen: str, rng: random.Random, depth: int) -> list[list[Any]]:
    """One random game: each ply's sorted legal moves, whether the game has ended there, the move played, and
    every :data:`PERFT_EVERY` plies the perft to ``depth`` there (else None)."""
    plies: list[list[Any]] = []
    moves: list[str] = []
    for ply in range(PLIES):
        legal = sorted(pyffish.legal_moves(name, fen, moves))
        ended = bool(pyffish.is_immediate_game_end(name, fen, moves)[0])
        deep = _perft(pyffish, name, fen, moves, depth) if ply and ply % PERFT_EVERY == 0 and not ended else None
        if ended or not legal:
            plies.append([legal, ended, None, deep])
            break
        move = legal[rng.randrange(len(legal))]
        plies.append([legal, ended, move, deep])
        moves.append(move)
    return plies


def _perft(pyffish: Any, name: str, fen: str, moves: list[str], depth: int) -> list[int]:
    """The number of move paths from ``fen`` after ``moves``, 1, 2, ..., ``depth`` plies deep (1 only, past
    :data:`WIDE` moves)."""
    totals = [0] * depth

    def walk(path: list[str], level: int) -> None:
        legal = pyffish.legal_moves(name, fen, path)
        totals[level] += len(legal)
        if level + 1 < len(totals):
            if len(legal) > WIDE:
                del totals[1:]
                return
            for move in legal:
                walk([*path, move], level + 1)

    walk(moves, 0)
    return totals


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
    if x[0] == y[0]:
        return f"the original gives perft {x[3]} there, the entry's section {y[3]}"
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


#: the pairs one worker process proves at a time: small enough to show progress, large enough that loading the
#: ini (once per process) costs little beside them
CHUNK = 8
#: ``progress(proved, total)``: after each chunk
Progress = Callable[[int, int], None]


def counts(
    original: str,
    own: str,
    names: Sequence[tuple[str, str]],
    depth: int = DEPTH,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> tuple[dict[str, Counts], dict[str, Counts]]:
    """The counts of each ``(original section, own section)`` pair: from the original file and from the
    catalogue's own sections, in chunks of :data:`CHUNK` pairs, ``jobs`` worker processes at a time (default:
    one per core, two at least: one for each file); ``progress`` hears of each chunk proved."""
    workers = max(2, jobs or cores())
    parts = [(i, names[i : i + CHUNK]) for i in range(0, len(names), CHUNK)]
    theirs: dict[str, Counts] = {}
    ours: dict[str, Counts] = {}
    with ThreadPoolExecutor(workers) as pool:
        runs = [
            (
                len(part),
                pool.submit(_run, original, [a for a, _ in part], depth, i),
                pool.submit(_run, own, [b for _, b in part], depth, i),
            )
            for i, part in parts
        ]
        proved = 0
        for size, a, b in runs:
            theirs.update(a.result())
            ours.update(b.result())
            proved += size
            if progress is not None:
                progress(proved, len(names))
    return theirs, ours


def _main() -> None:
    request = json.loads(sys.stdin.read())
    json.dump(perft_counts(request["ini"], request["names"], request["depth"], request.get("first", 0)), sys.stdout)


if __name__ == "__main__":
    _main()
