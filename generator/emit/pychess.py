"""pychess-variants uploads: one ini file per variant Fairy-Stockfish plays exactly, and its pieces.

pychess-variants (pychess.org, the largest site built on Fairy-Stockfish) takes user-defined
variants on its "My variants" page (``/my-variants``), one Fairy-Stockfish section at a time.  What
it takes was read from its code (``server/catalogued_variants.py`` of gbtami/pychess-variants,
commit 37b7a72 of 2026-08-22), and :func:`upload_problems`, :func:`svg_problems` and
:func:`piece_set_problems` check the same here, sometimes more strictly (said where):

* **The file.** At most 64 KiB of UTF-8, with exactly one line ``[name]`` or ``[name:base]``; the
  name 3-32 characters, a lower-case letter first, then ``a-z``, ``0-9``, ``-`` or ``_``, and not
  the name of one of the site's own variants or of a Fairy-Stockfish built-in (:data:`TAKEN`).
  Fairy-Stockfish must load it: the site runs pyffish 0.0.89 (:data:`SITE_PYFFISH`), which ignores
  an option it does not know without a word, so no option newer than that may be written.
* **Refused rules.** ``twoBoards``, ``cambodianMoves``, ``materialCounting``, ``freeDrops`` set true;
  ``countingRule``, ``chasingRule``, ``wallingRule`` set to anything but off; ``gating`` without
  ``seirawanGating``.  The emitter writes none of them; the check keeps it so.
* **pychessPieces.** An optional comment ``# pychessPieces = k,q,r,+r,p``: one-letter roles, any
  case, separated by commas or spaces, ``+x`` for a shogi-style promoted piece.  The site's list of
  pieces is the letters of the start FEN (hand included), then ``promotionPieceTypes``, then these,
  and a piece set must draw exactly that list.  Every upload file lists every piece letter of its
  section, lower case, in catalogue order, so the list does not depend on the start position; never
  a ``+x`` role, which would switch the site to shogi-style promotion.  The site does not require
  the line; the check does.
* **The piece set** (optional, uploaded after the variant): ``wK.svg``, ``bK.svg`` ... (``w`` or
  ``b``, an optional ``+``, the letter), one per piece of that list in each colour and no other,
  each at most 32 KiB, together at most 256 KiB.  The site keeps a safe subset of SVG: other
  elements and attributes are dropped, unsafe values refused (:func:`svg_problems` reports both,
  and refuses ``style`` attributes and comments outright).  A board SVG (at most 128 KiB) is
  optional as well; none is written, as the site draws the board itself.

A variant gets an upload only where Fairy-Stockfish plays every rule of it
(``Target.PYCHESS``); the build prints why the others get none.  Its file is
``out/pychess/<name>.ini`` and its piece set ``out/pychess/<name>/``, where the name
(:func:`upload_name`) is the variant's short name (its catalogue ``id``, else its name), renamed
``<name>-variantgen`` where the site or Fairy-Stockfish has it, as the Fairy-Stockfish emitter
does, and shortened where the site would refuse it (:func:`fitted`): an imported catalogue's
long section names never stop the build.  The section is rendered from the same context and
template macro as ``variants.ini``'s (:func:`generator.emit.fairy_stockfish.section_context`,
``templates/fairy-stockfish/section.ini.j2``); the pieces are the project's own glyphs
(:mod:`generator.emit.pictures.glyphs`), light for White and dark for Black.  :func:`emit` checks every
file before it writes any, and refuses to write one the site would refuse.
"""

from __future__ import annotations

import hashlib
import re
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.catalogue.model import Catalogue, Color, PieceType, Variant
from generator.emit.fairy_stockfish import (
    BUILTIN_VARIANTS,
    SectionContext,
    catalogue_identity,
    renamed,
    section_context,
    section_name,
    select,
    start_fen,
)
from generator.emit.fairy_stockfish import FOLDER as INI_FOLDER
from generator.emit.fairy_stockfish.options import needs
from generator.emit.fairy_stockfish.table import ROWS, Opt
from generator.emit.fidelity import writable
from generator.emit.jinja import render
from generator.emit.manifest import Manifest, SectionEntry
from generator.emit.pictures.glyphs import Glyph, glyph_set, svg_symbol
from generator.emit.target import Target

