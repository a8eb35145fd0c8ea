"""The catalogue loader: the shipped variants.yaml, inheritance, and one bad catalogue per validation rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import CATALOGUE_NAMES

from generator.catalogue import (
    DEFAULT_CATALOGUE,
    FAIRY_STOCKFISH_CATALOGUE,
    CatalogueError,
    Color,
    Role,
    Square,
    StalemateResult,
    Variant,
    load_catalogue,
    load_catalogue_text,
)
from generator.engine import Position
from generator.engine.perft import perft

NAMES = CATALOGUE_NAMES


@pytest.fixture(scope="module")
def shipped() -> dict[str, Variant]:
    return {v.name: v for v in load_catalogue(DEFAULT_CATALOGUE).variants}


def placed(variant: Variant, color: Color) -> dict[str, str]:
    """Square name -> letter for one side of the setup."""
    return {sq.name: letter for sq, c, letter in variant.setup.placement if c is color}


def castles(variant: Variant, color: Color) -> set[tuple[str, str, str, str]]:
    return {
        (c.king_from.name, c.king_to.name, c.rook_from.name, c.rook_to.name)
        for c in variant.castling
        if c.color is color
    }


# ---------------------------------------------------------------------------
# The shipped catalogue


def test_shipped_catalogue_names_in_order() -> None:
    assert load_catalogue(DEFAULT_CATALOGUE).names() == NAMES


def test_chess(shipped: dict[str, Variant]) -> None:
    v = shipped["chess"]
    assert (v.board.files, v.board.ranks, v.seed) == (8, 8, "")
    assert placed(v, Color.WHITE)["e1"] == "K" and placed(v, Color.BLACK)["d8"] == "Q"
    assert castles(v, Color.BLACK) == {("e8", "g8", "h8", "f8"), ("e8", "c8", "a8", "d8")}
    assert v.draws.insufficient_material == ("B", "N")


def test_ajax_chess(shipped: dict[str, Variant]) -> None:
    v = shipped["ajax-chess"]
    assert (v.board.files, v.board.ranks) == (10, 10)
    assert v.family_title == "Ajax Chess" and v.seed.startswith("001_")
    assert placed(v, Color.WHITE)["f1"] == "K" and placed(v, Color.BLACK)["e10"] == "K"
    assert placed(v, Color.BLACK)["f10"] == "Q"
    assert castles(v, Color.BLACK) == {("e10", "b10", "a10", "c10"), ("e10", "i10", "j10", "h10")}
    assert castles(v, Color.WHITE) == {("f1", "b1", "a1", "c1"), ("f1", "i1", "j1", "h1")}
    assert (v.pawn_rules.max_steps, v.pawn_rules.multi_step_ranks, v.pawn_rules.en_passant) == (3, (2,), True)
    assert v.pawn_rules.promotion.ranks == (10,)
    assert v.pawn_rules.promotion.choices == ("Q", "R", "M", "B", "N")
    assert {p.letter: p.betza for p in v.pieces} == {
        "K": "K", "Q": "Q", "R": "RmF", "B": "BmW", "N": "NmK", "M": "KAD", "P": "fmWfcF",
    }  # fmt: skip
    assert any("rank 8" in note for note in v.notes)


def test_ajax_ministers_and_capablanca(shipped: dict[str, Variant]) -> None:
    ministers, acm, capa = (
        shipped[n] for n in ("ajax-ministers-chess", "ajax-capablanca-ministers", "ajax-capablanca")
    )
    assert ministers.setup == acm.setup
    assert placed(ministers, Color.BLACK)["f8"] == "K"
    assert ("f1", "b1", "a1", "c1") in castles(ministers, Color.WHITE)
    three_squares = {("f1", "c1", "a1", "d1"), ("f1", "i1", "j1", "h1")}
    assert castles(acm, Color.WHITE) == castles(capa, Color.WHITE) == three_squares
    assert ministers.pawn_rules.max_steps == 2 and ministers.family == "ajax-chess"
    assert acm.family == capa.family == "ajax-capablanca"
    assert acm.pawn_rules.promotion.choices == ("Q", "R", "B", "N", "M")
    assert capa.pawn_rules.promotion.choices == ("Q", "R", "B", "N", "A", "C")
    assert "".join(placed(capa, Color.WHITE)[f"{f}1"] for f in "abcdefghij") == "RNABQKBCNR"
    assert "".join(placed(capa, Color.BLACK)[f"{f}8"] for f in "abcdefghij") == "RNABQKBCNR"
    assert {p.letter for p in capa.pieces} == set("KQRBNPAC")  # the inherited Minister is removed
    assert capa.piece("a").betza == "BNmW" and capa.piece("C").betza == "RNmF"


def test_ajax_bigamous(shipped: dict[str, Variant]) -> None:
    drops, plain = shipped["ajax-bigamous"], shipped["ajax-bigamous-no-drops"]
    assert drops.setup.pocket(Color.WHITE) == {"M": 2} and drops.setup.pocket(Color.BLACK) == {"M": 2}
    assert drops.drops is not None and drops.drops.ranks == (1,) and not drops.drops.captures_to_hand
    assert plain.drops is None and plain.setup.pockets == ()
    assert plain.setup.placement == drops.setup.placement
    assert placed(drops, Color.WHITE)["d1"] == placed(drops, Color.WHITE)["f1"] == "Q"
    assert castles(drops, Color.BLACK) == {("e8", "b8", "a8", "c8"), ("e8", "h8", "i8", "g8")}


def test_prime_ministers(shipped: dict[str, Variant]) -> None:
    pmc = [shipped[n] for n in NAMES[7:11]]
    files = {
        (v.name, c): (placed(v, c)[f"d{r}"], placed(v, c)[f"f{r}"])
        for v in pmc
        for c, r in ((Color.WHITE, 1), (Color.BLACK, 8))
    }
    assert [files[(v.name, Color.WHITE)] + files[(v.name, Color.BLACK)] for v in pmc] == [
        ("M", "Q", "Q", "M"),
        ("Q", "M", "M", "Q"),
        ("M", "Q", "M", "Q"),
        ("Q", "M", "Q", "M"),
    ]
    for v in pmc:
        assert v.piece("M").betza == "BN" and v.pawn_rules.promotion.choices == ("Q", "M", "R", "B", "N")
        assert castles(v, Color.BLACK) == {("e8", "b8", "a8", "c8"), ("e8", "h8", "i8", "g8")}
        (swap,) = v.swaps
        assert (swap.piece, swap.adjacency, swap.excluded_roles) == ("B", "W", {Role.PAWN, Role.ROYAL})
        assert v.draws.insufficient_material == ("B", "N")
        assert any("b9" in n for n in v.notes) and any("ORTHOGONALLY" in n for n in v.notes)
    assert all(any("coin-flip" in n for n in v.notes) for v in pmc[1:])


def test_bipartite(shipped: dict[str, Variant]) -> None:
    one, diag, orth = (shipped[n] for n in NAMES[11:])
    assert one.board.holes == {Square.parse("c1"), Square.parse("c9")}
    assert diag.board.holes == orth.board.holes == {Square.parse("a5"), Square.parse("e5")}
    assert all(v.setup.to_move is Color.BLACK for v in (one, diag, orth))
    assert len(placed(one, Color.WHITE)) == len(placed(one, Color.BLACK)) == 9
    assert not one.goals.checkmate and one.goals.flag.race and one.goals.flag.ranks == (8, 9)
    assert one.draws.stalemate is StalemateResult.PASS and one.draws.move_rule == 0
    assert (placed(diag, Color.WHITE)["d1"], placed(diag, Color.BLACK)["b9"]) == ("B", "R")
    assert (placed(orth, Color.WHITE)["d1"], placed(orth, Color.BLACK)["b9"]) == ("R", "B")
    assert diag.goals.bare_king.opponent_minimum == 2 and diag.goals.checkmate
    assert diag.pawn_rules.promotion.ranks == (8, 9) and diag.pawn_rules.promotion.choices == ("S",)
    assert not diag.pawn_rules.en_passant
    assert diag.piece("D").betza == "mWnD" and diag.piece("G").betza == "fKsWmbK"


def test_every_string_fits_on_one_line(shipped: dict[str, Variant]) -> None:
    for v in shipped.values():
        texts = [v.title, v.family_title, *v.notes, *(p.name for p in v.pieces), *(p.help for p in v.pieces)]
        assert all(t and "\n" not in t for t in texts), v.name


# ---------------------------------------------------------------------------
# Inheritance

GOOD = """\
families:
  fam: {title: Family, seed: null}
