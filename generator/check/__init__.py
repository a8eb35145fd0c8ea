"""Checking a generated rules file move by move against the reference engine.

``compare`` walks positions with the reference engine (:mod:`generator.engine`)
and asks an *engine adapter* the same questions: which moves are legal here,
and has the game ended, with what result.  It knows nothing about any
particular engine; an adapter speaks to one (``fairy_stockfish``: pyffish in
child processes running ``fairy_stockfish_worker``; ``zillions``: the ZRF
interpreter) and translates its notation into ours.  An adapter learns what
the emitter wrote (section names, start positions) from the emitter's
:class:`~generator.emit.manifest.Manifest` and the file on disk, never from
the emitter's internals.  ``command`` is the ``variantgen check`` sub-command;
``fairy_stockfish_lint`` and ``fairy_stockfish_loader`` check an ini on its own (its lines, then
its load into pyffish, through the same worker).

Rules an engine cannot express (:func:`generator.emit.fidelity.limitations`)
are switched off in the reference for the comparison
(:func:`generator.emit.fidelity.relaxed`), and every report says which.
"""
