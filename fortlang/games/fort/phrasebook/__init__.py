"""Fort's phrasebooks (issue 33 item 1, "a game is one folder"): Fort's words in English, French
and Russian (:mod:`.en`, :mod:`.fr`, :mod:`.ru`): its nouns (pizza, toy, the suits...), the
glossary of FORT-RULES.md, its suits after `x` and in scoring (R13.1, R14), made-up rules (R14)
and perks (R15). Fort's game module declares them (``GameModule.phrasebooks``); the core's
books (:mod:`fortlang.phrasebook`) adopt them as they would another game's, and keep the
sentence machinery, the operators' and selectors' words and each language's grammar."""
