"""Fortune and Glory's words (G2): one primitive, the skill test, declared with the core's
argument kinds (docs/design/game-modules.md §3), so the parser, the printer and the phrasebooks
read this one declaration:

``test DICE FACE need SUCCESSES [+N dice] [reroll [N]] [spend N fortune] [keep_rolling|once]``

>>> from fortlang.parser import language
>>> from fortlang.printer import to_text
>>> test = language(VOCABULARY).parse_action("test 3 dice 5+ need 2 keep_rolling")
>>> test.dice, test.target, test.needed, test.rolls
(3, 5, 2, <Rolls.KEEP_ROLLING: 'keep_rolling'>)
>>> words = language(VOCABULARY)
>>> to_text(words.parse_action("test  combat 5+ need 2 +1 dice or test lore 4+ need 1"))
'test combat 5+ need 2 +1 die or test lore 4+ need 1'

A modifier several words long (`+2 dice`, `spend 1 fortune`) is one token of its kind's
pattern: the core reads a primitive's arguments by kind, each with its own terminal, so an
optional group of words is an optional argument whose pattern holds the spaces.
"""

from __future__ import annotations

from collections.abc import Callable

from fortlang import registry as reg
from fortlang.games.fortune.nodes import Rolls, Skill, SkillTest
from fortlang.games.fortune.play import perform_test
from fortlang.vocabulary import ArgKind, Word

#: The most dice a test's text may name (`12 dice`, a skill is at most this too: cards.py).
MOST_DICE = 12
#: The most successes a test may need.
MOST_NEEDED = 12
#: The most bonus dice, re-rolls and fortune one test's text may give.
MOST_BONUS = 6
MOST_REROLLS = 3
MOST_FORTUNE = 6

_NOT_WORD = r"(?![A-Za-z0-9_])"

#: Language -> (the skill's name, the name after "test of"): fr "de combat", ru "боя".
SKILL_WORDS: dict[Skill, dict[str, tuple[str, str]]] = {
    Skill.COMBAT: {"en": ("Combat", "combat"), "fr": ("combat", "combat"),
                   "ru": ("бой", "боя")},
    Skill.AGILITY: {"en": ("Agility", "agility"), "fr": ("agilité", "agilité"),
                    "ru": ("ловкость", "ловкости")},
    Skill.CUNNING: {"en": ("Cunning", "cunning"), "fr": ("ruse", "ruse"),
                    "ru": ("хитрость", "хитрости")},
    Skill.LORE: {"en": ("Lore", "lore"), "fr": ("culture", "culture"),
                 "ru": ("знания", "знаний")},
}

SKILL = ArgKind("SKILL", "dice", "SKILL", name="skill", words=tuple(
    Word(s.value, s, {"en": f"the hero's {SKILL_WORDS[s]['en'][0]} skill, in dice",
                      "fr": f"la compétence {SKILL_WORDS[s]['fr'][0]} du héros, en dés",
                      "ru": f"навык «{SKILL_WORDS[s]['ru'][0]}» героя, в кубиках"},
         {lang: said[0] for lang, said in SKILL_WORDS[s].items()}) for s in Skill))


def _dice_text(v: int, sign: str = "") -> str:
    return f"{sign}{v} die" if v == 1 else f"{sign}{v} dice"


#: `3 dice`: a test rolling a number of dice rather than a skill (G2.8 "or none").
DICE_COUNT = ArgKind("DICE", "dice", "DICE_COUNT", pattern=r"[0-9]+ +dic?e" + _NOT_WORD,
                     parse=lambda t: int(t.split()[0]), lo=1, hi=MOST_DICE,
                     show=_dice_text, name="number of dice")
DICE = ArgKind.union("DICE_OR_SKILL", "dice", SKILL, DICE_COUNT, terminal="TESTED",
                     name="skill or number of dice")
#: `5+`: a die succeeds on that face or more (G2.2), 2+ to 6+ on a six-sided die.
FACE = ArgKind("FACE", "target", "FACE", pattern=r"[0-9]+\+", parse=lambda t: int(t[:-1]),
               lo=2, hi=6, show=lambda v: f"{v}+", name="target face")
