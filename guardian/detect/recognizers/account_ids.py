"""A person's account id in prose -> PersistentID: "customer usr_8f3k2m9qz4", "my member number is 88123456".

Services give each customer, user, member or patient an id of their own making: a prefix and a
random run ("usr_8f3k2m9qz4", "cus_NffrFeUfNV2Hib"), a run of letters and digits ("A7K29QX4"), or
a long number. It names the person at that service as surely as their e-mail, and support
assistants, system prompts and people's own questions carry it in prose ("The signed-in customer
is ... (customer usr_8f3k2m9qz4)", "My customer ID is 4471029."). No format is shared, so the id
counts only right after the word for whose account it is (`HOLDERS`), with an id word or a label's
colon or "is" between, as forms and people write it; the token must look made, not spoken: letters
and digits mixed. A number alone counts as the writer's own ("my member number is 88123456") or
after a form's label ("Customer no.: 4471029"), not in a question about a table's rows ("the
player with id 200002").

In a JSON body the field's name decides (`field_names`: `customer_id`, `user_id`); a label in
text ("customer_id: ...") is `inline_fields`'.
"""

from __future__ import annotations

import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["AccountIdRecognizer", "HOLDERS"]

# Whose account an id is: the people a service keeps records of
HOLDERS = ("customer", "client", "user", "account", "member", "membership", "subscriber", "patient", "player",
           "student", "employee", "staff", "loyalty", "policyholder", "policy", "contract", "tenant")
_ID_WORDS = r"(?:id|ids|no\.?|nr\.?|number|num|#|code|ref(?:erence)?)"
# "customer usr_8f3k2m9qz4", "customer ID: A7K29QX4", "my member number is 88123456", "user #4471029"
_CUE = (rf"(?i:\b(?:{'|'.join(HOLDERS)})(?:['’]s)?(?:[ \t]{{1,3}}{_ID_WORDS}|[ \t]{{0,2}}#)?)"
        r"(?:[ \t]{0,3}(?:[:=]|(?i:is|was))[ \t]{0,3}|[ \t]{1,3}|[ \t]{0,2}#[ \t]{0,2})")
_TOKEN = r"(?P<v>(?:[A-Za-z]{2,8}_)?[A-Za-z0-9]{5,40}(?:[\-_][A-Za-z0-9]{2,20}){0,3})(?![\w\-@]|\.[A-Za-z0-9])"
_HOLDER = rf"(?:{'|'.join(HOLDERS)})(?:['’]s)?"
# A number alone is an id only as the writer's own ("my member number is 88123456") or after a
# form's label ("Customer no.: 4471029"): "the player with id 200002" asks a table about a row
_OWN_NUMBER = (rf"(?i:\b(?:my|our)[ \t]{{1,3}}(?:[a-z]{{2,15}}[ \t]{{1,3}})?{_HOLDER}[ \t]{{1,3}}{_ID_WORDS}"
               r"(?:[ \t]{0,3}(?:[:=]|is|was)[ \t]{0,3}|[ \t]{1,3}|[ \t]{0,2}#[ \t]{0,2})"
               rf"|\b{_HOLDER}[ \t]{{1,3}}{_ID_WORDS}[ \t]{{0,2}}[:=#][ \t]{{0,3}})")
_NUMBER = r"(?P<v>[0-9]{6,16})(?![\w\-@]|[.,][0-9])"
MIN_DIGITS = 2  # a made id has digits ("A7K29QX4"); "customer service" has none
MIN_PREFIXED_RUN = 8  # the random run after a vendor's prefix ("cus_NffrFeUfNV2Hib")
_PREFIX = re.compile(r"[A-Za-z]{2,8}_[A-Za-z0-9]")


class AccountIdRecognizer(PatternRecognizer):
    """Ids of a customer's, user's or member's account, after the word for whose they are."""

    name: ClassVar[str] = "account_ids"
    entities: ClassVar[tuple[str, ...]] = ("USER_ID",)
    CATEGORY: ClassVar[DataCategory] = DataCategory.PERSISTENT_ID
    NATURAL_TEXT_ONLY: ClassVar[bool] = True
    TRIGGER: ClassVar[str | None] = r"[0-9]"
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern("holder_id", _CUE + _TOKEN, 0.75),
        Pattern("own_number", _OWN_NUMBER + _NUMBER, 0.75),
    )

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        return None if pattern.name == "own_number" or _made(text) else False


def _made(token: str) -> bool:
    """Whether a token looks made by a service: letters and digits mixed ("A7K29QX4"), or after a
    vendor's prefix a run with a digit or both cases ("usr_8f3k2m9qz4", "cus_NffrFeUfNV2Hib"); a
    number alone is `own_number`'s."""
    prefix, _, run = token.rpartition("_") if _PREFIX.match(token) else ("", "", token)
    digits = sum(ch.isdigit() for ch in run)
    if prefix:
        return len(run) >= MIN_PREFIXED_RUN and (digits > 0 or (run.lower() != run and run.upper() != run)) \
            and digits < len(run)
    return MIN_DIGITS <= digits < len(token) and any(ch.isalpha() for ch in token)
