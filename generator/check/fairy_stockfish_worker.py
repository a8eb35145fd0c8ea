"""The worker side of the Fairy-Stockfish adapter: one child process with pyffish and one loaded ini.

Run as ``python -m generator.check.fairy_stockfish_worker`` by
:class:`generator.check.fairy_stockfish.FairyStockfish`, it reads pickled requests on standard input
and writes pickled replies to the pipe it was given as standard output:

* ``("load", ini, expected)`` first (``expected``: section name -> start FEN, Fairy-Stockfish's fields), answered
  ``("ready", problems, version)``: the sections that are not registered or start elsewhere;
* ``("probe", section, [(fen, moves, claim), ...])`` (``fen`` None for the start), answered
  ``("ok", [Answer, ...])``, for a verified section only (pyffish kills the interpreter on a name it does not know);
* ``("verify", ini, expected, names)`` instead of a load, for :func:`generator.check.fairy_stockfish_loader.verify_ini`:
  the load's problems and more (built-in clashes of ``names``, the sections read from the text; sections nobody expects;
  start FENs that do not read back or have no legal move), answered ``("verified", problems)``;
* ``("stop",)``, or the end of the input.

Anything else is answered ``("error", text)``.  Notation: Fairy-Stockfish writes a pass as a move
from a square to itself; the worker turns it into ``0000`` and back.
"""

from __future__ import annotations

import os
import pickle
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

from generator.check.compare import Answer

__all__ = ["child_command", "fsf_fen", "serve"]

_SELF_MOVE = re.compile(r"^([a-z]\d+)\1$")

#: One position asked about: a FEN (None for the start), the moves from it, and whether to ask about a
#: claimable draw.
Item = tuple[str | None, tuple[str, ...], bool]


def fsf_fen(fen: str) -> str:
    """A FEN without the reference engine's ``{unmoved:...}`` extension: Fairy-Stockfish's fields
    (six, or seven with the checks left of a variant that counts them).

    >>> fsf_fen("4k4/9/9/9/9/9/9/1NBMK4 w - - 0 1 {unmoved:b1,c1,d1;swaps:0/1}")
    '4k4/9/9/9/9/9/9/1NBMK4 w - - 0 1'
    >>> fsf_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1")
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1'
    """
    return " ".join(field for field in fen.split() if not field.startswith("{"))


def same_start(a: str, b: str) -> bool:
    """Whether two FENs are the same position: a pocket holds its pieces in no order, and Fairy-Stockfish
    writes them by its own piece types; a section's start FEN may leave empty pockets out (``[]``).

    >>> same_start("8/8/8/8/8/8/8/8[KFRR] w - - 0 1", "8/8/8/8/8/8/8/8[KRRF] w - - 0 1")
    True
    >>> same_start("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    True
    """

    def pocketed(fen: str) -> str:
        board, _, rest = fen.partition(" ")
        if "[" not in board:
            board += "[]"
        return re.sub(r"\[([^\]]*)\]", lambda m: "[" + "".join(sorted(m.group(1))) + "]", f"{board} {rest}")

    return pocketed(a) == pocketed(b)


def child_command() -> tuple[list[str], dict[str, str]]:
    """The command line and environment of a worker process: this module, found from this package."""
    root = str(Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH")
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=root + (os.pathsep + path if path else ""))
    return [sys.executable, "-m", __name__], env


def _result(value: int, white_to_move: bool) -> str:
    """A pyffish value (from the side to move's view) as a result."""
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == white_to_move else "0-1"


class _Pyffish:
    """The pyffish calls the worker makes, typed (pyffish has no stubs).  Imported here, in the
    worker, only: a parent process never loads an ini."""

    def __init__(self) -> None:
        import pyffish

        self._sf = pyffish

    def version(self) -> str:
        return ".".join(str(x) for x in self._sf.version())

    def variants(self) -> set[str]:
        return {str(name) for name in self._sf.variants()}

    def load(self, ini: str) -> None:
        self._sf.load_variant_config(ini)

    def validate_fen(self, fen: str, name: str) -> int:
        return int(self._sf.validate_fen(fen, name))

    def get_fen(self, name: str, fen: str) -> str:
        return str(self._sf.get_fen(name, fen, []))

    def start_fen(self, name: str) -> str:
        """The ``startFen`` as written, with what Fairy-Stockfish fills in when it reads it: the fields
        it leaves out (a built-in shogi's ``[-] w 0 1``) and the checks left (Kar Ouk's: the next check
        wins).  Nothing else is rewritten, so a section's own start stays as its ini wrote it."""
        fen = str(self._sf.start_fen(name))
        full = str(self._sf.get_fen(name, fen, []))
        fields, full_fields = fen.split(), full.split()
        if len(fields) < 6:
            return full
        if len(full_fields) == len(fields) + 1 and "+" in full_fields[4]:
            fields.insert(4, full_fields[4])
        return " ".join(fields)

    def legal_moves(self, name: str, fen: str, moves: list[str]) -> list[str]:
        return [str(m) for m in self._sf.legal_moves(name, fen, moves)]

    def game_result(self, name: str, fen: str, moves: list[str]) -> int:
        return int(self._sf.game_result(name, fen, moves))

    def optional_game_end(self, name: str, fen: str, moves: list[str]) -> tuple[bool, int]:
        ended, value = self._sf.is_optional_game_end(name, fen, moves)
        return bool(ended), int(value)


