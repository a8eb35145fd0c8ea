"""The Zillions emitter: one .zrf per family (or part of one), zipped with its pictures and a rules text."""

from __future__ import annotations

import dataclasses
import io
import re
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from shared_data import zillions_file

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.catalogue.model import Catalogue, Variant
from generator.emit import zillions
from generator.emit.fidelity import limitations, relaxed
from generator.emit.jinja import render
from generator.emit.zillions.downloads import TEMPLATE, crlf, download_of, family_context, render_context
from generator.zrf.reader import parse

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE_DIR = ROOT / "templates" / "zillions"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue(DEFAULT_CATALOGUE)


@pytest.fixture(scope="module")
def rendered(catalogue: Catalogue) -> dict[str, str]:
    return {f: zillions.render_family(catalogue, f) for f in zillions.downloads(catalogue)}


# --- a small s-expression reader, independent of generator.zrf ------------------------------------------

_TOKEN = re.compile(r'\s+|;[^\n]*|"(?:[^"\\]|\\.)*"|[()]|[^\s()";]+', re.S)


def _downloads(catalogue: Catalogue) -> dict[str, tuple[Variant, ...]]:
    """Download key -> its games."""
    return {key: d.variants for key, d in zillions.downloads(catalogue).items()}


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        assert m, f"cannot read at {text[pos : pos + 40]!r}"
        tok = m.group(0)
        pos = m.end()
        if not tok.isspace() and not tok.startswith(";"):
            out.append(tok)
    return out


def _forms(text: str) -> list[object]:
    """Top-level forms as nested lists of strings; asserts balanced parentheses."""
    stack: list[list[object]] = [[]]
    for tok in _tokens(text):
        if tok == "(":
            stack.append([])
        elif tok == ")":
            assert len(stack) > 1, "a ')' closes nothing"
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(tok)
    assert len(stack) == 1, f"{len(stack) - 1} '(' never closed"
    return stack[0]


def _find(form: object, head: str) -> list[list[object]]:
    """Every list (at any depth) whose first item is ``head``."""
    out: list[list[object]] = []
    if isinstance(form, list):
        if form and form[0] == head:
            out.append(form)
        for x in form:
            out += _find(x, head)
    return out


def _defines(forms: list[object]) -> dict[str, list[object]]:
    return {f[1]: f[2:] for f in forms if isinstance(f, list) and f[:1] == ["define"]}


def _key(section: list[object]) -> tuple[object, ...]:
    """What a variant's section replaces of its game's, as Zillions merges them: the piece or
    option of that name, all the goals, else the section of that keyword."""
    head = str(section[0])
    if head == "piece":
        return (head, _find(section, "name")[0][1])
    if head == "option":
        return (head, section[1])
    return ("goal",) if head.endswith("-condition") else (head,)


def _written(text: str) -> list[list[object]]:
    """The ``(game ...)`` and ``(variant ...)`` forms of a file, as written."""
    return [f for f in _forms(text) if isinstance(f, list) and f[0] in ("game", "variant")]


def _games(text: str) -> list[list[object]]:
    """Each game of a file whole: a variant is the first game with its own sections put in."""
    first, *variants = _written(text)
    out = [first]
    for v in variants:
        own = {_key(s) for s in v[1:] if isinstance(s, list)}
        out.append([v[0], *(s for s in first[1:] if isinstance(s, list) and _key(s) not in own), *v[1:]])
    return out


# --- the rules files ----------------------------------------------------------------------------------


def test_every_family_renders_balanced_ascii(rendered: dict[str, str]) -> None:
    assert rendered
    for family, text in rendered.items():
        text.encode("ascii")
        _forms(text)  # balanced
        assert text.rstrip().endswith(")"), f"{family}: nothing may follow the last parenthesis"
        assert '(version "2.0")' in text


def test_every_variant_is_a_game_or_variant_with_its_title(catalogue: Catalogue, rendered: dict[str, str]) -> None:
    for family, variants in _downloads(catalogue).items():
        forms = _written(rendered[family])
        assert [f[0] for f in forms] == ["game"] + ["variant"] * (len(variants) - 1)
        titles = [_find(f, "title")[0][1] for f in forms]
        assert titles == [f'"{zillions.game_title(v.title)}"' for v in variants]


