"""Only attested idioms: every ZRF construct the Zillions emitter writes also appears in the corpus
of real ``.zrf`` files, so a Zillions user's copy reads it as the authors of real games wrote it.

A construct is a keyword of the ZRF Language Reference's index (``KEYWORDS``), wherever it stands
(a section, a statement, a test, a value), and each ``(option "NAME" ...)`` by its name.  The
table :data:`CORPUS` holds each construct the emitter uses, for the two shipped catalogues, with
how often it occurs in ``shared/zillions`` (the 546 corpus files and Zillions' own ``Chess.zrf``).
The tests fail on a construct the emitter writes that the table lacks (add it, with its count),
on a count the corpus does not bear out, and on a construct with none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from shared_data import zillions_file

from generator.catalogue import DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE, load_catalogue
from generator.emit import zillions
from generator.emit.zillions.downloads import download_title, zrf_size
from generator.zrf.reader import List, Node, Str, Sym, decode, parse, tokenize

#: the keyword index of the ZRF Language Reference (v2, 2 May 2003), as shared/research/zillions-zrf.md
#: transcribes it, with the three forms it lists apart (define, include, version)
_INDEX = """absolute-config add add-copy add-copy-partial add-partial adjacent-to-enemy? and any-owner
    attacked? attribute back board board-setup capture capture-sound captured cascade change-owner
    change-sound change-type checkmated click-sound count-condition create default defended?
    description directions draw-condition draw-sound dimensions drop-sound drops dummy else engine
    empty? enemy? false flag? flip forced friend? from game go goal-position? grid help history if
    image in-zone? kill-positions last-from last-from? last-to last-to? links loss-condition
    loss-sound mark marked? moves move-priorities move-sound move-type music name neutral? not
    notation not-adjacent-to-enemy? not-attacked? not-defended? not-empty? not-enemy? not-flag?
    not-friend? not-goal-position? not-in-zone? not-last-from? not-last-to? not-marked?
    not-neutral? not-on-board? not-piece? not-position? not-position-flag? off on-board? open
    opening-sound opponent opposite option or piece piece? pieces-remaining players position?
    position-flag? positions relative-config release-sound repeat repetition set-attribute
    set-flag set-position-flag solution stalemated start-rectangle strategy symmetry title to
    total-piece-count translate true turn-order unlink variant verify while win-condition
    win-sound zone define include version"""
KEYWORDS = frozenset(_INDEX.split())

#: each construct the emitter writes -> its occurrences in the corpus (see the module docstring)
CORPUS = {
    "absolute-config": 662,
    "add": 18461,
    "add-copy": 40,
    "and": 1700,
    "attribute": 909,
    "back": 1072,
    "board": 1025,
    "board-setup": 1362,
    "capture": 1192,
    "cascade": 426,
    "change-owner": 26,
    "change-type": 210,
    "checkmated": 92,
    "create": 1031,
    "define": 5339,
    "description": 2300,
    "dimensions": 971,
    "directions": 710,
    "draw-condition": 30,
    "drops": 546,
    "dummy": 211,
    "else": 3038,
    "empty?": 4582,
    "enemy?": 1846,
    "false": 2826,
    "flag?": 1803,
    "forced": 85,
    "friend?": 746,
    "from": 365,
    "game": 550,
    "go": 78,
    "grid": 971,
    "help": 2175,
    "if": 6747,
    "image": 6068,
    "in-zone?": 1493,
    "kill-positions": 102,
    "last-from?": 140,
    "last-to?": 44,
    "links": 1391,
    "loss-condition": 683,
    "mark": 1175,
    "move-priorities": 118,
    "move-type": 5246,
    "moves": 4227,
    "name": 7037,
    "not": 247,
    "not-attacked?": 100,
    "not-empty?": 514,
    "not-enemy?": 313,
    "not-flag?": 1048,
    "not-friend?": 1016,
    "not-piece?": 2082,
    "not-position-flag?": 196,
    "not-position?": 85,
    "off": 1288,
    "on-board?": 963,
    "option": 1342,
    "or": 1261,
    'option "pass turn"': 105,
    "piece": 5252,
    "piece?": 6042,
    "pieces-remaining": 487,
    "players": 2525,
    "position-flag?": 121,
    "positions": 2051,
    "repeat": 70,
    "repetition": 144,
    "set-attribute": 515,
    "set-flag": 2140,
    "set-position-flag": 405,
    "stalemated": 198,
    "start-rectangle": 851,
    "symmetry": 395,
    "title": 1727,
    "to": 591,
    "total-piece-count": 30,
    "true": 2539,
    "turn-order": 691,
    "variant": 1182,
    "verify": 8504,
    "version": 115,
    "while": 1781,
    "win-condition": 455,
    "zone": 1933,
}


def _walk(node: Node) -> Iterator[Node]:
    yield node
    if isinstance(node, List):
        for item in node.items:
            yield from _walk(item)


def constructs(text: str) -> Counter[str]:
    """The constructs of a ``.zrf`` text, counted."""
    found: Counter[str] = Counter()
    for form in parse(text):
        for node in _walk(form):
            if isinstance(node, Sym) and node.name.lower() in KEYWORDS:
                found[node.name.lower()] += 1
            elif isinstance(node, List) and len(node.items) > 1 and node.items[0] == Sym("option", 0):
                name = node.items[1]
                if isinstance(name, Str):
                    found[f'option "{name.value.lower()}"'] += 1
    return found


def _corpus_texts() -> Iterator[tuple[str, str]]:
    corpus = zillions_file("corpus")
    for path in sorted([*corpus.rglob("*.zrf"), *corpus.rglob("*.ZRF"), zillions_file("Chess.zrf")]):
        yield str(path), decode(path.read_bytes())


@pytest.fixture(scope="module")
def corpus_counts() -> Counter[str]:
    """Every keyword and option name of the corpus, counted token by token (a file's unreadable
    tail is left out, as the reader would stop there)."""
    counts: Counter[str] = Counter()
    for path, text in _corpus_texts():
        before = ""
        option = False
        try:
            for kind, tok, _ in tokenize(text, path):
                word = tok.lower()
                if kind == "sym" and word in KEYWORDS:
                    counts[word] += 1
                elif kind == "str" and option:
                    counts[f'option "{word}"'] += 1
                option = kind == "sym" and word == "option" and before == "("
                before = kind
        except ValueError:
            continue
    return counts


@pytest.fixture(scope="module")
def emitted() -> Counter[str]:
    counts: Counter[str] = Counter()
    for path in (DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE):
        catalogue = load_catalogue(path)
        for family in zillions.downloads(catalogue):
            for name, data in zillions.family_files(catalogue, family).items():
                if name.endswith(".zrf"):
                    counts += constructs(decode(data))
    return counts


def test_the_table_lists_exactly_the_constructs_the_emitter_writes(emitted: Counter[str]) -> None:
    assert sorted(set(emitted) - set(CORPUS)) == [], "constructs the table lacks: add them with their corpus counts"
    assert sorted(set(CORPUS) - set(emitted)) == [], "constructs the emitter no longer writes: drop them"


def test_every_construct_occurs_in_the_corpus_as_the_table_says(corpus_counts: Counter[str]) -> None:
    assert {c: corpus_counts[c] for c in CORPUS} == CORPUS
    assert [c for c, n in CORPUS.items() if n == 0] == []


def test_a_construct_no_real_file_uses_is_caught() -> None:
    # the keyword index has forms no corpus file uses: the emitter may not start writing one unnoticed
    assert constructs("(define x ((verify (position? e1)) add))") == Counter(
        {"define": 1, "verify": 1, "position?": 1, "add": 1}
    )


@pytest.mark.parametrize("path", [DEFAULT_CATALOGUE, FAIRY_STOCKFISH_CATALOGUE])
def test_a_download_holds_one_game_or_the_games_of_one_board_within_40_kb(path: str) -> None:
    """A family's games share one download where they share one board and fit in 40 KB of ZRF; else a download
    holds games of one board, in catalogue order, each as many as the limit lets it hold.  Each is named after
    what it holds: one game by its title; no two downloads by the same name."""
    catalogue = load_catalogue(path)
    got = zillions.downloads(catalogue)
    for key, d in got.items():
        assert len(zillions.render_family(catalogue, key).encode("ascii")) <= zillions.MAX_ZRF_BYTES, d.title
    games = [v for d in got.values() for v in d.variants]
    assert sorted(v.name for v in games) == sorted(catalogue.names())
    assert len({d.title.lower() for d in got.values()}) == len(got)
    for key, d in got.items():
        family, _, first = key.partition("/")
        assert {v.family for v in d.variants} == {family}
        if len(d.variants) == 1:
            assert d.title == d.variants[0].title
        if not first:
            continue
        # one of several downloads of a family: one board's games, which with the next would not fit
        board = (d.variants[0].board.files, d.variants[0].board.ranks)
        assert first == d.variants[0].name and {(v.board.files, v.board.ranks) for v in d.variants} == {board}
        same = [v for v in catalogue.variants if v.family == family and (v.board.files, v.board.ranks) == board]
        at = same.index(d.variants[-1])
        assert same[at - len(d.variants) + 1 : at + 1] == list(d.variants)
        if at + 1 < len(same):
            # measured, as the cut measures it, under the longest title it could get
            fuller = (*d.variants, same[at + 1])
            title = download_title(d.variants[0].family_title, fuller, [fuller, fuller])
            assert zrf_size(catalogue, title, fuller) > zillions.MAX_ZRF_BYTES, (
                f"{d.title} could hold {fuller[-1].name}"
            )
