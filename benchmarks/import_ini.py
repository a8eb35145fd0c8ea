"""How much of a ``variants.ini`` ``variantgen import`` imports exactly, why the rest is left out, how long it takes.

    python benchmarks/import_ini.py [FILE.ini] [--no-proof]

Imports the file (default: Fairy-Stockfish's own ``src/variants.ini``, kept as
``tests/data/fairy-stockfish-variants.ini``) into a temporary catalogue, as ``variantgen import``
does, and prints:

* the sections imported, of all;
* the sections left out, counted by the option (or the step: ``catalogue``, ``read-back``,
  ``proof``) that kept them out, most frequent first;
* the time: reading and stating every section, and the proof in pyffish (start position, perft 2, and
  three random games with perft 2 along them, of each entry against its original section), measured apart.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.importers.command import import_ini  # noqa: E402  (after the path above)

DEFAULT = ROOT / "tests" / "data" / "fairy-stockfish-variants.ini"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ini", nargs="?", default=str(DEFAULT))
    ap.add_argument("--no-proof", action="store_true", help="time the reading and stating only")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "imported.yaml"
        start = time.perf_counter()
        unproven = import_ini(args.ini, out, prove=False)
        read = time.perf_counter() - start
        result = unproven
        proof = 0.0
        if not args.no_proof:
            start = time.perf_counter()
            result = import_ini(args.ini, out)
            proof = time.perf_counter() - start - read
    sections = len(result.imported) + len({name for name, _ in result.left_out})
    print(f"{args.ini}: {len(result.imported)} of {sections} sections imported" + ("" if args.no_proof else ", proven"))
    if not args.no_proof:
        print(f"  stated without the proof: {len(unproven.imported)}")
    print("left out, by option or step:")
    for key, n in sorted(result.by_option.items(), key=lambda x: (-x[1], x[0])):
        print(f"  {n:3}  {key}")
    print(f"time: reading and stating {read:.2f} s" + ("" if args.no_proof else f", proof in pyffish {proof:.1f} s"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