variants:
  base:
    abstract: true
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R}
      P: {name: Pawn, betza: fmWfcF, roles: [pawn]}
  mini:
    extends: base
    title: Mini
    family: fam
    board: {files: 6, ranks: 6, holes: [c4]}
    setup:
      white: {K: [d1], R: [a1, f1], P: [a2-f2]}
      black: {K: [d6], R: [a6, f6], P: [a5-f5]}
    castling:
      - {color: white, king: d1, king_to: b1, rook: a1, rook_to: c1}
    pawns:
      max_steps: 2
      multi_step_ranks: [2]
      en_passant: true
      promotion: {ranks: [6], choices: [R]}
    goals: {checkmate: true}
    draws: {stalemate: draw, insufficient_material: []}
    notes: [a note]
"""


def edit(old: str, new: str, text: str = GOOD) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_minimal_catalogue_loads() -> None:
    cat = load_catalogue_text(GOOD)
    assert cat.names() == ["mini"]
    (v,) = cat.variants
    assert v.source_line == 10 and v.seed == "" and v.board.holes == {Square.parse("c4")}
    assert len(v.setup.placement) == 18


def test_child_overrides_merge_and_null_removes() -> None:
    text = (
        GOOD
        + """\
  child:
    extends: mini
    title: Child
    pieces: {R: {name: Castle}}
    setup:
      white: {K: [d1]}
      black: {K: [d6]}
    castling: []
    pawns: {promotion: null}
    notes: null
