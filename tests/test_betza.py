"""Tests for generator.betza: atoms, FSF direction semantics, canonical forms, errors, round trips."""

from __future__ import annotations

import doctest
import itertools
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from generator import betza
from generator.betza import BetzaError, BetzaMove, BetzaPiece, Modality, lame_path, parse_betza

B, M, C = Modality.BOTH, Modality.MOVE, Modality.CAPTURE
Vec = tuple[int, int]


def eight(a: int, b: int) -> set[Vec]:
    """All symmetric images of the leap (a, b)."""
    return {(sx * x, sy * y) for x, y in ((a, b), (b, a)) for sx in (1, -1) for sy in (1, -1)}


def table(text: str) -> dict[Vec, tuple[Modality, int, bool, bool]]:
    """vector -> (modality, range, lame, initial) for pieces in which every vector occurs once."""
    out: dict[Vec, tuple[Modality, int, bool, bool]] = {}
    for m in parse_betza(text).moves:
        for v in m.vectors():
            assert v not in out, f"{v} twice in {text}"
            out[v] = (m.modality, m.range, m.lame, m.initial)
    return out


def leaps(text: str) -> dict[Vec, Modality]:
    """vector -> modality for pieces made of single, non-lame, non-initial leaps."""
    t = table(text)
    assert all(r == 1 and not lame and not ini for _, r, lame, ini in t.values())
    return {v: mod for v, (mod, *_rest) in t.items()}


def test_doctests() -> None:
    assert doctest.testmod(betza).failed == 0


# --- atoms ----------------------------------------------------------------------------------------

ATOM_LEAPS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2), "H": (3, 0), "C": (3, 1),
              "Z": (3, 2), "G": (3, 3), "L": (3, 1), "J": (3, 2)}  # fmt: skip


@pytest.mark.parametrize("atom", ATOM_LEAPS)
def test_leaper_atom_vectors(atom: str) -> None:
    (move,) = parse_betza(atom).moves
    assert set(move.vectors()) == eight(*ATOM_LEAPS[atom])
    assert move.vectors() == tuple(sorted(move.vectors()))
    assert (move.range, move.lame, move.initial, move.modality, move.directions) == (1, False, False, B, "")
    assert move.atom == {"L": "C", "J": "Z"}.get(atom, atom)


@pytest.mark.parametrize(
    ("text", "atom", "vectors", "rng"),
    [
        ("K", "K", eight(1, 0) | eight(1, 1), 1),
        ("R", "R", eight(1, 0), 0),
        ("B", "B", eight(1, 1), 0),
        ("Q", "Q", eight(1, 0) | eight(1, 1), 0),
        ("NN", "N", eight(2, 1), 0),
        ("N0", "N", eight(2, 1), 0),
        ("N2", "N", eight(2, 1), 2),
        ("DD", "D", eight(2, 0), 0),
        ("R3", "R", eight(1, 0), 3),
        ("W4", "R", eight(1, 0), 4),
        ("B12", "B", eight(1, 1), 12),
        ("R10", "R", eight(1, 0), 10),
        ("K2", "Q", eight(1, 0) | eight(1, 1), 2),
    ],
)
def test_riders_and_compounds(text: str, atom: str, vectors: set[Vec], rng: int) -> None:
    (move,) = parse_betza(text).moves
    assert (move.atom, set(move.vectors()), move.range) == (atom, vectors, rng)


