"""Fairy-Stockfish ``variants.ini``: one parent-less section per catalogue variant, and its loader check.

Every decision is made here, in :func:`section_context`; the Jinja template
(``templates/fairy-stockfish/variants.ini.j2``) only lays the prepared context out.  A section is
written for the variant *relaxed* for Fairy-Stockfish (:func:`generator.emit.fidelity.relaxed`):
the rules FSF cannot express are switched off, and named in the section's comment.

Choices (see ``shared/research/fairy-stockfish.md``):

* Sections have no parent, so nothing is inherited but the defaults of FSF's ``struct Variant``
  (``src/variant.h``), and every option a catalogue feature touches is written out, defaults
  included: board size, pawn steps, en passant, promotion, castling, drops, goals, draws.
* Pieces keep the catalogue's FEN letters (lower case in the ini).  The royal piece is FSF's
  ``king``; the one pawn-role piece moving ``fmWfcF`` is FSF's ``pawn`` (which alone has double
  and triple steps and en passant); pieces moving exactly like a knight, bishop, rook or queen
  are FSF's; every other piece is a ``customPieceN`` with the canonical Betza of
  :mod:`generator.betza`, whose dialect reads the way FSF reads it.
* ``pieceToCharTable = -``: the table only serves XBoard, and ``-`` keeps FSF's check quiet.
* A variant whose name is one of FSF's built-in variants (``chess``) gets the section name
  ``<name>-variantgen`` (:func:`section_name`): FSF keeps the first definition of a name, so a
  section ``[chess]`` would silently stay FSF's own chess.
* Start FENs come from the reference engine (:func:`start_fen`), without its seventh field.

pyffish accepts anything without a word (bad options are ignored, a redefined name keeps the
first definition, an oversized board makes the section vanish, and an unknown variant name kills
the interpreter), so :func:`verify_ini` loads the text in a child process and checks every
section, after a static check of every option the way FSF's ``check`` mode would.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from generator.betza import BetzaError, parse_betza
from generator.catalogue.model import Catalogue, Color, StalemateResult, Variant, absolute_rank
from generator.emit.fidelity import (
    FAIRY_STOCKFISH,
    FSF_LAME,
    FSF_MAX_FILES,
    FSF_MAX_RANGE,
    FSF_MAX_RANKS,
    FSF_RIDERS,
    check_name,
    fairy_stockfish_pieces,
    limitations,
    relative_rank,
    relaxed,
    writable,
)
from generator.emit.jinja import render
from generator.engine import Position

__all__ = [
    "BUILTIN_VARIANTS",
    "FILE_NAME",
    "FOLDER",
    "LOADER_CHECKS",
    "TARGET",
    "check_ini_text",
    "emit",
    "expected_start_fens",
    "render_ini",
    "section_context",
    "section_name",
    "select",
    "start_fen",
    "verify_ini",
]

TARGET = FAIRY_STOCKFISH
FOLDER = "fairy-stockfish"  # under out/
FILE_NAME = "variants.ini"
TEMPLATE = "fairy-stockfish/variants.ini.j2"
RENAME_SUFFIX = "-variantgen"
FILES = "abcdefghijkl"

#: The variants built into Fairy-Stockfish (pyffish 0.0.90, ``pyffish.variants()`` before any load).
_BUILTIN_NAMES = (
    "3check 5check ai-wok almost amazon amazons antichess armageddon asean ataxx atomar atomic berolina "
    "breakthrough bughouse cambodian capablanca capahouse caparandom centaur chancellor chaturanga checkshogi "
    "chess chessgi chigorin clobber clobber10 codrus coregal courier crazyhouse dobutsu dragon duck embassy "
    "euroshogi extinction fairy fischerandom flipello flipello10 flipersi fox-and-hounds gardner georgian "
    "giveaway gorogoro gothic grand grasshopper gustav3 hoppelpoppel horde isolation isolation7x7 janggi "
    "janggicasual janggimodern janggitraditional janus jesonmor joust judkins karouk kinglet kingofthehill "
    "knightmate koedem kyotoshogi legan loop losalamos losers makpong makruk manchu micro mini minishogi "
    "minixiangqi misere modern newzealand nightrider nocastle nocheckatomic normal okisakishogi omicron "
    "opulent paradigm pawnback pawnsideways perfect petrified placement pocketknight raazuvaa racingkings "
    "seirawan shako shatar shatranj shogi shoshogi shouse sittuyin snailtrail sortofalmost spartan suicide "
    "supply tencubed threekings torishogi torpedo troitzky wolf xiangqi yarishogi"
)
BUILTIN_VARIANTS = frozenset(_BUILTIN_NAMES.split())

#: What :func:`verify_ini` checks, in order.
LOADER_CHECKS = (
    "static: every line is a comment, a section header or 'key = value'; no section twice; no key twice",
    "static: every key is an option Fairy-Stockfish reads, and its value has the option's type",
    "static: piece letters are defined in the section; custom Betza is within FSF's subset",
    "child process: no section name clashes with a built-in variant (FSF would keep the built-in)",
    "child process: pyffish prints nothing while loading (duplicates, unknown parents)",
    "child process: every expected section is registered after loading, and no other section",
    "child process: pyffish's start FEN equals the catalogue's; validate_fen gives 1 (FEN_OK)",
    "child process: the start FEN reads back unchanged (castling rights, pockets) and has legal moves",
)

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def section_name(variant: Variant) -> str:
    """The ini section name of ``variant``: its name, or ``<name>-variantgen`` if FSF has that built in."""
    name = check_name(variant.name, "variant name")
    return name + RENAME_SUFFIX if name in BUILTIN_VARIANTS else name


def start_fen(variant: Variant) -> str:
    """The reference engine's start FEN of ``variant``, without the engine's seventh field."""
    return " ".join(Position.start(variant).fen().split(" ")[:6])


def select(catalogue: Catalogue, names: Sequence[str] | None = None) -> list[Variant]:
    """The catalogue's variants named in ``names`` (all if None), in catalogue order; ``ValueError``
    naming any unknown name."""
    if names is None:
        return list(catalogue.variants)
    known = set(catalogue.names())
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(
            f"unknown variant{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"known: {', '.join(catalogue.names())}"
        )
    wanted = set(names)
    return [v for v in catalogue.variants if v.name in wanted]


# --- the context ------------------------------------------------------------------------------------------


def _ranks(color: Color, relative: Sequence[int], ranks: int) -> str:
    """A Bitboard value: whole ranks, absolute, ascending (``*8 *9``), or ``-`` for none."""
    absolute = sorted({absolute_rank(color, r, ranks) for r in relative})
    return " ".join(f"*{r}" for r in absolute) or "-"


def _text(value: object, what: str) -> str:
    text = str(value)
    if not text or _CONTROL.search(text) or text != text.strip():
        raise ValueError(f"{what} {text!r} cannot be written into variants.ini (empty, control character or padding)")
    return text


def _options(v: Variant) -> list[dict[str, object]]:
    """The option groups of a (relaxed) variant: ``[{"label": ..., "options": [(key, value), ...]}]``."""
    board, pr, goals, draws = v.board, v.pawn_rules, v.goals, v.draws
    files, ranks = board.files, board.ranks
    kinds = fairy_stockfish_pieces(v)
    groups: list[dict[str, object]] = []

    def group(label: str, *options: tuple[str, object]) -> None:
        groups.append({"label": label, "options": [(k, _text(x, f"value of {k}")) for k, x in options]})

    group("board", ("maxFile", files), ("maxRank", ranks))

    pieces: list[tuple[str, object]] = [("pieceToCharTable", "-")]
    custom = 0
    royal = None
    for p, kind in kinds:
        if not re.fullmatch("[A-Z]", p.letter):
            raise ValueError(f"piece letter {p.letter!r} of {v.name} is not one upper-case letter A-Z")
        letter = p.letter.lower()
        if kind == "custom":
            custom += 1
            pieces.append((f"customPiece{custom}", f"{letter}:{p.movement.render()}"))
        elif kind == "king":
            royal = letter
            plain = p.movement == parse_betza("K")
            pieces.append(("king", letter if plain else f"{letter}:{p.movement.render()}"))
        else:
            pieces.append((kind, letter))
    custom_pawns = "".join(p.letter.lower() for p, kind in kinds if p.pawn and kind == "custom")
    if custom_pawns:
        pieces.append(("pawnTypes", custom_pawns))
    group("pieces", *pieces)

    has_pawns = any(p.pawn for p in v.pieces)
    steps = pr.max_steps if has_pawns else 1
    multi = {c: _ranks(c, pr.multi_step_ranks, ranks) for c in Color}
    promo = pr.promotion if has_pawns else None
    group(
        "pawns",
        ("doubleStep", "true" if steps >= 2 else "false"),
        ("doubleStepRegionWhite", multi[Color.WHITE] if steps >= 2 else "-"),
        ("doubleStepRegionBlack", multi[Color.BLACK] if steps >= 2 else "-"),
        ("tripleStepRegionWhite", multi[Color.WHITE] if steps >= 3 else "-"),
        ("tripleStepRegionBlack", multi[Color.BLACK] if steps >= 3 else "-"),
        ("enPassantRegion", _ranks(Color.WHITE, range(1, ranks + 1), ranks) if pr.en_passant and steps >= 2 else "-"),
        ("promotionRegionWhite", _ranks(Color.WHITE, promo.ranks, ranks) if promo else "-"),
        ("promotionRegionBlack", _ranks(Color.BLACK, promo.ranks, ranks) if promo else "-"),
        ("promotionPieceTypes", "".join(x.lower() for x in promo.choices) if promo else "-"),
        ("mandatoryPawnPromotion", "true" if promo is None or promo.mandatory else "false"),
    )

    if not v.castling:
        group("castling", ("castling", "false"))
    else:
        first = v.castling[0]
        side: dict[bool, tuple[str, str]] = {}
        for cm in v.castling:
            side.setdefault(cm.kingside, (FILES[cm.king_to.file], FILES[cm.rook_from.file]))
        last = FILES[files - 1]
        king_k, rook_k = side.get(True, (last, last))
        king_q, rook_q = side.get(False, ("a", "a"))
        rook_sets: dict[Color, set[str]] = {c: set() for c in Color}
        for cm in v.castling:
            placed = v.setup.piece_at(cm.rook_from)  # the loader guarantees a piece there
            rook_sets[cm.color].add(placed[1].lower() if placed else "r")
        rooks = {c: "".join(sorted(rook_sets[c])) for c in Color}
        rook_options: list[tuple[str, object]]
        if rooks[Color.WHITE] == rooks[Color.BLACK] or not rooks[Color.WHITE] or not rooks[Color.BLACK]:
            rook_options = [("castlingRookPieces", rooks[Color.WHITE] or rooks[Color.BLACK])]
        else:
            rook_options = [
                ("castlingRookPiecesWhite", rooks[Color.WHITE]),
                ("castlingRookPiecesBlack", rooks[Color.BLACK]),
            ]
        group(
            "castling",
            ("castling", "true"),
            ("castlingKingPiece", royal or "k"),
            ("castlingRank", relative_rank(first.color, first.king_from, ranks)),
            ("castlingKingsideFile", king_k),
            ("castlingQueensideFile", king_q),
            ("castlingRookKingsideFile", rook_k),
            ("castlingRookQueensideFile", rook_q),
            *rook_options,
        )

    if v.drops is None:
        group("drops", ("pieceDrops", "false"))
    else:
        to_hand = v.drops.captures_to_hand
        group(
            "drops",
            ("pieceDrops", "true"),
            ("capturesToHand", "true" if to_hand else "false"),
            *([("dropLoop", "true")] if to_hand else []),  # captured promoted pieces go to hand as they are
            ("dropRegionWhite", _ranks(Color.WHITE, v.drops.ranks, ranks)),
            ("dropRegionBlack", _ranks(Color.BLACK, v.drops.ranks, ranks)),
            ("firstRankPawnDrops", "true"),
            ("promotionZonePawnDrops", "true"),
            ("dropChecks", "true"),
        )

    goal_options: list[tuple[str, object]] = []
    if royal is not None:
        goal_options.append(("checkmateValue", "loss"))
    if goals.race is not None:
        count = sum(1 for _, c, _ in v.setup.placement if c is Color.WHITE)
        goal_options += [
            ("flagPiece", "*"),
            ("flagRegionWhite", _ranks(Color.WHITE, goals.race.ranks, ranks)),
            ("flagRegionBlack", _ranks(Color.BLACK, goals.race.ranks, ranks)),
            ("flagPieceCount", count),
            ("flagMove", "false"),
            ("flagPieceBlockedWin", "false"),
        ]
    if goals.bare_king is not None:
        goal_options += [
            ("extinctionValue", "loss"),
            ("extinctionClaim", "true"),
            ("extinctionPieceTypes", "*"),
            ("extinctionPieceCount", 1),
            ("extinctionOpponentPieceCount", goals.bare_king.opponent_minimum),
        ]
    if goal_options:
        group("goals", *goal_options)

    group(
        "draws",
        ("stalemateValue", "loss" if draws.stalemate is StalemateResult.LOSS else "draw"),
        ("passOnStalemate", "true" if draws.stalemate is StalemateResult.PASS else "false"),
        ("nMoveRule", draws.move_rule),
        ("nFoldRule", draws.repetition),
        ("nFoldValue", "draw"),
    )
    group("setup", ("startFen", start_fen(v)))
    return groups


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, width=100, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def section_context(variant: Variant, source: str | None = None) -> dict[str, object]:
    """Everything the template needs for one variant's section.

    Keys: ``name`` (the section name), ``variant``, ``title``, ``written`` (False when FSF cannot
    take the variant at all), ``comment`` (lines, without ``#``), ``groups`` (option groups, each
    ``{"label", "options": [(key, value)]}``), ``start_fen`` (None when not written) and
    ``limitations``.  ``source`` names the catalogue file in the comment.
    """
    name = section_name(variant)
    lims = limitations(variant, TARGET)
    ok = writable(variant, TARGET)
    where = f"{source or 'the catalogue'}, line {variant.source_line}" if variant.source_line else (source or "code")
    seed = f"; seed page {variant.seed}" if variant.seed else ""
    comment = [f"{variant.title} ({variant.name})", f"source: {where}; family {variant.family_title}{seed}"]
    if name != variant.name:
        comment += _wrap(
            f"named {name}: Fairy-Stockfish has a built-in variant {variant.name} and keeps the first "
            "definition of a name",
            "",
            "  ",
        )
    if not lims:
        comment.append("Fairy-Stockfish plays every rule of this entry.")
    else:
        comment.append("Not expressible in Fairy-Stockfish:")
        for lim in lims:
            comment += _wrap(f"{lim.rule}: {lim.text}", "- ", "    ")
    if not ok:
        comment.append("No section is written for this entry.")
    for line in comment:
        if _CONTROL.search(line):
            raise ValueError(f"comment line {line!r} has a control character: it cannot go into variants.ini")
    context: dict[str, object] = {
        "name": name,
        "variant": variant.name,
        "title": variant.title,
        "written": ok,
        "comment": comment,
        "groups": [],
        "start_fen": None,
        "limitations": lims,
    }
    if ok:
        r = relaxed(variant, TARGET)
        context["groups"] = _options(r)
        context["start_fen"] = start_fen(r)
    return context


def _catalogue_identity(catalogue: Catalogue) -> tuple[str, str]:
    path = Path(catalogue.path)
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        digest = "unknown (not read from a file)"
    return _text(path.name or catalogue.path, "catalogue file name"), digest


def render_ini(catalogue: Catalogue, names: Sequence[str] | None = None) -> str:
    """The whole ``variants.ini`` text for the catalogue (or the variants in ``names``)."""
    file_name, digest = _catalogue_identity(catalogue)
    sections = [section_context(v, file_name) for v in select(catalogue, names)]
    seen: dict[str, str] = {}
    for s in sections:
        if s["name"] in seen:
            raise ValueError(f"variants {seen[s['name']]!r} and {s['variant']!r} would share section [{s['name']}]")
        seen[str(s["name"])] = str(s["variant"])
    written = sum(1 for s in sections if s["written"])
    header = [
        "Fairy-Stockfish variant definitions, generated by `variantgen build` (generator/emit/fairy_stockfish.py,",
        "templates/fairy-stockfish/variants.ini.j2).  Do not edit: change the catalogue and rebuild.",
        f"catalogue: {file_name}, sha256 {digest}",
        f"{written} section{'s' if written != 1 else ''}, each without a parent: every option it relies on is "
        "written out.",
    ]
    selected = select(catalogue, names)
    if any(v.board.files > 8 or v.board.ranks > 8 for v in selected):
        header.append("Needs a large-board build (up to 12x10), such as pyffish: pyffish.load_variant_config(text).")
    else:
        header.append("Loads into any Fairy-Stockfish build, e.g. pyffish.load_variant_config(text).")
    text = render(TEMPLATE, header=header, sections=sections)
    return text


def expected_start_fens(catalogue: Catalogue, names: Sequence[str] | None = None) -> dict[str, str]:
    """Section name -> start FEN, for every section :func:`render_ini` writes."""
    out = {}
    for v in select(catalogue, names):
        if writable(v, TARGET):
            out[section_name(v)] = start_fen(relaxed(v, TARGET))
    return out


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> list[Path]:
    """Write ``variants.ini`` into ``folder``; the files written."""
    path = folder / FILE_NAME
    path.write_bytes(render_ini(catalogue, names).encode("utf-8"))
    return [path]


# --- the static check (what FSF's `check` mode would say) --------------------------------------------------

_PIECE_WORDS = (
    "pawn knight bishop rook queen fers alfil fersAlfil silver aiwok bers archbishop chancellor amazon knibis "
    "biskni kniroo rookni shogiPawn lance shogiKnight gold dragonHorse clobber breakthrough immobile cannon "
    "janggiCannon soldier horse elephant janggiElephant banner wazir commoner centaur king"
)
_PIECE_NAMES = _PIECE_WORDS.split() + [f"customPiece{i}" for i in range(1, 26)]

_TYPES: dict[str, str] = {}
for _type, _keys in {
    "bool": "chess960 twoBoards sittuyinPromotion piecePromotionOnCapture mandatoryPawnPromotion "
    "mandatoryPiecePromotion pieceDemotion blastOnCapture petrifyBlastPieces doubleStep castling "
    "castlingDroppedPiece oppositeCastling checking dropChecks mustCapture mustDrop pieceDrops dropLoop "
    "capturesToHand firstRankPawnDrops promotionZonePawnDrops sittuyinRookDrop dropOppositeColoredBishop "
    "dropPromoted immobilityIllegal gating wallOrMove seirawanGating cambodianMoves pass passWhite passBlack "
    "passOnStalemate passOnStalemateWhite passOnStalemateBlack makpongRule flyingGeneral nFoldValueAbsolute "
    "perpetualCheckIllegal moveRepetitionIllegal stalematePieceCount shogiPawnDropMateIllegal shatarMateRule "
    "bikjangRule extinctionClaim extinctionPseudoRoyal dupleCheck flagPieceBlockedWin flagMove flagPieceSafe "
    "checkCounting connectHorizontal connectVertical connectDiagonal adjudicateFullBoard dropOnTop",
    "int": "pocketSize dropNoDoubledCount nMoveRule nFoldRule extinctionPieceCount extinctionOpponentPieceCount "
    "flagPieceCount connectN connectNxN collinearN",
    "rank": "maxRank castlingRank soldierPromotionRank promotionRank doubleStepRank doubleStepRankMin",
    "file": "maxFile castlingKingsideFile castlingQueensideFile castlingKingFile castlingRookKingsideFile "
    "castlingRookQueensideFile",
    "value": "nFoldValue stalemateValue checkmateValue extinctionValue connectValue",
    "bitboard": "promotionRegionWhite promotionRegionBlack doubleStepRegionWhite doubleStepRegionBlack "
    "tripleStepRegionWhite tripleStepRegionBlack enPassantRegion enPassantRegionWhite enPassantRegionBlack "
    "enclosingDropStart dropRegionWhite dropRegionBlack wallingRegionWhite wallingRegionBlack wallingRegion "
    "diagonalLines flagRegion flagRegionWhite flagRegionBlack connectRegion1White connectRegion2White "
    "connectRegion1Black connectRegion2Black whiteFlag blackFlag whiteDropRegion blackDropRegion",
    "piecetype": "castlingKingPiece castlingKingPieceWhite castlingKingPieceBlack mustDropType dropNoDoubled "
    "flagPiece flagPieceWhite flagPieceBlack",
    "pieceset": "promotionPawnTypes promotionPawnTypesWhite promotionPawnTypesBlack promotionPieceTypes "
    "promotionPieceTypesWhite promotionPieceTypesBlack blastImmuneTypes mutuallyImmuneTypes "
    "petrifyOnCaptureTypes enPassantTypes enPassantTypesWhite enPassantTypesBlack castlingRookPieces "
    "castlingRookPiecesWhite castlingRookPiecesBlack castlingRookPiece nMoveRuleTypes nMoveRuleTypesWhite "
    "nMoveRuleTypesBlack extinctionPieceTypes connectPieceTypes pawnTypes",
    "string": "variantTemplate pieceToCharTable startFen",
    "other": "materialCounting countingRule chasingRule enclosingDrop wallingRule flipEnclosedPieces "
    "castlingWins promotionLimit promotedPieceType pieceValueMg pieceValueEg",
}.items():
    for _key in _keys.split():
        _TYPES[_key] = _type
for _key in _PIECE_NAMES:
    _TYPES[_key] = "piece"
_MOBILITY = re.compile(r"mobilityRegion(White|Black)(\w+)")
_VALUES = ("win", "loss", "draw", "none")
_DEPRECATED = {
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "whiteFlag",
    "blackFlag",
    "castlingRookPiece",
    "whiteDropRegion",
    "blackDropRegion",
    "dropOnTop",
}


def _parse_ini(text: str) -> tuple[list[tuple[str, int, list[tuple[int, str, str]]]], list[str]]:
    """Sections as FSF's ``VariantMap::parse_istream`` reads them: (header, line, [(line, key, value)])."""
    problems: list[str] = []
    sections: list[tuple[str, int, list[tuple[int, str, str]]]] = []
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.removesuffix("\r")
        if line.startswith("["):
            header, sep, rest = line[1:].partition("]")
            if not sep or rest:
                problems.append(f"line {no}: section header {line!r} is not '[name]' alone on its line")
            sections.append((header, no, []))
        elif not line or line[0] in "#;":
            continue
        elif not sections:
            problems.append(f"line {no}: {line!r} comes before the first section (FSF skips it)")
        elif "=" not in line:
            problems.append(f"line {no}: Invalid syntax: {line!r}")
        else:
            key, _, value = line.partition("=")
            sections[-1][2].append((no, key.rstrip(" "), value.lstrip()))
    return sections, problems


