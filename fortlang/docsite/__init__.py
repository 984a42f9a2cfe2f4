"""The generated documentation: rule reference, card glossary, card faces and print-and-play.

Pipeline (STYLE #1): registry + card sets -> ``reference`` / ``glossary`` Markdown pages ->
``site`` (mkdocs, one site per language) ; card definitions -> ``face`` (SVG) -> ``pnp`` (PDF).
Nothing here restates a rule: every text comes from the registry, the printer or the phrasebook.
"""
