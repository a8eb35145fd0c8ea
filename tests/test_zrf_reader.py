"""The .zrf reader: tokens, s-expressions with line numbers, define/$n macros, include, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from shared_data import zillions_file

from generator.zrf.model import load, load_text
from generator.zrf.reader import List, Str, Sym, ZrfSyntaxError, parse, read_file, read_text, tokenize


@pytest.fixture
def chess_zrf() -> Path:
    return zillions_file("Chess.zrf")


def one(text: str) -> List:
    forms = read_text(text)
    assert len(forms) == 1
    assert isinstance(forms[0], List)
    return forms[0]


# -- tokens and lists -----------------------------------------------------------------------------------


def test_tokens_comments_and_lines() -> None:
    text = '(a ; a comment (with parens)\r\n  b) ; more\n"x ; y"\n-12'
    toks = list(tokenize(text))
    assert toks == [
        ("(", "(", 1),
        ("sym", "a", 1),
        ("sym", "b", 2),
        (")", ")", 2),
        ("str", "x ; y", 3),
        ("sym", "-12", 4),
    ]


def test_strings_escapes_and_multiline() -> None:
    (s, t, u) = parse('"say \\"hi\\"" "dir\\file.bmp" "two\nlines\\\\"')
    assert isinstance(s, Str) and s.value == 'say "hi"' and s.raw == 'say \\"hi\\"'
    assert isinstance(t, Str) and t.value == "dir\\file.bmp"  # Zillions paths keep their backslashes
    assert isinstance(u, Str) and u.value == "two\nlines\\" and u.line == 1


def test_lists_keep_lines() -> None:
    (game,) = parse('(game\n  (title "T")\n  (players\n    White Black))')
    assert isinstance(game, List) and game.head == "game" and (game.line, game.end_line) == (1, 4)
    title, players = game.items[1], game.items[2]
    assert isinstance(title, List) and title.line == 2
    assert isinstance(players, List) and players.line == 3
    assert [(x.name, x.line) for x in players.items[1:] if isinstance(x, Sym)] == [("White", 4), ("Black", 4)]


# -- macros ----------------------------------------------------------------------------------------------


def test_macro_arguments_and_splicing() -> None:
    game = one(
        "(define leap2 ($1 $2 (verify not-friend?) add))\n"
        "(define Knight-moves (leap2 n ne) (leap2 e se))\n"
        "(game (moves (Knight-moves)))"
    )
    assert repr(game) == "(game (moves (n ne (verify not-friend?) add) (e se (verify not-friend?) add)))"
    moves = game.items[1]
    assert isinstance(moves, List)
    first = moves.items[1]
    assert isinstance(first, List) and first.line == 1  # the body's own line (where the define is)
    assert first.items[0].line == 2  # an argument keeps the line of the use


def test_nested_macros_and_symbol_use() -> None:
    game = one(
        "(define add-it add)\n"
        "(define pawn-add (if (in-zone? last) (add Queen) else add-it))\n"
        "(define step ($1 (verify empty?) (pawn-add)))\n"
        "(game (step n) add-it)"
    )
    assert repr(game) == "(game (n (verify empty?) (if (in-zone? last) (add Queen) else add)) add)"


def test_macro_defined_after_use_and_redefined() -> None:
    game = one("(game (a) (b))\n(define a x)\n(define b y)\n(define b z)")
    assert repr(game) == "(game x y)"  # used before any definition: the first one
    game = one("(define m one)\n(game (m))\n(define m two)")
    assert repr(game) == "(game one)"


def test_parameter_pasted_into_a_name() -> None:
    assert repr(one("(define mk (name $1-piece))\n(game (mk Big))")) == "(game (name Big-piece))"


def test_macro_errors_have_lines() -> None:
    with pytest.raises(ZrfSyntaxError, match=r"t\.zrf:3: macro 'two' \(defined at line 1\) uses \$2 but is given 1"):
        read_text("(define two ($1 $2 add))\n(game\n (two n))", "t.zrf")
    with pytest.raises(ZrfSyntaxError, match=r":2: \$1 outside a macro body"):
        read_text("(game\n $1)")
    with pytest.raises(ZrfSyntaxError, match=r":1: macro expansion too deep"):
        read_text("(define loop (loop))\n(game (loop))")
    with pytest.raises(ZrfSyntaxError, match=r":2: define is only allowed at the top level"):
        read_text("(game\n (define x y))")
    with pytest.raises(ZrfSyntaxError, match=r":2: macro 'step' \(line 1\) takes 1 argument"):
        read_text("(define step ($1 add))\n(game step)")


# -- syntax errors ----------------------------------------------------------------------------------------


def test_unbalanced_and_unterminated() -> None:
    with pytest.raises(ZrfSyntaxError, match=r"x\.zrf:3: unbalanced '\)'"):
        read_text('(game\n (title "a"))\n)', "x.zrf")
    with pytest.raises(ZrfSyntaxError, match=r"x\.zrf:2: unterminated string"):
        read_text('(game\n (title "a)\n)\n', "x.zrf")
    with pytest.raises(ZrfSyntaxError, match=r":1: unbalanced '\(': never closed"):
        read_text('(game (title "a")')
    # the guess: the piece opened on line 2 is still open when line 4 starts a form at its indentation
    text = "(game\n   (piece (name A)\n      (moves (n add))\n   (piece (name B))\n)"
    with pytest.raises(
        ZrfSyntaxError,
        match=r":2: unbalanced '\(': never closed \(probably a '\)' is missing "
        r"before line 4\)",
    ):
        read_text(text)


# -- include ----------------------------------------------------------------------------------------------


def test_include_is_relative_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "macros.zrf").write_text('(define step ($1 add))\n(define other (include "x"))\n')
    (tmp_path / "lib" / "x").write_text("(define inner ok)")
    main = tmp_path / "lib" / "main.zrf"
    main.write_text('(include "macros.zrf")\n(game (moves (step n)))\n')
    (game,) = read_file(main)
    assert repr(game) == "(game (moves (n add)))"
    step = game.items[1].items[1]  # type: ignore[union-attr]
    assert step.path == str(tmp_path / "lib" / "macros.zrf") and step.items[0].path == str(main)


def test_include_errors(tmp_path: Path) -> None:
    a = tmp_path / "a.zrf"
    a.write_text('\n(include "missing.zrf")\n')
    with pytest.raises(ZrfSyntaxError, match=r"a\.zrf:2: cannot include 'missing\.zrf'"):
        read_file(a)
    a.write_text('(include "a.zrf")')
    with pytest.raises(ZrfSyntaxError, match=r"includes itself"):
        read_file(a)


# -- the model ----------------------------------------------------------------------------------------------


def test_board_zones_symmetry_and_variants() -> None:
    rf = load_text("""
