"""The Fairy-Stockfish adapter: pyffish in child processes, spoken to over pipes.

pyffish kills the interpreter on a variant name it does not know, keeps every
variant it has loaded for the life of the process (a section cannot be
redefined), and rebuilds its attack tables on every call (about 7 ms each,
whatever the position).  So :class:`FairyStockfish` starts fresh worker
processes (``python -m generator.check.fairy_stockfish``, one per CPU by
default) that each load the ini text, and before anything else is asked it
checks in every worker that each expected section is registered
(``name in pyffish.variants()``) and that ``pyffish.start_fen(name)`` is the
catalogue's start position (the first six FEN fields).  Any failure is one
:class:`~generator.check.compare.EngineError` naming the sections, with what
pyffish wrote on standard error while loading.  After that, only verified
names reach pyffish, in the parent and again in the worker.

One position costs one pyffish call (``legal_moves`` from the start FEN and
the moves); a position with no legal moves costs a second (``game_result``,
which covers both the variant's immediate ends, e.g. a won race or a bared
king, and mate/stalemate); a claim question a third (``is_optional_game_end``,
repetition and the n-move rule).  Batches are split across the workers and
travel as one pickle each way.

Notation: Fairy-Stockfish writes a pass as a move from a square to itself
(the king's square, or the lowest square of the side's pieces when it has no
king); the adapter turns it into ``0000`` and back.  Castling is already the
king's own move (``f1i1``) outside Chess960 mode unless the king's target is
one step from its start, where Fairy-Stockfish would switch to king-takes-rook;
the adapter refuses such a variant rather than guess.  Drops (``M@b1``) and
promotions (``a9a10m``) are spelled alike.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING

from generator.check.compare import OnePosition

if TYPE_CHECKING:
    from generator.catalogue.model import Variant
    from generator.check.compare import Answer, Query

NAME = "fairy-stockfish"
_SELF_MOVE = re.compile(r"^([a-z]\d+)\1$")


def _fen6(fen: str) -> str:
    return " ".join(fen.split()[:6])


class FairyStockfish(OnePosition):
    """An :class:`~generator.check.compare.EngineAdapter` for a ``variants.ini`` text.

    ``variants`` are the catalogue variants to check: each must be a section of ``ini``.  Use it
    as a context manager (or call :meth:`close`) so that the workers end.
    """

    name = NAME

    def __init__(
        self, ini: str, variants: Sequence[Variant], workers: int | None = None, batch_size: int | None = None
    ) -> None:
        from generator.check.compare import EngineError
        from generator.emit.fairy_stockfish import section_name, start_fen
        from generator.emit.fidelity import relaxed

        self._workers: list[_Worker] = []
        #: catalogue name -> ini section name
        self.sections: dict[str, str] = {}
        expected: dict[str, str] = {}  # section -> start FEN
        for v in variants:
            r = relaxed(v, NAME)
            for c in r.castling:
                if abs(c.king_to.file - c.king_from.file) <= 1 and c.king_to.rank == c.king_from.rank:
                    raise EngineError(
                        f"{v.name}: castling {c.king_from.name}-{c.king_to.name} moves the king one "
                        f"step, which {NAME} writes as king-takes-rook; not supported"
                    )
            self.sections[v.name] = section_name(v)
            expected[section_name(v)] = _fen6(start_fen(r))
        if workers is None:
            workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        n = max(1, workers)
        self.batch_size = batch_size or 32 * n
        try:
            for _ in range(n):
                self._workers.append(_Worker(ini, expected))
            problems = self._workers[0].ready()
            for w in self._workers[1:]:
                w.ready()
        except BaseException:
            self.close()
            raise
        if problems:
            log = self._workers[0].stderr_text().strip()
            self.close()
            text = f"{NAME} cannot check this ini: " + "; ".join(problems)
            if log:  # one line, as every error of the command: the last thing pyffish said is the telling one
                text += f" (pyffish said while loading it: {' / '.join(log.splitlines()[-3:])})"
            raise EngineError(text)
        self.version = self._workers[0].version

    @property
    def workers(self) -> int:
        """How many worker processes answer."""
        return len(self._workers)

    # -- the adapter protocol --------------------------------------------------------------------------

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]:
        from generator.check.compare import Answer, EngineError

        section = self.sections.get(variant)
        if section is None:
            raise EngineError(
                f"{NAME}: {variant!r} is not one of the variants loaded and verified "
                f"({', '.join(self.sections) or 'none'})"
            )
        if not self._workers:
            raise EngineError(f"{NAME}: the adapter is closed")
        items = [(tuple(q.moves), q.claim) for q in queries]
        share = -(-len(items) // len(self._workers)) if items else 0
        parts = [(w, items[i * share : (i + 1) * share]) for i, w in enumerate(self._workers)]
        parts = [(w, p) for w, p in parts if p]
        try:
            for w, part in parts:
                w.send(("probe", section, part))
            replies = [w.receive_raw() for w, _ in parts]
        except BaseException:
            self.close()  # the answers in the other pipes would be out of step: no more questions
            raise
        out: list[Answer] = []
        for kind, payload in replies:
            if kind != "ok":
                raise EngineError(f"{NAME}: {payload}")
            out.extend(Answer(frozenset(moves), result, claim, error) for moves, result, claim, error in payload)
        return out

    def close(self) -> None:
        for w in self._workers:
            w.close()
        self._workers = []

    def __enter__(self) -> FairyStockfish:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


class _Worker:
    """One child process running :func:`serve`."""

    def __init__(self, ini: str, expected: dict[str, str]) -> None:
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the worker
        root = str(Path(__file__).resolve().parents[2])  # so that the child finds this package
        path = os.environ.get("PYTHONPATH")
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=root + (os.pathsep + path if path else ""))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", __name__], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, env=env
        )
        self.version = ""
        self.send(("load", ini, expected))

    def ready(self) -> list[str]:
        kind, problems, version = self.receive_raw()
        if kind != "ready":
            raise self._error(f"unexpected reply {kind!r}")
        self.version = version
        return problems

    def send(self, message: object) -> None:
        assert self.proc.stdin is not None
        try:
            pickle.dump(message, self.proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._error("the worker stopped") from None

    def receive_raw(self) -> tuple:
        assert self.proc.stdout is not None
        try:
            return pickle.load(self.proc.stdout)
        except (EOFError, pickle.UnpicklingError, OSError):
            raise self._error("the worker died") from None

    def receive(self) -> list:
        kind, payload = self.receive_raw()
        if kind == "error":
            from generator.check.compare import EngineError

            raise EngineError(f"{NAME}: {payload}")
        return payload

    def stderr_text(self) -> str:
        try:
            self._log.seek(0)
            return self._log.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def _error(self, what: str) -> Exception:
        from generator.check.compare import EngineError

        code = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        log = self.stderr_text().strip()
        text = f"{NAME}: {what}" + (f" (exit status {code})" if code is not None else "")
        if log:
            text += "; its last words: " + " | ".join(log.splitlines()[-5:])
        return EngineError(text)

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send(("stop",))
                self.proc.wait(timeout=5)
            except Exception:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            if f is not None:
                with contextlib.suppress(OSError):
                    f.close()
        self._log.close()


# -- the worker side ---------------------------------------------------------------------------------


def _result(value: int, white_to_move: bool) -> str:
    """A pyffish value (from the side to move's view) as a result."""
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == white_to_move else "0-1"


class _Engine:
    """pyffish with one loaded ini, answering for the verified sections only."""

    def __init__(self, ini: str, expected: dict[str, str]) -> None:
        import pyffish

        self.sf = pyffish
        before = set(pyffish.variants())
        pyffish.load_variant_config(ini)
        registered = set(pyffish.variants())
        self.problems: list[str] = []
        self.start: dict[str, tuple[str, bool]] = {}
        for name, fen in expected.items():
            if name not in registered:
                self.problems.append(
                    f"[{name}] is not registered: no such section, or pyffish dropped it "
                    "(a bad parent, or a board too large)"
                )
                continue
            got = _fen6(pyffish.start_fen(name))
            if got != fen:
                self.problems.append(
                    f"[{name}] starts from {got!r}, the catalogue from {fen!r}"
                    + (" (a built-in variant of that name shadows the section)" if name in before else "")
                )
                continue
            self.start[name] = (got, got.split()[1] == "w")
        self.passes: dict[tuple, str] = {}

    def line(self, name: str, moves: tuple[str, ...]) -> list[str]:
        """Our moves in Fairy-Stockfish's spelling (a pass is a move from a square to itself)."""
        fen = self.start[name][0]
        out: list[str] = []
        for i, m in enumerate(moves):
            if m == "0000":
                key = (name, *moves[:i])
                spelling = self.passes.get(key)
                if spelling is None:
                    spelling = next((x for x in self.sf.legal_moves(name, fen, out) if _SELF_MOVE.match(x)), None)
                    if spelling is None:
                        raise ValueError(f"no pass among its legal moves after ply {i}, so it cannot play move {i + 1}")
                    self.passes[key] = spelling
                m = spelling
            out.append(m)
        return out

    def answer(self, name: str, moves: tuple[str, ...], claim: bool) -> tuple:
        sf = self.sf
        fen, white_first = self.start[name]
        white = white_first == (len(moves) % 2 == 0)
        try:
            line = self.line(name, moves)
            legal = sf.legal_moves(name, fen, line)
            result = None if legal else _result(sf.game_result(name, fen, line), white)
            claimed = None
            if claim:
                ended, value = sf.is_optional_game_end(name, fen, line)
                claimed = _result(value, white) if ended else None
        except (SystemError, ValueError) as e:
            cause = e.__cause__ or e.__context__ or e
            return ((), None, None, f"cannot set up the position: {cause}")
        out = []
        for m in legal:
            if _SELF_MOVE.match(m):
                self.passes[(name, *moves)] = m
                m = "0000"
            out.append(m)
        return (tuple(out), result, claimed, None)


def serve(inp: IO[bytes], out: IO[bytes]) -> None:
    """The worker loop: ``("load", ini, expected)`` first, then ``("probe", name, [(moves, claim)])``
    until ``("stop",)`` or end of input."""

    def send(obj: object) -> None:
        pickle.dump(obj, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()

    engine: _Engine | None = None
    while True:
        try:
            message = pickle.load(inp)
        except EOFError:
            return
        kind = message[0]
        if kind == "stop":
            return
        if kind == "load":
            engine = _Engine(message[1], message[2])
            send(("ready", engine.problems, ".".join(map(str, engine.sf.version()))))
        elif kind == "probe":
            name, items = message[1], message[2]
            if engine is None or name not in engine.start:
                send(("error", f"{name!r} is not a verified section; refusing to pass it to pyffish"))
            else:
                send(("ok", [engine.answer(name, tuple(moves), claim) for moves, claim in items]))
        else:
            send(("error", f"unknown request {kind!r}"))


def _main() -> None:
    # The pipe to the parent is the original standard output; anything the engine itself prints
    # goes to standard error instead, so that it cannot corrupt the protocol.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.buffer, out)


if __name__ == "__main__":
    _main()