__all__ = [
    "FOLDER",
    "MAX_INI_BYTES",
    "MAX_PIECE_BYTES",
    "MAX_PIECE_SET_BYTES",
    "SITE_PYFFISH",
    "TAKEN",
    "UploadContext",
    "emit",
    "piece_file_names",
    "piece_folder",
    "piece_letters",
    "piece_set",
    "piece_set_problems",
    "render_upload",
    "svg_problems",
    "upload_context",
    "upload_file_name",
    "upload_name",
    "upload_problems",
    "uploaded",
]

FOLDER = "pychess"  # under out/
TEMPLATE = "pychess/variant.ini.j2"

MAX_INI_BYTES = 64 * 1024
MAX_PIECE_BYTES = 32 * 1024
MAX_PIECE_SET_BYTES = 256 * 1024
SITE_PYFFISH = "0.0.89"
NAME_RE = re.compile(r"[a-z][a-z0-9_-]{2,31}")
PIECES_KEY = "pychessPieces"

#: The site's own variants (its ``ServerVariants``, 960 forms included, and the sections of its
#: ``variants.ini``) that are not Fairy-Stockfish built-ins; it refuses uploads under these names.
_SITE_NAMES = (
    "3check960 alice antichess960 atomic960 borderlands bughouse960 cannonshogi capablanca960 capahouse960 chak "
    "chennis chess960 crazyhouse960 cwda cwda-clobberers cwda-clobberers-knights cwda-clobberers-rookies "
    "cwda-fide-clobberers cwda-fide-knights cwda-fide-rookies cwda-knights cwda-knights-rookies cwda-rookies "
    "embassyhouse empire fogofwar gorogoroplus gothhouse grandhouse horde960 jieqi khans kingofthehill960 makbug "
    "makrukhouse mansindam orda ordamirror racingkings960 seirawan960 shinobi shinobiplus shogun synochess "
    "xiangfu xiangqihouse yokai"
)
#: Names an upload may not take: the site's variants and Fairy-Stockfish's built-ins.
TAKEN = BUILTIN_VARIANTS | frozenset(_SITE_NAMES.split())

#: options the site refuses when true, and when set to anything but off
#: (``freeDrops`` is pychess-variants' own, not Fairy-Stockfish's)
_REFUSED_WHEN_TRUE = (Opt.twoBoards.key, Opt.cambodianMoves.key, Opt.materialCounting.key, "freeDrops")
_REFUSED_WHEN_SET = (Opt.countingRule.key, Opt.chasingRule.key, Opt.wallingRule.key)
_TRUE = frozenset({"true", "yes", "1", "on"})
_OFF = frozenset({"", "-", "0", "false", "no", "off", "none"})

#: the piece options variantgen writes (fairy_stockfish.pieces.piece_rows): the value's first letter
#: every option that defines a piece: the option table's piece rows (named pieces, customPieceN, king)
_PIECE_OPTIONS = frozenset(row.key for row in ROWS if row.kind == "piece")

# The SVG the site keeps: elements, attributes, and the characters of a value.
_SVG_NS = "http://www.w3.org/2000/svg"
SVG_ELEMENTS = frozenset({
    "svg", "defs", "g", "pattern", "linearGradient", "radialGradient", "stop", "filter", "feGaussianBlur", "path",
    "rect", "circle", "ellipse", "line", "polyline", "polygon", "title", "desc",
})  # fmt: skip
SVG_ATTRIBUTES = frozenset({
    "xmlns", "version", "id", "viewBox", "width", "height", "patternUnits", "patternContentUnits", "patternTransform",
    "gradientUnits", "gradientTransform", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "fx", "fy", "r", "rx", "ry",
    "offset", "d", "points", "fill", "stroke", "stop-color", "stop-opacity", "stroke-width", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "fill-rule", "clip-rule",
    "opacity", "fill-opacity", "stroke-opacity", "filter", "stdDeviation", "transform", "transform-origin", "href",
    "aria-label", "role",
})  # fmt: skip
SVG_VALUE_RE = re.compile(r"[#%,.0-9A-Za-z_() +\-/:]*")
_SVG_ID_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.:-]*")
_LOCAL_URL_RE = re.compile(r"url\(#[A-Za-z0-9_][A-Za-z0-9_.:-]*\)")
_PIECE_FILE_RE = re.compile(r"([wb])(\+?)([A-Za-z])\.svg")


# --- names ------------------------------------------------------------------------------------------------