@pytest.mark.parametrize("path", [DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE], ids=["shipped", "fsf"])
def test_a_variant_writes_only_what_differs_from_its_game(path: Path) -> None:
    """Besides its title and description, a variant writes a section only where the first game's
    differs: what it leaves out it inherits (the check commands play every game against the
    reference engine, so an inherited section that is not exact shows there)."""
    cat = load_catalogue(path)
    restated = 0
    for family in zillions.downloads(cat):
        first, *others = _written(zillions.render_family(cat, family))
        # a game of its own (one the first game's sections cannot be inherited by) writes every section
        variants = [f for f in others if f[0] == "variant"]
        theirs = {_key(s): s for s in first[1:] if isinstance(s, list) and _key(s) != ("goal",)}
        goals = [s for s in first[1:] if isinstance(s, list) and _key(s) == ("goal",)]
        for v in variants:
            own = [s for s in v[1:] if isinstance(s, list) and s[0] not in ("title", "description")]
            assert [s for s in own if _key(s) == ("goal",)] != goals, f"{family}: goals restated"
            for s in own:
                assert _key(s) == ("goal",) or theirs.get(_key(s)) != s, f"{family}: {_key(s)} restated"
            restated += len(own)
    assert restated  # some variants do differ


def test_the_prime_ministers_file_is_small(rendered: dict[str, str]) -> None:
    """Its four games share all but their setup; the file once restated them all (53,731 bytes)."""
    assert len(rendered["prime-ministers-chess"].encode("ascii")) <= 35_000


def test_a_variant_cannot_drop_a_section_of_its_game(catalogue: Catalogue) -> None:
    from generator.emit.zillions import game

    first, second = zillions.family_context(catalogue, "ajax-bigamous").games
    forcing = dataclasses.replace(first, sections=dataclasses.replace(first.sections, move_priorities=("a", "b")))
    with pytest.raises(ValueError, match="move-priorities"):
        game._restated(second, forcing)


def test_tokens_stand_on_dummy_positions_and_are_declared_dummy(rendered: dict[str, str]) -> None:
    """As real files do it: a piece set on ``dummy`` positions is a ``(piece ... (dummy))``, and a
    ``(dummy)`` piece stands nowhere else."""
    swapping = 0
    for text in rendered.values():
        for game in _games(text):
            dummies = {pos for d in _find(game, "dummy") for pos in d[1:]}
            declared = {p[1][1] for p in _find(game, "piece") if ["dummy"] in p}
            placed = {e[0]: set(e[1:]) for setup in _find(game, "board-setup") for side in setup[1:] for e in side[1:]}
            on_dummies = {name for name, positions in placed.items() if positions & dummies}
            # a variant may inherit a token type of its first game that it never places
            assert on_dummies <= declared
            assert all(placed.get(name, set()) <= dummies for name in declared)
            swapping += bool(on_dummies)
    assert swapping  # the catalogue has swaps: the test saw tokens


def test_symmetry_lists_every_direction_and_moves_use_declared_ones(rendered: dict[str, str]) -> None:
    for family, text in rendered.items():
        forms = _forms(text)
        defines = _defines(forms)
        for game in _games(text):
            board = _find(game, "board")[0]
            directions = {d[0] for d in _find(board, "directions")[0][1:]}
            assert {"n", "e", "s", "w", "ne", "nw", "se", "sw"} <= directions
            symmetry = _find(board, "symmetry")[0]
            assert symmetry[1] == "Black"
            pairs = dict(symmetry[2:])
            assert set(pairs) == directions == set(pairs.values()), family
            assert pairs["n"] == "s" and pairs["e"] == "w"  # turned half round, as Fairy-Stockfish turns Black
            # every argument of a move macro call that looks like a direction is declared
            for piece in _find(game, "piece"):
                for section in _find(piece, "moves") + _find(piece, "drops"):
                    for call in section[1:]:
                        assert call[0] in defines, f"{family}: undefined macro {call[0]}"
                        for arg in call[1:]:
                            if isinstance(arg, str) and re.fullmatch(r"[nsew]+", arg):
                                assert arg in directions, f"{family}: direction {arg} not declared"