"""
    )
    child = load_catalogue_text(text).get("child")
    assert child.piece("R").name == "Castle" and child.piece("R").betza == "R"  # merged key by key
    assert len(child.setup.placement) == 2  # setup replaces as a whole
    assert child.castling == () and child.notes == ()
    assert child.pawn_rules.promotion is None and child.pawn_rules.max_steps == 2
    assert child.board.holes == {Square.parse("c4")}


def test_an_id_is_the_short_name_and_is_not_inherited() -> None:
    text = edit("    notes: [a note]\n", "    notes: [a note]\n    id: mini-id\n") + (
        "  child:\n    extends: mini\n    title: Child\n"
    )
    cat = load_catalogue_text(text)
    mini, child = cat.get("mini"), cat.get("child")
    assert (mini.id, mini.short_name) == ("mini-id", "mini-id")
    assert (child.id, child.short_name) == (None, "child")  # inheriting it would make two variants share it


CROSS_FILE = """\
families:
  mine: {title: My variants}
variants:
  antichess-no-king:
    extends: fairy-stockfish:antichess
    title: Antichess without promotion to king
    family: mine
    pawns: {promotion: {choices: [Q, R, B, N]}}
  giveaway-again:
    extends: fairy-stockfish:giveaway
    title: Giveaway again
