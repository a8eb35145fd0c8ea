"""The bad-catalogue corpus: every file in tests/bad_catalogues/ gives its documented one-line message.

Each file goes through :func:`load_catalogue` and through the command line (``variantgen list --catalogue
FILE``): exit status 2, exactly one line on standard error (``variantgen: `` + the loader's message), nothing on
standard output, no traceback, and nothing written anywhere.  ``tests/bad_catalogues/expected.txt`` gives the
messages (its header explains the format).  Files too big to commit are generated here.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from support import MINI

from generator.catalogue import CatalogueError, load_catalogue, reading
from generator.cli import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "bad_catalogues"
EXPECTED = CORPUS / "expected.txt"

# A catalogue that loads; the generated cases start from it.
GOOD = MINI


def read_expected() -> dict[str, list[str]]:
    """File name -> the substrings its message must contain (the first one starts the message)."""
    cases: dict[str, list[str]] = {}
    current = ""
    for row in EXPECTED.read_text(encoding="utf-8").splitlines():
        if not row.strip() or row.startswith("#"):
            continue
        if row[0].isspace():
            cases[current].append(row.strip())
        else:
            current = row.split(":", 1)[0]
            assert current not in cases, f"expected.txt lists {current} twice"
            cases[current] = [row]
    return cases


CASES = read_expected()


# ---------------------------------------------------------------------------
# Nothing may be written: an audit hook sees every file opened for writing and every file-system change.

_WRITE_EVENTS = {
    "os.mkdir", "os.rename", "os.replace", "os.remove", "os.rmdir", "os.truncate", "os.chmod", "os.chown",
    "os.link", "os.symlink", "os.utime", "shutil.copyfile", "shutil.copymode", "shutil.copystat", "shutil.move",
    "shutil.rmtree", "shutil.make_archive", "tempfile.mkstemp", "tempfile.mkdtemp",
}  # fmt: skip
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_writes: list[tuple[str, tuple[object, ...]]] | None = None  # None: not watching


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _writes is None:
        return
    if event == "open":
        path, mode, flags = (*args, None, None)[:3]
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & _WRITE_FLAGS
        )
        if writing and path not in (sys.stdout.fileno(), sys.stderr.fileno()):
            _writes.append((event, args))
    elif event in _WRITE_EVENTS:
        _writes.append((event, args))


sys.addaudithook(_audit)  # audit hooks cannot be removed; this one does nothing unless a test is watching


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.rglob("*"))}


@contextmanager
def nothing_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run with an empty private temp dir and working directory; fail if anything is written anywhere."""
    global _writes
    private_tmp, cwd = tmp_path / "tmp", tmp_path / "cwd"
    private_tmp.mkdir()
    cwd.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private_tmp))
    monkeypatch.setenv("TMPDIR", str(private_tmp))
    monkeypatch.chdir(cwd)
    watched = [ROOT / "out", CORPUS, private_tmp, cwd]
    before = [_snapshot(folder) for folder in watched]
    _writes = []
    try:
        yield
        seen = list(_writes)
    finally:
        _writes = None
    assert seen == [], f"the loader wrote: {seen}"
    assert [_snapshot(folder) for folder in watched] == before


