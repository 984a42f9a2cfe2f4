"""Fortune and Glory's card kinds (G1.2, G4.1, G6.2, G5.1) as declarations: heroes, dangers,
enemies and artifacts. Their JSON Schemas derive from them (``CardKind.json_schema()``); a
field written in the game's language (``ACTION``) is parsed with
:data:`~.vocabulary.VOCABULARY`.

>>> sorted(HERO.json_schema()["properties"]["heroes"]["items"]["required"])
['health', 'id', 'name', 'skills']
"""

from __future__ import annotations

from fortlang.games.fortune.vocabulary import MOST_DICE
from fortlang.module import ACTION, Attribute, CardKind

#: The most wounds a hero or an enemy may take before the next knocks them out (G3.1).
MOST_HEALTH = 12
_KEYWORDS = Attribute(
    "keywords", {"type": "array", "maxItems": 12,
                 "items": {"type": "string", "pattern": "^[a-z][a-z_]*$", "maxLength": 40}},
    doc={"en": "The keywords under the picture (G1.3); an enemy's first is its type.",
         "fr": "Les mots clés sous l'illustration (G1.3) ; le premier d'un ennemi est son type.",
         "ru": "Ключевые слова под картинкой (G1.3); первое у врага — его тип."})
_GLORY = Attribute("glory", {"type": "integer", "minimum": 0, "maximum": 20},
                   doc={"en": "The glory gained when it is overcome (G4.1, G6.4).",
                        "fr": "La gloire gagnée quand on le surmonte (G4.1, G6.4).",
                        "ru": "Слава за победу над ним (G4.1, G6.4)."})
_DICE = {"type": "integer", "minimum": 0, "maximum": MOST_DICE}

HERO = CardKind("hero", "heroes", (
    Attribute("skills", {"type": "object", "additionalProperties": False,
                         "required": ["combat", "agility", "cunning", "lore"],
                         "properties": {s: _DICE for s in ("combat", "agility", "cunning",
                                                           "lore")}},
              required=True,
              doc={"en": "Combat, agility, cunning and lore: the dice each skill rolls (G1.2).",
                   "fr": "Combat, agilité, ruse et culture : les dés de chaque compétence.",
                   "ru": "Бой, ловкость, хитрость и знания: кубики каждого навыка."}),
    Attribute("health", {"type": "integer", "minimum": 1, "maximum": MOST_HEALTH},
              required=True,
              doc={"en": "The wounds the hero may take; one more knocks them out (G3.1).",
                   "fr": "Les blessures que le héros peut encaisser ; une de plus le met KO.",
                   "ru": "Сколько ран герой выдерживает; ещё одна — нокаут (G3.1)."}),
    Attribute("defence", {"type": "integer", "minimum": 0, "maximum": 1},
              doc={"en": "Hits ignored each time the hero takes hits (G3.2).",
                   "fr": "Touches ignorées chaque fois que le héros en reçoit (G3.2).",
                   "ru": "Сколько попаданий герой игнорирует каждый раз (G3.2)."}),
    Attribute("fortune", {"type": "integer", "minimum": 0, "maximum": 50},
              doc={"en": "Fortune the hero holds: a test may let them spend it (G2.6).",
                   "fr": "La fortune du héros : un test peut la lui faire dépenser (G2.6).",
                   "ru": "Удача героя: проверка может позволить её потратить (G2.6)."}),
    Attribute("start", {"type": "string", "minLength": 1, "maxLength": 40},
              doc={"en": "The start city (G1.2, G7.2).", "fr": "La ville de départ.",
                   "ru": "Стартовый город."}),
), doc={"en": "Heroes", "fr": "Héros", "ru": "Герои"})

