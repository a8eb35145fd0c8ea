"""The ``variantgen`` command line: its sub-commands, their options and their examples.

Every command but ``schema`` takes ``--catalogue FILE`` (a path, or the name of a catalogue shipped
with variantgen, which ``list --catalogues`` names; default: ``variants.yaml`` in the current folder
if there is one, else the one shipped with variantgen).  Bad input of any kind ends with one line on
standard error and exit status 2; a perft suite with a wrong count exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from generator.catalogue import CatalogueError, load_catalogue, schema
from generator.catalogue.model import Catalogue, Color, Variant
from generator.catalogue.source import SHIPPED, find_catalogue
from generator.catalogue.validating import did_you_mean
from generator.check import command as check_command
from generator.check.zillions import perft_generated, variant_of_game
from generator.emit import output
from generator.emit.fidelity import ANALYSED, limitations
from generator.emit.listing import variant_record
from generator.emit.pictures.diagrams import write_show_svg
from generator.emit.web import serve
from generator.emit.web.rules_text import rules_in_short
from generator.engine import FenError, Position, uci
from generator.engine.perft import divide, perft
from generator.importers import command as import_command
from generator.version import version
from generator.zrf.command import perft_zrf, register_lint


class UsageError(Exception):
    """Bad input from the command line: the message is the one line the user sees."""


def _variant(catalogue: Catalogue, name: str) -> Variant:
    v = catalogue.get(name)
    if v is None:
        known = catalogue.names()
        raise UsageError(f"unknown variant {name!r}{did_you_mean(name, known)}; known: {', '.join(known)}")
    return v


def _position(variant: Variant, fen: str | None, moves: Sequence[str]) -> Position:
    try:
        pos = Position.start(variant) if fen is None else Position.from_fen(variant, fen)
    except FenError as e:
        raise UsageError(f"bad FEN for {variant.name}: {e}") from None
    pos.track_history()
    for i, text in enumerate(moves, 1):
        end = pos.outcome()
        if end is not None:
            raise UsageError(f"move {i} {text!r}: the game is already over, {end}")
        try:
            pos.push_uci(text)
        except ValueError:
            raise UsageError(f"move {i} {text!r} is not legal in {pos.fen()}") from None
    return pos


def board_text(pos: Position) -> str:
    """The position as a text board, White at the bottom; ``*`` marks a hole, ``.`` an empty square."""
    geo = pos.rules.geo
    width = len(str(geo.ranks))
    lines = []
    for r in range(geo.ranks - 1, -1, -1):
        cells = []
        for f in range(geo.files):
            s = geo.square(f, r)
            code = pos.board[s]
            cells.append("*" if not geo.is_square(s) else "." if code < 0 else pos.rules.letter(code))
        lines.append(f"{r + 1:>{width}} " + " ".join(cells))
    lines.append(" " * (width + 1) + " ".join("abcdefghijklmnopqrstuvwxyz"[: geo.files]))
    return "\n".join(lines)


def cmd_list(catalogue: Catalogue, args: argparse.Namespace) -> int:
    """One row per variant; the last columns name the rules each target cannot express ("-": none).
    With ``--json``, a JSON array of one object per variant (:func:`variant_record`)."""
    if args.json:
        print(json.dumps([variant_record(catalogue, v) for v in catalogue.variants], indent=2, ensure_ascii=False))
        return 0
    rows = [("name", "title", "board", "pieces", *(f"not in {t}" for t in ANALYSED))]
    for v in catalogue.variants:
        board = f"{v.board.files}x{v.board.ranks}" + (f", {len(v.board.holes)} holes" if v.board.holes else "")
        missing = [",".join(lim.rule for lim in limitations(v, t)) or "-" for t in ANALYSED]
        rows.append((v.name, v.title, board, "".join(p.letter for p in v.pieces), *missing))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=True)) + "  " + r[-1])
    return 0


def cmd_catalogues(_: argparse.Namespace) -> int:
    """The catalogues shipped with variantgen: the name ``--catalogue`` and ``extends: NAME:ENTRY`` take,
    the number of variants, the file."""
    rows = []
    for name, path in SHIPPED.items():
        n = len(load_catalogue(path).variants)
        rows.append((name, f"{n} variant{'' if n == 1 else 's'}", str(path)))
    widths = [max(len(r[i]) for r in rows) for i in range(2)]
    for r in rows:
        print(f"{r[0].ljust(widths[0])}  {r[1].rjust(widths[1])}  {r[2]}")
    return 0


def cmd_show(catalogue: Catalogue, args: argparse.Namespace) -> int:
    v = _variant(catalogue, args.variant)
    if args.svg:
        write_show_svg(v, args.svg)
        print(f"wrote the setup diagram of {v.name} to {args.svg}")
        return 0
    pos = Position.start(v)
    print(f"{v.title} ({v.name}), {v.board.files}x{v.board.ranks}; {Color(pos.turn).word} moves first")
    print(board_text(pos))
    pockets = [
        f"{c.word}: {', '.join(f'{n} {v.piece(x).name}' for x, n in v.setup.pocket(c).items())}"
        for c in Color
        if v.setup.pocket(c)
    ]
    if pockets:
        print("in hand: " + "; ".join(pockets))
    print(f"FEN: {pos.fen()}")
    print()
    for topic, text in rules_in_short(v):
        print(f"{topic + ':':<11} {text}")
    print()
    for p in v.pieces:
        roles = f" [{', '.join(sorted(r.value for r in p.roles))}]" if p.roles else ""
        canonical = p.movement.render()
        betza = p.betza if canonical == p.betza else f"{p.betza}, canonically {canonical}"
        print(f"{p.letter}  {p.name} ({betza}){roles}")
        for line in p.movement.describe():
            print(f"     {line}")
    return 0


def cmd_moves(catalogue: Catalogue, args: argparse.Namespace) -> int:
    v = _variant(catalogue, args.variant)
    pos = _position(v, args.fen, args.moves)
    end = pos.outcome()
    if end is None:
        for text in sorted(uci(pos.rules, m) for m in pos.legal_moves()):
            print(text)
    else:
        print(f"game over: {end}")
    return 0


def cmd_perft(catalogue: Catalogue, args: argparse.Namespace) -> int:
    if args.zrf:
        return _perft_zrf_file(catalogue, args)
    if args.engine == "zillions":
        return _perft_generated_zrf(catalogue, args)
    if args.suite:
        if args.variant or args.depth is not None:
            raise UsageError("perft --suite FILE takes no VARIANT or DEPTH")
        return run_suite(catalogue, Path(args.suite))
    if args.variant is None or args.depth is None:
        raise UsageError("perft needs VARIANT and DEPTH (or --suite FILE)")
    if args.depth < 0:
        raise UsageError(f"depth {args.depth} must be 0 or more")
    v = _variant(catalogue, args.variant)
    pos = _position(v, args.fen, args.moves)
    if args.divide:
        rows = divide(pos, args.depth)
        for text, n in rows:
            print(f"{text}: {n}")
        total = sum(n for _, n in rows)
    else:
        total = perft(pos, args.depth)
    print(f"Nodes searched: {total}")
    return 0


def _perft_zrf_file(catalogue: Catalogue, args: argparse.Namespace) -> int:
    """``perft --zrf FILE [--game TITLE] [--fen FEN] DEPTH``: count through a Zillions file from its own
    setup, or from a FEN read as the catalogue variant whose download holds the game."""
    # with --zrf the only positional is the depth
    depth = args.depth if args.depth is not None else args.variant
    if depth is None or not str(depth).isdigit() or (args.depth is not None and args.variant is not None):
        raise UsageError("perft --zrf FILE [--game TITLE] [--fen FEN] DEPTH takes a depth only")
    if args.fen is None:
        perft_zrf(args.zrf, args.game, int(depth), args.divide, args.moves)
    else:
        v = variant_of_game(catalogue, args.zrf, args.game)
        perft_generated(catalogue, v, int(depth), args.divide, args.moves, fen=args.fen, zrf=args.zrf)
    return 0


def _perft_generated_zrf(catalogue: Catalogue, args: argparse.Namespace) -> int:
    """``perft VARIANT DEPTH --engine zillions [--fen FEN]``: count through the variant's generated Zillions
    file, from its setup or from ``--fen``."""
    if args.variant is None or args.depth is None:
        raise UsageError("perft VARIANT DEPTH --engine zillions needs VARIANT and DEPTH")
    perft_generated(catalogue, args.variant, args.depth, args.divide, args.moves, fen=args.fen)
    return 0


def run_suite(catalogue: Catalogue, path: Path) -> int:
    """Run a perft suite: lines ``variant ; fen ; depth ; nodes`` (``startpos`` for the start)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise UsageError(f"{path}: cannot read the suite: {e.strerror}") from None
    cases = []
    for no, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        # split off the first field and the last two: the FEN's {unmoved:...;swaps:...} extension holds a ';'
        name, sep, rest = text.partition(";")
        parts = [p.strip() for p in (name, *rest.rsplit(";", 2))] if sep else [name]
        if len(parts) != 4 or not parts[2].isdigit() or not parts[3].isdigit():
            raise UsageError(f"{path}:{no}: expected 'variant ; fen ; depth ; nodes'")
        name, fen, depth, nodes = parts[0], parts[1], int(parts[2]), int(parts[3])
        v = catalogue.get(name)
        if v is None:
            raise UsageError(f"{path}:{no}: unknown variant {name!r}")
        try:
            pos = Position.start(v) if fen == "startpos" else Position.from_fen(v, fen)
        except FenError as e:
            raise UsageError(f"{path}:{no}: bad FEN for {name}: {e}") from None
        cases.append((no, name, fen, depth, nodes, pos))
    bad = 0
    start = time.perf_counter()
    for no, name, fen, depth, nodes, pos in cases:
        got = perft(pos, depth)
        if got != nodes:
            bad += 1
            print(f"MISMATCH {path}:{no}: {name} ; {fen} ; depth {depth}: expected {nodes}, got {got}")
    elapsed = time.perf_counter() - start
    print(f"{len(cases) - bad} passed, {bad} failed ({len(cases)} perft cases in {elapsed:.1f} s)")
    return 1 if bad else 0


