"""A Fairy-Stockfish UCI binary, driven over its standard input and output.

:class:`UciEngine` starts the program, checks that it is Fairy-Stockfish, loads the ini under
test through ``VariantPath`` and, when a variant is selected, confirms that it is really
registered: Fairy-Stockfish answers ``setoption name UCI_Variant`` with a line ``info string
variant NAME ... startpos FEN`` for a variant it knows, and with nothing for one it does not
(it ignores an unknown ``UCI_Variant`` silently).  Before loading, it runs Fairy-Stockfish's own
``check`` command on the ini and keeps what it says (``complaints``): an option the binary does not
know is named there.  :meth:`UciEngine.divide` counts with ``go perft`` and returns its per-move lines.

An engine that dies or stays silent longer than ``timeout`` seconds is restarted once, the
restart reported through ``on_restart``; a second failure is an
:class:`~generator.check.compare.EngineError`.  Every failure is one line.

Notation: Fairy-Stockfish writes a pass as a move from a square to itself; :func:`pass_spelling`
recognises it, so that the caller can call it ``0000`` like the reference engine.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from generator.check.compare import EngineError

__all__ = ["UciEngine", "is_pass"]

_MOVE = re.compile(r"([a-z]\d+)([a-z]\d+)(.*)")
_EOF = None  # what the reader thread queues when the program's output ends


def is_pass(move: str) -> bool:
    """Whether Fairy-Stockfish's ``move`` is a pass: from a square to the same square.

    >>> is_pass("e1e1"), is_pass("e1e2"), is_pass("P@e1")
    (True, False, False)
    """
    m = _MOVE.fullmatch(move)
    return m is not None and m[1] == m[2] and not m[3]


class UciEngine:
    """One running Fairy-Stockfish program with an ini loaded; see the module docstring."""

    def __init__(
        self,
        path: str | Path,
        ini: Path,
        timeout: float = 60.0,
        on_restart: Callable[[str], None] | None = None,
    ) -> None:
        self.path = str(path)
        if not os.path.isfile(self.path):
            raise EngineError(f"--uci {self.path}: no such file")
        if not os.access(self.path, os.X_OK):
            raise EngineError(f"--uci {self.path}: not executable")
        self.ini = ini
        self.timeout = timeout
        self.on_restart = on_restart
        self.name = ""
        self.options: set[str] = set()
        self.restarts = 0
        #: what Fairy-Stockfish's ``check`` command said of the ini (see :meth:`_check_ini`)
        self.complaints: list[str] = []
        self._checked = False
        self._variant: str | None = None
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._start()

    # -- the program ---------------------------------------------------------------------------------

    def _start(self) -> None:
        try:
            self._proc = subprocess.Popen(
                [self.path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                bufsize=1,
            )
        except OSError as e:
            raise EngineError(f"--uci {self.path}: cannot start it: {e.strerror or e}") from None
        self._lines = queue.Queue()
        threading.Thread(target=self._read, args=(self._proc, self._lines), daemon=True).start()
        self._send("uci")
        said = self._until(lambda line: line == "uciok", "uci", timeout=min(self.timeout, 10.0))
        names = [line[len("id name ") :] for line in said if line.startswith("id name ")]
        if not names or "Fairy-Stockfish" not in names[0]:
            shown = names[0] if names else "no name"
            raise EngineError(f"--uci {self.path} is not Fairy-Stockfish (it says {shown!r})")
        self.name = names[0]
        self.options = {
            line.split(" type ")[0][len("option name ") :] for line in said if line.startswith("option name ")
        }
        if "VariantPath" not in self.options:
            raise EngineError(f"--uci {self.path} ({self.name}) has no VariantPath option: it cannot load an ini")
        if not self._checked:  # before loading: once loaded, the check would find every section defined twice
            self.complaints = self._check_ini()
            self._checked = True
        self._send(f"setoption name VariantPath value {self.ini}")
        complaints = [line for line in self._ready("loading the ini") if line]
        if complaints:
            raise EngineError(f"{self.name} rejects {self.ini}: {'; '.join(complaints[:5])}")
        self._variant = None

    @staticmethod
    def _read(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(_EOF)

    def _send(self, command: str) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(command + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError(f"{self.name or self.path} has stopped (sending {command.split()[0]!r})") from None

    def _until(self, done: Callable[[str], bool], what: str, timeout: float | None = None) -> list[str]:
        """The lines up to and including the one ``done`` accepts; ``EngineError`` if the program ends
        or stays silent for ``timeout`` seconds."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        out: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise EngineError(f"{self.name or self.path} did not answer within {limit:g} s ({what})") from None
            if line is _EOF:
                code = self._proc.wait() if self._proc else None
                raise EngineError(f"{self.name or self.path} stopped (exit status {code}) while {what}")
            out.append(line)
            if done(line):
                return out

    def _ready(self, what: str) -> list[str]:
        self._send("isready")
        return self._until(lambda line: line == "readyok", what)[:-1]

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.write("quit\n")
                proc.stdin.close()
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()

    def __enter__(self) -> UciEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- what the check asks --------------------------------------------------------------------------

    def _check_ini(self) -> list[str]:
        """What Fairy-Stockfish's own ``check`` command says of the ini, as ``[section] complaint``
        lines (an option it does not know, a piece it cannot read...); empty when it says nothing."""
        self._send(f"check {self.ini}")
        said = self._ready(f"checking {self.ini}")
        out: list[str] = []
        section = "(before the first section)"
        for line in said:
            if line.startswith("Parsing variant: "):
                section = line[len("Parsing variant: ") :]
            elif line.strip():
                out.append(f"[{section}] {line.strip()}")
        return out

    def select(self, section: str) -> str:
        """Make ``section`` the variant played and return its start FEN; ``EngineError`` if the engine
        does not know it (it ignores an unknown variant without a word)."""
        self._send(f"setoption name UCI_Variant value {section}")
        said = self._ready(f"selecting {section}")
        prefix = f"info string variant {section} "
        found = [line for line in said if line.startswith(prefix)]
        if not found or " startpos " not in found[0]:
            raise EngineError(f"{self.name} has no variant {section!r}: the ini did not register it")
        self._variant = section
        return found[0].split(" startpos ", 1)[1]

    def divide(self, section: str, fen: str, moves: Sequence[str], depth: int) -> dict[str, int]:
        """``go perft depth`` after ``moves`` from ``fen``: the count under each legal move, in the
        engine's own spelling.  A crashed or silent engine is restarted once and asked again."""
        try:
            return self._divide(section, fen, moves, depth)
        except EngineError as e:
            self.restarts += 1
            if self.on_restart is not None:
                self.on_restart(f"{e}; restarted it")
            self.close()
            self._start()
            return self._divide(section, fen, moves, depth)

    def _divide(self, section: str, fen: str, moves: Sequence[str], depth: int) -> dict[str, int]:
        if self._variant != section:
            self.select(section)
        self._send(f"position fen {fen}" + (f" moves {' '.join(moves)}" if moves else ""))
        self._send(f"go perft {depth}")
        said = self._until(lambda line: line.startswith("Nodes searched:"), f"counting perft {depth}")
        counts: dict[str, int] = {}
        for line in said[:-1]:
            move, sep, count = line.partition(": ")
            if sep and count.isdigit() and " " not in move:
                counts[move] = int(count)
        total = int(said[-1].split(":")[1])
        if sum(counts.values()) != total and depth > 0:
            raise EngineError(f"{self.name}: perft lines add up to {sum(counts.values())}, not {total}")
        return counts
