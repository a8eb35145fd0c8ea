"""The optional compiled engine: a wheel built with ``VARIANTGEN_MYPYC=1`` (``setup.py``) runs the reference engine
compiled by mypyc, and passes every perft suite the pure-Python engine passes (``tests/test_cli.py``).

The build needs mypy and a C compiler in the build environment, so it runs without build isolation, in a fresh
venv holding the build's requirements, mypy (the running one's version) and the stubs its strict check reads;
the wheel goes into the same venv.  Each command runs with no ``PYTHONPATH`` and from an empty folder, so only the
installed package can answer (as in ``tests/test_install.py``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import mypy.version
import pytest

#: minutes: a venv, mypyc's compilation of the engine, the suites
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SUITES = ROOT / "tests" / "perft"
with open(ROOT / "pyproject.toml", "rb") as _handle:
    _PROJECT = tomllib.load(_handle)
VERSION = _PROJECT["project"]["version"]
FSF = ("--catalogue", "fairy-stockfish")


def _pip(python: Path, *argv: str, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), *argv],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a fresh venv holding the wheel built with ``VARIANTGEN_MYPYC=1``."""
    base = tmp_path_factory.mktemp("compiled")
    source = base / "source"
    ignored = (".git", "out", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", "node_modules", "*.so")
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*ignored))
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=False)  # the running pip installs into it
    python = env_dir / "bin" / "python"
    needs = [*_PROJECT["build-system"]["requires"], "wheel", f"mypy=={mypy.version.__version__}"]
    _pip(python, "install", "--quiet", *needs, "types-PyYAML", "types-tqdm", *_PROJECT["project"]["dependencies"])
    dist = base / "dist"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"VARIANTGEN_MYPYC": "1"}
    _pip(python, "wheel", "-q", "--no-build-isolation", "--no-deps", "--wheel-dir", str(dist), str(source), env=env)
    wheels = [p.name for p in dist.iterdir()]
    assert len(wheels) == 1 and wheels[0].startswith(f"variantgen-{VERSION}-cp3"), wheels  # a platform wheel
    _pip(python, "install", "--quiet", "--no-deps", str(dist / wheels[0]))
    return env_dir / "bin"


def _run(bin_dir: Path, folder: Path, *argv: str) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [str(bin_dir / argv[0]), *argv[1:]],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def test_the_wheel_runs_the_compiled_engine(compiled: Path, tmp_path: Path) -> None:
    code, out, err = _run(compiled, tmp_path, "python", "-c", "import generator.engine as e; print(e.COMPILED)")
    assert (code, out, err) == (0, "True\n", "")


@pytest.mark.parametrize(
    ("suite", "catalogue"),
    [
        ("chess.perft", ()),
        ("variants.perft", ()),
        ("fairy-stockfish.perft", FSF),
        ("fairy-stockfish-perft-sh.perft", FSF),
        ("fairy-stockfish-perft-sh-published.perft", FSF),
    ],
)
def test_the_compiled_engine_passes_the_perft_suites(
    compiled: Path, tmp_path: Path, suite: str, catalogue: tuple[str, ...]
) -> None:
    code, out, err = _run(compiled, tmp_path, "variantgen", "perft", *catalogue, "--suite", str(SUITES / suite))
    assert (code, err) == (0, ""), out[-2000:] + err[-2000:]
    assert out.splitlines()[-1].split()[2:4] == ["0", "failed"], out.splitlines()[-1]
