"""A quantity another vocabulary declares (docs/plugins.md: "new primitives and quantities") is a
`Tally` over its word with a declared measure, phrases and meanings: it parses, checks, prints,
explains in every language, shows on a card's strip and in the reference, and the engine counts
it (R13.3). A quantity the engine could not count is refused when the vocabulary is built; a
plugin with a word it could not perform or say in every language is E341 when it loads, never
a traceback later (a checker or engine crash on a card `check` accepted)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from functools import partial

import pytest
from builders import kid
from click.testing import CliRunner
from plugin_site import EXPANSION, install

from fortlang import nodes as n
from fortlang import registry
from fortlang.agents.bots import worth
from fortlang.checker import check
from fortlang.cli import main
from fortlang.docsite.reference import quantities
from fortlang.docsite.strip import glyphs
from fortlang.engine import ScriptedAgent
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.docs import DOCS
from fortlang.games.fort.play import perform
from fortlang.games.fort.table import Game
from fortlang.parser import language
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.sim.seats import Seats

FRIENDS = registry.WordSpec(
    "friends", "X9", "each card in your yard and your lookout", partial(n.Tally, "friends"),
    bound=12, typical=3.0, measure=lambda p: len(p.yard) + len(p.lookout), base=False,
    phrases={"en": "for each friend", "fr": "pour chaque ami", "ru": "за каждого друга"},
    meanings={"fr": "chaque carte de votre Jardin et de votre Observatoire",
              "ru": "каждая карта вашего двора и дозора"})
VOCAB = fort_words.FORT.extended("fort+friends", quantities=(FRIENDS,))
WORDS = language(VOCAB)


def test_it_is_a_word_of_its_vocabulary_that_checks_and_prints() -> None:
    action = WORDS.parse_action("score x friends")
    assert action == n.Repeat(fn.Score(), n.Tally("friends"))
    assert check(action) == [] and to_text(action) == "score x friends"
    assert worth(action) == pytest.approx(1.6 * 3.0)  # the greedy bot's typical count
    assert [g.text for g in glyphs(action)][-1] == "friends"


@pytest.mark.parametrize("lang, words", [("en", "for each friend"), ("fr", "pour chaque ami"),
                                         ("ru", "за каждого друга")])
def test_it_explains_itself_and_appears_in_the_reference(lang: str, words: str) -> None:
    assert words in sentence(WORDS.parse_action("gain pizza x friends"), lang)
    page = quantities(lang, VOCAB, DOCS)  # Fort's words and pictures, and the plugin's word
    assert "`friends`" in page and words in page
    assert "`friends`" not in quantities(lang, docs=DOCS)  # Fort's reference is unchanged


def test_the_engine_counts_it_with_its_measure() -> None:
    game = Game(2, asker=Seats([ScriptedAgent(), ScriptedAgent()]), debug=True)
    p = game.players[0]
    game.new_cards([kid("A", "book", "score"), kid("B", "book", "score")], p.yard)
    game.new_cards([kid("C", "glue", "score")], p.lookout)
    assert perform(game, 0, WORDS.parse_action("score x friends"))
    assert p.vp == 3


@dataclass(frozen=True, slots=True)
class Moons(n.Quantity):
    pass


@pytest.mark.parametrize("spec, says", [
    (registry.WordSpec("moons", "X9", "m", Moons, bound=6, measure=len), "must build Tally"),
    (registry.WordSpec("stars", "X9", "s", partial(n.Tally, "stars"), bound=6), "no `measure`"),
    (registry.WordSpec("comets", "X9", "c", partial(n.Tally, "comets"), measure=len,
                       phrases=FRIENDS.phrases, meanings=FRIENDS.meanings), "no `bound`"),
    (registry.WordSpec("hand", "X9", "h", partial(n.Tally, "hand"), bound=6, measure=len,
                       phrases=FRIENDS.phrases, meanings=FRIENDS.meanings), "declared twice"),
])
def test_a_quantity_the_engine_could_not_count_or_say_is_refused(spec, says) -> None:
    with pytest.raises(ValueError, match=says):
        fort_words.FORT.extended("fort+bad", quantities=(spec,))


_PLUGIN = ("from dataclasses import dataclass\n"
           "from functools import partial\n"
           "from fortlang import nodes as n\n"
           "from fortlang.plugins import VocabularyPlugin\n"
           "from fortlang.registry import PrimitiveSpec, WordSpec\n"
           "ALL = dict(phrases={'en': 'x', 'fr': 'x', 'ru': 'x'},\n"
           "           meanings={'fr': 'x', 'ru': 'x'})\n"
           "@dataclass(frozen=True, slots=True)\n"
           "class Hop(n.Action):\n"
           "    pass\n")


@pytest.mark.usefixtures("fresh_vocabularies")
@pytest.mark.parametrize("words, says", [
    ("quantities=(WordSpec('moons', 'X9', 'm', partial(n.Tally, 'moons'), bound=6, **ALL),)",
     "quantity `moons` declares no `measure`"),
    ("quantities=(WordSpec('suns', 'X9', 's', partial(n.Tally, 'suns'), bound=6, measure=len, "
     "phrases={'en': 'for each sun'}),)",
     "quantity `suns` declares no fr phrase, ru phrase, fr meaning, ru meaning"),
    ("primitives=(PrimitiveSpec('hop', Hop, 'hop', 'X1', 'Hop.', 'hop', effect=print, "
     "phrases={'en': 'hop', 'fr': 'sautez'}, meanings=ALL['meanings']),)",
     "primitive `hop` declares no ru phrase"),
    ("primitives=(PrimitiveSpec('hop', Hop, 'hop', 'X1', 'Hop.', 'hop', **ALL),)",
     "primitive `hop` declares neither `effect` nor `op`"),
    ("quantities=(WordSpec('eons', 'X9', 'e', lambda: 1 / 0, bound=6, measure=len, **ALL),)",
     "quantity `eons`: its build fails: ZeroDivisionError"),
    ("primitives=('hop',)", "AttributeError"),
])
def test_a_plugin_with_a_word_it_cannot_perform_or_say_is_e341(tmp_path, monkeypatch, words,
                                                               says) -> None:
    """Refused when it loads, naming what is missing, instead of a traceback when `explain`,
    the docs or the engine meet the word."""
    code = _PLUGIN + f"VOCABULARY = VocabularyPlugin('backyard', {words})\n"
    module = f"odd_backyard_{tmp_path.name.replace('-', '_')}"  # one per case: not in sys.modules
    site = install(tmp_path / "site", module=module, code=code)
    monkeypatch.syspath_prepend(str(site))
    folder = tmp_path / "set"
    shutil.copytree(EXPANSION, folder)
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(folder)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "error[E341]: vocabulary `backyard` fails to load: " in result.output
    assert says in result.output
