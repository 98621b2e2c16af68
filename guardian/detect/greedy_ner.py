"""spaCy's NER with its decoding done here: the same entities in about half the time.

spaCy's small English NER is a greedy transition-based tagger: BILUO moves (Begin, In, Last,
Unit, Out, each per label) chosen one token at a time from a CNN's token vectors and three
state features (Honnibal and Johnson's "precomputable affine"):

    hidden(state) = maxout(bias + P[B0, 0] + P[E0, 1] + P[B0 - 1, 2])      P = lower(tok2vec(doc))
    scores(state) = W · hidden + b             the best valid move is taken; ties: the lowest

where B0 is the next token, E0 the first token of the entity being built, and the last two are
padding while no entity is open. On this 2-core machine spaCy 3.8's compiled loop over the
states took about 10 of 18 ms per 100 words, far more than its arithmetic needs. Here the model's
own layers run through thinc as spaCy runs them, and the moves are chosen in numpy: a state with
no open entity depends on its token alone, so those scores are one matrix product for the whole
text; only the few tokens inside an entity are scored one at a time.

The decisions are spaCy's: the same float32 sums in the same order, thinc's own matrix product
(BLIS), and the moves' validity rules for a document with no preset entities (no Begin or Unit
on whitespace, no Begin on the last token, In and Last only with the open entity's label, Out
only with none open). Checked on 4,781 texts (TAB, the PII-Masking sample, the dev prompt sets;
14,189 entities): every entity the same (`lab/bench/greedy_ner_check.py`;
`tests/unit/detect/test_greedy_ner.py` keeps a smaller check). A model whose NER has another shape (other features, a beam, a shared tok2vec, no
output layer) is run by spaCy itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = ["GreedyNer", "Entity", "decodes"]

STATE_FEATURES = 3  # the next token, the open entity's first token, the token before the next
ENTITY_LOOKAHEAD = 4  # tokens of an open entity scored at once (most entities end within them)


class Entity(NamedTuple):
    """One entity: character offsets and spaCy's label."""

    start: int
    end: int
    label: str


def decodes(nlp: Language) -> bool:
    """Whether `GreedyNer` reads this pipeline's NER exactly (else spaCy must run it)."""
    if list(getattr(nlp, "pipe_names", ())) != ["ner"]:  # another pipe on (a ruler, a shared tok2vec) changes what NER reads or sets
        return False
    ner = nlp.get_pipe("ner")
    model = ner.model
    if ner.cfg.get("beam_width", 1) != 1 or not model.attrs.get("has_upper") or len(model.layers) != 3:
        return False
    tok2vec, lower = model.layers[0], model.layers[1]
    if "listener" in tok2vec.name or not lower.has_dim("nF") or lower.get_dim("nF") != STATE_FEATURES:
        return False
    names = [ner.moves.get_class_name(i) for i in range(ner.moves.n_moves)]
    return all(n == "O" or n[:2] in ("B-", "I-", "L-", "U-") for n in names)


class GreedyNer:
    """The entities of a text as spaCy's NER pipe finds them (`decodes(nlp)` must hold)."""

    def __init__(self, nlp: Language) -> None:
        ner = nlp.get_pipe("ner")
        model = ner.model
        self._nlp = nlp
        self._tok2vec, self._lower, upper = model.layers
        self._ops = upper.ops
        hiddens, pieces = self._lower.get_dim("nO"), self._lower.get_dim("nP")
        self._bias = self._lower.get_param("b").reshape(hiddens, pieces)
        self._out_w = upper.get_param("W")
        self._out_b = upper.get_param("b")
        moves = ner.moves.n_moves
        self._seen = np.ones(moves, dtype=bool)
        for unseen in model.attrs.get("unseen_classes", ()):
            self._seen[unseen] = False
        kinds, labels = [], []
        for i in range(moves):
            name = ner.moves.get_class_name(i)
            kind, _, label = name.partition("-")
            kinds.append(kind if label else name)
            labels.append(label)
        self._labels = labels
        self._kind = kinds  # B I L U O per move
        kind = np.array(kinds)
        self._out = kind == "O"
        self._unit = kind == "U"
        self._begin = kind == "B"
        self._in = {labels[i]: int(i) for i in np.flatnonzero(kind == "I")}
        self._last = {labels[i]: int(i) for i in np.flatnonzero(kind == "L")}

    def _scores(self, unmaxed: np.ndarray) -> np.ndarray:
        """Move scores of states from their summed features (k, hiddens, pieces) -> (k, moves)."""
        hidden = np.ascontiguousarray(unmaxed.max(axis=2))
        scores = self._ops.gemm(hidden, self._out_w, trans2=True) + self._out_b
        if not self._seen.all():  # moves the model never saw in training: the row's lowest score
            scores[:, ~self._seen] = scores.min(axis=1, keepdims=True)
        return scores

    def doc_entities(self, doc: Doc) -> list[tuple[int, int, str]]:
        """(first token, end token, label) of each entity of a tokenized doc, in order."""
        n = len(doc)
        if n == 0:
            return []
        projected = self._lower.predict(self._tok2vec.predict([doc]))  # (n + 1, 3, hiddens, pieces); row 0: padding
        padding = projected[0]
        token = projected[1:, 0]
        closed = self._scores(token + padding[1] + padding[2] + self._bias)
        valid = np.broadcast_to(self._out | self._unit | self._begin, closed.shape).copy()
        space = np.fromiter((t.is_space for t in doc), dtype=bool, count=n)
        valid[space] &= ~(self._unit | self._begin)  # no entity starts on whitespace
        valid[n - 1] &= ~self._begin  # nor begins on the last token
        best = np.where(valid, closed, -np.inf).argmax(axis=1)
        entities: list[tuple[int, int, str]] = []
        i = 0
        while i < n:
            move = int(best[i])
            if self._out[move]:
                i += 1
                continue
            label = self._labels[move]
            first = i
            i += 1
            if self._unit[move]:
                entities.append((first, i, label))
                continue
            i = self._entity_end(projected, token, first, i, n, self._in[label], self._last[label])
            entities.append((first, i, label))
        return entities

    def _entity_end(self, projected: np.ndarray, token: np.ndarray, first: int, i: int, n: int, in_move: int,
                    last_move: int) -> int:
        """The end of an entity begun at `first`, its next token `i`: In or Last (its label) token
        by token, scored a few tokens at a time (entities are short; In needs a token after it)."""
        opened = projected[first + 1, 1]
        while i < n - 1:
            upto = min(n - 1, i + ENTITY_LOOKAHEAD)
            scores = self._scores(token[i:upto] + opened + projected[i:upto, 2] + self._bias)
            for row in scores:
                go_on = row[in_move] > row[last_move] or (row[in_move] == row[last_move] and in_move < last_move)
                i += 1
                if not go_on:
                    return i
        return n  # the last token: only Last

    def entities(self, text: str) -> list[Entity]:
        """Each entity of `text` with its character offsets, as `nlp(text).ents` gives them."""
        doc = self._nlp.make_doc(text)
        out = []
        for first, end, label in self.doc_entities(doc):
            last = doc[end - 1]
            out.append(Entity(doc[first].idx, last.idx + len(last.text), label))
        return out