def upload_name(variant: Variant) -> str:
    """The section and file name of ``variant``'s upload: its short name (the catalogue's ``id``,
    else its name), or ``<short name>-variantgen`` where the site or Fairy-Stockfish has that name,
    made one the site takes (:func:`fitted`)."""
    return fitted(renamed(variant.short_name, TAKEN))


def fitted(name: str) -> str:
    """``name`` as the site takes a name (:data:`NAME_RE`): lower case, another character as ``-``, a letter
    first, 3 characters at least, and past 32 its first 27 and 4 hex digits of a digest of the whole (two long
    names that start alike stay apart, and a name is the same in every build).

    >>> fitted("chess-variantgen"), fitted("cwda-clobberers-knights-variantgen"), fitted("3Check"), fitted("ab")
    ('chess-variantgen', 'cwda-clobberers-knights-var-c2e7', 'v3check', 'ab-vg')
    """
    text = re.sub(r"[^a-z0-9_-]", "-", name.lower())
    text = text if text[:1].isalpha() else "v" + text
    text = text if len(text) >= 3 else text + "-vg"
    if len(text) > 32:
        text = text[:27] + "-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:4]
    return text


def upload_file_name(variant: Variant) -> str:
    """The upload file of ``variant``, relative to ``out/pychess/`` (for the page's links).

    >>> from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
    >>> cat = load_catalogue(DEFAULT_CATALOGUE)
    >>> upload_file_name(cat.get("chess")), upload_file_name(cat.get("bipartite-stage-two-white-diagonal"))
    ('chess-variantgen.ini', 'bipartite-two-white-diagonal.ini')
    """
    return upload_name(variant) + ".ini"


def piece_folder(variant: Variant) -> str:
    """The folder of ``variant``'s piece set, relative to ``out/pychess/``."""
    return upload_name(variant)


def uploaded(variant: Variant) -> bool:
    """Whether ``variant`` gets an upload: only where Fairy-Stockfish plays every rule of it."""
    return writable(variant, Target.PYCHESS)


def piece_letters(variant: Variant) -> tuple[str, ...]:
    """The ``pychessPieces`` roles: every piece letter of ``variant``, lower case, in catalogue order."""
    return tuple(p.letter.lower() for p in variant.pieces)


def _piece_file(color: Color, piece: PieceType) -> str:
    return f"{color.word[0]}{piece.letter}.svg"


def piece_file_names(variant: Variant) -> tuple[str, ...]:
    """The piece set's files: White's pieces in catalogue order, then Black's (``wK.svg`` ... ``bK.svg`` ...)."""
    return tuple(_piece_file(c, p) for c in Color for p in variant.pieces)


# --- the upload file --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UploadContext:
    """One upload file: the header's lines (without ``#``), then the one section."""

    header: tuple[str, ...]
    section: SectionContext


def _naming(variant: Variant, name: str) -> str:
    """Why the section is not called after the variant ('' if it is)."""
    reasons = []
    if variant.id is not None:
        reasons.append(f"the catalogue's id for {variant.name}")
    if name != variant.short_name:
        reasons.append(
            f"pychess-variants refuses the name {variant.short_name}, which one of its own variants or a "
            "Fairy-Stockfish built-in has"
        )
    return f"named {name}: {'; '.join(reasons)}" if reasons else ""


def _header(variant: Variant, source: str, digest: str, section: SectionContext) -> tuple[str, ...]:
    files = piece_file_names(variant)
    version, _date, newest = needs(key for group in section.groups for key, _ in group.options)
    text = [
        f"{variant.title} for pychess-variants: one user-defined variant, the same rules as the section "
        f"[{section_name(variant)}] of the build's {INI_FOLDER}/variants.ini. Upload this file on the site's "
        f"'My variants' page (/my-variants), then, if wanted, the piece set in {piece_folder(variant)}/ "
        f"({len(files)} SVGs, {files[0]} to {files[-1]}).",
        "Generated by `variantgen build` (generator/emit/pychess.py, templates/pychess/variant.ini.j2). "
        "Do not edit: change the catalogue and rebuild.",
        f"catalogue: {source}, sha256 {digest}",
        f"{PIECES_KEY} lists every piece of the variant, so that the site asks for a picture of each.",
        f"Needs pyffish {version} or later{' for ' + ', '.join(newest) if newest else ''}; "
        f"pychess-variants runs {SITE_PYFFISH}.",
    ]
    lines = [f"{PIECES_KEY} = {','.join(piece_letters(variant))}"]
    for paragraph in text:
        lines += textwrap.wrap(paragraph, width=100, break_on_hyphens=False, break_long_words=False)
    return tuple(lines)


