"""The Fairy-Stockfish adapter: pyffish in child processes, spoken to over pipes.

pyffish kills the interpreter on a variant name it does not know, keeps every
variant it has loaded for the life of the process (a section cannot be
redefined), and rebuilds its attack tables on every call (about 7 ms each,
whatever the position).  So :class:`FairyStockfish` starts fresh worker
processes (:mod:`generator.check.fairy_stockfish_worker`, one per CPU by
default) that each load the ini text, and before anything else is asked it
checks in every worker that each expected section is registered
(``name in pyffish.variants()``) and that ``pyffish.start_fen(name)`` is the
catalogue's start position (the FEN without the reference's extension).  Any failure is one
:class:`~generator.check.compare.EngineError` naming the sections, with what
pyffish wrote on standard error while loading.  After that, only verified
names reach pyffish, in the parent and again in the worker.

What is expected comes from the emitter's :class:`~generator.emit.manifest.Manifest`
(section names and start FENs), never from its internals: :func:`built_ini` runs the
emitter into a temporary folder and reads back the file it wrote; :func:`ini_on_disk` pairs that
manifest with the file a build wrote into the output folder (what ``variantgen check`` checks by
default), and :func:`ini_under_test` with a given file (``--ini``).

One position costs one pyffish call (``legal_moves`` from the start FEN and
the moves); a position with no legal moves costs a second (``game_result``,
which covers both the variant's immediate ends, e.g. a won race or a bared
king, and mate/stalemate); a claim question a third (``is_optional_game_end``,
repetition and the n-move rule).  Batches are split across the workers and
travel as one pickle each way.

Notation: Fairy-Stockfish writes a pass as a move from a square to itself
(the king's square, or the lowest square of the side's pieces when it has no
king); the adapter turns it into ``0000`` and back.  Castling is spelled alike:
the king's own move (``f1i1``), or king-takes-rook where the king moves one file
or none (``d1a1``) and with ``chess960_castling``.  Drops (``M@b1``) and
promotions (``a9a10m``) are spelled alike.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import re
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from generator.catalogue.model import Catalogue, Variant
from generator.check.compare import Answer, EngineError, OnePosition, Query
from generator.check.fairy_stockfish_worker import child_command, fsf_fen
from generator.emit.fairy_stockfish import FOLDER, emit
from generator.emit.fidelity import relaxed
from generator.emit.manifest import Manifest, SectionEntry
from generator.emit.target import Target
from generator.engine import Position

__all__ = [
    "FairyStockfish",
    "built_ini",
    "builtin_manifest",
    "ini_on_disk",
    "ini_under_test",
    "source_manifest",
]

#: The catalogue name in the header of an ini built for a bare list of variants.
_VARIANTS_ONLY = "<the variants under check>"


def built_ini(catalogue: Catalogue, names: Sequence[str] | None = None) -> tuple[str, Manifest]:
    """The ``variants.ini`` the emitter writes for ``names`` of ``catalogue`` (all if None), read back
    from the file written, and the emitter's manifest."""
    with tempfile.TemporaryDirectory(prefix="variantgen-check-") as tmp:
        manifest = emit(catalogue, Path(tmp), names)
        [file_name] = manifest.files
        return (Path(tmp) / file_name).read_text(encoding="utf-8"), manifest


def ini_under_test(catalogue: Catalogue, names: Sequence[str], ini_path: str | None) -> tuple[str, Manifest, str]:
    """The ini text to check, the manifest it is checked against, and a label for it: the ini built
    from the catalogue, or the file ``ini_path`` against what the catalogue's build would say.
    ``ValueError`` (one line) if the file cannot be read."""
    text, manifest = built_ini(catalogue, names)
    if not ini_path:
        return text, manifest, "the ini built from the catalogue"
    try:
        return Path(ini_path).read_text(encoding="utf-8"), manifest, ini_path
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{ini_path}: cannot read the ini: {getattr(e, 'strerror', None) or e}") from None