def _bitboard_problem(value: str) -> str | None:
    for symbol in value.split():
        if symbol == "-":
            return None  # FSF stops reading there
        m = re.fullmatch(r"\*(\d+)|([a-z])(\d+)|([a-z])\*", symbol, flags=re.IGNORECASE)
        if not m:
            return f"symbol {symbol!r} is not *RANK, FILE* or a square"
        rank = m.group(1) or m.group(3)
        file = m.group(2) or m.group(4)
        if rank is not None and not 1 <= int(rank) <= FSF_MAX_RANKS:
            return f"rank {rank} is off the largest board"
        if file is not None and file.lower() not in FILES:
            return f"file {file!r} is off the largest board"
    return None


def fsf_betza_problems(betza: str) -> list[str]:
    """Why FSF would not play ``betza`` as written (it never says so itself); [] if it would."""
    try:
        piece = parse_betza(betza)
    except BetzaError as e:
        return [str(e)]
    out = []
    if piece.render() != betza:
        out.append(f"{betza!r} is not in canonical form ({piece.render()!r})")
    for m in piece.moves:
        text = m.render()
        if m.initial:
            out.append(f"{text}: FSF reads 'i' as 'on the double-step ranks', moves only")
        if m.lame and m.atom not in FSF_LAME:
            out.append(f"{text}: FSF has lame leaps for {', '.join(FSF_LAME)} only")
        if m.range != 1 and m.atom not in FSF_RIDERS:
            out.append(f"{text}: FSF rides along W, F and N lines only (no moves at all otherwise)")
        if m.range > FSF_MAX_RANGE:
            out.append(f"{text}: FSF reads one range digit only")
    return out


