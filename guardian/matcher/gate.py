"""The matcher stage: L for an action from its policy evidence, System 1 first, System 2 when unsure.

    no evidence            -> the recipient prior            likelihood_source "prior"
    S1 u < tau_u           -> System 1's L                   "s1"
    else, LLM answers      -> System 2's L (clamped)         "s2"  (and a teacher label for S1)
    else (no LLM, timeout, endpoint down, garbage)
                           -> max(S1's L, the prior)         "fallback"

The fallback is conservative by construction: never lower than what System 1 or the recipient
prior say, so an unanswered doubt can only raise the risk. The LLM only estimates L.

After System 2 times out or cannot be reached, it is not asked again for S2_COOLDOWN_S seconds
(the fallback answers at once). A local server such as llama.cpp keeps generating an answer
nobody waits for any more; without the pause every unsure request would queue another one and
starve the rewrite and attacker calls that share the server.

With a `BackgroundLLM` (the proxy, as assembled) no flow waits for System 2:

    remembered answer to this action and evidence  -> System 2's L            "s2" (s2.remembered)
    else                                           -> asked in the background, the fallback now

When the background answer comes, it becomes the teacher labels for System 1 at once and is
remembered, so the next flow with the same action and evidence gets System 2's L without a call;
a background timeout starts the same pause. The fast path (`fast_only`) then never needs the pool
for System 2.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from guardian.errors import LLMError, LLMTimeout, LLMUnavailable
from guardian.matcher.bootstrap import LABELS_FILE, Bootstrapper, LabelStore
from guardian.matcher.model import TAU_U
from guardian.matcher.prior import PriorLikelihood
from guardian.matcher.schema import action_practices, statement_practice
from guardian.matcher.system1 import EvidenceItem, System1
from guardian.matcher.system2 import S2_MAX_TOKENS, S2_TIMEOUT_S, SCHEMA, ask_system2, build_messages, parse_answer
from guardian.errors import SlowPathNeeded
from guardian.policies.records import Statement
from guardian.records import Action, LikelihoodEstimate
from guardian.types import JsonLLM

if TYPE_CHECKING:
    from guardian.llm.background import BackgroundLLM

__all__ = ["Matcher", "LikelihoodEstimate", "evidence_items", "S2_COOLDOWN_S"]

log = logging.getLogger("guardian.matcher")

S2_COOLDOWN_S = 30.0  # System 2 is not asked for this long after a timeout or an unreachable endpoint


class _Pause:
    """When System 2 may be asked again; shared by the matchers derived from one another."""

    def __init__(self) -> None:
        self.until = 0.0

    def active(self) -> float:
        """Seconds left of the pause (0 when none)."""
        return max(0.0, self.until - time.monotonic())

    def start(self, seconds: float) -> None:
        self.until = time.monotonic() + seconds


def evidence_items(statements: Sequence[Statement]) -> list[EvidenceItem]:
    """Policy-store statements (`id`, `text`, `fields`) as System 1 evidence."""
    return [EvidenceItem(s.id, statement_practice(s.fields), s.text) for s in statements]


class Matcher:
    """System 1 + gate + System 2 + bootstrapping; the prior when there is no evidence."""

    def __init__(
        self,
        s1: System1 | None = None,
        *,
        prior: PriorLikelihood | None = None,
        llm: JsonLLM | None = None,
        tau_u: float = TAU_U,
        s2_timeout: float = S2_TIMEOUT_S,
        s2_cooldown: float = S2_COOLDOWN_S,
        bootstrap: Bootstrapper | None = None,
        background: BackgroundLLM | None = None,
        _pause: _Pause | None = None,
    ) -> None:
        self.s1 = s1
        self.prior = prior or PriorLikelihood()
        self.llm = llm  # System 2; None: the fallback answers when System 1 is unsure
        self.background = background if llm is not None else None  # System 2 asked there, never awaited
        self.tau_u = tau_u
        self.s2_timeout = s2_timeout
        self.s2_cooldown = s2_cooldown
        self.bootstrap = bootstrap
        self._pause = _pause or _Pause()

    @classmethod
    def shipped(cls, encoder: str = "multihot", **kwargs: Any) -> Matcher:
        """System 1 with the shipped weights; the prior alone when they cannot be loaded."""
        try:
            s1: System1 | None = System1.shipped(encoder)
        except Exception as e:  # noqa: BLE001 - a missing weights file must not stop the proxy
            log.warning("guardian: matcher System 1 unavailable (%s); using the prior", e)
            s1 = None
        return cls(s1, **kwargs)

    def derive(
        self, *, prior: PriorLikelihood | None = None, llm: JsonLLM | None = None, bootstrap: Bootstrapper | None = None,
        background: BackgroundLLM | None = None,
    ) -> Matcher:
        """A matcher sharing this one's System 1 and System 2 pause, with this prior (the rules'),
        this System 2 (None: none), asked through this background runner (None: awaited within
        s2_timeout) and this bootstrapper (None: this one's). Assembly builds pipelines with it; a
        built pipeline's matcher is never changed."""
        return Matcher(self.s1, prior=prior or self.prior, llm=llm, tau_u=self.tau_u, s2_timeout=self.s2_timeout,
                       s2_cooldown=self.s2_cooldown, bootstrap=bootstrap or self.bootstrap, background=background,
                       _pause=self._pause)

    def with_prior(self, prior: PriorLikelihood) -> Matcher:
        return self.derive(prior=prior, llm=self.llm, background=self.background)

    @staticmethod
    def bootstrapper_in(s1: System1 | None, folder: str | Path, *, store: str | None = None) -> Bootstrapper | None:
        """System 2 labels kept in `folder`/matcher_labels.sqlite3 (or in the shared `store`, a
        `postgresql://` URL; the fine-tuned weights stay in `folder`), fine-tuning `s1` from them."""
        return None if s1 is None else Bootstrapper(s1, LabelStore(Path(folder) / LABELS_FILE, store=store))

    def estimate(
        self,
        action: Action,
        statements: Sequence[Statement] = (),
        *,
        llm: JsonLLM | None = None,
        fast_only: bool = False,
    ) -> LikelihoodEstimate:
        """L for the action given its retrieved statements. With `fast_only`, a case that would
        ask System 2 raises `SlowPathNeeded` instead (the caller decides it in the pool)."""
        prior = self.prior.estimate(action)
        if not statements:
            return LikelihoodEstimate(prior, "prior", {"source": "prior", "why": "no policy evidence: recipient prior"})
        if self.s1 is None:
            return LikelihoodEstimate(prior, "prior", {"source": "prior", "why": "System 1 weights not available"})
        items = evidence_items(statements)
        practices = action_practices(action)
        try:
            r = self.s1.score(practices, items)
        except Exception as e:  # noqa: BLE001 - e.g. the MiniLM of a text encoder cannot load: never fail the request
            log.warning("guardian: matcher System 1 failed (%s); using the prior", type(e).__name__)
            return LikelihoodEstimate(prior, "prior", {"source": "prior", "why": f"System 1 failed ({type(e).__name__}): recipient prior"})
        rec: dict[str, Any] = {
            "s1": {"L": round(r.likelihood, 4), "u": round(r.uncertainty, 4), "statement": r.statement_id, "model": r.model_version},
            "tau_u": self.tau_u,
        }
        if r.uncertainty < self.tau_u:
            return LikelihoodEstimate(r.likelihood, "s1", {"source": "s1", **rec})
        conservative = max(r.likelihood, prior)
        background = self.background if llm is None else None  # a System 2 handed in is awaited
        llm = llm if llm is not None else self.llm
        if llm is None:
            return LikelihoodEstimate(conservative, "fallback", {"source": "fallback", "why": "u >= tau_u and no System 2 configured: max(S1 L, prior)", **rec})
        fields = [s.fields.as_record() for s in statements]
        if background is not None:
            return self._in_background(background, action, items, fields, practices, conservative, rec)
        paused = self._pause.active()
        if paused:
            return LikelihoodEstimate(conservative, "fallback", {
                "source": "fallback", "why": f"System 2 paused for {paused:.0f} s after a timeout: max(S1 L, prior)", **rec})
        if fast_only:
            raise SlowPathNeeded("likelihood", "System 1 is unsure and System 2 is configured")
        try:
            answer = ask_system2(llm, action, items, fields=fields, timeout=self.s2_timeout)
        except LLMError as e:
            if isinstance(e, (LLMTimeout, LLMUnavailable)) and self.s2_cooldown > 0:
                self._pause.start(self.s2_cooldown)
            return LikelihoodEstimate(conservative, "fallback", {"source": "fallback", "why": f"System 2 failed ({type(e).__name__}): max(S1 L, prior)", **rec})
        rec["s2"] = {"L": round(answer.likelihood, 4), "rationale": answer.rationale, "evidence_ids": list(answer.evidence_ids)}
        self._teach(practices, items, answer.likelihood, answer.evidence_ids)
        return LikelihoodEstimate(answer.likelihood, "s2", {"source": "s2", **rec})

    def _in_background(
        self, background: BackgroundLLM, action: Action, items: list[EvidenceItem], fields: list[dict[str, Any] | None],
        practices: list[Any], conservative: float, rec: dict[str, Any],
    ) -> LikelihoodEstimate:
        """System 2's remembered answer, else the fallback now and System 2 asked in the background."""
        messages = build_messages(action, items, fields)
        raw = background.recall("system2", messages, SCHEMA)
        if raw is not None:
            answer = parse_answer(raw, items)  # remembered only once it parsed (`learn` below)
            rec["s2"] = {"L": round(answer.likelihood, 4), "rationale": answer.rationale,
                         "evidence_ids": list(answer.evidence_ids), "remembered": True}
            return LikelihoodEstimate(answer.likelihood, "s2", {"source": "s2", **rec})
        paused = self._pause.active()
        if paused:
            return LikelihoodEstimate(conservative, "fallback", {
                "source": "fallback", "why": f"System 2 paused for {paused:.0f} s after a timeout: max(S1 L, prior)", **rec})

        def learn(raw_answer: Any) -> None:
            answer = parse_answer(raw_answer, items)  # LLMBadResponse: not remembered, no label
            self._teach(practices, items, answer.likelihood, answer.evidence_ids)

        def pause(error: LLMError) -> None:
            if isinstance(error, (LLMTimeout, LLMUnavailable)) and self.s2_cooldown > 0:
                self._pause.start(self.s2_cooldown)

        status = background.ask("system2", messages, SCHEMA, then=learn, on_error=pause, max_tokens=S2_MAX_TOKENS)
        return LikelihoodEstimate(conservative, "fallback", {
            "source": "fallback", "why": f"System 2 asked in the background ({status}): max(S1 L, prior) until it answers",
            "s2_background": status, **rec})

    def _teach(self, practices: list[Any], items: list[EvidenceItem], value: float, cited: Sequence[str]) -> None:
        """System 2's answer as pair labels: violating -> every statement (single-practice actions
        only: with several, which part is not permitted is unknown); consistent -> for each
        practice, the cited (else any) statement System 1 finds most permissive."""
        boot = self.bootstrap
        if boot is None or self.s1 is None:
            return
        try:
            if value >= 0.5:
                if len(practices) == 1:
                    for item in items:
                        boot.add(practices[0], item, value)
                return
            pool = [i for i in items if i.id in set(cited)] or items
            weights = self.s1.weights
            p = self.s1.encoder.statements([(i.practice, i.text) for i in pool])
            for practice in practices:
                L, _ = weights.predict(self.s1.encoder.action(practice), p)
                boot.add(practice, pool[int(np.argmin(L))], value)
        except Exception as e:  # noqa: BLE001 - labels are a by-product; the request goes on
            log.warning("guardian: matcher label not stored: %s", e)
