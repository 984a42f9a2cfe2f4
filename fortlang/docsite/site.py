"""``fortlang docs build``: write the Markdown tree of every language, then run mkdocs.

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
from fortlang.docsite.browser import PAGE as BROWSER
from fortlang.docsite.browser import game_browser_page
from fortlang.docsite.faces import every_face
from fortlang.docsite.flowdoc import turn_structure
from fortlang.docsite.gamedocs import game_docs
from fortlang.docsite.icons import every_icon
from fortlang.docsite.reference import game_reference_page
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.games import game_named
from fortlang.isolation import private_folder, python_command
from fortlang.model import Card, CardSet, Origin
from fortlang.module import DEFAULT_GAME, CardKind
from fortlang.plugins import vocabulary

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


def _handwritten(name: str) -> str | None:
    """A page of docs/, written by hand beside the schemas (shipped in the wheel too)."""
    folder = _optional("docs")
    page = folder / name if folder is not None else None
    return page.read_text(encoding="utf-8") if page is not None and page.is_file() else None


#: The hand-written pages of docs/ the site carries after its generated ones, as (title key
#: in the lexicon, file): the card-file format, the scenario format of `fortlang test` (with
#: its tested examples), how to write an expansion and a vocabulary plugin, the
#: simulate / balance / play / replay commands with the method behind their figures, and the
#: language server's set-up in editors.
HANDWRITTEN = (("card_format", "card-format.md"), ("scenarios", "scenarios.md"),
               ("expansions", "expansions.md"), ("plugins", "plugins.md"), ("games", "games.md"),
               ("simulate", "simulate.md"), ("search_bot", "search-bot.md"),
               ("editors", "editors.md"), ("playtest", "playtest.md"))

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
        translated = _handwritten(f"translations/{lang}/{name}")
        if translated is not None:
            return translated
    text = _handwritten(name)
    return in_english(text, lang) if text is not None else None


def write(path: Path, text: str) -> None:
    """Write a file of the site being built (the game sites' generator writes through it)."""
    _write(path, text)


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


def _home(lang: str) -> str | None:
    """The home page's "how to play" overview in ``lang`` (``docs/home/<lang>.md``)."""
    return _handwritten(f"home/{lang}.md")


def index_page(sets: Sequence[CardSet], lang: str, langs: Sequence[str],
               pages: Sequence[tuple[str, str]] = (), rules: bool = False) -> str:
    """The home page; ``pages`` are the hand-written pages as (title key, file) pairs;
    ``rules``: the site has its rules page."""
    links = [f"- [{lx.ui('the_rules', lang)}](rules.md)"] if rules else []
    links += [f"- [{lx.ui('reference', lang)}](reference.md)"]
    links += [f"- [{safe.markdown(s.manifest.name_in(lang))} — {lx.ui('glossary', lang)}]"
              f"(glossary/{s.id}.md)" for s in sets]
    if sets:
        links.append(f"- [{lx.ui('browser', lang)}]({BROWSER})")
    links += [f"- [{lx.ui(key, lang)}]({page})" for key, page in pages]
    # The other sites are outside this one's docs, so plain HTML links (mkdocs checks only .md).
    others = " · ".join(f'<a href="../{x}/index.html" hreflang="{x}">{lx.LANGUAGE_NAMES[x]}</a>'
                        for x in langs if x != lang)
    overview = _home(lang)
    return "\n".join([md.heading(1, lx.ui("site", lang)),
                      f'!!! note ""\n    {lx.ui("unofficial", lang)}\n',
                      lx.ui("intro", lang) + "\n", *links, "",
                      *([overview] if overview else []), others, ""])


HOOKS = str(Path(__file__).with_name("mkdocs_hooks.py"))  # every page's filter (pagefilter)


def mkdocs_config(lang: str, langs: Sequence[str], sets: Sequence[CardSet], site_dir: str,
                  pages: Sequence[tuple[str, str]] = (), site_url: str = "",
                  rules: bool = False) -> dict:
    """``pages``: the hand-written pages present, as (title key, file) pairs; ``site_url``:
    where the whole site will be published (then each page has a canonical address and the
    sitemap lists them), or empty; ``rules``: the rules page is present (R-numbers of every
    page then link to it)."""
    nav: list[dict] = [{lx.ui("home", lang): "index.md"}]
    if rules:
        nav.append({lx.ui("the_rules", lang): "rules.md"})
    nav.append({lx.ui("reference", lang): "reference.md"})
    if sets:
        # mkdocs puts a nav title into every page as it is (HTML): escaped like page text
        nav.append({lx.ui("glossary", lang): [
            {safe.markdown(s.manifest.name_in(lang)): f"glossary/{s.id}.md"} for s in sets]})
        nav.append({lx.ui("browser", lang): BROWSER})
    nav += [{lx.ui(key, lang): page} for key, page in pages]
    return {
        "site_name": lx.ui("site", lang),
        **({"site_url": f"{site_url.rstrip('/')}/{lang}/"} if site_url else {}),
        "docs_dir": "docs",
        "site_dir": site_dir,  # relative to the config file: ../../<lang>
        "copyright": lx.ui("unofficial", lang),  # the footer of every page
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
                                "home": lx.ui("back_home", lang)}},
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