def upload_context(variant: Variant, source: str = "the catalogue", digest: str = "unknown") -> UploadContext:
    """The context of ``variant``'s upload file; ``source`` and ``digest`` name the catalogue."""
    name = upload_name(variant)
    section = section_context(variant, source, name, _naming(variant, name))
    return UploadContext(_header(variant, source, digest, section), section)


def render_upload(variant: Variant, source: str = "the catalogue", digest: str = "unknown") -> str:
    """The text of ``variant``'s upload file."""
    return render(TEMPLATE, upload=upload_context(variant, source, digest))


# --- the piece set ----------------------------------------------------------------------------------------


def _piece_svg(g: Glyph, color: Color, title: str) -> str:
    """One piece as a standalone SVG, 100 units square, in the subset the site keeps."""
    drawing = ET.fromstring(svg_symbol(g, color))
    for element in drawing.iter():
        element.attrib.pop("class", None)  # the site drops classes, and the picture needs none
    root = ET.Element("svg", {"xmlns": _SVG_NS, "viewBox": "0 0 100 100", "width": "100", "height": "100"})
    ET.SubElement(root, "title").text = title
    root.append(drawing)
    return ET.tostring(root, encoding="unicode") + "\n"


def piece_set(variant: Variant) -> dict[str, str]:
    """File name -> SVG text, for each name of :func:`piece_file_names`."""
    glyphs = glyph_set(variant.pieces)
    return {
        _piece_file(c, p): _piece_svg(glyphs[p.letter], c, f"{c.word} {p.name}") for c in Color for p in variant.pieces
    }


# --- the checks -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Parsed:
    """An ini file as the site reads it: section names, options (first one of a key wins), the
    ``pychessPieces`` values, and lines that are none of these."""

    sections: tuple[str, ...]
    options: Mapping[str, str]
    pieces: tuple[str, ...]
    strange: tuple[str, ...]


def _parse(text: str) -> _Parsed:
    sections: list[str] = []
    options: dict[str, str] = {}
    pieces: list[str] = []
    strange: list[str] = []
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        if s[0] in "#;":
            key, sep, value = s[1:].partition("=")
            if sep and key.strip().casefold() == PIECES_KEY.casefold():
                pieces.append(value.split("#", 1)[0].split(";", 1)[0].strip())
        elif s.startswith("[") and s.endswith("]"):
            sections.append(s[1:-1].partition(":")[0].strip())
        elif "=" in s:
            key, value = s.split("=", 1)
            options.setdefault(key.strip(), value.split("#", 1)[0].strip())
        else:
            strange.append(s)
    return _Parsed(tuple(sections), options, tuple(pieces), tuple(strange))


def _option(parsed: _Parsed, key: str) -> str | None:
    """The value of ``key`` as the site finds it (keys compared without case)."""
    for k, v in parsed.options.items():
        if k.casefold() == key.casefold():
            return v
    return None


def _used_letters(parsed: _Parsed) -> set[str]:
    """The piece letters the start position and the promotion choices use."""
    return _fen_letters(_option(parsed, Opt.startFen.key) or "") | _letters(
        _option(parsed, Opt.promotionPieceTypes.key) or ""
    )


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split("."))


def _name_problems(name: str) -> list[str]:
    if not NAME_RE.fullmatch(name):
        return [
            f"section name {name!r}: the site takes 3-32 characters, a lower-case letter first, then a-z, 0-9, "
            "'-' or '_'"
        ]
    if name in TAKEN:
        return [f"section name {name!r} is taken: a pychess-variants variant or a Fairy-Stockfish built-in"]
    return []


def _option_problems(parsed: _Parsed) -> list[str]:
    problems = []
    for key in _REFUSED_WHEN_TRUE:
        if (_option(parsed, key) or "").casefold() in _TRUE:
            problems.append(f"option {key}: the site refuses it")
    for key in _REFUSED_WHEN_SET:
        if (_option(parsed, key) or "").casefold() not in _OFF:
            problems.append(f"option {key}: the site refuses it")
    if (_option(parsed, Opt.gating.key) or "").casefold() in _TRUE and (
        _option(parsed, Opt.seirawanGating.key) or ""
    ).casefold() not in _TRUE:
        problems.append("option gating: the site takes only Seirawan gating")
    version, _date, newest = needs(parsed.options)
    if _version(version) > _version(SITE_PYFFISH):
        problems.append(f"options {', '.join(newest)} need pyffish {version}; the site runs {SITE_PYFFISH}")
    if _option(parsed, Opt.startFen.key) is None:
        problems.append("no startFen: variantgen always writes the start position")
    return problems


