"""What Fort's phrasebooks share (R12.1, R15): the kinds a resource stands for, and a perk's
text from its hook and parameters (the data decides; each language's words only say it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from fortlang.games.fort.model import PERK_DEFAULTS, Perk, PerkHook
from fortlang.games.fort.nodes import Resource
from fortlang.phrasebook.base import Say
from fortlang.phrasebook.grammar import join_list
from fortlang.registry import trigger_of

#: The resource kinds a resource stands for; pizza/toy is said as "pizza or toy" (R12.1).
KINDS: dict[Resource, tuple[str, ...]] = {
    Resource.PIZZA: ("pizza",),
    Resource.TOY: ("toy",),
    Resource.EITHER: ("pizza", "toy"),
}


# -- perks (R15) --------------------------------------------------------------------------------

#: The base game's one MODIFY perk (XXL Backpack), said when a MODIFY perk carries no data.
MODIFY_DEFAULT: dict[str, object] = {"pack_capacity": 2}
#: What each parameter counts, for the plural of its number.
PERK_UNITS = {"max_discards": "card", "extra_cost": "resource", "pack_capacity": "resource",
              "lookout_capacity": "card", "stuff_capacity": "resource"}


@dataclass(frozen=True)
class PerkWords:
    count: Callable[[str, int], str]
    either: str  # "or", to list the places a card may come from
    origins: Mapping[str, str]  # "park" -> "the park" (what follows "from")
    targets: Mapping[str, str]  # "hand" -> "your hand" (what follows "into")
    hooks: Mapping[PerkHook, str]  # templates over the hook's parameters (and {use}, below)
    modify: Mapping[str, str]  # MODIFY parameter -> "your pack holds {n} more"
    use_once: str  # {use} of a single-use perk: "destroy this perk to"
    use_again: str  # {use} of a perk that stays: "you may"
    used_up: str  # added to a template without {use} when the perk is single use
    lang: str = "en"  # the trigger phrases of perks in the language are looked up by it
    #: A perk in the language: "{trigger}, if you wish: {action}"; a single-use one's action
    #: is "destroy this perk, then {action}".
    optional: str = "{trigger}, if you wish: {action}"
    destroy_first: str = "destroy this perk, then {action}"


def perk_clause(words: PerkWords, perk: Perk, say: Say | None = None) -> str:
    """A perk's text from its hook and parameters (the data decides; the words only say it);
    a perk written in the language is its trigger's clause and its action's (``say``)."""
    if perk.hook is PerkHook.ACTION and perk.action is not None and say is not None:
        action = say(perk.action)
        if perk.single_use:
            action = words.destroy_first.format(action=action)
        return words.optional.format(trigger=trigger_of(perk.when).phrases[words.lang],
                                     action=action)
    params = {**PERK_DEFAULTS.get(perk.hook, {}), **perk.params}

    def said(key: str, v: object) -> str:
        unit = PERK_UNITS.get(key)
        if unit and isinstance(v, int):
            return words.count(unit, v)
        if key == "from":
            places = [v] if isinstance(v, str) else list(v)  # type: ignore[call-overload]
            return join_list([words.origins.get(str(p), str(p)) for p in places], words.either)
        return words.targets.get(str(v), str(v))

    if perk.hook is PerkHook.MODIFY:  # pure data with open-ended keys: one clause per limit
        changes = {k: said(k, v) for k, v in (perk.params or MODIFY_DEFAULT).items()}
        return "; ".join(words.modify.get(k, f"{k.replace('_', ' ')} +{{n}}").format(n=v)
                         for k, v in changes.items())
    template = words.hooks[perk.hook]
    values = {k: said(k, v) for k, v in params.items()}
    values["use"] = words.use_once if perk.single_use else words.use_again
    text = template.format_map(values)
    return text + words.used_up if perk.single_use and "{use}" not in template else text
