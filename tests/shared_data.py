"""The project's shared test data (``../shared`` beside the checkout): a missing file fails the
test with one clear line instead of skipping it, so that a run without the data cannot pass."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"
ZILLIONS = SHARED / "zillions"


def shared_file(*parts: str) -> Path:
    """``../shared/<parts>``; fails the calling test when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.fail(
            f"{path} is missing: these tests need the project's shared data, ../shared beside the checkout",
            pytrace=False,
        )
    return path


def zillions_file(name: str) -> Path:
    """A real Zillions file under ``../shared/zillions``; fails the calling test when it is missing."""
    return shared_file("zillions", name)
