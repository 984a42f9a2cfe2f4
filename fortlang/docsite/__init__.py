"""The generated documentation: the rules, rule reference, card glossary, card faces and
print-and-play.

Pipeline (STYLE #1): registry + card sets -> ``reference`` / ``langref`` / ``glossary`` /
``browser`` Markdown pages; the rules text (``docs/rules/<lang>.md``, data) -> ``rules``
(anchored pages) -> ``site`` (mkdocs, one site per language, ``theme/`` overrides; every
rendered page goes through ``pagefilter``: R-number links, French typography); card definitions
-> ``face`` (SVG layout) -> ``faces`` (every face of a set) -> ``pnp`` (PDF). Apart from the
rules pages, nothing here restates a rule: every text comes from the registry, the printer or
the phrasebook. Every text of a card file reaches a page, a face or the PDF through ``safe``
(escaped once).

A game module's set takes the same road with the module's pieces (``gamesite``): its declared
rules digests -> ``rules``; its vocabulary -> ``reference`` (``game_reference_page``); its cards
-> ``gameglossary`` and ``gameface`` (or the module's own face) -> ``site`` and ``pnp``.
"""
