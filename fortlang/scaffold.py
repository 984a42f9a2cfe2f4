"""A new card set to start from (`fortlang new set`, issue 36): a manifest, two kids and a
made-up rule of the set's own design, a scenario file that plays one of them, and a README that
says what to run next. Every file is commented; the set checks with no error and no warning,
and its scenarios pass.

>>> files = set_files("tree-house", "/schemas")
>>> sorted(files)
['README.md', 'kids.yaml', 'made-up-rules.yaml', 'manifest.yaml', 'scenarios.yaml']
>>> files["manifest.yaml"].splitlines()[1:3]
['id: tree-house                  # lowercase words joined by dashes', 'name: Tree House']
"""

from __future__ import annotations

import re

#: what a set id may be (the manifest schema's pattern)
SET_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
#: the longest id a new set takes (a folder name, a URL part of the docs site)
MAX_ID = 64


def title(set_id: str) -> str:
    """The display name of a set id: ``tree-house`` is ``Tree House``."""
    return " ".join(word.capitalize() for word in set_id.split("-"))


def set_files(set_id: str, schemas: str) -> dict[str, str]:
    """The new set's files by name; ``schemas`` is the folder of fortlang's JSON Schemas, for
    the editor's live validation (yaml-language-server)."""
    name = title(set_id)
    return {
        "manifest.yaml": f"""\
# yaml-language-server: $schema={schemas}/manifest.schema.json
id: {set_id}                  # lowercase words joined by dashes
name: {name}
# names: {{fr: ..., ru: ...}}   # the set's name on the docs site's other languages
version: "0.1.0"              # quoted: 0.1 unquoted would be a number
description: My expansion for Fort.
languages: [en]
requires: [fort-base]         # an expansion plays with the base game's cards and board
""",
        "kids.yaml": f"""\
# yaml-language-server: $schema={schemas}/kids.schema.json
# Kid cards (R1.1): each has suits, a public action and a private action written in the
# language (`fortlang explain "gain pizza x shovel"` reads one back as a sentence).
# `source: original` says the card is your own design, not a card of the published game.
kids:
  - id: ada
    name: Ada
    suits: [book]
    public: gain pizza x book       # one pizza per book card in the play (R5.3)
    private: score 2
    copies: 2
    source: original
  - id: bo
    name: Bo
    suits: [glue, coin]             # a coin stands for any suit when boosting (R5.6)
    public: gain toy then pack
    private: recruit or convert
    source: original
""",
        "made-up-rules.yaml": f"""\
# yaml-language-server: $schema={schemas}/rules.schema.json
# Made-up rules (R14) are scored at the end of the game in the scoring language.
made_up_rules:
  - id: bookworm
    name: Bookworm
    score: 6 if book > rival book else 3 if book = rival book
    text: 6 VP if you have more books than every opponent; 3 VP if tied for most.
""",
        "scenarios.yaml": f"""\
# yaml-language-server: $schema={schemas}/scenario.schema.json
# Scenarios: given a table, when these moves, then expect this (`fortlang test .`).
sets: [fort-base, .]                # the bundled base set, then this folder
scenarios:
  - name: Ada gains a pizza for each book in the play (R5.3)
    rule: R5.3
    given:
      players:
        - hand: [Ada]
    when:
      - play: Ada
        use: public only
    then:
      players:
        - stuff: {{pizza: 1}}
          in_play: [Ada]
""",
        "README.md": f"""\
# {name}

An expansion for *Fort*, written in fortlang's card language.

- `fortlang check .` checks the cards (`--watch` checks again on every save);
- `fortlang test .` runs `scenarios.yaml`;
- `fortlang explain "gain pizza x book"` reads an action back as a sentence;
- `fortlang simulate --sets fort-base,. --games 200` plays bot games with the set;
- `fortlang balance --sets fort-base,. --out report` writes a balance report;
- `fortlang docs build --sets fort-base,.` builds the rules, glossary and card faces.

The card format, the language and the rules are pages of the site `fortlang docs build` writes.
""",
    }
