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
* ``(include "file")`` is replaced by the forms of that file, found relative to
  the including file.

Every problem raises :class:`ZrfSyntaxError` with the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

MAX_EXPANSION_DEPTH = 64


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
    """A parenthesised list; ``end_line`` is the line of its ``)``."""

    __slots__ = ("end_line", "items")

    def __init__(self, items: list[Node], line: int, path: str = "", end_line: int | None = None) -> None:
        self.items, self.line, self.path = items, line, path
        self.end_line = line if end_line is None else end_line

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


_INT = re.compile(r"[-+]?\d+")
_PARAM = re.compile(r"\$(\d+)")
_DELIMS = '()";'
_CODE_LINE = re.compile(r"\n[ \t]*\((?:[a-z-]+[ \t]|\()")  # a line of a string that starts like a form


# -- tokens and s-expressions ---------------------------------------------------------------------


def decode(data: bytes) -> str:
    """File bytes as text: UTF-8, else Windows-1252/Latin-1 (Zillions files are ANSI)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def tokenize(text: str, path: str = "") -> Iterator[tuple[str, str, int]]:
    """``(kind, text, line)`` with kind ``(``, ``)``, ``str`` or ``sym``; comments and blanks skipped."""
    i, n, line = 0, len(text), 1
    suspect = 0  # the first string that runs over what looks like code: where a '"' is likely missing
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r\f\v":
            i += 1
        elif c == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "(" or c == ")":
            yield c, c, line
            i += 1
        elif c == '"':
            start = line
            j, line = _string_end(text, i, line, path, suspect)
            if not suspect and _CODE_LINE.search(text, i + 1, j):
                suspect = start
            yield "str", text[i + 1 : j], start
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in _DELIMS and not text[j].isspace():
                j += 1
            yield "sym", text[i:j], line
            i = j


def _string_end(text: str, i: int, line: int, path: str, suspect: int) -> tuple[int, int]:
    """The index of the ``"`` closing the string opened at ``i``, and the line it is on."""
    start, j, n = line, i + 1, len(text)
    while True:
        if j >= n:
            if suspect:
                raise ZrfSyntaxError(
                    path,
                    suspect,
                    "unterminated string: the string opened here runs into the code below (a '\"' is missing?)",
                )
            raise ZrfSyntaxError(path, start, "unterminated string (no closing '\"')")
        d = text[j]
        if d == "\\" and j + 1 < n:
            if text[j + 1] == "\n":
                line += 1
            j += 2
            continue
        if d == '"':
            return j, line
        if d == "\n":
            line += 1
        j += 1


def parse(text: str, path: str = "") -> list[Node]:
    """The top-level forms of ``text``, unexpanded."""
    stack: list[tuple[list[Node], int]] = []
    top: list[Node] = []
    items = top
    for kind, tok, line in tokenize(text, path):
        if kind == "(":
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
    """Where a missing ``)`` most likely is: the innermost ``(`` still open when a later line starts a
    new form at the same or a smaller indentation (``(line, " (... )")``), if any."""
    lines = text.split("\n")
    open_: list[tuple[int, int]] = []  # (line, column) of the open parens
    line_no = 0
    for kind, _tok, line in tokenize(text):
        if kind == "(":
            s = lines[line - 1].expandtabs(4)
            col = len(s) - len(s.lstrip())
            if line != line_no:
                line_no = line
                # the first '(' on a line: a paren opened on an earlier line at this column or to the
                # right of it should have been closed already (the outermost form is not considered)
                for oline, ocol in reversed(open_[1:]):
                    if oline < line and ocol >= col:
                        return oline, f" (probably a ')' is missing before line {line})"
            open_.append((line, col))
        elif kind == ")" and open_:
            open_.pop()
    return None


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


class Reader:
    """Reads a file with its includes and expands its macros (``forms``, ``macros``)."""

    def __init__(self) -> None:
        self.macros: dict[str, list[tuple[int, Macro]]] = {}
        self.used_macros: set[str] = set()
        self._order = 0

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
        for order, node in body:
            out.extend(self._expand(node, order, 0))
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
                    text = decode(target.read_bytes())
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

    def _expand(self, node: Node, order: int, depth: int) -> list[Node]:
        """The nodes that replace ``node`` (a macro use expands to its body, spliced)."""
        if depth > MAX_EXPANSION_DEPTH:
            raise ZrfSyntaxError(node.path, node.line, "macro expansion too deep (a macro that uses itself?)")
        if isinstance(node, Sym):
            if node.name.startswith("$") and _PARAM.fullmatch(node.name):
                raise ZrfSyntaxError(node.path, node.line, f"{node.name} outside a macro body")
            m = self.macro(node.name, order)
            if m is None:
                return [node]
            if m.arity:
                raise ZrfSyntaxError(
                    node.path,
                    node.line,
                    f"macro {m.name!r} (line {m.line}) takes {m.arity} argument(s); write ({m.name} ...)",
                )
            return self._use(m, [], node, order, depth)
        if not isinstance(node, List):
            return [node]
        if node.head == "define":
            raise ZrfSyntaxError(node.path, node.line, "define is only allowed at the top level")
        if node.head is not None:
            m = self.macro(node.head, order)
            if m is not None:
                return self._use(m, node.items[1:], node, order, depth)
        items: list[Node] = []
        for child in node.items:
            items.extend(self._expand(child, order, depth))
        return [List(items, node.line, node.path, node.end_line)]

    def _use(self, m: Macro, args: list[Node], at: Node, order: int, depth: int) -> list[Node]:
        self.used_macros.add(m.name)
        if m.arity > len(args):
            raise ZrfSyntaxError(
                at.path,
                at.line,
                f"macro {m.name!r} (defined at line {m.line}) uses ${m.arity} but is given {len(args)} argument(s)",
            )
        body = [_substitute(b, args) for b in m.body]
        out: list[Node] = []
        for b in body:
            out.extend(self._expand(b, order, depth + 1))
        return out


def _substitute(node: Node, args: list[Node]) -> Node:
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
