"""The shape of the code itself: no import circles, no over-complex function, no oversized module.

These hold the line that ``docs/architecture.md`` draws: small modules, one concern each, data
flowing one way.  mypy --strict and ruff run in ``.ci/run``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from radon.complexity import cc_visit

PACKAGE = Path(__file__).resolve().parents[1] / "generator"
MAX_COMPLEXITY = 20  # radon rank C at most
MAX_MODULE_LINES = 1000  # a guide (issue 35): a module holds one concern, whatever its length


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of the package that ``name`` imports anywhere (function bodies and
    ``TYPE_CHECKING`` blocks included: a deferred import hides a circle, it does not remove it)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for a in node.names:
                sub = f"{base}.{a.name}"
                found.add(sub if sub in known else base)
    return {m for m in found if m in known and m != name}


def test_no_import_circles() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, set(modules)) for name, path in modules.items()}
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                circles.append([*stack[stack.index(n) :], n])
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_no_function_is_too_complex() -> None:
    over = [
        f"{path.relative_to(PACKAGE.parent)}:{block.lineno} {block.fullname} ({block.complexity})"
        for path in _modules().values()
        for block in cc_visit(path.read_text(encoding="utf-8"))
        if block.complexity > MAX_COMPLEXITY
    ]
    assert not over, f"cyclomatic complexity over {MAX_COMPLEXITY}: " + ", ".join(over)


def test_no_module_is_too_long() -> None:
    over = [
        f"{path.relative_to(PACKAGE.parent)} ({n} lines)"
        for path in _modules().values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    ]
    assert not over, f"modules over {MAX_MODULE_LINES} lines: " + ", ".join(over)


def test_every_module_names_its_concern() -> None:
    # the module limit is a guide only: what holds a module together is the one concern its docstring names
    unnamed = [
        str(path.relative_to(PACKAGE.parent))
        for path in _modules().values()
        if not (ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or "").strip()
    ]
    assert not unnamed, "modules without a docstring naming their concern: " + ", ".join(unnamed)


def test_the_circle_finder_finds_a_circle(tmp_path: Path) -> None:
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("def f():\n    from pkg import b\n", encoding="utf-8")
    b.write_text("from pkg.a import f\n", encoding="utf-8")
    known = {"pkg.a", "pkg.b"}
    assert _imports("pkg.a", a, known) == {"pkg.b"}
    assert _imports("pkg.b", b, known) == {"pkg.a"}


def test_missing_shared_data_fails_with_one_clear_line() -> None:
    from shared_data import shared_file

    with pytest.raises(pytest.fail.Exception, match=r"no-such-file is missing: these tests need the project's shared"):
        shared_file("no-such-file")


# What a check may take from the emitters: an emitter's ``emit`` (it runs it and reads the files
# back) and ``FOLDER`` (where a build puts them under out/), the manifest types, the targets' enum, the
# fidelity table every target shares, and Fairy-Stockfish's option table (the ini lint reads each option's type
# there); and, from the build, its default output folder and whether a folder holds a build of the
# catalogue.  Anything else would be an emitter's internals (how it names pieces, titles games,
# writes strings).  The fidelity table is a package: one module per target.
FIDELITY = ("generator.emit.fidelity", "generator.emit.fidelity.fairy_stockfish", "generator.emit.fidelity.zillions")
CHECK_MAY_IMPORT = frozenset(
    {
        "generator.emit.manifest",
        "generator.emit.target",
        *FIDELITY,
        "generator.emit.output",
        "generator.emit.fairy_stockfish.table",
    }
)
EMITTER_PUBLISHES = frozenset({"emit", "FOLDER"})


def test_checks_use_only_what_emitters_publish() -> None:
    emitters = {"generator.emit.fairy_stockfish", "generator.emit.zillions"}
    wrong = []
    for name, path in _modules().items():
        if not name.startswith("generator.check"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator.emit"):
                module, names = node.module or "", [a.name for a in node.names]
                if module in CHECK_MAY_IMPORT or (module in emitters and set(names) <= EMITTER_PUBLISHES):
                    continue
                wrong.append(f"{name}:{node.lineno} imports {', '.join(names)} from {module}")
            elif isinstance(node, ast.Import) and any(a.name.startswith("generator.emit") for a in node.names):
                wrong.append(f"{name}:{node.lineno} imports {', '.join(a.name for a in node.names)}")
    assert not wrong, wrong


# The layers of docs/architecture.md, in the order data flows: a module may import its own layer
# and the ones before it, never one after.
LAYERS = (
    "generator.shipped",
    "generator.version",
    "generator.words",
    "generator.betza",
    "generator.catalogue",
    "generator.engine",
    "generator.emit",
    "generator.zrf",
    "generator.check",
    "generator.importers",
    "generator.cli",
)


def _layer(module: str) -> int:
    for i, prefix in enumerate(LAYERS):
        if module == prefix or module.startswith(prefix + "."):
            return i
    return len(LAYERS)  # the package itself and __main__ sit on top


def test_data_flows_one_way() -> None:
    modules = _modules()
    upstream = [
        f"{name} imports {dep}"
        for name, path in modules.items()
        for dep in sorted(_imports(name, path, set(modules)))
        if _layer(dep) > _layer(name)
    ]
    assert not upstream, upstream
