"""The ``fortlang`` command. Subcommands are imported only when run, so ``fortlang explain``
starts without loading the YAML, schema, game or docs machinery."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

#: command name -> "module:function"; each command lives in its own module of this package.
COMMANDS: dict[str, str] = {
    "explain": "fortlang.cli.explain:explain",
    "check": "fortlang.cli.check:check",
    "fmt": "fortlang.cli.fmt:fmt",
    "docs": "fortlang.cli.docs:docs",
    "simulate": "fortlang.cli.simulate:simulate",
    "balance": "fortlang.cli.balance:balance",
    "replay": "fortlang.cli.replay:replay",
    "play": "fortlang.cli.play:play",
    "playtest": "fortlang.cli.playtest:playtest",
    "test": "fortlang.cli.test:test",
    "lsp": "fortlang.cli.lsp:lsp",
    "new": "fortlang.cli.new:new",
}


def game_commands() -> dict[str, str]:
    """The commands installed game modules declare (``GameModule.commands``), by name, less
    those fortlang has itself; a module that fails to load offers none (``check`` of one of
    its sets says why: E351). Games in their entry points' order: the first to name a
    command has it."""
    from fortlang import games

    found: dict[str, str] = {}
    for name in games.installed():
        try:
            game = games.game_named(name)
        except games.GameError:
            continue
        for command, ref in dict(game.commands).items():
            if command not in COMMANDS and isinstance(ref, str) and ":" in ref:
                found.setdefault(command, ref)
    return found


def _coded(error: click.UsageError) -> click.UsageError:
    from fortlang.cli.common import CommandLineError  # only when there is one to show

    return error if isinstance(error, CommandLineError) else CommandLineError(error)


class LazyGroup(click.Group):
    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:  # the group's own options
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as e:
            raise _coded(e) from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.UsageError as e:  # a command's options and arguments, or its name
            raise _coded(e) from None
        except BaseException as e:
            # Only fortlang.output raises Terminated, so a command that never loaded it (a
            # cold `check`: tempfile, shutil, threading...) does not load it here either.
            output = sys.modules.get("fortlang.output")
            if output is not None and isinstance(e, output.Terminated):
                click.echo("terminated", err=True)  # SIGTERM: files were cleaned up
                ctx.exit(143)
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS.keys() | game_commands().keys())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        # fortlang's own first: a game's command is looked for (its module loaded) only then
        target = COMMANDS.get(cmd_name) or game_commands().get(cmd_name)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        found = getattr(importlib.import_module(module), attr)
        return found if isinstance(found, click.Command) else None


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    from fortlang.native import build_line

    click.echo(f"fortlang, version {version('fortlang')}\n{build_line()}")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version and which build of the engine runs (compiled or pure "
                   "Python), then exit.")
def main() -> None:
    """fortlang: the card language, checker and rules engine for the card game Fort."""
