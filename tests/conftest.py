"""The suite skips nothing: a test that would skip fails instead, naming why it wanted to skip.

A missing dependency or missing shared data must show up as a failure, never as a green run
that quietly tested less.

Two tiers: a plain ``python -m pytest`` runs the quick one, for a contributor before each commit;
``--slow`` adds the tests marked ``slow`` (the long cross-checks, the install from a built wheel,
the corpus), which ``scripts/test`` and CI run.  A test left out of a run is deselected, named
in pytest's summary line, never skipped.
"""

from __future__ import annotations

import subprocess
from collections.abc import Generator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="also run the slow tier (tests marked slow), as CI does")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


@pytest.fixture(scope="session")
def engine_path() -> str:
    """The native Fairy-Stockfish, built by ``scripts/build-fairy-stockfish`` (cached after the first run)."""
    done = subprocess.run(
        [str(ROOT / "scripts" / "build-fairy-stockfish")], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"scripts/build-fairy-stockfish failed: {done.stderr.strip().splitlines()[-1:]}")
    return done.stdout.strip()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"this suite skips nothing, but {item.nodeid} skipped: {report.longrepr}"
