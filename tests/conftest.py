"""The suite skips nothing: a test that would skip fails instead, naming why it wanted to skip.

A missing dependency or missing shared data must show up as a failure, never as a green run
that quietly tested less.
"""

from __future__ import annotations

from collections.abc import Generator

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"this suite skips nothing, but {item.nodeid} skipped: {report.longrepr}"
