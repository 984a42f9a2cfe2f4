"""``fortlang docs build``: write the Markdown tree of every language, then run mkdocs.

One builder for every game (issue 33 item 5): Fort's site and a game module's
(``--sets cards/frantic-base``) are written by the same code from what the game declares, its
:class:`~fortlang.module.GameModule` and its pages and pictures
(:class:`~fortlang.docsite.gamedocs.GameDocs`):

- the rules page: the game's own (``GameDocs.rules_page``: Fort's digest of docs/rules), else
  the digest the module declares for the language (``GameModule.rules_pages``), its numbered
  rules anchored (``#f4-2``), the English one with a note where a language has none; first,
  the turn structure derived from its flow (:mod:`fortlang.docsite.flowdoc`);
- the language reference: the game's own (``GameDocs.reference``: Fort's), else the one
  derived from its vocabulary and card kinds
  (:func:`fortlang.docsite.reference.game_reference_page`);
- a glossary per set (``GameDocs.glossary``: Fort's; else :mod:`fortlang.docsite.gameglossary`)
  with every card's face (:func:`fortlang.docsite.faces.every_face`), and the card browser
  (``GameDocs.browser``; else :func:`fortlang.docsite.browser.game_browser_page`);
- the hand-written pages of docs/ it carries (``GameDocs.pages``; else the module author's
  guide and the pages it links) and the error codes;
- the game's own icons and the core's operators, never another game's (Fort's included);
- its texts: its name, home page, notes (``GameDocs.texts``; else said over its title).

Layout of ``--out DIR`` (default ``site``): one mkdocs-material site per language in ``DIR/en``,
``DIR/fr``, ``DIR/ru`` with a language switcher between them, ``DIR/index.html`` pointing at
English, and the generated sources (Markdown, SVG, ``mkdocs.yml``) in ``DIR/_src/<lang>`` for
inspection. The whole tree is built beside ``DIR`` and swapped in at the end, so a failed build
leaves the previous site as it was (nothing half-written).
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from fortlang.docsite import error_codes, safe
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import rules as rules_text
from fortlang.docsite.browser import PAGE as BROWSER
from fortlang.docsite.browser import game_browser_page
from fortlang.docsite.faces import every_face
from fortlang.docsite.flowdoc import turn_structure
from fortlang.docsite.gamedocs import GAME_PAGES, GameDocs, game_docs, words_docs
from fortlang.docsite.gameglossary import glossary_page
from fortlang.docsite.icons import game_icons
from fortlang.docsite.reference import game_reference_page
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.games import game_named
from fortlang.isolation import private_folder, python_command
from fortlang.model import Card, CardSet, Origin
from fortlang.module import DEFAULT_GAME, CardKind, GameModule
from fortlang.registry import Vocabulary

MARKER = ".fortlang-docs"  # marks a folder this command may replace
SHIM = "iframe-worker-shim.js"  # fortlang/docsite/vendor: the search worker from file://


@dataclass(frozen=True)
class Built:
    out: Path
    languages: tuple[str, ...]
    sets: tuple[str, ...]
    faces: int


def _optional(folder: str) -> Path | None:
    from fortlang.resources import data_dir

    try:
        return data_dir(folder)
    except FileNotFoundError:
        return None


def hand_written(name: str) -> str | None:
    """A page of docs/, written by hand beside the schemas (shipped in the wheel too)."""
    folder = _optional("docs")
    page = folder / name if folder is not None else None
    return page.read_text(encoding="utf-8") if page is not None and page.is_file() else None


#: An image a hand-written page shows: a file of docs/img/, by its plain name (no folders).
_IMAGE = re.compile(r"!\[[^\]]*\]\((img/[\w-]+\.(?:png|svg|jpg))\)")


def page_images(text: str) -> list[str]:
    """The docs/img files a hand-written page links to, as paths relative to docs/.

    >>> page_images("![Neovim,\\nwith a hover](img/editor-neovim.png) and [a link](img/x.png)")
    ['img/editor-neovim.png']
    """
    return sorted(set(_IMAGE.findall(text)))



def in_english(page: str, lang: str) -> str:
    """A hand-written page, with a note under its title on the other languages' sites."""
    if lang == "en":
        return page
    title, _, rest = page.partition("\n")
    return f'{title}\n\n!!! note ""\n    {lx.ui("english_only", lang)}\n{rest}'