DANGER = CardKind("danger", "dangers", (
    _KEYWORDS, _GLORY,
    Attribute("test", {"maxLength": 400}, required=True, language=ACTION,
              doc={"en": "The danger's tests (G2.8, G4.1): `or` lets the hero choose, `then` "
                         "requires both.",
                   "fr": "Les tests du danger : `or` laisse choisir, `then` exige les deux.",
                   "ru": "Проверки опасности: `or` — на выбор, `then` — обе."}),
    Attribute("enemy", {"type": "string", "pattern": "^[a-z0-9]+(_[a-z0-9]+)*$"},
              doc={"en": "The enemy the hero may fight instead of the tests (G6.1).",
                   "fr": "L'ennemi que le héros peut combattre au lieu des tests (G6.1).",
                   "ru": "Враг, с которым можно сразиться вместо проверок (G6.1)."}),
    Attribute("cliffhanger", {"maxLength": 400}, language=ACTION,
              doc={"en": "The test on the back, when the danger is failed (G4.1, G4.4); "
                         "failed, the hero is knocked out.",
                   "fr": "Le test au dos, quand le danger est raté (G4.4) ; raté, KO.",
                   "ru": "Проверка на обороте при провале опасности (G4.4); провал — нокаут."}),
    Attribute("cliffhanger_glory", {"type": "integer", "minimum": 0, "maximum": 20},
              doc={"en": "The cliffhanger's glory (G4.4).", "fr": "La gloire du suspens.",
                   "ru": "Слава клиффхэнгера."}),
), doc={"en": "Dangers and their cliffhangers", "fr": "Dangers et suspens",
        "ru": "Опасности и клиффхэнгеры"})

ENEMY = CardKind("enemy", "enemies", (
    _KEYWORDS, _GLORY,
    Attribute("combat", {"type": "integer", "minimum": 1, "maximum": MOST_DICE}, required=True,
              doc={"en": "The enemy's combat dice, a hit on 4+ (G6.3).",
                   "fr": "Les dés de combat de l'ennemi, touche sur 4+ (G6.3).",
                   "ru": "Кубики боя врага, попадание на 4+ (G6.3)."}),
    Attribute("health", {"type": "integer", "minimum": 0, "maximum": MOST_HEALTH},
              required=True,
              doc={"en": "The wounds it may take; one more beats it (G6.4).",
                   "fr": "Les blessures qu'il encaisse ; une de plus le bat (G6.4).",
                   "ru": "Сколько ран враг выдерживает; ещё одна — поражение (G6.4)."}),
    Attribute("defence", {"type": "integer", "minimum": 0, "maximum": 3},
              doc={"en": "Hits it ignores each round (G3.2).", "fr": "Touches ignorées.",
                   "ru": "Игнорируемые попадания за раунд."}),
    Attribute("escape", {"maxLength": 400}, language=ACTION,
              doc={"en": "The escape test (G6.5).", "fr": "Le test d'évasion (G6.5).",
                   "ru": "Проверка побега (G6.5)."}),
), doc={"en": "Enemies", "fr": "Ennemis", "ru": "Враги"})

ARTIFACT = CardKind("artifact", "artifacts", (
    Attribute("danger_value", {"type": "integer", "minimum": 1, "maximum": 8}, required=True,
              doc={"en": "The adventure's danger value: the dangers to overcome to find the "
                         "artifact (G5.1, G5.5).",
                   "fr": "La valeur de danger de l'aventure : les dangers à surmonter pour "
                         "trouver l'artefact (G5.1, G5.5).",
                   "ru": "Уровень опасности приключения: сколько опасностей нужно преодолеть, "
                         "чтобы найти артефакт (G5.1, G5.5)."}),
    Attribute("fortune_value", {"type": "integer", "minimum": 0, "maximum": 20},
              doc={"en": "The artifact's fortune value (G5.1).",
                   "fr": "La valeur de fortune de l'artefact (G5.1).",
                   "ru": "Ценность артефакта в удаче (G5.1)."}),
    Attribute("area", {"type": "string", "minLength": 1, "maxLength": 40},
              doc={"en": "Where it is hunted (G5.2).", "fr": "Où on le cherche (G5.2).",
                   "ru": "Где его ищут (G5.2)."}),
), doc={"en": "Artifacts and their adventures", "fr": "Artefacts et leurs aventures",
        "ru": "Артефакты и их приключения"})

CARDS: tuple[CardKind, ...] = (HERO, DANGER, ENEMY, ARTIFACT)