#: `need 2`: the successes needed (G2.1).
NEEDED = ArgKind("SUCCESSES", "needed", "AMOUNT", pattern=r"[0-9]+", parse=int, lo=1,
                 hi=MOST_NEEDED, name="number of successes")
#: `+1 dice`: dice a card adds to every roll of the test (G2.6).
BONUS = ArgKind("BONUS", "bonus", "BONUS_DICE", pattern=r"\+[0-9]+ +dic?e" + _NOT_WORD,
                parse=lambda t: int(t[1:].split()[0]), lo=1, hi=MOST_BONUS, default=0,
                show=lambda v: _dice_text(v, "+"), name="number of bonus dice")
#: `reroll`, `reroll 2`: dice the hero may roll again (G2.6, ``fortune.reroll``).
REROLLS = ArgKind("REROLL", "rerolls", "REROLLS", pattern=r"reroll(?: +[0-9]+)?" + _NOT_WORD,
                  parse=lambda t: int(t.split()[1]) if " " in t.strip() else 1, lo=1,
                  hi=MOST_REROLLS, default=0,
                  show=lambda v: "reroll" if v == 1 else f"reroll {v}",
                  name="number of re-rolls")
#: `spend 2 fortune`: the most fortune the hero may spend in the test, a die a coin (G2.6).
FORTUNE = ArgKind("FORTUNE", "fortune", "FORTUNE_SPENT",
                  pattern=r"spend +[0-9]+ +fortune" + _NOT_WORD,
                  parse=lambda t: int(t.split()[1]), lo=1, hi=MOST_FORTUNE, default=0,
                  show=lambda v: f"spend {v} fortune", name="fortune spent")
#: `keep_rolling` / `once`: how the test rolls when its text says (G2.3, G6.6).
ROLLS = ArgKind("ROLLS", "rolls", "ROLL_MODE", pattern=r"(?:keep_rolling|once)" + _NOT_WORD,
                parse=Rolls, show=str, name="way of rolling (keep_rolling or once)")

KINDS: tuple[ArgKind, ...] = (SKILL, DICE_COUNT, DICE, FACE, NEEDED, BONUS, REROLLS, FORTUNE,
                              ROLLS)


# -- sentences ---------------------------------------------------------------------------------

def _ru_plural(k: int, one: str, few: str, many: str) -> str:
    if k % 10 == 1 and k % 100 != 11:
        return f"{k} {one}"
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return f"{k} {few}"
    return f"{k} {many}"


def _en(t: SkillTest) -> str:
    if isinstance(t.dice, Skill):
        word = SKILL_WORDS[t.dice]["en"][1]
        head = (f"pass {'an' if word[0] in 'aeiou' else 'a'} {word} test: roll your "
                f"{SKILL_WORDS[t.dice]['en'][0]} in dice")
    else:
        head = f"pass a test: roll {_dice_text(t.dice)}"
    parts = [head + (f" and {_dice_text(t.bonus)} more" if t.bonus else "")
             + f", each die showing {t.target} or more is a success, "
             + ("1 success" if t.needed == 1 else f"{t.needed} successes") + " needed"]
    if t.rerolls:
        parts.append(f"you may roll {_dice_text(t.rerolls)} again")
    if t.fortune:
        parts.append(f"you may spend up to {t.fortune} fortune, one more die each")
    if t.rolls is Rolls.KEEP_ROLLING:
        parts.append("keep rolling while each roll brings a success")
    elif t.rolls is Rolls.ONCE:
        parts.append("one roll only")
    return "; ".join(parts)


def _fr_dice(k: int) -> str:
    return f"{k} dé" if k == 1 else f"{k} dés"