def _letters(value: str) -> set[str]:
    return {ch.lower() for ch in value if ch.isalpha()}


def _fen_letters(fen: str) -> set[str]:
    """The piece letters of a FEN's first field, hand included, lower case."""
    return _letters(fen.split(" ", 1)[0])


def _roles(parsed: _Parsed) -> tuple[list[str], list[str], list[str]]:
    """The pychessPieces roles: plain, promoted (``+x``) and tokens the site refuses."""
    plain: list[str] = []
    promoted: list[str] = []
    bad: list[str] = []
    for value in parsed.pieces:
        for token in value.replace(",", " ").split():
            role = token.removeprefix("+")
            if len(role) != 1 or not ("a" <= role.lower() <= "z"):
                bad.append(token)
            elif token.startswith("+"):
                promoted.append(role.lower())
            else:
                plain.append(role.lower())
    return plain, promoted, bad


def _defined_letters(parsed: _Parsed) -> set[str]:
    """The letters the section's piece options define."""
    return {value[:1].lower() for key, value in parsed.options.items() if key in _PIECE_OPTIONS}


def _pieces_problems(parsed: _Parsed) -> list[str]:
    if len(parsed.pieces) != 1:
        return [f"{len(parsed.pieces)} {PIECES_KEY} comments: variantgen writes exactly one"]
    plain, promoted, bad = _roles(parsed)
    problems = [f"{PIECES_KEY}: the site refuses {token!r} (one letter, or + and one letter)" for token in bad]
    if promoted:
        problems.append(f"{PIECES_KEY}: promoted roles {promoted} would make the site promote shogi-style")
    defined = _defined_letters(parsed)
    if len(set(plain)) != len(plain) or set(plain) != defined:
        problems.append(f"{PIECES_KEY} lists {plain}, the section's pieces are {sorted(defined)}")
    used = _fen_letters(_option(parsed, Opt.startFen.key) or "") | _letters(
        _option(parsed, Opt.promotionPieceTypes.key) or ""
    )
    if used - set(plain):
        problems.append(f"{PIECES_KEY} leaves out {sorted(used - set(plain))}, which the game uses")
    return problems


def upload_problems(text: str) -> list[str]:
    """What pychess-variants would refuse in the upload file ``text``, or what variantgen never writes
    into one (see the module's docstring); ``[]`` if nothing."""
    problems = []
    size = len(text.encode("utf-8"))
    if size > MAX_INI_BYTES:
        problems.append(f"{size} bytes: the site takes at most {MAX_INI_BYTES}")
    parsed = _parse(text)
    if len(parsed.sections) != 1:
        problems.append(f"{len(parsed.sections)} sections: the site takes exactly one")
    for name in parsed.sections:
        problems += _name_problems(name)
    problems += [f"line {line!r} is neither a comment, a section nor an option" for line in parsed.strange]
    return problems + _option_problems(parsed) + _pieces_problems(parsed)


def _local(name: str) -> str:
    """An XML name without its namespace."""
    return name.rsplit("}", 1)[-1]


def _attribute_problems(attr: str, value: str) -> list[str]:
    if attr == "style":
        return ["a style attribute: variantgen writes presentation attributes only"]
    if attr not in SVG_ATTRIBUTES or (attr == "id" and not _SVG_ID_RE.fullmatch(value)):
        return [f"attribute {attr}: the site drops it"]
    if attr == "href":
        return [] if re.fullmatch(r"#" + _SVG_ID_RE.pattern, value) else [f"href {value!r}: the site drops it"]
    lowered = value.casefold()
    local_url = attr in ("fill", "stroke", "filter") and _LOCAL_URL_RE.fullmatch(value)
    if "javascript:" in lowered or "data:" in lowered or ("url(" in lowered and not local_url):
        return [f"{attr}={value!r}: the site refuses it as unsafe"]
    if attr != "aria-label" and not SVG_VALUE_RE.fullmatch(value):
        return [f"{attr}={value!r}: the site refuses the characters"]
    return []


