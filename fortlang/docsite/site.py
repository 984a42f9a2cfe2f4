"""``fortlang docs build``: write the Markdown tree of every language, then run mkdocs.

Layout of ``--out DIR`` (default ``site``): one mkdocs-material site per language in ``DIR/en``,
``DIR/fr``, ``DIR/ru`` with a language switcher between them, ``DIR/index.html`` pointing at
English, and the generated sources (Markdown, SVG, ``mkdocs.yml``) in ``DIR/_src/<lang>`` for
inspection. The whole tree is built beside ``DIR`` and swapped in at the end, so a failed build
leaves the previous site as it was (nothing half-written).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite.face import card_face
from fortlang.docsite.glossary import captions, glossary_page
from fortlang.docsite.icons import every_icon
from fortlang.docsite.reference import reference_page
from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.model import CardSet
from fortlang.plugins import vocabulary

MARKER = ".fortlang-docs"  # marks a folder this command may replace


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
#: its tested examples), how to write an expansion, and how to write a vocabulary plugin.
HANDWRITTEN = (("card_format", "card-format.md"), ("scenarios", "scenarios.md"),
               ("expansions", "expansions.md"), ("plugins", "plugins.md"))



def _in_english(page: str, lang: str) -> str:
    """A hand-written page, with a note under its title on the other languages' sites."""
    if lang == "en":
        return page
    title, _, rest = page.partition("\n")
    return f'{title}\n\n!!! note ""\n    {lx.ui("english_only", lang)}\n{rest}'


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def index_page(sets: Sequence[CardSet], lang: str, langs: Sequence[str],
               pages: Sequence[tuple[str, str]] = ()) -> str:
    """The home page; ``pages`` are the hand-written pages as (title key, file) pairs."""
    links = [f"- [{lx.ui('reference', lang)}](reference.md)"]
    links += [f"- [{s.manifest.name} — {lx.ui('glossary', lang)}](glossary/{s.id}.md)"
              for s in sets]
    links += [f"- [{lx.ui(key, lang)}]({page})" for key, page in pages]
    # The other sites are outside this one's docs, so plain HTML links (mkdocs checks only .md).
    others = " · ".join(f'<a href="../{x}/index.html" hreflang="{x}">{lx.LANGUAGE_NAMES[x]}</a>'
                        for x in langs if x != lang)
    return "\n".join([md.heading(1, lx.ui("site", lang)), lx.ui("intro", lang) + "\n",
                      *links, "", others, ""])


def mkdocs_config(lang: str, langs: Sequence[str], sets: Sequence[CardSet], site_dir: str,
                  pages: Sequence[tuple[str, str]] = ()) -> dict:
    """``pages``: the hand-written pages present, as (title key, file) pairs."""
    nav: list[dict] = [{lx.ui("home", lang): "index.md"},
                       {lx.ui("reference", lang): "reference.md"}]
    if sets:
        nav.append({lx.ui("glossary", lang): [{s.manifest.name: f"glossary/{s.id}.md"}
                                               for s in sets]})
    nav += [{lx.ui(key, lang): page} for key, page in pages]
    return {
        "site_name": lx.ui("site", lang),
        "docs_dir": "docs",
        "site_dir": site_dir,  # relative to the config file: ../../<lang>
        "use_directory_urls": False,  # browsable from the file system, without a server
        "theme": {"name": "material", "language": lang, "font": False,  # no remote fonts
                  "features": ["navigation.sections", "search.highlight"]},
        # offline: the search index also as a script, so search works from file:// where the
        # browser allows it (Chromium needs --allow-file-access-from-files; any web server works)
        "plugins": [{"search": {"lang": [lang]}}, "offline"],
        "markdown_extensions": [
            "attr_list", "md_in_html", "tables", "admonition", {"toc": {"permalink": True}},
            {"pymdownx.highlight": {"use_pygments": True}}, "pymdownx.inlinehilite",
            "pymdownx.superfences",
        ],
        "extra_css": ["assets/fortlang.css"],
        "extra": {"alternate": [{"name": lx.LANGUAGE_NAMES[x], "lang": x,
                                 "link": f"../{x}/index.html"} for x in langs]},
        "nav": nav,
    }


def generate(src: Path, site_dir: str, sets: Sequence[CardSet], lang: str,
             langs: Sequence[str]) -> int:
    """Write one language's mkdocs project into ``src``; returns the number of card faces."""
    docs = src / "docs"
    pages = []
    for key, page in HANDWRITTEN:
        text = _handwritten(page)
        if text is not None:
            _write(docs / page, _in_english(text, lang))
            pages.append((key, page))
    has_format = ("card_format", "card-format.md") in pages
    _write(docs / "index.md", index_page(sets, lang, langs, pages))
    _write(docs / "reference.md",
           reference_page(lang, sets, _optional("schemas"), card_format=has_format))
    _write(docs / "assets" / "fortlang.css",
           files("fortlang.docsite").joinpath("fortlang.css").read_text(encoding="utf-8"))
    vocab = vocabulary(name for s in sets for name in s.manifest.uses)
    for name, icon in every_icon(vocab.primitives).items():
        _write(docs / "assets" / "icons" / f"{name}.svg", icon.svg())
    faces = 0
    for card_set in sets:
        _write(docs / "glossary" / f"{card_set.id}.md", glossary_page(card_set, lang))
        for card in card_set.kids:
            face = card_face(card, lang, captions(card, lang))
            _write(docs / "assets" / "faces" / card_set.id / f"{card.id}.svg",
                   face.to_svg(title=card.name_in(lang)))
            faces += 1
    config = mkdocs_config(lang, langs, sets, site_dir, pages)
    _write(src / "mkdocs.yml", json.dumps(config, ensure_ascii=False, indent=1) + "\n")
    return faces


def _check_out(out: Path) -> None:
    blocker = next((p for p in out.parents if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise FortError(Diagnostic(ERROR, "E605", f"cannot write: {blocker} is a file, not a "
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
    while pending:
        batch, pending = pending[:2], pending[2:]
        # No --quiet: strict mode counts the warnings that are logged, so they must be logged.
        runs = [(cfg, subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict",
                                        "-f", str(cfg)],
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                       text=True)) for cfg in batch]
        try:
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
                raise FortError(Diagnostic(ERROR, "E603", "mkdocs build --strict failed:\n"
                                           + "\n".join(problems or lines), file=str(cfg)))


def build(out: Path, sets: Sequence[CardSet], langs: Sequence[str] = lx.LANGUAGES,
          mkdocs: bool = True) -> Built:
    from fortlang.output import build_folder

    out = out.resolve()
    _check_out(out)
    faces = 0
    with build_folder(out) as tmp:  # swapped in only when complete; removed otherwise
        configs = []
        for lang in langs:
            faces += generate(tmp / "_src" / lang, f"../../{lang}", sets, lang, langs)
            configs.append(tmp / "_src" / lang / "mkdocs.yml")
        if mkdocs:
            run_mkdocs(configs)
        _write(tmp / "index.html", '<!doctype html><meta charset="utf-8">'
               f'<meta http-equiv="refresh" content="0; url={langs[0]}/index.html">'
               f'<a href="{langs[0]}/index.html">{lx.ui("site", langs[0])}</a>\n')
        _write(tmp / MARKER, "built by fortlang docs build\n")
    return Built(out, tuple(langs), tuple(s.id for s in sets), faces)
