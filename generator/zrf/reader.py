"""Reading .zrf files: tokens, s-expressions with line numbers, ``define`` macros and ``include``.

>>> forms = read_text('(define step ($1 (verify empty?) add))\\n(game (moves (step n)))')
>>> forms[0]
(game (moves (n (verify empty?) add)))
>>> forms[0].items[1].items[1].line   # the macro body keeps the line of its definition
1

The reader keeps every node's file and line: ``Sym`` (a name or a number),
``Str`` (a string) and ``List``.  Macro expansion follows Zillions:

* ``(define NAME body...)`` at the top level defines a macro; definitions may
  come after their first use (the last definition before a use wins, else the
  first one after it);
* a use ``(NAME arg...)`` or a bare ``NAME`` is replaced by the body, spliced
  into the enclosing list, with ``$1..$n`` replaced by the arguments; the result
  is expanded again, so macros may use other macros;
* a ``$k`` beyond the arguments of a use inside another macro's body is that
  macro's ``$k`` (Zillions substitutes the outer arguments after expanding the
  inner macro): ``(define capture-on ((verify (enemy? $1)) $1))`` can be used as
  ``(capture-on)`` in a body whose ``$1`` is a direction;
* ``(include "file")`` is replaced by the forms of that file, found relative to
  the including file.

>>> read_text('(define hit ((verify (enemy? $1)) $1 add))(define jump ($1 (hit)))(game (jump ne))')
[(game (ne ((verify (enemy? ne)) ne add)))]

Any character Python calls a space is a blank (a no-break space, Latin-1's ``\\x85``).  A file may
not nest more than :data:`MAX_NESTING` lists, nor expand to more than :data:`MAX_NODES` nodes, so
that no input can exhaust the stack or the memory.  Every problem raises :class:`ZrfSyntaxError`
with the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

MAX_EXPANSION_DEPTH = 64  # macros inside macros
MAX_NESTING = 200  # lists inside lists, as written and once macros are expanded (real files: 64 at most)
MAX_NODES = 8_000_000  # names, strings and lists once macros are expanded (real files: 2.9 million at most)


class ZrfError(ValueError):
    """A problem with a rules file: ``str()`` is ``file:line: message``."""

    def __init__(self, path: str | Path | None, line: int, message: str) -> None:
        self.path = str(path) if path else "<zrf>"
        self.line = line
        self.message = message
        super().__init__(f"{self.path}:{line}: {message}" if line else f"{self.path}: {message}")


class ZrfSyntaxError(ZrfError):
    """The text is not well-formed ZRF: parentheses, strings, macros, includes."""


# -- nodes ----------------------------------------------------------------------------------------


class Node:
    __slots__ = ("line", "path")

    line: int
    path: str


class Sym(Node):
    """A name (``n``, ``never-moved?``, ``a1``, ``$1``) or a number (``49``, ``-1``)."""

    __slots__ = ("name",)

    def __init__(self, name: str, line: int, path: str = "") -> None:
        self.name, self.line, self.path = name, line, path

    def __repr__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sym) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def is_int(self) -> bool:
        return bool(_INT.fullmatch(self.name))


class Str(Node):
    """A string: ``value`` with ``\\"`` and ``\\\\`` decoded, ``raw`` exactly as written."""

    __slots__ = ("raw", "value")

    def __init__(self, raw: str, line: int, path: str = "") -> None:
        self.raw, self.line, self.path = raw, line, path
        self.value = re.sub(r"\\([\\\"])", r"\1", raw)

    def __repr__(self) -> str:
        return '"' + self.raw + '"'

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Str) and other.raw == self.raw

    def __hash__(self) -> int:
        return hash(self.raw)


