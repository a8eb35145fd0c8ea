"""What an emitter wrote: the contract between the emitters and the checks.

Every emitter returns a :class:`Manifest`.  A check reads the files on disk and what the
manifest says of them (section names, titles, piece names, start positions), and never
asks the emitter's internals how it names things.  Everything here is immutable.

>>> entry = SectionEntry(variant="chess", section="chess-variantgen",
...                      start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
>>> m = Manifest(target=Target.FAIRY_STOCKFISH, files=("variants.ini",), sections=(entry,))
>>> m.section_of("chess").section
'chess-variantgen'
>>> from pathlib import PurePosixPath
>>> m.summary(PurePosixPath("out/fairy-stockfish"))
'out/fairy-stockfish/variants.ini, 1 section'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from generator.emit.target import Target
from generator.words import count


@dataclass(frozen=True)
class SectionEntry:
    """One ``variants.ini`` section: the catalogue variant, the section name and its ``startFen``."""

    variant: str
    section: str
    start_fen: str


@dataclass(frozen=True)
class GameEntry:
    """One game or variant of a ``.zrf`` file.

    ``number`` is its place in the file (1 for the first ``game``), ``pieces`` pairs each
    catalogue letter (upper case; ``+P`` for a promoted form) with the ZRF piece name, and
    ``start`` is the start position as ``board[pocket] side`` in Fairy-Stockfish's FEN dialect,
    pocket letters sorted.  ``hand`` names the hand positions where pieces in hand stand (a move
    from one is a drop), if the game has them: White's, then as many of Black's.  ``unmoved`` names
    the piece attribute that stays true until the piece moves (castling, first moves), ``promoted``
    the one a pawn promoted to carries (a capture sends it back to hand as a pawn), empty where the
    file has none: what a position set up from a FEN gives its pieces.  ``tokens`` gives, per swap rule
    of the variant, the positions of White's swap-right tokens and of Black's: a position set up from a
    FEN keeps as many of a side's tokens as it has swaps left.  ``paired`` pairs the letters of a pseudo-royal
    type's forms the file retypes with the ZRF names of their paired forms, royal no more: a side holding
    more than one piece of those letters stands them so.  ``castling_onto_rook``: castling is spelled as the
    king's move onto its rook (Chess960), the file's cascade of king and rook read so.  ``stand_ins`` pairs a
    letter with the ZRF names of the pieces that stand for it as a game ends (a royal piece victorious, or
    passed facing the other): spelled with its letter, so that a pass as its stand-in is still ``0000``.
    """

    variant: str
    title: str
    number: int
    pieces: tuple[tuple[str, str], ...]
    start: str
    hand: tuple[str, ...] = ()
    unmoved: str = ""
    promoted: str = ""
    tokens: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    paired: tuple[tuple[str, str], ...] = ()
    castling_onto_rook: bool = False
    stand_ins: tuple[tuple[str, str], ...] = ()

    def letters(self) -> dict[str, str]:
        """ZRF piece name -> catalogue letter (a paired form's and a stand-in's too)."""
        return {zrf: letter for letter, zrf in (*self.pieces, *self.paired, *self.stand_ins)}


@dataclass(frozen=True)
class ZrfEntry:
    """One Zillions download: its key (``download``: the family's name, or ``family/N`` for a part),
    ``path`` (relative to the emitter's folder), the ``.zrf`` inside it (``member``, a path inside the
    zip) and its games in file order."""

    download: str
    path: str
    member: str
    games: tuple[GameEntry, ...]


@dataclass(frozen=True)
class Manifest:
    """What one emitter wrote into its folder: ``files`` relative to that folder, in order."""

    target: Target
    files: tuple[str, ...]
    sections: tuple[SectionEntry, ...] = ()
    zrf: tuple[ZrfEntry, ...] = ()

    def summary(self, folder: PurePath) -> str:
        """What was written into ``folder``, in a few words: the one file, or how many files, then
        the sections and downloads they hold (the build's summary line for this emitter)."""
        if not self.files:
            return "nothing written"  # the build made no folder for it
        words = [str(folder / self.files[0]) if len(self.files) == 1 else f"{len(self.files)} files in {folder}/"]
        if self.sections:
            words.append(count(len(self.sections), "section"))
        if self.zrf:
            games = sum(len(z.games) for z in self.zrf)
            words.append(f"{count(len(self.zrf), 'download')} with {count(games, 'game')}")
        return ", ".join(words)

    def section_of(self, variant: str) -> SectionEntry:
        """The ini section written for catalogue ``variant``; ``KeyError`` if there is none."""
        for s in self.sections:
            if s.variant == variant:
                return s
        raise KeyError(variant)

    def game_of(self, variant: str) -> tuple[ZrfEntry, GameEntry]:
        """The download and the game written for catalogue ``variant``; ``KeyError`` if there is none."""
        for z in self.zrf:
            for g in z.games:
                if g.variant == variant:
                    return z, g
        raise KeyError(variant)