class _Engine:
    """pyffish with one loaded ini, answering for the verified sections only."""

    def __init__(self, ini: str, expected: Mapping[str, str]) -> None:
        self.sf = _Pyffish()
        self.builtin = before = self.sf.variants()
        self.sf.load(ini)
        self.registered = registered = self.sf.variants()
        self.expected = dict(expected)
        self.problems: list[str] = []
        #: verified section -> its start FEN
        self.start: dict[str, str] = {}
        for name, fen in expected.items():
            if name not in registered:
                self.problems.append(
                    f"[{name}] is not registered: no such section, or pyffish dropped it "
                    "(a bad parent, or a board too large)"
                )
                continue
            got = fsf_fen(self.sf.start_fen(name))
            # as read, a start's castling rights no castling can use are gone (antichess's KQkq)
            if not (same_start(got, fen) or same_start(fsf_fen(self.sf.get_fen(name, got)), fen)):
                self.problems.append(
                    f"[{name}] starts from {got!r}, the catalogue from {fen!r}"
                    + (" (a built-in variant of that name shadows the section)" if ini and name in before else "")
                )
                continue
            self.start[name] = got
        #: (section, *moves before the pass) -> Fairy-Stockfish's spelling of that pass
        self.passes: dict[tuple[str, ...], str] = {}

    def verify(self, names: Sequence[str]) -> list[str]:
        """The load's problems, and the text's sections (``names``) that clash with a built-in, the
        sections nobody expects, and verified start FENs that do not read back or have no legal move."""
        problems = [
            f"[{name}] clashes with Fairy-Stockfish's built-in {name}: pyffish keeps the built-in"
            for name in names
            if name in self.builtin
        ]
        unexpected = self.registered - self.builtin - set(self.expected)
        problems += [f"[{name}] is registered but not expected" for name in sorted(unexpected)]
        problems += self.problems
        for name, fen in self.expected.items():
            if name not in self.registered or name in self.builtin:
                continue
            valid = self.sf.validate_fen(fen, name)
            if valid != 1:
                problems.append(f"[{name}] validate_fen({fen!r}) = {valid} (1 = valid)")
                continue
            back = self.sf.get_fen(name, fen)
            if back != fen:
                problems.append(f"[{name}] pyffish reads the start FEN back as {back!r}, not {fen!r}")
            if not self.sf.legal_moves(name, fen, []):
                problems.append(f"[{name}] pyffish finds no legal move at the start")
        return problems

    def line(self, name: str, fen: str, moves: tuple[str, ...]) -> list[str]:
        """Our moves from ``fen`` in Fairy-Stockfish's spelling (a pass is a move from a square to itself)."""
        out: list[str] = []
        for i, m in enumerate(moves):
            if m == "0000":
                m = self._pass(name, fen, moves[:i], out)
            out.append(m)
        return out

    def _pass(self, name: str, fen: str, before: tuple[str, ...], spelled: list[str]) -> str:
        key = (name, fen, *before)
        spelling = self.passes.get(key)
        if spelling is None:
            spelling = next((x for x in self.sf.legal_moves(name, fen, spelled) if _SELF_MOVE.match(x)), None)
            if spelling is None:
                ply = len(before)
                raise ValueError(f"no pass among its legal moves after ply {ply}, so it cannot play move {ply + 1}")
            self.passes[key] = spelling
        return spelling

    def answer(self, name: str, fen: str | None, moves: tuple[str, ...], claim: bool) -> Answer:
        """The legal moves after ``moves`` (our notation) from ``fen`` (None: the start), the result if
        there are none, and with ``claim`` the draw a player may claim."""
        sf = self.sf
        if fen is None:
            fen = self.start[name]
        white = (fen.split()[1] == "w") == (len(moves) % 2 == 0)
        try:
            line = self.line(name, fen, moves)
            legal = sf.legal_moves(name, fen, line)
            result = None if legal else _result(sf.game_result(name, fen, line), white)
            claimed = None
            if claim:
                ended, value = sf.optional_game_end(name, fen, line)
                claimed = _result(value, white) if ended else None
        except (SystemError, ValueError) as e:
            cause = e.__cause__ or e.__context__ or e
            return Answer(frozenset(), error=f"cannot set up the position: {cause}")
        out = []
        for m in legal:
            if _SELF_MOVE.match(m):
                self.passes[(name, fen, *moves)] = m
                m = "0000"
            out.append(m)
        return Answer(frozenset(out), result, claimed)


def _probe(engine: _Engine | None, name: str, items: Sequence[Item]) -> tuple[str, object]:
    if engine is None or name not in engine.start:
        return ("error", f"{name!r} is not a verified section; refusing to pass it to pyffish")
    return ("ok", [engine.answer(name, fen, tuple(moves), claim) for fen, moves, claim in items])


def serve(inp: IO[bytes], out: IO[bytes]) -> None:
    """The worker loop: ``("load", ini, expected)`` first, then ``("probe", name, [(fen, moves, claim)])``
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
            send(("ready", engine.problems, engine.sf.version()))
        elif kind == "verify":
            send(("verified", _Engine(message[1], message[2]).verify(message[3])))
        elif kind == "probe":
            send(_probe(engine, message[1], message[2]))
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
