"""Card data made safe for the pages, the SVG faces and the PDF: the one place it is escaped.

Everything a card file says (set names, card names, notes, rule and perk names, ids) reaches
the site only through these functions; the generators never interpolate it raw. A value stays
text wherever it lands: no element, attribute, link or template tag can come from a card file.

- :func:`visible` shows a control character or a bidirectional override as ``�`` (a glyph
  every font has, the PDF's too), so nothing invisible rings, moves the cursor or reorders;
- :func:`markdown` is for Markdown (and the HTML it carries, and mkdocs' navigation): every
  ASCII punctuation mark becomes a numeric character reference, so neither Markdown (links,
  emphasis, attribute lists, tables, headings) nor HTML (tags, attributes, entities) nor a
  template language (``{{ }}``) sees anything but text; it is also safe in a quoted attribute;
- :func:`xml` is for the SVG faces: XML escapes, quotes included.

>>> markdown("<b>[x](javascript:y)</b>")
'&#60;b&#62;&#91;x&#93;&#40;javascript&#58;y&#41;&#60;&#47;b&#62;'
>>> visible("a\\x07b\\u202ec")
'a�b�c'
>>> xml('"x" & <y>')
'&quot;x&quot; &amp; &lt;y&gt;'
"""

from __future__ import annotations

import re
import string
from xml.sax.saxutils import escape as _xml_escape

#: An id as the schemas allow it (lowercase words joined by dashes, or by underscores in a
#: game module's card files): the only card data that the site uses unescaped, in file names,
#: anchors and links, once :func:`is_id` has said so.
ID = re.compile(r"[a-z0-9]+([-_][a-z0-9]+)*")

#: Characters that reorder text on screen (bidi embeddings, overrides and isolates).
_BIDI = {*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C}

_VISIBLE = dict.fromkeys([*range(0x20), *range(0x7F, 0xA0), *_BIDI], 0xFFFD)

_MARKDOWN = {ord(c): f"&#{ord(c)};" for c in string.punctuation}


def visible(value: object) -> str:
    """``value`` as text with no control or bidi-override character left in it."""
    return str(value).translate(_VISIBLE)


def markdown(value: object) -> str:
    """``value`` as literal text in Markdown, in HTML and in a double-quoted HTML attribute."""
    return visible(value).translate(_MARKDOWN)


def xml(value: object) -> str:
    """``value`` as literal text in XML (SVG) content or a double-quoted attribute."""
    return _xml_escape(visible(value), {'"': "&quot;", "'": "&apos;"})


def is_id(value: object) -> bool:
    """May ``value`` name a file, an anchor or a link target? (The loader's schema already
    refuses any other id; a set built in Python is held to the same rule.)"""
    return isinstance(value, str) and ID.fullmatch(value) is not None
