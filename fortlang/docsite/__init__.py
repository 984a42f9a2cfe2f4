"""The generated documentation: rule reference, card glossary, card faces and print-and-play.

Pipeline (STYLE #1): registry + card sets -> ``reference`` / ``glossary`` / ``browser``
Markdown pages -> ``site`` (mkdocs, one site per language, ``theme/`` overrides); card
definitions -> ``face`` (SVG layout) -> ``faces`` (every face of a set) -> ``pnp`` (PDF).
Nothing here restates a rule: every text comes from the registry, the printer or the phrasebook.
Every text of a card file reaches a page, a face or the PDF through ``safe`` (escaped once).
"""
