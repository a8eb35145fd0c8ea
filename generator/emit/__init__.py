"""The emitters: the catalogue written out for each target, and what each target cannot say.

* :mod:`generator.emit.fidelity` derives, from a variant's features, the rules a target cannot
  express (:func:`~generator.emit.fidelity.limitations`) and the variant with exactly those rules
  switched off (:func:`~generator.emit.fidelity.relaxed`), which is what the target really plays;
  one module of checks per target.
* :mod:`generator.emit.fairy_stockfish` renders ``variants.ini`` (the option table in
  ``fairy_stockfish.table``, options by group in ``fairy_stockfish.options``; the ini's static check
  and the pyffish load check are checks: :mod:`generator.check.fairy_stockfish_lint`,
  :mod:`generator.check.fairy_stockfish_loader`).
* :mod:`generator.emit.pychess` writes a pychess-variants upload per variant Fairy-Stockfish plays
  exactly: one file of one section (rendered as in ``variants.ini``) and a piece set, both checked
  against the site's upload rules.
* :mod:`generator.emit.zillions` writes one zip per family: the ``.zrf``, its pictures, a rules text.
* :mod:`generator.emit.pictures` draws the pieces' glyphs and the diagrams; :mod:`generator.emit.web`
  writes ``index.html`` and the play page, and serves a build for the play page's opponent.
* Every emitter's ``emit(catalogue, folder, names)`` returns a :class:`~generator.emit.manifest.Manifest`
  of what it wrote; the checks work from it and the files on disk.
* :mod:`generator.emit.output` runs every emitter into a temporary folder and swaps the result
  into ``out/`` (the ``variantgen build`` command).
"""
