"""The catalogue's JSON Schema: valid draft 2020-12, committed as printed, and in step with the loader.

The schema must accept every catalogue the loader accepts (the shipped ones, and random mutations of the real
one), and refuse the loader's shape errors that JSON Schema can say: unknown keys, wrong types, words outside
an enum, bounds, bad names, squares and letters.  The documents are read with the loader's own YAML reader,
so that both see the same values.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from test_bad_catalogues import CASES, CORPUS, GOOD
from test_loader_fuzz import FUZZ, mutated

from generator import cli
from generator.catalogue import CatalogueError, load_catalogue_text
from generator.catalogue.reading import Node, Where, read_yaml
from generator.catalogue.schema import CATALOGUE_DOC, DRAFT, SCHEMA_FILE, key_descriptions, schema_text
from generator.catalogue.validating import FAMILIES, VARIANT, Seq, Spec, Struct, Table

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [ROOT / "variants.yaml", *sorted((ROOT / "catalogues").glob("*.yaml"))]
SCHEMA = json.loads(schema_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def plain(node: Node) -> Any:
    value = node.value
    if isinstance(value, dict):
        return {key: plain(child) for key, child in value.items()}
    if isinstance(value, list):
        return [plain(child) for child in value]
    return value


def document(text: str) -> Any:
    return plain(read_yaml(text, Where("<doc>")))


def schema_errors(text: str) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(document(text))]


# ---------------------------------------------------------------------------
# The schema itself


def test_the_schema_is_valid_draft_2020_12() -> None:
    assert SCHEMA["$schema"] == DRAFT == jsonschema.Draft202012Validator.META_SCHEMA["$id"]
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    with pytest.raises(jsonschema.SchemaError):  # the check does look: a broken copy fails it
        jsonschema.Draft202012Validator.check_schema({**SCHEMA, "required": "families"})


def test_the_committed_schema_is_the_commands_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["schema"]) == 0
    printed = capsys.readouterr().out
    assert printed == schema_text()
    assert SCHEMA_FILE.read_text(encoding="utf-8") == printed, "run: python -m generator schema > " + str(
        SCHEMA_FILE.relative_to(ROOT)
    )


def test_the_command_reads_no_catalogue(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The schema is most wanted while a catalogue is being written, and so broken."""

    def refuse(path: object) -> None:
        raise CatalogueError("broken", path=str(path))

    monkeypatch.setattr(cli, "load_catalogue", refuse)
    assert cli.main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == SCHEMA
    assert cli.main(["list"]) == 2  # the patch does bite where a catalogue is read


# keywords that draft-07 validators (yaml-language-server's own) know as well, so that an editor that reads
# 2020-12 only partly still understands the whole schema; $defs is reached through plain JSON pointers
DRAFT_07_KEYWORDS = {
    "$schema", "$ref", "$defs", "title", "description", "type", "properties", "required", "additionalProperties",
    "propertyNames", "items", "minItems", "uniqueItems", "enum", "const", "minimum", "maximum", "pattern", "anyOf",
    "minLength", "maxLength",
    "if", "then", "else",
}  # fmt: skip


def keywords(schema: Any) -> set[str]:
    if isinstance(schema, list):
        return set().union(*map(keywords, schema)) if schema else set()
    if not isinstance(schema, dict):
        return set()
    found = set(schema) - {"properties", "$defs"}
    for key, value in schema.items():
        if key in ("properties", "$defs"):
            found |= {key} | set().union(*map(keywords, value.values()))
        elif key not in ("enum", "const", "required"):
            found |= keywords(value)
    return found


def test_the_schema_keeps_to_keywords_draft_07_knows() -> None:
    used = keywords(SCHEMA)
    assert {"propertyNames", "if", "pattern", "enum", "minimum"} <= used
    assert used <= DRAFT_07_KEYWORDS, used - DRAFT_07_KEYWORDS