def _value_problem(kind: str, value: str, letters: set[str]) -> str | None:
    if value != value.rstrip():
        return "trailing whitespace (FSF keeps it: 'true ' reads as false)"
    if kind == "bool" and value not in ("true", "false"):
        return "not true or false"
    if kind == "int" and not re.fullmatch(r"-?\d+", value):
        return "not an integer"
    if kind == "rank" and not (value.isdigit() and 1 <= int(value) <= FSF_MAX_RANKS):
        return f"not a rank from 1 to {FSF_MAX_RANKS}"
    if kind == "file" and not (
        (value.isdigit() and 1 <= int(value) <= FSF_MAX_FILES) or (len(value) == 1 and value in FILES)
    ):
        return f"not a file from 1 to {FSF_MAX_FILES} or a to l"
    if kind == "value" and value not in _VALUES:
        return f"not one of {', '.join(_VALUES)}"
    if kind == "bitboard":
        return _bitboard_problem(value)
    if kind in ("piecetype", "pieceset"):
        tokens = value.replace(" ", "")
        if tokens == "-":
            return None
        if kind == "piecetype" and len(tokens) != 1:
            return "not one piece letter"
        bad = [ch for ch in tokens if ch != "*" and ch.lower() not in letters]
        if bad:
            return f"letter {bad[0]!r} is not a piece of this section"
    if kind == "piece":
        if value == "-":
            return None
        if not value[0].isalpha():
            return f"invalid letter {value[0]!r}"
        if len(value) > 1 and (value[1] != ":" or len(value) < 3):
            return "not 'letter' or 'letter:Betza'"
    return None


