"""Does pyffish load a ``variants.ini`` as meant?  The static check, then pyffish in a child process.

pyffish accepts anything without a word (bad options are ignored, a redefined name keeps the
first definition, an oversized board makes the section vanish, and an unknown variant name kills
the interpreter), so :func:`verify_ini` never loads a text into this interpreter: a fresh child
process loads it and answers for every expected section.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from typing import TypedDict

from generator.emit.fairy_stockfish_lint import check_ini_text, parse_ini

__all__ = ["LOADER_CHECKS", "verify_ini"]

#: What :func:`verify_ini` checks, in order.
LOADER_CHECKS = (
    "static: every line is a comment, a section header or 'key = value'; no section twice; no key twice",
    "static: every key is an option Fairy-Stockfish reads, and its value has the option's type",
    "static: piece letters are defined in the section; custom Betza is within FSF's subset",
    "child process: no section name clashes with a built-in variant (FSF would keep the built-in)",
    "child process: pyffish prints nothing while loading (duplicates, unknown parents)",
    "child process: every expected section is registered after loading, and no other section",
    "child process: pyffish's start FEN equals the catalogue's; validate_fen gives 1 (FEN_OK)",
    "child process: the start FEN reads back unchanged (castling rights, pockets) and has legal moves",
)

_CHILD = r"""
import json, sys
data = json.loads(sys.stdin.read())
import pyffish as sf
before = set(sf.variants())
sf.load_variant_config(data["ini"])
after = set(sf.variants())
out = {"builtin": sorted(before), "new": sorted(after - before), "sections": {}}
for name, fen in data["expected"].items():
    r = {"registered": name in after}
    if name in after:  # never ask pyffish about an unknown name: it kills the process
        r["start_fen"] = sf.start_fen(name)
        r["validate_start"] = sf.validate_fen(r["start_fen"], name)
        r["validate_expected"] = sf.validate_fen(fen, name)
        if r["validate_expected"] == 1:
            r["read_back"] = sf.get_fen(name, fen, [])
            r["moves"] = len(sf.legal_moves(name, fen, []))
    out["sections"][name] = r
sys.stderr.flush()
print(json.dumps(out))
"""


class _SectionReport(TypedDict, total=False):
    """What the child says of one expected section (the later keys only once the earlier hold)."""

    registered: bool
    start_fen: str
    validate_start: int
    validate_expected: int
    read_back: str
    moves: int


class _ChildReport(TypedDict):
    builtin: list[str]
    new: list[str]
    sections: dict[str, _SectionReport]


def _section_problems(name: str, fen: str, r: _SectionReport) -> list[str]:
    """Problems of one registered section that is not a built-in."""
    problems = []
    if r["start_fen"] != fen:
        problems.append(f"[{name}] pyffish's start FEN {r['start_fen']!r} differs from the catalogue's {fen!r}")
    if r["validate_start"] != 1:
        problems.append(f"[{name}] validate_fen(start FEN) = {r['validate_start']} (1 = valid)")
    if r["validate_expected"] != 1:
        problems.append(f"[{name}] validate_fen({fen!r}) = {r['validate_expected']} (1 = valid)")
        return problems
    if r["read_back"] != fen:
        problems.append(f"[{name}] pyffish reads the start FEN back as {r['read_back']!r}, not {fen!r}")
    if r["moves"] == 0:
        problems.append(f"[{name}] pyffish finds no legal move at the start")
    return problems


def _child_problems(result: _ChildReport, names: list[str], expected: Mapping[str, str]) -> list[str]:
    """What the child's answers say of the sections ``names`` read from the text."""
    builtin = set(result["builtin"])
    problems = [
        f"[{name}] clashes with Fairy-Stockfish's built-in {name}: pyffish keeps the built-in"
        for name in names
        if name in builtin
    ]
    problems += [f"[{name}] is registered but not expected" for name in sorted(set(result["new"]) - set(expected))]
    for name, fen in expected.items():
        r = result["sections"][name]
        if not r["registered"]:
            problems.append(f"[{name}] is not registered after loading (bad board size, parse error, or missing)")
        elif name not in builtin:
            problems += _section_problems(name, fen, r)
    return problems


def verify_ini(ini_text: str, expected: Mapping[str, str], timeout: float = 300.0) -> list[str]:
    """Problems found loading ``ini_text``, whose sections should be exactly ``expected`` (section
    name -> start FEN); [] if none.  pyffish runs in a fresh child process, never in this one."""
    problems = check_ini_text(ini_text)
    names = [section.name for section in parse_ini(ini_text)[0]]
    try:
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD],
            input=json.dumps({"ini": ini_text, "expected": dict(expected)}),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return [*problems, f"pyffish child process did not finish within {timeout:.0f} s"]
    if proc.returncode != 0:
        tail = " | ".join(proc.stderr.strip().splitlines()[-3:])
        return [*problems, f"pyffish child process failed (exit status {proc.returncode}): {tail}"]
    problems += [f"pyffish said: {line.strip()}" for line in proc.stderr.splitlines() if line.strip()]
    result: _ChildReport = json.loads(proc.stdout.strip().splitlines()[-1])
    return problems + _child_problems(result, names, expected)