def key_paths(spec: Spec, path: str) -> list[str]:
    """Every key of a spec, named as the key reference names it (``pieces.*.name``)."""
    if isinstance(spec, Seq):
        return key_paths(spec.item, path)
    if isinstance(spec, Table):
        return key_paths(spec.value, f"{path}.*")
    if isinstance(spec, Struct):
        out = []
        for key, value in spec.fields.items():
            child = f"{path}.{key}" if path else key
            out += [child, *key_paths(value, child)]
        return out
    return []


def test_every_key_has_the_documentations_description() -> None:
    described = key_descriptions(CATALOGUE_DOC.read_text(encoding="utf-8"))
    paths = key_paths(VARIANT, "") + key_paths(FAMILIES, "families")
    # a key the reference does not list is described by its parent's row (setup.pockets covers both sides)
    missing = [p for p in paths if p not in described and p.rsplit(".", 1)[0] not in described]
    assert missing == []
    assert set(described) - set(paths) == {"families"}  # no row names a key the loader does not know
    variant = SCHEMA["$defs"]["variant"]["properties"]
    assert variant["pawns"]["properties"]["max_steps"]["description"] == described["pawns.max_steps"]
    assert "Default: `1`" in described["pawns.max_steps"]
    piece = variant["pieces"]["additionalProperties"]["properties"]["betza"]
    assert piece["description"] == described["pieces.*.betza"]
    assert "](#" not in json.dumps(SCHEMA)  # in-page links are spelt out for the editor


# ---------------------------------------------------------------------------
# The shipped catalogues


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_catalogue_validates_and_names_the_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert schema_errors(text) == []
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema="), first
    # yaml-language-server resolves a relative path against the file's own folder
    assert (path.parent / first.split("=", 1)[1]).resolve() == SCHEMA_FILE


def test_partial_entries_and_null_are_accepted_as_the_loader_accepts_them() -> None:
    text = GOOD + (
        "  maxi:\n    extends: mini\n    board: {files: 8}\n    pawns: {promotion: null}\n    notes: null\n"
        "  base:\n    abstract: true\n    pieces: {K: {name: King}}\n"
    )
    load_catalogue_text(text)
    assert schema_errors(text) == []
    # the same partial board in an entry complete on its own is refused by both
    broken = GOOD.replace("board: {files: 6, ranks: 6}", "board: {files: 6}")
    with pytest.raises(CatalogueError, match="missing required key 'ranks'"):
        load_catalogue_text(broken)
    assert schema_errors(broken) == ["['variants', 'mini', 'board']: 'ranks' is a required property"]


# ---------------------------------------------------------------------------
# Bad catalogues: what the loader refuses for their shape, the schema refuses too


BAD = {
    "unknown key": ("    title: Mini\n", "    title: Mini\n    board_size: 6\n"),
    "unknown nested key": ("R: {name: Rook, betza: R}", "R: {name: Rook, betza: R, value: 5}"),
    "wrong type": ("files: 6,", "files: six,"),
    "boolean as number": ("title: Mini\n", "title: Mini\n    must_capture: 1\n"),
    "bad enum word": ("title: Mini\n", "title: Mini\n    draws: {stalemate: lose}\n"),
    "bad role": ("roles: [royal]", "roles: [king]"),
    "too big": ("ranks: 6}", "ranks: 27}"),
    "bad square": ("K: [d1]", "K: [d0]"),
    "diagonal range": ("P: [a2-f2]", "P: [a2-f3]"),
    "bad castling square": ("    setup:\n",
                            "    castling: [{color: white, king: d1, king_to: b, rook: a1, rook_to: c1}]\n"
                            "    setup:\n"),
    "bad letter as key": ("R: {name: Rook", "Rk: {name: Rook"),
    "lower-case letter": ("R: [a1, f1], P: [a2-f2]}", "R: [a1, f1], P: [a2-f2], r: [b1]}"),
    "bad letter in a list": ("title: Mini\n", "title: Mini\n    draws: {insufficient_material: [b]}\n"),
    "bad name": ("  mini:\n", "  Mini:\n"),
    "empty list": ("title: Mini\n", "title: Mini\n    pawns: {promotion: {ranks: [], choices: [R]}}\n"),
    "repeated item": ("R: [a1, f1]", "R: [a1, a1]"),
}  # fmt: skip


