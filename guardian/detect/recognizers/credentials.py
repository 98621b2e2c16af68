"""Credentials: bearer tokens, JWTs, well-known API key shapes, and `password=...` pairs in text.

Entities: BEARER_TOKEN, BASIC_AUTH, JWT, API_KEY, PASSWORD, PIN, SECRET, ACCESS_TOKEN,
SESSION_ID. For a `key=value` pair only the value is the span, so a rewrite keeps the key.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import ClassVar

from guardian.categories import DataCategory
from guardian.detect.base import Pattern, PatternRecognizer

__all__ = ["CredentialsRecognizer"]

_I = re.IGNORECASE

# The keys of inline pairs, as one alternation: password=..., "api_key": "...", token: ...
_SECRET_KEYS = r"pass(?:word|wd|code|phrase)?|pwd|pin|secret|client[_\-]?secret"
# Keys whose values a machine generates: a key, a token or a session id has a digit or is long
# (`TOKEN_MIN_CHARS`); "create_anonymous_token:example-shop-prod" is an OAuth scope's name
_TOKEN_KEYS = r"api[_\-]?key|access[_\-]?token|auth[_\-]?token|token|session[_\-]?id"
_PAIR_KEYS = _SECRET_KEYS + "|" + _TOKEN_KEYS


TOKEN_MIN_CHARS = 24  # a generated value without a digit is at least this long (base64 of 18 random bytes)


class CredentialsRecognizer(PatternRecognizer):
    """Secrets that are dangerous by shape alone, wherever they appear."""

    name: ClassVar[str] = "credentials"
    # The literal every pattern starts with (case-folded: "Bearer", "PASSWORD").
    # Every pattern refuses a letter or digit right before that literal.
    TRIGGER: ClassVar[str | None] = (
        r"(?<![A-Za-z0-9])(?:eyJ|bearer|basic|sk-|[sr]k_|AKIA|ASIA|gh[pousr]_|github_pat_|xox|AIza|"
        + _PAIR_KEYS + ")"
    )
    TRIGGER_FLAGS: ClassVar[int] = re.IGNORECASE
    entities: ClassVar[tuple[str, ...]] = (
        "BEARER_TOKEN", "BASIC_AUTH", "JWT", "API_KEY", "PASSWORD", "PIN", "SECRET",
        "ACCESS_TOKEN", "SESSION_ID",
    )
    CATEGORY: ClassVar[DataCategory] = DataCategory.CREDENTIALS
    PATTERNS: ClassVar[tuple[Pattern, ...]] = (
        Pattern(
            "jwt",
            r"(?<![\w\-])eyJ[A-Za-z0-9_\-]{5,4096}\.eyJ[A-Za-z0-9_\-]{5,8192}\.[A-Za-z0-9_\-]{0,4096}",
            0.95,
            entity="JWT",
        ),
        Pattern(
            "bearer",
            r"(?<![\w\-])bearer[ ]{1,4}(?P<v>[A-Za-z0-9\-._~+/]{8,4096}={0,2})(?![\w\-.~+/=])",
            0.9,
            entity="BEARER_TOKEN",
            flags=_I,
        ),
        Pattern(
            "basic",
            r"(?<![\w\-])basic[ ]{1,4}(?P<v>[A-Za-z0-9+/]{8,4096}={0,2})(?![\w+/=])",
            0.85,
            entity="BASIC_AUTH",
            flags=_I,
        ),
        # OpenAI / Anthropic style: sk-..., sk-proj-..., sk-ant-api03-...
        Pattern("sk_dash", r"(?<![\w\-])sk-[A-Za-z0-9_\-]{20,256}", 0.9, entity="API_KEY"),
        # Stripe secret and restricted keys (publishable pk_ keys are public by design).
        Pattern("stripe", r"(?<![\w\-])[sr]k_(?:live|test)_[A-Za-z0-9]{16,256}", 0.95, entity="API_KEY"),
        Pattern(
            "aws_access_key",
            r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])",
            0.95,
            entity="API_KEY",
        ),
        Pattern(
            "github",
            r"(?<![\w\-])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})",
            0.95,
            entity="API_KEY",
        ),
        Pattern("slack", r"(?<![\w\-])xox[abprs]-[A-Za-z0-9\-]{10,255}", 0.95, entity="API_KEY"),
        Pattern("google_api_key", r"(?<![\w\-])AIza[0-9A-Za-z_\-]{35}(?![\w\-])", 0.95, entity="API_KEY"),
        # password=hunter2, "api_key": "abc", token: xyz (the key may sit in quotes, as in JSON).
        Pattern(
            "pair",
            r"(?<![A-Za-z0-9])(?P<k>" + _SECRET_KEYS + r")[\"']?[ \t]{0,3}[:=][ \t]{0,3}"
            r"(?:\"(?P<v1>[^\"\r\n]{1,256})\"|'(?P<v2>[^'\r\n]{1,256})'|(?P<v3>[^\s\"'&,;<>]{1,256}))",
            0.85,
            flags=_I,
        ),
        Pattern(
            "token_pair",
            r"(?<![A-Za-z0-9])(?P<k>" + _TOKEN_KEYS + r")[\"']?[ \t]{0,3}[:=][ \t]{0,3}"
            r"(?:\"(?P<v1>[^\"\r\n]{1,256})\"|'(?P<v2>[^'\r\n]{1,256})'|(?P<v3>[^\s\"'&,;<>]{1,256}))",
            0.85,
            flags=_I,
        ),
        # "my password is hunter2": the secret may not end in sentence punctuation.
        Pattern(
            "phrase",
            r"(?<![A-Za-z0-9])(?P<k>password|passcode|pin)[ \t]{1,3}(?:is|was)[ \t]{1,3}"
            r"(?P<v>[^\s\"'<>]{2,127}[^\s\"'<>.,!?;:])",
            0.6,
            flags=_I,
        ),
    )
    # Words that follow "password is" in ordinary sentences, and masked or empty values.
    NOT_A_SECRET: ClassVar[frozenset[str]] = frozenset(
        {
            "required", "incorrect", "wrong", "invalid", "too", "not", "the", "a", "an", "empty",
            "correct", "missing", "expired", "changed", "reset", "weak", "strong", "same",
            "different", "set", "saved", "stored", "case", "sensitive", "null", "none", "true",
            "false", "undefined", "nil", "your", "my", "now", "being", "still", "also", "very",
        }
    )
    KEY_ENTITY: ClassVar[dict[str, str]] = {
        "password": "PASSWORD", "passwd": "PASSWORD", "pass": "PASSWORD", "passcode": "PASSWORD",
        "passphrase": "PASSWORD", "pwd": "PASSWORD", "pin": "PIN", "secret": "SECRET",
        "clientsecret": "SECRET", "apikey": "API_KEY", "accesstoken": "ACCESS_TOKEN",
        "authtoken": "ACCESS_TOKEN", "token": "ACCESS_TOKEN", "sessionid": "SESSION_ID",
    }

    def entity_for(self, pattern: Pattern, match: re.Match[str]) -> str:
        key = match.groupdict().get("k")
        if key is not None:
            return self.KEY_ENTITY.get(re.sub(r"[_\-]", "", key.lower()), "PASSWORD")
        return pattern.entity or self.entities[0]

    def validate_result(self, text: str, pattern: Pattern) -> bool | None:
        """Drop values that are masks, placeholders or plain words; check Basic decodes to a pair."""
        if pattern.name == "token_pair" and not (any(ch.isdigit() for ch in text) or len(text.strip()) >= TOKEN_MIN_CHARS):
            return False  # a word or a slug ("example-shop-prod"), not a generated key
        if pattern.name in ("pair", "token_pair", "phrase"):
            lowered = text.strip().lower()
            if not lowered or lowered in self.NOT_A_SECRET:
                return False
            if set(lowered) <= set("*•x.-_#?"):
                return False  # "********", "xxxx": already masked
            if lowered.startswith(("{{", "${", "<", "%(")):
                return False  # a template placeholder, not a value
        elif pattern.name == "bearer":
            # A token has a digit or is long; "the bearer instrument" is prose.
            if not (any(ch.isdigit() for ch in text) or len(text) >= 16):
                return False
        elif pattern.name == "basic":
            try:
                decoded = base64.b64decode(text, validate=True)
            except (binascii.Error, ValueError):
                return False
            return None if b":" in decoded else False  # user:password
        return None
