"""guardian/fieldkinds/shapes.py: value shapes that say "machine-made"."""

from __future__ import annotations

import base64
import json

import pytest

from guardian.fieldkinds.shapes import is_signed_token


def _b64(obj: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()


@pytest.mark.parametrize(
    ("value", "signed"),
    [
        (f"{_b64({'alg': 'HS256', 'typ': 'JWT'})}.{_b64({'sub': '42'})}.Xk29aQ0pL7-_Zz", True),
        (f"{_b64({'alg': 'ES256', 'kid': 'k1'})}.{_b64({'sid': 7})}.AbC-dEf_123", True),
        (f"{_b64({'alg': 'none'})}.{_b64({'sub': '42'})}.", False),  # unsigned: anyone could have written it
        (f"{_b64({'typ': 'JWT'})}.{_b64({'sub': '42'})}.Xk29aQ0pL7", False),  # no alg: not a JWS header
        (f"{_b64({'alg': 'HS256'})}.{_b64({'sub': '42'})}", False),  # two parts
        ("eyJub3QganNvbg.eyJzdWIiOjF9.abc", False),  # the header does not decode to JSON
        ("v1.2.3", False),
        ("a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d", False),
    ],
)
def test_is_signed_token(value: str, signed: bool) -> None:
    assert is_signed_token(value) is signed