def _fr(t: SkillTest) -> str:
    if isinstance(t.dice, Skill):
        word = SKILL_WORDS[t.dice]["fr"][1]
        head = (f"réussissez un test de {word} : lancez autant de dés que votre "
                f"{SKILL_WORDS[t.dice]['fr'][0]}")
    else:
        head = f"réussissez un test : lancez {_fr_dice(t.dice)}"
    parts = [head + (f" et {_fr_dice(t.bonus)} de plus" if t.bonus else "")
             + f", chaque dé à {t.target} ou plus est un succès, {t.needed} succès "
             + ("nécessaire" if t.needed == 1 else "nécessaires")]
    if t.rerolls:
        parts.append(f"vous pouvez relancer {_fr_dice(t.rerolls)}")
    if t.fortune:
        parts.append(f"vous pouvez dépenser jusqu'à {t.fortune} fortune, un dé de plus "
                     "par pièce")
    if t.rolls is Rolls.KEEP_ROLLING:
        parts.append("continuez à lancer tant que chaque jet donne un succès")
    elif t.rolls is Rolls.ONCE:
        parts.append("un seul jet")
    return " ; ".join(parts)


def _ru_dice(k: int) -> str:
    return _ru_plural(k, "кубик", "кубика", "кубиков")


def _ru(t: SkillTest) -> str:
    if isinstance(t.dice, Skill):
        head = (f"пройдите проверку {SKILL_WORDS[t.dice]['ru'][1]}: бросьте столько кубиков, "
                f"сколько у вас навыка «{SKILL_WORDS[t.dice]['ru'][0]}»")
    else:
        head = f"пройдите проверку: бросьте {_ru_dice(t.dice)}"
    parts = [head + (f" и ещё {_ru_dice(t.bonus)}" if t.bonus else "")
             + f", каждый кубик на {t.target} или больше — успех, нужно успехов: {t.needed}"]
    if t.rerolls:
        parts.append(f"можно перебросить {_ru_dice(t.rerolls)}")
    if t.fortune:
        parts.append(f"можно потратить до {t.fortune} монет удачи, по кубику за монету")
    if t.rolls is Rolls.KEEP_ROLLING:
        parts.append("бросайте снова, пока каждый бросок приносит успех")
    elif t.rolls is Rolls.ONCE:
        parts.append("только один бросок")
    return "; ".join(parts)


PHRASES: dict[str, Callable[[SkillTest], str]] = {"en": _en, "fr": _fr, "ru": _ru}

TEST = reg.PrimitiveSpec(
    "test", SkillTest,
    "test DICE_OR_SKILL FACE need SUCCESSES [BONUS] [REROLL] [FORTUNE] [ROLLS]", "G2.1-G2.6",
    "Roll the skill's dice (or the number given); each die at the target face or more is a "
    "success; keep rolling while a roll brings one (G2.3), until the successes needed are "
    "reached (passed) or a roll brings none (failed).",
    "test agility 5+ need 2 or test lore 4+ need 1", most_options=2,
    frees=False, frees_rivals=False, phrases=PHRASES,
    meanings={"fr": "Lancez les dés de la compétence (ou le nombre donné) ; chaque dé au moins "
                    "égal à la cible est un succès ; relancez tant qu'un jet en donne un, "
                    "jusqu'aux succès nécessaires (réussi) ou un jet sans succès (échoué).",
              "ru": "Бросьте кубики навыка (или заданное число); каждый кубик не меньше цели — "
                    "успех; бросайте снова, пока бросок приносит успех, до нужного числа "
                    "успехов (пройдено) или броска без успеха (провалено)."},
    colour="#7b4b2a", effect=perform_test)

#: The core's operators a test combines with: `or` (the hero chooses, G2.8), `then` (both,
#: in order: G2.8's "and"), `x N` and parentheses; no selector or condition means anything
#: in a test (the odds refuse them, E363).
OPERATORS = tuple(op for op in reg.OPERATORS if op.name in ("x", "then", "or", "( )"))

#: No selectors: a test is the hero's own (G2.1); other heroes act on their own turns (G7).
VOCABULARY = reg.Vocabulary("fortune-and-glory", (TEST,), (), (), OPERATORS, (), kinds=KINDS,
                            selectors=())
