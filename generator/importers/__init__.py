"""Importers: other people's variant definitions read into the catalogue.

:mod:`.ini` splits a Fairy-Stockfish ``variants.ini`` into sections as FSF does; :mod:`.options`
applies a section to its parent's rules as FSF's parser does; :mod:`.resolve` resolves every section
(built-in parents through the shipped ``fairy-stockfish`` catalogue); :mod:`.translate` states the
rules in the model through the option table's read-back, and names what it cannot state;
:mod:`.entry` and :mod:`.yaml_text` write the entries; :mod:`.proof` compares each entry's own
section with the original in pyffish; :mod:`.command` is ``variantgen import``.
"""