def hand_written_page(name: str, lang: str) -> str | None:
    """A page of docs/ in ``lang``: its translation (``docs/translations/<lang>/<name>``, same
    code blocks) when there is one, else the English page with a note under its title."""
    if lang != "en":
        translated = hand_written(f"translations/{lang}/{name}")
        if translated is not None:
            return translated
    text = hand_written(name)
    return in_english(text, lang) if text is not None else None


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _copy_image(name: str, target: Path) -> None:
    """Copy docs/``name`` into the site; a missing one is left to mkdocs --strict to report.
    A link is not followed: only a regular file of the shipped docs folder is copied."""
    folder = _optional("docs")
    source = folder / name if folder is not None else None
    if source is not None and source.is_file() and not source.is_symlink():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())


#: A link of a digest to a page of docs/, one folder up from docs/games/ where the digests are.
_UP_LINK = re.compile(r"\[([^\]]*)\]\(\.\./([\w-]+\.md)(#[\w-]*)?\)")


def site_links(text: str, carried: Sequence[str]) -> str:
    """A module's digest's links to docs/ pages (``../scenarios.md``), written from
    docs/games/ where the digests are, as the site has them: beside the rules page when the
    site carries the page (``carried``: the file names), else the link's text.

    >>> site_links("see [Scenario files](../scenarios.md) and [Fort](../card-format.md#x)",
    ...            ["scenarios.md"])
    'see [Scenario files](scenarios.md) and Fort'
    """
    def one(m: re.Match[str]) -> str:
        label, name, fragment = m.group(1), m.group(2), m.group(3) or ""
        return f"[{label}]({name}{fragment})" if name in carried else label

    return _UP_LINK.sub(one, text)


def pages_of(docs: GameDocs) -> tuple[tuple[str, str], ...]:
    """The hand-written pages of docs/ a game's site carries (``GameDocs.pages``, else the
    module author's guide and the pages it links), as (title key, file) pairs."""
    return docs.pages if docs.pages is not None else GAME_PAGES


def rules_page(game: GameModule, lang: str, docs: GameDocs | None = None) -> str | None:
    """The game's rules page in ``lang``, its turn structure first (from its declared flow):
    its own (``GameDocs.rules_page``), else its module's digest (``GameModule.rules_pages``)
    with its numbers anchored, the English one with a note when ``lang`` has none; None when
    it declares neither."""
    docs = game_docs(game) if docs is None else docs
    own = docs.rules_page(lang) if docs.rules_page is not None else None
    if own is not None:
        return turn_structure(game, own, lang)
    text = rules_text.game_source(game, lang)
    english = text is None and lang != "en"
    if text is None:
        text = rules_text.game_source(game, "en")
    if text is None:
        return None
    carried = [name for _, name in pages_of(docs)]
    page = rules_text.mark_rules(site_links(text, carried), rules_text.letter_of(text))
    page = turn_structure(game, page, lang)
    return in_english(page, lang) if english else page


def site_text(game: GameModule, docs: GameDocs, key: str, lang: str,
              markdown: bool = True) -> str:
    """The site's text ``key`` in ``lang`` (``GameDocs.texts``: "site", "rules", "intro",
    "unofficial"), else the generic one over the game's title ("Frantic: rules, language
    reference and card glossary"); ``markdown``: the title escaped for a page (mkdocs escapes
    the site's name itself where it prints it)."""
    own = docs.own_text(key, lang)
    if own is not None:
        return own
    title = game.title(lang)
    return lx.ui(f"game_{key}", lang).format(game=safe.markdown(title) if markdown else title)


def has_cards(game: GameModule, sets: Sequence[CardSet]) -> bool:
    """Whether the sets hold any card of a listed kind the game declares (the card browser
    shows them)."""
    return any(held(s, kind) for s in sets for kind in game.cards if not kind.single) or any(
        s.cards for s in sets)