def ini_on_disk(catalogue: Catalogue, out_dir: Path) -> tuple[str, Manifest, str, str | None]:
    """The ini a build of ``catalogue`` wrote into ``out_dir``, the manifest of a fresh build of the
    whole catalogue, a label, and a line to print if the file differs from a fresh build of the
    variants it has sections for (the file on disk is what is checked all the same).
    ``ValueError`` (one line) if there is no file."""
    fresh, manifest = built_ini(catalogue)
    [file_name] = manifest.files
    path = Path(out_dir) / FOLDER / file_name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        why = getattr(e, "strerror", None) or e
        raise ValueError(
            f"{path}: cannot read the ini ({why}); run 'variantgen build' first, or give --ini FILE"
        ) from None
    # a build of some variants writes only their sections: compare with a fresh build of those
    written = set(re.findall(r"^\[([^\]:]+)", text, re.MULTILINE))
    names = [e.variant for e in manifest.sections if e.section in written]
    if names and len(names) < len(manifest.sections):
        fresh = built_ini(catalogue, names)[0]
    note = None if text == fresh else f"{path} differs from a fresh build of the catalogue; checking the file on disk"
    return text, manifest, str(path), note


def builtin_manifest(variants: Sequence[Variant]) -> Manifest:
    """Fairy-Stockfish's own built-ins as the sections of an empty ini: each variant that names one
    (``fairy_stockfish_builtin``), paired with the start position the catalogue gives it."""
    return Manifest(
        target=Target.FAIRY_STOCKFISH,
        files=(),
        sections=tuple(
            SectionEntry(v.name, v.fairy_stockfish_builtin, fsf_fen(Position.start(v).fen()))
            for v in variants
            if v.fairy_stockfish_builtin
        ),
    )


def source_manifest(variants: Sequence[Variant]) -> Manifest:
    """The original sections of imported entries (``source``) as the sections of their ini file, each
    paired with the start position the catalogue gives the entry."""
    return Manifest(
        target=Target.FAIRY_STOCKFISH,
        files=(),
        sections=tuple(
            SectionEntry(v.name, v.source.section, fsf_fen(Position.start(relaxed(v, Target.FAIRY_STOCKFISH)).fen()))
            for v in variants
            if v.source is not None and v.source.section is not None
        ),
    )


def _expected(variants: Sequence[Variant], manifest: Manifest) -> tuple[dict[str, str], dict[str, str]]:
    """Catalogue name -> section name, and section name -> start FEN, for ``variants``; an
    :class:`EngineError` for a variant the manifest has no section for, or that castles in a way
    the adapter cannot spell."""
    sections: dict[str, str] = {}
    expected: dict[str, str] = {}
    for v in variants:
        try:
            entry = manifest.section_of(v.name)
        except KeyError:
            raise EngineError(f"{v.name}: the build writes no {Target.FAIRY_STOCKFISH} section for it") from None
        sections[v.name] = entry.section
        expected[entry.section] = fsf_fen(entry.start_fen)
    return sections, expected


