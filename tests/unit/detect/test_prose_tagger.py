"""The prose tagger: decoding, the recogniser's mapping, the shipped weights and their record,
and (with the model) private details tagged while public knowledge is left alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from guardian.categories import DataCategory as C
from guardian.anonymize.fast_attacker.encoder import TokenEncoder, TokenStates
from guardian.detect.prose_tagger import (
    FEATURES, LABELS, ProseEncoder, ProseTagger, ProseTaggerError, ProseWeights, TaggedEntity, decode, load_tagger,
    token_features, weights_path, word_probs,
)
from guardian.detect.recognizers import MoneyRecognizer, NerRecognizer, ProseTaggerRecognizer
from guardian.detect.registry import default_recognizers, recognizer_classes
from guardian.errors import ConfigError
from guardian.records import Field

THRESHOLDS = {c: 0.5 for c in LABELS}


def _probs(rows: list[tuple[int, float]]) -> np.ndarray:
    """One row per word: (class index in LABELS + 1, or 0; its probability)."""
    out = np.zeros((len(rows), 1 + len(LABELS)), np.float32)
    for i, (k, p) in enumerate(rows):
        out[i, k] = p
        out[i, 0 if k else 1] += 1 - p
    return out


# -- decoding --------------------------------------------------------------------------------


def test_decode_joins_neighbours_of_one_class_and_trims_possessives() -> None:
    text = "Ines Moreau's flat in Lyon"
    words = [(0, 4), (5, 13), (14, 18), (19, 21), (22, 26)]
    probs = _probs([(1, 0.9), (1, 0.8), (0, 0.9), (0, 0.9), (2, 0.7)])
    got = decode(text, words, probs, THRESHOLDS)
    assert [(e.label, text[e.start : e.end]) for e in got] == [("PERSON", "Ines Moreau"), ("LOCATION", "Lyon")]
    assert got[0].score == pytest.approx(0.9)


def test_decode_keeps_classes_and_punctuation_apart() -> None:
    text = "Ann, Bob Lyon"
    words = [(0, 3), (5, 8), (9, 13)]
    got = decode(text, words, _probs([(1, 0.9), (1, 0.9), (2, 0.9)]), THRESHOLDS)
    assert [text[e.start : e.end] for e in got] == ["Ann", "Bob", "Lyon"]


def test_decode_thresholds_and_placeholders() -> None:
    text = "PERSON_1 met Ann and [LOCATION]"
    words = [(0, 6), (7, 8), (9, 12), (13, 16), (17, 20), (22, 30)]
    got = decode(text, words, _probs([(1, 0.99), (1, 0.99), (0, 0.9), (1, 0.4), (0, 0.9), (2, 0.9)]), THRESHOLDS)
    assert got == []  # a rewrite's own placeholders are not names; 0.4 is under the threshold


def test_word_probs_average_tokens_of_a_word() -> None:
    text = "Moreau lives"
    offsets = np.array([[0, 3], [3, 6], [7, 12]])
    probs = _probs([(1, 0.8), (1, 0.6), (0, 0.9)])
    words, wp = word_probs(text, offsets, probs)
    assert words == [(0, 6), (7, 12)]
    assert wp[0, 1] == pytest.approx(0.7)


def test_token_features_read_casing_the_encoder_cannot_see() -> None:
    text = "Will you call Will? SSN"
    offsets = np.array([[0, 4], [5, 8], [9, 13], [14, 18], [18, 19], [20, 23]])
    f = token_features(text, offsets)
    assert f.shape == (6, FEATURES)
    assert f[0, 0] == 1 and f[0, 5] == 1  # title case, sentence start
    assert f[1, 2] == 1 and f[1, 5] == 0  # lower case inside a sentence
    assert f[3, 0] == 1 and f[3, 5] == 0  # "Will" mid-sentence
    assert f[4, 6] == 1  # punctuation
    assert f[5, 1] == 1  # all capitals
    assert token_features("", np.zeros((0, 2), np.int64)).shape == (0, FEATURES)


# -- the recogniser, with a fake tagger ------------------------------------------------------


class FakeTagger:
    def __init__(self, entities: list[TaggedEntity]) -> None:
        self.entities = entities
        self.calls = 0

    def tag(self, text: str) -> list[TaggedEntity]:
        self.calls += 1
        return self.entities


def test_recognizer_maps_classes_to_categories_and_spans() -> None:
    text = "Ines Moreau works at Acme Corp, lives at 12 rue X in Lyon, visit on 3 May."
    ents = [TaggedEntity("PERSON", 0, 11, 0.9), TaggedEntity("ORGANIZATION", 21, 30, 0.8),
            TaggedEntity("LOCATION", 41, 49, 0.8), TaggedEntity("LOCATION", 53, 57, 0.7),
            TaggedEntity("DATE", 68, 73, 0.6)]
    rec = ProseTaggerRecognizer(FakeTagger(ents))  # type: ignore[arg-type]
    found = rec.analyze(Field("text:", "", text))
    got = [(f.entity, f.category, f.quasi, text[f.start : f.end]) for f in found]
    assert got == [
        ("PERSON", C.CONTACT, False, "Ines Moreau"),
        ("ORGANIZATION", C.CONTACT, True, "Acme Corp"),
        ("STREET_ADDRESS", C.POSTAL_ADDRESS, False, "12 rue X"),
        ("LOCATION", C.LOCATION_COARSE, True, "Lyon"),
        ("DATE_TIME", C.CONTACT, True, "3 May"),
    ]
    assert found[0].score == pytest.approx(0.9 * ProseTaggerRecognizer.SCORE_SCALE, abs=1e-4)
    assert all(f.recognizer == "prose_tagger" for f in found)


def test_a_span_of_function_words_alone_is_no_entity() -> None:
    """The tagger's "the" of "the Truvada" as an organisation would be pseudonymised everywhere in the
    conversation ("Search [ORGANIZATION_1] current directory"): function words alone are no name."""
    text = "Sorry, brain fog from the Truvada. Search the current directory tree."
    ents = [TaggedEntity("ORGANIZATION", 22, 25, 0.9), TaggedEntity("ORGANIZATION", 22, 33, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found if f.entity == "ORGANIZATION"] == ["Truvada"]  # its article is the sentence's


def test_a_lone_letter_is_no_name() -> None:
    text = "What candy lured E.T. home? Ask T. Rex Smith."
    ents = [TaggedEntity("PERSON", 19, 20, 0.9), TaggedEntity("PERSON", 35, 44, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found] == ["T. Rex Smith"]  # an initial widens a name; alone it is none


def test_a_lower_case_organisation_or_place_in_a_cased_text_is_a_common_noun() -> None:
    text = "Our youth association meets in Leeds. Which club won?"
    ents = [TaggedEntity("ORGANIZATION", 4, 21, 0.9), TaggedEntity("LOCATION", 31, 36, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found] == ["Leeds"]
    text = "i work at acme in leeds"  # a text written without capitals: the model's guess is all there is
    ents = [TaggedEntity("ORGANIZATION", 10, 14, 0.9), TaggedEntity("LOCATION", 18, 23, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found] == ["acme", "leeds"]


def test_an_organisations_or_places_article_is_the_sentences() -> None:
    text = "I study at the University of Leeds near The Meadows."
    org, place = text.index("the University of Leeds"), text.index("The Meadows")
    ents = [TaggedEntity("ORGANIZATION", org, org + 23, 0.9), TaggedEntity("LOCATION", place, place + 11, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found] == ["University of Leeds", "Meadows"]


def test_an_organisation_takes_in_the_kind_of_institution_after_it() -> None:
    """The model may end "Georgia Tech" at "Georgia" or read "Primary" of "Oakwood Primary" as a place
    of its own: the kind of institution closes the organisation's name, and the rest would leak."""
    text = "I graduated from Georgia Tech and my kids go to Oakwood Primary now."
    ga, oak, primary = text.index("Georgia"), text.index("Oakwood"), text.index("Primary")
    ents = [TaggedEntity("ORGANIZATION", ga, ga + 7, 0.9), TaggedEntity("ORGANIZATION", oak, oak + 7, 0.5),
            TaggedEntity("LOCATION", primary, primary + 7, 0.6)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [(f.entity, text[f.start:f.end]) for f in found] == [("ORGANIZATION", "Georgia Tech"),
                                                                  ("ORGANIZATION", "Oakwood Primary")]


def test_a_contraction_is_no_word_of_a_name() -> None:
    """ "I'm Nigerian": the tagger's "Nigerian" is not widened over "I'm" (a pronoun's contraction)."""
    text = "I'm Nigerian, and It's Ada Obi here."
    ents = [TaggedEntity("PERSON", 4, 12, 0.9), TaggedEntity("PERSON", 23, 26, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found] == ["Nigerian", "Ada Obi"]


def test_a_dictionary_word_before_a_name_is_no_part_of_it() -> None:
    """ "Devout Mormon", "Since Dhaliwal": a word of the dictionary that is no given name or surname
    does not widen a name; "Will" does."""
    if _dictionary_missing():
        pytest.skip("the English dictionary (spaCy's model) is not installed")
    text = "Since Dhaliwal hired me, Will Smith and I commute."
    ents = [TaggedEntity("PERSON", 6, 14, 0.9), TaggedEntity("PERSON", 30, 35, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found] == ["Dhaliwal", "Will Smith"]


def test_a_lower_case_dictionary_word_in_a_cased_text_is_no_name() -> None:
    """ "hard" of "I'm hard of hearing" is no one's name; a lower-case given name ("john") may be."""
    if ProseTaggerRecognizer().available is False or _dictionary_missing():
        pytest.skip("the English dictionary (spaCy's model) is not installed")
    text = "I'm hard of hearing. My friend john asked too."
    ents = [TaggedEntity("PERSON", 4, 8, 0.9), TaggedEntity("PERSON", 31, 35, 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [text[f.start:f.end] for f in found] == ["john"]


def _dictionary_missing() -> bool:
    from guardian.detect._english import model_english_words

    return model_english_words() is None


def test_an_unknown_title_case_word_after_a_place_preposition_is_a_place_candidate() -> None:
    from guardian.detect.recognizers.prose_tagger import PLACE_GUESS_SCORE, _dictionary

    if _dictionary() is None:
        pytest.skip("spaCy's English model (its dictionary) is not installed")
    text = "(writing from Grudziądz, where the wifi is slow) In SQL, how do I join data from Snowflake in Python?"
    found = ProseTaggerRecognizer(FakeTagger([])).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [(text[f.start:f.end], f.entity, f.score) for f in found] == [("Grudziądz", "LOCATION", PLACE_GUESS_SCORE)]
    text = "I've voted Labour all my life, but: can I do this in Perl?"  # in a clause that asks: its topic
    assert ProseTaggerRecognizer(FakeTagger([])).analyze(Field("text:", "", text)) == []  # type: ignore[arg-type]


def test_recognizer_reads_prose_only() -> None:
    fake = FakeTagger([TaggedEntity("PERSON", 0, 3, 0.9)])
    rec = ProseTaggerRecognizer(fake)  # type: ignore[arg-type]
    assert rec.analyze(Field("json:$.id", "id", "ab12")) == []
    assert fake.calls == 0
    assert rec.costly and not rec.reads("x1") and rec.reads("Ann called about the invoice")


def test_registry_prose_choice() -> None:
    assert NerRecognizer in recognizer_classes("spacy")
    tagger = recognizer_classes("tagger")
    assert ProseTaggerRecognizer in tagger and NerRecognizer not in tagger
    # the tagger's list has the amounts reader too (spaCy's NER finds amounts itself)
    assert set(tagger) - set(recognizer_classes("spacy")) == {ProseTaggerRecognizer, MoneyRecognizer}
    with pytest.raises(ConfigError):
        default_recognizers("bert")


# -- weights and record ----------------------------------------------------------------------


def test_shipped_weights_and_record() -> None:
    w = ProseWeights.load(weights_path())
    meta = json.loads(weights_path().with_suffix(".json").read_text())
    for key in ("data", "split", "seed", "metrics", "thresholds", "command", "layers", "encoder", "fit"):
        assert key in meta, key
    # records written before the lab moved out name `guardian`, later ones `guardian-lab`
    assert any(c in meta["command"] for c in ("guardian detect train-tagger", "guardian-lab detect train-tagger"))
    assert set(w.thresholds) == set(LABELS) and all(0 < t <= 1 for t in w.thresholds.values())
    assert set(meta["metrics"]) == {"train", "val"}
    assert "TAB dev" in meta["split"] or "never read" in meta["split"]


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "w.npz"
    shutil.copy(weights_path(), dst)
    shutil.copy(weights_path().with_suffix(".json"), dst.with_suffix(".json"))
    return dst


def test_corrupt_weights_raise_config_error(tmp_path: Path) -> None:
    dst = _copy(tmp_path)
    dst.write_bytes(dst.read_bytes()[:200])  # truncated
    with pytest.raises(ProseTaggerError):
        ProseWeights.load(dst)
    assert issubclass(ProseTaggerError, ConfigError)
    with pytest.raises(ProseTaggerError):
        ProseWeights.load(tmp_path / "missing.npz")


def test_wrong_shapes_bad_values_and_bad_record(tmp_path: Path) -> None:
    w = ProseWeights.load(weights_path())
    bad = dict(w.arrays, W2=w.arrays["W2"][:, :2])
    with pytest.raises(ProseTaggerError, match="W2"):
        ProseWeights(bad, w.meta).check()
    nan = dict(w.arrays, b1=np.full_like(w.arrays["b1"], np.nan))
    with pytest.raises(ProseTaggerError, match="non-finite"):
        ProseWeights(nan, w.meta).check()
    with pytest.raises(ProseTaggerError, match="layers"):
        ProseWeights(w.arrays, dict(w.meta, layers=9)).check()
    dst = _copy(tmp_path)
    dst.with_suffix(".json").write_text("{not json")
    with pytest.raises(ProseTaggerError, match="not JSON"):
        ProseWeights.load(dst)


def test_recognizer_without_usable_weights_is_off_not_broken(tmp_path: Path) -> None:
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a zip")
    rec = ProseTaggerRecognizer(weights=broken)
    assert not rec.available
    assert rec.analyze(Field("text:", "", "Ines Moreau asked to be called back on Tuesday.")) == []


# -- the memory of texts read ------------------------------------------------------------------


class _CountingEncoder:
    """An encoder that records what it is asked to read (no model)."""

    def __init__(self, variant: str, layers: int) -> None:
        self.variant, self.layers = variant, layers
        self.read: list[str] = []

    def encode(self, texts: list[str]) -> list[None]:
        self.read.extend(texts)
        return [None] * len(texts)


def test_the_tagger_reads_a_text_once_while_it_remembers_it(monkeypatch: pytest.MonkeyPatch) -> None:
    weights = ProseWeights.load(weights_path())
    encoder = _CountingEncoder(weights.variant, weights.layers)
    tagger = ProseTagger(weights, encoder=encoder, cache_texts=2)  # type: ignore[arg-type]
    monkeypatch.setattr(tagger, "tag_states", lambda text, states: [TaggedEntity("PERSON", 0, len(text), 0.9)])

    def tags(*texts: str) -> list[list[str]]:
        return [[t[e.start : e.end] for e in found] for t, found in zip(texts, tagger.tag_many(list(texts)))]

    assert tags("Ann met us", "Bo met us") == [["Ann met us"], ["Bo met us"]]
    assert tags("Bo met us", "Cy met us") == [["Bo met us"], ["Cy met us"]]  # one read, one remembered
    assert encoder.read == ["Ann met us", "Bo met us", "Cy met us"]
    tags("Ann met us")  # the oldest was forgotten (two texts kept): read again
    assert encoder.read[-1] == "Ann met us" and len(encoder.read) == 4
    tagger.resize_cache(0)
    tags("Cy met us")
    tags("Cy met us")
    assert encoder.read[-2:] == ["Cy met us", "Cy met us"]  # no memory: every call reads


# -- the real model (skipped where MiniLM cannot load) ---------------------------------------


@pytest.fixture(scope="module")
def tagger() -> ProseTagger:
    try:
        t = load_tagger()
        t.warm()
    except (ConfigError, ImportError, OSError) as e:  # no model package in this environment
        pytest.skip(f"prose tagger model unavailable: {e}")
    return t


def _tags(tagger: ProseTagger, text: str) -> set[tuple[str, str]]:
    return {(e.label, text[e.start : e.end]) for e in tagger.tag(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ines Moreau asked to be called back on Tuesday.", ("PERSON", "Ines Moreau")),
        ("I live in Paris and I need a plumber this week.", ("LOCATION", "Paris")),
        ("I work at Acme Corp as an accountant.", ("ORGANIZATION", "Acme Corp")),
        ("My address is 12 rue des Lilas, Paris.", ("LOCATION", "12 rue des Lilas, Paris")),
        ("My daughter Chloé has a fever, what should I do?", ("PERSON", "Chloé")),
        ("Customer complaint: Tomasz Wójcik says the parcel never arrived.", ("PERSON", "Tomasz Wójcik")),
    ],
)
def test_private_details_are_tagged(tagger: ProseTagger, text: str, expected: tuple[str, str]) -> None:
    tags = _tags(tagger, text)
    label, value = expected
    assert any(lab == label and (value in got or got in value) for lab, got in tags), tags


# Public knowledge written for this test (not from the training frames): no span at all.
PUBLIC = (
    "What's the difference between a list and a tuple in Python?",
    "Who was Abraham Lincoln and why is he on the five dollar bill?",
    "What to see in Paris on a rainy afternoon?",
    "What does Acme Corp sell?",
    "Is Java or SQL more useful for a data engineer?",
    "Why do US employers ask for an SSN?",
    "What vegetables grow best in spring?",
    "Explain how Marie Curie discovered radium.",
    "How many people live in Tokyo?",
    "Write a Rust function that parses JSON.",
)


@pytest.mark.parametrize("text", PUBLIC)
def test_public_knowledge_is_not_tagged(tagger: ProseTagger, text: str) -> None:
    assert _tags(tagger, text) == set()


@pytest.mark.parametrize(
    ("text", "tagged", "name"),
    [
        ("a story in the style of Don Delillo, about cats", "Delillo", "Don Delillo"),
        ("Money, Banking and Financial Markets by Frederic S. Mishkin", "Mishkin", "Frederic S. Mishkin"),
        ("ACM named Yoshua Bengio, Geoffrey Hinton, and Yann LeCun", "Yann", "Yann LeCun"),
        ("Samuel Maharaj here, a question", "Maharaj", "Samuel Maharaj"),
        ("Dear Maharaj, thanks", "Maharaj", "Maharaj"),  # a greeting is not a given name
        ("explain The Death of Ivan Ilych", "Ilych", "Ivan Ilych"),  # "of" is lower case: the name stops
    ],
)
def test_a_tagged_name_is_widened_to_the_whole_name(text: str, tagged: str, name: str) -> None:
    from guardian.detect.recognizers.prose_tagger import _whole_name

    start = text.index(tagged)
    a, b = _whole_name(text, start, start + len(tagged))
    assert text[a:b] == name


# -- a second head, and the states the heads share ---------------------------------------------


def test_a_head_with_classes_of_its_own_is_read_and_decoded_with_them() -> None:
    w = ProseWeights.load(weights_path())
    classes = ["HEALTH", "JOB"]
    arrays = dict(w.arrays, W2=w.arrays["W2"][:, :3], b2=w.arrays["b2"][:3])
    second = ProseWeights(arrays, {"layers": w.layers, "encoder": w.variant, "labels": classes, "thresholds": {"JOB": 0.5}})
    second.check()
    assert second.labels == ("HEALTH", "JOB") and second.thresholds == {"HEALTH": 1.01, "JOB": 0.5}
    with pytest.raises(ProseTaggerError):
        ProseWeights(w.arrays, dict(second.meta)).check()  # five columns do not fit two classes
    text = "a nurse here"
    probs = np.array([[0.9, 0.05, 0.05], [0.1, 0.1, 0.8], [0.9, 0.05, 0.05]], np.float32)
    got = decode(text, [(0, 1), (2, 7), (8, 12)], probs, second.thresholds, second.labels)
    assert [(e.label, text[e.start:e.end]) for e in got] == [("JOB", "nurse")]
    assert ProseWeights(w.arrays, {}).labels == LABELS  # a record without classes: the tagger's own


class _StatesEncoder(ProseEncoder):
    """The prose encoder with MiniLM replaced by a counter (the memory of recent states is real)."""

    def __init__(self) -> None:
        super().__init__("int8", 2, recent=2)
        self.read: list[str] = []

    def _load(self) -> tuple[object, object, object]:  # never called: encode below stands in for MiniLM
        raise AssertionError

    def _model_encode(self, texts: list[str]) -> list[TokenStates]:
        self.read.extend(texts)
        return [TokenStates(np.full((1, 384), float(len(t)), np.float32), np.array([[0, len(t)]])) for t in texts]


def test_the_encoder_keeps_the_last_states_for_the_next_head(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = _StatesEncoder()
    monkeypatch.setattr(TokenEncoder, "encode", lambda self, texts: self._model_encode(list(texts)))
    first = enc.encode(["I am a nurse", "hello"])
    again = enc.encode(["hello", "I am a nurse"])
    assert enc.read == ["I am a nurse", "hello"] and again[0] is first[1] and again[1] is first[0]
    enc.encode(["third"])  # two kept: the least recent goes
    enc.encode(["I am a nurse"])
    assert enc.read == ["I am a nurse", "hello", "third"]
    enc.encode(["hello"])
    assert enc.read[-1] == "hello"
    enc.keep_recent(0)
    enc.encode(["third"])
    enc.encode(["third"])
    assert enc.read[-2:] == ["third", "third"]  # kept nothing: every call reads


@pytest.mark.parametrize(("place", "address"), [
    ("12 rue X", True),  # the house number first
    ("Flat 3, Kenwood House", True),  # a flat's word
    ("Baker Street 221", True),  # a street's word
    ("Colt 6920", False),  # a model's name and number
    ("M855", False),
])
def test_a_place_with_a_number_is_an_address_only_in_an_addresss_shape(place: str, address: bool) -> None:
    text = f"Something about {place} here."
    start = text.index(place)
    ents = [TaggedEntity("LOCATION", start, start + len(place), 0.9)]
    found = ProseTaggerRecognizer(FakeTagger(ents)).analyze(Field("text:", "", text))  # type: ignore[arg-type]
    assert [(f.entity, text[f.start:f.end]) for f in found] == ([("STREET_ADDRESS", place)] if address else [])
