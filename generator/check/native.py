"""``variantgen check --engine fairy-stockfish --uci PATH``: perft counts through a native engine.

The ini under test is written to a temporary file and loaded through ``VariantPath``;
Fairy-Stockfish's own ``check`` command must say nothing of it (an option the binary does not
know, for one, is named there), and every variant's section must be registered with the start
position the emitter's manifest says (the FEN without the reference's extension), or nothing is
counted.  Then
:func:`~generator.check.perft_compare.check_counts` compares each variant's perft with the
engine's, bisecting to the first wrong move.

Notation: Fairy-Stockfish spells a pass as a move from a square to itself; the reference spells
it ``0000``.  Counts come back with passes as ``0000``, and a path with a pass in it is sent in
the engine's own spelling, which is asked of the engine at that position.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from generator.catalogue.model import Variant
from generator.check.compare import Answer, EngineError, Query
from generator.check.fairy_stockfish import FairyStockfish
from generator.check.fairy_stockfish_worker import fsf_fen
from generator.check.perft_compare import Counts
from generator.check.uci import UciEngine, is_pass
from generator.emit.manifest import Manifest
from generator.emit.target import Target

__all__ = ["Native", "NativeProofs", "engine_counts", "open_native"]


def engine_counts(engine: UciEngine, section: str, fen: str) -> Counts:
    """The engine's per-move perft of ``section`` after moves from ``fen``, in the reference's spelling."""
    passes: dict[tuple[str, ...], str] = {}

    def spelled(moves: Sequence[str]) -> list[str]:
        out: list[str] = []
        for i, move in enumerate(moves):
            if move != "0000":
                out.append(move)
                continue
            key = tuple(moves[: i + 1])
            if key not in passes:
                found = [m for m in engine.divide(section, fen, out, 1) if is_pass(m)]
                if not found:
                    after = " ".join(moves[:i]) or "the start"
                    raise EngineError(f"{engine.name} has no pass in {section} after {after}")
                passes[key] = found[0]
            out.append(passes[key])
        return out

    def counts(moves: Sequence[str], depth: int) -> dict[str, int]:
        got = engine.divide(section, fen, spelled(moves), depth)
        return {("0000" if is_pass(m) else m): n for m, n in got.items()}

    return counts


class NativeProofs:
    """The engine adapter of the game-end proofs (:mod:`generator.check.endings`) with a native
    binary: the legal moves are the binary's (``go perft 1``), the results pyffish's on the same
    ini, the same engine: UCI has no command that reports a draw a player may claim, and at a
    finished game Fairy-Stockfish prints ``score mate 0`` whichever side has won."""

    name = Target.FAIRY_STOCKFISH

    def __init__(self, engine: UciEngine, starts: dict[str, tuple[str, str]], results: FairyStockfish) -> None:
        self.engine = engine
        self.starts = starts  #: variant -> (section, start FEN)
        self.results = results

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]:
        section, start = self.starts[variant]
        out: list[Answer] = []
        for q, a in zip(queries, self.results.probe(variant, queries), strict=True):
            moves = engine_counts(self.engine, section, q.fen or start)(q.moves, 1)
            out.append(Answer(frozenset(moves), a.result, a.claim, a.error))
        return out


#: what :func:`open_native` yields: the engine, each variant's counting function (by name), the proofs' adapter
Native = tuple[UciEngine, dict[str, Counts], "NativeProofs"]


@contextlib.contextmanager
def open_native(
    path: str,
    ini_text: str,
    manifest: Manifest,
    variants: Sequence[Variant],
    on_restart: Callable[[str], None] | None = None,
) -> Iterator[Native]:
    """The running engine with ``ini_text`` loaded and each variant's section verified, the
    counting function of each variant (by name), and the adapter of the game-end proofs."""
    with tempfile.TemporaryDirectory() as tmp:
        ini = Path(tmp) / "variants.ini"
        ini.write_text(ini_text, encoding="utf-8")
        with UciEngine(path, ini, on_restart=on_restart) as engine:
            said = engine.complaints
            if said:
                more = f" (and {len(said) - 3} more)" if len(said) > 3 else ""
                raise EngineError(f"{engine.name}'s check of the ini complains: {'; '.join(said[:3])}{more}")
            counts: dict[str, Counts] = {}
            starts: dict[str, tuple[str, str]] = {}
            for v in variants:
                try:
                    entry = manifest.section_of(v.name)
                except KeyError:
                    raise EngineError(f"the ini has no section for {v.name}") from None
                start = engine.select(entry.section)
                if fsf_fen(start) != fsf_fen(entry.start_fen):
                    raise EngineError(
                        f"{engine.name}: section [{entry.section}] starts from {start!r}, "
                        f"the catalogue from {entry.start_fen!r}"
                    )
                counts[v.name] = engine_counts(engine, entry.section, entry.start_fen)
                starts[v.name] = (entry.section, entry.start_fen)
            with FairyStockfish(ini_text, variants, workers=1, manifest=manifest) as results:
                yield engine, counts, NativeProofs(engine, starts, results)
