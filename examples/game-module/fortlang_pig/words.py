"""Pig's words: three primitives, each one declaration (syntax, rule, meaning, phrases in
English, French and Russian, its bound and its effect). fortlang's parser, printer, checker,
explainer and reference read them; the engine performs their effects on Pig's table."""

from __future__ import annotations

from dataclasses import dataclass

from fortlang import nodes as n
from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Option
from fortlang.engine.interpreter import chance
from fortlang.registry import OPERATORS, PrimitiveSpec, Vocabulary
from fortlang.vocabulary import AMOUNT

#: A six-sided die, each face as likely (a chance event: the engine never searches past one).
D6 = Distribution.uniform([Option(str(face), face) for face in range(1, 7)])


@dataclass(frozen=True, slots=True)
class Bank(n.Action):
    """`bank N`: score N points."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class Roll(n.Action):
    """`roll`: roll the die; on 2 to 6 score that many points, on a 1 nothing (not in full)."""


@dataclass(frozen=True, slots=True)
class Lose(n.Action):
    """`lose N`: lose N points (never below 0; in full only if you had them all)."""

    amount: int = 1


# An effect reads the core's names: ``ctx.table`` (the PigTable, a Journal: every change goes
# through it, so a search can undo it) and ``ctx.who`` (the Seat performing). ``ctx.game`` and
# ``ctx.player`` are Fort's, set only at Fort's table.


def _bank(node: Bank, ctx, k):
    ctx.table.add_vp(ctx.who, node.amount)
    return k(True)


def _roll(node: Roll, ctx, k):
    def outcome(i: int) -> bool:
        face = D6.outcomes[i].value
        if face == 1:
            return k(False)
        ctx.table.add_vp(ctx.who, face)
        return k(True)

    return chance(ctx, D6, outcome)


def _lose(node: Lose, ctx, k):
    had = ctx.who.vp
    ctx.table.add_vp(ctx.who, -min(had, node.amount))
    return k(had >= node.amount)


BANK = PrimitiveSpec(
    "bank", Bank, "bank [N]", "P2", "Score N points (1 if no number is given).", "bank 2",
    most_times=10, frees=False, frees_rivals=False, effect=_bank, worth=lambda a: a.amount,
    phrases={"en": "score {amount} points", "fr": "marquez {amount} points",
             "ru": "получите очков: {amount}"},
    meanings={"fr": "Marquez N points (1 sans nombre).",
              "ru": "Получите N очков (1, если число не указано)."})
ROLL = PrimitiveSpec(
    "roll", Roll, "roll", "P3", "Roll the die: on 2 to 6 score that many points; on a 1, "
    "nothing, and the roll is not done in full.", "roll then bank 1",
    most_times=10, frees=False, frees_rivals=False, effect=_roll, worth=lambda a: 10 / 3,
    phrases={"en": "roll the die", "fr": "lancez le dé", "ru": "бросьте кубик"},
    meanings={"fr": "Lancez le dé : de 2 à 6, marquez autant de points ; sur un 1, rien, et "
                    "le lancer n'est pas fait en entier.",
              "ru": "Бросьте кубик: на 2–6 получите столько очков; на 1 — ничего, и бросок "
                    "не выполнен полностью."})
LOSE = PrimitiveSpec(
    "lose", Lose, "lose [N]", "P4", "Lose N points (never below 0).", "each rival -> lose 2",
    most_times=10, frees=False, frees_rivals=False, effect=_lose, worth=lambda a: -a.amount,
    phrases={"en": "lose {amount} points", "fr": "perdez {amount} points",
             "ru": "потеряйте очков: {amount}"},
    meanings={"fr": "Perdez N points (jamais sous 0).",
              "ru": "Потеряйте N очков (не ниже 0)."})

#: Pig's vocabulary: its three primitives, the core's operators (then, or, x, groups, the
#: selectors `each rival ->`, `a rival ->`, `each player ->`) and no resources or metrics.
VOCABULARY = Vocabulary("pig", (BANK, ROLL, LOSE), (), (), OPERATORS, (), kinds=(AMOUNT,))
