"""How much of the corpus of real Zillions files the ZRF interpreter reads and plays.

    python benchmarks/zrf_corpus.py [--corpus DIR] [--timeout 30] [--jobs 2] [--list] [FILE ...]

Runs perft 1 on every game and variant of every ``.zrf`` file under the corpus
(default: ``../shared/zillions/corpus``, or the FILEs given), each file in its own
process with a time limit, at most ``--jobs`` at once, and prints:

* the load rate: the files whose every game runs perft 1, the files whose first game
  does (what ``variantgen perft --zrf FILE 1`` runs), and the games that do;
* the failures grouped by cause: the first line of the error without its
  ``file:line:`` and with quoted names left out, most frequent first, with the files
  (``--list`` names them all);
* the speed: perft 1 nodes per second over all games (loading and compiling apart).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "zillions" / "corpus"


@dataclass
class FileResult:
    """What one file gave: per game ``(title, nodes or None, error)``, or a file-wide error."""

    path: Path
    games: list[tuple[str, int | None, str]]
    error: str
    count: int  # games in the file, when it does not load
    seconds: float
    perft_seconds: float


def run_one(path: str) -> None:
    """In the child process: load ``path``, run perft 1 on each game, print one JSON object."""
    from generator.zrf import ZrfError, load, perft, start

    out: dict[str, object] = {"games": [], "error": "", "perft_seconds": 0.0, "count": 1}
    games: list[tuple[str, int | None, str]] = []
    try:
        rules = load(path)
    except ZrfError as e:
        out["error"] = str(e).splitlines()[0]
        out["count"] = count_games(path)
        print(json.dumps(out))
        return
    spent = 0.0
    for game in rules.games:
        try:
            state = start(game)
            t = time.perf_counter()
            nodes = perft(state, 1)
            spent += time.perf_counter() - t
            games.append((game.title, nodes, ""))
        except ZrfError as e:
            games.append((game.title, None, str(e).splitlines()[0]))
        except Exception as e:  # a crash is what this benchmark is for finding
            games.append((game.title, None, f"internal error: {type(e).__name__}: {e}".splitlines()[0]))
    if not games:
        out["error"] = f"{path}: the file has no game"
    out["games"], out["perft_seconds"] = games, spent
    print(json.dumps(out))


def count_games(path: str) -> int:
    """How many games a file that does not load holds: its top-level games and variants, those of the
    expanded forms if it reads, else those the text seems to open."""
    from generator.zrf import ZrfError, read_file
    from generator.zrf.reader import List, Str

    try:
        forms = read_file(path)
    except ZrfError:
        return opened_games(Path(path))

    def separator(form: List) -> bool:
        return any(isinstance(s, List) and s.head == "title" and s.items[1:2] == [Str("-", 0)] for s in form.items)

    games = [f for f in forms if isinstance(f, List) and f.head in ("game", "variant") and not separator(f)]
    return max(1, len(games))


def opened_games(path: Path) -> int:
    """How many games and variants the text of a file seems to open (at least one)."""
    return max(1, len(re.findall(r"^\((?:game|variant)\b", path.read_bytes().decode("latin-1"), re.M)))


def measure(path: Path, timeout: float) -> FileResult:
    """Run one file in a child process."""
    t = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--one", str(path)],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=ROOT,
            # the generator package of this checkout, whatever is installed
            env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))},
        )
    except subprocess.TimeoutExpired:
        return FileResult(path, [], f"{path}: timeout (more than {timeout:g} s)", opened_games(path), timeout, 0.0)
    seconds = time.perf_counter() - t
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return FileResult(path, [], f"{path}: internal error: {last}", opened_games(path), seconds, 0.0)
    got = json.loads(lines[-1])
    games = [(str(t), n, str(e)) for t, n, e in got["games"]]
    return FileResult(path, games, str(got["error"]), int(got["count"]), seconds, float(got["perft_seconds"]))


def cause(error: str) -> str:
    """An error's cause: the message without ``file:line:`` and with quoted names and numbers left out."""
    text = re.sub(r"^.*?\.(zrf|inc):(\d+:)?\s*", "", error)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    return re.sub(r"\b\d+\b", "N", text)


def report(results: list[FileResult], listing: bool) -> None:
    files = len(results)
    all_ok = sum(1 for r in results if not r.error and all(n is not None for _, n, _ in r.games))
    first_ok = sum(1 for r in results if not r.error and r.games and r.games[0][1] is not None)
    games = sum(len(r.games) if r.games else r.count for r in results)
    games_ok = sum(1 for r in results for _, n, _ in r.games if n is not None)
    print(f"files: {all_ok} of {files} ({all_ok / files:.1%}) run perft 1 on every game")
    print(f"       {first_ok} of {files} ({first_ok / files:.1%}) on their first game")
    print(f"games: {games_ok} of {games} ({games_ok / games:.1%})")
    by_cause: dict[str, list[str]] = defaultdict(list)
    games_by_cause: Counter[str] = Counter()
    for r in results:
        errors = [r.error] if r.error else [e for _, n, e in r.games if n is None]
        for c in dict.fromkeys(cause(e) for e in errors):
            by_cause[c].append(str(r.path))
        for e in errors:
            games_by_cause[cause(e)] += r.count if r.error else 1
    if by_cause:
        print("\nfailures by cause (files, games):")
    for c, paths in sorted(by_cause.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"{len(paths):5} {games_by_cause[c]:5}  {c}")
        for p in paths if listing else paths[:2]:
            print(f"             {p}")
    nodes = sum(n for r in results for _, n, _ in r.games if n is not None)
    spent = sum(r.perft_seconds for r in results)
    wall = sum(r.seconds for r in results)
    print(f"\nperft 1: {nodes:,} nodes in {spent:.2f} s: {nodes / max(spent, 1e-9):,.0f} nodes/s")
    print(f"{wall:.0f} s of child processes in all; slowest: ", end="")
    print(", ".join(f"{r.path.name} {r.seconds:.1f} s" for r in sorted(results, key=lambda r: -r.seconds)[:3]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", metavar="FILE", help="these files instead of the whole corpus")
    ap.add_argument("--corpus", default=str(CORPUS), help="the corpus folder (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per file (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=2, help="files at once (default: %(default)s)")
    ap.add_argument("--list", action="store_true", help="name every failing file")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        run_one(args.one)
        return 0
    paths = [Path(f) for f in args.files] or sorted(Path(args.corpus).rglob("*.zrf"))
    if not paths:
        print(f"{args.corpus}: no .zrf files (the corpus is expected in ../shared/zillions/corpus)", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(max(1, min(args.jobs, 2))) as pool:
        results = list(pool.map(lambda p: measure(p, args.timeout), paths))
    report(results, args.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
