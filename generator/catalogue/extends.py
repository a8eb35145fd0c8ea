r"""``extends``: an entry's chain of parents merged into it, child over parent.

Mappings merge key by key (except a variant's ``setup``, which replaces as a whole), everything
else replaces, and a key set to null drops the parent's value.

>>> from generator.catalogue.reading import Where, read_yaml
>>> text = "a: {title: A, board: {files: 8, ranks: 8}}\nb: {extends: a, board: {files: 10}}\n"
>>> root = read_yaml(text, Where("<doc>"))
>>> merged = resolve_extends(root.value, "<doc>")["b"]
>>> merged.need("title").value, {k: v.value for k, v in merged.need("board").value.items()}
('A', {'files': 10, 'ranks': 8})
"""

from __future__ import annotations

from dataclasses import replace

from generator.catalogue.reading import Node, Where


def strip_nulls(node: Node) -> Node:
    """Drop null-valued keys: after merging, absent and null both mean the default."""
    if isinstance(node.value, dict):
        return replace(node, value={k: strip_nulls(v) for k, v in node.value.items() if v.value is not None})
    if isinstance(node.value, list):
        return replace(node, value=[strip_nulls(v) for v in node.value])
    return node


#: an entry's own keys: a child is not abstract because its parent is, two entries cannot share an
#: id, a child that changes a built-in's game is no longer that built-in, and a child is not the
#: section its parent was imported from
NOT_INHERITED = ("abstract", "extends", "id", "fairy_stockfish_builtin", "source")


def _merge(parent: dict[str, Node], child: Node, top: bool) -> Node:
    """Child over parent: mappings merge key by key (except a variant's ``setup``), all else replaces."""
    out = {k: v for k, v in parent.items() if not (top and k in NOT_INHERITED)}
    for key, node in child.value.items():
        if node.value is None:
            out.pop(key, None)
        elif isinstance(node.value, dict) and key in out and not (top and key == "setup"):
            out[key] = _merge(out[key].value, node, top=False)
        else:
            out[key] = strip_nulls(node)
    return replace(child, value=out)


def _parent(entry: Node) -> str | None:
    ext = entry.get("extends")
    return None if ext is None else ext.value


def resolve_extends(entries: dict[str, Node], path: str) -> dict[str, Node]:
    """Every entry with its ``extends:`` chain merged in, in file order."""
    done: dict[str, Node] = {}
    for name in entries:
        chain = [name]  # walk up to an entry already merged or without a parent, then merge back down
        while chain[-1] not in done and (parent := _parent(entries[chain[-1]])) is not None:
            where, line = Where(path, chain[-1]), entries[chain[-1]].value["extends"].line
            if parent not in entries:
                raise where.error(line, "extends", f"extends {parent!r}, which is not in 'variants:'")
            if parent in chain:
                cycle = " -> ".join([*chain[chain.index(parent) :], parent])
                raise where.error(line, "extends", f"'extends' goes round in a cycle: {cycle}")
            chain.append(parent)
        for link in reversed(chain):
            if link not in done:
                parent = _parent(entries[link])
                done[link] = _merge({} if parent is None else done[parent].value, entries[link], top=True)
    return {name: done[name] for name in entries}
