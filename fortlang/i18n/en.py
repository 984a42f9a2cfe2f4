"""The words of ``fortlang play``'s interface in English (the keys every catalogue has)."""

from __future__ import annotations

UI: dict[str, str] = {
    # -- the table ----------------------------------------------------------------------------
    "seat": "player {n}",
    "seat_named": "{seat} ({name})",
    "you": "you",
    # -- choosing -----------------------------------------------------------------------------
    "prompt": "choose 1-{n} (q quits, ? for help): ",
    "not_a_choice": "`{answer}` is not a choice: type a number from 1 to {n}, ? for help, or q",
    "help.commands": "commands: a number from 1 to {n} chooses that option; help or ?: this "
                     "help; q: quit the game (replay it with the same --seed)",
    # -- what the others did ------------------------------------------------------------------
    "move": "  {who} — {told}",
    # -- the end ------------------------------------------------------------------------------
    "bye": "bye ({why}); replay this table with --seed {seed}",
    "bye.quit": "quit", "bye.end": "end of input", "bye.interrupted": "interrupted",
    # -- a game module's table (fortlang.agents.terminal) -----------------------------------
    "module.start": "{game}, {players} players, seed {seed}: you are {seat}",
    "module.score": "{who}: {score} points",
    "module.winner": "winner: {who} after {turns} turns",
    "module.help.table": "what your seat may see of the table is shown before each of your "
                         "choices; a line says what the others did that everyone sees",
    "final": "final scores",
    "and": " and ",
    # -- diagnostics (fortlang.errors) --------------------------------------------------------
    "diag.headline": "{meaning}: {message}",
    "diag.hint": "hint: {hint}",
    "diag.fix": "fix: {fix}",
    "diag.did_you_mean": "did you mean {names}?",
    "diag.or": " or ",
    # -- fortlang check's summary ------------------------------------------------------------
    "check.summary": "checked {files}, {cards}: {errors}",
    "check.warnings": ", {warnings}",
    "n.file": "file|files|files", "n.card": "card|cards|cards", "n.error": "error|errors|errors",
    "n.warning": "warning|warnings|warnings",
    # `fortlang playtest`'s page (fortlang.playtest)
    "pt.you_are": "you are {seat}",
    "pt.host": "host",
    "pt.waiting": "waiting for {seat}",
    "pt.over": "the game is over",
    "pt.refused": "refused by the rules ({n})",
    "pt.undo": "undo my last answer",
    "pt.save": "save the game",
    "pt.log": "what happened",
    "pt.table": "the table",
    "pt.links": "each person's link (keep them private)",
    "pt.no_answer": "the server does not answer",
}
