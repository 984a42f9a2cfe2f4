"""The one filter every page of the site goes through, whatever wrote it: R-numbers become links
to the rules page, and French pages get French typography.

It runs on a page's HTML once mkdocs has rendered it (the ``on_page_content`` hook of
:mod:`fortlang.docsite.mkdocs_hooks`), on text only: never inside code, an existing link, a
heading, a script or an attribute, so a snippet or a card's DSL is never rewritten.

>>> polish('<p>See R5.3 and <code>R5.4</code>.</p>', "en", "glossary/base.html")
'<p>See <a class="fl-rule-link" href="../rules.html#r5-3">R5.3</a> and <code>R5.4</code>.</p>'
>>> polish('<p>Exemple : "jouez" !</p>', "fr", "index.html")
'<p>Exemple\\xa0: «\\xa0jouez\\xa0»\\u202f!</p>'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fortlang.docsite.rules import anchor, number_pattern

_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_NAME = re.compile(r"</?\s*([a-zA-Z0-9]+)")
#: Text inside these is left as written (code, links, titles, scripts).
_VERBATIM = frozenset({"code", "pre", "kbd", "samp", "script", "style", "textarea"})
_NO_LINK = _VERBATIM | {"a", "h1", "h2", "h3", "h4", "h5", "h6"}
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"})

NBSP, NNBSP = "\u00a0", "\u202f"  # before ":" and inside « »; before ; ! ?


def _rules_href(page_url: str) -> str:
    """The rules page relative to ``page_url`` (``glossary/x.html`` -> ``../rules.html``)."""
    return "../" * page_url.count("/") + "rules.html"


def link_rules(text: str, href: str, letter: str = "R") -> str:
    """Every rule number of a text node (Fort's R-numbers, or those of the game whose numbers
    start with ``letter``) as a link to its anchor on the rules page.

    >>> link_rules("F4.2 and R5", "rules.html", "F")
    '<a class="fl-rule-link" href="rules.html#f4-2">F4.2</a> and R5'
    """
    return number_pattern(letter).sub(
        lambda m: f'<a class="fl-rule-link" href="{href}#{anchor(m.group(0))}">{m.group(0)}</a>',
        text)


_QUOTED = re.compile(r'"([^"\n]+)"')
# After a word, a closing guillemet or bracket, or at the start of a text node (the word
# before it is then the end of an element such as <code>).
_BEFORE_COLON = re.compile(r"(?:(?<=\w)|^)[ \u00a0]?:(?=\s|$)|(?<=[»)\]'’]) :(?=\s|$)")
_BEFORE_TALL = re.compile(r"(?:(?<=[\w»)\]'’])|^)[ \u00a0\u202f]?([;!?])(?=\s|$|[<»)])")
_INSIDE_GUILLEMETS = (re.compile(r"«[ \u00a0]?"), re.compile(r"[ \u00a0]?»"))


_ENTITY = re.compile(r"(&#?\w+;)")


def french(text: str) -> str:
    """French typography: no-break spaces before ``: ; ! ?`` and inside « guillemets »
    (character references such as ``&amp;`` are left whole)."""
    return "".join(p if _ENTITY.fullmatch(p) else _french(p) for p in _ENTITY.split(text))


def _french(text: str) -> str:
    text = _QUOTED.sub(r"« \1 »", text)
    opening, closing = _INSIDE_GUILLEMETS
    text = opening.sub("«" + NBSP, text)
    text = closing.sub(NBSP + "»", text)
    text = _BEFORE_COLON.sub(NBSP + ":", text)
    return _BEFORE_TALL.sub(lambda m: NNBSP + m.group(1), text)


def _rewrite(html: str, rewrite: Callable[[str, frozenset[str]], str]) -> str:
    """Apply ``rewrite(text, open elements)`` to every text node of ``html``."""
    out: list[str] = []
    stack: list[str] = []
    for piece in _TAG.split(html):
        if piece.startswith("<"):
            out.append(piece)
            name = _NAME.match(piece)
            if name is None or piece.startswith("<!"):
                continue
            tag = name.group(1).lower()
            if piece.startswith("</"):
                if tag in stack:  # close it and anything left open inside it
                    del stack[len(stack) - 1 - stack[::-1].index(tag):]
            elif tag not in _VOID and not piece.endswith("/>"):
                stack.append(tag)
        elif piece:
            out.append(rewrite(piece, frozenset(stack)))
    return "".join(out)


#: A character reference to ASCII punctuation that means nothing to HTML: ``docsite.safe``
#: writes card-file text that way (``R5&#46;5``); as plain characters the filter can link and
#: space it. ``& < > " '`` stay references.
_HARMLESS_REF = re.compile(r"&#(3[3-9]|4[0-7]|5[89]|6[134]|9[1-6]|12[3-6]);")


def _harmless_refs_decoded(text: str) -> str:
    """Harmless references in a text node as the characters they stand for.

    >>> _harmless_refs_decoded("R5&#46;5 &#60;b&#62; &#59;")
    'R5.5 &#60;b&#62; ;'
    """
    return _HARMLESS_REF.sub(lambda m: chr(int(m.group(1))) if chr(int(m.group(1)))
                             not in "&<>\"'" else m.group(0), text)


def polish(html: str, lang: str, page_url: str, rules: bool = True, letter: str = "R") -> str:
    """A rendered page: rule numbers linked (when the site has its rules page; ``letter``
    starts the game's numbers) and, in French, French typography. ``page_url`` is the page's
    URL relative to the site's root."""
    href = _rules_href(page_url)

    def rewrite(text: str, inside: frozenset[str]) -> str:
        if inside & _VERBATIM:
            return text
        text = _harmless_refs_decoded(text)
        if lang == "fr":
            text = french(text)
        if rules and not inside & _NO_LINK:
            text = link_rules(text, href, letter)
        return text

    return _rewrite(html, rewrite)