def check_ini_text(text: str) -> list[str]:
    """Static problems of an ini text, the way FSF's ``check`` mode reports them (and a little more)."""
    sections, problems = _parse_ini(text)
    seen: set[str] = set()
    for header, no, options in sections:
        name = header.partition(":")[0]
        where = f"[{header}] (line {no})"
        at = f"[{header}]"
        if name in seen:
            problems.append(f"{where}: Variant '{name}' already exists (FSF keeps the first definition)")
        seen.add(name)
        if ":" in header:
            problems.append(f"{where}: inherits from {header.partition(':')[2]!r}; variantgen writes no parents")
        try:
            check_name(name, "section name")
        except ValueError as e:
            problems.append(f"{where}: {e}")
        keys: dict[str, int] = {}
        for line, key, _value in options:
            if key in keys:
                problems.append(f"{at} line {line}: {key} given twice (FSF takes the last)")
            keys[key] = line
        values = {key: value for _line, key, value in options}
        letters = {
            value[0].lower()
            for key, value in values.items()
            if _TYPES.get(key) == "piece" and value and value[0].isalpha()
        }
        for line, key, value in options:
            kind = _TYPES.get(key) or ("bitboard" if _MOBILITY.fullmatch(key) else None)
            if kind is None:
                problems.append(f"{at} line {line}: Invalid option: {key}")
                continue
            if key in _DEPRECATED:
                problems.append(f"{at} line {line}: {key} - Deprecated option might be removed in future version")
            why = _value_problem(kind, value, letters)
            if why:
                problems.append(f"{at} line {line}: {key} - Invalid value {value!r} ({why})")
            elif kind == "piece" and (key.startswith("customPiece") or (key == "king" and len(value) > 2)):
                if len(value) < 3:
                    problems.append(f"{at} line {line}: {key} - Missing Betza move notation")
                else:
                    for why in fsf_betza_problems(value[2:]):
                        problems.append(f"{at} line {line}: {key} - {why}")
        for key in ("maxFile", "maxRank"):
            if key not in values:
                problems.append(f"{where}: {key} is not written (the default is 8)")
        if not any(_TYPES.get(k) == "piece" for k in values):
            problems.append(f"{where}: defines no piece (a parent-less section without pieces crashes FSF)")
    return problems


