"""The proof of an imported entry: its own section and the original one play alike in pyffish.

Each ini is loaded into pyffish in a process of its own (pyffish keeps the first definition of a name,
so the original file and the sections written from the catalogue, which keep the sections' names,
cannot share one), and each section gives its start position and perft counts from it to a small
depth (:data:`DEPTH`).  A name pyffish does not know after loading is never asked about: pyffish
crashes on one.  Run as ``python -m generator.importers.proof``: JSON ``{"ini", "names", "depth"}`` on
standard input, ``{name: [start FEN, count at depth 1, 2, ...] or null}`` on standard output.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

__all__ = ["DEPTH", "Counts", "counts", "perft_counts"]

#: the depth of the proof's perft
DEPTH = 3
#: more moves than this from the start (walls placed with every move: some 600) and the perft stops at
#: depth 2, which already asks pyffish for every move's replies
WIDE = 200
#: the start position (the board and the pieces in hand in any order, ``[-]`` and ``[]`` alike) and the perft counts
#: at depth 1, 2, ...; None if pyffish does not know the section
Counts = list[Any] | None


def perft_counts(ini: str, names: Sequence[str], depth: int) -> dict[str, Counts]:
    """In this process: load ``ini`` into pyffish and count ``names``' perft to ``depth``.  (A worker
    that fails, pyffish missing or crashing, is ``ValueError`` in :func:`counts`: one line, exit 2.)"""
    import pyffish  # here: the worker process alone loads it

    pyffish.load_variant_config(ini)
    known = set(pyffish.variants())
    out: dict[str, Counts] = {}
    for name in names:
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
        out[name] = [board + (f"[{pockets}]" if pockets else ""), *totals]
    return out


def _run(ini: str, names: Sequence[str], depth: int) -> dict[str, Counts]:
    root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH")
    env = dict(os.environ, PYTHONPATH=root + (os.pathsep + path if path else ""))
    request = json.dumps({"ini": ini, "names": list(names), "depth": depth})
    done = subprocess.run(
        [sys.executable, "-m", __name__], input=request, capture_output=True, text=True, env=env, check=False
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise ValueError(f"the proof in pyffish failed (exit {done.returncode}): {last}")
    result: dict[str, Counts] = json.loads(done.stdout)
    return result


def counts(
    original: str, own: str, names: Sequence[tuple[str, str]], depth: int = DEPTH
) -> tuple[dict[str, Counts], dict[str, Counts]]:
    """The counts of each ``(original section, own section)`` pair: from the original file and from the
    catalogue's own sections, in two worker processes side by side."""
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(_run, original, [a for a, _ in names], depth)
        second = pool.submit(_run, own, [b for _, b in names], depth)
        return first.result(), second.result()


def _main() -> None:
    request = json.loads(sys.stdin.read())
    json.dump(perft_counts(request["ini"], request["names"], request["depth"]), sys.stdout)


if __name__ == "__main__":
    _main()
