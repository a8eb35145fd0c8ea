"""variantgen: one YAML catalogue of chess variants, a reference rules engine, emitters and checks.

The layers, in the order data flows (``docs/architecture.md`` walks one variant through them):

- :mod:`generator.betza`: the Betza parser and renderer;
- :mod:`generator.catalogue`: the frozen model, and the loader (reading, validating, ``extends``, building);
- :mod:`generator.engine`: the reference move generator (state, position, moves, FEN, perft);
- :mod:`generator.emit`: the emitters (``variants.ini``, Zillions downloads, diagrams, the page) and
  what each target cannot express;
- :mod:`generator.zrf`: the ZRF reader, interpreter and lint;
- :mod:`generator.check`: the cross-checks of the written files against the reference engine;
- :mod:`generator.cli`: the ``variantgen`` command.
"""