def _cpus() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class FairyStockfish(OnePosition):
    """An :class:`~generator.check.compare.EngineAdapter` for a ``variants.ini`` text.

    ``variants`` are the catalogue variants to check; ``manifest`` says which section of ``ini`` is
    each one's and where it starts (by default, the manifest of the emitter run on ``variants``).
    Use it as a context manager (or call :meth:`close`) so that the workers end.
    """

    name = Target.FAIRY_STOCKFISH

    def __init__(
        self,
        ini: str,
        variants: Sequence[Variant],
        workers: int | None = None,
        batch_size: int | None = None,
        manifest: Manifest | None = None,
        exact: bool = False,
    ) -> None:
        #: the sections are the built-ins the variants reproduce, which play their rules in full
        self.exact = exact
        self._workers: list[_Worker] = []
        if manifest is None:
            manifest = built_ini(Catalogue(_VARIANTS_ONLY, tuple(variants), _VARIANTS_ONLY))[1]
        #: catalogue name -> ini section name
        self.sections, expected = _expected(variants, manifest)
        n = max(1, _cpus() if workers is None else workers)
        self.batch_size = batch_size or 32 * n
        self.version = self._start(ini, expected, n)

    def _start(self, ini: str, expected: dict[str, str], n: int) -> str:
        """Start ``n`` workers on ``ini``; pyffish's version once each has verified ``expected``."""
        try:
            for _ in range(n):
                self._workers.append(_Worker(ini, expected))  # one by one: close() ends those started
            problems = self._workers[0].ready()
            for w in self._workers[1:]:
                w.ready()
        except BaseException:
            self.close()
            raise
        if problems:
            log = self._workers[0].stderr_text().strip()
            self.close()
            text = f"{Target.FAIRY_STOCKFISH} cannot check this ini: " + "; ".join(problems)
            if log:  # one line, as every error of the command: the last thing pyffish said is the telling one
                text += f" (pyffish said while loading it: {' / '.join(log.splitlines()[-3:])})"
            raise EngineError(text)
        return self._workers[0].version

    @property
    def workers(self) -> int:
        """How many worker processes answer."""
        return len(self._workers)

    # -- the adapter protocol --------------------------------------------------------------------------

    def probe(self, variant: str, queries: Sequence[Query]) -> list[Answer]:
        """Answers for ``queries`` of ``variant`` (a catalogue name), the batch shared among the workers."""
        section = self.sections.get(variant)
        if section is None:
            raise EngineError(
                f"{Target.FAIRY_STOCKFISH}: {variant!r} is not one of the variants loaded and verified "
                f"({', '.join(self.sections) or 'none'})"
            )
        if not self._workers:
            raise EngineError(f"{Target.FAIRY_STOCKFISH}: the adapter is closed")
        items = [(q.fen, tuple(q.moves), q.claim) for q in queries]
        share = -(-len(items) // len(self._workers)) if items else 0
        parts = [(w, items[i * share : (i + 1) * share]) for i, w in enumerate(self._workers)]
        busy = [(w, part) for w, part in parts if part]
        try:
            for w, part in busy:
                w.send(("probe", section, part))
            replies = [w.receive_raw() for w, _ in busy]
        except BaseException:
            self.close()  # the answers in the other pipes would be out of step: no more questions
            raise
        return [a for (w, _), reply in zip(busy, replies, strict=True) for a in w.answers(reply)]

    def close(self) -> None:
        """End the workers; the adapter answers no more."""
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
    """One child process running :func:`generator.check.fairy_stockfish_worker.serve`."""

    def __init__(self, ini: str, expected: dict[str, str]) -> None:
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the worker
        command, env = child_command()
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            env=env,
        )
        self.version = ""
        self.send(("load", ini, expected))

    def ready(self) -> list[str]:
        """The worker's problems with the expected sections, once it has loaded the ini."""
        reply = self.receive_raw()
        if len(reply) != 3 or reply[0] != "ready" or not isinstance(reply[1], list):
            raise self._error(f"unexpected reply {reply[0]!r}")
        self.version = str(reply[2])
        return [str(p) for p in reply[1]]

    def send(self, message: tuple[object, ...]) -> None:
        """One request, pickled down the pipe."""
        assert self.proc.stdin is not None
        try:
            pickle.dump(message, self.proc.stdin, protocol=pickle.HIGHEST_PROTOCOL)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._error("the worker stopped") from None

    def receive_raw(self) -> tuple[object, ...]:
        """The next reply, whatever its kind."""
        assert self.proc.stdout is not None
        try:
            reply = pickle.load(self.proc.stdout)
        except (EOFError, pickle.UnpicklingError, OSError):
            raise self._error("the worker died") from None
        if not isinstance(reply, tuple) or not reply:
            raise self._error(f"unexpected reply {reply!r}")
        return reply

    def receive(self) -> object:
        """The payload of the next reply; an :class:`EngineError` if the worker refused the request."""
        return _payload(self.receive_raw())

    def answers(self, reply: tuple[object, ...]) -> list[Answer]:
        """The answers in ``reply``, this worker's reply to a probe."""
        payload = _payload(reply)
        if not isinstance(payload, list) or not all(isinstance(a, Answer) for a in payload):
            raise self._error("the worker's answers are not a list of answers")
        return payload

    def stderr_text(self) -> str:
        """What the worker wrote on standard error so far."""
        try:
            self._log.seek(0)
            return self._log.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def _error(self, what: str) -> EngineError:
        code = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        log = self.stderr_text().strip()
        text = f"{Target.FAIRY_STOCKFISH}: {what}" + (f" (exit status {code})" if code is not None else "")
        if log:
            text += "; its last words: " + " | ".join(log.splitlines()[-5:])
        return EngineError(text)

    def close(self) -> None:
        """Ask the worker to stop (kill it if it does not), and close the pipes."""
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


def _payload(reply: tuple[object, ...]) -> object:
    """The payload of an ``("ok", payload)`` reply; an :class:`EngineError` with the text of an
    ``("error", text)`` one."""
    kind, payload = reply
    if kind != "ok":
        raise EngineError(f"{Target.FAIRY_STOCKFISH}: {payload}")
    return payload
