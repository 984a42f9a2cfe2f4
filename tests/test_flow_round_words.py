"""A flow names its own word for a round (issue 33 item 4): ``FlowSpec.round_words``, by
language, in the forms the docs' sentences need (``ROUND_FORMS``), the core's word where it
gives none; the rules page's turn structure (Markdown) and ``fortlang explain --flow`` (text
and JSON) say it in en, fr and ru. Fort's is its rulebooks' (R11.1: « la série de tours en
cours », «текущий раунд ходов»)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from fortlang import games
from fortlang.cli import main
from fortlang.docsite import flowdoc, safe
from fortlang.docsite import lexicon as lx
from fortlang.flow import Cycle, FlowSpec, Phase
from fortlang.flow.events import ROUND_END, ROUND_START
from fortlang.flow.spec import ROUND_FORMS, ROUND_WORDS

LANGS = ("en", "fr", "ru")

#: A game's own word for a round, in every form of each language.
DEAL = {"en": {"one": "deal", "many": "deals", "a": "a deal"},
        "fr": {"one": "donne", "many": "donnes", "a": "une donne"},
        "ru": {"one": "кон", "many": "коны", "gen": "кона", "ins": "коном"}}


def _spec(round_words=None, rounds: bool = True, hostile: bool = False) -> FlowSpec:
    words = dict(round_words or {})
    if hostile:
        words["en"] = {"one": "<b>x</b>", "many": "*many*", "a": "[a](javascript:y)"}
    return FlowSpec(
        turn=(Phase("deal", run="fortlang.flow.spec:no_phase", before=(ROUND_START,)),
              Phase("bank", run="fortlang.flow.spec:no_phase", after=(ROUND_END,))),
        cycle=Cycle(direction=1), game_end="fortlang.flow.spec:never",
        round_end="fortlang.flow.spec:never" if rounds else None,
        round_setup="fortlang.flow.spec:never" if rounds else None,
        round_setup_doc={"en": "shuffle"}, round_words=words)


#: The lexicon's sentences that name a round, by key.
ROUND_KEYS = ("flow_rounds", "flow_round_setup", "flow_round_end", "flow_ev_round_start",
              "flow_ev_round_end")


def _said(key: str, lang: str, forms) -> str:
    return lx.ui(key, lang).format_map(forms)


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_that_names_a_round_uses_the_games_word(lang: str) -> None:
    spec = _spec(DEAL)
    block, text = flowdoc.markdown(spec, lang), flowdoc.text(spec, lang)
    facts = flowdoc.structure(spec, lang)
    assert facts["round_words"] == DEAL[lang]
    for key in ("flow_round_setup", "flow_round_end"):
        said = lx.cap(_said(key, lang, DEAL[lang]))
        assert lx.label_text(said, lang) in block
        assert f"  {said}{' :' if lang == 'fr' else ':'} " in text
    # the runtime's round events, named in a phase's before/after
    assert [e["words"] for e in facts["phases"][0]["before"]] == \
        [_said("flow_ev_round_start", lang, DEAL[lang])]
    assert [e["words"] for e in facts["phases"][1]["after"]] == \
        [_said("flow_ev_round_end", lang, DEAL[lang])]
    for said in (facts["phases"][0]["before"][0]["words"],
                 facts["phases"][1]["after"][0]["words"]):
        assert said in text and safe.markdown(said) in block
    core = ROUND_WORDS[lang]["one"]
    assert core not in block and core not in text  # the core's word is gone


@pytest.mark.parametrize("lang", LANGS)
def test_without_its_own_word_a_flow_says_the_cores(lang: str) -> None:
    spec = _spec()
    assert flowdoc.structure(spec, lang)["round_words"] == ROUND_WORDS[lang]
    said = lx.cap(_said("flow_round_end", lang, ROUND_WORDS[lang]))
    assert lx.label_text(said, lang) in flowdoc.markdown(spec, lang)
    assert said in flowdoc.text(spec, lang)
    # a word given in another language only: this one keeps the core's
    other = {"fr": DEAL["fr"]} if lang != "fr" else {"en": DEAL["en"]}
    assert flowdoc.structure(_spec(other), lang)["round_words"] == ROUND_WORDS[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_a_flow_without_rounds_names_them_in_its_word(lang: str) -> None:
    spec = _spec(DEAL, rounds=False)
    said = lx.cap(DEAL[lang]["many"])
    assert lx.label_text(said, lang) in flowdoc.markdown(spec, lang)
    assert f"  {said}{' :' if lang == 'fr' else ':'} " in flowdoc.text(spec, lang)


def test_a_round_word_lacking_a_form_or_with_a_stray_one_is_refused() -> None:
    with pytest.raises(ValueError, match=r"in 'ru' has the forms \['one', 'many', 'gen', 'ins'\]"):
        _spec({"ru": {"one": "кон", "many": "коны", "gen": "кона"}})
    with pytest.raises(ValueError, match="in 'fr' has the forms"):
        _spec({"fr": {**DEAL["fr"], "gen": "de donne"}})
    with pytest.raises(ValueError, match="in 'en' has the forms"):
        _spec({"en": {**DEAL["en"], "a": " "}})
    assert set(ROUND_FORMS) == set(ROUND_WORDS) == set(LANGS)
    for lang, forms in ROUND_WORDS.items():
        assert tuple(forms) == ROUND_FORMS[lang]


def test_the_games_word_is_escaped_as_data() -> None:
    block = flowdoc.markdown(_spec(hostile=True), "en")
    for raw in ("<b>", "*many*", "[a]", "(javascript"):
        assert raw not in block
    assert safe.markdown("[a](javascript:y)") in block


# -- Fort's words: its rulebooks' ----------------------------------------------------------------

FORT_ROUND = {"en": "round", "fr": "série de tours", "ru": "раунд"}


def _explain(*args: str):
    return CliRunner().invoke(main, ["explain", *args])


@pytest.mark.parametrize("lang", LANGS)
def test_fort_declares_its_rulebooks_word_and_explain_flow_says_it(lang: str) -> None:
    spec = games.flow_of(games.game_named("fort"))
    assert spec is not None
    assert spec.round_words[lang]["one"] == FORT_ROUND[lang]
    text = _explain("--flow", "--lang", lang)
    assert text.exit_code == 0, text.output
    said = lx.cap(_said("flow_round_end", lang, spec.round_words[lang]))
    assert said in text.stdout
    data = json.loads(_explain("--flow", "--json", "--lang", lang).stdout)
    assert data["round_words"] == spec.round_words[lang]
    if lang == "fr":  # the core's « manche » is not Fort's word
        assert "manche" not in text.stdout
        assert "Fin d'une série de tours" in text.stdout
    page = flowdoc.markdown(spec, lang)
    assert lx.label_text(said, lang) in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_events_a_step_fires_during_its_phase_are_named(lang: str) -> None:
    spec = FlowSpec(turn=(Phase("play", run="fortlang.flow.spec:no_phase",
                                during=("played", "turn_end")),),
                    game_end="fortlang.flow.spec:never",
                    events={"played": {"en": "a card is played", "fr": "une carte est jouée",
                                       "ru": "карта сыграна"}})
    facts = flowdoc.structure(spec, lang)
    during = facts["phases"][0]["during"]
    assert [e["event"] for e in during] == ["played", "turn_end"]
    assert during[0]["words"] == spec.events["played"][lang]
    assert during[1]["words"] == lx.ui("flow_ev_turn_end", lang)
    for show, escape in ((flowdoc.text, str), (flowdoc.markdown, safe.markdown)):
        said = lx.ui("flow_during", lang).format(
            events=", ".join(escape(e["words"]) for e in during))
        assert said in show(spec, lang)
