"""A name that the payload's own e-mail address spells is that person's name, whatever its key."""

from __future__ import annotations

from guardian.detect.detector import Detector, link_names
from guardian.records import Field, FieldKind, Payload


def _payload(**values: str) -> Payload:
    fields = tuple(Field(path=f"json:$.{k}", name=k, value=v, kind=FieldKind.STRING) for k, v in values.items())
    return Payload(fields=fields, body_codec="json")


def _people(payload: Payload) -> dict[str, str]:
    return {f.field_path: f.recognizer for f in Detector().detect(payload) if f.entity == "PERSON"}


def test_a_name_the_address_spells_is_found_under_any_key() -> None:
    payload = _payload(email="marguerite.oyelaran@example.net", alias="Marguerite Oyelaran", nm="Oyelaran",
                       first="Marguerite", plan="pro", label="Sign In")
    people = _people(payload)
    assert people == {"json:$.alias": "name_link", "json:$.nm": "name_link", "json:$.first": "name_link"}


def test_accents_and_separators_are_read_as_people_type_them() -> None:
    payload = _payload(mail="jose_nunez-garcia@example.es", who="José Núñez")
    assert _people(payload) == {"json:$.who": "name_link"}


def test_no_address_no_link_and_a_role_address_spells_no_one() -> None:
    assert link_names(_payload(alias="Marguerite Oyelaran"), ()) == []
    payload = _payload(email="support@example.com", team="Support", title="Support")
    assert _people(payload) == {}
    # lower-case words and other words of the address are no name
    payload = _payload(email="anna.berg@example.com", slug="anna berg", city="Berg Town", short="Ann")
    assert _people(payload) == {}
