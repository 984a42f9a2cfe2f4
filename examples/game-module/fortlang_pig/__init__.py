"""Pig with cards: an example game module for fortlang (docs/games.md).

Each player holds a hand of cards. On your turn you play one card and do what it says: bank
points, roll the die (a 1 loses what you rolled this turn), make a rival lose points. The first
to 20 points wins; when the deck runs out, the most points win.

Everything fortlang needs to know of the game is in :data:`GAME`: its name, how many may play,
its card kinds and its words, and where its table, its game loop and its scenario rules are.
Nothing here is imported until a set of the game is read, and then only from where pip
installed it."""

from fortlang.module import ACTION, Attribute, CardKind, GameModule

#: The game's one kind of card: a name and what it does, in the game's words.
CARD = CardKind(
    "card", "cards",
    (Attribute("action", {"minLength": 1, "maxLength": 400}, required=True, language=ACTION,
               doc={"en": "What the card does when played, in Pig's words."}),),
    doc={"en": "Pig's play cards"})

GAME = GameModule(
    name="pig",
    titles={"en": "Pig with cards", "fr": "Cochon aux cartes", "ru": "Свинка с картами"},
    players=range(2, 5),
    new_table="fortlang_pig.table:new_table",
    run="fortlang_pig.table:run_game",
    vocabulary="fortlang_pig.words:VOCABULARY",
    cards=(CARD,),
    scenarios="fortlang_pig.scenarios:SCENARIOS",
    # The rules page of the docs site, by language: files shipped in this package.
    rules_pages={lang: f"fortlang_pig:rules/{lang}.md" for lang in ("en", "fr", "ru")},
)
