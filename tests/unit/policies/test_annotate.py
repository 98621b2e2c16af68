from __future__ import annotations

import pytest

from guardian.policies import RuleAnnotator

A = RuleAnnotator()


@pytest.mark.parametrize(
    "text, field, expected",
    [
        ("We collect your email address and phone number.", "data", {"Email", "Phone"}),
        ("We collect your precise location using GPS.", "data", {"Location(precise)"}),
        ("We share your information with advertising partners.", "recipients", {"advertising"}),
        ("We share data with service providers who host our website.", "recipients", {"service_provider"}),
        ("We use cookies for analytics and to personalize content.", "purposes", {"analytics", "personalization"}),
        ("We process your data based on your consent and our legitimate interests.", "legal_basis", {"consent", "legitimate_interests"}),
        ("You have the right to access, rectify and erase your data and to data portability.", "rights", {"access", "rectification", "erasure", "portability"}),
        ("We sell and share personal information.", "actions", {"sell", "share"}),
    ],
)
def test_fields(text: str, field: str, expected: set[str]) -> None:
    assert getattr(A.annotate(text), field) == frozenset(expected)


@pytest.mark.parametrize(
    "text, negated",
    [
        ("We do not sell your personal information.", True),
        ("We never share your email address with advertisers.", True),
        ("We don't collect precise location.", True),
        ("We sell your personal information to data brokers.", False),
        ("We share your email address with partners.", False),
    ],
)
def test_negation(text: str, negated: bool) -> None:
    assert A.annotate(text).negated is negated


def test_retention_and_transfer() -> None:
    f = A.annotate("We retain your data for 30 days and transfer it to countries outside the EEA.")
    assert f.retention == "for 30 days" and f.international_transfer
    assert A.annotate("We collect your email address.").retention is None


@pytest.mark.parametrize(
    "text, category",
    [
        ("We may update this privacy policy from time to time.", "Policy Change"),
        ("We use SSL encryption to protect your information from unauthorized access.", "Data Security"),
        ("Our site does not respond to Do Not Track signals.", "Do Not Track"),
        ("We do not knowingly collect information from children under 13.", "International and Specific Audiences"),
        ("You can opt out of marketing emails at any time.", "User Choice/Control"),
        ("You can delete your account in your account settings.", "User Access, Edit and Deletion"),
        ("We retain your information as long as necessary.", "Data Retention"),
        ("We share your information with advertisers.", "Third Party Sharing/Collection"),
        ("We collect your email address when you register.", "First Party Collection/Use"),
        ("Contact us at the address below.", "Other"),
    ],
)
def test_opp_category(text: str, category: str) -> None:
    assert A.annotate(text).opp_category == category


def test_heading_fills_empty_fields_only() -> None:
    f = A.annotate("We use it to fix bugs.", heading="Cookies")
    assert f.data == frozenset({"Cookies"})
    assert A.annotate("We collect your phone number.", heading="Cookies").data == frozenset({"Phone"})


def test_opp_attributes_without_an_amrsf_twin() -> None:
    from guardian.policies.annotate import RuleAnnotator
    from guardian.policies.records import StatementFields

    f = RuleAnnotator().annotate("We may share your personal information with Google and our affiliates to run contests. You can opt out.")
    assert {"Generic personal information", "Named third party", "Other part of company/affiliate",
            "Additional service/feature", "opt_out"} <= f.opp_attributes
    assert RuleAnnotator().annotate("We collect your email address.").opp_attributes == frozenset()
    # stored before the field existed: read back as empty
    old = {k: v for k, v in f.as_record().items() if k != "opp_attributes"}
    assert StatementFields.from_record(old).opp_attributes == frozenset()
    assert StatementFields.from_record(f.as_record()) == f