def run_cli(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(["list", "--catalogue", str(path)])
    except SystemExit as stop:  # would be a bug: bad catalogues must not end in argparse
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def expect_message(path: Path, needles: list[str]) -> str:
    """``load_catalogue(path)`` fails with a one-line message that starts and contains as ``needles`` say."""
    with pytest.raises(CatalogueError) as info:
        load_catalogue(str(path))
    error, message = info.value, str(info.value)
    assert message.splitlines() == [message], message
    first = needles[0]
    assert message.startswith(f"{path.parent}{os.sep}{first}"), (first, message)
    for needle in needles[1:]:
        assert needle in message, (needle, message)
    assert error.path == str(path)
    location = re.match(r"[^:]+(?::(\d+))?: ", first)  # "name.yaml:12: " or "name.yaml: "
    if location is not None:
        assert error.line == (None if location[1] is None else int(location[1])), message
    if error.line is not None:
        assert 1 <= error.line <= path.read_bytes().count(b"\n") + 1
    return message


# ---------------------------------------------------------------------------
# The corpus


def test_corpus_is_complete_and_small() -> None:
    files = {p.name for p in CORPUS.glob("*.yaml")}
    assert files == set(CASES), files ^ set(CASES)
    assert len(files) >= 30
    assert all((CORPUS / name).stat().st_size <= 4096 for name in files)  # big cases are generated below


@pytest.mark.parametrize("name", sorted(CASES))
def test_loader_message(name: str) -> None:
    expect_message(CORPUS / name, CASES[name])


@pytest.mark.parametrize("name", sorted(CASES))
def test_cli_one_line_and_exit_2(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = CORPUS / name
    message = expect_message(path, CASES[name])
    with nothing_written(tmp_path, monkeypatch):
        code, out, err = run_cli(capsys, path)
    assert code == 2
    assert out == ""
    assert err == f"variantgen: {message}\n"
    assert "Traceback" not in err


# ---------------------------------------------------------------------------
# Generated cases: too big to commit, or needing a lowered limit


def check_generated(
    path: Path,
    needles: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    message = expect_message(path, needles)
    with nothing_written(tmp_path, monkeypatch):
        code, out, err = run_cli(capsys, path)
    assert (code, out, err) == (2, "", f"variantgen: {message}\n")


def test_huge_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    limit = reading.MAX_BYTES
    assert limit == 1 << 20
    padding = "# " + "x" * 98 + "\n"
    text = GOOD + padding * ((limit - len(GOOD)) // len(padding) + 1)
    path = tmp_path / "huge.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > limit
    check_generated(path, ["huge.yaml: the catalogue is larger than 1048576 bytes (1 MiB)"], tmp_path, monkeypatch,
                    capsys)  # fmt: skip


def test_size_limit_is_inclusive(tmp_path: Path) -> None:
    """A catalogue of exactly MAX_BYTES loads; one byte more does not (counted in UTF-8 bytes, not characters)."""
    limit = reading.MAX_BYTES
    body = GOOD + "# é\n"  # a two-byte character: the limit is on bytes
    text = body + "#" * (limit - len(body.encode()) - 1) + "\n"
    path = tmp_path / "exact.yaml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size == limit
    assert load_catalogue(path).names() == ["mini"]
    path.write_text(text + "\n", encoding="utf-8")
    expect_message(path, ["exact.yaml: the catalogue is larger than 1048576 bytes"])


def test_too_many_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A file under the size limit with more values than MAX_NODES is refused while it is parsed.

    With the real limit (100,000) such a file takes seconds to reach it, so the limit is lowered here.
    """
    monkeypatch.setattr(reading, "MAX_NODES", 1000)
    text = GOOD + "    notes:\n" + "      - a note\n" * 1200
    path = tmp_path / "dense.yaml"
    path.write_text(text, encoding="utf-8")
    message = expect_message(path, ["dense.yaml:", "more than 1000 values (the catalogue is too large)"])
    line = int(message.split("dense.yaml:", 1)[1].split(":", 1)[0])
    assert text.splitlines()[line - 1] == "      - a note", message  # refused inside the long list, not after it
    check_generated(path, ["dense.yaml:", "more than 1000 values"], tmp_path, monkeypatch, capsys)


def test_directory_instead_of_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    check_generated(folder, ["folder.yaml: cannot read the catalogue"], tmp_path, monkeypatch, capsys)


def test_the_write_guard_sees_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for write in (
        lambda: Path("written.txt").write_text("x"),
        lambda: os.close(os.open("low-level.txt", os.O_WRONLY | os.O_CREAT)),
        lambda: tempfile.mkdtemp(),
    ):
        with pytest.raises(AssertionError, match="the loader wrote"), nothing_written(tmp_path, monkeypatch):
            write()
        for folder in (tmp_path / "tmp", tmp_path / "cwd"):
            for p in sorted(folder.iterdir()):
                p.rmdir() if p.is_dir() else p.unlink()
            folder.rmdir()


def test_the_documentation_quotes_the_corpus() -> None:
    """The sample messages in docs/catalogue.md are the corpus's own."""
    doc = (ROOT / "docs" / "catalogue.md").read_text(encoding="utf-8")
    quoted = [row for row in doc.splitlines() if row.split(":", 1)[0] in CASES]
    assert len(quoted) >= 5
    for row in quoted:
        assert row.startswith(CASES[row.split(":", 1)[0]][0]), row
