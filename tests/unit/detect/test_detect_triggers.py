"""The Detector's gates (a recogniser's TRIGGER, its min_chars, prose-only) never drop a finding.

`PatternRecognizer.scan` runs the patterns with no gate; whenever it finds something in a value,
the gates must have let that value through. Checked on hand-written positives of every gated
recogniser and on generated strings built from the characters and words the patterns look for.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from guardian.detect.base import PatternRecognizer
from guardian.detect.detector import Detector
from guardian.detect.registry import default_recognizers
from guardian.records import Field, FieldKind

GATED = [r for r in default_recognizers() if isinstance(r, PatternRecognizer) and (r.TRIGGER or r.min_chars)]

POSITIVES = [
    "call me on +1 415 555 2671 tonight",
    "(415) 555-2671",
    "(412) 234-1044",
    "020 7946 0958",
    "my ssn is 536-90-4399",
    "card 4111 1111 1111 1111 exp 12/27",
    "4111111111111111",
    "IBAN DE89 3704 0044 0532 0130 00",
    "GB82WEST12345698765432",
    "at 37.77493, -122.41942 now",
    "from 192.168.10.20 and 2001:db8::ff00:42:8329",
    "jane.doe@example.com",
    "signed in: Jane Doe <jane.doe@example.com>",
    "device 123e4567-e89b-42d3-a456-426614174000 mac 00:1B:44:11:3A:B7",
    "imei 490154203237518",
    "I live at 221B Baker Street, London NW1 6XE",
    "she moved to Abbey Road",
    "account number 12345678 sort code 12-34-56 swift DEUTDEFF500",
    "Authorization: Bearer abcdef0123456789xyz",
    "Basic dXNlcjpwYXNzd29yZA==",
    "password=hunter2hunter",
    "my pin is 4821",
    "key AIzaSyA1234567890abcdefghijklmnopqrstuv",
    "sk-abcdefghijklmnopqrstuvwxyz123456",
    "token: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
    "zip 94107-1234",
    "Steuer-ID 36 574 261 809, PESEL 44051401359",
    "the customer usr_8f3k2m9qz4 asked for a refund",
    # a town and an employer typed in lower case
    "grew up in moose jaw, never saw the sea",
    "my job at target has me on nights",
    "amazon employee here, quick question",
    # self-disclosure: each cue of its trigger
    "Hi, I'm Jana Novak (jana@x.org), nice to meet you.",
    "Tom here. Quick question about the invoice.",
    "This is Kim, a paediatric nurse in Leeds.",
    "We work at Nordwind Logistics in Bremen.",
    "Please call me Jo.",
    "Please ship it to 12 Elm Street, Springfield.",
    "Our company, Brandt Olsen, is hiring.",
    "Best regards,\nAnna Berg\nretail buyer, Andrews Ltd",
    "ThanksJohn Miller",
    "Yours truly,\nAnna Berg\nhead of sales at Andrews Ltd",
]


def _field(value: str, name: str = "note") -> Field:
    return Field(path=f"json:$.{name}", name=name, value=value, kind=FieldKind.STRING)


def _gate_passes(recognizer: PatternRecognizer, value: str) -> bool:
    trigger = re.compile(recognizer.TRIGGER, recognizer.TRIGGER_FLAGS) if recognizer.TRIGGER else None
    return len(value) >= recognizer.min_chars and (trigger is None or trigger.search(value) is not None)


def test_positives_are_found_and_pass_the_gates() -> None:
    found_by = set()
    for value in POSITIVES:
        for r in GATED:
            for name in ("note", r.name, "value"):  # name context may be what makes a match count
                if r.scan(_field(value, name)):
                    assert _gate_passes(r, value), (r.name, value)
                    found_by.add(r.name)
    # Every gated recogniser is exercised by at least one positive above.
    assert {r.name for r in GATED if r.TRIGGER} <= found_by


_PIECES = st.sampled_from(
    [*"0123456789", "12", "415", "2671", "-", ".", ":", ",", "/", " ", "@", "+", "(", ")", "=", "_",
     "a", "Z", "x", "Bearer ", "basic ", "pin", "password", "token", "Street", "Road", "DEUTDEFF",
     "eyJ", "sk-", "AIza", "example.com", "\n", "é", "ab12",
     "I ", "I'm ", "my ", "we ", "this is ", "Tom", " Berg", "here.", "Thanks", "Regards,", " work at ", "Acme",
     " live in ", "Leeds", "call me ", "a nurse", "customer ", "usr_"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=24).map("".join), st.sampled_from(["note", "phone", "ssn", "account", "ip"]))
def test_a_gate_never_hides_a_finding(value: str, name: str) -> None:
    for r in GATED:
        if r.scan(_field(value, name)):
            assert _gate_passes(r, value), (r.name, value)


def test_detector_gates_give_the_same_findings_as_running_everything() -> None:
    detector = Detector()
    ungated = Detector()
    ungated._triggers = ()  # type: ignore[misc]  # no trigger: every recogniser's plan runs
    ungated._trigger_of = tuple(-1 for _ in ungated.recognizers)  # type: ignore[misc]
    for r in ungated.recognizers:
        r.min_chars = 0
    for value in POSITIVES + ["gift wrap", "1", "blue shoes 12", "en", "2024-05-01T10:00:00Z"]:
        for name in ("note", "q", "phone", "password"):
            field = _field(value, name)
            assert detector.analyze_field(field) == ungated.analyze_field(field), (value, name)