@pytest.mark.parametrize(
    ("a", "b"),
    [("WW", "R"), ("W0", "R"), ("R0", "R"), ("FF", "B"), ("KK", "Q"), ("W1", "W"), ("R1", "W"), ("B1", "F"),
     ("Q1", "K"), ("N1", "N"), ("N0", "NN"), ("LJ", "CZ"), ("cmW", "W"), ("mcW", "W"), ("K2", "Q2"),
     ("WF", "K"), ("RB", "Q"), ("vsW", "W"), ("fbF", "F"), ("fWsW", "fsW"), ("sfW", "fsW"), ("rfF", "frF"),
     ("ffN", "fN"), ("fKsWmbK", "mKcfKcsW"), ("mWcW", "W"), ("RW", "R"), ("DnD", "D"), ("BN", "NB"),
     ("mfK", "fmK"), ("nmD", "mnD"), ("ifmnD", "nmfiD")],
)  # fmt: skip
def test_equal_spellings(a: str, b: str) -> None:
    assert parse_betza(a) == parse_betza(b)
    assert parse_betza(a).render() == parse_betza(b).render()


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("R", "R"), ("W0", "R"), ("B3", "B3"), ("F3", "B3"), ("W3", "R3"), ("K2", "Q2"), ("NN", "NN"),
     ("N0", "NN"), ("N2", "N2"), ("DD", "DD"), ("LJ", "CZ"), ("mfK", "fmK"), ("NmvW", "NvmW"),
     ("mWnD", "nDmW"), ("fcFfmW", "fmWfcF"), ("fKsWmbK", "fhKbmK"), ("RmF", "RmF"), ("BmW", "BmW"),
     ("NmK", "NmK"), ("KAD", "KAD"), ("BNmW", "BNmW"), ("RNmF", "RNmF"), ("FmW", "FmW"), ("fsW", "fsW"),
     ("fK", "fK"), ("R10", "R10"), ("B2B", "B"), ("fB2B", "B"), ("B3bB", "fB3bB"),
     ("fmWifmnDfcF", "fmWifmnDfcF")],
)  # fmt: skip
def test_canonical_render(text: str, canonical: str) -> None:
    assert parse_betza(text).render() == canonical
    assert parse_betza(canonical).render() == canonical


# --- directions (Fairy-Stockfish semantics) -------------------------------------------------------

D4 = (3, 3)  # d4 on the 7x7 board of FSF's [betzatest]


def squares(text: str) -> list[str]:
    (move,) = parse_betza(text).moves
    return sorted("abcdefg"[D4[0] + dx] + str(D4[1] + dy + 1) for dx, dy in move.vectors())


@pytest.mark.parametrize(
    ("text", "expected"),
    [("lhN", "c2 b3 b5 c6"), ("rhN", "e2 f3 f5 e6"), ("hlN", "e2 b3 f5 c6"), ("hrN", "c2 f3 b5 e6")],
)
def test_fsf_half_plane_and_chiral_knights(text: str, expected: str) -> None:
    assert squares(text) == sorted(expected.split())


@pytest.mark.parametrize(
    ("text", "vectors"),
    [
        ("fW", {(0, 1)}), ("bW", {(0, -1)}), ("lW", {(-1, 0)}), ("rW", {(1, 0)}), ("vW", {(0, 1), (0, -1)}),
        ("sW", {(1, 0), (-1, 0)}), ("fsW", {(0, 1), (1, 0), (-1, 0)}), ("frW", {(0, 1), (1, 0)}),
        ("fF", {(1, 1), (-1, 1)}), ("bF", {(1, -1), (-1, -1)}), ("rF", {(1, 1), (1, -1)}),
        ("frF", {(1, 1)}), ("rfF", {(1, 1)}), ("blF", {(-1, -1)}), ("fsF", {(1, 1), (-1, 1)}),
        ("fN", {(1, 2), (-1, 2)}), ("ffN", {(1, 2), (-1, 2)}), ("fsN", {(2, 1), (-2, 1)}),
        ("sN", {(2, 1), (2, -1), (-2, 1), (-2, -1)}),
        ("vN", {(1, 2), (-1, 2), (1, -2), (-1, -2)}), ("lN", {(-2, 1), (-2, -1)}),
        ("rfN", {(1, 2)}), ("frN", {(2, 1)}), ("lbN", {(-1, -2)}), ("blN", {(-2, -1)}),
        ("rvN", {(1, 2), (1, -2)}), ("fhN", {(1, 2), (-1, 2), (2, 1), (-2, 1)}),
        ("bhN", {(1, -2), (-1, -2), (2, -1), (-2, -1)}), ("fC", {(1, 3), (-1, 3)}), ("frZ", {(3, 2)}),
        ("fK", {(0, 1), (1, 1), (-1, 1)}), ("bK", {(0, -1), (1, -1), (-1, -1)}),
        ("fsK", {(1, 0), (-1, 0), (1, 1), (-1, 1)}), ("sK", eight(1, 1) | {(1, 0), (-1, 0)}),
        ("frK", {(1, 0), (1, 1)}), ("rfK", {(0, 1), (1, 1)}),
        ("fhK", {(0, 1), (1, 0), (-1, 0), (1, 1), (-1, 1)}),
        ("fR", {(0, 1)}), ("fQ", {(0, 1), (1, 1), (-1, 1)}), ("fB3", {(1, 1), (-1, 1)}),
        ("fNN", {(1, 2), (-1, 2)}),
        ("fmrW", {(0, 1), (1, 0)}), ("fmrF", {(1, 1), (-1, 1), (1, -1)}),
    ],
)  # fmt: skip
def test_direction_vectors(text: str, vectors: set[Vec]) -> None:
    (move,) = parse_betza(text).moves
    assert set(move.vectors()) == vectors


