"""The build step that puts the shipped catalogues, templates, browser files and JSON Schema into the wheel.

They live once, at the top of the repository (``variants.yaml``, ``catalogues/``,
``templates/``), where a checkout and an editable install read them.  A wheel has no repository,
so ``build_py`` copies them under ``generator/shipped/`` with the same relative names; the
package finds them there (``generator/shipped.py``).  Everything else is in ``pyproject.toml``.

With ``VARIANTGEN_MYPYC=1`` the reference engine (``generator/engine/``, but ``moves.py``, whose ``Walled``
subclasses tuple) is also compiled by mypyc into extension modules beside its Python sources, which an
install imports first; mypy (the test extra) and a C compiler must be there, so build without isolation:
``VARIANTGEN_MYPYC=1 pip wheel --no-build-isolation --no-deps .``.  Without it the wheel is pure Python.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: what the wheel ships beside the code, as globs relative to the repository's top
SHIPPED = ("variants.yaml", "catalogues/*.yaml", "templates/**/*.j2", "browser/*", "docs/catalogue.schema.json")


class BuildWithShippedFiles(build_py):
    """``build_py``, then the shipped files copied into ``generator/shipped/`` of the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads them in the checkout
            return
        for source in self._shipped():
            target = Path(self.build_lib) / "generator" / "shipped" / source.relative_to(ROOT)
            self.mkpath(str(target.parent))
            self.copy_file(str(source), str(target))

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        extra = [] if self.editable_mode else self._shipped()
        return [
            *super().get_outputs(include_bytecode),
            *(str(Path(self.build_lib) / "generator" / "shipped" / p.relative_to(ROOT)) for p in extra),
        ]

    @staticmethod
    def _shipped() -> list[Path]:
        found = []
        for pattern in SHIPPED:
            matches = sorted(p for p in ROOT.glob(pattern) if p.is_file())
            if not matches:  # a source tree without them (an sdist missing MANIFEST.in's lines) must not build
                raise FileNotFoundError(f"nothing matches {pattern!r} in {ROOT}: the wheel would lack it")
            found += matches
        return found


def compiled_engine() -> list[Any]:
    """The engine's modules as mypyc extensions where ``VARIANTGEN_MYPYC=1`` asks for them, else none."""
    if os.environ.get("VARIANTGEN_MYPYC", "0") != "1" or not {"bdist_wheel", "build", "build_ext"} & {*sys.argv}:
        return []  # pure Python, or a step that compiles nothing (the metadata, an sdist, an editable install)
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        raise SystemExit(f"VARIANTGEN_MYPYC=1 needs mypy in the build environment (--no-build-isolation): {e}") from e
    engine = sorted(p for p in (ROOT / "generator" / "engine").glob("*.py") if p.name != "moves.py")
    return list(mypycify([str(p.relative_to(ROOT)) for p in engine], opt_level="3", group_name="variantgen_engine"))


setup(cmdclass={"build_py": BuildWithShippedFiles}, ext_modules=compiled_engine())