(define the-board (board (grid (dimensions ("a/b/c" (1 0)) ("3/2/1" (0 1)))
                           (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
                     (symmetry Black (n s) (s n))
                     (zone (name top) (players White) (positions a3 b3 c3))
                     (zone (name top) (players Black) (positions a1 b1 c1))))
(game (title "Base") (players White Black) (turn-order White Black) (the-board)
  (piece (name Man) (attribute moved? false) (moves (n add)) (drops ((verify empty?) add)))
  (board-setup (White (Man a1 off 2)) (Black (Man c3)))
  (loss-condition (White Black) (pieces-remaining 0)))
(variant (title "-"))
(variant (title "Other") (option "pass turn" forced)
  (piece (name Man) (moves (e add)))
  (win-condition (White) stalemated))
""")
    assert rf.titles() == ["Base", "Other"]
    base, other = rf.games
    b = base.board
    assert b.positions == ["a3", "a2", "a1", "b3", "b2", "b1", "c3", "c2", "c1"]
    assert b.positions[b.link("n", b.index["b2"])] == "b3" and b.link("w", b.index["a1"]) == -1
    assert b.symmetry == {"Black": {"n": "s", "s": "n"}}
    assert b.zones["top"]["Black"] == {b.index[x] for x in ("a1", "b1", "c1")}
    assert base.pieces["Man"].attributes == {"moved?": False}
    assert [(p.player, p.piece, p.positions, p.off) for p in base.setup] == [
        ("White", "Man", ["a1"], 2),
        ("Black", "Man", ["c3"], 0),
    ]
    # the variant replaced the piece and the goals, kept the board and the setup
    assert [blk.stmts for blk in other.pieces["Man"].moves] == [[Sym("e", 0), Sym("add", 0)]]
    assert [(c.kind, c.players) for c in other.conditions] == [("win-condition", ["White"])]
    assert other.options == {"pass turn": "forced"} and other.setup == base.setup


def test_kill_positions_and_links() -> None:
    rf = load_text("""(game (title "K") (players A B)
  (board (grid (dimensions ("a/b/c" (1 0)) ("2/1" (0 1))) (directions (e 1 0) (w -1 0)))
         (kill-positions b1) (links e (c2 a2)) (dummy off1)))""")
    b = rf.game().board
    i = b.index
    assert b.link("e", i["a1"]) == -1 and b.link("w", i["c1"]) == -1  # nothing links to a killed square
    assert b.link("e", i["c2"]) == i["a2"]
    assert b.killed == {i["b1"]} and b.dummies == {i["off1"]}


def test_reads_zillions_chess(chess_zrf: Path) -> None:
    forms = read_file(chess_zrf)
    assert [f.head for f in forms if isinstance(f, List)][:3] == ["version", "game", "variant"]
    rf = load(chess_zrf)
    assert rf.titles()[:3] == ["Chess", "Extinction Chess", "Kinglet Chess"] and "-" not in rf.titles()
    chess = rf.game("chess")  # titles match without regard to case
    assert list(chess.pieces) == ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"]
    assert len(chess.board.positions) == 64 and chess.board.directions == ["n", "e", "s", "w", "ne", "nw", "se", "sw"]
    castle = chess.pieces["King"].moves[-2]
    assert castle.node.line == 24  # the O-O macro body, where it is written
    assert rf.game("Losing Chess").move_priorities == ["capture-move", "non-capture-move"]