def test_oblique_pairs_are_order_sensitive_and_single_vectors_cover_the_knight() -> None:
    singles = ["rf", "lf", "rb", "lb", "fr", "fl", "br", "bl"]
    got = [parse_betza(d + "N").moves[0].vectors() for d in singles]
    assert all(len(v) == 1 for v in got)
    assert {v[0] for v in got} == eight(2, 1)


# --- named pieces ---------------------------------------------------------------------------------


def test_pawn_and_soldier() -> None:
    assert leaps("fmWfcF") == {(0, 1): M, (1, 1): C, (-1, 1): C}
    assert leaps("fsW") == {(0, 1): B, (1, 0): B, (-1, 0): B}
    assert leaps("FmW") == {**dict.fromkeys(eight(1, 1), B), **dict.fromkeys(eight(1, 0), M)}


def test_double_step_pawn() -> None:
    t = table("fmWifmnDfcF")
    assert t[(0, 2)] == (M, 1, True, True)
    assert t[(0, 1)] == (M, 1, False, False)
    assert t[(1, 1)] == t[(-1, 1)] == (C, 1, False, False)


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("RmF", [(eight(1, 0), B, 0), (eight(1, 1), M, 1)]),
        ("BmW", [(eight(1, 1), B, 0), (eight(1, 0), M, 1)]),
        ("NmK", [(eight(2, 1), B, 1), (eight(1, 0) | eight(1, 1), M, 1)]),
        ("KAD", [(eight(1, 0) | eight(1, 1) | eight(2, 2) | eight(2, 0), B, 1)]),
        ("BNmW", [(eight(1, 1), B, 0), (eight(2, 1), B, 1), (eight(1, 0), M, 1)]),
        ("RNmF", [(eight(1, 0), B, 0), (eight(2, 1), B, 1), (eight(1, 1), M, 1)]),
        ("B3", [(eight(1, 1), B, 3)]),
        ("R3", [(eight(1, 0), B, 3)]),
        ("NmvW", [(eight(2, 1), B, 1), ({(0, 1), (0, -1)}, M, 1)]),
        ("mfK", [({(0, 1), (1, 1), (-1, 1)}, M, 1)]),
    ],
)
def test_ajax_and_bipartite_pieces(text: str, parts: list[tuple[set[Vec], Modality, int]]) -> None:
    expected = {v: (mod, rng, False, False) for vs, mod, rng in parts for v in vs}
    assert table(text) == expected


def test_guard_cannot_capture_backwards() -> None:
    forward_and_side = {(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)}
    backward = {(0, -1), (1, -1), (-1, -1)}
    want = {**dict.fromkeys(forward_and_side, B), **dict.fromkeys(backward, M)}
    assert leaps("fKsWmbK") == want
    assert leaps("mKcfKcsW") == want


def test_lame_dabbaba_swordsman() -> None:
    t = table("mWnD")
    assert {v: t[v] for v in eight(2, 0)} == dict.fromkeys(eight(2, 0), (B, 1, True, False))
    assert {v: t[v] for v in eight(1, 0)} == dict.fromkeys(eight(1, 0), (M, 1, False, False))
    assert table("mWmnD")[(0, 2)] == (M, 1, True, False)


