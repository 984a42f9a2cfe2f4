"""Fort's card kinds (issue 33 item 1; docs/card-format.md; FORT-RULES.md R1, R10, R14, R15):
kid cards, made-up rules, perks and the player board, declared as
:class:`fortlang.module.CardKind` values. Their JSON Schemas derive from them: ``fortlang
check`` validates with what each declaration derives, and the files editors read
(``fortlang/schemas/<kind>.schema.json``) are its text (``CardKind.schema_text()``), which a
test checks.

Fort's kinds declare all of their fields (``common=()``): its ids are lowercase words joined by
dashes, where other games' take underscores. Each names its builder (``build``: ``cards.py``
makes Fort's model, ``KidCard``, ``MadeUpRule``, ``Perk``, ``Board``, from a file's entry),
what the loader's messages call one of its cards (``label``) and the set's field that holds
them (``slot``: ``kids``, ``rules``, ``perks``, ``board``); the order of each card schema's
keywords is the one Fort's messages come in (:attr:`~fortlang.module.CardKind.order`).

>>> [kind.key for kind in CARD_KINDS]
['kids', 'made_up_rules', 'perks', 'board']
>>> KIDS.json_schema()["$defs"]["kid"]["required"]
['id', 'name', 'suits']
"""

from __future__ import annotations

from typing import Any

from fortlang.games.fort.model import PerkHook
from fortlang.games.fort.nodes import Suit
from fortlang.model import Source
from fortlang.module import ACTION, SCORING, Attribute, CardKind

_SCHEMAS = "https://fortlang.invalid/schemas/"
#: Where each kind's builder is (``CardKind.build``): Fort's model, built from a file's entry.
_BUILD = "fortlang.games.fort.cards:"
#: The order of a card schema's keywords: a missing field is said before an unknown one at
#: the same place, a perk that is neither hook nor action before what its kind lacks.
_ORDER = ("type", "required", "anyOf", "additionalProperties", "properties", "allOf")
#: A language code, then the text in that language.
_BY_LANGUAGE = {"type": "object", "propertyNames": {"pattern": "^[a-z]{2}$"},
                "additionalProperties": {"type": "string", "minLength": 1}}
_NOTES = {"type": "object", "propertyNames": {"pattern": "^[a-z]{2}$"},
          "additionalProperties": {"type": "string"}}


def _en(text: str) -> dict[str, str]:
    return {"en": text}


