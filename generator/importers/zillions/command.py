"""``variantgen import FILE.zrf``: the games of a Zillions rules file that the catalogue can state,
each proven against the game through the project's ZRF interpreter before it is written.

A game is read by :func:`~.game.read_game`, written as an entry, loaded as the catalogue would load
it, and proven by :func:`~.proof.prove` (every position of the tree to two plies alike, perft to
three equal).  A game whose analysis runs longer than :data:`LIMIT` seconds is left out with that
reason; so is a game the interpreter cannot play.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from generator.catalogue import CatalogueError
from generator.catalogue.loader import load_catalogue_text
from generator.catalogue.model import Variant
from generator.importers.builtin_letters import builtin_letters
from generator.importers.writing import MARK, entry_name, modeline, write_catalogue
from generator.importers.yaml_text import render_entry
from generator.importers.zillions.game import Imported, read_game
from generator.importers.zillions.proof import Disagreement, Unstatable, prove
from generator.importers.zillions.refused import Refused
from generator.words import count
from generator.zrf import Game, RulesFile, ZrfError
from generator.zrf.model import load

#: seconds one game's reading and proof may take
LIMIT = 60


@dataclass
class ZrfImport:
    """What an import of a rules file found: the entries written, and each game left out with why."""

    path: str
    entries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)  # (game, why)
    nodes: dict[str, int] = field(default_factory=dict)  # entry -> the proof's perft count


class _TooLong(Exception):
    pass


@contextmanager
def _deadline(seconds: int) -> Iterator[None]:
    """Raise :class:`_TooLong` after ``seconds`` (where the platform has SIGALRM)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def ring(signum: int, frame: FrameType | None) -> None:
        raise _TooLong

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def game_label(rf: RulesFile, game: Game) -> str:
    """How ``--game`` names the game: its title, or its number where another game has that title."""
    same = [g for g in rf.games if g.title == game.title]
    return game.title if len(same) == 1 and game.title else str(rf.games.index(game) + 1)


def import_zrf(path: str, file_label: str, only: str | None = None, limit: int = LIMIT) -> ZrfImport:
    """Import the games of the rules file ``path`` (``only``: one game, by title or number), naming the
    file ``file_label`` in each entry's ``source``; ``ZrfError`` if the file cannot be read at all."""
    rf = load(path)
    games = [rf.game(only)] if only is not None else rf.games
    result = ZrfImport(path)
    taken: set[str] = set()
    for game in games:
        label = game_label(rf, game)
        try:
            with _deadline(limit):
                entry_name, data, nodes = _one(game, label, file_label, taken)
        except (Refused, Unstatable) as e:
            result.left_out.append((label, str(e)))
            continue
        except Disagreement as e:
            result.left_out.append((label, f"the entry does not play as the game: {e}"))
            continue
        except _TooLong:
            result.left_out.append((label, f"its analysis takes longer than {limit} s"))
            continue
        except (ZrfError, RecursionError) as e:
            result.left_out.append((label, f"the interpreter cannot play it: {e}"))
            continue
        except (ValueError, CatalogueError) as e:  # the entry written does not load: the catalogue refuses it
            result.left_out.append((label, f"the catalogue refuses what was read: {e}"))
            continue
        except Exception as e:  # one game's failure must not stop the file's other games
            result.left_out.append((label, f"the importer fails on it: {type(e).__name__}: {e}"))
            continue
        taken.add(entry_name)
        result.entries.append((entry_name, data))
        result.nodes[entry_name] = nodes
    return result


def _one(game: Game, label: str, file_label: str, taken: set[str]) -> tuple[str, dict[str, Any], int]:
    imported = read_game(game)
    name = entry_name(game.title or label, taken)
    variant, data = _entry(game, label, file_label, name, imported)
    builtin = builtin_letters(variant)
    if builtin is not None and any(a != b for a, b in builtin.items()):
        # a promoted form's letter (+P) follows its piece's
        prefer = {zrf: builtin[letter] for zrf, letter in imported.letters.items() if not letter.startswith("+")}
        imported = read_game(game, prefer)
        variant, data = _entry(game, label, file_label, name, imported)
    nodes = prove(variant, game, imported.letters, imported.squares, hands=imported.hands)
    return name, data, nodes


def _entry(game: Game, label: str, file_label: str, name: str, imported: Imported) -> tuple[Variant, dict[str, Any]]:
    """The entry ``name`` for what was read, as data and as the catalogue loads it."""
    data = {
        "title": game.title or label,
        "description": f"Game {label!r} of {file_label}, imported.",
        **{k: v for k, v in imported.data.items() if k != "title"},
        "source": {"file": file_label, "game": label},
    }
    catalogue = load_catalogue_text("variants:\n" + render_entry(name, data), f"<{game.title}>")
    return catalogue.variants[0], data


def zillions_file(path: str) -> bool:
    """Whether ``path`` names a Zillions rules file: ``.zrf``, ``.zip`` or ``ZIP:NAME``."""
    low = path.lower()
    return low.endswith((".zrf", ".zip")) or ".zip:" in low


def catalogue_text(result: ZrfImport, out_path: Path) -> str:
    """The catalogue file: the header, then one entry per game imported."""
    header = (
        modeline(out_path) + f"{MARK} from {result.path}: one entry per game, each proven against\n"
        "# the game through variantgen's ZRF interpreter (every position two plies deep, perft 3).\n\n"
        "variants:\n\n"
    )
    return header + "\n".join(render_entry(n, d) for n, d in result.entries)


def import_zillions(path: str, game: str | None, out: str | None, force: bool) -> int:
    """The command for a Zillions file: import, write the catalogue if a game was imported, print the
    summary; 0 when a game was imported, 1 when none could be, and a file that cannot be read is
    ``ValueError`` (one line, exit 2).  Each entry names the file by its path from the catalogue's folder,
    where ``variantgen check`` looks for it."""
    where = path.split(".zip:")[0] + ".zip" if ".zip:" in path.lower() else path
    out_path = Path(out) if out else Path(where).with_suffix(".yaml")
    if out_path.resolve() == Path(where).resolve():
        raise ValueError(f"--out {out_path} is the rules file itself")
    member = path[len(where) :]  # ":NAME" of "FILE.zip:NAME"
    label = Path(os.path.relpath(Path(where).resolve(), out_path.resolve().parent)).as_posix() + member
    try:
        result = import_zrf(path, label, game)
    except ZrfError as e:
        raise ValueError(str(e)) from None
    if result.entries:
        try:
            write_catalogue(catalogue_text(result, out_path), out_path, force)
        except OSError as e:
            raise ValueError(f"{out_path}: cannot write the catalogue: {e.strerror or e}") from None
    for line in summary(result, out_path):
        print(line)
    return 0 if result.entries else 1


def summary(result: ZrfImport, out_path: Path) -> list[str]:
    """The lines the command prints: each game left out, then the counts and the reasons."""
    lines = [f"left out: game {game!r}: {why}" for game, why in result.left_out]
    total = len(result.entries) + len(result.left_out)
    lines.append(
        f"{len(result.entries)} of {count(total, 'game')} imported into {out_path}"
        if result.entries
        else f"no game of {total} imported; {out_path} not written"
    )
    return lines