class List(Node):
    """A parenthesised list; ``end_line`` is the line of its ``)``; ``height`` how many lists deep it
    goes (1 without a list inside), ``size`` how many nodes it holds with itself."""

    __slots__ = ("end_line", "height", "items", "size")

    height: int
    size: int

    def __init__(self, items: list[Node], line: int, path: str = "", end_line: int | None = None) -> None:
        self.items, self.line, self.path = items, line, path
        self.end_line = line if end_line is None else end_line
        height, size = 0, 1
        for x in items:
            if isinstance(x, List):
                size += x.size
                if x.height > height:
                    height = x.height
            else:
                size += 1
        self.height, self.size = height + 1, size

    def __repr__(self) -> str:
        return "(" + " ".join(map(repr, self.items)) + ")"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, List) and other.items == self.items

    def __hash__(self) -> int:
        return hash(tuple(self.items))

    def __iter__(self) -> Iterator[Node]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> Node:
        return self.items[i]

    @property
    def head(self) -> str | None:
        """The name the list starts with, if it starts with a name."""
        if self.items and isinstance(self.items[0], Sym):
            return self.items[0].name
        return None


TOO_DEEP = f"more than {MAX_NESTING} parentheses open at once: nested too deep"
TOO_DEEP_EXPANDED = f"lists nested more than {MAX_NESTING} deep once macros are expanded"
Args = tuple[Node, ...]  # a macro's arguments
MEMO_ARGS = 64  # macro uses whose arguments hold at most this many nodes are expanded once

_INT = re.compile(r"[-+]?\d+")
_PARAM = re.compile(r"\$(\d+)")
# a blank run, a comment, a parenthesis, a quote, or a name: one of them starts at every character
_TOKEN = re.compile(r'\s+|;[^\n]*|[()]|"|[^\s()";]+')
_STRING_BODY = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.S)  # after the opening quote, to the closing one
_CODE_LINE = re.compile(r"\n[ \t]*\((?:[a-z-]+[ \t]|\()")  # a line of a string that starts like a form


# -- tokens and s-expressions ---------------------------------------------------------------------