@pytest.mark.parametrize(
    ("v", "path"),
    [((1, 2), ((0, 1),)), ((2, 1), ((1, 0),)), ((-1, -2), ((0, -1),)), ((2, 0), ((1, 0),)),
     ((0, -2), ((0, -1),)), ((2, 2), ((1, 1),)), ((-2, 2), ((-1, 1),)), ((3, 2), ((1, 0), (2, 1))),
     ((2, 3), ((0, 1), (1, 2))), ((-2, -3), ((0, -1), (-1, -2))), ((3, 1), ((1, 0), (2, 0))),
     ((3, 0), ((1, 0), (2, 0))), ((3, 3), ((1, 1), (2, 2))), ((1, 0), ()), ((1, 1), ()), ((0, 0), ())],
)  # fmt: skip
def test_lame_path(v: Vec, path: tuple[Vec, ...]) -> None:
    assert lame_path(*v) == path


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "index", "needle"),
    [
        ("", 0, "empty"), ("pN", 0, "'p' (hopper) only applies"), ("gB2", 0, "without a range"), ("aW", 0, "'a'"),
        ("jN", 0, "'j'"), ("gWW", 0, "'g' (hopper)"), ("ipR", 0, "'i' (initial move)"), ("pgQ", 1, "exclude"),
        ("npR", 0, "'n'"), ("ceF", 1, "'e' (en passant)"), ("dW", 0, "'d'"),
        ("tW", 0, "'t'"), ("oW", 0, "'o'"), ("yR", 0, "'y'"), ("zB", 0, "'z'"), ("xW", 0, "'x'"),
        ("uW", 0, "'u'"), ("kW", 0, "'k'"), ("[F?R]", 0, "'['"), ("(W)", 0, "'('"), ("O2", 0, "'O'"),
        ("U", 0, "'U'"), ("NX", 1, "'X'"), ("E", 0, "'E'"), ("W@", 1, "'@'"), ("fmW c", 3, "' '"),
        ("Nm", 1, "no atom"), ("Wm", 1, "'m'"), ("Wif", 1, "'if'"), ("nW", 0, "'n' (lame)"),
        ("nF", 0, "'n'"), ("nK", 0, "'n'"), ("nR", 0, "rider"), ("nNN", 0, "rider"), ("nD2", 0, "rider"),
        ("ffW", 0, "'ff'"), ("bbK", 0, "'bb'"), ("hW", 0, "'h'"), ("fhW", 0, "'h'"), ("hN", 0, "'h'"),
        ("sfF", 0, "'sf'"), ("WvrN", 1, "'vr'"), ("RR", 1, "'R'"), ("NN2", 2, "doubled"),
        ("R123", 3, "two digits"), ("R03", 1, "0"), ("3R", 0, "'3'"), ("iiW", 1, "'i' repeated"),
        ("mmW", 1, "'m' repeated"), ("N\u00b2", 1, "'\u00b2'"), ("Ｗ", 0, "'Ｗ'"), ("w", 0, "'w'"),
    ],
)  # fmt: skip
def test_errors_name_letter_and_position(text: str, index: int, needle: str) -> None:
    with pytest.raises(BetzaError) as info:
        parse_betza(text)
    err = info.value
    assert (err.index, err.text) == (index, text)
    assert needle in err.message
    assert str(index) in str(err)
    assert isinstance(err, ValueError)


def test_direct_construction_canonicalises_and_validates() -> None:
    m = BetzaMove("W", "sf", M, False, False, 0)
    assert (m.atom, m.directions, m.range, m.render()) == ("R", "fs", 0, "fsmR")
    assert BetzaMove("R", "", B, False, False, 1) == BetzaMove("W", "vs", B, False, False, 1)
    assert BetzaMove("J", "", B, True, False, 1).atom == "Z"
    for bad in [("W", "", B, True, False, 1), ("N", "", B, True, False, 0), ("X", "", B, False, False, 1),
                ("N", "hh", B, False, False, 1), ("N", "q", B, False, False, 1),
                ("N", "", B, False, False, 100), ("N", "", Modality(0), False, False, 1)]:  # fmt: skip
        with pytest.raises(ValueError):
            BetzaMove(*bad)  # type: ignore[arg-type]
    # a piece without moves is the immobile piece, written "-"
    assert BetzaPiece(()) == parse_betza("-") and BetzaPiece(()).render() == "-"


# --- describe -------------------------------------------------------------------------------------


