"""GreedyNer: spaCy's NER decoded here gives exactly spaCy's entities."""

from __future__ import annotations

import pytest

spacy = pytest.importorskip("spacy")

from guardian.detect.greedy_ner import GreedyNer, decodes  # noqa: E402
from guardian.detect.presidio_engine import DEFAULT_MODEL, load_ner  # noqa: E402

TEXTS = (
    "Yesterday Maria Garcia flew from Madrid to visit her sister at Acme Corp for $300.",
    "The applicant, a Turkish national born in 1962, lives in Ankara and worked for the Ministry of Justice.",
    "On 3 May 2020 at 10 a.m. the court in Strasbourg fined him 2,000 euros; 3 kg of cocaine, the first count.",
    "Dear Dr. Rajesh Kumar Patel,\n\n  please call  Ines Moreau  at the Louvre   on Friday.\n\n",
    "Ends with a name: we met Jean-Luc Picard",  # an entity open at the last token
    "Barack Obama",  # the whole text one entity
    "Paris",  # one token
    "",
    "   \n\t  ",
    "i talked to john smith from google about the new york office last tuesday",
    "Привет, 我叫李雷, je m'appelle Jean Dupont und wohne in Köln.",
    "The European Court of Human Rights (ECHR) and the United Nations High Commissioner for Refugees met in "
    "Geneva, Switzerland, on the 14th of February, 2019, with 47 member states.",
)


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_ner(DEFAULT_MODEL).nlp


def test_the_shipped_model_is_decoded_here(nlp) -> None:  # type: ignore[no-untyped-def]
    assert decodes(nlp)


@pytest.mark.parametrize("text", TEXTS)
def test_the_same_entities_as_spacy(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    expected = [(e.start_char, e.end_char, e.label_) for e in nlp(text).ents]
    assert [tuple(e) for e in GreedyNer(nlp).entities(text)] == expected


def test_long_text_the_same_as_spacy(nlp) -> None:  # type: ignore[no-untyped-def]
    text = " ".join(TEXTS) * 6  # long enough for many entities, some at every position
    expected = [(e.start_char, e.end_char, e.label_) for e in nlp(text).ents]
    assert len(expected) > 60
    assert [tuple(e) for e in GreedyNer(nlp).entities(text)] == expected


def test_another_pipe_on_leaves_the_decoding_to_spacy() -> None:
    other = spacy.load(DEFAULT_MODEL, exclude=["tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "senter"])
    other.add_pipe("entity_ruler", before="ner")  # its entities would be preset ones, which this decoder does not read
    assert not decodes(other)
    assert not decodes(object())  # type: ignore[arg-type]


class _Eager(GreedyNer):
    """Scores that always want an entity (Begin over Unit over Out, In over Last): what is found
    is then what the moves' validity rules allow, as spaCy's `ner.pyx` states them."""

    def _scores(self, unmaxed):  # type: ignore[no-untyped-def]
        import numpy as np

        scores = np.zeros((unmaxed.shape[0], len(self._labels)), dtype="f")
        person = [i for i, label in enumerate(self._labels) if label == "PERSON"]
        for i in person:
            scores[:, i] = {"B": 4, "U": 3, "I": 2, "L": 1}[self._kind[i]]
        return scores


@pytest.mark.parametrize("text,expected", [
    ("Paris", [(0, 5)]),  # the last token cannot Begin: a Unit
    ("  Ann Lee", [(2, 9)]),  # no entity starts on whitespace; an open one must end (Last) at the end
    ("Ann  Lee", [(0, 8)]),  # inside an entity, whitespace may go on (In)
])
def test_the_moves_follow_spacys_validity_rules(nlp, text: str, expected: list[tuple[int, int]]) -> None:  # type: ignore[no-untyped-def]
    eager = _Eager(nlp)
    assert [(e.start, e.end) for e in eager.entities(text)] == expected