def index_page(game: GameModule, docs: GameDocs, sets: Sequence[CardSet], lang: str,
               langs: Sequence[str], pages: Sequence[tuple[str, str]] = (),
               rules: bool = False) -> str:
    """The home page; ``pages`` are the hand-written pages as (title key, file) pairs;
    ``rules``: the site has its rules page."""
    links = [f"- [{site_text(game, docs, 'rules', lang)}](rules.md)"] if rules else []
    links += [f"- [{lx.ui('reference', lang)}](reference.md)"]
    links += [f"- [{safe.markdown(s.manifest.name_in(lang))} — {lx.ui('glossary', lang)}]"
              f"(glossary/{s.id}.md)" for s in sets]
    if has_cards(game, sets):
        links.append(f"- [{lx.ui('browser', lang)}]({BROWSER})")
    links += [f"- [{lx.ui(key, lang)}]({page})" for key, page in pages]
    # The other sites are outside this one's docs, so plain HTML links (mkdocs checks only .md).
    others = " · ".join(f'<a href="../{x}/index.html" hreflang="{x}">{lx.LANGUAGE_NAMES[x]}</a>'
                        for x in langs if x != lang)
    overview = docs.own_text("home", lang)
    return "\n".join([md.heading(1, site_text(game, docs, "site", lang)),
                      f'!!! note ""\n    {site_text(game, docs, "unofficial", lang)}\n',
                      site_text(game, docs, "intro", lang) + "\n", *links, "",
                      *([overview] if overview else []), others, ""])


HOOKS = str(Path(__file__).with_name("mkdocs_hooks.py"))  # every page's filter (pagefilter)


def mkdocs_config(lang: str, langs: Sequence[str], sets: Sequence[CardSet], site_dir: str,
                  pages: Sequence[tuple[str, str]] = (), site_url: str = "",
                  rules: bool = False, game: GameModule | None = None,
                  letter: str = "R") -> dict:
    """``pages``: the hand-written pages present, as (title key, file) pairs; ``site_url``:
    where the whole site will be published (then each page has a canonical address and the
    sitemap lists them), or empty; ``rules``: the rules page is present (rule numbers of every
    page then link to it: ``letter``, the one they start with, R for Fort's R5.2, F for
    Frantic's F4.2); ``game``: the game whose site it is (the sets' game by default)."""
    game = site_game(sets) if game is None else game
    docs = game_docs(game)
    nav: list[dict] = [{lx.ui("home", lang): "index.md"}]
    if rules:
        nav.append({site_text(game, docs, "rules", lang): "rules.md"})
    nav.append({lx.ui("reference", lang): "reference.md"})
    if sets:
        # mkdocs puts a nav title into every page as it is (HTML): escaped like page text
        nav.append({lx.ui("glossary", lang): [
            {safe.markdown(s.manifest.name_in(lang)): f"glossary/{s.id}.md"} for s in sets]})
    if has_cards(game, sets):
        nav.append({lx.ui("browser", lang): BROWSER})
    nav += [{lx.ui(key, lang): page} for key, page in pages]
    return {
        "site_name": site_text(game, docs, "site", lang, markdown=False),
        **({"site_url": f"{site_url.rstrip('/')}/{lang}/"} if site_url else {}),
        "docs_dir": "docs",
        "site_dir": site_dir,  # relative to the config file: ../../<lang>
        "copyright": site_text(game, docs, "unofficial", lang),  # every page's footer
        "hooks": [HOOKS],
        "use_directory_urls": False,  # browsable from the file system, without a server
        "theme": {"name": "material", "language": lang, "font": False,  # no remote fonts
                  "custom_dir": "overrides",  # fortlang/docsite/theme: titles, switcher, 404
                  "features": ["navigation.sections", "search.highlight"]},
        # offline: the search index also as a script, and the worker shim from the site itself
        # (extra.polyfills below), so search works from file:// with no network
        "plugins": [{"search": {"lang": [lang]}}, "offline",
                    # click a face to enlarge it; icons and strips stay inline
                    {"glightbox": {"skip_classes": ["fl-icon", "fl-strip"],
                                   "auto_caption": False, "zoomable": True,
                                   "background": "none"}}],
        "markdown_extensions": [
            "attr_list", "md_in_html", "tables", "admonition",
            {"toc": {"permalink": True, "permalink_title": lx.ui("permalink", lang)}},
            {"pymdownx.highlight": {"use_pygments": True}}, "pymdownx.inlinehilite",
            "pymdownx.superfences",
        ],
        "extra_css": ["assets/fortlang.css"],
        "extra_javascript": ["assets/fortlang-cards.js"],
        "extra": {"fortlang_rules": rules,  # read by mkdocs_hooks: link R-numbers to rules.md
                  "generator": False,  # no "Made with Material for MkDocs": English everywhere
                  "alternate": [{"name": lx.LANGUAGE_NAMES[x], "lang": x,
                                 "link": f"../{x}/index.html"} for x in langs],
                  # named so material's offline plugin adds no CDN copy of its own
                  "polyfills": [f"assets/javascripts/{SHIM}"],
                  "not_found": {"text": lx.ui("not_found", lang),
                                "home": lx.ui("back_home", lang)},
                  # the filter of every page links the game's rule numbers (F4.2) to its
                  # rules page: the letter they start with, where it is not R (the default)
                  **({"fortlang_rule_letter": letter} if letter != "R" else {})},
        "nav": nav,
    }


