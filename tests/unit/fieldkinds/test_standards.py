"""Values that follow a standard (CLDR codes, the tz database, Accept-Language lists, Pygments'
language names) are machinery wherever they sit; the page's own address is page context."""

from __future__ import annotations

import json

import pytest

from guardian.codecs import decode_request
from guardian.fieldkinds import FieldKindClassifier
from guardian.fieldkinds.standards import (
    COUNTRY, CURRENCY, LANGUAGE, LOCALE_LIST, PROGRAMMING_LANGUAGE, TIME_ZONE, standard_label,
)
from guardian.records import HttpRequest, ValueKind


@pytest.mark.parametrize(
    ("key", "value", "label"),
    [
        ("lang", "en", LANGUAGE),
        ("languages", "de", LANGUAGE),  # an array's element takes the array's key
        ("user_locale", "EN", LANGUAGE),
        ("hl", "fil", LANGUAGE),
        ("country", "DE", COUNTRY),
        ("anything", "BR", COUNTRY),
        ("country", "us", COUNTRY),  # in lower case where the key says country (Adjust's "country=us")
        ("geo_country_code", "de", COUNTRY),
        ("cur", "EUR", CURRENCY),
        ("x", "JPY", CURRENCY),
        ("al", "en-US,en;q=0.9", LOCALE_LIST),
        ("langs", "fr-CA, fr;q=0.8, *;q=0.5", LOCALE_LIST),
        ("zone", "America/Argentina/Buenos_Aires", TIME_ZONE),
        ("zone", "UTC", TIME_ZONE),
        ("language", "javascript", PROGRAMMING_LANGUAGE),
        ("sdk_language", "python", PROGRAMMING_LANGUAGE),
        ("language", "JavaScript", PROGRAMMING_LANGUAGE),  # as its lexer writes it: no first name is
        ("language", "TypeScript", PROGRAMMING_LANGUAGE),
    ],
)
def test_standard_values(key: str, value: str, label: object) -> None:
    assert standard_label(key, value) is label


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("name", "de"),  # a bare language code needs a language key: "de" is also a preposition
        ("first_name", "ann"),  # three-letter ISO 639-2 codes are given names too
        ("country", "ZZ"),  # CLDR's unknown region
        ("name", "us"),  # a lower-case two letters is a country only where the key says country
        ("currency", "ABC"),
        ("zone", "Europe/Atlantis"),
        ("language", "English"),  # the user's language, by name: not a programming language
        ("language", "Ruby"),  # capitalised: may be a person's name
        ("al", "Tom, Ann"),
        ("comment", "I live in Berlin"),
    ],
)
def test_other_values_are_not_standard(key: str, value: str) -> None:
    assert standard_label(key, value) is None


def _labels(body: dict, headers: tuple[tuple[str, str], ...] = ()) -> dict[str, tuple[str, object]]:
    request = HttpRequest("POST", "https://collector.example/v1/e", (("Content-Type", "application/json"), *headers),
                          json.dumps(body).encode())
    payload = decode_request(request)
    labels = FieldKindClassifier().classify(request, payload, telemetry=True)
    return {f.path: (f.value, labels.get(f.path)) for f in payload.fields}


def test_a_list_of_locales_is_machinery_element_by_element() -> None:
    out = _labels({"properties": {"languages": ["en-US", "en"]}})
    assert all(label is not None and label.kind is ValueKind.SITE_MACHINERY for _, label in out.values())


def test_the_page_own_url_and_path_are_page_context_and_nothing_else_is() -> None:
    headers = (("Referer", "https://shop.example/cart/index.html?step=2#top"), ("Origin", "https://shop.example"))
    out = _labels({"path": "/cart/index.html", "p": "/cart/index.html?step=2", "origin": "https://shop.example",
                   "other": "/account/settings"}, headers)
    for path in ("json:$.path", "json:$.p", "json:$.origin"):
        assert out[path][1] is not None and out[path][1].kind is ValueKind.PAGE_CONTEXT, path
    assert out["json:$.other"][1] is None  # a path the Referer does not show is read as before


def test_the_recipient_own_address_is_page_context_also_written_without_its_punctuation() -> None:
    out = _labels({"url": "https://collector.example/v1/e", "u": "httpscollector.example/v1/e", "host": "/v1/e",
                   "other": "https://collector.example/v1/users/ann.lee", "short": "http/v1/e"})
    for path in ("json:$.url", "json:$.u", "json:$.host"):
        assert out[path][1] is not None and out[path][1].kind is ValueKind.PAGE_CONTEXT, path
    assert out["json:$.other"][1] is None or out["json:$.other"][1].kind is not ValueKind.PAGE_CONTEXT
    assert out["json:$.short"][1] is None or out["json:$.short"][1].kind is not ValueKind.PAGE_CONTEXT


def test_screen_and_event_names_in_telemetry_are_the_site_own() -> None:
    out = _labels({"properties": {"$screen_name": "Home", "event_name": "add_to_cart", "screen": "Ann Lee"}})
    assert out['json:$.properties["$screen_name"]'][1].kind is ValueKind.SITE_MACHINERY
    assert out["json:$.properties.event_name"][1].kind is ValueKind.SITE_MACHINERY
    assert out["json:$.properties.screen"][1] is None  # shaped like a person's name: detection decides


def test_what_the_page_says_of_itself_is_page_context_in_telemetry() -> None:
    out = _labels({"event": "view_item", "properties": {"keywords": "running shoes, trail, waterproof",
                                                        "description": "Lightweight trail shoe with a Vibram sole.",
                                                        "product_name": "Trailblazer 3", "item_brand": "Acme"},
                   "user": {"description": "Ann Lee, likes trail running"}})
    for key in ("keywords", "description", "product_name", "item_brand"):
        assert out[f"json:$.properties.{key}"][1].kind is ValueKind.PAGE_CONTEXT, key
    assert out["json:$.user.description"][1] is None  # in the person's object it is the person's
