"""Licence-clean training pairs: template policy statements written for the project.

The shipped System 1 weights were trained on OPP-115, whose annotations permit research and
teaching only. This module makes pairs of the same shape as `opp115`'s `segment` scheme from
text written here, so weights trained on them can ship under the project's own licence:

1. **Gold practices** are drawn from the schema's vocabulary (`schema.PI_TYPES`, `PURPOSES`,
   `PARTIES`; collect / share, explicit / implicit, does / does not, opt-in / opt-out,
   identifiable / aggregated, tracking), 1-3 per statement, biased by the kind of paragraph a
   policy has (what you give us, what is logged automatically, service providers, advertising
   partners, legal requests, "we do not sell", ...) and by the kind of site (a shop, a health
   app, ...), so that co-occurrences look like a policy's.
2. **Statement text** renders those practices as policy English from the phrase banks and
   templates below: formal legalese, plain language, vague wording ("certain information",
   "trusted partners"), data lists, negations, consent and opt-out conditions, headings, Q&A
   fragments, long sentences mixing practices, sentences naming no purpose, and sentences that
   state no practice at all (contact lines, cross-references, retention, security).
3. **Observed fields** are what the project's rule annotator reads from that text
   (`opp115._rule_annotate`, exactly as `opp115.load_segments` does), so System 1 learns the
   request path's reading, errors included.
4. **Actions and labels** come from `opp115.derive_pairs` (described action, near misses, a
   cross action from another statement of the same synthetic policy; `violates_any`), and the
   split is `opp115.split_policies` over synthetic policy ids: whole policies, never pairs.

Nothing here is read from OPP-115. The phrase banks are the project's own writing (Apache-2.0).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from guardian.matcher.schema import PARTIES, PI_TYPES, PURPOSES, Practice
from lab.training.matcher.opp115 import OppStatement, Pair, _rule_annotate, derive_pairs, split_policies

__all__ = [
    "SYNTHETIC_DATA", "DATA_NOTE", "LICENCE", "N_POLICIES", "EPOCHS", "generate_statements", "generate_pairs", "load_split",
    "is_synthetic", "generator_record",
]

SYNTHETIC_DATA = "synthetic"  # the `--data` value that selects this generator instead of a folder
DATA_NOTE = "template statements written for the project (lab/training/matcher/synthetic.py)"
LICENCE: dict[str, Any] = {"data": [{"source": DATA_NOTE, "licence": "Apache-2.0"}], "clean": True}

N_POLICIES = 400  # synthetic policies; split_policies holds out every 5th (80)
# Training epochs on these pairs, chosen by `guardian-lab matcher select --data synthetic` (lowest
# Brier on dev policies carved out of the train policies; see guardian/matcher/README.md).
EPOCHS: dict[str, int] = {"multihot": 20, "minilm": 10}
STATEMENTS_PER_POLICY = (8, 18)  # inclusive range of statements (paragraphs) per policy
PRACTICE_COUNTS = (1, 2, 3)  # gold practices per statement, like a paragraph's
PRACTICE_COUNT_WEIGHTS = (0.4, 0.33, 0.27)
INVENTORY_SIZE = (4, 8)  # a policy talks about a few data types again and again ...
INVENTORY_BOOST = 6.0  # ... so a practice draws them this much more often than other types

_SPECIFIC_PI = tuple(t for t in PI_TYPES if t != "Generic personal information")
_THIRD_PARTIES = tuple(p for p in PARTIES if p != "first party")
GENERIC = "Generic personal information"

# -- phrase banks: how policies name each value ------------------------------------------------

_PI_PHRASES: dict[str, tuple[str, ...]] = {
    "Contact": (
        "your name and email address", "contact information", "contact details such as your name, email address and telephone number",
        "your email address", "your mailing address", "your phone number", "your name, postal address and phone number",
        "the e-mail address you sign up with", "your first and last name", "contact data", "your shipping and billing address",
        "the name and email you give us", "your mobile number", "your home address", "your address book contacts",
        "information you use to reach us, like your email",
    ),
    "Location": (
        "location information", "your precise location", "GPS coordinates", "your approximate location", "geolocation data",
        "the city or region you are in", "where your device is located", "location data from your mobile device",
        "information about your physical location", "the location of your device", "real-time location",
        "the places you check in to",
    ),
    "Demographic": (
        "demographic information", "your age and gender", "your date of birth", "your age range", "your gender",
        "household income", "information such as age, gender and occupation", "your birthday", "your marital status",
        "your nationality and preferred language", "education and employment details", "your ZIP code and age",
    ),
    "Financial": (
        "payment information", "your credit card number", "billing information", "bank account details", "your purchase history",
        "transaction records", "financial information", "payment card details and billing address", "details of the products you buy",
        "your credit or debit card details", "information about your income and credit history", "payment details",
        "the amount and date of each payment",
    ),
    "Health": (
        "health information", "your medical history", "fitness and activity data", "information about your health conditions",
        "prescription information", "heart rate and sleep data", "health-related data you enter in the app", "medical records",
        "information about your symptoms", "data about your weight, diet and exercise", "information about disabilities",
    ),
    "Personal identifier": (
        "your Social Security number", "your driver's license number", "a government-issued ID", "your username and password",
        "account credentials", "your passport number", "tax identification numbers", "login credentials", "your member ID",
        "your national identification number", "security questions and answers",
    ),
    "User online activities": (
        "your browsing history", "the pages you visit", "your search queries", "the links you click", "how you interact with our site",
        "usage data", "information about your activity on our services", "the content you view", "clickstream data",
        "the time you spend on each page", "the features you use", "your viewing history", "the ads you click on",
        "what you search for and read", "log information about your visits",
    ),
    "Cookies and tracking elements": (
        "cookies", "web beacons", "pixel tags", "cookies and similar tracking technologies", "local storage objects", "flash cookies",
        "tracking pixels", "cookie identifiers", "clear GIFs", "information stored in cookies", "tags and scripts",
    ),
    "Computer information": (
        "your browser type", "your operating system", "the type of device you use", "browser type and version", "screen resolution",
        "your language settings", "information about your computer", "hardware and software information", "your mobile carrier",
        "the operating system and version of your phone", "technical information about your device", "time zone setting",
    ),
    "IP address and device IDs": (
        "your IP address", "device identifiers", "a unique device ID", "your advertising ID", "your device's MAC address",
        "IMEI number", "your Internet Protocol (IP) address", "mobile device IDs", "the IP address of your computer",
        "the identifier of your phone", "IDFA or Android advertising ID",
    ),
    "Social media data": (
        "information from your social media profile", "your Facebook friends list", "profile information from the social network you log in with",
        "your public profile on Twitter", "social network data", "information you make available through third-party social networks",
        "your social media handle and followers", "information from your connected Google or Facebook account",
        "likes and connections on social networks",
    ),
    "Survey data": (
        "survey responses", "your answers to our surveys", "feedback you give in questionnaires", "poll responses",
        "the information you provide when you answer a survey", "your ratings and feedback",
    ),
    "User profile": (
        "account information", "profile information", "your username", "your preferences", "your user profile",
        "your account settings and preferences", "interests you add to your profile", "your profile photo",
        "the information in your member profile", "your wish list and saved items", "account details",
    ),
    GENERIC: (
        "personal information", "personal data", "personally identifiable information", "information about you", "your information",
        "your personal information", "information that identifies you", "PII", "the information you provide to us",
        "data relating to you", "information we collect from you", "your personal details", "customer information",
        "user information", "the personal data of our users", "information that can be used to identify you",
    ),
    "Other": (
        "other information you choose to provide", "the content of your messages", "photos you upload", "information about your vehicle",
        "your resume and job application materials", "details of your travel plans", "recordings of calls with our support team",
        "the content you post", "files you store with us", "information about your pets", "details about your home",
        "any other information you send us",
    ),
}
# Data named without a type: what a policy says when it does not say which data.
_VAGUE_DATA = (
    "certain information", "some information", "information", "data", "certain data", "such information", "details",
    "the information described above", "limited information", "various types of information",
)
# Referring back to data named in the sentence before (the annotator cannot follow the reference).
_BACK_REFERENCE = ("it", "this information", "these details", "such data", "that information", "this data")

_PURPOSE_PHRASES: dict[str, tuple[str, ...]] = {
    "Basic service/feature": (
        "to provide our services", "to process your orders", "to create and manage your account", "to fulfil your requests",
        "to deliver the products you purchase", "to respond to your inquiries", "to operate the website", "so that you can use the app",
        "to process payments", "to provide customer support", "to ship your order", "to provide the services you request",
        "in order to complete your transaction", "to let you log in", "for the performance of our contract with you",
    ),
    "Additional service/feature": (
        "to enable optional features", "to run contests and sweepstakes", "to let you share content with friends",
        "to provide location-based features", "to enable social sharing features", "to administer promotions and rewards programs",
        "to offer our loyalty program", "to let you invite friends", "to send you text message alerts you asked for",
        "to provide features such as saved searches and wish lists", "to host our forums and community pages",
    ),
    "Advertising": (
        "to show you ads", "for advertising purposes", "to deliver interest-based advertising", "to serve targeted ads",
        "to display advertisements that may interest you", "to measure the effectiveness of ad campaigns", "for behavioral advertising",
        "to show you more relevant ads on other sites", "to deliver ads tailored to your interests", "for ad targeting",
        "to help advertisers reach the right audience", "to sell advertising space",
    ),
    "Marketing": (
        "for marketing purposes", "to send you promotional emails", "to tell you about products and offers", "to send you newsletters",
        "for direct marketing", "to contact you about special offers", "to let you know about new features and events",
        "to send you coupons and deals", "to market our products to you", "for their own marketing purposes",
        "to keep you informed about our latest products",
    ),
    "Analytics/Research": (
        "for analytics", "to understand how visitors use our site", "to analyze trends", "for research and development",
        "to improve our products", "to compile usage statistics", "to measure traffic", "to conduct research",
        "to study how our services are used", "for statistical analysis", "to evaluate and improve the service",
        "to understand our audience better",
    ),
    "Personalization/Customization": (
        "to personalize your experience", "to remember your preferences", "to recommend content you might like",
        "to customize the content you see", "to tailor our services to you", "to show you products you may like",
        "to remember your settings", "to make the site more relevant to you", "to suggest people you may know",
    ),
    "Service operation and security": (
        "to protect against fraud", "for security purposes", "to keep our services secure", "to troubleshoot problems",
        "to prevent abuse", "to debug and fix errors", "to keep our systems running", "to detect and prevent illegal activity",
        "to maintain the integrity of our platform", "to verify your identity", "to enforce our terms of service",
        "to administer our servers",
    ),
    "Legal requirement": (
        "to comply with legal obligations", "when required by law", "in response to a subpoena or court order",
        "to cooperate with law enforcement", "to comply with applicable laws and regulations", "to respond to lawful requests by public authorities",
        "to protect our legal rights", "where we believe disclosure is necessary to comply with the law", "as required by tax regulations",
        "to meet national security requirements",
    ),
    "Merger/Acquisition": (
        "in connection with a merger, acquisition or sale of assets", "if we are acquired by or merged with another company",
        "as part of a business transfer", "in the event of a bankruptcy or reorganization", "if our business is sold",
        "during negotiations of any merger or financing", "in connection with a corporate transaction",
    ),
    "Other": (
        "for other purposes disclosed at the time of collection", "for purposes compatible with those described here",
        "for internal business purposes", "for record keeping", "for any other lawful purpose", "for the purposes described in this policy",
        "for purposes we tell you about", "as otherwise permitted by you",
    ),
}

_NAMED_PARTIES = (
    "Google", "Google Analytics", "Facebook", "Stripe", "PayPal", "Mailchimp", "Salesforce", "Amazon Web Services", "Zendesk",
    "Mixpanel", "Twitter", "Adobe", "Microsoft", "Criteo", "DoubleClick", "Braintree", "Shopify", "Segment", "Intercom",
    "HubSpot", "Oracle", "Apple", "Twilio", "Hotjar",
)
# Unnamed third parties by the role a policy gives them; the phrase follows the practice's purpose.
_UNNAMED_BY_ROLE: dict[str, tuple[str, ...]] = {
    "any": (
        "third parties", "trusted partners", "business partners", "outside companies", "other companies", "selected organizations",
        "partners we work with", "other businesses", "unaffiliated companies", "carefully selected third parties", "our agents",
        "sponsors", "certain third parties", "organizations we trust",
    ),
    "service": (
        "third-party service providers", "vendors", "companies that help us run our business", "contractors acting on our behalf",
        "service providers", "companies that provide services to us", "payment processors", "hosting and IT providers",
        "shipping companies",
    ),
    "ads": ("advertisers", "advertising networks", "marketing partners", "data brokers", "ad partners", "third-party advertising companies"),
    "analytics": ("analytics providers", "measurement companies", "research partners"),
    "legal": ("law enforcement agencies", "government authorities", "courts and regulators", "public authorities", "the police"),
    "merger": ("a buyer or successor", "the acquiring company", "potential purchasers of our business", "a successor entity"),
}
_ROLE_OF_PURPOSE = {
    "Basic service/feature": "service", "Service operation and security": "service", "Advertising": "ads", "Marketing": "ads",
    "Analytics/Research": "analytics", "Legal requirement": "legal", "Merger/Acquisition": "merger",
}
_PARTY_PHRASES: dict[str, tuple[str, ...]] = {
    "Other part of company/affiliate": (
        "our affiliates", "our subsidiaries", "our parent company", "companies in our corporate family", "other companies in our group",
        "related companies", "our sister brands", "entities under common control with us", "other members of our corporate group",
        "companies we own or control",
    ),
    "Public": (
        "other users", "the public", "anyone who visits your profile", "other members of the community", "everyone",
        "other visitors to the site", "people who follow you", "anyone on the internet",
    ),
}
# How often each purpose goes with each practice in a policy (relative; `prefer` multiplies).
_PURPOSE_WEIGHTS: dict[str, dict[str, float]] = {
    "collect": {"Basic service/feature": 4, "Additional service/feature": 2, "Advertising": 1.5, "Marketing": 2, "Analytics/Research": 3,
                "Personalization/Customization": 2.5, "Service operation and security": 2.5, "Legal requirement": 1,
                "Merger/Acquisition": 0.3, "Other": 1},
    "share": {"Basic service/feature": 3, "Additional service/feature": 1.5, "Advertising": 2.5, "Marketing": 2, "Analytics/Research": 2,
              "Personalization/Customization": 1, "Service operation and security": 2, "Legal requirement": 2,
              "Merger/Acquisition": 1.5, "Other": 1},
}

_TRIGGERS = (
    "create an account", "register", "sign up for our newsletter", "make a purchase", "place an order", "contact us",
    "contact customer support", "participate in a survey", "enter a contest or sweepstakes", "fill out a form", "apply for a job",
    "subscribe to our service", "post a review", "request information", "book an appointment", "set up your profile",
    "join our rewards program", "use our chat feature", "download a white paper", "register for an event",
)
_VISITS = (
    "visit our website", "use our app", "browse our site", "open our emails", "interact with our services", "use the Services",
    "access our website", "visit any page of the site", "use our mobile application",
)
_EXPLICIT_MODE = (
    " when you {trigger}", " that you provide to us", " you give us when you {trigger}", " directly from you",
    " that you submit", " when you {trigger} or {trigger2}", " you choose to provide", " you enter",
)
_IMPLICIT_MODE = (
    " automatically", " automatically when you {visit}", " through cookies and server logs", " when you {visit}",
    " in the background", " passively as you {visit}", " through our servers", " each time you {visit}",
    " by automated means",
)
_TRACKING = (
    " across different websites over time", " on other sites and apps", " when you visit other websites", " across devices",
    " over time and across third-party websites", " as you browse the web",
)
_OPT_IN_SUFFIX = (
    " with your consent", " only if you opt in", ", but only with your prior consent", " if you give us permission",
    " if you choose to allow it", " only after you agree", " where you have consented", " if you check the box",
    " subject to your explicit permission",
)
_OPT_IN_PREFIX = (
    "With your permission, ", "If you opt in, ", "If you enable location services, ", "Where you consent, ",
    "If you agree, ", "Only if you say yes, ",
)
_OPT_IN_SENTENCES = (
    "We only do this with your consent.", "This happens only if you opt in.", "We will ask for your permission first.",
    "You must agree before this happens.",
)
_OPT_OUT_SENTENCES = (
    "You can opt out at any time.", "You may unsubscribe at any time by clicking the link in our emails.",
    "You can disable cookies through your browser settings, although some features may not work.",
    "To stop this, visit your account settings.", "If you do not want us to do this, please contact us.",
    "You may choose not to provide this information.", "You can turn this off in the app's settings.",
    "You can ask us to stop at any time.", "To opt out, follow the instructions on our choices page.",
    "If you prefer, you can decline.", "You can change your preferences whenever you like.",
    "You can set your browser to refuse cookies.", "You may withdraw at any time by writing to us.",
    "Visit the Network Advertising Initiative's site to learn about your options.", "You can manage this in your account preferences.",
    "Simply reply STOP to any text message.", "Use the link at the bottom of any email to stop receiving them.",
    "You can ask us to delete it.", "You can limit this in your device settings.",
)
_AGGREGATED_PREFIX = ("aggregated ", "anonymized ", "de-identified ", "aggregate, non-personal ", "statistical ")
_AGGREGATED_SUFFIX = (
    " in aggregated form", " in a form that does not identify you", " after removing your name and other identifiers",
    " in de-identified form", " only as anonymous statistics", " combined with that of other users",
)
_IDENTIFIABLE_SUFFIX = (
    " that identifies you", " that can be linked to you", " associated with your account", " linked to your name",
    " in personally identifiable form",
)
_CONNECTIVES = ("", "", "", "In addition, ", "We also note that ", "Additionally, ", "Furthermore, ", "Also, ", "Moreover, ")

_COMPANIES = (
    "Acme", "Brightwave", "Northfield Media", "Pinecone Labs", "Kestrel Apps", "Bluefin Travel", "Harbor Health", "Quillo",
    "Lumen Games", "Crescent Bank", "Oakridge Outfitters", "Vela Music", "Tidewater News", "Copperleaf", "Sunpath Fitness",
    "Ember Social", "Granite Insurance", "Meadow Kids", "Orbit Cloud", "Juniper Jobs", "Saffron Recipes", "Atlas Maps",
)

# Kinds of site: which data types a policy of that kind talks about more often (weight multiplier).
_SECTORS: dict[str, dict[str, float]] = {
    "shop": {"Contact": 3, "Financial": 3, "User online activities": 2, "Cookies and tracking elements": 2, "User profile": 2},
    "health": {"Health": 4, "Contact": 2, "Demographic": 2, "Personal identifier": 2, "Location": 1.5},
    "social": {"User profile": 3, "Social media data": 3, "Contact": 2, "Other": 2, "Location": 2},
    "news": {"Cookies and tracking elements": 3, "User online activities": 3, "IP address and device IDs": 2, "Computer information": 2},
    "app": {"IP address and device IDs": 3, "Location": 3, "Computer information": 2, "User online activities": 2},
    "finance": {"Financial": 4, "Personal identifier": 3, "Contact": 2, "Demographic": 1.5},
    "education": {"Contact": 2, "Demographic": 2, "User profile": 2, "Survey data": 3, "Other": 1.5},
}

# -- statements that state no practice (they surround practices in a real paragraph) -----------

_FILLERS = (
    "Please read this section carefully.", "For more information, see our Cookie Policy.",
    "If you have questions, contact us at privacy@{domain}.", "This policy applies to all users of our website and mobile applications.",
    "We take the privacy of our users seriously.", "The types of information we collect depend on how you use our services.",
    "Some of these features may not be available in every country.", "See the section \"Your Choices\" below.",
    "We retain this information for as long as your account is active.", "We use reasonable safeguards to protect your information.",
    "You can review and update your account information at any time.", "This section was last updated on January 1.",
    "As used in this policy, \"Services\" means our websites, apps and related offerings.",
    "Questions about this policy can be sent to our privacy team.", "We are committed to being transparent about our practices.",
    "Information is stored on servers located in the United States.", "Please do not send us sensitive information through the site.",
    "Nothing in this policy limits your rights under applicable law.", "Our site may contain links to other websites.",
    "We are not responsible for the privacy practices of those sites.", "You can find our full terms at {domain}/terms.",
    "California residents have additional rights described below.", "Our services are not directed to children under 13.",
    "Details are provided in the table below.", "Learn more at {domain}/privacy.",
    # sentences around practices that mention data, choices or a negation without stating a practice
    "You do not have to provide this information, but some features may not work without it.",
    "This policy does not apply to information collected by third-party websites we link to.",
    "We cannot guarantee the security of information transmitted over the internet.",
    "You can update your email address and password in your account settings.",
    "We use SSL encryption to protect payment information in transit.", "Your password is stored in hashed form.",
    "If you do not wish to receive these messages, you can unsubscribe at any time.",
    "Most web browsers let you refuse or delete cookies.", "You may request a copy of the personal data we hold about you.",
    "Third-party sites have their own privacy policies, which we encourage you to read.",
    "We will notify you by email before any material change to this policy.",
    "If you believe we hold inaccurate information, please let us know.",
    "Some browsers offer a \"Do Not Track\" setting; we do not currently respond to it.",
    "We keep log files for up to 90 days.", "Data may be processed in countries other than your own.",
    "You are responsible for keeping your login details confidential.", "Children should ask a parent before using the site.",
    "This does not include information that is already public.", "We may update this list from time to time.",
    "Where we rely on legitimate interests, you have the right to object.",
)

_HEADINGS: dict[str, tuple[str, ...]] = {
    "collect_explicit": ("Information You Provide to Us", "Information You Give Us", "Account Registration", "Information We Collect",
                         "Personal Information You Provide", "When You Contact Us"),
    "collect_implicit": ("Information We Collect Automatically", "Log Data", "Automatically Collected Information", "Cookies and Similar Technologies",
                         "Device and Usage Information", "Technical Information"),
    "collect": ("How We Use Your Information", "Use of Information", "Our Use of Personal Data", "Information We Collect",
                "What We Do With Your Information", "Purposes of Processing"),
    "share": ("Sharing of Information", "How We Share Information", "Disclosure of Personal Information", "Third Parties",
              "Who We Share Your Data With", "Information Sharing and Disclosure"),
    "share_ads": ("Third-Party Advertising", "Advertising Partners", "Interest-Based Ads", "Analytics and Advertising"),
    "share_legal": ("Legal Disclosures", "Compliance With Law", "Law Enforcement Requests"),
    "share_merger": ("Business Transfers", "Change of Control", "Corporate Transactions"),
    "share_public": ("Public Information", "Community Features", "Your Public Profile"),
    "does_not": ("We Do Not Sell Your Data", "What We Don't Do", "Children's Privacy", "No Sale of Personal Information"),
}
_HEADING_FORMATS = ("{h}\n", "{h}. ", "{n}. {h}\n", "{H}: ", "{n}.{m} {h} ", "{h}: ", "{H}\n")


@dataclass(frozen=True)
class _PolicyContext:
    """What stays the same across one synthetic policy: the company and the kind of site."""

    company: str
    domain: str
    sector: str
    legalese: float  # probability a statement is written in legal register
    inventory: tuple[str, ...]  # the data types this policy keeps coming back to


# -- drawing gold practices ---------------------------------------------------------------------


def _weighted(rng: random.Random, items: Sequence[str], weights: Sequence[float], k: int) -> list[str]:
    """k distinct items, drawn by weight."""
    pool, w, out = list(items), list(weights), []
    for _ in range(min(k, len(pool))):
        i = rng.choices(range(len(pool)), weights=w)[0]
        out.append(pool.pop(i))
        w.pop(i)
    return out


def _draw_pi(rng: random.Random, ctx: _PolicyContext, prefer: Sequence[str] = (), generic: float = 0.22) -> frozenset[str]:
    """The data a practice names: generic, none (unspecified), or 1-3 specific types."""
    r = rng.random()
    if r < generic:
        return frozenset({GENERIC})
    if r < generic + 0.05:
        return frozenset()  # a practice that does not say which data
    boost = _SECTORS[ctx.sector]
    weights = [boost.get(t, 1.0) * (4.0 if t in prefer else 1.0) * (INVENTORY_BOOST if t in ctx.inventory else 1.0)
               for t in _SPECIFIC_PI]
    k = rng.choices((1, 2, 3), weights=(0.55, 0.3, 0.15))[0]
    return frozenset(_weighted(rng, _SPECIFIC_PI, weights, k))


def _draw_purposes(rng: random.Random, act: str, prefer: Sequence[str] = (), none: float = 0.35) -> frozenset[str]:
    if rng.random() < none:
        return frozenset()
    weights = [_PURPOSE_WEIGHTS[act][q] * (5.0 if q in prefer else 1.0) for q in PURPOSES]
    k = rng.choices((1, 2, 3), weights=(0.6, 0.28, 0.12))[0]
    return frozenset(_weighted(rng, PURPOSES, weights, k))


def _draw_party(rng: random.Random) -> str:
    return rng.choices(_THIRD_PARTIES, weights=(0.13, 0.6, 0.14, 0.13))[0]


def _flags(rng: random.Random, *, does_not: float = 0.08, opt_in: float = 0.08, opt_out: float = 0.12,
           aggregated: float = 0.07, identifiable: float = 0.12, tracking: float = 0.05) -> dict[str, Any]:
    """The statement-only facts; a choice is opt-in or opt-out, never both (OPP's one Choice Type)."""
    choice = rng.random()
    ident = rng.random()
    negated = rng.random() < does_not
    return {  # a "we do not" statement offers no choice about what it does not do
        "does_not": negated,
        "opt_in": not negated and choice < opt_in,
        "opt_out": not negated and opt_in <= choice < opt_in + opt_out,
        "aggregated": ident < aggregated,
        "identifiable": aggregated <= ident < aggregated + identifiable,
        "tracking": rng.random() < tracking,
    }


def _collect(rng: random.Random, ctx: _PolicyContext, *, mode: str | None | bool = False, pi_prefer: Sequence[str] = (),
             purpose_prefer: Sequence[str] = (), no_purpose: float = 0.35, generic: float = 0.22, **flags: float) -> Practice:
    """A first-party collection/use practice; `mode` False means drawn."""
    if mode is False:
        mode = rng.choices(("explicit", "implicit", None), weights=(0.3, 0.3, 0.4))[0]
    return Practice(practices=frozenset({"collect"}), pi=_draw_pi(rng, ctx, pi_prefer, generic),
                    purposes=_draw_purposes(rng, "collect", purpose_prefer, no_purpose), parties=frozenset({"first party"}),
                    mode=mode if isinstance(mode, str) else None, **_flags(rng, **flags))


def _share(rng: random.Random, ctx: _PolicyContext, *, party: str | None = None, pi_prefer: Sequence[str] = (),
           purpose_prefer: Sequence[str] = (), no_purpose: float = 0.35, generic: float = 0.22, **flags: float) -> Practice:
    """A third-party sharing/collection practice (OPP's has no collection mode)."""
    return Practice(practices=frozenset({"share"}), pi=_draw_pi(rng, ctx, pi_prefer, generic),
                    purposes=_draw_purposes(rng, "share", purpose_prefer, no_purpose), parties=frozenset({party or _draw_party(rng)}),
                    mode=None, **_flags(rng, **flags))


_PROVIDED = ("Contact", "User profile", "Financial", "Demographic", "Personal identifier", "Survey data", "Other", "Social media data")
_LOGGED = ("IP address and device IDs", "Computer information", "Cookies and tracking elements", "User online activities", "Location")
_ADS_DATA = ("Cookies and tracking elements", "User online activities", "IP address and device IDs", "Location")


_JOINT_KINDS = ("chained", "exception", "paired", "grouped")  # kinds whose practices render together, in one sentence


def _archetype_practices(rng: random.Random, ctx: _PolicyContext) -> tuple[str, list[Practice]]:
    """One paragraph's gold practices, by the kind of paragraph (weights: how often policies have it)."""
    kind = rng.choices(
        ("provided", "automatic", "use", "providers", "ads", "analytics", "legal", "merger", "affiliates", "public",
         "no_sell", "children", "aggregated", "consent", "marketing", "social_login", "chained", "exception", "paired", "grouped",
         "random"),
        weights=(10, 9, 10, 7, 6, 3, 5, 3, 4, 3, 5, 3, 3, 4, 4, 2, 8, 4, 5, 10, 14),
    )[0]
    c, s = _collect, _share
    if kind == "provided":
        out = [c(rng, ctx, mode="explicit", pi_prefer=_PROVIDED, generic=0.12)]
    elif kind == "automatic":
        out = [c(rng, ctx, mode="implicit", pi_prefer=_LOGGED, generic=0.08, tracking=0.1,
                 purpose_prefer=("Analytics/Research", "Service operation and security", "Personalization/Customization"))]
    elif kind == "use":
        out = [c(rng, ctx, mode=None, no_purpose=0.05, generic=0.45)]
    elif kind == "providers":
        out = [s(rng, ctx, party="Unnamed third party", purpose_prefer=("Basic service/feature", "Service operation and security"),
                 generic=0.5, no_purpose=0.2)]
    elif kind == "ads":
        out = [s(rng, ctx, party=rng.choice(("Unnamed third party", "Unnamed third party", "Named third party")), pi_prefer=_ADS_DATA,
                 purpose_prefer=("Advertising", "Marketing"), no_purpose=0.1, generic=0.1, tracking=0.45, opt_out=0.35)]
    elif kind == "analytics":
        out = [s(rng, ctx, party=rng.choice(("Named third party", "Unnamed third party")), pi_prefer=_ADS_DATA,
                 purpose_prefer=("Analytics/Research",), no_purpose=0.1, generic=0.1, aggregated=0.3, opt_out=0.25)]
    elif kind == "legal":
        out = [s(rng, ctx, party="Unnamed third party", purpose_prefer=("Legal requirement", "Service operation and security"),
                 no_purpose=0.0, generic=0.75)]
    elif kind == "merger":
        out = [s(rng, ctx, party="Unnamed third party", purpose_prefer=("Merger/Acquisition",), no_purpose=0.0, generic=0.8, does_not=0.0)]
    elif kind == "affiliates":
        out = [s(rng, ctx, party="Other part of company/affiliate", generic=0.5)]
    elif kind == "public":
        out = [s(rng, ctx, party="Public", pi_prefer=("User profile", "Other", "Social media data", "Location"), generic=0.1,
                 purpose_prefer=("Additional service/feature", "Basic service/feature"))]
    elif kind == "no_sell":
        out = [s(rng, ctx, party="Unnamed third party", purpose_prefer=("Marketing", "Advertising"), no_purpose=0.6, generic=0.7,
                 does_not=1.0, opt_in=0.0, opt_out=0.0)]
    elif kind == "children":
        out = [c(rng, ctx, mode=None, generic=0.8, no_purpose=0.9, does_not=1.0, opt_in=0.0, opt_out=0.0)]
    elif kind == "aggregated":
        out = [s(rng, ctx, generic=0.6, purpose_prefer=("Analytics/Research", "Advertising", "Other"), aggregated=1.0, does_not=0.0)]
    elif kind == "consent":
        maker = rng.choice((c, s))
        out = [maker(rng, ctx, pi_prefer=("Location", "Health", "Contact", "Social media data"), generic=0.1, opt_in=1.0,
                     does_not=0.0)]
    elif kind == "marketing":
        out = [c(rng, ctx, pi_prefer=("Contact",), purpose_prefer=("Marketing",), no_purpose=0.0, generic=0.2, opt_out=0.7)]
    elif kind == "social_login":
        out = [c(rng, ctx, mode="explicit", pi_prefer=("Social media data", "User profile", "Contact"), generic=0.05,
                 purpose_prefer=("Basic service/feature", "Personalization/Customization"), opt_in=0.3)]
    elif kind == "chained":  # collected, then used or shared: the second practice is about the same data
        first = c(rng, ctx, does_not=0.0)
        second = (s(rng, ctx, does_not=0.05) if rng.random() < 0.6 else c(rng, ctx, mode=first.mode, no_purpose=0.0, does_not=0.05))
        out = [first, replace(second, pi=first.pi, aggregated=False, identifiable=False, tracking=False)]
    elif kind == "exception":  # "we do not share ... except with ..."
        data = _draw_pi(rng, ctx, generic=0.7)
        deny = s(rng, ctx, party="Unnamed third party", does_not=1.0, opt_in=0.0, opt_out=0.0)
        allow = s(rng, ctx, party=rng.choice(_THIRD_PARTIES), does_not=0.0, no_purpose=0.1)
        plain = {"opt_in": False, "opt_out": False, "aggregated": False, "identifiable": False, "tracking": False}
        out = [replace(deny, pi=data, purposes=frozenset(), **plain), replace(allow, pi=data, **plain)]
    elif kind == "paired":  # "we use X to A, Y to B and Z to C": each data type with its own purpose
        maker = rng.choice((c, s))
        plain = {"does_not": 0.0, "opt_in": 0.0, "opt_out": 0.0, "aggregated": 0.0, "identifiable": 0.0, "tracking": 0.0}
        out, used = [], set()
        for _ in range(rng.choice((2, 2, 3))):
            if maker is c:
                q = c(rng, ctx, mode=None, generic=0.0, no_purpose=0.0, **plain)
            else:
                q = s(rng, ctx, generic=0.0, no_purpose=0.0, **plain)
            pi = sorted(q.pi - used)[:1] or [rng.choice(_SPECIFIC_PI)]
            used.update(pi)
            out.append(replace(q, pi=frozenset(pi), purposes=frozenset([rng.choice(sorted(q.purposes))])))
    elif kind == "grouped":  # what is collected, then one purpose sentence for all of it
        purposes = _draw_purposes(rng, "collect", none=0.0)
        out = [replace(c(rng, ctx, generic=0.1, does_not=0.0, opt_in=0.03), purposes=purposes) for _ in range(rng.choice((2, 2, 3)))]
    else:
        out = [rng.choice((c, s))(rng, ctx)]
    return kind, out


def _statement_practices(rng: random.Random, ctx: _PolicyContext) -> tuple[str, int, list[Practice]]:
    """1-3 gold practices for one statement: one paragraph kind, sometimes with a second or third.
    Also how many leading practices the kind renders together (`_JOINT_KINDS`; else 0)."""
    want = rng.choices(PRACTICE_COUNTS, weights=PRACTICE_COUNT_WEIGHTS)[0]
    kind, out = _archetype_practices(rng, ctx)
    joint = len(out) if kind in _JOINT_KINDS else 0
    while len(out) < want:
        out.extend(_archetype_practices(rng, ctx)[1])
    return kind, joint, out[: max(want, joint)]


# -- rendering ----------------------------------------------------------------------------------


def _shuffled(values: frozenset[str], rng: random.Random) -> list[str]:
    """A set's values in a seeded random order (sorted first: set order varies between processes)."""
    out = sorted(values)
    rng.shuffle(out)
    return out


def _join(items: Sequence[str], rng: random.Random) -> str:
    """'a', 'a and b', 'a, b and c', 'a, b, and c' or 'a, b or c'."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    last = rng.choice((" and ", ", and ", " or ", " and "))
    return ", ".join(items[:-1]) + last + items[-1]


def _data_phrase(p: Practice, rng: random.Random, legal: bool) -> str:
    """The data a practice names, as a noun phrase (with its identifiability, when it states one)."""
    if not p.pi:
        return rng.choice(_VAGUE_DATA) + (rng.choice(_AGGREGATED_SUFFIX) if p.aggregated else "")
    if legal and GENERIC in p.pi and len(p.pi) == 1 and rng.random() < 0.5:
        parts = [rng.choice(("Personal Data", "Personal Information", "any Personal Data of the User"))]
    else:
        parts = []
        for t in _shuffled(p.pi, rng):
            bank = _PI_PHRASES[t]
            if p.aggregated:  # "aggregated information that identifies you" would contradict itself
                bank = tuple(b for b in bank if "identif" not in b) or bank
            parts.append(rng.choice(bank))
    if p.aggregated and len(parts) == 1 and rng.random() < 0.5:
        return rng.choice(_AGGREGATED_PREFIX) + re.sub(r"^(?:your|the) ", "", parts[0])
    phrase = _join(parts, rng)
    if len(parts) > 1 and rng.random() < 0.25:
        phrase = rng.choice(("information such as ", "data including ", "the following information: ", "details like ")) + phrase
    if p.aggregated:
        phrase += rng.choice(_AGGREGATED_SUFFIX)
    elif p.identifiable and rng.random() < 0.6:
        phrase += rng.choice(_IDENTIFIABLE_SUFFIX)
    return phrase


def _purpose_phrase(p: Practice, rng: random.Random) -> str:
    if not p.purposes:
        return ""
    return " " + _join([rng.choice(_PURPOSE_PHRASES[q]) for q in _shuffled(p.purposes, rng)], rng)


def _party_phrase(p: Practice, rng: random.Random) -> str:
    party = next(iter(p.parties))
    if party == "Named third party":
        names = rng.sample(_NAMED_PARTIES, rng.choice((1, 1, 2)))
        phrase = _join(names, rng)
        on_our_behalf = f"{phrase}, which processes it on our behalf" if len(names) == 1 else phrase
        return rng.choice((phrase, f"partners such as {phrase}", on_our_behalf))
    if party != "Unnamed third party":
        return rng.choice(_PARTY_PHRASES[party])
    roles = [_ROLE_OF_PURPOSE[q] for q in sorted(p.purposes) if q in _ROLE_OF_PURPOSE]
    role = rng.choice(roles) if roles and rng.random() < 0.55 else "any"
    return rng.choice(_UNNAMED_BY_ROLE[role])


def _mode_phrase(p: Practice, rng: random.Random, data: str = "") -> str:
    if p.mode == "explicit":
        t1, t2 = rng.sample(_TRIGGERS, 2)
        # a data phrase that already says "you provide" takes the trigger instead of saying it twice
        pool = _EXPLICIT_MODE if "you " not in data else tuple(m for m in _EXPLICIT_MODE if m.startswith(" when"))
        return rng.choice(pool).format(trigger=t1, trigger2=t2)
    if p.mode == "implicit":
        return rng.choice(_IMPLICIT_MODE).format(visit=rng.choice(_VISITS))
    return ""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# Templates. Slots: {we} subject, {D}/{Dc} data (capitalised), {P} purpose clause (leading space
# or empty), {Plist} purposes as a list, {M} mode clause, {T}/{Tc} party, {K} tracking clause,
# {Co} company, {trigger} / {visit} what the user does. A template is used for a practice only
# when it can express the practice's purposes and collection mode (`_fits`), so the gold is what
# the text says.
_COLLECT = (
    "{we} collect {D}{M}{P}.", "{we} may collect {D}{M}{P}.", "{we} gather {D}{M}{P}.", "{we} obtain {D}{M}{P}.",
    "{we} process {D}{M}{P}.", "{we} receive {D}{M}{P}.",
    "{we} store and use {D}{M}{P}.", "{Dc} may be collected{M}{P}.", "{we} keep a record of {D}{M}{P}.",
    "{we} also collect {D}{M}{P}.", "{we} might collect {D}{M}{P}.", "Here's what we collect: {D}{M}{P}.",
    "What information do we collect? {we} collect {D}{M}{P}.",
)
_COLLECT_USE = (
    "{we} use {D}{P}.", "{we} may use {D}{P}.", "{Dc} may be used{P}.", "{we} use {D} in several ways:{Plist}.",
    "{we} process {D} for the following purposes:{Plist}.", "How do we use it? {we} use {D}{P}.",
    "The information we collect, including {D}, is used{P}.", "{we} may use {D} that we collect{P}.",
    "{we} may combine {D} with information from other sources{P}.",
)
_COLLECT_EXPLICIT = (
    "When you {trigger}, we ask for {D}{P}.", "You may be asked to provide {D} when you {trigger}{P}.",
    "If you {trigger}, you will need to give us {D}{P}.", "Information you give us: {D}{P}.",
    "To {trigger}, you must provide {D}.", "{we} collect the information you give us when you {trigger}, such as {D}{P}.",
)
_COLLECT_IMPLICIT = (
    "{we} automatically receive {D} when you {visit}{P}.", "Our servers automatically log {D}{P}.",
    "When you {visit}, certain information is recorded automatically, including {D}{P}.",
    "Automatically collected information: {D}{P}.", "Like most websites, we use cookies to collect {D}{P}.",
    "{we} use tracking technologies to gather {D} when you {visit}{P}.",
)
_COLLECT_LEGAL = (
    "{Co} collects and processes {D}{M}{P}.", "The Company may collect, store and process {D}{M}{P}.",
    "By using the Services, you acknowledge that {Co} may collect {D}{M}{P}.", "{Co} shall be entitled to use {D}{P}.",
    "The User agrees that {Co} may obtain {D}{M}{P}, in accordance with applicable law.",
    "{Co} (hereinafter \"we\") processes {D}{M}{P}.", "Personal Data collected by the Company, including {D}, may be processed{P}.",
)
_COLLECT_NOT = (
    "{we} do not collect {D}{M}{P}.", "{we} don't collect {D}{P}.", "{we} never ask for {D}{P}.", "{we} will not use {D}{P}.",
    "{we} do not knowingly collect {D} from children under the age of 13.", "{we} do not store {D}.",
    "{Dc} will not be collected or used{P}.", "Under no circumstances will we use {D}{P}.",
    "{we} do not track {D}{P}.", "{we} have no access to {D}.", "{Co} does not collect {D}{M}{P}.",
    "{we} will never use {D}{P} without telling you first.", "{we} are not interested in collecting {D}.",
    "{we} refrain from collecting {D}{P}.", "{we} do not gather any of the following: {D}.", "{we} have chosen not to collect {D}{P}.",
    "At no time do we request {D}{P}.", "The app works without {D}; we do not ask for it.",
)
_SHARE = (
    "{we} may share {D} with {T}{P}.", "{we} share {D} with {T}{P}.", "{we} may disclose {D} to {T}{P}.",
    "{Dc} may be shared with {T}{P}.", "{we} may provide {D} to {T}{P}.", "{we} may transfer {D} to {T}{P}.",
    "{Tc} may have access to {D}{P}.", "{we} work with {T}, who may receive {D}{P}.",
    "{we} make {D} available to {T}{P}.", "{we} may sell {D} to {T}{P}.", "{we} may rent or sell {D} to {T}{P}.",
    "Who do we share it with? {Tc}, who may receive {D}{P}.", "{Dc} may be passed on to {T}{P}.",
    "{we} may also share {D} with {T}{P}.", "{we} sometimes give {T} access to {D}{P}.",
    "{Tc} that we engage may process {D} on our behalf{P}.",
)
_SHARE_COLLECT = (  # the third party collects on our site: OPP's third-party collection
    "{Tc} may collect {D}{K}{P}.", "{we} allow {T} to collect {D} through our Services{K}{P}.",
    "{Tc} may use cookies on our site to collect {D}{K}{P}.", "{Tc} may place their own tracking tools on our pages to gather {D}{K}{P}.",
    "Some of our pages contain code from {T} that collects {D}{K}{P}.",
)
_SHARE_PUBLIC = (
    "{Dc} will be visible to {T}.", "If you post in public areas of the site, {D} may be seen by {T}{P}.",
    "Your profile, including {D}, is public and can be viewed by {T}.", "{Dc} that you post may be displayed publicly{P}.",
    "Please remember that {D} you share in forums can be read by {T}{P}.",
)
_SHARE_LEGAL = (
    "{Co} may disclose {D} to {T}{P}, in accordance with applicable law.", "The Company reserves the right to disclose {D} to {T}{P}.",
    "{Co} may transfer {D} to {T}{P}, and the User hereby consents to such transfer.",
    "Notwithstanding the foregoing, {Co} may share {D} with {T}{P}.",
)
_SHARE_NOT = (
    "{we} do not sell {D}.", "{we} do not sell, rent or trade {D} to {T}{P}.", "{we} will never share {D} with {T}{P}.",
    "{we} do not disclose {D} to {T}{P}.", "{Dc} will not be shared with {T}{P}.", "{we} won't give {D} to {T}{P}.",
    "Under no circumstances do we sell {D}.", "{we} neither rent nor sell {D} to {T}.", "{Co} does not share {D} with {T}{P}.",
    "{we} do not share {D} with {T}{P}.", "{Dc} is never sold to {T}.", "{we} don't sell {D} - period.",
    "{we} are not in the business of selling {D}.", "None of the following is rented or sold to {T}: {D}.",
    "{Dc} stays with us and is not given to {T}{P}.", "{we} have not sold {D} in the past twelve months.",
    "{Tc} will not receive {D} from us{P}.", "At no time is {D} traded to {T}.",
)
_CHAINED_SHARE = (
    "{we} may share {R} with {T}{P}.", "{Rc} may also be shared with {T}{P}.", "{we} may disclose {R} to {T}{P}.",
    "{Tc} may receive {R}{P}.", "and we may share {R} with {T}{P}",
)
_CHAINED_USE = ("{we} use {R}{P}.", "{Rc} is used{P}.", "{we} may also use {R}{P}.", "and we use {R}{P}")
_CHAINED_NOT = ("{we} will not share {R} with {T}{P}.", "{we} do not sell {R}.", "{we} never pass {R} on to {T}.")
_CHAINED_USE_NOT = ("{we} will not use {R}{P}.", "{Rc} is never used{P}.")
_EXCEPTION = (
    "{we} do not share {D} with third parties, except with {T}{P}.",
    "{we} will not disclose {D} to anyone outside our company except {T}{P}.",
    "{Dc} is not shared with third parties other than {T}{P}.",
    "Except as described here, we do not sell or share {D}. {we} may share it with {T}{P}.",
)
# Sentence starts a connective ("In addition, ") may precede, lower-cased.
_LOWER_STARTS = ("We ", "Your ", "Our ", "The ", "When ", "If ", "You ")


def _fits(template: str, p: Practice, mode_implied: bool) -> bool:
    """Whether the template can say what p says: its purposes, its collection mode, its tracking."""
    if p.purposes and "{P}" not in template and "{Plist}" not in template:
        return False
    if p.mode and not mode_implied and "{M}" not in template:
        return False
    return not (p.tracking and "share" in p.practices and "{K}" not in template)


def _pick(rng: random.Random, pools: list[tuple[float, tuple[str, ...], bool]], p: Practice) -> str:
    """A template from pools weighted (weight, templates, says the mode itself), among those that fit."""
    fitting = [(w, t) for w, pool, implied in pools for t in pool if _fits(t, p, implied)]
    if not fitting:  # a negated practice: its label does not depend on the fields a template drops
        fitting = [(w, t) for w, pool, _ in pools for t in pool]
    weights = [w / sum(1 for w2, pool, _ in pools if t in pool) for w, t in fitting]  # a pool's weight, not its size
    return rng.choices([t for _, t in fitting], weights=weights)[0]


def _fill(template: str, slots: dict[str, str]) -> str:
    text = template
    for key, value in slots.items():
        text = text.replace("{" + key + "}", value)
    return text


def _tidy(text: str) -> str:
    """Whitespace and punctuation after filling slots; a capital at each sentence start."""
    text = re.sub(r"[ \t]+", " ", text).strip()
    text = re.sub(r" ([,.;:])", r"\1", text)
    text = re.sub(r"\.\.+", ".", text)
    text = re.sub(r",\.", ".", text)
    return re.sub(r"(^|[.?!]\s+|\n)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


def _slots(p: Practice, rng: random.Random, ctx: _PolicyContext, legal: bool) -> dict[str, str]:
    d = _data_phrase(p, rng, legal)
    slots = {
        "we": "we", "Co": rng.choice((ctx.company, "the Company", ctx.company + " LLC")),
        "D": d, "Dc": _cap(d), "P": _purpose_phrase(p, rng), "M": _mode_phrase(p, rng, d),
        "K": rng.choice(_TRACKING) if p.tracking else "",
        "trigger": rng.choice(_TRIGGERS), "visit": rng.choice(_VISITS),
    }
    slots["Plist"] = (" " + "; ".join(rng.choice(_PURPOSE_PHRASES[q]) for q in _shuffled(p.purposes, rng))) if p.purposes else ""
    if p.tracking and "collect" in p.practices:
        slots["M"] += rng.choice(_TRACKING)
    if "share" in p.practices:
        t = _party_phrase(p, rng)
        slots.update(T=t, Tc=_cap(t))
    return slots


def _render_one(p: Practice, rng: random.Random, ctx: _PolicyContext, legal: bool) -> str:
    """One practice as one sentence, with its consent condition or opt-out sentence."""
    slots = _slots(p, rng, ctx, legal)
    if p.does_not:
        pools = [(1.0, _SHARE_NOT if "share" in p.practices else _COLLECT_NOT, True)]
    elif "share" in p.practices:
        public = "Public" in p.parties
        pools = [(3.0, _SHARE, False), (2.0 if legal else 0.0, _SHARE_LEGAL, False), (3.0 if public else 0.0, _SHARE_PUBLIC, False),
                 (0.0 if public else (3.0 if p.tracking else 1.0), _SHARE_COLLECT, False)]
    else:
        pools = [(2.0, _COLLECT, False), (2.0 if p.purposes else 0.0, _COLLECT_USE, False), (3.0 if legal else 0.0, _COLLECT_LEGAL, False),
                 (2.0 if p.mode == "explicit" else 0.0, _COLLECT_EXPLICIT, True),
                 (2.0 if p.mode == "implicit" else 0.0, _COLLECT_IMPLICIT, True)]
    text = _cap(_fill(_pick(rng, [q for q in pools if q[0] > 0], p), slots))
    if p.opt_in:
        if rng.random() < 0.5:
            text = text[:-1] + rng.choice(_OPT_IN_SUFFIX) + "."
        elif text.startswith(_LOWER_STARTS):
            text = rng.choice(_OPT_IN_PREFIX) + text[:1].lower() + text[1:]
        else:
            text += " " + rng.choice(_OPT_IN_SENTENCES)
    if p.opt_out:
        text += " " + rng.choice(_OPT_OUT_SENTENCES)
    return text


def _render_chained(first: Practice, second: Practice, rng: random.Random, ctx: _PolicyContext, legal: bool) -> str:
    """Two practices about the same data: the second refers back to it ("... and share it with ...")."""
    head = _render_one(first, rng, ctx, legal)
    r = rng.choice(_BACK_REFERENCE)
    slots = {"we": "we", "R": r, "Rc": _cap(r), "P": _purpose_phrase(second, rng)}
    share = "share" in second.practices
    if share:
        t = _party_phrase(second, rng)
        slots.update(T=t, Tc=_cap(t))
    if second.does_not:
        pool = _CHAINED_NOT if share else _CHAINED_USE_NOT
    else:
        pool = _CHAINED_SHARE if share else _CHAINED_USE
    tail = _fill(rng.choice(pool), slots)
    if tail.startswith("and "):
        joinable = head.endswith(".") and not (first.opt_out or first.opt_in or second.opt_in) and "?" not in head
        text = head[:-1] + ", " + tail + "." if joinable else head + " " + _cap(tail[4:]) + "."
    else:
        text = head + " " + _cap(tail)
    if second.opt_in:
        text = text[:-1] + rng.choice(_OPT_IN_SUFFIX) + "."
    if second.opt_out:
        text += " " + rng.choice(_OPT_OUT_SENTENCES)
    return text


_PAIRED_COLLECT = ("{we} use {L}.", "{we} collect {L}.", "{we} may process {L}.", "In particular, we use {L}.")
_PAIRED_SHARE = ("{we} share {L}.", "{we} may disclose {L}.", "For example, we provide {L}.")


def _render_paired(practices: list[Practice], rng: random.Random) -> str:
    """Several one-type, one-purpose practices in one sentence: "we use X to A, Y to B and Z to C"."""
    share = "share" in practices[0].practices
    items = []
    for p in practices:
        d = rng.choice(_PI_PHRASES[next(iter(p.pi))])
        to = (" with " if rng.random() < 0.5 else " to ") + _party_phrase(p, rng) if share else ""
        items.append(d + to + _purpose_phrase(p, rng))
    return _fill(rng.choice(_PAIRED_SHARE if share else _PAIRED_COLLECT), {"we": "we", "L": _join(items, rng).replace(" or ", " and ")})


_GROUP_USE = (
    "{we} use this information{P}.", "{we} use all of this information{P}.", "The information above is used{P}.",
    "{we} use the information described in this section{P}.", "Why do we collect it? {Pc}.", "{we} process these data{P}.",
)


def _render_grouped(practices: list[Practice], rng: random.Random, ctx: _PolicyContext, legal: bool) -> str:
    """Several collection practices stated one by one, then the purposes they share in one sentence."""
    said = [_render_one(replace(p, purposes=frozenset()), rng, ctx, legal) for p in practices]
    purpose = _purpose_phrase(practices[0], rng)
    use = _fill(rng.choice(_GROUP_USE), {"we": "we", "P": purpose, "Pc": _cap(purpose.strip())})
    more = [rng.choice(("We also ", "In addition, we ", "We ")) + x[3:] if x.startswith("We ") else x for x in said[1:]]
    return " ".join([said[0], *more, _cap(use)])


def _render_exception(deny: Practice, allow: Practice, rng: random.Random, ctx: _PolicyContext) -> str:
    """ "We do not share X ... except with Y for Z": a negated practice and the one it allows."""
    d = _data_phrase(deny, rng, False)
    t = _party_phrase(allow, rng)
    slots = {"we": "we", "D": d, "Dc": _cap(d), "T": t, "P": _purpose_phrase(allow, rng)}
    return _fill(rng.choice(_EXCEPTION), slots)


def _heading(p: Practice, rng: random.Random) -> str:
    """A section heading fitting the paragraph's first practice, in one of several layouts."""
    if p.does_not:
        key = "does_not"
    elif "share" in p.practices:
        key = "share"
        if "Advertising" in p.purposes or p.tracking:
            key = "share_ads"
        elif "Legal requirement" in p.purposes:
            key = "share_legal"
        elif "Merger/Acquisition" in p.purposes:
            key = "share_merger"
        elif "Public" in p.parties:
            key = "share_public"
    else:
        key = {"explicit": "collect_explicit", "implicit": "collect_implicit"}.get(p.mode or "", "collect")
    h = rng.choice(_HEADINGS[key])
    return rng.choice(_HEADING_FORMATS).format(h=h, H=h.upper(), n=rng.randint(1, 9), m=rng.randint(1, 6))


def _render_statement(kind: str, joint: int, practices: list[Practice], rng: random.Random, ctx: _PolicyContext) -> str:
    """A paragraph stating `practices` (the first `joint` together, as `kind` does): sometimes a
    heading, the practices, sometimes sentences that state none."""
    legal = rng.random() < ctx.legalese
    parts: list[str] = []
    rest = practices
    if kind == "exception":
        parts.append(_render_exception(practices[0], practices[1], rng, ctx))
        rest = practices[2:]
    elif kind == "chained":
        parts.append(_render_chained(practices[0], practices[1], rng, ctx, legal))
        rest = practices[2:]
    elif kind == "paired":
        parts.append(_render_paired(practices[:joint], rng))
        rest = practices[joint:]
    elif kind == "grouped":
        parts.append(_render_grouped(practices[:joint], rng, ctx, legal))
        rest = practices[joint:]
    for p in rest:
        text = _tidy(_render_one(p, rng, ctx, legal))
        if parts and text.startswith(_LOWER_STARTS):
            lead = rng.choice(_CONNECTIVES)
            text = lead + text[:1].lower() + text[1:] if lead else text
        parts.append(text)
    for _ in range(rng.choices((0, 1, 2, 3), weights=(0.4, 0.3, 0.2, 0.1))[0]):  # real paragraphs say more than the practice
        at = rng.choice((0, len(parts)))
        parts.insert(at, rng.choice(_FILLERS).format(domain=ctx.domain))
    text = _tidy(" ".join(parts))
    return _heading(practices[0], rng) + text if rng.random() < 0.35 else text


# -- statements, pairs, split ---------------------------------------------------------------------


def _policy_context(rng: random.Random) -> _PolicyContext:
    company = rng.choice(_COMPANIES)
    domain = re.sub(r"[^a-z]", "", company.lower()) + rng.choice((".com", ".io", ".co", ".net"))
    sector = rng.choice(sorted(_SECTORS))
    boost = _SECTORS[sector]
    inventory = tuple(_weighted(rng, _SPECIFIC_PI, [boost.get(t, 1.0) for t in _SPECIFIC_PI], rng.randint(*INVENTORY_SIZE)))
    return _PolicyContext(company=company, domain=domain, sector=sector, legalese=rng.choice((0.05, 0.15, 0.5)), inventory=inventory)


def generate_statements(seed: int = 0, n_policies: int = N_POLICIES,
                        annotate: Callable[[str], Practice] | None = None) -> list[OppStatement]:
    """Synthetic policies (uids 1..n_policies), each 8-18 statements: the text, the fields `annotate`
    reads from it (default: the policy store's rule annotator, as on the request path) and the
    gold practices the text was written from."""
    if annotate is None:
        annotate = _rule_annotate()
    rng = random.Random(seed)
    out: list[OppStatement] = []
    for uid in range(1, n_policies + 1):
        ctx = _policy_context(rng)
        for seg in range(rng.randint(*STATEMENTS_PER_POLICY)):
            kind, joint, practices = _statement_practices(rng, ctx)
            text = _render_statement(kind, joint, practices, rng, ctx)
            gold = tuple(dict.fromkeys(practices))
            out.append(OppStatement(policy=uid, sid=f"syn{uid}:seg{seg}", text=text, practice=annotate(text), gold=gold, segment=seg))
    return out


def generate_pairs(seed: int = 0, n_policies: int = N_POLICIES) -> list[Pair]:
    """`opp115.derive_pairs` over the synthetic statements (the same actions and labels)."""
    return derive_pairs(generate_statements(seed, n_policies), seed=seed)


def load_split(seed: int = 0, n_policies: int = N_POLICIES) -> tuple[list[Pair], list[Pair]]:
    """(train pairs, test pairs): `opp115.split_policies` over the synthetic policy ids."""
    pairs = generate_pairs(seed, n_policies)
    train_ids, test_ids = split_policies([p.policy for p in pairs])
    return [p for p in pairs if p.policy in train_ids], [p for p in pairs if p.policy in test_ids]


def generator_record(n_policies: int = N_POLICIES) -> dict[str, Any]:
    """The generator's settings, for the weights' record."""
    return {"policies": n_policies, "statements_per_policy": list(STATEMENTS_PER_POLICY),
            "practices_per_statement": list(PRACTICE_COUNTS), "annotator": "policy_store.RuleAnnotator -> schema.statement_practice"}


def is_synthetic(data: object) -> bool:
    """Whether a `--data` value selects this generator."""
    return str(data) == SYNTHETIC_DATA