def svg_problems(data: bytes, limit: int = MAX_PIECE_BYTES) -> list[str]:
    """What the site would refuse, or drop, in one SVG of at most ``limit`` bytes; ``[]`` if nothing."""
    if not data or len(data) > limit:
        return [f"{len(data)} bytes: the site takes 1 to {limit}"]
    try:
        text = data.decode("utf-8")
        root = ET.fromstring(text)
    except (UnicodeDecodeError, ET.ParseError) as exc:
        return [f"not UTF-8 XML: {exc}"]
    problems = []
    if "<!" in text or "<?" in text:
        problems.append("a doctype, comment or processing instruction: variantgen writes none")
    if any(word in text.casefold() for word in ("<script", "foreignobject", "javascript:", "data:")):
        problems.append("script, foreignObject or a javascript: or data: address: the site refuses it")
    if _local(root.tag) != "svg":
        problems.append(f"the root is <{_local(root.tag)}>, not <svg>")
    for element in root.iter():
        tag = _local(element.tag)
        if tag not in SVG_ELEMENTS:
            problems.append(f"<{tag}>: the site drops it")
        for attr, value in element.attrib.items():
            problems += [f"<{tag}> {p}" for p in _attribute_problems(_local(attr), value.strip())]
    return problems


def piece_set_problems(text: str, files: Mapping[str, bytes]) -> list[str]:
    """What the site would refuse in the piece set ``files`` (name -> bytes) for the upload file
    ``text``: names, the exact set the site asks for, each SVG, and the total size."""
    parsed = _parse(text)
    plain, promoted, _bad = _roles(parsed)
    roles = (
        _fen_letters(_option(parsed, Opt.startFen.key) or "")
        | _letters(_option(parsed, Opt.promotionPieceTypes.key) or "")
    ) | set(plain)
    shogi = bool(promoted or _option(parsed, Opt.promotedPieceType.key))
    wanted = {f"{c}{r.upper()}.svg" for c in "wb" for r in roles}
    wanted |= {f"{c}+{r.upper()}.svg" for c in "wb" for r in promoted} if shogi else set()
    problems = [
        f"file name {name!r}: the site takes wK.svg, bK.svg, w+P.svg..."
        for name in files
        if not _PIECE_FILE_RE.fullmatch(name)
    ]
    if set(files) != wanted:
        problems.append(f"missing {sorted(wanted - set(files))}, extra {sorted(set(files) - wanted)}")
    for name, data in files.items():
        problems += [f"{name}: {p}" for p in svg_problems(data)]
    total = sum(len(data) for data in files.values())
    if total > MAX_PIECE_SET_BYTES:
        problems.append(f"{total} bytes in all: the site takes at most {MAX_PIECE_SET_BYTES}")
    return problems


# --- writing ----------------------------------------------------------------------------------------------


def _upload(variant: Variant, source: str, digest: str) -> tuple[str, dict[str, bytes]]:
    """The upload text and piece set of ``variant``; a located error if the site would refuse either."""
    text = render_upload(variant, source, digest)
    files = {name: svg.encode("utf-8") for name, svg in piece_set(variant).items()}
    problems = upload_problems(text) + piece_set_problems(text, files)
    if problems:
        raise ValueError(f"{upload_file_name(variant)} would not pass pychess-variants' checks: {'; '.join(problems)}")
    return text, files


def emit(catalogue: Catalogue, folder: Path, names: Sequence[str] | None = None) -> Manifest:
    """Write every upload file and piece set into ``folder``, all checked first; what was written.
    The :class:`generator.emit.output.Emitter` signature."""
    source, digest = catalogue_identity(catalogue)
    uploads: dict[str, tuple[Variant, str, dict[str, bytes]]] = {}
    for v in select(catalogue, names):
        if not uploaded(v):
            continue
        name = upload_name(v)
        if name in uploads:
            raise ValueError(f"variants {uploads[name][0].name!r} and {v.name!r} would share the upload name {name}")
        uploads[name] = (v, *_upload(v, source, digest))
    files: list[str] = []
    for v, text, pieces in uploads.values():
        (folder / upload_file_name(v)).write_bytes(text.encode("utf-8"))
        (folder / piece_folder(v)).mkdir()
        for file_name, data in pieces.items():
            (folder / piece_folder(v) / file_name).write_bytes(data)
        files += [upload_file_name(v), *(f"{piece_folder(v)}/{f}" for f in pieces)]
    sections = tuple(SectionEntry(v.name, name, start_fen(v)) for name, (v, _t, _p) in uploads.items())
    return Manifest(target=Target.PYCHESS, files=tuple(files), sections=sections)
