"""The web pages: ``out/index.html`` (:mod:`.page`, told against orthodox chess by
:mod:`.orthodox`, the rules in words by :mod:`.rules_text`), ``out/play.html`` with its browser
files (:mod:`.play`), and ``variantgen serve`` (:mod:`.serve`), which serves a build's folder with
the headers the play page's opponent needs."""