"""


def test_an_entry_extends_an_entry_of_another_catalogue() -> None:
    cat = load_catalogue_text(CROSS_FILE, "mine.yaml")
    builtins = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
    giveaway, again = builtins.get("giveaway"), cat.get("giveaway-again")
    # the other file's rules and family come along; the built-in does not (a child may change the game)
    assert (again.family, again.family_title) == (giveaway.family, giveaway.family_title)
    assert again.fairy_stockfish_builtin is None and giveaway.fairy_stockfish_builtin == "giveaway"
    assert (again.must_capture, again.goals, again.draws) == (giveaway.must_capture, giveaway.goals, giveaway.draws)
    assert perft(Position.start(again), 3) == perft(Position.start(giveaway), 3)
    no_king = cat.get("antichess-no-king")
    promotion = no_king.pawn_rules.promotion
    assert no_king.family == "mine" and promotion is not None and promotion.choices == ("Q", "R", "B", "N")
    # antichess's published perft 3 is 8,067; without promotion to king nothing changes that early
    assert perft(Position.start(no_king), 3) == 8067


def test_a_file_beside_the_catalogue_may_be_extended(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(CROSS_FILE, encoding="utf-8")
    child = "families: {}\nvariants:\n  mine:\n    extends: base.yaml:antichess-no-king\n    title: Mine\n"
    (tmp_path / "child.yaml").write_text(child, encoding="utf-8")
    mine = load_catalogue(tmp_path / "child.yaml").get("mine")
    assert mine.family == "mine" and mine.family_title == "My variants" and mine.must_capture


@pytest.mark.parametrize(
    ("extends", "message"),
    [
        ("fairy-stockfish:no-such", "extends 'fairy-stockfish:no-such', but "),
        ("nowhere.yaml:x", "nowhere.yaml: cannot read the catalogue: No such file"),
        ("loop.yaml:a", "extends 'loop.yaml:a', which leads back to "),
        ("fairy-stockfish:Antichess", "'fairy-stockfish:Antichess' names no entry"),
    ],
)
def test_a_bad_parent_in_another_file_is_one_line(tmp_path: Path, extends: str, message: str) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text(f"families: {{}}\nvariants:\n  a:\n    extends: {extends}\n", encoding="utf-8")
    with pytest.raises(CatalogueError) as info:
        load_catalogue(path)
    text = str(info.value)
    assert text.startswith(f"{path}:4: variant 'a', field 'extends', ") and message in text and "\n" not in text


def test_the_shipped_bipartite_games_have_short_ids(shipped: dict[str, Variant]) -> None:
    short = {v.short_name for v in shipped.values()}
    assert len(short) == len(shipped) and all(3 <= len(s) <= 32 for s in short)
    assert shipped["bipartite-stage-two-white-orthogonal"].id == "bipartite-two-white-orthogonal"


# ---------------------------------------------------------------------------
# Bad catalogues: one per validation rule

ALIAS_BOMB = "\n".join(
    ["    notes: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    + [f"    n{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 9)]
)

DROPS = "    drops: {ranks: [1]}\n    notes: [a note]"

# id: (old text, new text, text on the line the error must name, words the message must contain)
BAD: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "yaml-syntax": ("title: Mini", "title: [Mini", "family: fam", ("YAML syntax error",)),
    "duplicate-key": (
        "    title: Mini\n",
        "    title: Mini\n    title: Again\n",
        "title: Again",
        ("duplicate key 'title'", "first given at line 12"),
    ),
    "yaml-python-tag": (
        "title: Mini",
        "title: !!python/object/apply:os.system [ls]",
        "os.system",
        ("YAML tag", "not allowed"),
    ),
    "yaml-local-tag": ("title: Mini", "title: !mine Mini", "!mine", ("YAML tag '!mine'",)),
    "yaml-merge-key": (
        "    title: Mini\n",
        "    title: Mini\n    <<: {family: fam}\n",
        "<<",
        ("merge keys",),
    ),
    "alias-bomb": ("    notes: [a note]", ALIAS_BOMB, "notes: &a0", ("alias bomb",)),
    "recursive-alias": ("notes: [a note]", "notes: &loop [a, *loop]", "&loop", ("contains it",)),
    "unknown-key": (
        "holes: [c4]}",
        "holes: [c4], hole: [c3]}",
        "hole: [c3]",
        (
            "variant 'mini'",
            "field 'board'",
            "unknown key 'hole' (did you mean 'holes'?)",
            "allowed keys: files, ranks, holes",
        ),
    ),
    "unknown-key-far-from-any": (
        "holes: [c4]}",
        "holes: [c4], zzz: 1}",
        "zzz: 1",
        ("unknown key 'zzz'; allowed keys: files, ranks, holes",),
    ),
    "unknown-variant-key": (
        "    title: Mini\n",
        "    title: Mini\n    castle: []\n",
        "castle: []",
        ("variant 'mini'", "unknown key 'castle' (did you mean 'castling'?); allowed keys: abstract"),
    ),
    "unknown-top-key": (
        "variants:\n",
        "variant:\n  x: 1\nvariants:\n",
        "variant:",
        ("unknown top-level key 'variant' (did you mean 'variants'?)",),
    ),
    "list-expected": (
        "holes: [c4]",
        "holes: c4",
        "holes: c4",
        ("field 'board.holes'", "expected a list, got the string 'c4'"),
    ),
    "int-expected": (
        "files: 6",
        "files: true",
        "files: true",
        ("field 'board.files'", "expected an integer, got true"),
    ),
    "mapping-expected": (
        "    pawns:\n      max_steps: 2\n",
        "    pawns: [2]\n    xpawns:\n      max_steps: 2\n",
        "pawns: [2]",
        ("field 'pawns'", "expected a mapping"),
    ),
    "bad-betza": (
        "betza: R}",
        "betza: RmX}",
        "RmX",
        ("field 'pieces.R.betza'", "betza 'RmX'", "'X'", "position 2"),
    ),
    "name-with-slash": ("  mini:\n", "  mini/x:\n", "mini/x", ("'mini/x' is not a valid name", "file names")),
    "name-with-newline": ("  mini:\n", '  "mini\\nx":\n', "mini", ("'mini\\nx' is not a valid name",)),
    "title-with-newline": (
        "title: Mini",
        'title: "Mini\\nTwo"',
        "Mini",
        ("field 'title'", "control character", "one line"),
    ),
    "help-with-tab": (
        "betza: R}",
        'betza: R, help: "a\\tb"}',
        "help",
        ("field 'pieces.R.help'", "control character"),
    ),
    "empty-title": ("title: Mini", 'title: " "', 'title: " "', ("field 'title'", "must not be empty")),
    "letter-case-duplicate": (
        "      R: {name: Rook, betza: R}\n",
        "      R: {name: Rook, betza: R}\n      r: {name: Rook two, betza: R}\n",
        "Rook two",
        ("field 'pieces.r'", "'r' duplicates 'R'"),
    ),
    "letter-not-one-capital": (
        "      R: {name: Rook, betza: R}\n",
        "      RR: {name: Rook, betza: R}\n",
        "RR:",
        ("'RR' is not a piece letter", "A-Z"),
    ),
    "piece-name-twice": (
        "name: Rook",
        "name: King",
        "R: {name: King",
        ("field 'pieces.R.name'", "'King' is already used by 'K'"),
    ),
    "board-too-wide": (
        "files: 6",
        "files: 27",
        "files: 27",
        ("field 'board.files'", "between 1 and 26", "got 27"),
    ),
    "board-no-ranks": ("ranks: 6,", "ranks: 0,", "ranks: 0", ("field 'board.ranks'", "between 1 and 26")),
    "hole-off-board": (
        "holes: [c4]",
        "holes: [g4]",
        "holes: [g4]",
        ("field 'board.holes[0]'", "g4 is off the 6x6 board"),
    ),
    "hole-not-a-square": ("holes: [c4]", "holes: [C4]", "holes: [C4]", ("'C4' is not a square name",)),
    "setup-off-board": (
        "K: [d1]",
        "K: [d7]",
        "K: [d7]",
        ("field 'setup.white.K[0]'", "d7 is off the 6x6 board"),
    ),
    "setup-on-hole": ("P: [a5-f5]", "P: [a4-f4]", "P: [a4-f4]", ("field 'setup.black.P[0]'", "c4 is a hole")),
    "setup-square-twice": (
        "R: [a1, f1]",
        "R: [a1, d1]",
        "R: [a1, d1]",
        ("d1 is already taken by the white King",),
    ),
    "setup-undefined-letter": (
        "white: {K: [d1],",
        "white: {K: [d1], Q: [e1],",
        "Q: [e1]",
        ("field 'setup.white.Q'", "piece 'Q' is not defined", "K, R, P"),
    ),
    "setup-bad-range": (
        "P: [a2-f2]",
        "P: [a2-f3]",
        "a2-f3",
        ("'a2-f3' must run along one rank or one file",),
    ),
    "pockets-without-drops": (
        "      black: {K",
        "      pockets: {white: {R: 1}}\n      black: {K",
        "pockets:",
        ("field 'setup.pockets'", "need 'drops:'"),
    ),
    "pocket-undefined-letter": (
        "      black: {K",
        "      pockets: {white: {Q: 1}}\n      black: {K",
        "pockets:",
        ("field 'setup.pockets.white.Q'", "'Q' is not defined"),
    ),
    "pocket-negative": (
        "      black: {K",
        "      pockets: {black: {R: -1}}\n      black: {K",
        "pockets:",
        ("field 'setup.pockets.black.R'", "at least 0"),
    ),
    "pocket-royal": (
        "      black: {K",
        "      pockets: {black: {K: 1}}\n      black: {K",
        "pockets:",
        ("royal piece (K) cannot start in hand",),
    ),
    "castling-king-missing": (
        "king: d1,",
        "king: e1,",
        "king: e1",
        ("field 'castling[0].king'", "e1 holds no white royal piece (it is empty)"),
    ),
    "castling-rook-wrong-piece": (
        "rook: a1,",
        "rook: a2,",
        "rook: a2",
        ("field 'castling[0].rook'", "a2 holds no white piece to castle with (it holds the white Pawn)"),
    ),
    "castling-rook-wrong-colour": (
        "rook: a1,",
        "rook: a6,",
        "rook: a6",
        ("a6 holds no white piece to castle with (it holds the black Rook)",),
    ),
    "castling-off-board": (
        "king_to: b1",
        "king_to: h1",
        "king_to: h1",
        ("field 'castling[0].king_to'", "h1 is off"),
    ),
    "castling-missing-key": (
        ", rook_to: c1}",
        "}",
        "king_to: b1",
        ("field 'castling[0]'", "missing required key 'rook_to'"),
    ),
    "promotion-undefined": (
        "choices: [R]",
        "choices: [Q]",
        "choices: [Q]",
        ("field 'pawns.promotion.choices[0]'", "'Q' is not defined"),
    ),
    "promotion-to-pawn": (
        "choices: [R]",
        "choices: [R, P]",
        "choices: [R, P]",
        ("choices[1]", "cannot promote to the Pawn (P), a pawn piece"),
    ),
    "promotion-to-royal": (
        "choices: [R]",
        "choices: [K]",
        "choices: [K]",
        ("cannot promote to the King (K), a royal piece",),
    ),
    "promotion-rank-off": (
        "ranks: [6], choices",
        "ranks: [7], choices",
        "ranks: [7]",
        ("field 'pawns.promotion.ranks[0]'", "rank 7 is beyond the board's 6 ranks"),
    ),
    "promotion-without-pawn": (
        "roles: [pawn]",
        "roles: []",
        "promotion:",
        ("field 'pawns.promotion'", "needs a piece with the 'pawn' role"),
    ),
    "multi-step-rank-off": (
        "multi_step_ranks: [2]",
        "multi_step_ranks: [2, 9]",
        "multi_step_ranks",
        ("multi_step_ranks[1]", "rank 9 is beyond"),
    ),
    "multi-step-rank-twice": (
        "multi_step_ranks: [2]",
        "multi_step_ranks: [2, 2]",
        "multi_step_ranks",
        ("multi_step_ranks[1]", "2 is listed twice"),
    ),
    "max-steps-zero": (
        "max_steps: 2",
        "max_steps: 0",
        "max_steps: 0",
        ("field 'pawns.max_steps'", "at least 1"),
    ),
    "max-steps-without-ranks": (
        "      multi_step_ranks: [2]\n",
        "",
        "max_steps: 2",
        ("needs 'multi_step_ranks'",),
    ),
    "drop-rank-off": (
        "    notes: [a note]",
        "    drops: {ranks: [0]}",
        "drops:",
        ("field 'drops.ranks[0]'", "at least 1"),
    ),
    "drop-rank-beyond": (
        "    notes: [a note]",
        "    drops: {ranks: [7]}",
        "drops:",
        ("field 'drops.ranks[0]'", "rank 7 is beyond"),
    ),
    "race-rank-off": (
        "goals: {checkmate: true}",
        "goals: {checkmate: true, race: {ranks: [7]}}",
        "race:",
        ("field 'goals.race.ranks[0]'", "rank 7 is beyond"),
    ),
    "swap-undefined-piece": (
        "    notes: [a note]",
        "    swaps: [{piece: B, adjacency: W}]",
        "swaps:",
        ("field 'swaps[0].piece'", "'B' is not defined"),
    ),
    "swap-bad-adjacency": (
        "    notes: [a note]",
        "    swaps: [{piece: R, adjacency: Wq}]",
        "swaps:",
        ("field 'swaps[0].adjacency'", "betza 'Wq'"),
    ),
    "checkmate-without-royal": (
        "black: {K: [d6], ",
        "black: {",
        "checkmate: true",
        ("field 'goals.checkmate'", "exactly one black royal piece", "found none"),
    ),
    "checkmate-two-royals": (
        "black: {K: [d6]",
        "black: {K: [d6, e6]",
        "checkmate: true",
        ("exactly one black royal piece", "found 2 (d6, e6)"),
    ),
    "bare-king-without-royal": (
        "black: {K: [d6], ",
        "black: {",
        "checkmate: false",
        ("field 'goals.bare_king'", "needs a black royal piece"),
    ),
    "no-way-to-win": (
        "goals: {checkmate: true}",
        "goals: {checkmate: false}",
        "checkmate: false",
        ("field 'goals'", "no way to win"),
    ),
    "family-undeclared": (
        "family: fam",
        "family: other",
        "family: other",
        ("field 'family'", "'other' is not declared under 'families:'"),
    ),
    "missing-title": ("    title: Mini\n", "", "  mini:", ("variant 'mini'", "missing required key 'title'")),
    "insufficient-undefined": (
        "insufficient_material: []",
        "insufficient_material: [B]",
        "insufficient_material",
        ("draws.insufficient_material[0]", "'B' is not defined"),
    ),
    "repetition-one": (
        "stalemate: draw,",
        "stalemate: draw, repetition: 1,",
        "repetition",
        ("field 'draws.repetition'", "0 (never) or at least 2"),
    ),
    "stalemate-word": (
        "stalemate: draw,",
        "stalemate: victory,",
        "stalemate: victory",
        ("'victory' is not one of draw, loss, win, pass",),
    ),
    "extends-unknown": (
        "extends: base",
        "extends: nobase",
        "extends: nobase",
        ("field 'extends'", "'nobase', which is not in 'variants:'"),
    ),
    "extends-cycle": (
        "    abstract: true\n",
        "    abstract: true\n    extends: mini\n",
        "extends: base",
        ("variant 'mini'", "cycle: base -> mini -> base"),
    ),
    "seed-path": (
        "seed: null",
        "seed: ../etc/passwd",
        "seed:",
        ("field 'families.fam.seed'", "not a plain file name"),
    ),
}
# cases that need a second edit before the one under test
SETUP_EDITS: dict[str, tuple[str, str]] = {
    "bare-king-without-royal": ("goals: {checkmate: true}", "goals: {checkmate: false, bare_king: {}}"),
    "pocket-undefined-letter": ("    notes: [a note]", DROPS),
    "pocket-negative": ("    notes: [a note]", DROPS),
    "pocket-royal": ("    notes: [a note]", DROPS),
}


def expect_error(text: str, needle: str | None, *words: str) -> str:
    """Loading ``text`` raises a CatalogueError naming the line that holds ``needle`` and all ``words``."""
    with pytest.raises(CatalogueError) as info:
        load_catalogue_text(text, path="cat.yaml")
    message = str(info.value)
    if needle is None:
        assert message.startswith("cat.yaml: "), message
    else:
        line = next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)
        assert message.startswith(f"cat.yaml:{line}: "), message
        assert info.value.line == line
    for word in words:
        assert word in message, (word, message)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_catalogue(case: str) -> None:
    old, new, needle, words = BAD[case]
    text = edit(old, new)
    if case in SETUP_EDITS:
        text = edit(*SETUP_EDITS[case], text)
    expect_error(text, needle, *words)


@pytest.mark.parametrize(
    ("text", "needle", "words"),
    [
        ("", None, ("empty",)),
        ("- a\n- b\n", "- a", ("expected a mapping with keys title, families and variants",)),
        ("families: {}\n", "families", ("missing top-level key 'variants'",)),
        (GOOD + "# " + "x" * (1 << 20) + "\n", None, ("larger than 1048576 bytes",)),
    ],
    ids=["empty", "not-a-mapping", "no-variants-key", "oversize"],
)
def test_bad_document(text: str, needle: str | None, words: tuple[str, ...]) -> None:
    expect_error(text, needle, *words)


def test_all_abstract() -> None:
    text = GOOD.replace("    extends: base\n", "    abstract: true\n    extends: base\n")
    expect_error(text, "variants:", "no variants")


def test_deep_nesting() -> None:
    expect_error(GOOD + "  deep: " + "[" * 5000 + "]" * 5000 + "\n", None, "nested too deeply")


def test_file_errors(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match="cannot read the catalogue"):
        load_catalogue(tmp_path / "missing.yaml")
    big = tmp_path / "big.yaml"
    big.write_text(GOOD + "#" * (1 << 20))
    with pytest.raises(CatalogueError, match=r"big\.yaml: the catalogue is larger than"):
        load_catalogue(big)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(GOOD.encode() + b"# caf\xe9\n")
    with pytest.raises(CatalogueError, match=r"latin\.yaml:28: the catalogue is not valid UTF-8"):
        load_catalogue(latin)
    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    assert load_catalogue(good).path == str(good)


def test_variants_keep_file_order_when_a_child_comes_before_its_parent() -> None:
    text = """
families:
  f: {title: F, seed: null}
variants:
  child:
    extends: parent
    title: Child
  parent:
    title: Parent
    family: f
    board: {files: 3, ranks: 3}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
    setup:
      white: {K: [a1]}
      black: {K: [c3]}
"""
    assert load_catalogue_text(text).names() == ["child", "parent"]