#: what a sub-command runs (``args.run``)
Command = Callable[[Catalogue, argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line, like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


#: what ``variantgen --help`` says the tool is
ABOUT = (
    "variantgen turns one YAML catalogue of chess variants into Fairy-Stockfish variants.ini sections, "
    "Zillions of Games downloads, pychess-variants uploads and a page of rules, and checks each of them move "
    "by move against its own reference move generator; it also imports variants.ini sections and Zillions games."
)
#: the commands ``variantgen --help`` shows
COMMON = (
    ("variantgen build", "write out/ from variants.yaml (or --catalogue FILE)"),
    ("variantgen check --engine zillions", "compare the Zillions downloads with the reference, move by move"),
    ("variantgen import variants.ini", "read a Fairy-Stockfish variants.ini (or a .zrf) into a catalogue"),
)
#: each sub-command's examples, shown under its --help (``tests/test_cli.py`` runs those that read no other file)
EXAMPLES = {
    "list": ("variantgen list", "variantgen list --catalogue fairy-stockfish --json"),
    "show": ("variantgen show ajax-chess",),
    "build": ("variantgen build", "variantgen build --catalogue mine.yaml --out mine-out"),
    "check": (
        "variantgen check chess --engine zillions --depth 1 --games 2",
        "variantgen check --catalogue mine.yaml --out mine-out --engine fairy-stockfish",
    ),
    "moves": ("variantgen moves chess --moves e2e4 e7e5",),
    "perft": (
        "variantgen perft chess 3",
        "variantgen perft chess 2 --engine zillions --fen '4k3/8/8/8/8/8/8/R3K2R w Q - 0 1'",
    ),
    "lint": ('variantgen lint "out/zillions/Chess (variantgen).zip"',),
    "schema": ("variantgen schema",),
    "serve": ("variantgen serve --out out",),
    "import": ("variantgen import mine.ini --out mine.yaml", "variantgen import Chess.zrf --game Knightmate"),
}


def _examples(lines: Sequence[str]) -> str:
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="variantgen",
        description=textwrap.fill(ABOUT, 100),
        epilog="common commands:\n" + "\n".join(f"  {c:<38} {what}" for c, what in COMMON),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    common = _Parser(add_help=False)
    common.add_argument(
        "--catalogue",
        metavar="FILE",
        help="the variants catalogue: a path, or the name of a shipped one (list --catalogues names them; "
        "default: variants.yaml in the current folder if there is one, else the one shipped with variantgen)",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("list", parents=[common], help="list the catalogue's variants")
    p.add_argument(
        "--json",
        action="store_true",
        help="a JSON array, one object per variant: names in every output, built-in, what each target cannot express",
    )
    p.add_argument(
        "--catalogues",
        action="store_const",
        const=cmd_catalogues,
        dest="alone",
        default=argparse.SUPPRESS,
        help="the catalogues shipped with variantgen instead: the names --catalogue takes",
    )
    p.set_defaults(run=cmd_list)
    p = sub.add_parser("show", parents=[common], help="a variant's setup and pieces")
    p.add_argument("variant")
    p.add_argument("--svg", metavar="FILE", help="write the setup diagram as SVG to FILE instead")
    p.set_defaults(run=cmd_show)
    position = _Parser(add_help=False)
    position.add_argument("--fen", help="start from this FEN instead of the setup")
    position.add_argument("--moves", nargs="+", default=[], metavar="M", help="UCI moves played first")
    output.register(sub, [common])
    check_command.register(sub, [common])
    p = sub.add_parser("moves", parents=[common, position], help="the legal moves of a position")
    p.add_argument("variant")
    p.set_defaults(run=cmd_moves)
    p = sub.add_parser("perft", parents=[common, position], help="count move paths (or run a suite)")
    p.add_argument("variant", nargs="?")
    p.add_argument("depth", nargs="?", type=int)
    p.add_argument("--divide", action="store_true", help="a count per first move")
    p.add_argument("--suite", metavar="FILE", help="a suite file: 'variant ; fen ; depth ; nodes' per line")
    p.add_argument(
        "--zrf",
        metavar="FILE",
        help="count through a Zillions rules file instead of the catalogue: a .zrf, a .zip holding one, "
        "or ZIP:NAME for one of several",
    )
    p.add_argument(
        "--game",
        metavar="TITLE",
        help="with --zrf: the game or variant, by title or by number (1-based, in file order, variants "
        "included); default: the first",
    )
    p.add_argument(
        "--engine",
        choices=["reference", "zillions"],
        default="reference",
        help="count with the reference engine (default) or through the generated Zillions file",
    )
    p.set_defaults(run=cmd_perft)
    register_lint(sub, [common])
    schema.register(sub)
    serve.register(sub)
    import_command.register(sub)
    for name, p in sub.choices.items():
        p.epilog = _examples(EXAMPLES[name])
        p.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if "alone" in args:  # a command that reads no catalogue
            alone: Callable[[argparse.Namespace], int] = args.alone
            return alone(args)
        catalogue = load_catalogue(find_catalogue(args.catalogue))
        run: Command = args.run
        return run(catalogue, args)
    except (CatalogueError, UsageError, ValueError) as e:
        print(f"variantgen: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader (``| head``) has gone: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
