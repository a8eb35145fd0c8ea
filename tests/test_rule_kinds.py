"""Every yes-or-no rule kind (generator/catalogue/rule_kinds.py TOGGLES) reaches every layer from its one
declaration: the model, the loader, the engine's gates, the ini's row and read-back, the importer, the Zillions
limitation, the rules text and the key reference."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from support import FSF_CATALOGUE, ini_options

from generator.catalogue import load_catalogue
from generator.catalogue.errors import CatalogueError
from generator.catalogue.model import Variant
from generator.catalogue.rule_kinds import TOGGLES, Toggle, group_of, switched_off
from generator.emit.fairy_stockfish.reading import Stated, read_section, stated
from generator.emit.fairy_stockfish.table import TOGGLE_ROWS
from generator.emit.fidelity import limitations, relaxed
from generator.emit.target import Target
from generator.emit.web.rules_text import rules_in_short
from generator.engine.gates import needed
from generator.engine.rules import Rules
from generator.reference import row, updated

ROOT = Path(__file__).resolve().parents[1]


def with_toggle(toggle: Toggle) -> Variant:
    """The first built-in that has the toggle's group, with the toggle switched on."""
    base = next(v for v in FSF_CATALOGUE.variants if group_of(v, toggle.group) is not None)
    on: dict[str, Any] = {toggle.name: True}
    if not toggle.group:
        return dataclasses.replace(base, name=f"{base.name}on", **on)
    group: dict[str, Any] = {toggle.group: dataclasses.replace(group_of(base, toggle.group), **on)}
    return dataclasses.replace(base, name=f"{base.name}on", **group)


def _field(toggle: Toggle) -> dataclasses.Field[Any]:
    holder = group_of(with_toggle(toggle), toggle.group)
    return next(f for f in dataclasses.fields(holder) if f.name == toggle.name)


@pytest.mark.parametrize("toggle", TOGGLES, ids=lambda t: t.key)
def test_the_model_field_is_a_bool_off_by_default(toggle: Toggle) -> None:
    field = _field(toggle)
    assert (field.type, field.default) == ("bool", False)
    assert toggle.on(with_toggle(toggle)) and not toggle.on(switched_off(with_toggle(toggle), toggle))


@pytest.mark.parametrize("toggle", TOGGLES, ids=lambda t: t.key)
def test_the_engine_takes_its_paths(toggle: Toggle) -> None:
    v = with_toggle(toggle)
    assert toggle in Rules(v).toggles
    assert needed(v) & toggle.paths == toggle.paths


@pytest.mark.parametrize("toggle", TOGGLES, ids=lambda t: t.key)
def test_its_option_is_written_and_read_back(toggle: Toggle) -> None:
    """The row writes the rule, the read-back (and so the importer) states it, and pyffish registers it."""
    option = TOGGLE_ROWS[toggle.key]
    v = with_toggle(toggle)
    options = ini_options(v)
    assert options[option.key] == ("false" if option.default == "true" else "true")
    back = read_section({**options, "startFen": "8/8/8/8/8/8/8/8 w - - 0 1"})
    assert _on(back, toggle)
    assert _on(stated(relaxed(v, Target.FAIRY_STOCKFISH)), toggle)
    off = read_section({**ini_options(switched_off(v, toggle)), "startFen": "8/8/8/8/8/8/8/8 w - - 0 1"})
    assert not _on(off, toggle)


def _words(v: Variant) -> str:
    """The rules text, in lower case (a clause may start a sentence)."""
    return " ".join(text for _, text in rules_in_short(v)).lower()


def _on(s: Stated, toggle: Toggle) -> bool:
    if not toggle.group:
        return toggle.key in s.toggles_on
    return bool(getattr(getattr(s, toggle.group), toggle.name))


def test_every_toggle_has_one_option() -> None:
    assert set(TOGGLE_ROWS) == {t.key for t in TOGGLES}
    assert all(r.kind == "bool" and r.default in ("true", "false") for r in TOGGLE_ROWS.values())


@pytest.mark.parametrize("toggle", TOGGLES, ids=lambda t: t.key)
def test_zillions_names_its_limitation_and_the_rules_say_it(toggle: Toggle) -> None:
    v = with_toggle(toggle)
    assert toggle.words in _words(v)
    assert toggle.words not in _words(switched_off(v, toggle))
    assert not toggle.on(relaxed(v, Target.ZILLIONS))
    named = {x.rule for x in limitations(v, Target.ZILLIONS)}
    # a rule of a group the download cannot play at all goes with its group's limitation
    assert toggle.zillions is not None and (toggle.zillions[0] in named or toggle.group in named)


@pytest.mark.parametrize("toggle", TOGGLES, ids=lambda t: t.key)
def test_the_loader_reads_it_and_refuses_a_bad_value(toggle: Toggle, tmp_path: Path) -> None:
    # the least of each group that loads
    least = {"": "", "drops": "ranks: [1, 2, 3, 4], ", "explosions": ""}[toggle.group]
    line = f"    {toggle.name}: true" if not toggle.group else f"    {toggle.group}: {{{least}{toggle.name}: true}}"
    entry = "\n".join(
        [
            "families:",
            "  fam: {title: Family}",
            "variants:",
            "  mine:",
            "    title: Mine",
            "    family: fam",
            "    board: {files: 4, ranks: 4}",
            "    pieces:",
            "      K: {name: Bomb, betza: K}",
            "      R: {name: Rook, betza: R}",
            "    setup:",
            "      white: {K: [a1], R: [b1]}",
            "      black: {K: [d4], R: [c4]}",
            "    goals: {checkmate: false, extinction: {pieces: [K], pseudo_royal: true}}",
            line,
            "",
        ]
    )
    path = tmp_path / "mine.yaml"
    path.write_text(entry, encoding="utf-8")
    loaded = load_catalogue(path).get("mine")
    assert loaded is not None and toggle.on(loaded)
    path.write_text(entry.replace(f"{toggle.name}: true", f"{toggle.name}: 3"), encoding="utf-8")
    with pytest.raises(CatalogueError) as info:
        load_catalogue(path)
    assert f"field '{toggle.key}', expected true or false, got the number 3" in str(info.value)


def test_the_key_reference_is_written_from_the_declarations() -> None:
    """``python -m generator.reference`` leaves docs/catalogue.md as it is, so every toggle's row is its own."""
    doc = (ROOT / "docs" / "catalogue.md").read_text(encoding="utf-8")
    assert updated(doc) == doc, "run: python -m generator.reference"
    for toggle in TOGGLES:
        assert row(toggle) in doc.splitlines()


def test_a_new_toggles_row_goes_after_its_group() -> None:
    doc = (ROOT / "docs" / "catalogue.md").read_text(encoding="utf-8")
    without = "\n".join(line for line in doc.splitlines() if not line.startswith("| `explosions.petrify_blast`"))
    lines = updated(without + "\n").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("| `explosions.petrify_blast`"))
    assert lines[at - 1].startswith("| `explosions.immune`")
