"""The option table is the one place that names Fairy-Stockfish's options: each row's name is written once (its
attribute of ``Opt``, or Fairy-Stockfish's piece type), its model field is a field of the model, its value
type one codec that the importer and the lint both use, and Fairy-Stockfish's own pieces' moves are the moves
the fidelity checks compare catalogue pieces with."""

from __future__ import annotations

import ast
import dataclasses
import types
import typing
from pathlib import Path

import pytest

from generator.catalogue.model import Color, Variant
from generator.check.fairy_stockfish_lint import check_ini_text
from generator.emit.fairy_stockfish.codecs import CODECS
from generator.emit.fairy_stockfish.table import ROW, ROWS, Opt, Row
from generator.emit.fidelity.fairy_stockfish import BERS, FSF_PAWN, FSF_SOLDIER, FSF_STANDARD, KHON
from generator.emit.fidelity.fsf_pieces import NAMED_BETZA, PieceKind
from generator.importers.options import OptionError, Rules, apply_section

PACKAGE = Path(__file__).resolve().parent.parent / "generator"
#: where option names are written: the table, and Fairy-Stockfish's piece types (each also an option)
NAMING = {PACKAGE / "emit/fairy_stockfish/table.py", PACKAGE / "emit/fidelity/fsf_pieces.py"}
#: the modules that read or write Fairy-Stockfish's sections, where an option's one-word name means it
FAIRY_STOCKFISH = [
    *sorted((PACKAGE / "emit/fairy_stockfish").glob("*.py")),
    *(
        PACKAGE / "importers" / f"{name}.py"
        for name in ("options", "translate", "resolve", "proof", "ini", "command", "writing")
    ),
    *sorted((PACKAGE / "check").glob("fairy_stockfish*.py")),
    PACKAGE / "emit/pychess.py",
]
#: one-word names those modules use as words of their own, and where
OWN_WORDS = {("options.py", "castling"): "the emitter's group of castling options, named as its label"}


def _literals(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text())
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def _named_outside_the_table(paths: list[Path], one_word: bool) -> list[str]:
    keys = {row.key for row in ROWS}
    return [
        f"{path.relative_to(PACKAGE) if path.is_relative_to(PACKAGE) else path.name}:{line}: {text!r}"
        for path in paths
        if path not in NAMING
        for line, text in _literals(path)
        if text in keys and (one_word or text != text.lower()) and (path.name, text) not in OWN_WORDS
    ]


def test_option_names_are_written_in_the_table_alone() -> None:
    # a name of more than one word (camelCase) means the option in every module
    assert _named_outside_the_table(sorted(PACKAGE.rglob("*.py")), one_word=False) == []
    assert _named_outside_the_table(FAIRY_STOCKFISH, one_word=True) == []


def test_a_name_typed_as_text_is_found(tmp_path: Path) -> None:
    module = tmp_path / "reading.py"
    module.write_text('"""Doc naming dropChecks."""\nX = options.get("dropChecks")\nY = options["pawn"]\n')
    assert _named_outside_the_table([module], one_word=False) == ["reading.py:2: 'dropChecks'"]
    assert len(_named_outside_the_table([module], one_word=True)) == 2


def test_option_names_are_the_attributes_of_opt() -> None:
    assert Opt.doubleStep.key == "doubleStep" and Opt.pass_.key == "pass"
    assert Opt.promotionRegionWhite.of(Color.BLACK) is Opt.promotionRegionBlack
    assert ROW["customPiece25"].kind == "piece" and ROW["mobilityRegionBlackKing"].kind == "bitboard"


def _types(hint: object) -> list[object]:
    """The classes a field's type hint holds: optional, in a tuple, a set or a mapping."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType, tuple, frozenset, list, dict):
        return [t for arg in typing.get_args(hint) if arg not in (type(None), Ellipsis) for t in _types(arg)]
    return [hint]


def _is_model_field(path: str) -> bool:
    """Whether ``path`` (``pawn_rules.promotion.ranks``) names a field of :class:`Variant`, through the
    objects its fields hold (a piece's ``region`` through ``pieces``)."""
    classes: list[object] = [Variant]
    for part in path.split("."):
        hints = [typing.get_type_hints(c) for c in classes if isinstance(c, type) and dataclasses.is_dataclass(c)]
        classes = [t for h in hints if part in h for t in _types(h[part])]
        if not classes:
            return False
    return True


def test_every_row_field_is_a_field_of_the_model() -> None:
    assert _is_model_field("pawn_rules.promotion.ranks") and _is_model_field("pieces.region")
    assert not _is_model_field("pawn_rules.promotion.rank") and not _is_model_field("drops.checks")
    assert [row.key for row in ROWS if row.field and not _is_model_field(row.field)] == []


@pytest.mark.parametrize("row", [row for row in ROWS if row.default != ""], ids=lambda row: row.key)
def test_every_default_is_a_value_of_its_row(row: Row) -> None:
    assert row.codec.read(row.default) == row.default or row.kind in ("rank", "file")
    assert row.codec.problem(row.default, frozenset("pnbrqk")) is None


def test_the_lint_and_the_importer_refuse_alike() -> None:
    for key, bad in (("maxRank", "11"), ("doubleStep", "yes"), ("countingRule", "thai"), ("flagRegionWhite", "*x")):
        with pytest.raises(OptionError):
            apply_section(Rules.defaults(), {key: bad})
        problems = check_ini_text(f"[v]\nmaxFile = 8\nmaxRank = 8\nking = k\n{key} = {bad}\n")
        assert any(f"{key} - Invalid value" in p for p in problems), problems
    assert CODECS["int"].read("5 # five") == "5"  # as FSF's stream reads it
    assert CODECS["int"].problem("5 # five", frozenset()) == "not an integer"  # the lint's word on it


def test_fairy_stockfishs_pieces_move_as_the_fidelity_checks_take_them() -> None:
    assert NAMED_BETZA[PieceKind.PAWN] == FSF_PAWN.render()
    assert NAMED_BETZA[PieceKind.SILVER] == KHON.render()
    assert NAMED_BETZA[PieceKind.BERS] == BERS.render()
    assert NAMED_BETZA[PieceKind.SOLDIER] == FSF_SOLDIER[0].render()
    assert all(NAMED_BETZA[kind] == movement.render() for movement, kind in FSF_STANDARD.items())
    assert [row.key for row in ROWS if row.betza is not None] == [k for k in PieceKind if k != PieceKind.CUSTOM]
