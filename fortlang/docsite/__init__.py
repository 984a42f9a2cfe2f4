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

Every game's site takes the same road (``site``), with the pieces its module declares
(``GameModule`` and its ``GameDocs``: ``gamedocs``), Fort's like any other's: its own rules,
glossary, browser and reference pages and faces where it declares them (Fort's, in
fortlang/games/fort/docs/), else the generic ones: its rules digests -> ``rules``; its
vocabulary -> ``reference`` (``game_reference_page``); its cards -> ``gameglossary`` and
``gameface`` (or the module's own face) -> ``site`` and ``pnp``. Every picture and meaning is
the documented game's own (its ``GameDocs``), never the default game's.
"""
