"""The docs site of a game module's sets (issue 33 item 5, issue 34 item 4, issue 35 item 3):
``fortlang docs build --sets cards/frantic-base``. The same site as Fort's, built the same way
(:func:`fortlang.docsite.site.build`: one mkdocs project per language, run isolated, swapped in
whole), with the game's own pages:

- the rules page: the digest the module declares for the language (``GameModule.rules_pages``),
  its numbered rules anchored (``#f4-2``); a language without its own shows the English one
  with a note saying so in that language; first, the turn structure derived from the flow the
  module declares (``GameModule.flow``: :mod:`fortlang.docsite.flowdoc`), in the language;
- the language reference, derived from the module's vocabulary as Fort's is from Fort's
  (:func:`fortlang.docsite.reference.game_reference_page`), and its card kinds' schemas;
- a glossary per set (:mod:`fortlang.docsite.gameglossary`) with every card's face
  (:mod:`fortlang.docsite.gameface`), and the card browser over every set's faces
  (:func:`fortlang.docsite.browser.game_browser_page`);
- the module author's guide (docs/games.md) and the error codes.

It writes the game's own icons only (its words' drawings, ``GameModule.docs``) and the core's
operators: never Fort's, even where Fort is installed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from fortlang.docsite import error_codes, flowdoc, safe, site
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import rules as rules_text
from fortlang.docsite.browser import PAGE as BROWSER
from fortlang.docsite.browser import game_browser_page
from fortlang.docsite.gamedocs import game_docs
from fortlang.docsite.gameface import face_of
from fortlang.docsite.gameglossary import face_path, glossary_page
from fortlang.docsite.icons import game_icons
from fortlang.docsite.reference import game_reference_page
from fortlang.model import CardSet, Origin
from fortlang.module import GameModule
from fortlang.registry import Vocabulary

#: The hand-written pages of docs/ a game's site carries: the module author's guide and the
#: pages it links, each with a section for other games (scenario files, the search bot);
#: tests/test_docs_modules.py checks that no page carried links one left out.
HANDWRITTEN = (("games", "games.md"), ("scenarios", "scenarios.md"),
               ("search_bot", "search-bot.md"))
#: A link of a digest to a page of docs/, one folder up from docs/games/ where the digests are.
_UP_LINK = re.compile(r"\[([^\]]*)\]\(\.\./([\w-]+\.md)(#[\w-]*)?\)")


def rules_page(game: GameModule, lang: str) -> str | None:
    """The game's rules page in ``lang`` with its numbers anchored, the English page with a
    note when ``lang`` has none, or None when the module declares no rules page."""
    text = rules_text.game_source(game, lang)
    english = text is None and lang != "en"
    if text is None:
        text = rules_text.game_source(game, "en")
    if text is None:
        return None
    page = rules_text.mark_rules(site_links(text), rules_text.letter_of(text))
    page = flowdoc.turn_structure(game, page, lang)
    return site.in_english(page, lang) if english else page


def site_links(text: str) -> str:
    """A digest's links to docs/ pages (``../scenarios.md``), written from docs/games/, as the
    site has them: beside the rules page when the site carries the page, else the link's text.

    >>> site_links("see [Scenario files](../scenarios.md) and [Fort](../card-format.md#x)")
    'see [Scenario files](scenarios.md) and Fort'
    """
    carried = {name for _, name in HANDWRITTEN}

    def one(m: re.Match[str]) -> str:
        label, name, fragment = m.group(1), m.group(2), m.group(3) or ""
        return f"[{label}]({name}{fragment})" if name in carried else label

    return _UP_LINK.sub(one, text)


def site_name(game: GameModule, lang: str, markdown: bool = True) -> str:
    """"Frantic: rules, language reference and card glossary"; ``markdown``: escaped for a
    page (mkdocs escapes the site's name itself where it prints it)."""
    title = game.title(lang)
    return lx.ui("game_site", lang).format(game=safe.markdown(title) if markdown else title)


def index_page(game: GameModule, sets: Sequence[CardSet], lang: str, langs: Sequence[str],
               pages: Sequence[tuple[str, str]], rules: bool) -> str:
    title = game.title(lang)
    links = [f"- [{lx.ui('game_rules', lang).format(game=safe.markdown(title))}](rules.md)"
             ] if rules else []
    links += [f"- [{lx.ui('reference', lang)}](reference.md)"]
    links += [f"- [{safe.markdown(s.manifest.name_in(lang))} — {lx.ui('glossary', lang)}]"
              f"(glossary/{s.id}.md)" for s in sets]
    if any(s.cards for s in sets):
        links.append(f"- [{lx.ui('browser', lang)}]({BROWSER})")
    links += [f"- [{lx.ui(key, lang)}]({page})" for key, page in pages]
    others = " · ".join(f'<a href="../{x}/index.html" hreflang="{x}">{lx.LANGUAGE_NAMES[x]}</a>'
                        for x in langs if x != lang)
    return "\n".join([md.heading(1, site_name(game, lang)),
                      f'!!! note ""\n    {unofficial(game, lang)}\n',
                      lx.ui("game_intro", lang).format(game=safe.markdown(title)) + "\n",
                      *links, "", others, ""])


def unofficial(game: GameModule, lang: str) -> str:
    return lx.ui("game_unofficial", lang).format(game=safe.markdown(game.title(lang)))


def generate(src: Path, site_dir: str, game: GameModule, vocab: Vocabulary,
             sets: Sequence[CardSet], lang: str, langs: Sequence[str],
             site_url: str = "") -> int:
    """Write one language's mkdocs project of ``game``'s site into ``src``; returns the number
    of card faces."""
    docs = src / "docs"
    declared = game_docs(game)  # its own pages where it declares them, as the default game's
    pages = []
    for key, name in HANDWRITTEN:
        text = site.hand_written_page(name, lang)
        if text is not None:
            site.write(docs / name, text)
            pages.append((key, name))
    own_rules = declared.rules_page(lang) if declared.rules_page is not None else None
    rules = (flowdoc.turn_structure(game, own_rules, lang) if own_rules is not None
             else rules_page(game, lang))
    if rules is not None:
        site.write(docs / rules_text.PAGE, rules)
    site.write(docs / "index.md", index_page(game, sets, lang, langs, pages, rules is not None))
    site.write_theme(src)
    # the game's own icons and the core's operators, never Fort's
    for name, icon in game_icons(vocab, declared.every_icon()).items():
        site.write(docs / "assets" / "icons" / f"{name}.svg", icon.svg())
    faces = 0
    for card_set in sets:
        site.write(docs / "glossary" / f"{card_set.id}.md", glossary_page(game, card_set, lang))
        for card in card_set.cards:
            face = face_of(game, card, lang)
            site.write(docs / "assets" / face_path(card_set.id, card),
                       face.to_svg(title=card.name_in(lang)))
            faces += 1
    if any(s.cards for s in sets):
        site.write(docs / BROWSER, declared.browser(sets, lang) if declared.browser is not None
                   else game_browser_page(game, vocab, sets, lang))
    site.write(docs / error_codes.FILE, error_codes.error_codes_page(lang))
    site.write(docs / "reference.md",
               declared.reference(lang, sets, None, card_format=False, error_codes=True)
               if declared.reference is not None
               else game_reference_page(lang, game, vocab, error_codes=True))
    config = site.mkdocs_config(lang, langs, (), site_dir, pages, site_url)
    nav: list[dict[str, object]] = [{lx.ui("home", lang): "index.md"}]
    if rules is not None:
        nav.append({lx.ui("game_rules", lang).format(game=safe.markdown(game.title(lang))):
                    rules_text.PAGE})
    nav.append({lx.ui("reference", lang): "reference.md"})
    if sets:  # mkdocs puts a nav title into every page as it is (HTML): escaped
        nav.append({lx.ui("glossary", lang): [
            {safe.markdown(s.manifest.name_in(lang)): f"glossary/{s.id}.md"} for s in sets]})
    if any(s.cards for s in sets):
        nav.append({lx.ui("browser", lang): BROWSER})
    nav += [{lx.ui(key, lang): page} for key, page in pages]
    nav.append({error_codes.title(lang): error_codes.FILE})
    config.update(site_name=site_name(game, lang, markdown=False),
                  copyright=unofficial(game, lang), nav=nav)
    # the filter of every page links the game's rule numbers (F4.2) to its rules page: the
    # letter its headings start with (a translation numbers the same rules, a test checks)
    config["extra"].update(fortlang_rules=rules is not None,
                           fortlang_rule_letter=rules_text.letter_of(rules or ""))
    site.write(src / "mkdocs.yml", json.dumps(config, ensure_ascii=False, indent=1) + "\n")
    return faces


def check_ids(sets: Sequence[CardSet]) -> None:
    """Every id the site turns into a file name, an anchor or a ``data-card`` is an id (E313),
    as :func:`fortlang.docsite.site.check_ids` holds Fort's sets to."""
    for s in sets:
        items: list[tuple[str, str, Origin | None]] = [("set", s.id, None)]
        items += [("card", c.id, c.origin) for c in s.cards]
        site.check_id_items(items, "an id is lowercase words and digits joined by dashes or "
                            "underscores")


def build(out: Path, game: GameModule, vocab: Vocabulary, sets: Sequence[CardSet],
          langs: Sequence[str] = lx.LANGUAGES, mkdocs: bool = True,
          site_url: str = "") -> site.Built:
    """``fortlang docs build --sets`` of ``game``'s sets: its site in every language of
    ``langs``, built and swapped in as Fort's is."""
    check_ids(sets)

    def one(src: Path, site_dir: str, lang: str) -> int:
        return generate(src, site_dir, game, vocab, sets, lang, langs, site_url)

    return site.build_sites(out, sets, langs, one, mkdocs,
                            title=site_name(game, langs[0], markdown=False))
