"""The targets are one enum, and every registry keyed by it is complete: each target has an emitter
that writes it, each target that plays the rules has its limitations, each with checks of its own
has a check adapter, and the command line offers exactly those."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.catalogue import DEFAULT_CATALOGUE, load_catalogue
from generator.check.command import ADAPTERS, cmd_check
from generator.emit.fidelity import ANALYSED, PLAYING, limitations
from generator.emit.output import build
from generator.emit.target import Target
from tests.support import check_args

CATALOGUE = load_catalogue(DEFAULT_CATALOGUE)


def test_every_target_is_written_by_an_emitter_whose_manifest_names_it(tmp_path: Path) -> None:
    built = build(CATALOGUE, tmp_path / "out", ["chess", "ajax-chess"])
    assert {m.target for _, m in built.parts} == set(Target)
    assert all(isinstance(m.target, Target) for _, m in built.parts)
    # the build's summary names each part by its target's value, as before the enum
    assert built.summary()[0].startswith("fairy-stockfish: ")
    assert built.playing() == [Target.FAIRY_STOCKFISH, Target.ZILLIONS, Target.PYCHESS]


def test_only_the_targets_that_play_the_rules_have_limitations() -> None:
    ajax = CATALOGUE.get("ajax-chess")
    assert ajax is not None
    assert PLAYING == (Target.FAIRY_STOCKFISH, Target.ZILLIONS, Target.PYCHESS)
    with pytest.raises(
        ValueError, match="target 'page' plays no rules; those that do: fairy-stockfish, zillions, pych"
    ):
        limitations(ajax, Target.PAGE)


def test_every_target_with_checks_of_its_own_has_a_check_adapter() -> None:
    assert tuple(ADAPTERS) == ANALYSED
    assert all(a.target is t for t, a in ADAPTERS.items())
    assert check_args("chess", "--engine", "zillions").engine == "zillions"
    with pytest.raises(SystemExit):  # argparse refuses a target without an adapter
        check_args("chess", "--engine", "pychess")


def test_an_option_of_one_engine_is_refused_with_another_by_its_adapter() -> None:
    # each option an adapter owns, given to the other engine, is refused naming the engine it belongs to
    for owner in ADAPTERS.values():
        for option in owner.options:
            other = next(t for t in ADAPTERS if t != owner.target)
            args = check_args("chess", "--engine", other, f"--{option}", "2")
            with pytest.raises(ValueError, match=f"^--{option} .*: use it with --engine {owner.target}, not {other}"):
                cmd_check(CATALOGUE, args)