def decode(data: bytes) -> str:
    """File bytes as text: UTF-8, else Windows-1252/Latin-1 (Zillions files are ANSI)."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")  # the five bytes Windows-1252 leaves undefined


def tokenize(text: str, path: str = "") -> Iterator[tuple[str, str, int]]:
    """``(kind, text, line)`` with kind ``(``, ``)``, ``str`` or ``sym``; comments and blanks skipped."""
    for kind, tok, line, _ in tokens(text, path):
        yield kind, tok, line


def tokens(text: str, path: str = "") -> Iterator[tuple[str, str, int, int]]:
    """``(kind, text, line, offset)``: :func:`tokenize` with where each token starts in ``text``.

    A blank is any character Python calls a space (a no-break space, a Latin-1 ``\\x85``...), and
    only a blank, a parenthesis, a quote or a ``;`` ends a name: every character starts a token."""
    pos, n, line = 0, len(text), 1
    suspect = 0  # the first string that runs over what looks like code: where a '"' is likely missing
    match = _TOKEN.match
    while pos < n:
        m = match(text, pos)
        assert m is not None  # the alternatives of _TOKEN cover every character
        tok, end = m.group(), m.end()
        c = tok[0]
        if c == "(" or c == ")":
            yield c, c, line, pos
        elif c == '"':
            body = _STRING_BODY.match(text, end)
            if body is None:
                if suspect:
                    raise ZrfSyntaxError(
                        path,
                        suspect,
                        "unterminated string: the string opened here runs into the code below (a '\"' is missing?)",
                    )
                raise ZrfSyntaxError(path, line, "unterminated string (no closing '\"')")
            close = body.end() - 1
            if not suspect and _CODE_LINE.search(text, end, close):
                suspect = line
            yield "str", text[end:close], line, pos
            line += text.count("\n", end, close)
            end = close + 1
        elif c == ";":
            pass
        elif c.isspace():
            line += tok.count("\n")
        else:
            yield "sym", tok, line, pos
        pos = end


def parse(text: str, path: str = "") -> list[Node]:
    """The top-level forms of ``text``, unexpanded."""
    stack: list[tuple[list[Node], int]] = []
    top: list[Node] = []
    items = top
    for kind, tok, line in tokenize(text, path):
        if kind == "(":
            if len(stack) >= MAX_NESTING:
                raise ZrfSyntaxError(path, line, TOO_DEEP)
            stack.append((items, line))
            items = []
        elif kind == ")":
            if not stack:
                raise ZrfSyntaxError(path, line, "unbalanced ')': no '(' is open here")
            parent, start = stack.pop()
            parent.append(List(items, start, path, line))
            items = parent
        elif kind == "str":
            items.append(Str(tok, line, path))
        else:
            items.append(Sym(tok, line, path))
    if stack:
        start = stack[-1][1]
        hint = unclosed_hint(text)
        raise ZrfSyntaxError(
            path, start if hint is None else hint[0], "unbalanced '(': never closed" + ("" if hint is None else hint[1])
        )
    return top


def unclosed_hint(text: str) -> tuple[int, str] | None:
    """Where a missing ``)`` most likely is (``(line, " (... )")``), if the layout tells.

    A line gives a guess when it starts a new form at the indentation of a line whose ``(`` is still
    open (that ``(`` should have been closed), or starts with ``)`` that close a ``(`` to the right of
    where they stand while an outer ``(`` stands there (a ``(`` that ends its line is expected to
    close where its line starts).  A guess is kept only if a ``)`` put at the start of that line
    leaves no ``)`` without its ``(`` anywhere after it."""
    toks = [(kind, line, _column(text, at)) for kind, _, line, at in tokens(text)]
    # the lowest depth from each token on: a ')' put before token i keeps the file well-formed iff >= 1
    low = [0] * (len(toks) + 1)
    depth = sum(1 if k == "(" else -1 if k == ")" else 0 for k, _, _ in toks)
    low[len(toks)] = depth
    for i in range(len(toks) - 1, -1, -1):
        depth -= 1 if toks[i][0] == "(" else -1 if toks[i][0] == ")" else 0
        low[i] = min(low[i + 1], depth if toks[i][0] != ")" else depth - 1)
    for i, unclosed in _guesses(toks):
        if low[i] >= 1:
            return unclosed, f" (probably a ')' is missing before line {toks[i][1]})"
    return None


def _guesses(toks: list[tuple[str, int, int]]) -> Iterator[tuple[int, int]]:
    """``(token index, line of the unclosed '(')``: the places where the layout says a ``)`` is missing
    (see :func:`unclosed_hint`), the first token of a line each."""
    open_: list[tuple[int, int, int]] = []  # per open paren: line, indentation of its line, column of its ')'
    indent = start = 0
    for i, (kind, line, col) in enumerate(toks):
        first = i == 0 or toks[i - 1][1] != line
        if first:
            indent, start = col, i
        if kind == "(":
            unclosed = _left_open(open_, line, col) if first else None
            if unclosed is not None:
                yield start, unclosed
            if len(open_) >= MAX_NESTING:
                return  # nested too deep to be a real file: no guess
            last = i + 1 == len(toks) or toks[i + 1][1] != line
            open_.append((line, indent, indent if last else col))
        elif kind == ")" and open_:
            unclosed = _closed_short(open_, toks, i) if first else None
            if unclosed is not None:
                yield start, unclosed
            open_.pop()


def _left_open(open_: list[tuple[int, int, int]], line: int, col: int) -> int | None:
    """A line starts a form at column ``col``: a paren opened on an earlier line at this indentation or
    to the right of it should have been closed already (the outermost form is not considered)."""
    for k in range(len(open_) - 1, 0, -1):
        if open_[k][0] < line and open_[k][1] >= col:
            return open_[k][0]
    return None


def _closed_short(open_: list[tuple[int, int, int]], toks: list[tuple[str, int, int]], i: int) -> int | None:
    """The ``)`` starting a line (token ``i``) close parens expected to close further right, while an
    outer paren expects its ``)`` in this column: the outermost of those closed lacks its own."""
    _, line, col = toks[i]
    run = 1
    while i + run < len(toks) and toks[i + run][:2] == (")", line):
        run += 1
    closed = open_[-min(run, len(open_))]
    if closed[0] < line and closed[2] > col and any(q[2] == col for q in open_[: -run or None]):
        return closed[0]
    return None


def _column(text: str, at: int) -> int:
    """The column of offset ``at`` (tabs every 4 columns)."""
    return len(text[text.rfind("\n", 0, at) + 1 : at].expandtabs(4))


# -- macros and includes --------------------------------------------------------------------------


class Macro:
    __slots__ = ("arity", "body", "line", "name", "path")

    def __init__(self, name: str, body: list[Node], line: int, path: str) -> None:
        self.name, self.body, self.line, self.path = name, body, line, path
        self.arity = max((int(m) for m in _params(body)), default=0)


def _params(nodes: list[Node]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, Sym):
            yield from _PARAM.findall(node.name)
        elif isinstance(node, List):
            yield from _params(node.items)


def _read_disk(path: str) -> bytes:
    return Path(path).read_bytes()


class Reader:
    """Reads a file with its includes (``read`` gives an included file's bytes, by default from disk)
    and expands its macros (``forms``, ``macros``)."""

    def __init__(self, read: Callable[[str], bytes] | None = None) -> None:
        self._read = read or _read_disk  # an included file's bytes, by the path the include names
        self.macros: dict[str, list[tuple[int, Macro]]] = {}
        self.used_macros: set[str] = set()
        self._order = 0
        self._memo: dict[tuple[object, ...], list[Node]] = {}

    def read_file(self, path: str | Path) -> list[Node]:
        path = Path(path)
        try:
            text = decode(path.read_bytes())
        except OSError as e:
            raise ZrfError(path, 0, f"cannot read the file: {e.strerror or e}") from None
        return self.read_text(text, str(path))

    def read_text(self, text: str, path: str = "") -> list[Node]:
        raw = self._includes(parse(text, path), path, [path])
        body: list[tuple[int, Node]] = []
        for node in raw:
            self._order += 1
            if isinstance(node, List) and node.head == "define":
                self._define(node, self._order)
            else:
                body.append((self._order, node))
        out: list[Node] = []
        size = 0
        for order, node in body:
            got = self._expand(node, order, 0)
            out.extend(got)
            size += sum(x.size if isinstance(x, List) else 1 for x in got)
            if size > MAX_NODES:
                raise ZrfSyntaxError(node.path, node.line, f"more than {MAX_NODES:,} names once macros are expanded")
        return out

    # includes are textual: they are resolved before any macro is looked at
    def _includes(self, nodes: list[Node], path: str, chain: list[str]) -> list[Node]:
        out: list[Node] = []
        for node in nodes:
            if isinstance(node, List) and node.head == "include":
                if len(node.items) != 2 or not isinstance(node.items[1], Str):
                    raise ZrfSyntaxError(path, node.line, '(include "file") takes one file name')
                name = node.items[1].value.replace("\\", "/")
                base = Path(path).parent if path else Path.cwd()
                target = base / name
                if str(target) in chain:
                    raise ZrfSyntaxError(path, node.line, f"{name!r} includes itself")
                try:
                    text = decode(self._read(str(target)))
                except OSError as e:
                    raise ZrfSyntaxError(path, node.line, f"cannot include {name!r}: {e.strerror or e}") from None
                out.extend(self._includes(parse(text, str(target)), str(target), [*chain, str(target)]))
            elif isinstance(node, List):
                out.append(List(self._includes(node.items, path, chain), node.line, node.path, node.end_line))
            else:
                out.append(node)
        return out

    def _define(self, node: List, order: int) -> None:
        if len(node.items) < 2 or not isinstance(node.items[1], Sym):
            raise ZrfSyntaxError(node.path, node.line, "(define NAME body...) needs a name")
        name = node.items[1].name
        if _PARAM.fullmatch(name) or name.startswith("$"):
            raise ZrfSyntaxError(node.path, node.line, f"bad macro name {name!r}")
        self.macros.setdefault(name, []).append((order, Macro(name, node.items[2:], node.line, node.path)))

    def macro(self, name: str, order: int) -> Macro | None:
        defs = self.macros.get(name)
        if not defs:
            return None
        best = None
        for o, m in defs:
            if o <= order:
                best = m
        return best if best is not None else defs[0][1]

    def _expand(self, node: Node, order: int, depth: int, nest: int = 0, scope: Args = ()) -> list[Node]:
        """The nodes that replace ``node`` (a macro use expands to its body, spliced) inside ``nest``
        lists, in the body of a macro given ``scope``."""
        if depth > MAX_EXPANSION_DEPTH:
            raise ZrfSyntaxError(node.path, node.line, "macro expansion too deep (a macro that uses itself?)")
        if isinstance(node, Sym):
            if node.name.startswith("$") and _PARAM.fullmatch(node.name):
                raise ZrfSyntaxError(node.path, node.line, f"{node.name} outside a macro body")
            m = self.macro(node.name, order)
            if m is None:
                return [node]
            if m.arity > len(scope):
                raise ZrfSyntaxError(
                    node.path,
                    node.line,
                    f"macro {m.name!r} (line {m.line}) takes {m.arity} argument(s); write ({m.name} ...)",
                )
            return self._use(m, (), node, order, depth, nest, scope)
        if not isinstance(node, List):
            return [node]
        if node.head == "define":
            raise ZrfSyntaxError(node.path, node.line, "define is only allowed at the top level")
        if node.head is not None:
            m = self.macro(node.head, order)
            if m is not None:
                return self._use(m, tuple(node.items[1:]), node, order, depth, nest, scope)
        if nest >= MAX_NESTING:
            raise ZrfSyntaxError(node.path, node.line, TOO_DEEP_EXPANDED)
        items: list[Node] = []
        size = 1
        for child in node.items:
            got = self._expand(child, order, depth, nest + 1, scope)
            items.extend(got)
            size += sum(x.size if isinstance(x, List) else 1 for x in got)
            if size > MAX_NODES:
                raise ZrfSyntaxError(node.path, node.line, f"more than {MAX_NODES:,} names once macros are expanded")
        return [List(items, node.line, node.path, node.end_line)]

    def _use(self, m: Macro, args: Args, at: Node, order: int, depth: int, nest: int, scope: Args) -> list[Node]:
        """The body of macro ``m`` used at ``at``; the parameters beyond ``args`` are those of the
        macro whose body holds the use (``scope``), as when Zillions substitutes them last."""
        self.used_macros.add(m.name)
        given = len(args)
        args = args + scope[given:]
        if m.arity > len(args):
            raise ZrfSyntaxError(
                at.path,
                at.line,
                f"macro {m.name!r} (defined at line {m.line}) uses ${m.arity} but is given {given} argument(s)",
            )
        # the same use with the same arguments expands alike: real files use some macros thousands of times
        key = None
        if sum(x.size if isinstance(x, List) else 1 for x in args) <= MEMO_ARGS:
            key = (id(m), order, at.path, at.line, args, tuple((x.path, x.line) for x in args))
            done = self._memo.get(key)
            if done is not None:
                if nest + max((x.height for x in done if isinstance(x, List)), default=0) > MAX_NESTING:
                    raise ZrfSyntaxError(at.path, at.line, TOO_DEEP_EXPANDED)
                return done
        out: list[Node] = []
        for b in m.body:
            out.extend(self._expand(_substitute(b, args), order, depth + 1, nest, args))
        if key is not None:
            self._memo[key] = out
        return out


def _substitute(node: Node, args: Args) -> Node:
    if isinstance(node, Sym):
        mt = _PARAM.fullmatch(node.name)
        if mt:
            return args[int(mt.group(1)) - 1]
        if "$" in node.name:  # a parameter pasted into a name: foo-$1
            return Sym(_PARAM.sub(lambda g: text_of(args[int(g.group(1)) - 1]), node.name), node.line, node.path)
        return node
    if isinstance(node, List):
        return List([_substitute(c, args) for c in node.items], node.line, node.path, node.end_line)
    return node


def text_of(node: Node) -> str:
    """A name's name, a string's value, a list as written."""
    return node.name if isinstance(node, Sym) else node.value if isinstance(node, Str) else repr(node)


def read_text(text: str, path: str = "") -> list[Node]:
    """The expanded top-level forms of ZRF source text."""
    return Reader().read_text(text, path)


def read_file(path: str | Path) -> list[Node]:
    """The expanded top-level forms of a .zrf file (includes resolved)."""
    return Reader().read_file(path)