def write_theme(src: Path) -> None:
    """The site's stylesheet, scripts, search-worker shim and theme overrides, into the mkdocs
    project ``src`` of one language."""
    docs = src / "docs"
    package = files("fortlang.docsite")
    for asset in ("fortlang.css", "fortlang-cards.js"):
        _write(docs / "assets" / asset, package.joinpath(asset).read_text(encoding="utf-8"))
    _write(docs / "assets" / "javascripts" / SHIM,
           package.joinpath("vendor", SHIM).read_text(encoding="utf-8"))
    for template in ("main.html", "404.html", "partials/alternate.html"):
        _write(src / "overrides" / template,
               package.joinpath("theme", template).read_text(encoding="utf-8"))


def site_game(sets: Sequence[CardSet]) -> GameModule:
    """The game whose site ``sets`` make: the module their manifests name (``game:``, the sets
    are of one game: E352 otherwise) where it declares its own card kinds, else the default
    game (Fort), which is also the one of no set at all."""
    from fortlang.cardset.build import usable_game

    game = usable_game(sets[0].manifest.game) if sets else None
    return game if game is not None else game_named(DEFAULT_GAME)


def site_words(game: GameModule, sets: Sequence[CardSet]) -> Vocabulary:
    """The words ``game``'s sets are written in, as their cards are read: the game's own, else
    the default game's extended by the plugins the sets use (``uses``)."""
    from fortlang.cardset.build import game_words
    from fortlang.plugins import vocabulary

    words = game_words(game.name)
    return words if words is not None else vocabulary(
        name for s in sets for name in s.manifest.uses)


