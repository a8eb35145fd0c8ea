"""The engine's fast paths are switched on from the rules' declarations (generator/engine/gates.py) alone."""

from __future__ import annotations

import dataclasses

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Variant
from generator.engine.gates import NEEDS, Needs, Path, needed, rule_fields
from generator.engine.rules import Rules

#: the attribute of Rules that the hot loops read for each path
ATTRIBUTE = {
    Path.IMMEDIATE_GOALS: "immediate_goals",
    Path.FILTERED: "filtered",
    Path.HELD_IN_CHECK: "held_in_check",
    Path.SPECIAL: "special",
    Path.AFTER_MOVE: "after_move",
    Path.CAPTURE_EFFECTS: "capture_effects",
    Path.MORE_MOVES: "more_moves",
    Path.TRACKS_PROMOTED: "tracks_promoted",
    Path.GATING: "gating",
    Path.WALLING: "walled",
    Path.STONE: "stone",
}


def _variants() -> list[Variant]:
    """Every catalogue variant, and those with a rule no catalogue variant has (two passes draw, castle chess,
    drops that may not give check, blasts that leave walls)."""
    variants = [*load_catalogue(DEFAULT_CATALOGUE).variants, *load_catalogue(FAIRY_STOCKFISH_CATALOGUE).variants]
    chess = variants[[v.name for v in variants].index("chess")]
    passes = dataclasses.replace(chess, draws=dataclasses.replace(chess.draws, double_pass=True))
    castle = dataclasses.replace(chess, goals=dataclasses.replace(chess.goals, castling_wins=("q",)))
    house = variants[[v.name for v in variants].index("crazyhouse")]
    assert house.drops is not None
    no_drop_checks = dataclasses.replace(house, drops=dataclasses.replace(house.drops, no_checks=True))
    atomic = variants[[v.name for v in variants].index("atomic")]
    assert atomic.explosions is not None
    stone = dataclasses.replace(atomic, explosions=dataclasses.replace(atomic.explosions, petrify_blast=True))
    return [*variants, passes, castle, no_drop_checks, stone]


VARIANTS = _variants()


def test_every_rule_field_of_the_model_is_declared() -> None:
    """A new rule field in the model fails here until gates.NEEDS says which paths it needs (or none)."""
    declared = {n.field for n in NEEDS}
    assert declared == set(rule_fields()), (
        f"undeclared: {sorted(set(rule_fields()) - declared)}; unknown: {sorted(declared - set(rule_fields()))}"
    )


def test_every_path_has_its_attribute() -> None:
    assert set(ATTRIBUTE) == {p for p in Path if p is not Path.NONE}


@pytest.mark.parametrize("declaration", [n for n in NEEDS if n.paths != Path.NONE], ids=lambda n: n.field)
def test_a_variant_with_the_rule_switches_on_its_paths(declaration: Needs) -> None:
    having = [v for v in VARIANTS if declaration.on(v)]
    assert having, f"no variant has {declaration.field}: the declaration is untested"
    for v in having:
        rules = Rules(v)
        for path in declaration.paths:
            assert getattr(rules, ATTRIBUTE[path]), (v.name, path)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_paths_switched_on_are_exactly_those_declared(variant: Variant) -> None:
    expected = Path.NONE
    for n in NEEDS:
        if n.on(variant):
            expected |= n.paths
    rules = Rules(variant)
    assert needed(variant) == rules.paths == expected
    assert {p: getattr(rules, a) for p, a in ATTRIBUTE.items()} == {p: p in expected for p in ATTRIBUTE}
    assert rules.plain_moves == (not expected & (Path.FILTERED | Path.HELD_IN_CHECK | Path.SPECIAL | Path.WALLING))


def test_rules_of_tables_only_switch_on_no_path() -> None:
    chess = next(v for v in VARIANTS if v.name == "chess")
    assert needed(chess) == Path.NONE
    assert Rules(chess).plain_moves
