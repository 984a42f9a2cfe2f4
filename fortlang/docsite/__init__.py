"""The generated documentation: the rules, rule reference, card glossary, card faces and
print-and-play.

Pipeline (STYLE #1): registry + card sets -> ``reference`` / ``langref`` / ``glossary`` Markdown
pages; the rules text (``docs/rules/<lang>.md``, data) -> ``rules`` (anchored pages) -> ``site``
(mkdocs, one site per language; every rendered page goes through ``pagefilter``: R-number links,
French typography); card definitions -> ``face`` (SVG) -> ``pnp`` (PDF). Apart from the rules
pages, nothing here restates a rule: every text comes from the registry, the printer or the
phrasebook.
"""
