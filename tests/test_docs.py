"""Every console example of the README and of ``docs/*.md`` runs, and prints what the page says it prints.

Sybil reads each page's ```` ```console ```` blocks (and its ``<!-- skip: next -->`` comments); the evaluator
below runs each ``$ `` command with bash from the repository's folder, a page's commands in order, each after
the ``export`` and ``cd`` lines before it on the same page, standard error with standard output.  A
heredoc (``<<'EOF'`` ... ``EOF``) belongs to its command.  The output must be the lines that follow the
command, where a line ``...`` stands for any lines and ``...`` within a line for any text; timings
(``2.8 s``, ``94%``, a table's seconds and the width of its columns) and the number of worker processes are
elided on both sides.  ``/tmp/newvariant``, the
folder the pages work in, is a fresh folder of each run's own.  A change in the tool's output fails here
until the page follows.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from sybil import Example, Sybil
from sybil.example import SybilFailure
from sybil.parsers.markdown import CodeBlockParser, SkipParser

ROOT = Path(__file__).resolve().parent.parent
#: the pages: the README and every page under docs/
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
#: the pages of the slow tier: new-variant.md builds and checks its variant at length (a minute)
SLOW = {"docs/new-variant.md"}
#: where the pages work: each run replaces it with a folder of its own
WORKPLACE = "/tmp/newvariant"

_ELIDED = (
    (re.compile(r"\b\d+\.\d+\b"), "N.N"),  # seconds, in a sentence or a table's column
    (re.compile(r"\b\d+(\.\d+)? s\b"), "N s"),
    (re.compile(r"\b\d+%"), "N%"),
    (re.compile(r"\b\d+ worker process(es)?\b"), "N worker processes"),
    # the cores of the machine that runs the check
    (re.compile(r" on \d+ workers \("), " ("),
    (re.compile(r" {2,}"), " "),  # a table's columns, as wide as their longest figure
)


def _commands(block: str) -> list[tuple[str, list[str]]]:
    """(command, the output lines the page shows for it) of one console block."""
    out: list[tuple[str, list[str]]] = []
    lines = block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            if not out:
                raise ValueError(f"output before any command: {line!r}")
            out[-1][1].append(line)
            i += 1
            continue
        command = line[2:]
        heredoc = re.search(r"<<-?'?(\w+)'?", command)
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command += "\n" + lines[i]
        if heredoc:
            while i + 1 < len(lines):
                i += 1
                command += "\n" + lines[i]
                if lines[i] == heredoc.group(1):
                    break
        out.append((command, []))
        i += 1
    return out


def _normal(text: str) -> str:
    text = "\n".join(line.rstrip() for line in text.splitlines())
    for pattern, word in _ELIDED:
        text = pattern.sub(word, text)
    return text


def _pattern(expected: list[str]) -> re.Pattern[str]:
    parts = []
    for line in _normal("\n".join(expected)).split("\n") if expected else []:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(map(re.escape, line.split("..."))) + r"\n")
    return re.compile("".join(parts), re.DOTALL)


def _evaluate(example: Example) -> str | None:
    state: dict[str, Any] = example.namespace
    place: Path = state["place"]
    for command, expected in _commands(example.parsed):
        script = "\n".join([*state["prelude"], command.replace(WORKPLACE, str(place))])
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
            timeout=900,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},  # the two streams in the order they were written
        )
        actual = _normal(done.stdout.replace(str(place), WORKPLACE)) + "\n"
        if not _pattern(expected).fullmatch(actual if expected else actual.strip()):
            diff = difflib.unified_diff(expected, actual.splitlines(), "the page", "the tool", lineterm="")
            return f"line {example.line}: $ {command}\n" + "\n".join(diff)
        if re.match(r"(export|cd) ", command):
            state["prelude"].append(command.replace(WORKPLACE, str(place)))
    return None


SYBIL = Sybil(parsers=[CodeBlockParser("console", _evaluate), SkipParser()], path=str(ROOT))


@pytest.mark.parametrize("page", [pytest.param(p, marks=[pytest.mark.slow] if p in SLOW else []) for p in PAGES])
def test_the_pages_console_examples_print_what_they_show(page: str, tmp_path: Path) -> None:
    document = SYBIL.parse(ROOT / page)
    place = tmp_path / "newvariant"
    document.namespace.update(place=place, prelude=[])
    try:
        for example in document.examples():
            example.evaluate()
    finally:
        shutil.rmtree(place, ignore_errors=True)


def test_a_page_whose_output_the_tool_no_longer_prints_fails(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```console\n$ echo 'took 2.5 s'; echo kept\ntook 9.1 s\n...\n$ echo a; echo b\na\nc\n```\n", encoding="utf-8"
    )
    document = SYBIL.parse(page)
    document.namespace.update(place=tmp_path / "newvariant", prelude=[])
    with pytest.raises(SybilFailure, match=r"\$ echo a; echo b\n--- the page\n\+\+\+ the tool"):
        for example in document.examples():
            example.evaluate()
