"""Fort at the terminal (``fortlang play`` on Fort's sets, ``GameModule.terminal``): a person
at seat 0 against bots, over the pull API. The person's player and the narrated bots are
:mod:`fortlang.games.fort.agents.human`; what each seat sees of the others' answers is Fort's
disclosure (:mod:`.disclosure`), and what an answer did is Fort's narration (:mod:`.narration`).
"""

from __future__ import annotations

import sys
from typing import Any

from fortlang.games.fort.model import kids_of
from fortlang.model import CardSet


def play_fort(cardset: CardSet, players: int, *, seed: int, bots: list[str], lang: str,
              draft: bool) -> None:
    """One game of Fort with seat 0 at the terminal, the others the ``bots`` (repeated as
    needed); exits 0 when the person quits."""
    from rich.console import Console

    from fortlang.agents.bots import agent_seed
    from fortlang.agents.terminal import Quit
    from fortlang.games.fort.agents.bots import make_bot
    from fortlang.games.fort.agents.human import (
        HumanAgent,
        Narrated,
        markup_text,
        seat_label,
        tell_events,
    )
    from fortlang.games.fort.disclosure import revealed_at_end
    from fortlang.games.fort.narration import changes, snapshot
    from fortlang.games.fort.sim.pull import GameState, answer, watch
    from fortlang.i18n import ui

    cards = {k.id: k for k in kids_of(cardset)}
    console = Console(highlight=False)
    names = [ui(lang, "you")] + [bots[(i - 1) % len(bots)] for i in range(1, players)]
    agents: list[Any] = [HumanAgent(console, sys.stdin, lang, names, cards)]
    agents += [Narrated(make_bot(names[seat], agent_seed(seed, seat)), console, names[seat],
                        lang=lang, cards=cards)
               for seat in range(1, players)]

    def who(seat: int) -> str:
        return ui(lang, "seat_named", seat=seat_label(lang, seat), name=names[seat])

    console.print(ui(lang, "start", players=players, seed=seed, seat=seat_label(lang, 0)),
                  markup=False)
    state = GameState(cardset, players, seed=seed, draft=draft)
    announced = False
    before = None
    try:  # the agents answer from outside the engine (the pull API)
        while not state.is_terminal():
            if not announced and state.first is not None:
                console.print(ui(lang, "plays_first", seat=seat_label(lang, state.first)))
                announced = True
            watch(state, enumerate(agents))  # the search bots see the table at every decision
            d = state.decision()
            now = snapshot(state.game)  # what the last answer did, told before the next
            if before is not None:
                tell_events(console, changes(before, now, 0), lang, names)
            before = now
            state.apply_action(answer(agents[d.player], state, d))
        if before is not None:
            tell_events(console, changes(before, snapshot(state.game), 0), lang, names)
        if not announced and state.first is not None:  # set once set-up is over (R2.1)
            console.print(ui(lang, "plays_first", seat=seat_label(lang, state.first)))
        out = state.outcome()
    except (Quit, KeyboardInterrupt) as e:
        state.close()
        why = ui(lang, f"bye.{e}") if isinstance(e, Quit) else ui(lang, "bye.interrupted")
        console.print("\n" + ui(lang, "bye", why=why, seed=seed), markup=False)
        sys.exit(0)
    console.print(f"\n[bold]{ui(lang, 'final')}[/] {ui(lang, 'final.formula')}")
    rules = dict(revealed_at_end(state.game))  # scored face up (R11.2, R14)
    for s in out.scores:
        rule = f" ({markup_text(rules[s.seat])})" if s.seat in rules else ""
        console.print(ui(lang, "score", who=markup_text(who(s.seat)), total=s.total,
                         track=s.track, fort=s.fort, rule=s.rule, rule_name=rule,
                         macaroni=s.macaroni, level=s.level))
    won = ui(lang, "and").join(who(w) for w in out.winners)
    console.print(ui(lang, "winner", who=markup_text(won), turns=out.turns,
                     triggers=", ".join(ui(lang, f"trigger.{t}") for t in out.triggers)))
