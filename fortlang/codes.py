"""The catalogue of diagnostic codes: each code has one meaning, an example input that triggers
it and how to fix it (issue 13). :data:`fortlang.errors.CODES`, the docs site's "Error codes"
page and the test that every raised code is catalogued all read this one table.

Ranges: E1xx the language's syntax, E2xx an action's semantics, E3xx card files and sets, E6xx
the docs site, E7xx scenario files, E8xx what commands read and write, E9xx games and replays;
W... are warnings (they never fail a check).

The texts here are English; :mod:`fortlang.i18n.codes_fr` and :mod:`fortlang.i18n.codes_ru`
give each code's meaning and fix (and an example that is a description, not an input) in French
and Russian: :func:`translated` reads them, and a test lists every code one of them misses.

>>> CATALOGUE["E101"].meaning
'unknown word'
>>> translated("E101", "fr").meaning
'mot inconnu'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import fortlang.i18n.codes_fr as codes_fr
import fortlang.i18n.codes_ru as codes_ru


@dataclass(frozen=True)
class Code:
    code: str
    meaning: str
    #: a short input that triggers it (an action, a YAML excerpt or a command line)
    example: str
    fix: str


#: the start of a card file, for the examples that are whole card files
_KID = "kids:\n  - id: a\n    name: A\n"

_TABLE: tuple[Code, ...] = (
    # -- the language (fortlang.parser) -----------------------------------------------------------
    Code("E100", "syntax error", "gain pizza x", "complete the action; see the language "
         "reference for each primitive's form"),
    Code("E101", "unknown word", "gain pizza x shovle", "use a word of the language (the hint "
         "names the closest one)"),
    Code("E102", "nesting too deep", "(gain pizza or (gain toy then (gain pizza or ...)))  "
         "(over 32 levels)", "split the action; `then` and `or` chain without parentheses"),
    Code("E103", "input is not text", "a card file holding a NUL byte, or bytes that are not "
         "UTF-8", "save the file as UTF-8 text"),
    # -- an action's semantics (fortlang.checker) -------------------------------------------------
    Code("E200", "value out of range", "gain 0 pizza", "use an amount the rules allow (R12, R13)"),
    Code("E201", "action cannot be repeated", "destroy this x book", "`destroy this` happens "
         "once (R12.5): remove the multiplier or the second `destroy this`"),
    Code("E202", "action needs too much search or too many repetitions",
         "(recruit or lookout) x any then gain pizza",
         "split the action or lower its multipliers"),
    Code("E203", "action cannot be performed by another player", "each rival -> destroy this",
         "keep `destroy this` outside `each rival ->`, `a rival ->` and `each player ->`: only "
         "the card's owner can box it"),
    Code("W200", "action can never be performed in full", "gain 5 pizza",
         "stuff holds at most 4 resources (R4): lower the amount"),
    Code("W201", "multiplier has no effect", "gain pizza x 1", "remove `x 1`"),
    # -- card files and sets (fortlang.cardset) ---------------------------------------------------
    Code("E300", "file cannot be read", "fortlang check missing.yaml",
         "name a readable regular file"),
    Code("E301", "YAML syntax error", "kids: [a, b\n", "fix the YAML at the caret (close the "
         "bracket, indent with spaces, quote a value holding `: `)"),
    Code("E302", "duplicate or non-scalar key", _KID + "    name: B\n    suits: [shovel]",
         "keep one of the keys"),
    Code("E303", "YAML alias or tag refused", _KID + "    suits: !!python/tuple [shovel]",
         "write the value out; card files take no aliases or `!` tags"),
    Code("E304", "file too large", "a 5 MB card file", "split the set into several card files "
         "(at most 4 MiB and 250,000 values each)"),
    Code("E305", "empty file", "an empty kids.yaml", "write the card file's mapping, or remove "
         "the file"),
    Code("E306", "card set without card files", "a folder holding only a manifest.yaml",
         "add YAML files with `kids:`, `made_up_rules:`, `perks:` or `board:`"),
    Code("E307", "too many schema errors in one file", "a file with over 100 schema errors",
         "fix the errors shown, then check again"),
    Code("E310", "wrong type", _KID + "    suits: [shovel]\n    copies: two",
         "write a value of the type the field takes"),
    Code("E311", "unknown field", _KID + "    suits: [shovel]\n    colour: red",
         "remove the field or fix its spelling (the hint names the closest)"),
    Code("E312", "missing field", "kids:\n  - id: a\n    name: A",
         "add the field the message names"),
    Code("E313", "invalid value", _KID + "    suits: [shovel, book, crown]",
         "use a value the field allows (the message says which)"),
    Code("E320", "duplicate id", "two cards with `id: a`", "give each card its own id"),
    Code("E321", "duplicate name", "two kids named `Ana`", "give each card of a kind its own "
         "name"),
    Code("E322", "required set not found", "requires: [fort-bsae]", "name an installed or "
         "bundled set"),
    Code("E323", "more than one board", "two board files in one set", "keep one board"),
    Code("E324", "no board", "a set without a board that requires no other",
         "add a board file or require a set with one"),
    Code("E325", "card can never be played", "a kid with two blank boxes",
         "give the card an action it can perform (R5.4)"),
    Code("E326", "board track inconsistent", "a board whose points do not match its costs",
         "make every level's points and cost agree; keep the end level on the track"),
    Code("E327", "park deck too small to deal the table", "park_size: 24 in a set played "
         "alone", "give the set at least 35 park kids (3 to the park, 8 to each of 4 players)"),
    Code("E330", "link leads out of the set folder", "kids.yaml -> /etc/passwd",
         "copy the file into the set folder"),
    Code("E331", "not a card set folder (no manifest)", "fortlang check notes/  (or `sets: "
         "[notes]` in a scenario), where notes/ has no manifest.yaml",
         "name a folder that holds a manifest.yaml (id, name, version) and card files"),
    Code("E332", "cycle of required sets", "a requires b, b requires a",
         "remove one of the requirements"),
    Code("E333", "folder cannot be read", "a set folder removed while it is read",
         "make the folder readable and check again"),
    Code("E334", "sets played together share an id", "fortlang simulate --sets fort-base,./copy "
         "(a folder holding another copy of fort-base's cards)",
         "give each card of an expansion its own id, or play one of the two sets"),
    Code("E335", "replay logged with other card data", "fortlang replay games.jsonl after a card "
         "of the set changed", "replay with the sets the log names, at the version it records"),
    Code("E340", "vocabulary plugin not installed", "uses: [backyard]",
         "pip install the plugin that provides the vocabulary"),
    Code("E341", "vocabulary plugin fails to load", "a plugin whose module raises on import",
         "fix or reinstall the plugin"),
    Code("E342", "vocabulary plugins clash", "two plugins that both declare `tuck`",
         "use one of the clashing plugins"),
    Code("E350", "game module not installed", "game: frantik",
         "name an installed game (fort by default), or pip install the package that provides it"),
    Code("E351", "game module fails to load", "a game module whose package raises on import",
         "fix or reinstall the game module's package"),
    Code("E352", "sets of different games played together", "fortlang simulate --sets "
         "fort-base,./frantic-set (a set whose manifest says `game: frantic`)",
         "play, require and test together only sets of one game"),
    Code("E353", "vocabulary plugins in a set of another game", "uses: [backyard] in a set "
         "whose manifest says `game: frantic`", "remove `uses`: plugins extend Fort's words so "
         "far; a game module declares its own words"),
    # -- Fortune and Glory's odds (fortlang.games.fortune.odds) -----------------------------------
    Code("E360", "too many dice for exact odds", "test combat 5+ need 2 +6 dice spend 6 fortune "
         "(for a hero of Combat 5: 17 dice in one roll)",
         "lower the bonus dice or the fortune spent: one roll has at most 15 dice"),
    Code("E361", "exact odds out of reach", "a chance program that reaches over 50,000 states, "
         "or loops for ever", "simplify the test; `--simulate N` still samples it"),
    Code("E362", "not a test the odds can walk", "each rival -> test combat 5+ need 2",
         "write the action with tests, `or`, `then`, `x N` and parentheses only"),
    Code("E363", "unknown hero or card", "fortlang odds danger_boat_chase --hero dukee",
         "name a card of the set (the hint names the closest id)"),
    Code("E364", "odds options that do not go together", "fortlang odds boat_chase --table",
         "give WHAT with --hero, or --table (optionally --hero, --out DIR) without WHAT"),
    Code("E390", "formatting refused", "fortlang fmt on a file whose rewrite would not read "
         "back", "report the file; it was left unchanged"),
    Code("W300", "provisional card", "provisional: true",
         "verify the card against a printed one, then remove the flag"),
    Code("W340", "bundled set skipped: its vocabulary plugin is not installed",
         "fortlang check  (with cards/backyard bundled and its plugin not installed)",
         "pip install the plugin the hint names, or ignore the set"),
    Code("W301", "park size differs", "a manifest whose park total differs from its cards",
         "make the counts add up to the manifest's totals"),
    Code("W302", "best friend count differs", "a manifest whose best friends differ from its "
         "cards", "make the counts add up to the manifest's totals"),
    Code("W304", "two different suits", _KID + "    suits: [shovel, book]",
         "nothing, if the card really has two suits"),
    Code("W305", "a card of the set's own design that no one can play at the start of a game",
         "an expansion's kid with `public: each rival -> lose` and `source: original` (every "
         "rival has 0 VP on the first turn: R5.4); cards as printed (source rulebook, public "
         "or provisional) are not judged",
         "give the card an action that can be performed in full on the first turn, or ignore "
         "the warning if the card is meant for later turns"),
    # -- the docs site and print-and-play (fortlang.docsite) --------------------------------------
    Code("E601", "output folder not built by fortlang", "fortlang docs build --out ~/Documents",
         "choose an empty or new folder for --out"),
    Code("E602", "docs extra not installed", "fortlang docs build  (without mkdocs)",
         "pip install 'fortlang[docs]'"),
    Code("E603", "mkdocs build failed", "a site page with a broken link",
         "read mkdocs's warnings shown below the error"),
    Code("E604", "unknown card set", "fortlang docs build --sets fort-bsae",
         "name a bundled set id or a set folder"),
    Code("E606", "ray extra not installed", "fortlang simulate --backend ray  (without ray)",
         "pip install 'fortlang[ray]', or leave out --backend ray"),
    Code("E607", "balance extra not installed", "fortlang balance --out report  (without "
         "matplotlib)", "pip install 'fortlang[balance]'"),
    Code("E608", "playtest extra not installed", "fortlang playtest  (without starlette, "
         "uvicorn)", "pip install 'fortlang[playtest]'"),
    Code("E609", "a game module's card face cannot be drawn", "fortlang docs build --sets "
         "cards/my-game  (the module's `face` function raises, or gives no Face)",
         "fix the module's `face` function, or leave `face` empty for the generic face"),
    # -- scenario files (fortlang.scenario) -------------------------------------------------------
    Code("E701", "unknown card", "- play: Ana Banana", "name a card of the scenario's sets"),
    Code("E702", "bad move", "- play: a\n  recruit: b", "give each move one thing to do; put "
         "`follow` and `decline` right after a `play`"),
    Code("E703", "unknown card set", "sets: [fort-bsae]", "name a bundled set id or a folder"),
    Code("E704", "unknown perk or made-up rule", "perks: [Birthday Pary]",
         "name a perk or made-up rule of the scenario's sets"),
    Code("E705", "unknown place to recruit from", "- recruit: a\n  from: garage",
         "park, park deck, or yard of player N"),
    Code("E706", "given table the rules cannot reach (over a capacity: stuff, pack, lookout, "
         "supply; a best friend in a yard)",
         "given:\n  players:\n    - stuff: {pizza: 9}", "give at most what the rules let a player "
         "hold (R1.4, R10.2) and what the supply has; keep best friends out of yards (R1.2)"),
    Code("E707", "player not seated",
         "- recruit: Bug\n  from: yard of player 9  (two players seated)",
         "name a seated player (player 1 is the first in `players`)"),
    Code("E708", "a card file where a scenario file is expected", "fortlang test "
         "cards/fort-base/kids-glue.yaml", "name a file whose top key is `scenarios`"),
    # -- what commands read and write (fortlang.output, fortlang.cli) -----------------------------
    Code("E709", "a given table both dealt from a seed and written",
         "given:\n  setup: {seed: 3}\n  players: [{hand: [Bug]}, {}]",
         "let `setup` deal the table (R2) and list the players empty, or write the whole table "
         "without `setup`"),
    Code("E710", "a scenario of a game whose module declares no scenario rules",
         "sets: [some-set]  (a set whose manifest says `game: x`, a game module without "
         "`scenarios`)", "scenario files serve the games whose module declares scenario rules "
         "(GameModule.scenarios, docs/games.md); check the set's cards with `fortlang check`"),
    Code("E711", "a scenario the game's rules cannot set up",
         "when: {danger: boat_chase, fight: true}  (Fortune and Glory: Boat Chase has no "
         "enemy to fight)", "give a table and moves the game's rules allow (its scenario "
         "page says which)"),
    Code("E800", "output path is a folder", "fortlang docs pnp --out site/",
         "name a file, not a folder"),
    Code("E801", "output cannot be written", "fortlang docs build --out /proc/x",
         "choose a writable place (permissions, free space, an existing parent folder)"),
    Code("E802", "file changed since it was read", "editing a card file while `fortlang fmt` "
         "rewrites it", "run the command again"),
    Code("E803", "input too large", "fortlang explain --file /dev/zero",
         "give at most 4 MiB of input"),
    Code("E804", "input nested too deeply", "a YAML file nested over 32 levels, or a replay "
         "line of 100,000 `[`", "a card file is a few levels deep: kids, a card, its fields"),
    Code("E805", "standard input closed", "fortlang explain - <&-",
         "run the command with its input open (a terminal or a pipe)"),
    Code("E807", "wrong command line", "fortlang explain --lang de \"gain pizza\"",
         "see `fortlang COMMAND --help` for the options and arguments it takes"),
    Code("E806", "card face too complex to print", "an action too long for a card face",
         "shorten the action"),
    Code("E808", "set not played", "fortlang balance --sets ./my-expansion --set my-expansoin",
         "name a set of the run by its id: one given to --sets, or one they require"),
    Code("E810", "logged game plays differently", "fortlang replay games.jsonl after an answer "
         "of a game module's line was edited", "replay the log with the sets and the fortlang "
         "it was made with; the message names the answer and what differs"),
    # -- games and replays (fortlang.engine, fortlang.sim) -----------------------------------------
    Code("E900", "move not allowed by the rules", "a scripted answer that is not a legal option",
         "choose one of the legal options the message lists (it names the rule)"),
    Code("E901", "not a replay line", "fortlang replay notes.txt",
         "give a JSONL log written by `fortlang simulate --log`"),
    Code("E903", "game failed in the engine", "an engine bug met by `fortlang simulate`",
         "report it with the saved replay; `fortlang replay FILE` meets the error again"),
    Code("E902", "unknown bot", "fortlang simulate --bots random,randum",
         "name a bot `fortlang simulate --help` lists"),
    Code("E905", "players outside the game's range", "fortlang simulate --players 5 (Fort is "
         "for 2 to 4)", "give a number of players the game allows"),
    Code("E906", "option not available for this game yet", "fortlang simulate --draft on a "
         "set of a game module other than Fort", "leave the option out"),
    Code("E904", "bad bot budget", "fortlang simulate --bots mcts:lots",
         "give playouts per decision (`mcts:400`) or seconds (`mcts:0.2s`); only `mcts` takes "
         "one"),
)

#: code -> its entry, in the order above.
CATALOGUE: dict[str, Code] = {c.code: c for c in _TABLE}


#: language -> code -> (meaning, fix) or (meaning, fix, example) in that language.
_TRANSLATIONS: dict[str, dict[str, tuple[str, ...]]] = {"fr": codes_fr.CODES,
                                                       "ru": codes_ru.CODES}


def translated_entry(entry: Code, lang: str) -> Code:
    """``entry`` in ``lang``: English where the language has no text for it yet (a code added
    in English only still shows; the test of translations names it)."""
    text = _TRANSLATIONS.get(lang, {}).get(entry.code)
    if text is None:
        return entry
    meaning, fix, *example = text
    return replace(entry, meaning=meaning, fix=fix, example=example[0] if example else
                   entry.example)


def translated(code: str, lang: str) -> Code:
    """The catalogue's entry for ``code`` in ``lang`` (``en``: as written above)."""
    return translated_entry(CATALOGUE[code], lang)


def missing_translations() -> dict[str, list[str]]:
    """language -> the codes it has no text for (and texts for codes not catalogued)."""
    out = {}
    for lang, table in _TRANSLATIONS.items():
        missing = [c for c in CATALOGUE if c not in table]
        missing += [f"{c} (not catalogued)" for c in table if c not in CATALOGUE]
        if missing:
            out[lang] = missing
    return out
