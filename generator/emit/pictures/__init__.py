"""The pictures: a piece's glyph from its moves (:mod:`.glyphs`, drawn by :mod:`.glyph_shapes`,
output as SVG or bitmap by :mod:`.glyph_raster`, badge letters by :mod:`.font`) and the diagrams of
``out/diagrams/`` (:mod:`.diagrams`).  The page, the play page, the pychess piece sets and the
Zillions bitmaps all draw their pieces here."""
