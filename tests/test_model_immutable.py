"""The catalogue model is truly immutable: frozen objects share no mutable state, mappings are
read-only, and deriving a variant (``extends`` in the YAML, ``dataclasses.replace`` in code)
cannot change the one it derives from."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.catalogue.model import Catalogue, Variant

# a variant deriving from chess, and changing every part of it that a mapping or a list could hold
DERIVED = """
  chess-derived:
    extends: chess
    title: Chess Derived
    family: chess
    pieces:
      M: {name: Minister, betza: KAD, help: "one step, or a jump to the second square"}
      N: {name: Ajax Knight, betza: NmK}
    setup:
      white: {K: [e1], Q: [d1], R: [a1, h1], B: [c1, f1], N: [b1, g1], P: [a2-h2], M: [d3]}
      black: {K: [e8], Q: [d8], R: [a8, h8], B: [c8, f8], N: [b8, g8], P: [a7-h7], M: [d6]}
    castling:
      - {color: white, king: e1, king_to: g1, rook: h1, rook_to: f1}
      - {color: black, king: e8, king_to: g8, rook: h8, rook_to: f8}
    pawns:
      promotion: {choices: [Q, M]}
    draws: {insufficient_material: [N]}
"""


@pytest.fixture(scope="module")
def repository() -> Catalogue:
    return load_catalogue(DEFAULT_CATALOGUE)


@pytest.fixture(scope="module")
def with_derived(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    path = tmp_path_factory.mktemp("derived") / "variants.yaml"
    path.write_text(Path(DEFAULT_CATALOGUE).read_text(encoding="utf-8").rstrip("\n") + "\n" + DERIVED, "utf-8")
    return load_catalogue(path)


def _variant(catalogue: Catalogue, name: str) -> Variant:
    v = catalogue.get(name)
    assert v is not None, name
    return v


def _reachable(obj: object, path: str = "variant") -> Iterator[tuple[str, object]]:
    """Every object reachable from ``obj`` through fields, items and values, with where it was found."""
    yield path, obj
    if isinstance(obj, (str, bytes, int, float, bool, enum.Enum)) or obj is None:
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _reachable(getattr(obj, f.name), f"{path}.{f.name}")
    elif isinstance(obj, (tuple, frozenset, list, set)):
        for i, item in enumerate(obj):
            yield from _reachable(item, f"{path}[{i}]")
    elif isinstance(obj, (dict, MappingProxyType)):
        for key, value in obj.items():
            yield from _reachable(value, f"{path}[{key!r}]")


def test_extends_cannot_change_the_variant_it_derives_from(repository: Catalogue, with_derived: Catalogue) -> None:
    alone, beside = _variant(repository, "chess"), _variant(with_derived, "chess")
    derived = _variant(with_derived, "chess-derived")
    assert beside == alone
    assert dict(beside.piece_index) == dict(alone.piece_index)
    assert [p.letter for p in beside.pieces] == ["K", "Q", "R", "B", "N", "P"]
    assert beside.piece("N").betza == "N" and derived.piece("N").betza == "NmK"
    assert "M" in derived.piece_index and "M" not in beside.piece_index
    assert len(beside.castling) == 4 and len(derived.castling) == 2
    assert beside.draws.insufficient_material == ("B", "N")
    assert beside.pawn_rules.promotion is not None and "M" not in beside.pawn_rules.promotion.choices
    assert len(derived.setup.placement) == len(beside.setup.placement) + 2


def test_no_mutable_container_is_reachable_from_the_model(repository: Catalogue) -> None:
    mutable = [
        f"{v.name}: {where} is a {type(obj).__name__}"
        for v in repository.variants
        for where, obj in _reachable(v)
        if isinstance(obj, (list, dict, set, bytearray))
    ]
    assert not mutable, mutable


def test_fields_cannot_be_assigned(repository: Catalogue) -> None:
    chess = _variant(repository, "chess")
    with pytest.raises(dataclasses.FrozenInstanceError):
        chess.title = "Changed"  # type: ignore[misc]  # the assignment is what must fail
    with pytest.raises(dataclasses.FrozenInstanceError):
        chess.pieces[0].name = "Changed"  # type: ignore[misc]  # as above
    with pytest.raises(dataclasses.FrozenInstanceError):
        chess.piece_index = {}  # type: ignore[misc]  # as above


def test_mappings_reject_item_assignment(repository: Catalogue) -> None:
    chess = _variant(repository, "chess")
    with pytest.raises(TypeError):
        chess.piece_index["X"] = chess.piece("K")  # type: ignore[index]  # the assignment is what must fail
    assert "X" not in chess.piece_index


def test_replace_builds_its_own_index(repository: Catalogue) -> None:
    chess = _variant(repository, "chess")
    fewer = dataclasses.replace(chess, pieces=tuple(p for p in chess.pieces if p.letter != "Q"))
    assert fewer.piece_index is not chess.piece_index
    assert "Q" not in fewer.piece_index and "Q" in chess.piece_index
    assert [p.letter for p in chess.pieces] == ["K", "Q", "R", "B", "N", "P"]
