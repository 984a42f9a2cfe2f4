"""``fortlang explain``: the canonical form of an action and what it means, in en, fr or ru; with
``--flow``, a game's turn structure as its module declares it."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from fortlang.checker import check
from fortlang.cli.common import choose_language, fail, read_stdin, read_text, report
from fortlang.errors import ERROR, Diagnostic, FortError, errors_in
from fortlang.escape import json_text
from fortlang.nodes import to_json
from fortlang.parser import language
from fortlang.phrasebook import LANGUAGES, sentence
from fortlang.printer import to_text
from fortlang.registry import Vocabulary


@click.command()
@click.argument("action", required=False)
@click.option("--file", "path", type=click.Path(path_type=Path),
              help="Read the action from a file instead (UTF-8; - for standard input).")
@click.option("--lang", type=click.Choice(LANGUAGES), default="en", show_default=True,
              help="Language of the explanation.")
@click.option("--json", "as_json", is_flag=True, help="Print the AST with source spans as JSON.")
@click.option("--scoring", is_flag=True,
              help="The text is a made-up rule's scoring expression (R14), not an action.")
@click.option("--uses", multiple=True, metavar="VOCABULARY",
              help="Read the action with an installed vocabulary plugin's words too "
                   "(repeatable), as a set whose manifest says `uses:`.")
@click.option("--game", metavar="GAME", default=None,
              help="Read the action in an installed game module's words (as a set whose "
                   "manifest says `game:`); default: Fort's.")
@click.option("--flow", is_flag=True,
              help="Explain the game's turn structure instead (phases, who plays first and "
                   "which way, rounds, the game's end, reaction windows, lasting effects), as "
                   "its module declares it; with --json, as JSON.")
def explain(action: str | None, path: Path | None, lang: str, as_json: bool,
            scoring: bool, uses: tuple[str, ...], game: str | None, flow: bool) -> None:
    """Explain ACTION: its canonical form, then a sentence in the rulebook's words.

    \b
    Examples:
      fortlang explain "gain pizza x shovel"
      fortlang explain "(recruit ▶ gain toy) × water_gun" --lang fr
      fortlang explain --scoring "8 if cards > rival cards else 4 if cards = rival cards"
      fortlang explain --uses backyard "tuck then score"
      fortlang explain --game pig "roll then bank 2"
      fortlang explain --game frantic --flow --lang fr
    Use "-" as ACTION (or --file -) to read it from standard input.
    """
    if flow:
        if action is not None or path is not None or scoring or uses:
            raise click.UsageError("--flow explains a game's turns: give no ACTION, --file, "
                                   "--scoring or --uses with it")
        explain_flow(game, lang, as_json)
        return
    if (action is None) == (path is None):
        raise click.UsageError("give either ACTION or --file PATH")
    ctx = click.get_current_context()
    if ctx.get_parameter_source("lang") is click.core.ParameterSource.COMMANDLINE:
        choose_language(lang)  # a language asked for: the diagnostics speak it too
    filename = "<scoring>" if scoring else "<action>"
    try:
        if path is not None and str(path) != "-":
            text, filename = read_text(path), str(path)
        elif action == "-" or path is not None:
            text, filename = read_stdin(), "<stdin>"
        else:
            text = action  # type: ignore[assignment]
        vocab = vocabulary_for(uses, game)
        words = language(vocab)
        node = (words.parse_scoring if scoring else words.parse_action)(text, filename)
    except FortError as e:
        fail(e)
    diagnostics = check(node, filename, vocab)
    report(diagnostics, text)
    if errors_in(diagnostics):
        sys.exit(1)
    canonical = to_text(node)
    said = sentence(node, lang, game)
    if as_json:
        click.echo(json_text({
            "canonical": canonical, "lang": lang, "sentence": said, "ast": to_json(node),
            "diagnostics": [d.to_json() for d in diagnostics],
        }))
    else:
        click.echo(canonical)
        click.echo(said)


def explain_flow(game: str | None, lang: str, as_json: bool) -> None:
    """The turn structure of ``game`` (Fort's by default) in ``lang``: E350, E351 if the game
    cannot be had, E906 if its module declares no flow."""
    from fortlang.cli.common import not_yet
    from fortlang.docsite import flowdoc
    from fortlang.games import GameError, flow_of, game_named
    from fortlang.module import DEFAULT_GAME

    choose_language(lang)
    try:
        module = game_named(game or DEFAULT_GAME)
        spec = flow_of(module)
    except GameError as e:
        fail(Diagnostic(ERROR, e.code, e.message, file="--game", hint=e.hint))
    if spec is None:
        not_yet("`explain --flow`", module.title("en"), "its module declares no flow",
                file="--game",
                hint="its turns are a loop of its own, or not written yet: see its rules page")
    if as_json:
        click.echo(json_text({"game": module.name, "title": module.title(lang),
                              **flowdoc.structure(spec, lang)}))
    else:
        click.echo(f"{module.title(lang)}: {flowdoc.text(spec, lang)}")


def vocabulary_for(uses: tuple[str, ...], game: str | None = None) -> Vocabulary:
    """The words of ``game`` when it declares its own (E350, E351 if it cannot be had), else
    Fort's and those of the named plugins (a plugin that cannot be had is E340-E342)."""
    from fortlang.games import GameError
    from fortlang.module import DEFAULT_GAME
    from fortlang.plugins import PluginError, vocabulary
    from fortlang.registry import words_of

    if game is not None:
        try:
            own = None if game == DEFAULT_GAME else words_of(game)
        except GameError as e:
            fail(Diagnostic(ERROR, e.code, e.message, file="--game", hint=e.hint))
        if own is not None:
            if uses:
                fail(Diagnostic(ERROR, "E353", f"vocabulary plugins extend Fort's words; "
                                f"`{game}` has its own", file="--uses",
                                hint="leave out --uses"))
            return own
    try:
        return vocabulary(uses)
    except PluginError as e:
        fail(Diagnostic(ERROR, e.code, e.message, file="--uses", hint=e.hint))