def test_describe() -> None:
    assert parse_betza("RmF").describe() == [
        "moves or captures like a rook (any distance orthogonally)",
        "moves without capturing one step diagonally",
    ]
    assert parse_betza("mWnD").describe() == [
        "leaps 2 squares orthogonally, blocked by a piece on the square between",
        "moves without capturing one step orthogonally",
    ]
    assert parse_betza("fmWfcF").describe() == [
        "moves without capturing one step forward",
        "captures one step forward-left or forward-right",
    ]
    assert parse_betza("NN").describe() == [
        "moves or captures like a nightrider (any number of knight leaps in a straight line)"
    ]
    assert parse_betza("B3").describe() == ["moves or captures up to 3 squares diagonally"]
    assert parse_betza("fR").describe() == ["moves or captures any distance forward"]
    assert parse_betza("fN").describe() == ["leaps 2 forward 1 left or 2 forward 1 right"]
    assert parse_betza("cN").describe() == ["captures by leaping like a knight (1,2)"]
    assert parse_betza("nZ").describe() == ["leaps like a zebra (2,3), blocked by a piece on either square it passes"]
    assert parse_betza("ifmnD").describe() == [
        "leaps without capturing 2 squares forward, blocked by a piece on the square between"
        " (only if the piece has not moved yet)"
    ]
    assert len(parse_betza("fhKbmK").describe()) == 2


# --- properties -----------------------------------------------------------------------------------

ATOMS = "WFDNAHCZGKRBQLJ"


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    atom = draw(st.sampled_from(ATOMS))
    lame = atom in "DNAHCZGLJ" and draw(st.booleans())
    pieces = [draw(st.text(alphabet="fblrvsh", max_size=4))]
    pieces += list(draw(st.sampled_from(["", "m", "c", "mc", "cm"])))
    pieces += ["n"] * lame + ["i"] * draw(st.booleans())
    if atom in "RBQ":
        suffix = "" if lame else draw(st.sampled_from(["", "0", "1", "2", "3", "7", "10", "15"]))
    else:
        suffix = "" if lame else draw(st.sampled_from(["", "", atom, "0", "1", "2", "4", "12"]))
    return "".join(draw(st.permutations(pieces))) + atom + suffix


@st.composite
def piece_parts(draw: st.DrawFn) -> list[str]:
    parts = draw(st.lists(move_texts(), min_size=1, max_size=4))
    for a, b in itertools.pairwise(parts):
        assume(a[-1] != b[0])  # "N" + "N2" would read as a doubled atom
    for p in parts:
        try:
            parse_betza(p)
        except BetzaError:
            assume(False)
    return parts


SIZE, MID = 15, 7


def reach(
    moves: tuple[BetzaMove, ...], occupied: frozenset[Vec], virgin: bool, size: int = SIZE
) -> set[tuple[Vec, bool]]:
    """(target, is_capture) from the centre of a size x size board; every occupied square holds an enemy."""
    out: set[tuple[Vec, bool]] = set()
    mid = size // 2
    for m in moves:
        if m.initial and not virgin:
            continue
        for dx, dy in m.vectors():
            if m.lame and any((mid + x, mid + y) in occupied for x, y in lame_path(dx, dy)):
                continue
            k = 1
            while 0 <= mid + k * dx < size and 0 <= mid + k * dy < size:
                t = (mid + k * dx, mid + k * dy)
                if t in occupied:
                    if m.modality & Modality.CAPTURE:
                        out.add((t, True))
                    break
                if m.modality & Modality.MOVE:
                    out.add((t, False))
                if k == m.range:
                    break
                k += 1
    return out


def raw_moves(parts: list[str]) -> tuple[BetzaMove, ...]:
    """The moves as written, without the piece-level normal form."""
    with mock.patch.object(betza, "_canonical_moves", tuple):
        return tuple(m for p in parts for m in parse_betza(p).moves)


occupancies = st.frozensets(st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)), max_size=60)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(piece_parts(), occupancies)
def test_round_trip_preserves_moves(parts: list[str], occupied: frozenset[Vec]) -> None:
    text = "".join(parts)
    piece = parse_betza(text)
    rendered = piece.render()
    assert parse_betza(rendered) == piece
    assert parse_betza(rendered).render() == rendered
    assert len(piece.describe()) == len(piece.moves)
    occupied -= {(MID, MID)}
    raw = raw_moves(parts)
    for virgin in (False, True):
        assert reach(piece.moves, occupied, virgin) == reach(raw, occupied, virgin)
        assert reach(parse_betza(rendered).moves, occupied, virgin) == reach(raw, occupied, virgin)


