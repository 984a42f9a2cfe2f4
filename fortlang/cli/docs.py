"""``fortlang docs``: build the rule reference and card glossary site, or a print-and-play PDF."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from fortlang.cli.common import fail
from fortlang.errors import FortError
from fortlang.escape import shown
from fortlang.model import CardSet
from fortlang.registry import LANGUAGES


def _split(values: Sequence[str]) -> list[str]:
    from fortlang.cardset.table import split_specs

    return split_specs(values)


def load_sets(specs: Sequence[str]) -> tuple[CardSet, ...]:
    """Fort's bundled sets (no specs), or each spec as a folder path or a bundled set's id.
    With no specs the bundled sets of other game modules are left out (Fort's site is the
    default); sets of two games named together are E352: each game has its own site."""
    from fortlang.cardset.build import usable_game
    from fortlang.cardset.table import load_specs, one_game

    loaded = load_specs(specs)
    if not specs:
        return tuple(s for s in loaded if usable_game(s.manifest.game) is None)
    one_game(loaded)
    return loaded


def _site_url(value: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(value)
    if value and (parts.scheme not in ("http", "https") or not parts.netloc):
        raise click.BadParameter(f"{value!r} is not an http(s) address, e.g. "
                                 "https://example.org/fort/")
    return value


@click.group()
def docs() -> None:
    """The rule reference and card glossary (mkdocs site), and print-and-play sheets."""


@docs.command()
@click.option("--out", "out", type=click.Path(path_type=Path), default=Path("site"),
              show_default=True, help="Folder of the built site (one sub-folder per language).")
@click.option("--sets", "sets", multiple=True, metavar="SET[,SET...]",
              help="Bundled set ids or set folders (default: every bundled set).")
@click.option("--lang", "langs", multiple=True, type=click.Choice(LANGUAGES),
              help="Languages to build (default: en, fr and ru, with a switcher).")
@click.option("--site-url", default="", metavar="URL", callback=lambda ctx, param, value:
              _site_url(value),
              help="Where the site will be published (https://example.org/fort/): each page "
                   "gets its canonical address and the sitemaps list them.")
def build(out: Path, sets: tuple[str, ...], langs: tuple[str, ...], site_url: str) -> None:
    """Generate the Markdown pages and card faces, then run `mkdocs build --strict`.

    \b
    Examples:
      fortlang docs build                      # site/en, site/fr, site/ru
      fortlang docs build --lang ru --out /tmp/site
    """
    from fortlang.docsite.site import build as build_site

    try:
        # the sets' game's site (Fort's, the default, with no --sets): its rules, its words'
        # reference, its cards
        built = build_site(out, load_sets(_split(sets)), langs or LANGUAGES, site_url=site_url)
    except FortError as e:
        fail(e)
    click.echo(f"built {', '.join(built.languages)}: {len(built.sets)} set(s), "
               f"{built.faces} card faces -> "
               f"{shown(str(built.out / built.languages[0] / 'index.html'))}")


@docs.command()
@click.option("--out", "out", type=click.Path(path_type=Path), required=True,
              help="The PDF to write, e.g. cards.pdf.")
@click.option("--sets", "sets", multiple=True, metavar="SET[,SET...]",
              help="Bundled set ids or set folders (default: every bundled set).")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help="Language of card names, box captions and the sentences that say each action.")
@click.option("--one-each", is_flag=True, help="One of each card instead of every copy.")
@click.option("--backs/--no-backs", default=True, show_default=True,
              help="After each page of fronts, a page of card backs for two-sided printing.")
def pnp(out: Path, sets: tuple[str, ...], lang: str, one_each: bool, backs: bool) -> None:
    """Print-and-play: every face of the sets (Fort's kid cards, made-up rules, perks and
    board; a game module's cards), 9 per A4 page with gaps and cut marks, in the chosen
    language, as a PDF."""
    from fortlang.docsite.pnp import PER_PAGE, sheet
    from fortlang.output import open_output

    try:
        with open_output(out) as f:  # opened first: a bad --out is refused before any work
            # the sets' game's cards (Fort's, the default, with no --sets)
            pdf, count = sheet(load_sets(_split(sets)), lang, one_each, backs)
            f.write(pdf)
    except FortError as e:
        fail(e)
    pages = max(1, -(-count // PER_PAGE)) * (2 if backs and count else 1)
    click.echo(f"wrote {shown(str(out))}: {count} cards on {pages} page(s)")
