"""The key reference rows of the yes-or-no rule kinds in ``docs/catalogue.md``, written from their declarations.

Each toggle (:data:`~generator.catalogue.rule_kinds.TOGGLES`) gets one row: its key, its meaning, the
Fairy-Stockfish option that states it (its row in the option table) and its Zillions limitation.  The
JSON Schema reads its descriptions from these rows, so a new toggle reaches the docs and the schema by::

    python -m generator.reference && python -m generator schema > docs/catalogue.schema.json

``tests/test_rule_kinds.py`` fails while the committed page differs from what this writes.

>>> from generator.catalogue.rule_kinds import NO_DROP_CHECKS
>>> print(row(NO_DROP_CHECKS).partition(" (")[0])
| `drops.no_checks` | bool | `false` | a drop may not give check
"""

from __future__ import annotations

from pathlib import Path

from generator.catalogue.rule_kinds import TOGGLES, Toggle
from generator.catalogue.schema import CATALOGUE_DOC
from generator.emit.fairy_stockfish.table import TOGGLE_ROWS


def row(toggle: Toggle) -> str:
    """The toggle's row of the key reference (key, type, default, meaning, example)."""
    option = TOGGLE_ROWS[toggle.key]
    fsf = f"`{option.key} = {'false' if option.default == 'true' else 'true'}`"
    zillions = (
        f"; Zillions: the `{toggle.zillions[0]}` limitation, the download plays without the rule"
        if toggle.zillions
        else ""
    )
    if toggle.zillions and toggle.zillions_walk:
        zillions = f"; Zillions: {toggle.zillions_walk}; elsewhere the `{toggle.zillions[0]}` limitation"
    meaning = f"{toggle.meaning}. Fairy-Stockfish: {fsf}{zillions}"
    return f"| `{toggle.key}` | bool | `false` | {meaning} | `{toggle.name}: true` |"


def _key(line: str) -> str | None:
    """The key a row of a table names, or None."""
    return line.split("`")[1] if line.startswith("| `") else None


def _in(key: str | None, group: str) -> bool:
    return key is not None and key.startswith(group + ".")


def updated(markdown: str) -> str:
    """``markdown`` with each toggle's row written: in place of the row of its key, else after the last row of
    its group (of ``drops`` and ``drops.*``), or for a key of the entry itself after the last of those."""
    lines = markdown.splitlines()
    start = lines.index("## Key reference")
    for toggle in TOGGLES:
        keys = [_key(line) for line in lines]
        at = next((i for i in range(start, len(lines)) if keys[i] == toggle.key), None)
        if at is not None:
            lines[at] = row(toggle)
            continue
        if toggle.group:
            last = max(i for i in range(start, len(lines)) if keys[i] == toggle.group or _in(keys[i], toggle.group))
        else:  # the last row of the table of the entry's own keys, whose first is ``abstract``
            last = keys.index("abstract", start)
            while last + 1 < len(lines) and lines[last + 1].startswith("| `"):
                last += 1
        lines.insert(last + 1, row(toggle))
    return "\n".join(lines) + "\n"


def main(path: Path = CATALOGUE_DOC) -> None:
    path.write_text(updated(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