# --- the loader check (in a child process) ---------------------------------------------------------------

_CHILD = r"""
import json, sys
data = json.loads(sys.stdin.read())
import pyffish as sf
before = set(sf.variants())
sf.load_variant_config(data["ini"])
after = set(sf.variants())
out = {"builtin": sorted(before), "new": sorted(after - before), "sections": {}}
for name, fen in data["expected"].items():
    r = {"registered": name in after}
    if name in after:  # never ask pyffish about an unknown name: it kills the process
        r["start_fen"] = sf.start_fen(name)
        r["validate_start"] = sf.validate_fen(r["start_fen"], name)
        r["validate_expected"] = sf.validate_fen(fen, name)
        if r["validate_expected"] == 1:
            r["read_back"] = sf.get_fen(name, fen, [])
            r["moves"] = len(sf.legal_moves(name, fen, []))
    out["sections"][name] = r
sys.stderr.flush()
print(json.dumps(out))
"""


def verify_ini(ini_text: str, expected: dict[str, str], timeout: float = 300.0) -> list[str]:
    """Problems found loading ``ini_text``, whose sections should be exactly ``expected`` (section
    name -> start FEN); [] if none.  pyffish runs in a fresh child process, never in this one."""
    problems = check_ini_text(ini_text)
    names = [header.partition(":")[0] for header, _no, _opts in _parse_ini(ini_text)[0]]
    try:
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD],
            input=json.dumps({"ini": ini_text, "expected": expected}),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return [*problems, f"pyffish child process did not finish within {timeout:.0f} s"]
    if proc.returncode != 0:
        tail = " | ".join(proc.stderr.strip().splitlines()[-3:])
        return [*problems, f"pyffish child process failed (exit status {proc.returncode}): {tail}"]
    for line in proc.stderr.splitlines():
        if line.strip():
            problems.append(f"pyffish said: {line.strip()}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    builtin = set(result["builtin"])
    for name in names:
        if name in builtin:
            problems.append(f"[{name}] clashes with Fairy-Stockfish's built-in {name}: pyffish keeps the built-in")
    for name in sorted(set(result["new"]) - set(expected)):
        problems.append(f"[{name}] is registered but not expected")
    for name, fen in expected.items():
        r = result["sections"][name]
        if not r["registered"] or name in builtin:
            if not r["registered"]:
                problems.append(f"[{name}] is not registered after loading (bad board size, parse error, or missing)")
            continue
        if r["start_fen"] != fen:
            problems.append(f"[{name}] pyffish's start FEN {r['start_fen']!r} differs from the catalogue's {fen!r}")
        if r["validate_start"] != 1:
            problems.append(f"[{name}] validate_fen(start FEN) = {r['validate_start']} (1 = valid)")
        if r["validate_expected"] != 1:
            problems.append(f"[{name}] validate_fen({fen!r}) = {r['validate_expected']} (1 = valid)")
            continue
        if r["read_back"] != fen:
            problems.append(f"[{name}] pyffish reads the start FEN back as {r['read_back']!r}, not {fen!r}")
        if r["moves"] == 0:
            problems.append(f"[{name}] pyffish finds no legal move at the start")
    return problems