def generate(src: Path, site_dir: str, sets: Sequence[CardSet], lang: str,
             langs: Sequence[str], site_url: str = "") -> int:
    """Write one language's mkdocs project of the default game's (Fort's) sets into ``src``;
    returns the number of card faces. Its own pages come from what the game declares
    (``GameModule.docs``: its rules, glossary, browser and reference pages, its faces and
    pictures), the generic ones where it declares none."""
    game = game_named(DEFAULT_GAME)
    declared = game_docs(game)
    docs = src / "docs"
    pages = []
    for key, page in HANDWRITTEN:
        text = hand_written_page(page, lang)
        if text is not None:
            _write(docs / page, text)
            pages.append((key, page))
            for image in page_images(text):  # the project's own files, shipped with it
                _copy_image(image, docs / image)
    has_format = ("card_format", "card-format.md") in pages
    rules = declared.rules_page(lang) if declared.rules_page is not None else None
    if rules is not None:  # the game's rules, its turn structure first (from its declared flow)
        rules = turn_structure(game, rules, lang)
        _write(docs / "rules.md", rules)
    _write(docs / "index.md", index_page(sets, lang, langs, pages, rules=rules is not None))
    write_theme(src)
    vocab = vocabulary(name for s in sets for name in s.manifest.uses)
    # the icons of the game's words that draw none and its other marks (Fort's suits and star)
    for name, icon in every_icon(vocab.primitives, declared.words.values(),
                                 declared.marks.values()).items():
        _write(docs / "assets" / "icons" / f"{name}.svg", icon.svg())
    faces = 0
    for card_set in sets:
        if declared.glossary is not None:  # the game's glossary pages (GameDocs.glossary)
            _write(docs / "glossary" / f"{card_set.id}.md", declared.glossary(card_set, lang))
        for printed in every_face(card_set, lang):
            _write(docs / "assets" / printed.path, printed.face.to_svg(title=printed.title))
            faces += printed.kind == "kid"
    if sets:
        _write(docs / BROWSER, declared.browser(sets, lang) if declared.browser is not None
               else game_browser_page(game, vocab, sets, lang))
    _write(docs / error_codes.FILE, error_codes.error_codes_page(lang))
    # Last, so it links every page written above (the error codes page among them).
    _write(docs / "reference.md",
           declared.reference(lang, sets, _optional("schemas"), card_format=has_format,
                              error_codes=True) if declared.reference is not None
           else game_reference_page(lang, game, vocab, error_codes=True))
    config = mkdocs_config(lang, langs, sets, site_dir, pages, site_url, rules=rules is not None)
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
    the kind names (``CardKind.slot``: Fort's ``kids``, ``rules``, ``perks``), ``cards`` for
    a kind that names none."""
    return card_set.slot(kind.slot) if kind.slot else card_set.cards


def check_ids(sets: Sequence[CardSet], kinds: Sequence[CardKind] | None = None) -> None:
    """Every id the site turns into a file name, an anchor or a link is a schema id (E313),
    so none can leave the site's folder or break out of an attribute: each set's, and each of
    its cards' of every kind the game declares (``kinds``: the default game's, Fort's kids,
    made-up rules and perks), named as the loader names one (``CardKind.label``). A
    ``single`` kind's card (Fort's board) has no id: the site names it by its kind."""
    listed = [k for k in (game_named(DEFAULT_GAME).cards if kinds is None else kinds)
              if not k.single]
    for s in sets:
        items: list[tuple[str, str, Origin | None]] = [("set", s.id, None)]
        items += [(kind.card_label, card.id, card.origin)
                  for kind in listed for card in held(s, kind)]
        check_id_items(items, "an id is lowercase words and digits joined by dashes")


def check_id_items(items: Sequence[tuple[str, str, Origin | None]], hint: str) -> None:
    """E313 at the first (kind, id, origin) whose id is no id (``safe.is_id``)."""
    for kind, ident, origin in items:
        if not safe.is_id(ident):
            raise FortError(Diagnostic(
                ERROR, "E313", f"{kind} id `{safe.visible(ident)}` is not an id",
                file=origin.file if origin is not None else "<card set>", hint=hint))


def build(out: Path, sets: Sequence[CardSet], langs: Sequence[str] = lx.LANGUAGES,
          mkdocs: bool = True, site_url: str = "") -> Built:
    check_ids(sets)

    def one(src: Path, site_dir: str, lang: str) -> int:
        return generate(src, site_dir, sets, lang, langs, site_url)

    return build_sites(out, sets, langs, one, mkdocs)


def build_sites(out: Path, sets: Sequence[CardSet], langs: Sequence[str],
                generate_one: Callable[[Path, str, str], int], mkdocs: bool = True,
                title: str = "") -> Built:
    """Write every language's mkdocs project with ``generate_one(src, site_dir, lang)`` (it
    returns the number of card faces it drew), run mkdocs, and swap the whole tree in at
    ``out``: Fort's site and a game module's are built alike. ``title``: the site's name in
    the first language (plain text), for the page that leads to it."""
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
               f'<a href="{langs[0]}/index.html">{safe.xml(title or lx.ui("site", langs[0]))}'
               "</a>\n")
        _write(tmp / MARKER, "built by fortlang docs build\n")
    return Built(out, tuple(langs), tuple(s.id for s in sets), faces)
