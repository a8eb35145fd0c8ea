"""Does pyffish load a ``variants.ini`` as meant?  The static check, then pyffish in a child process.

pyffish accepts anything without a word (bad options are ignored, a redefined name keeps the
first definition, an oversized board makes the section vanish, and an unknown variant name kills
the interpreter), so :func:`verify_ini` never loads a text into this interpreter: a fresh worker
process loads it, as for ``variantgen check``, and answers for every expected section.
"""

from __future__ import annotations

import pickle
import subprocess
from collections.abc import Mapping

from generator.check.fairy_stockfish_lint import check_ini_text, parse_ini
from generator.check.fairy_stockfish_worker import child_command

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


def verify_ini(ini_text: str, expected: Mapping[str, str], timeout: float = 300.0) -> list[str]:
    """Problems found loading ``ini_text``, whose sections should be exactly ``expected`` (section
    name -> start FEN); [] if none.  pyffish runs in a fresh worker process
    (:mod:`generator.check.fairy_stockfish_worker`, the one that loads an ini for ``variantgen check``),
    never in this one."""
    problems = check_ini_text(ini_text)
    names = [section.name for section in parse_ini(ini_text)[0]]
    command, env = child_command()
    request = pickle.dumps(("verify", ini_text, dict(expected), names), protocol=pickle.HIGHEST_PROTOCOL)
    try:
        proc = subprocess.run(command, input=request, capture_output=True, timeout=timeout, check=False, env=env)
    except subprocess.TimeoutExpired:
        return [*problems, f"pyffish child process did not finish within {timeout:.0f} s"]
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        tail = " | ".join(stderr.strip().splitlines()[-3:])
        return [*problems, f"pyffish child process failed (exit status {proc.returncode}): {tail}"]
    problems += [f"pyffish said: {line.strip()}" for line in stderr.splitlines() if line.strip()]
    kind, found = pickle.loads(proc.stdout)
    assert kind == "verified", kind
    return problems + [str(p) for p in found]