def test_holes_zones_turn_order_and_goals(catalogue: Catalogue, rendered: dict[str, str]) -> None:
    for family, variants in _downloads(catalogue).items():
        for v, game in zip(variants, _games(rendered[family]), strict=True):
            kill = _find(game, "kill-positions")
            assert sorted(kill[0][1:] if kill else []) == sorted(s.name for s in v.board.holes)
            order = _find(game, "turn-order")[0][1:]
            assert order[0] == ("Black" if v.setup.to_move.word == "black" else "White")
            goals = {(c[0], str(c[2])) for c in game if isinstance(c, list) and c[0].endswith("-condition")}
            if v.goals.checkmate:
                assert ("loss-condition", "['checkmated', 'King']") in goals
            if v.draws.repetition:
                assert ("draw-condition", "repetition") in goals
            options = {o[1]: o[2] for o in _find(game, "option")}
            assert options['"pass turn"'] == ("forced" if v.draws.stalemate.value == "pass" else "false")
            if v.draws.stalemate.value == "draw":
                assert ("draw-condition", "stalemated") in goals
            if v.goals.flag is not None:
                assert any(kind == "win-condition" and "absolute-config" in goal for kind, goal in goals)
            zones = {z[1][1] for z in _find(game, "zone")}
            if v.pawn_rules.promotion is not None and any(p.pawn for p in v.pieces):
                assert "promotion-zone" in zones
            if v.drops is not None:
                assert "drop-zone" in zones


def test_castling_uses_the_catalogue_squares(catalogue: Catalogue, rendered: dict[str, str]) -> None:
    for family, variants in _downloads(catalogue).items():
        defines = _defines(_forms(rendered[family]))
        for v in variants:
            for cm in v.castling:
                name = f"castle-{cm.king_from}-{cm.king_to}-{cm.rook_from}-{cm.rook_to}"
                assert name in defines, f"{v.name}: no {name}"
                body = str(defines[name])
                assert "not-attacked?" in body and "never-moved?" in body and "cascade" in body


def test_render_is_deterministic(catalogue: Catalogue, rendered: dict[str, str]) -> None:
    for family, text in rendered.items():
        assert zillions.render_family(catalogue, family) == text


def test_templates_name_no_catalogue_entry(catalogue: Catalogue) -> None:
    words = set(catalogue.names()) | {v.family for v in catalogue.variants}
    words |= {v.title for v in catalogue.variants} | {v.family_title for v in catalogue.variants}
    templates = list(TEMPLATE_DIR.glob("*.j2"))
    assert templates
    for path in templates:
        text = path.read_text().lower()
        for w in words:
            assert not re.search(rf"(?<![\w-]){re.escape(w.lower())}(?![\w-])", text), f"{path.name} names {w!r}"


def test_zrf_file_name() -> None:
    assert zillions.zrf_file_name("Ajax-Capablanca Chess") == "Ajax-Capablanca Chess (variantgen).zrf"
    assert zillions.zrf_file_name("Caf\u00e9 / Chess") == "Cafe - Chess (variantgen).zrf"
    with pytest.raises(ValueError):
        zillions.zrf_file_name("///")


# --- fidelity -----------------------------------------------------------------------------------------


def test_move_rule_is_a_zillions_limitation(catalogue: Catalogue) -> None:
    chess = catalogue.get("chess")
    assert chess is not None
    rules = {x.rule for x in limitations(chess, "zillions")}
    assert "move-rule" in rules
    assert relaxed(chess, "zillions").draws.move_rule == 0


# --- the downloads ------------------------------------------------------------------------------------


def _bmp_size(data: bytes) -> tuple[int, int]:
    assert data[:2] == b"BM"
    size, _, _, offset = struct.unpack_from("<IHHI", data, 2)
    assert size == len(data)
    header, width, height, planes, bpp, compression = struct.unpack_from("<IiiHHI", data, 14)
    assert (header, planes, bpp, compression) == (40, 1, 24, 0)
    stride = (width * 3 + 3) // 4 * 4
    assert offset + stride * abs(height) == len(data)
    return width, abs(height)