def _id(doc: str = "") -> Attribute:
    return Attribute("id", {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
                     required=True, doc=_en(doc) if doc else {})


_NAMES_DOC = "The name in other languages, e.g. {fr: ..., ru: ...}."
_NOTES_DOC = "The note in other languages, e.g. {fr: ..., ru: ...}."
_ID_DOC = "Unique within the set: lowercase words joined by dashes."
_PRINTED = Attribute("printed", _BY_LANGUAGE, doc=_en(
    "The name a rulebook prints for the card, by language, where `names` gives a corrected "
    "translation (e.g. {ru: Копия кота}): the glossary shows it beside the name, so a reader "
    "holding that box still finds the card."))
_TEXT = Attribute("text", {"type": "string"}, doc=_en("The card's text in English."))

#: R1.1, R1.2: a kid card, or a best friend.
KIDS = CardKind("kids", "kids", (
    _id(_ID_DOC),
    Attribute("name", {"type": "string", "minLength": 1}, required=True,
              doc=_en("The nickname printed on the card.")),
    Attribute("names", _BY_LANGUAGE, doc=_en(_NAMES_DOC)),
    Attribute("suits", {"type": "array", "minItems": 1, "maxItems": 2,
                        "items": {"enum": [s.value for s in Suit]}}, required=True,
              doc=_en("One or two suit icons (R1.1); a suit may appear twice.")),
    Attribute("public", {"type": ["string", "null"]}, language=ACTION, doc=_en(
        "The public action (top box) in fortlang, e.g. 'gain pizza x shovel'; empty for a "
        "blank box.")),
    Attribute("private", {"type": ["string", "null"]}, language=ACTION, doc=_en(
        "The private action (bottom box) in fortlang; empty for a blank box.")),
    Attribute("copies", {"type": "integer", "minimum": 1, "maximum": 20},
              doc=_en("How many copies of this card the set holds.")),
    Attribute("best_friend", {"type": "boolean"}, doc=_en(
        "A best friend (R1.2): starts in a player's deck, never goes to a yard.")),
    Attribute("source", {"enum": [s.value for s in Source]}, doc=_en(
        "Where the actions come from: rulebook (worked example), public (a public source), "
        "provisional (designed until verified), original (a card of this set's own design).")),
    Attribute("note", {"type": "string"},
              doc=_en("Provenance details: what is known, what is guessed.")),
    Attribute("notes", _NOTES, doc=_en(_NOTES_DOC)),
), doc=_en("fortlang kid cards"), common=(), item_def="kid", order=_ORDER,
    build=_BUILD + "build_kid", label="kid", slot="kids",
    schema_id=_SCHEMAS + "kids.schema.json",
    about=_en("A file of kid cards (R1.1) and best friends (R1.2)."))

#: R14: a made-up rule, scored at the end in the scoring sub-language.
RULES = CardKind("rules", "made_up_rules", (
    _id(_ID_DOC),
    Attribute("name", {"type": "string", "minLength": 1}, required=True),
    Attribute("names", _BY_LANGUAGE, doc=_en(_NAMES_DOC)),
    _PRINTED,
    Attribute("score", {"type": "string"}, required=True, language=SCORING, doc=_en(
        "What the rule is worth, e.g. '8 if cards > rival cards else 4 if cards = rival "
        "cards'.")),
    _TEXT,
), doc=_en("fortlang made-up rules"), common=(), item_def="rule", order=_ORDER,
    build=_BUILD + "build_rule", label="made-up rule", slot="rules",
    schema_id=_SCHEMAS + "rules.schema.json", schema_file="rules.schema.json",
    about=_en("A file of made-up rules (R14): end-game scoring in fortlang's scoring "
              "sub-language."))


def _params(hook: str | list[str], params: dict[str, Any], **more: Any) -> dict[str, Any]:
    """R15: what a perk's ``params`` (and its other fields) hold for one hook or several."""
    is_hook = {"const": hook} if isinstance(hook, str) else {"enum": hook}
    return {"if": {"required": ["hook"], "properties": {"hook": is_hook}},
            "then": {"properties": {"params": params, **more}}}


def _capacity(doc: str, most: int) -> dict[str, Any]:
    return {"description": doc, "type": "integer", "minimum": 0, "maximum": most}


#: R15: a perk, an engine hook with data parameters or an action used at a moment of the turn.
PERKS = CardKind("perks", "perks", (
    _id(_ID_DOC),
    Attribute("name", {"type": "string", "minLength": 1}, required=True),
    Attribute("names", _BY_LANGUAGE, doc=_en(_NAMES_DOC)),
    _PRINTED,
    Attribute("hook", {"enum": [h.value for h in PerkHook]},
              doc=_en("The engine hook: modify (pure data) or a timed option.")),
    Attribute("when", {"enum": ["turn_start", "instead_of_play", "after_play", "after_recruit",
                                "turn_end"]}, doc=_en(
        "A perk in the language: the moment of the turn it may be used "
        "(fortlang.games.fort.vocabulary.TRIGGERS).")),
    Attribute("action", {"type": "string", "minLength": 1}, language=ACTION, doc=_en(
        "A perk in the language: what it does, an action of the card language (it must be "
        "performed in full to be used).")),
    Attribute("params", {"type": "object"},
              doc=_en("The hook's parameters (see the card-format docs).")),
    Attribute("single_use", {"type": "boolean"}, doc=_en(
        "\"Destroy this perk to ...\": the perk is boxed when its hook is used (default: "
        "false, the perk stays).")),
    _TEXT,
), doc=_en("fortlang perks"), common=(), item_def="perk", order=_ORDER,
    defs={
        "recruit_places": {
            "description": "Where the extra recruit may come from (R7.1's places): the park, "
                           "any player's yard, the top of the park deck.",
            "type": "array", "minItems": 1, "uniqueItems": True,
            "items": {"enum": ["park", "park_deck", "yard"]}},
        "lookout_places": {
            "description": "Where add-card-to-lookout may also take a card from, besides your "
                           "hand: the park, the top of the park deck, a rival's yard, your "
                           "discard pile.",
            "type": "array", "minItems": 1, "uniqueItems": True,
            "items": {"enum": ["park", "park_deck", "yard", "discard"]}}},
    keywords={
        "anyOf": [{"required": ["hook"]}, {"required": ["when", "action"]}],
        "allOf": [
            {"if": {"anyOf": [{"required": ["when"]}, {"required": ["action"]}]},
             "then": {"required": ["when", "action"], "properties": {
                 "hook": {"const": "action"}, "params": {"additionalProperties": False}}}},
            {"if": {"required": ["hook"], "properties": {"hook": {"const": "action"}}},
             "then": {"required": ["when", "action"]}},
            _params("modify", {
                "additionalProperties": False, "minProperties": 1, "properties": {
                    "pack_capacity": _capacity("Extra tokens the pack holds (R10.2); never "
                                               "less: a perk is taken while holding tokens.", 5),
                    "lookout_capacity": _capacity("Extra cards the lookout holds (R10.2).", 5),
                    "stuff_capacity": _capacity("Extra tokens of each kind the stuff holds "
                                                "(R1.5).", 4)}},
                single_use={"description": "A modifier is never used up.", "const": False}),
            _params("extra_recruit", {
                "additionalProperties": False, "required": ["from"],
                "properties": {"from": {"$ref": "#/$defs/recruit_places"}}}),
            _params("lookout_from_anywhere", {
                "additionalProperties": False, "required": ["from"],
                "properties": {"from": {"$ref": "#/$defs/lookout_places"}}}),
            _params("follow_discard_more", {
                "additionalProperties": False, "required": ["max_discards"],
                "properties": {"max_discards": {"type": "integer", "minimum": 2,
                                                "maximum": 5}}}),
            _params("diy_advance", {
                "additionalProperties": False,
                "properties": {"extra_cost": _capacity(
                    "Extra resources the advance costs (R13.2); a DIY advance has no played "
                    "card, so it is never followed (R6.1).", 3)}}),
            _params(["recycle", "second_play", "rough_housing", "pack_from_supply"],
                    {"additionalProperties": False})]},
    build=_BUILD + "build_perk", label="perk", slot="perks",
    schema_id=_SCHEMAS + "perks.schema.json",
    about=_en("A file of perks (R15): a modifier as data, an engine hook with data parameters, "
              "or an action in the language used at a moment of the turn (when + action)."))


def _number(name: str, lo: int, hi: int, doc: str) -> Attribute:
    return Attribute(name, {"type": "integer", "minimum": lo, "maximum": hi}, doc=_en(doc))


#: R1.5, R10, R11: the fort track and the limits of a player board, one per set at most.
BOARD = CardKind("board", "board", (
    Attribute("costs", {"type": "array", "minItems": 1, "maxItems": 10,
                        "items": {"type": "array", "minItems": 1, "maxItems": 8,
                                  "items": {"enum": ["pizza", "toy", "either"]}}},
              required=True, doc=_en(
        "costs[i]: the resources paid to go from level i to i + 1 (R10.1); either = one of "
        "either kind.")),
    Attribute("points", {"type": "array", "minItems": 2,
                         "items": {"type": "integer", "minimum": 0, "maximum": 100}},
              required=True, doc=_en(
        "points[i]: what fort level i is worth at the end (R10.4); one more entry than costs.")),
    _number("stuff_capacity", 1, 20, "Stuff holds this many of each resource (R1.5)."),
    _number("pack_base", 0, 10, "The pack holds fort level + pack_base (R10.2)."),
    _number("lookout_base", 0, 10, "The lookout holds fort level + lookout_base (R10.2)."),
    _number("macaroni_points", 0, 50, "The macaroni sculpture (R10.3)."),
    _number("end_score", 1, 200, "Track score that triggers the end (R11.1)."),
    _number("end_level", 1, 10, "Fort level that triggers the end (R11.1)."),
    _number("supply", 1, 200, "Tokens of each resource in the supply (R1.4)."),
    Attribute("provisional", {"type": "boolean"},
              doc=_en("Some values are guesses until verified on a real board.")),
    Attribute("note", {"type": "string"},
              doc=_en("What is known and what is guessed about these values.")),
    Attribute("notes", _NOTES, doc=_en(_NOTES_DOC)),
), doc=_en("fortlang player board"), common=(), single=True, order=_ORDER,
    build=_BUILD + "build_board", label="board", slot="board",
    schema_id=_SCHEMAS + "board.schema.json",
    about=_en("The fort track and the limits of a player board (R1.5, R10, R11)."))

#: Fort's card kinds, in the order the card loader names them ("expected `kids`, ...").
CARD_KINDS: tuple[CardKind, ...] = (KIDS, RULES, PERKS, BOARD)
