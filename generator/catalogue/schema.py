"""The catalogue's JSON Schema (draft 2020-12), for editors: completion, hover help and checks as you type.

It is written from the loader's own specs (:mod:`generator.catalogue.validating`), never by hand: a
:class:`~generator.catalogue.validating.Struct` becomes an object with its properties, ``required`` and no
other keys; a :class:`~generator.catalogue.validating.Table` an object whose key names match a pattern; a
:class:`~generator.catalogue.validating.Seq` an array; a :class:`~generator.catalogue.validating.Scalar` its
type with the ``enum``, ``minimum``, ``maximum`` and ``pattern`` it knows.  A ``Scalar.check`` (no control
characters in a title, a repetition count of 1) and everything the builder checks (squares on the board,
letters defined, ``extends`` naming an entry) stay the loader's alone: the schema accepts every catalogue the
loader accepts, and refuses what it can of the rest.

As in the loader, ``null`` is allowed wherever a mapping has a value (it removes an inherited value), and an
entry is held to the required keys only when it is complete on its own: neither ``abstract: true`` nor
``extends``, whose required keys may come from the parent.

The descriptions are the "meaning" and "default" columns of the key reference in ``docs/catalogue.md``, read
from there when the schema is written.  ``variantgen schema`` prints the schema; the committed
``docs/catalogue.schema.json`` is its output, which the catalogues name on their first line for
yaml-language-server.

>>> schema = catalogue_schema({"board.files": "number of files"})
>>> files = schema["$defs"]["variant"]["properties"]["board"]["properties"]["files"]
>>> files == {"type": "integer", "minimum": 1, "maximum": 26, "description": "number of files"}
True
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from generator.catalogue.validating import (
    FAMILIES,
    MAX_CATALOGUE_TITLE,
    NAME_PATTERN,
    REQUIRED_TOP_KEYS,
    VARIANT,
    Pattern,
    Scalar,
    Seq,
    Spec,
    Table,
)

DRAFT = "https://json-schema.org/draft/2020-12/schema"
DOCS = Path(__file__).resolve().parents[2] / "docs"
#: the key reference the descriptions are read from
CATALOGUE_DOC = DOCS / "catalogue.md"
#: the committed output of ``variantgen schema``, which the shipped catalogues name
SCHEMA_FILE = DOCS / "catalogue.schema.json"

_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}
#: Sections of the key reference whose rows give keys without their path: the entry's own keys, and a
#: family's.  Every other section prefixes its unqualified rows with its own name (``castling`` -> ``color``).
_ROW_PREFIX = {"variants": "", "families": "families.*."}
_LINK = re.compile(r"\[([^\]]+)\]\((#[^)]+)\)")


def _regex(pattern: Pattern) -> str:
    return f"^(?:{pattern.regex})$"  # JSON Schema searches; the loader matches the whole string


class _Writer:
    """Writes specs as JSON Schema; ``path`` names a key as the key reference does (``pawns.max_steps``,
    ``pieces.*.name``), to find its description."""

    def __init__(self, descriptions: Mapping[str, str]) -> None:
        self.descriptions = descriptions

    def spec(self, spec: Spec, path: str, complete: bool) -> dict[str, Any]:
        if isinstance(spec, Scalar):
            return self.scalar(spec)
        if isinstance(spec, Seq):
            out: dict[str, Any] = {"type": "array", "items": self.spec(spec.item, path, complete)}
            if spec.nonempty:
                out["minItems"] = 1
            if spec.unique and isinstance(spec.item, Scalar):
                out["uniqueItems"] = True
            return out
        if isinstance(spec, Table):
            return {
                "type": "object",
                "propertyNames": {"pattern": _regex(spec.key)},
                "additionalProperties": self.member(spec.value, f"{path}.*", complete, nullable=True),
            }
        required = list(spec.required) if complete else []
        out = {
            "type": "object",
            "properties": {
                key: self.member(value, f"{path}.{key}" if path else key, complete, nullable=key not in required)
                for key, value in spec.fields.items()
            },
        }
        if required:
            out["required"] = required
        out["additionalProperties"] = False
        return out

    @staticmethod
    def scalar(spec: Scalar) -> dict[str, Any]:
        types = [_TYPES[t] for t in spec.types]
        out: dict[str, Any] = {"type": types[0] if len(types) == 1 else types}
        if spec.words:
            out["enum"] = list(spec.words)
        if spec.minimum is not None:
            out["minimum"] = spec.minimum
        if spec.maximum is not None:
            out["maximum"] = spec.maximum
        if spec.pattern is not None:
            out["pattern"] = _regex(spec.pattern)
        return out

    def member(self, spec: Spec, path: str, complete: bool, nullable: bool) -> dict[str, Any]:
        """A mapping's value: null is the default (or, under ``extends``, drops the parent's), so it is
        allowed unless the key is required."""
        out = self.spec(spec, path, complete)
        if nullable:
            out["type"] = [*([out["type"]] if isinstance(out["type"], str) else out["type"]), "null"]
            if "enum" in out:
                out["enum"] = [*out["enum"], None]
        if path in self.descriptions:
            out["description"] = self.descriptions[path]
        return out


def catalogue_schema(descriptions: Mapping[str, str]) -> dict[str, Any]:
    """The JSON Schema of a catalogue, with ``descriptions`` (key path -> text) on the keys they name."""
    writer = _Writer(descriptions)
    families = writer.spec(FAMILIES, "families", complete=True)
    if "families" in descriptions:
        families["description"] = descriptions["families"]
    # an entry that is abstract or extends another is held to the shape of its keys only
    incomplete = {
        "anyOf": [
            {"required": ["extends"], "properties": {"extends": {"type": "string"}}},
            {"required": ["abstract"], "properties": {"abstract": {"const": True}}},
        ]
    }
    return {
        "$schema": DRAFT,
        "title": "variantgen catalogue",
        "description": "A catalogue of chess variants for variantgen (docs/catalogue.md).",
        "type": "object",
        "properties": {
            "title": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_CATALOGUE_TITLE,
                "pattern": '^[^<>:"/\\\\|?*]*$',
                "description": "The catalogue's title: the page, the play page and the file's own downloads are "
                "named after it (docs/catalogue.md#title).",
            },
            "families": families,
            "variants": {
                "type": "object",
                "description": "The variants and abstract entries, by name, in catalogue order.",
                "propertyNames": {"pattern": _regex(NAME_PATTERN)},
                "additionalProperties": {
                    "if": incomplete,
                    "then": {"$ref": "#/$defs/partial-variant"},
                    "else": {"$ref": "#/$defs/variant"},
                },
            },
        },
        "required": list(REQUIRED_TOP_KEYS),
        "additionalProperties": False,
        "$defs": {
            "variant": writer.spec(VARIANT, "", complete=True),
            "partial-variant": writer.spec(VARIANT, "", complete=False),
        },
    }


def key_descriptions(markdown: str) -> dict[str, str]:
    """Key path -> description, from the tables of the "Key reference" section of ``docs/catalogue.md``.

    >>> doc = "## Key reference\\n### `board`\\n| key | default | meaning |\\n|---|---|---|\\n"
    >>> key_descriptions(doc + "| `board.files` | required | number of files, see [Betza](#betza) |")
    {'board.files': 'Number of files, see Betza (docs/catalogue.md#betza). Required.'}
    """
    out: dict[str, str] = {}
    in_reference, section = False, ""
    columns: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("## "):
            in_reference, section = line == "## Key reference", ""
        elif in_reference and line.startswith("### `"):
            section, columns = line.removeprefix("### `").split("`")[0], []
        elif section and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not columns:
                columns = [c.lower() for c in cells]
            elif re.fullmatch(r"`[a-z0-9_.<>A-Z]+`", cells[0]):
                key = cells[0].strip("`").replace("<L>", "*")
                qualified = key == section or key.startswith(f"{section}.")
                path = key if qualified else _ROW_PREFIX.get(section, f"{section}.") + key
                out[path] = _description(dict(zip(columns, cells, strict=False)))
    return out


def _link(m: re.Match[str]) -> str:
    """A link within the page, readable outside it ("above" and "below" mean nothing in an editor)."""
    where = f"docs/catalogue.md{m[2]}"
    return f"see {where}" if m[1] in ("above", "below") else f"{m[1]} ({where})"


def _description(row: Mapping[str, str]) -> str:
    text = _LINK.sub(_link, row.get("meaning", ""))
    default = row.get("default", "")
    if default:
        default = default.capitalize() if default.startswith("required") else f"Default: {default}"
        text = f"{text}. {default}" if text else default
    return text[:1].upper() + text[1:].rstrip(".") + "."


def schema_text() -> str:
    """The schema as ``variantgen schema`` prints it; a missing key reference is a ``ValueError``."""
    try:
        markdown = CATALOGUE_DOC.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"{CATALOGUE_DOC}: cannot read the key reference: {exc.strerror or exc}") from None
    return json.dumps(catalogue_schema(key_descriptions(markdown)), indent=2, ensure_ascii=False) + "\n"


def cmd_schema(args: argparse.Namespace) -> int:
    print(schema_text(), end="")
    return 0


ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)


def register(subparsers: argparse._SubParsersAction[ParserT], parents: Sequence[ParserT] = ()) -> ParserT:
    """Add the ``schema`` sub-command; it needs no catalogue, so it runs :func:`cmd_schema` as ``args.alone``."""
    p = subparsers.add_parser(
        "schema",
        parents=list(parents),
        help="print the catalogue's JSON Schema (for editors)",
        description="Print the JSON Schema (draft 2020-12) of the catalogue format, derived from the loader's "
        "own checks, for editors that use yaml-language-server (see README.md).",
    )
    p.set_defaults(alone=cmd_schema)
    return p
