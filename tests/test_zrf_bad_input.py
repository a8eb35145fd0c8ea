"""Hostile .zrf input on the command line: ``lint``, ``perft --zrf`` and ``check --engine zillions --zrf``
each answer with one line on standard error and exit status 2, within seconds; a missing ``)`` is
reported at the line of the ``(`` left open."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from shared_data import zillions_file

from generator.cli import main
from generator.zrf import ZrfSyntaxError, load_text, perft, read_text, start
from generator.zrf.reader import decode, tokens

SECONDS = 10  # "within seconds", with room for a busy machine

COMMANDS = {
    "lint": ["lint"],
    "perft": ["perft", "1", "--zrf"],
    "check": ["check", "--engine", "zillions", "--depth", "1", "--games", "1", "--zrf"],
}


def chess_text() -> str:
    return decode(zillions_file("Chess.zrf").read_bytes())


def one_line(capsys: pytest.CaptureFixture[str], command: str, path: Path) -> str:
    """Run ``command`` on ``path``: exit status 2, nothing on standard output, one line on standard
    error within :data:`SECONDS`; that line."""
    t = time.perf_counter()
    try:
        code = main([*COMMANDS[command], str(path)])
    except SystemExit as stop:
        code = int(stop.code or 0)
    elapsed = time.perf_counter() - t
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), (code, out, err)
    assert (
        len(err.splitlines()) == 1 and err.startswith("variantgen: ") and f"{path}:" in err and "Traceback" not in err
    ), err
    assert elapsed < SECONDS, f"{command} took {elapsed:.1f} s"
    return err.strip()


def hostile(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Each hostile file, and a piece of the one line it must get."""
    chess = chess_text()
    files: dict[str, tuple[bytes, str]] = {
        "random bytes": (random.Random(7).randbytes(100_000), ""),
        "truncated in a string": (chess[: chess.index('"Chess"') + 3].encode("latin-1"), "unterminated string"),
        "truncated inside a game": (chess[: chess.index("(board-setup")].encode("latin-1"), "never closed"),
        "100,000 nested parentheses": (b"(" * 100_000 + b")" * 100_000, "nested too deep"),
        "100,000 open parentheses": (b"(" * 100_000, "nested too deep"),
        "10 MB of comment, then a stray ')'": (
            chess.encode("latin-1") + b"; filler\n" * 1_200_000 + b")",
            f":{chess.count(chr(10)) + 1_200_001}: unbalanced ')'",
        ),
        "10 MB of random bytes": (random.Random(8).randbytes(10_000_000), ""),
        "a 10 MB name": (b"(game " + b"x" * 10_000_000, "never closed"),
    }
    out = {}
    for k, (name, (data, expected)) in enumerate(files.items()):
        path = tmp_path / f"hostile{k}.zrf"
        path.write_bytes(data)
        out[name] = (path, expected)
    return out


@pytest.mark.parametrize("command", COMMANDS)
def test_hostile_files_get_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    for name, (path, expected) in hostile(tmp_path).items():
        line = one_line(capsys, command, path)
        assert expected in line, (name, line)


def test_any_blank_separates_tokens(tmp_path: Path) -> None:
    """No-break spaces, an em space, a line separator or a Latin-1 \\x85 between tokens: still chess."""
    chess = chess_text()
    odd = chess.replace(" (", "\u00a0(").replace(") ", ")\u2003").replace("\n\t", "\n\u2028\t")
    assert odd != chess
    for text in (odd, chess.replace("(players", "\x85(players\x85")):
        t = time.perf_counter()
        assert perft(start(load_text(text, "odd.zrf").game("Chess")), 1) == 20
        assert time.perf_counter() - t < SECONDS


def test_a_missing_parenthesis_is_reported_where_its_paren_opens() -> None:
    """Drop one ')' of Chess.zrf, at every 20th: the error names the file and, nearly always, the line
    of the '(' it closed; never a line after the ')' or before the top-level form that holds it."""
    chess = chess_text()
    closes, stack = [], []
    for kind, _, line, at in tokens(chess):
        if kind == "(":
            stack.append(line)
        elif kind == ")":
            opened = stack.pop()
            closes.append((at, opened, line, stack[0] if stack else opened))
    exact = 0
    sample = closes[::20]
    for at, opened, closed, top in sample:
        with pytest.raises(ZrfSyntaxError) as bad:
            read_text(chess[:at] + chess[at + 1 :], "Chess.zrf")
        assert str(bad.value).startswith(f"Chess.zrf:{bad.value.line}: unbalanced '('")
        assert top <= bad.value.line <= closed, (opened, closed, str(bad.value))
        exact += bad.value.line == opened
    assert exact >= 0.9 * len(sample), f"{exact} of {len(sample)}"
