"""variantgen: one YAML catalogue of chess variants, a reference rules engine, and emitters.

- :mod:`generator.catalogue`: the catalogue model, loader and error messages;
- :mod:`generator.betza`: the Betza parser and renderer;
- :mod:`generator.engine`: the reference move generator (position, moves, FEN, perft);
- :mod:`generator.cli`: the ``variantgen`` command.
"""