def generate(src: Path, site_dir: str, sets: Sequence[CardSet], lang: str,
             langs: Sequence[str], site_url: str = "", game: GameModule | None = None,
             vocab: Vocabulary | None = None) -> int:
    """Write one language's mkdocs project of ``game``'s site (the sets' game by default:
    :func:`site_game`) into ``src``, in the words ``vocab`` (the sets': :func:`site_words`);
    returns the number of card faces. Its own pages come from what the game declares
    (``GameModule.docs``: its rules, glossary, browser and reference pages, its faces,
    pictures, hand-written pages and texts), the generic ones where it declares none."""
    game = site_game(sets) if game is None else game
    vocab = site_words(game, sets) if vocab is None else vocab
    declared = game_docs(game)
    docs = src / "docs"
    pages = []
    for key, page in pages_of(declared):
        text = hand_written_page(page, lang)
        if text is not None:
            _write(docs / page, text)
            pages.append((key, page))
            for image in page_images(text):  # the project's own files, shipped with it
                _copy_image(image, docs / image)
    rules = rules_page(game, lang, declared)  # its turn structure first (its declared flow)
    if rules is not None:
        _write(docs / rules_text.PAGE, rules)
    _write(docs / "index.md", index_page(game, declared, sets, lang, langs, pages,
                                         rules=rules is not None))
    write_theme(src)
    # the game's own icons (its words' drawings, its GameDocs': Fort's suits and star) and
    # the core's operators, never another game's (but those of the words it borrows, if any)
    own = (*declared.every_icon(), *words_docs(game).words.values())
    for name, icon in game_icons(vocab, own).items():
        _write(docs / "assets" / "icons" / f"{name}.svg", icon.svg())
    faces = 0
    for card_set in sets:
        _write(docs / "glossary" / f"{card_set.id}.md",
               declared.glossary(card_set, lang) if declared.glossary is not None
               else glossary_page(game, card_set, lang))
        for printed in every_face(game, card_set, lang):
            _write(docs / "assets" / printed.path, printed.face.to_svg(title=printed.title))
            faces += printed.card is not None
    if has_cards(game, sets):
        _write(docs / BROWSER, declared.browser(sets, lang) if declared.browser is not None
               else game_browser_page(game, vocab, sets, lang))
    _write(docs / error_codes.FILE, error_codes.error_codes_page(lang))
    # Last, so it links every page written above (the error codes page among them).
    has_format = ("card_format", "card-format.md") in pages
    _write(docs / "reference.md",
           declared.reference(lang, sets, card_format=has_format, error_codes=True)
           if declared.reference is not None
           else game_reference_page(lang, game, vocab, error_codes=True))
    config = mkdocs_config(lang, langs, sets, site_dir, pages, site_url, rules=rules is not None,
                           game=game, letter=rules_text.letter_of(rules or ""))
    config["nav"].append({error_codes.title(lang): error_codes.FILE})
    _write(src / "mkdocs.yml", json.dumps(config, ensure_ascii=False, indent=1) + "\n")
    return faces


