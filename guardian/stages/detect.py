"""The detect stage: the personal data in the fields (`guardian.detect`); costly when a prose value
needs NER or the prose tagger."""

from __future__ import annotations

from guardian.context.collectors import SEARCH
from guardian.detect import Detector
from guardian.detect.detector import split_around
from guardian.detect.respell import respelled
from guardian.detect.subject import filter_prompt_findings
from guardian.records import Action, RecipientType
from guardian.stages.flow import Decision, FlowState, Stage

__all__ = ["Detect"]

SEARCH_QUERY = "SEARCH_QUERY"  # the entity of a value under a search's key (`field_names`)


class Detect(Stage):
    name = "detect"
    costly = True

    def __init__(self, detector: Detector, prompt_detector: Detector | None = None) -> None:
        self.detector = detector
        self.prompt_detector = prompt_detector  # prompts to AI services; None: the detector above

    def detector_for(self, recipient: RecipientType) -> Detector:
        """The detector that reads a request to this recipient: prompts to AI services have their
        own when the settings name another prose model for them (`guardian_prose`)."""
        if recipient is RecipientType.AI_SERVICE and self.prompt_detector is not None:
            return self.prompt_detector
        return self.detector

    def slow(self, state: FlowState) -> bool:
        return self.detector_for(state.where.recipient).needs_model(state.payload, state.kinds)

    def run(self, state: FlowState) -> Decision | None:
        context, payload = state.where, state.payload
        detector = self.detector_for(context.recipient)
        with state.timer.stage("detect"):
            # the site's own name ("Example Shop" from shop.example) is no person's, here or later
            # what is read: two swapped letters of a word read as the word (the spans are the same)
            reading = respelled(payload) if context.recipient is RecipientType.AI_SERVICE else payload
            findings = detector.detect(reading, state.kinds, context.first_party_site)
            within = state.session.seen.within(payload.fields, findings)  # a known id inside a log line, a list
            within += state.session.seen.contacts_within(payload.fields, [*findings, *within])  # the user's name, phone
            if within:
                findings = split_around(payload, findings, within)
            if state.collector is not None and state.collector.kind == SEARCH:
                # the text a search API is asked for is the search box's, the service's input: not the
                # user's search history sent elsewhere; what is personal inside it is still found
                findings = [f for f in findings if f.entity != SEARCH_QUERY]
            state.session.seen.remember(payload.fields, findings)  # the same id under another name, later
            state.session.seen.remember_contacts(payload.fields, findings)
            if context.recipient is RecipientType.AI_SERVICE:
                # a prompt's public knowledge (a language, a place asked about, a public figure) is
                # left alone; what is about the user is pseudonymised (detect/subject.py)
                findings, public = filter_prompt_findings(reading.fields, findings, detector.subject_judge,
                                                          detector.disclosure_tagger, detector.writers_head)
                if public:
                    state.payload_section = {**state.payload_section, "subject": {"public": public}}
        state.findings = findings
        state.action = Action.build(context, findings)
        return None
