"""A user's install: ``python -m build`` makes an sdist and a wheel, the wheel goes into a fresh virtual
environment, then ``variantgen`` runs from folders that have nothing to do with the checkout.

``python -m build`` builds the wheel from the sdist, so a wheel that runs proves the sdist complete
too (a file missing from ``MANIFEST.in`` fails the build, see ``setup.py``).  It works on a copy of
the source tree, so that no stale ``build/`` in the checkout can add or keep a file.  The
environment is a plain venv (not ``--system-site-packages``: the developer's editable install there
would find a module the wheel lacks, and hide it), and pip takes the dependencies from the package
index.  Each command runs with no ``PYTHONPATH`` and from an empty temporary folder, so only the
installed package can answer.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest
from support import CATALOGUE_NAMES

from generator.catalogue import FAIRY_STOCKFISH_CATALOGUE, load_catalogue

#: a minute: python -m build, a fresh venv, the dependencies from the package index
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
with open(ROOT / "pyproject.toml", "rb") as _handle:
    VERSION = tomllib.load(_handle)["project"]["version"]

#: a catalogue of the user's own, one small variant
MINE = """\
families:
  mine: {title: My games}
variants:
  kings-and-rooks:
    title: Kings and Rooks
    family: mine
    board: {files: 4, ranks: 4}
    pieces:
      K: {name: King, betza: K, roles: [royal]}
      R: {name: Rook, betza: R}
    setup:
      white: {K: [a1], R: [d1]}
      black: {K: [d4], R: [a4]}
"""


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``variantgen`` script of a fresh venv into which ``pip install .`` put the project."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git",
            "out",
            "build",
            "*.egg-info",
            "__pycache__",
            ".*_cache",
            ".hypothesis",
            ".benchmarks",
            "node_modules",
        ),
    )
    dist = base / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    assert sorted(p.name for p in dist.iterdir()) == [
        f"variantgen-{VERSION}-py3-none-any.whl",
        f"variantgen-{VERSION}.tar.gz",
    ]
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False)  # the running pip installs into it: no ensurepip, seconds saved
    python = env_dir / "bin" / "python"
    wheel = dist / f"variantgen-{VERSION}-py3-none-any.whl"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return env_dir / "bin" / "variantgen"


def _run(script: Path, folder: Path, *argv: str) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [str(script), *argv], cwd=folder, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    return done.returncode, done.stdout, done.stderr


def test_the_installed_command_works_from_an_empty_folder(installed: Path, tmp_path: Path) -> None:
    code, out, err = _run(installed, tmp_path, "build")
    assert (code, err) == (0, ""), err
    shipped = installed.parent.parent / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    shipped = shipped / "site-packages" / "generator" / "shipped" / "variants.yaml"
    assert out.splitlines()[0] == f"catalogue: the variants.yaml shipped with variantgen ({shipped}), 14 variants"
    assert "fairy-stockfish: out/fairy-stockfish/variants.ini, 14 sections" in out.splitlines()
    # the play page and the browser files it loads come with the package (setup.py's SHIPPED)
    assert {"play.html", "play/ffish.js", "play/ffish-wasm.js", "play/COPYING.txt"} <= set(_tree(tmp_path / "out"))
    # the same catalogue and templates, so byte for byte the repository's committed build
    assert _tree(tmp_path / "out") == _tree(ROOT / "out")

    code, out, _ = _run(installed, tmp_path, "list")
    assert code == 0 and [line.split()[0] for line in out.splitlines()[1:]] == CATALOGUE_NAMES
    code, out, _ = _run(installed, tmp_path, "--version")
    assert (code, out) == (0, f"variantgen {VERSION}\n")  # the wheel's metadata: it has no pyproject.toml
    code, out, _ = _run(installed, tmp_path, "list", "--catalogues")
    shipped_fsf = len(load_catalogue(FAIRY_STOCKFISH_CATALOGUE).variants)
    assert code == 0 and [line.split()[:3] for line in out.splitlines()][1] == [
        "fairy-stockfish",
        str(shipped_fsf),
        "variants",
    ]
    code, out, _ = _run(installed, tmp_path, "show", "--catalogue", "fairy-stockfish", "xiangqi")
    assert code == 0 and out.splitlines()[0] == "Xiangqi (Chinese chess) (xiangqi), 9x10; white moves first"
    code, out, _ = _run(installed, tmp_path, "show", "chess")
    assert code == 0 and out.splitlines()[0] == "Chess (chess), 8x8; white moves first"
    code, out, _ = _run(installed, tmp_path, "perft", "chess", "3")
    assert code == 0 and out.splitlines()[-1] == "Nodes searched: 8902"

    code, out, err = _run(installed, tmp_path, "check", "--engine", "fairy-stockfish", "--depth", "1", "--games", "1")
    assert code == 0, out[-2000:] + err
    assert "14 sections of out/fairy-stockfish/variants.ini loaded and verified" in out  # the build it just made
    assert out.splitlines()[-1].endswith("all agree")


def test_an_import_points_its_editor_at_the_shipped_schema(installed: Path, tmp_path: Path) -> None:
    (tmp_path / "mine.ini").write_text("[mine:chess]\nmaxRank = 8\n", encoding="utf-8")
    code, out, err = _run(installed, tmp_path, "import", "mine.ini")
    assert code == 0, out + err
    first = (tmp_path / "mine.yaml").read_text(encoding="utf-8").splitlines()[0]
    schema = tmp_path / first.removeprefix("# yaml-language-server: $schema=")
    assert first.startswith("# yaml-language-server: $schema=") and schema.resolve().is_file(), first
    assert json.loads(schema.read_text(encoding="utf-8"))["$schema"].startswith("https://json-schema.org/")


def test_a_catalogue_in_the_folder_is_the_default(installed: Path, tmp_path: Path) -> None:
    (tmp_path / "variants.yaml").write_text(MINE, encoding="utf-8")
    code, out, err = _run(installed, tmp_path, "build")
    assert (code, err) == (0, ""), err
    assert out.splitlines()[0] == "catalogue: variants.yaml in this folder, 1 variant"
    ini = (tmp_path / "out" / "fairy-stockfish" / "variants.ini").read_text(encoding="utf-8")
    assert f"# catalogue: variants.yaml, sha256 {hashlib.sha256(MINE.encode()).hexdigest()}" in ini
    assert "[kings-and-rooks]" in ini
    code, out, _ = _run(installed, tmp_path, "list")
    assert code == 0 and [line.split()[0] for line in out.splitlines()[1:]] == ["kings-and-rooks"]
