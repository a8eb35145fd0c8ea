"""Nothing written is dropped on the way back: every option the emitter writes for a catalogue entry, given another
value of its type, changes what the read-back states, unless the read-back declares it not read
(``reading.NOT_READ``, with the reason). Options whose values have a grammar of their own (the kinds ``other``,
``string`` and ``piece``: pieces, promotion limits, counting rules) get no other value here; the round-trip tests
compare each entry's whole read-back with the entry. Before, ``dropChecks`` was written, named a model field in its
row, and read by nothing: an import of ``dropChecks = false`` played checking drops."""

from __future__ import annotations

from functools import cache

from generator.catalogue import load_catalogue
from generator.catalogue.source import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE
from generator.emit.fairy_stockfish import start_fen
from generator.emit.fairy_stockfish.options import option_groups
from generator.emit.fairy_stockfish.reading import NOT_READ, read_section
from generator.emit.fairy_stockfish.table import ROW, ROWS, Kind
from generator.emit.fidelity import relaxed
from generator.emit.target import Target


@cache
def _sections() -> tuple[dict[str, str], ...]:
    """Every entry's section as the build writes it, both shipped catalogues."""
    out = []
    for path in (DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE):
        for v in load_catalogue(path).variants:
            played = relaxed(v, Target.FAIRY_STOCKFISH)
            options = dict(o for group in option_groups(played) for o in group.options)
            out.append({**options, "startFen": start_fen(played)})
    return tuple(out)


def _other(kind: Kind, value: str) -> str | None:
    """Another value of the option's type (None for the kinds with a grammar of their own)."""
    if kind == "bool":
        return "false" if value == "true" else "true"
    if kind == "int":
        return str(int(value) + 1)
    if kind == "bitboard":
        return "-" if value != "-" else "*1"
    if kind in ("pieceset", "piecetype"):
        return "-" if value not in ("-", "") else "q"
    if kind == "value":
        return "loss" if value != "loss" else "win"
    if kind == "rank":
        return str(int(value) - 1) if int(value) > 1 else "2"
    if kind == "file":
        return chr(ord(value) - 1) if value > "a" else "b"
    return None


def _other_of(key: str, value: str) -> str | None:
    """Another value of ``key``'s row: another of its words, or :func:`_other`."""
    row = ROW[key]
    return next(w for w in row.words if w != value) if row.kind == "word" else _other(row.kind, value)


def _read(key: str) -> tuple[int, bool]:
    """How many sections write ``key`` with a value of a known type, and whether another value in one of
    them changes the read-back (or makes it refuse the section: the value was read)."""
    tried = 0
    for section in _sections():
        if key not in section:
            continue
        other = _other_of(key, section[key])
        if other is None:
            continue
        tried += 1
        try:
            changed = read_section(section) != read_section({**section, key: other})
        except (ValueError, KeyError, IndexError, StopIteration):
            changed = True  # the value was read, and the read-back fell over it
        if changed:
            return tried, True
    return tried, False


def test_every_written_option_is_read_back_or_declared_not_read() -> None:
    unread = {}
    for row in ROWS:
        if row.write is None:
            continue
        tried, read = _read(row.key)
        if tried and not read:
            unread[row.key] = row.field
    assert set(unread) == set(NOT_READ), f"written, not read back, not declared: {set(unread) - set(NOT_READ)}"


def test_an_option_read_by_nothing_is_found() -> None:
    # dropChecks as it was: written for every drop variant, read by nothing
    crazyhouse = next(s for s in _sections() if s.get("pieceDrops") == "true" and s.get("dropChecks") == "true")
    assert read_section(crazyhouse) != read_section({**crazyhouse, "dropChecks": "false"})
    assert _read("dropChecks") == (1, True)