def _check_out(out: Path) -> None:
    blocker = next((p for p in out.parents if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise FortError(Diagnostic(ERROR, "E801", f"cannot write: {blocker} is a file, not a "
                                   "folder", file=str(out),
                                   hint="choose a writable folder for --out"))
    if out.exists() and (not out.is_dir() or (any(out.iterdir())
                                              and not (out / MARKER).exists())):
        raise FortError(Diagnostic(
            ERROR, "E601", "refusing to replace a folder that fortlang did not build",
            file=str(out), hint="choose an empty or new folder for --out"))


def run_mkdocs(configs: Sequence[Path]) -> None:
    """``mkdocs build --strict`` for each config, two at a time (CI has two cores)."""
    try:
        import material  # type: ignore[import-untyped]  # noqa: F401
        import mkdocs  # noqa: F401
    except ImportError:
        raise FortError(Diagnostic(ERROR, "E602", "mkdocs or mkdocs-material is not installed",
                                   hint="pip install 'fortlang[docs]'")) from None
    pending = list(configs)
    # mkdocs runs isolated (fortlang.isolation): `-P` and an empty folder of ours as its
    # working folder, never the user's (often the card set's own folder).
    with private_folder("fortlang-mkdocs-") as cwd:
        while pending:
            batch, pending = pending[:2], pending[2:]
            _mkdocs_batch(batch, cwd)


def _mkdocs_batch(batch: Sequence[Path], cwd: Path) -> None:
    runs: list[tuple[Path, subprocess.Popen[str]]] = []
    try:
        for cfg in batch:
            # No --quiet: strict mode counts the warnings that are logged, so they must be.
            runs.append((cfg, subprocess.Popen(
                python_command("-m", "mkdocs", "build", "--strict", "-f", str(cfg)),
                cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)))
        outputs = [(cfg, proc, proc.communicate()[0]) for cfg, proc in runs]
    except BaseException:  # a signal: stop the builds before their folder is removed
        for _, proc in runs:
            proc.kill()
            proc.wait()
        raise
    for cfg, proc, output in outputs:
        if proc.returncode:
            lines = output.strip().splitlines()
            problems = [x for x in lines if x.startswith(("WARNING", "ERROR", "Aborted"))]
            raise FortError(Diagnostic(ERROR, "E603", "mkdocs build --strict failed",
                                       file=str(cfg), notes=tuple(problems or lines)))


def held(card_set: CardSet, kind: CardKind) -> tuple[Card, ...]:
    """The cards of a listed kind (not ``single``) the set holds: the :class:`CardSet` slot
    the kind names (``CardKind.slot``: Fort's ``kids``, ``rules``, ``perks``), else its
    ``cards`` of that kind."""
    if kind.slot:
        return card_set.slot(kind.slot)
    return tuple(c for c in card_set.cards if c.kind == kind.name)


def check_ids(sets: Sequence[CardSet], kinds: Sequence[CardKind] | None = None) -> None:
    """Every id the site turns into a file name, an anchor, a link or a ``data-card`` is an
    id (E313), so none can leave the site's folder or break out of an attribute: each set's,
    and each of its cards' of every kind the game declares (``kinds``: the sets' game's, e.g.
    Fort's kids, made-up rules and perks), named as the loader names one
    (``CardKind.label``), and any other card the set holds (a "card"). A ``single`` kind's
    card (Fort's board) has no id: the site names it by its kind."""
    listed = [k for k in (site_game(sets).cards if kinds is None else kinds) if not k.single]
    for s in sets:
        items: list[tuple[str, str, Origin | None]] = [("set", s.id, None)]
        items += [(kind.card_label, card.id, card.origin)
                  for kind in listed for card in held(s, kind)]
        named = {id(card) for kind in listed for card in held(s, kind)}
        items += [("card", c.id, c.origin) for c in s.cards if id(c) not in named]
        check_id_items(items, "an id is lowercase words and digits joined by dashes (or by "
                       "underscores, where the game's card files allow them)")


def check_id_items(items: Sequence[tuple[str, str, Origin | None]], hint: str) -> None:
    """E313 at the first (kind, id, origin) whose id is no id (``safe.is_id``)."""
    for kind, ident, origin in items:
        if not safe.is_id(ident):
            raise FortError(Diagnostic(
                ERROR, "E313", f"{kind} id `{safe.visible(ident)}` is not an id",
                file=origin.file if origin is not None else "<card set>", hint=hint))


def build(out: Path, sets: Sequence[CardSet], langs: Sequence[str] = lx.LANGUAGES,
          mkdocs: bool = True, site_url: str = "", game: GameModule | None = None,
          vocab: Vocabulary | None = None) -> Built:
    """``fortlang docs build``: the site of ``game`` (the sets' game by default: Fort's with
    no sets or Fort's sets, a module's with its sets) in every language of ``langs``, in the
    words ``vocab`` (the sets'), built and swapped in at ``out``."""
    game = site_game(sets) if game is None else game
    vocab = site_words(game, sets) if vocab is None else vocab
    check_ids(sets, game.cards)

    def one(src: Path, site_dir: str, lang: str) -> int:
        return generate(src, site_dir, sets, lang, langs, site_url, game, vocab)

    return build_sites(out, sets, langs, one, mkdocs,
                       title=site_text(game, game_docs(game), "site", langs[0], markdown=False))


def build_sites(out: Path, sets: Sequence[CardSet], langs: Sequence[str],
                generate_one: Callable[[Path, str, str], int], mkdocs: bool,
                title: str) -> Built:
    """Write every language's mkdocs project with ``generate_one(src, site_dir, lang)`` (it
    returns the number of card faces it drew), run mkdocs, and swap the whole tree in at
    ``out``. ``title``: the site's name in the first language (plain text), for the page
    that leads to it."""
    from fortlang.output import build_folder

    out = out.resolve()
    _check_out(out)
    faces = 0
    with build_folder(out) as tmp:  # swapped in only when complete; removed otherwise
        configs = []
        for lang in langs:
            faces += generate_one(tmp / "_src" / lang, f"../../{lang}", lang)
            configs.append(tmp / "_src" / lang / "mkdocs.yml")
        if mkdocs:
            run_mkdocs(configs)
        _write(tmp / "index.html", '<!doctype html><meta charset="utf-8">'
               f'<meta http-equiv="refresh" content="0; url={langs[0]}/index.html">'
               f'<a href="{langs[0]}/index.html">{safe.xml(title)}'
               "</a>\n")
        _write(tmp / MARKER, "built by fortlang docs build\n")
    return Built(out, tuple(langs), tuple(s.id for s in sets), faces)