def _png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, its chunks' checksums and its pixel data's length checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        (length,) = struct.unpack_from(">I", data, at)
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack_from(">I", data, at + 8 + length)[0] == zlib.crc32(kind + body)
        chunks[kind] = body
        at += 12 + length
    width, height, depth, colour = struct.unpack_from(">IIBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 2) and list(chunks) == [b"IHDR", b"IDAT", b"IEND"]
    assert len(zlib.decompress(chunks[b"IDAT"])) == height * (1 + 3 * width)
    return width, height


def test_zips_are_reproducible_and_complete(catalogue: Catalogue, tmp_path: Path) -> None:
    for family in zillions.downloads(catalogue):
        a = zillions.write_family_zip(catalogue, family, tmp_path / "a")
        b = zillions.write_family_zip(catalogue, family, tmp_path / "b")
        assert a.name == b.name and a.read_bytes() == b.read_bytes()
        top = a.name[: -len(".zip")]
        with zipfile.ZipFile(io.BytesIO(a.read_bytes())) as zf:
            infos = zf.infolist()
            names = [i.filename for i in infos]
            assert names == sorted(names)
            assert all(i.date_time == (1980, 1, 1, 0, 0, 0) and i.external_attr == 0o644 << 16 for i in infos)
            assert f"{top}/{top}.zrf" in names and f"{top}/{top}.txt" in names
            text = zf.read(f"{top}/{top}.zrf").decode("ascii")
            named = set(re.findall(r'"(images\\[^"]+)"', text))
            assert named
            images = {n.removeprefix(f"{top}/") for n in names if n.startswith(f"{top}/images/")}
            assert {n.replace("\\", "/") for n in named} == images, "every picture named, and nothing else"
            for n in images:
                data = zf.read(f"{top}/{n}")
                assert len(data) <= 200_000, (n, len(data))  # issue 37: no board bitmap over 200 KB
                if n.startswith(f"images/{top}/Board"):
                    assert n.endswith(".png") and _png_size(data) != (zillions.PIECE_SIZE, zillions.PIECE_SIZE)
                else:
                    assert _bmp_size(data) == (zillions.PIECE_SIZE, zillions.PIECE_SIZE)
            rules = zf.read(f"{top}/{top}.txt").decode("ascii")
            for v in zillions.downloads(catalogue)[family].variants:
                assert v.title in rules
                for lim in limitations(v, "zillions"):
                    assert lim.text.split(",")[0] in rules.replace("\r\n", " ")


def _shipped_titles() -> set[str]:
    """The game titles of the rules files Zillions ships that the shared data holds."""
    from generator import zrf

    titles: set[str] = set()
    for name in ("Chess.zrf", "fairychess.zrf"):
        titles |= set(zrf.load(zillions_file(name)).titles())
    return titles - {"-"}  # "-" titles are separators in Zillions' menus


def test_zips_are_laid_out_as_real_downloads(catalogue: Catalogue, tmp_path: Path) -> None:
    """One folder per zip, named after the family; the pictures under images/ in a folder of the
    family's own, named from the .zrf with backslashes; Windows line ends; macro names of at most 31
    characters (the corpus's longest); no file name or title that Zillions ships."""
    shipped = _shipped_titles()
    assert "Chess" in shipped and "Grand Chess" in shipped
    manifest = zillions.emit(catalogue, tmp_path)
    for z in manifest.zrf:
        with zipfile.ZipFile(tmp_path / z.path) as zf:
            names = zf.namelist()
            files = {n: zf.read(n) for n in names}
        tops = {n.split("/")[0] for n in names}
        assert tops == {z.path.removesuffix(".zip")} and all("/" in n for n in names), names
        top = tops.pop()
        pictures = [n for n in names if n.endswith((".bmp", ".png"))]
        assert pictures and all(n.startswith(f"{top}/images/{top}/") for n in pictures)
        texts = [n for n in names if not n.endswith((".bmp", ".png"))]
        assert sorted(texts) == [f"{top}/{top}.txt", f"{top}/{top}.zrf"] and z.member == f"{top}/{top}.zrf"
        for n in texts:
            data = files[n]
            assert data.count(b"\n") == data.count(b"\r\n") > 0, f"{n}: CRLF line ends only"
        text = files[z.member].decode("ascii")
        assert Path(z.member).name.lower() not in {"chess.zrf", "fairychess.zrf"}
        assert re.findall(r'\(image "(images\\[^"]+)"', text)
        for ref in re.findall(r'"(images[^"]+)"', text):
            assert ref.startswith(f"images\\{top}\\") and f"{top}/{ref.replace(chr(92), '/')}" in files
        macros = re.findall(r"\(define (\S+)", text)
        assert macros and max(map(len, macros)) <= 31, max(macros, key=len)
        titles = re.findall(r'\(title "([^"]+)"', text)
        assert titles == [g.title for g in z.games] and not set(titles) & shipped


def test_emit_zillions_writes_selected_families(catalogue: Catalogue, tmp_path: Path) -> None:
    lines = zillions.emit_zillions(catalogue, tmp_path, ["chess"])
    assert lines == [f"wrote {tmp_path / 'zillions' / 'Chess (variantgen).zip'}"]
    assert sorted(p.name for p in (tmp_path / "zillions").iterdir()) == ["Chess (variantgen).zip"]
    every = zillions.emit_zillions(catalogue, tmp_path / "all")
    assert len(every) == len(zillions.downloads(catalogue))
    with pytest.raises(ValueError, match="unknown variant"):
        zillions.emit_zillions(catalogue, tmp_path, ["no-such-variant"])


# --- played by the project's ZRF interpreter, against the reference engine -----------------------------


def test_perft_matches_the_reference_engine(catalogue: Catalogue, rendered: dict[str, str]) -> None:
    from generator import zrf
    from generator.engine import Position
    from generator.engine.perft import perft

    for family, variants in _downloads(catalogue).items():
        rules_file = zrf.load_text(rendered[family], f"{family}.zrf")
        for v in variants:
            state = zrf.start(rules_file.game(zillions.game_title(v.title)))
            for depth in (1, 2):
                expected = perft(Position.start(relaxed(v, "zillions")), depth)
                assert zrf.perft(state, depth) == expected, f"{v.name} perft({depth})"


def _engine_board(pos) -> tuple:  # pos: the engine's Position
    geo, pieces = pos.rules.geo, pos.rules.variant.pieces
    out = []
    for s in range(geo.size):
        code = pos.board[s]
        if code >= 0 and geo.is_square(s):
            out.append((geo.name(s), code & 1, pieces[code >> 1].letter))
    return tuple(sorted(out)), pos.turn


def _zrf_board(state, letter_of: dict[str, str]) -> tuple:  # state: a generator.zrf State
    prog = state.prog
    out = []
    for i, code in enumerate(state.board):
        name = prog.type_names[code >> 4 & 0xFFF] if code >= 0 else None
        if name in letter_of and i in prog.live:
            out.append((prog.names[i], code & 15, letter_of[name]))
    return tuple(sorted(out)), state.turn.gen


# (variant, moves to play, move kinds the engine must offer somewhere on the way)
SCENARIOS = [
    # en passant on each square a triple step passed: e4xd3 (1 after the start) and c5xd4 (2 after)
    ("ajax-chess", "a2a3 e9e6 a3a4 e6e5 b2b3 e5e4 b3b4 c9c6 h2h3 c6c5 d2d5 e4d3", {"en passant"}),
    ("ajax-chess", "a2a3 e9e6 a3a4 e6e5 b2b3 e5e4 b3b4 c9c6 h2h3 c6c5 d2d5 c5d4", {"en passant"}),
    ("chess", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5 d2d4 e8g8", {"castle"}),
    ("chess", "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8", {"castle"}),
    ("chess", "e2e4 d7d5 e4d5 e7e6 d5e6 f8b4 e6f7 e8e7 f7g8n", {"promotion"}),
    ("ajax-bigamous", "b1c3 b8c6 M@b1 c6b4", {"drop"}),
    ("prime-ministers-chess", "c1b1 a7a6 g2g3 a6a5", {"swap"}),
]


@pytest.mark.parametrize(("name", "moves", "kinds"), SCENARIOS)
def test_zrf_follows_the_engine_move_by_move(catalogue: Catalogue, name: str, moves: str, kinds: set[str]) -> None:
    from generator import zrf
    from generator.engine import Position, uci
    from generator.engine.moves import CASTLE, DROP, EN_PASSANT, PROMOTION, SWAP

    kind_names = {EN_PASSANT: "en passant", CASTLE: "castle", PROMOTION: "promotion", DROP: "drop", SWAP: "swap"}
    v = catalogue.get(name)
    assert v is not None
    r = relaxed(v, "zillions")
    key = zillions.download_of(catalogue, v.name).key
    rules_file = zrf.load_text(zillions.render_family(catalogue, key), f"{v.name}.zrf")
    state = zrf.start(rules_file.game(zillions.game_title(v.title)))
    letter_of = {z: letter for letter, z in zillions.zrf_piece_names(r).items()}
    pos = Position.start(r)
    seen: set[str] = set()
    for text in [*moves.split(), None]:
        expected: dict[tuple, str] = {}
        for m in pos.legal_moves():
            seen.add(kind_names.get(m[0], "other"))
            pos.push(m)
            expected[_engine_board(pos)] = uci(pos.rules, m)
            pos.pop()
        got: dict[tuple, object] = {}
        for zm in state.legal_moves():
            state.push(zm)
            got[_zrf_board(state, letter_of)] = zm
            state.pop()
        assert sorted(got) == sorted(expected), f"{name}: after {pos.fen()}"
        if text is None:
            break
        pos.push_uci(text)
        state.push(got[_engine_board(pos)])
    assert kinds <= seen


def test_rules_files_pass_the_zrf_lint(catalogue: Catalogue, tmp_path: Path) -> None:
    from generator.zrf import lint

    for family in zillions.downloads(catalogue):
        files = zillions.family_files(catalogue, family)
        for name, data in files.items():
            target = tmp_path / family / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        zrf = next((tmp_path / family).rglob("*.zrf"))
        problems = [m for m in lint.lint(zrf) if m.kind != "warning"]
        assert not problems, "\n".join(map(str, problems))


def test_the_manifest_says_what_each_zip_holds(catalogue: Catalogue, tmp_path: Path) -> None:
    """Every game of every written .zrf is in the manifest, with the title, number, piece names and
    start it was written with: a check can work from the manifest and the zip alone."""
    from generator import zrf
    from generator.check.zillions import zrf_start
    from generator.engine import Position

    manifest = zillions.emit(catalogue, tmp_path)
    assert sorted(manifest.files) == sorted(p.name for p in tmp_path.iterdir())
    assert [z.path for z in manifest.zrf] == list(manifest.files)
    assert sorted(g.variant for z in manifest.zrf for g in z.games) == sorted(catalogue.names())
    for z in manifest.zrf:
        with zipfile.ZipFile(tmp_path / z.path) as zf:
            text = zf.read(z.member).decode("ascii")
        rules = zrf.load_text(text, z.member)
        assert [g.title for g in z.games] == rules.titles()
        assert [g.number for g in z.games] == list(range(1, len(z.games) + 1))
        for g in z.games:
            v = catalogue.get(g.variant)
            assert v is not None and zillions.download_of(catalogue, v.name).key == z.download
            for letter, name in g.pieces:
                assert f"(name {name})" in text and relaxed(v, "zillions").piece(letter)
            state = zrf.start(rules.game(g.title))
            assert zrf_start(state, zrf.Notation(state.prog, g.letters()), v) == g.start
            board = Position.start(relaxed(v, "zillions")).fen().split()[0].partition("[")[0]
            assert g.start.startswith(board)


def test_every_macro_kind_has_one_body_and_no_other_is_accepted() -> None:
    from generator.emit.zillions.macros import KINDS, Macros

    bodies = re.findall(r'm\.kind == "([a-z-]+)"', (TEMPLATE_DIR / "macros.zrf.j2").read_text(encoding="utf-8"))
    assert sorted(bodies) == sorted(KINDS)
    with pytest.raises(ValueError, match="no ZRF macro body for kind 'teleport'"):
        Macros().use(1, "teleport", "teleport")


def test_a_variant_that_would_inherit_a_section_it_lacks_is_a_game_of_its_own(tmp_path: Path) -> None:
    """The first game of the family forces captures (move priorities); a later variant that does not
    gets a ``(game ...)`` of its own, after the variants, and plays as itself through the interpreter."""
    from generator.catalogue import load_catalogue_text
    from generator.zrf import load_text, start
    from generator.zrf.interpreter import perft as zrf_perft

    text = """families:
  two: {title: Two}
variants:
  forced:
    extends: fairy-stockfish:antichess
    family: two
  plain:
    extends: fairy-stockfish:chess
    family: two
  plain-too:
    extends: fairy-stockfish:nocastle
    family: two
"""
    (tmp_path / "two.yaml").write_text(text, encoding="utf-8")
    catalogue = load_catalogue_text(text, str(tmp_path / "two.yaml"))
    ctx = zillions.family_context(catalogue, "two")
    assert [(g.form, g.name) for g in ctx.games] == [("game", "forced"), ("game", "plain"), ("game", "plain-too")]
    rules = load_text(zillions.render_family(catalogue, "two"))
    first, second, third = rules.games
    assert not (first.is_variant or second.is_variant or third.is_variant)
    assert zrf_perft(start(second), 3) == 8902  # chess, without antichess's forced captures
    assert zrf_perft(start(first), 2) == 400


def test_a_castling_by_one_step_is_spelled_as_the_king_taking_its_rook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As Fairy-Stockfish writes it (d1a1 where the king goes d1-c1), in the reference and in the download."""
    from support import run

    from generator.zrf import Notation, load_text, start

    text = """variants:
  active:
    extends: fairy-stockfish:chess
    title: Active chess
    board: {files: 9, ranks: 8}
    setup:
      white: {R: [a1, h1], N: [b1, g1], B: [c1, f1], K: [d1], Q: [e1, i1], P: [a2-i2]}
      black: {R: [a8, h8], N: [b8, g8], B: [c8, f8], K: [d8], Q: [e8, i8], P: [a7-i7]}
    castling:
      - {color: white, king: d1, king_to: g1, rook: h1, rook_to: f1}
      - {color: white, king: d1, king_to: c1, rook: a1, rook_to: d1}
      - {color: black, king: d8, king_to: g8, rook: h8, rook_to: f8}
      - {color: black, king: d8, king_to: c8, rook: a8, rook_to: d8}
"""
    path = tmp_path / "active.yaml"
    path.write_text(text, encoding="utf-8")
    catalogue = load_catalogue(path)
    state = start(load_text(zillions.render_family(catalogue, catalogue.variants[0].family)).games[0])
    notation = Notation(state.prog, {"King": "K", "Rook": "R", "Knight": "N", "Bishop": "B", "Queen": "Q", "Pawn": "P"})
    for line in ("b2b3", "b7b6", "b1a3", "b8a6", "c1b2", "c8b7"):  # the queenside cleared
        notation.push(state, line)
    assert {"d1a1", "d1c1"} <= set(notation.moves(state))  # d1c1: the king's own step beside it
    argv = ("check", "--catalogue", str(path), "--engine", "zillions", "--depth", "2", "--games", "2")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.rstrip().endswith("all agree"), out


def test_a_single_game_over_the_limit_is_written_without_its_comments() -> None:
    """Okisaki shogi's game alone holds more than 40 KB with its comments, and no cut shares a game out: its
    file keeps its opening comments and reads as the same forms without the others."""
    fsf = load_catalogue(FAIRY_STOCKFISH_CATALOGUE)
    ctx = family_context(fsf, download_of(fsf, "okisakishogi").key)
    full = crlf(render(TEMPLATE, family=ctx))
    got = render_context(ctx)
    assert len(full) > zillions.MAX_ZRF_BYTES >= len(got)
    assert got.startswith("; Okisaki shogi")
    assert [repr(f) for f in parse(got)] == [repr(f) for f in parse(full)]