@settings(max_examples=300, deadline=None)
@given(st.lists(move_texts(), min_size=1, max_size=3))
def test_moves_are_canonical_and_unique_per_vector(parts: list[str]) -> None:
    try:
        piece = parse_betza("".join(parts))
    except BetzaError:
        return
    seen: set[tuple[bool, Vec, Modality]] = set()
    for m in piece.moves:
        assert BetzaMove(m.atom, m.directions, m.modality, m.lame, m.initial, m.range) == m
        for v in m.vectors():
            for flag in (Modality.MOVE, Modality.CAPTURE):
                if m.modality & flag:
                    assert (m.initial, v, flag) not in seen  # FSF keeps one range per direction
                    seen.add((m.initial, v, flag))


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="fblrvshimcnpgajeWFDNAHCZGKRBQLJOUX0123456789[]()-? @")))
def test_arbitrary_text_only_raises_betza_error(text: str) -> None:
    try:
        piece = parse_betza(text)
    except BetzaError as e:
        assert 0 <= e.index <= len(text) and e.text == text
        return
    assert parse_betza(piece.render()) == piece


# --- Fairy-Stockfish parity (pyffish is a dependency) -------------------------------------------------

PARITY = ["fsW", "fmWfcF", "fK", "bK", "fsK", "sK", "vK", "frK", "rfK", "fhK", "RmF", "BmW", "NmK", "KAD",
          "BNmW", "RNmF", "B3", "R3", "NmvW", "fKsWmbK", "mKcfKcsW", "FmW", "mWnD", "mfK", "lhN", "rhN",
          "hlN", "hrN", "fsN", "frN", "rfN", "fhN", "rvN", "bhZ", "hrC", "fN", "nN", "nA", "nZ", "fNN",
          "N2", "Q2", "fB3", "frQ", "lhB", "hlF", "fmrF", "rbF", "bsZ", "lvZ", "GH", "LJ"]  # fmt: skip


def fsf_targets(sf: object, name: str, full: bool) -> set[tuple[Vec, bool]]:
    rows = []
    for r in range(8, -1, -1):
        row = "".join("A" if (f, r) == (4, 4) else "x" if full else "1" for f in range(9))
        rows.append("9" if row == "1" * 9 else row.replace("1111", "4"))
    moves = sf.legal_moves(name, "/".join(rows) + " w - - 0 1", [])  # type: ignore[attr-defined]
    return {(("abcdefghi".index(m[2]), int(m[3:]) - 1), full) for m in moves}


@pytest.mark.parametrize("text", PARITY)
def test_fairy_stockfish_reads_the_rendering_as_we_do(text: str) -> None:
    import pyffish as sf

    got: dict[str, set[tuple[Vec, bool]]] = {}
    for i, source in enumerate((text, parse_betza(text).render())):
        name = f"betzaparity{abs(hash((text, i))) % 10**9}"
        sf.load_variant_config(
            f"[{name}]\nmaxRank = 9\nmaxFile = 9\ncustomPiece1 = a:{source}\ncustomPiece2 = x:mW\n"
            "startFen = 9/9/9/9/9/9/9/9/9 w - - 0 1\n"
        )
        got[source] = fsf_targets(sf, name, False) | fsf_targets(sf, name, True)
    moves = parse_betza(text).moves
    full = frozenset((f, r) for f in range(9) for r in range(9)) - {(4, 4)}
    ours = reach(moves, frozenset(), False, 9) | reach(moves, full, False, 9)
    for source, targets in got.items():
        assert targets == ours, source


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("gQ", "gQ"), ("gRgB", "gQ"), ("mRcpR", "mRcpR"), ("mpRcpR", "pR"), ("fgRgB", "fgRgB"), ("pQmK", "pQmK")],
)
def test_hoppers_canonicalise_apart_from_the_riders_on_their_lines(text: str, canonical: str) -> None:
    piece = parse_betza(text)
    assert piece.render() == canonical and parse_betza(canonical) == piece
    assert all(m.range == 0 and m.atom in "RBQ" for m in piece.moves if m.hop)
