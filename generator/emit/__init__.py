"""The emitters: the catalogue written out for each target, and what each target cannot say.

* :mod:`generator.emit.fidelity` derives, from a variant's features, the rules a target cannot
  express (:func:`~generator.emit.fidelity.limitations`) and the variant with exactly those rules
  switched off (:func:`~generator.emit.fidelity.relaxed`), which is what the target really plays.
* :mod:`generator.emit.fairy_stockfish` renders ``variants.ini`` and checks that pyffish loads it.
* :mod:`generator.emit.build` runs every emitter into a temporary folder and swaps the result
  into ``out/`` (the ``variantgen build`` command).
"""
