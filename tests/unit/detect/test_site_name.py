"""The first party's own name, spelled by its domain, is no person's: not in a name field, not where it recurs."""

from __future__ import annotations

import pytest

from guardian.detect.detector import Detector
from guardian.detect.site_name import is_site_mailbox, is_site_name
from guardian.records import Field, FieldKind, Payload


@pytest.mark.parametrize(("value", "site"), [
    ("Example Shop", "shop.example"),
    ("Acme Store", "acme-store.co.uk"),
    ("ExampleShop", "exampleshop.com"),
    ("Example Shop", "exampleshop.com"),
    ("Zalando", "zalando.de"),
    ("Магазин", "магазин.рф"),
])
def test_a_name_the_domain_spells_is_the_sites(value: str, site: str) -> None:
    assert is_site_name(value, site)


@pytest.mark.parametrize(("value", "site"), [
    ("Marguerite Oyelaran", "shop.example"),
    ("Example Shop Marguerite", "shop.example"),  # a word the domain does not spell
    ("Co Uk", "acme.co.uk"),  # the suffix spells nothing
    ("Example Shop", None),  # no first party known
    ("", "shop.example"),
])
def test_other_names_are_not(value: str, site: str | None) -> None:
    assert not is_site_name(value, site)


def _payload(**values: str) -> Payload:
    fields = tuple(Field(path=f"json:$.{k}", name=k, value=v, kind=FieldKind.STRING) for k, v in values.items())
    return Payload(fields=fields, body_codec="json")


def test_the_account_named_after_the_site_is_left_and_not_repeated_into_the_title() -> None:
    payload = _payload(name="Example Shop", page_title="Your account — Example Shop", full_name="Marguerite Oyelaran")
    without = {f.field_path for f in Detector().detect(payload) if f.entity == "PERSON"}
    assert "json:$.name" in without  # the check below is not vacuous: alone, the name field reads as a person
    people = {f.field_path for f in Detector().detect(payload, site="shop.example") if f.entity == "PERSON"}
    assert "json:$.name" not in people and "json:$.page_title" not in people
    assert "json:$.full_name" in people  # the user's own name is still found


@pytest.mark.parametrize(("value", "site"), [
    ("support@shop.example", "shop.example"),
    ("returns@shop-example.mail-vendor.to", "shop.example"),  # an inbox a vendor hosts, named after the site
    ("customer.service@acme-store.co.uk", "acme-store.co.uk"),
    ("postmaster@zalando.de", "zalando.de"),
    ("stock@shop.example", "shop.example"),  # a surname somewhere, a word first
    ("no-reply@exampleshop.com", "exampleshop.com"),
])
def test_a_role_mailbox_at_the_sites_domain_is_the_sites(value: str, site: str) -> None:
    assert is_site_mailbox(value, site)


@pytest.mark.parametrize(("value", "site"), [
    ("marguerite.oyelaran@shop.example", "shop.example"),  # a person at the site's domain
    ("grace@shop.example", "shop.example"),  # a given name that is also a word
    ("jdoe@university.edu", "university.edu"),
    ("oyelaran@shop.example", "shop.example"),  # a surname alone
    ("support@other-vendor.to", "shop.example"),  # a role of another domain
    ("support@shop.example", None),
    ("not an address", "shop.example"),
])
def test_other_addresses_are_not(value: str, site: str | None) -> None:
    assert not is_site_mailbox(value, site)


def test_the_sites_inbox_in_a_path_is_left_and_the_users_address_is_found() -> None:
    payload = _payload(inbox="returns@shop-example.mail-vendor.to", email="marguerite.oyelaran@example.net")
    assert {f.field_path for f in Detector().detect(payload) if f.category.name == "EMAIL"} == {"json:$.inbox", "json:$.email"}
    found = {f.field_path for f in Detector().detect(payload, site="shop.example") if f.category.name == "EMAIL"}
    assert found == {"json:$.email"}
