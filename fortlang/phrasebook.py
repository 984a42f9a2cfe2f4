"""Placeholder until the phrasebooks land: English from the canonical text."""
from fortlang.printer import to_text


def sentence(node, lang="en"):
    return to_text(node)
