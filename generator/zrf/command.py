"""Command-line hooks for .zrf files: ``variantgen lint FILE`` and ``variantgen perft --zrf FILE``
(``FILE``: a ``.zrf``, a ``.zip`` holding one, or ``ZIP:NAME``; see :mod:`generator.zrf.source`).

``register_lint(subparsers, parents)`` adds the ``lint`` sub-command (its
``args.run`` is :func:`cmd_lint`: exit status 0 when the file is clean or has only
warnings, 1 when it has errors, 2 when it cannot be read or parsed, said in one line).

``perft_zrf(path, game, depth, divide)`` runs perft on a game (by title or number) of a
rules file, printing ``move: count`` lines (with ``divide``) and ``Nodes searched: N``;
it returns N.  Bad input raises :class:`~generator.zrf.reader.ZrfError` (a
``ValueError``) whose text is the one line to show.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from generator.words import count
from generator.zrf.interpreter import divide as zrf_divide
from generator.zrf.interpreter import open_game, perft
from generator.zrf.lint import lint
from generator.zrf.moves import ZMove
from generator.zrf.notation import Notation
from generator.zrf.reader import ZrfError
from generator.zrf.state import State

#: the parser class of the command line the sub-command joins
ParserT = TypeVar("ParserT", bound=argparse.ArgumentParser)


def register_lint(subparsers: argparse._SubParsersAction[ParserT], parents: Sequence[ParserT] = ()) -> ParserT:
    """Add the ``lint`` sub-command; it runs :func:`cmd_lint` (``args.run``)."""
    p = subparsers.add_parser(
        "lint",
        parents=list(parents),
        help="check a Zillions .zrf rules file",
        description="Check a .zrf file: parentheses and strings, macros, every name declared (directions, "
        "positions, zones, pieces, attributes, players, move types), complete symmetries, "
        "well-formed goals, known options.  Exit status: 0 clean or only warnings, 1 errors found, "
        "2 the file cannot be read or parsed.",
    )
    p.add_argument(
        "file", metavar="FILE", help="the rules file: a .zrf, a .zip holding one, or ZIP:NAME for one of several"
    )
    p.set_defaults(run=cmd_lint)
    return p


def cmd_lint(catalogue: object, args: argparse.Namespace) -> int:
    """Print each problem as ``file:line: what``; the exit status (0, 1 or 2)."""
    del catalogue
    try:
        messages = lint(args.file)
    except ZrfError as e:
        print(f"variantgen: {e}", file=sys.stderr)
        return 2
    syntax = [m for m in messages if m.kind == "syntax"]
    if syntax:  # the file cannot be read: its first problem, as every command says it
        print(f"variantgen: {syntax[0]}", file=sys.stderr)
        return 2
    for m in messages:
        print(m)
    errors = sum(m.kind != "warning" for m in messages)
    if messages:
        print(f"{args.file}: {count(errors, 'error')}, {count(len(messages) - errors, 'warning')}")
    else:
        print(f"{args.file}: no problems found")
    return 1 if errors else 0


def perft_zrf(
    path: str | Path, game_title: str | None, depth: int, divide: bool = False, moves: Sequence[str] = ()
) -> int:
    """Perft ``depth`` of the game ``game_title`` (default: the file's first game) of a .zrf file,
    after the UCI ``moves``; prints the counts and returns the number of nodes."""
    if depth < 0:
        raise ZrfError(path, 0, f"depth {depth} must be 0 or more")
    state = open_game(path, game_title)
    notation = Notation(state.prog)
    for i, text in enumerate(moves, 1):
        try:
            notation.push(state, text)
        except ValueError:
            raise ZrfError(path, 0, f"move {i} {text!r} is not legal in {state.prog.game.title}") from None
    return print_perft(state, depth, divide, notation.uci)


def print_perft(state: State, depth: int, divide: bool, spell: Callable[[ZMove], str]) -> int:
    """Perft from ``state``, printed like ``variantgen perft``: with ``divide`` a ``move: count`` line
    per first move, then ``Nodes searched: N``; returns N."""
    if divide:
        rows = zrf_divide(state, depth, spell)
        for text, n in rows:
            print(f"{text}: {n}")
        total = sum(n for _, n in rows)
    else:
        total = perft(state, depth)
    print(f"Nodes searched: {total}")
    return total