@pytest.mark.parametrize("mistake", sorted(BAD))
def test_the_schema_refuses_shape_mistakes(mistake: str) -> None:
    old, new = BAD[mistake]
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    with pytest.raises(CatalogueError):
        load_catalogue_text(text)
    assert schema_errors(text) != []
    assert schema_errors(GOOD) == []


def readable(name: str) -> bool:
    try:
        read_yaml((CORPUS / name).read_text(encoding="utf-8"), Where(name))
    except (CatalogueError, UnicodeDecodeError):
        return False  # refused while reading, before any shape: nothing for a schema to see
    return True


# The corpus files refused for their shape, which the schema refuses too.
SHAPE = {
    "board-too-big.yaml", "castling-missing-rook.yaml", "doc-list.yaml", "doc-missing-variants.yaml",
    "doc-scalar.yaml", "family-name-slash.yaml", "id-underscore.yaml", "family-seed-path.yaml", "name-bracket.yaml",
    "name-dot-dot.yaml",
    "name-newline.yaml", "name-slash.yaml", "name-space.yaml", "name-too-long.yaml", "name-upper-case.yaml",
    "promotion-no-choices.yaml", "promotion-rank-zero.yaml", "setup-black-lower-case.yaml",
    "setup-letter-twice.yaml", "setup-range-diagonal.yaml", "setup-rank-zero.yaml",
    "setup-square-twice-in-list.yaml", "type-castling-mapping.yaml", "type-draws-null-in-list.yaml",
    "type-en-passant-number.yaml", "type-families-list.yaml", "type-files-negative.yaml", "type-files-string.yaml",
    "type-notes-mapping.yaml", "type-pieces-list.yaml", "type-ranks-huge.yaml", "type-roles-string.yaml",
    "type-roles-unknown.yaml", "type-setup-not-list.yaml", "type-setup-square-number.yaml", "type-title-number.yaml",
    "type-to-move.yaml", "type-variant-string.yaml", "type-variants-list.yaml", "unknown-castling-key.yaml",
    "unknown-family-key.yaml", "unknown-piece-key.yaml", "unknown-promotion-key.yaml", "unknown-setup-key.yaml",
    "unknown-top-key.yaml", "unknown-variant-key.yaml", "draws-counting-unknown.yaml",
    "draws-perpetual-check-word.yaml", "goals-flag-safe-not-bool.yaml", "piece-promotion-demotion-not-bool.yaml",
    "piece-promotion-on-capture-not-bool.yaml",
    "passing-not-bool.yaml",
    "drops-per-file-negative.yaml",
    "title-long.yaml", "title-slash.yaml", "title-windows.yaml",
}  # fmt: skip
# Refused for their shape by the loader alone: JSON Schema is not told (a Scalar.check), counts 6.0 as an
# integer, or cannot know what ``extends`` brings.
LOADER_ONLY = {"title-newline.yaml", "title-surrogate.yaml", "help-nul.yaml", "type-ranks-float.yaml",
               "extends-missing-board.yaml", "title-empty.yaml"}  # fmt: skip
READABLE = sorted(name for name in CASES if readable(name))


def test_the_lists_name_corpus_files() -> None:
    assert set(READABLE) >= SHAPE | LOADER_ONLY
    assert len(SHAPE) >= 40


@pytest.mark.parametrize("name", READABLE)
def test_the_schema_refuses_the_corpus_shape_errors_and_nothing_else(name: str) -> None:
    """Every readable corpus file: refused by the schema if its error is one of shape, accepted if the
    loader refuses it for its meaning (squares off the board, undefined letters...)."""
    errors = schema_errors((CORPUS / name).read_text(encoding="utf-8"))
    assert bool(errors) == (name in SHAPE), (name, errors)


@settings(FUZZ, max_examples=300)
@given(mutated())
def test_the_schema_accepts_whatever_the_loader_accepts(data: dict[str, Any]) -> None:
    text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=120)
    try:
        load_catalogue_text(text)
    except CatalogueError:
        return
    assert schema_errors(text) == []
