"""Every variant of both catalogues, written to ini and read back through the option table, states
what the relaxed variant plays."""

from __future__ import annotations

import dataclasses

import pytest
from support import FSF_CATALOGUE

from generator.catalogue import DEFAULT_CATALOGUE, Variant, load_catalogue
from generator.check.fairy_stockfish_lint import check_ini_text, parse_ini
from generator.emit import fairy_stockfish as fsf
from generator.emit.fairy_stockfish.reading import read_section, stated
from generator.emit.fairy_stockfish.table import ROW, ROWS, SINCE
from generator.emit.fidelity import relaxed, writable
from generator.emit.target import Target

CATALOGUES = [load_catalogue(DEFAULT_CATALOGUE), FSF_CATALOGUE]
VARIANTS = [v for c in CATALOGUES for v in c.variants if writable(v, Target.FAIRY_STOCKFISH)]


#: section name -> its options, for both catalogues' ini
Sections = dict[str, dict[str, str]]


@pytest.fixture(scope="module")
def sections() -> Sections:
    out = {}
    for catalogue in CATALOGUES:
        for section in parse_ini(fsf.render_ini(catalogue))[0]:
            out[section.name] = {o.key: o.value for o in section.options}
    return out


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_a_section_reads_back_as_the_relaxed_variant(variant: Variant, sections: Sections) -> None:
    """Every part of the model the section states (:class:`~generator.emit.fairy_stockfish.reading.Stated`)."""
    back = read_section(sections[fsf.section_name(variant)])
    want = stated(relaxed(variant, Target.FAIRY_STOCKFISH))
    differ = {
        f.name: (getattr(back, f.name), getattr(want, f.name))
        for f in dataclasses.fields(back)
        if getattr(back, f.name) != getattr(want, f.name)
    }
    assert not differ, differ


@pytest.mark.parametrize(
    ("name", "key", "value", "part"),
    [
        ("chess", "maxFile", "9", "board"),
        ("chess", "knight", "n:NW", "pieces"),
        ("chess", "tripleStepRegionWhite", "*2", "pawn_rules"),
        ("chess", "promotionPieceTypes", "qr", "pawn_rules"),
        ("chess", "castlingKingsideFile", "f", "castling"),
        ("chess", "checkmateValue", "win", "goals"),
        ("chess", "nMoveRule", "40", "draws"),
        ("chess", "mustCapture", "true", "flags"),
        ("chess", "startFen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "setup"),
        ("ajax-bigamous", "dropRegionWhite", "*1 *2", "drops"),
        ("bipartite-stage-one", "flagPieceCount", "8", "goals"),
        ("bipartite-stage-two-white-diagonal", "extinctionOpponentPieceCount", "1", "goals"),
    ],
)
def test_a_changed_option_reads_back_as_a_changed_part(
    name: str, key: str, value: str, part: str, sections: Sections
) -> None:
    """The read-back sees each option it compares: one changed option changes its part."""
    variant = next(v for v in VARIANTS if v.name == name)
    section = dict(sections[fsf.section_name(variant)])
    assert key in section
    section[key] = value
    back, want = read_section(section), stated(relaxed(variant, Target.FAIRY_STOCKFISH))
    assert getattr(back, part) != getattr(want, part)


def test_every_default_in_the_table_is_a_value_of_its_type() -> None:
    """FSF's defaults, written out as one section, pass the lint (which reads the types from the same table)."""
    lines = [
        f"{row.key} = {row.default}" for row in ROWS if row.default and not (row.kind == "piece" and row.default == "-")
    ]
    problems = check_ini_text("[defaults]\n" + "\n".join(lines) + "\n")
    assert [p for p in problems if "Deprecated option" not in p] == []
    assert len(problems) == sum(1 for row in ROWS if row.deprecated)


def test_the_table_says_what_each_written_option_states() -> None:
    """A row the emitter writes has a model field; SINCE and the lint's deprecated options are rows."""
    assert all(row.field for row in ROWS if row.write is not None)
    assert set(SINCE) <= set(ROW)
    deprecated = {row.key for row in ROWS if row.deprecated}
    assert deprecated == {
        "promotionRank",
        "doubleStepRank",
        "doubleStepRankMin",
        "whiteFlag",
        "blackFlag",
        "castlingRookPiece",
        "whiteDropRegion",
        "blackDropRegion",
        "dropOnTop",
    }
    assert all(set(ROW[key].maps_to) <= set(ROW) - {key} for key in deprecated - {"dropOnTop"})
