"""The lexicon of the rule annotator: word patterns per field value (English only).

Each table maps a field value to regular-expression fragments; a statement gets the value when
any fragment matches (case-insensitive, on word boundaries). Tune here, not in the annotator.
"""

from __future__ import annotations

__all__ = [
    "DATA_TERMS",
    "ACTION_TERMS",
    "PURPOSE_TERMS",
    "RECIPIENT_TERMS",
    "LEGAL_BASIS_TERMS",
    "RIGHTS_TERMS",
    "TRANSFER_TERMS",
    "RETENTION_TERMS",
    "OPP_CUES",
    "OPP_ATTRIBUTE_TERMS",
    "ENGLISH_STOPWORDS",
]

# AMRSF data categories (values of `guardian.categories.DataCategory`).
DATA_TERMS: dict[str, tuple[str, ...]] = {
    "Credentials": (r"passwords?", r"credentials?", r"login (?:details|information)", r"security questions?", r"pins?\b"),
    "Financial": (
        r"payment (?:card|information|details|data|method)s?", r"credit cards?", r"debit cards?", r"bank(?:ing)? (?:account|details|information)s?",
        r"financial (?:information|data|details)", r"billing (?:information|details|address)", r"card numbers?", r"purchase history", r"transaction (?:history|data|information)s?",
    ),
    "Health": (r"health", r"medical", r"fitness", r"heart rate", r"disabilit(?:y|ies)"),
    "Biometric": (r"biometrics?", r"face ?prints?", r"fingerprints?", r"facial (?:recognition|geometry|features)", r"voice ?prints?"),
    "Genetic": (r"genetic", r"dna"),
    "SSN": (r"social security numbers?", r"\bssns?\b", r"national (?:id|identification|insurance) numbers?", r"government[- ]issued id", r"passport", r"driver'?s licen[cs]e", r"tax (?:id|identification)"),
    "Location(precise)": (r"precise (?:geo)?location", r"gps", r"exact location", r"geolocation", r"latitude", r"longitude"),
    "Location(unspecified)": (r"location(?: data| information)?s?", r"where you are"),
    "Location(coarse)": (r"approximate location", r"general location", r"city", r"country", r"region", r"zip code", r"postal code"),
    "Phone": (r"(?:tele)?phone numbers?", r"mobile numbers?", r"phone"),
    "Content": (r"messages?", r"photos?", r"videos?", r"posts?", r"comments?", r"content you (?:create|provide|share|upload|post)", r"user[- ]generated content", r"communications?", r"chats?", r"uploads?", r"voice recordings?", r"audio recordings?"),
    "PostalAddress": (r"(?:postal|mailing|home|shipping|street|physical|delivery) address(?:es)?",),
    "Contact": (r"contact (?:information|details|data)", r"names?", r"first and last name", r"contacts", r"address book", r"date of birth", r"birthday", r"age", r"gender"),
    "Email": (r"e-?mail address(?:es)?", r"e-?mails?"),
    "SearchHistory": (r"search (?:history|queries|terms|requests)", r"searches", r"what you search"),
    "BrowsingHistory": (r"browsing (?:history|activity|behaviou?r|data)", r"pages? (?:you )?visit(?:ed)?", r"websites? (?:you )?visit(?:ed)?", r"referr(?:ing|er) (?:url|page|website)s?", r"clickstream", r"web beacons?", r"pixels?"),
    "IPAddress": (r"ip address(?:es)?", r"internet protocol"),
    "DeviceID": (r"device (?:id|identifiers?|information|data|type)s?", r"advertising (?:id|identifiers?)", r"\bidfa\b", r"unique identifiers?", r"mac address(?:es)?", r"imei", r"browser type", r"operating system", r"hardware model"),
    "PersistentID": (r"unique identifiers?", r"persistent identifiers?", r"pseudonymous identifiers?",
                     r"online identifiers?", r"cookie (?:id|identifiers?)s?", r"advertising (?:id|identifiers?)s?",
                     r"(?:user|client|visitor|customer) (?:id|identifiers?)s?"),
    "AppUsage": (r"usage (?:data|information|activity)", r"how you use", r"your use of", r"interactions?", r"log (?:data|files|information)", r"activity (?:data|information)", r"features you use", r"crash (?:reports|data)", r"diagnostic"),
    "Cookies": (r"cookies?", r"similar technologies", r"local storage", r"tracking technologies", r"sdks?"),
    "Language": (r"language (?:preference|setting)s?", r"preferred language", r"language"),
}

ACTION_TERMS: dict[str, tuple[str, ...]] = {
    "collect": (r"collects?", r"collected", r"collecting", r"collection", r"gathers?", r"obtains?", r"receives?", r"records?", r"captures?", r"we get", r"you (?:provide|give|submit|enter)", r"automatically (?:receive|log)"),
    "use": (r"uses?", r"used", r"using", r"process(?:es|ed|ing)?", r"analy[sz]e[sd]?", r"combine[sd]?"),
    "share": (r"shares?", r"shared", r"sharing", r"disclose[sd]?", r"disclosure", r"provides? (?:it |your [a-z ]+ )?to", r"make[s]? available", r"transmit(?:s|ted)?", r"sends?"),
    "sell": (r"sells?", r"sold", r"selling", r"sale of", r"rent(?:s|ed)?"),
    "retain": (r"retains?", r"retained", r"retention", r"stores?", r"stored", r"keeps?", r"kept"),
    "delete": (r"deletes?", r"deleted", r"deletion", r"eras(?:e|ed|ure)", r"anonymi[sz]e[sd]?", r"de-identif"),
    "transfer": (r"transfers?", r"transferred", r"cross-border"),
    "protect": (r"protects?", r"secur(?:e|es|ity)", r"encrypt(?:s|ed|ion)?", r"safeguards?"),
}

# `guardian.records.Purpose` values.
PURPOSE_TERMS: dict[str, tuple[str, ...]] = {
    "functionality": (r"provide (?:and (?:improve|maintain) )?(?:our|the) (?:services?|products?|features?)", r"operate (?:our|the) services?", r"deliver (?:our|the)? ?services?", r"fulfil+(?:l|ing)? (?:your )?(?:orders?|requests?)", r"process (?:your )?(?:orders?|payments?|transactions?)", r"customer (?:support|service)", r"functionality", r"basic (?:service|features?)", r"to respond to"),
    "security": (r"security", r"fraud", r"abuse", r"spam", r"protect (?:our|the|you)", r"safety", r"malicious", r"illegal activit"),
    "authentication": (r"authenticat(?:e|ion)", r"verify (?:your )?identity", r"log ?in", r"sign(?:ing)? in", r"account (?:security|access)"),
    "personalization": (r"personali[sz](?:e|ed|ation)", r"customi[sz](?:e|ed|ation)", r"tailor(?:ed)?", r"recommendations?", r"remember your preferences"),
    "research": (r"research", r"development", r"develop new", r"improve (?:our|the) (?:services?|products?)"),
    "analytics": (r"analytics?", r"measure(?:ment)?", r"statistic(?:s|al)", r"understand how", r"audience (?:measurement|insights)", r"performance"),
    "marketing": (r"marketing", r"promotion(?:al|s)?", r"newsletters?", r"special offers?", r"communicat(?:e|ions?) (?:with you )?about (?:our )?products"),
    "profiling": (r"profil(?:e|es|ing)", r"inferences?", r"infer", r"interest[- ]based", r"segments?"),
    "advertising": (r"advertis(?:ing|ements?|ers?)", r"\bads?\b", r"ad (?:targeting|measurement|delivery)", r"targeted", r"retarget(?:ing)?", r"sponsored"),
}

# `guardian.records.RecipientType` values.
RECIPIENT_TERMS: dict[str, tuple[str, ...]] = {
    "service_provider": (r"service providers?", r"vendors?", r"processors?", r"contractors?", r"suppliers?", r"hosting providers?", r"payment processors?", r"who (?:perform|provide) services"),
    "analytics": (r"analytics (?:providers?|partners?|services?|companies)", r"google analytics", r"measurement (?:partners?|companies|providers?)"),
    "advertising": (r"advertis(?:ers|ing (?:partners?|networks?|companies|providers?))", r"ad (?:networks?|partners?|tech)", r"marketing partners?"),
    "social_media": (r"social (?:media|network)(?:s| platforms?| sites?)?", r"facebook", r"twitter", r"instagram", r"linkedin"),
    "data_broker": (r"data brokers?", r"data providers?", r"information resellers?"),
    "government": (r"law enforcement", r"government(?:al)? (?:authorit(?:y|ies)|agenc(?:y|ies)|bodies|requests?)", r"public authorit(?:y|ies)", r"courts?", r"regulators?", r"legal process", r"subpoena"),
    "unknown_third_party": (r"third[- ]part(?:y|ies)", r"partners?", r"affiliates?", r"other companies", r"business transfer", r"merger", r"acquisition"),
    "first_party": (r"\bwe\b", r"\bus\b", r"our (?:company|group|family of companies)"),
}

# OPP-115 attribute values that have no AMRSF counterpart but decide whether a statement covers
# an action (guardian/matcher: "personal information" in general covers every kind of data; a
# named company is a different party from "third parties"). Values are OPP-115's own.
OPP_ATTRIBUTE_TERMS: dict[str, tuple[str, ...]] = {
    "Generic personal information": (
        r"personal(?:ly)? (?:identifiable )?(?:information|data|details)", r"\bpii\b", r"information (?:about|from|regarding) (?:you|users|visitors|our users|customers)",
        r"(?:the )?information (?:that )?(?:you|users) (?:provide|give|submit|share)", r"information we (?:collect|receive|obtain|gather)",
        r"your (?:information|data)", r"user (?:information|data)", r"customer (?:information|data)",
    ),
    "Named third party": (
        r"google", r"facebook", r"twitter", r"amazon", r"microsoft", r"apple", r"yahoo", r"doubleclick", r"paypal", r"linkedin", r"pinterest",
        r"instagram", r"youtube", r"omniture", r"adobe", r"nielsen", r"comscore", r"quantcast", r"akamai", r"experian", r"visa", r"mastercard",
    ),
    "Other part of company/affiliate": (
        r"affiliat(?:es?|ed companies)", r"subsidiar(?:y|ies)", r"parent compan(?:y|ies)", r"family of companies", r"sister compan(?:y|ies)",
        r"corporate (?:family|group)", r"companies (?:under common|we own|owned by)", r"our (?:group|brands)",
    ),
    "Public": (r"publicly (?:available|visible|displayed|posted)", r"other users", r"the public", r"public (?:areas?|forums?|profiles?|posts?)", r"message boards?", r"chat rooms?", r"bulletin boards?"),
    "Additional service/feature": (
        r"contests?", r"sweepstakes", r"promotions?", r"surveys?", r"newsletters?", r"forums?", r"message boards?", r"blogs?", r"reviews?",
        r"refer a friend", r"tell a friend", r"e-?cards?", r"sms", r"text messages?", r"mobile app", r"sharing features?", r"loyalty", r"rewards?",
    ),
    "Demographic": (r"demographic", r"\bage\b", r"gender", r"date of birth", r"birth ?date", r"birthday", r"zip codes?", r"postal codes?", r"income", r"marital"),
    "User profile": (r"profile", r"account (?:information|details|data)", r"user ?name", r"preferences", r"interests"),
    "Survey data": (r"surveys?", r"questionnaires?", r"polls?"),
    "Social media data": (r"social (?:media|network(?:ing)?) (?:information|data|profile|account)", r"facebook (?:profile|friends|account)", r"friends list"),
    "opt_out": (r"opt[- ]?out", r"unsubscribe", r"(?:disable|block|refuse|reject|delete) (?:the )?cookies", r"privacy settings", r"you (?:can|may) (?:choose|elect|decline)", r"do not track"),
    "aggregated": (r"aggregated?", r"anonymi[sz]ed", r"de-?identified", r"non-?personal(?:ly identifiable)? information", r"does not (?:personally )?identify you"),
}

# GDPR Art. 6(1) grounds.
LEGAL_BASIS_TERMS: dict[str, tuple[str, ...]] = {
    "consent": (r"your consent", r"with consent", r"based on consent", r"where you have consented", r"consent to", r"opt-?in"),
    "contract": (r"performance of (?:a|the|our)? ?contract", r"necessary (?:for|to perform) (?:the|a|our)? ?contract", r"contractual (?:necessity|obligations?)", r"terms of (?:service|use) with you"),
    "legal_obligation": (r"legal obligations?", r"comply with (?:the )?(?:law|legal|applicable)", r"required by law", r"compliance with"),
    "vital_interests": (r"vital interests?",),
    "public_task": (r"public interest", r"public task", r"official authority"),
    "legitimate_interests": (r"legitimate interests?",),
}

RIGHTS_TERMS: dict[str, tuple[str, ...]] = {
    "access": (r"right (?:of|to) access", r"access (?:to )?your (?:personal )?(?:information|data)", r"request (?:a )?copy", r"download your (?:information|data)"),
    "rectification": (r"rectif(?:y|ication)", r"correct (?:your|inaccurate)", r"update your (?:personal )?(?:information|data)", r"edit your"),
    "erasure": (r"eras(?:e|ure)", r"delete your", r"deletion of your", r"right to be forgotten", r"request (?:that we )?delet"),
    "portability": (r"portab(?:le|ility)",),
    "object": (r"right to object", r"object to"),
    "restrict": (r"restrict(?:ion)? (?:of )?(?:the )?processing", r"right to restrict", r"limit the use"),
    "opt_out": (r"opt[- ]?out", r"unsubscribe", r"do not sell or share", r"turn off", r"disable", r"adjust your (?:settings|preferences)", r"your choices"),
    "withdraw_consent": (r"withdraw (?:your )?consent",),
    "complain": (r"lodge a complaint", r"supervisory authority", r"data protection authority", r"right to complain"),
}

TRANSFER_TERMS: tuple[str, ...] = (
    r"international(?:ly)? transfers?", r"transfer(?:red|s)? (?:to|outside|across)", r"outside (?:of )?(?:the )?(?:eea|european economic area|eu|european union|uk|your country)",
    r"other countries", r"countries other than", r"standard contractual clauses", r"adequacy decisions?", r"privacy shield", r"data privacy framework", r"cross-border",
    r"stored and processed in", r"processed in the united states",
)

RETENTION_TERMS: tuple[str, ...] = (
    r"retain(?:s|ed)?", r"retention", r"keep(?:s)? (?:your|it|this|the|personal|such)", r"kept", r"stor(?:e|ed) (?:for|until)", r"as long as (?:necessary|needed|your account)",
    r"for (?:up to |a period of )?\d+ (?:days?|weeks?|months?|years?)", r"delete (?:it|them|your [a-z ]+) (?:after|within|when)",
)

# Duration phrases reported as the retention value.
RETENTION_VALUE = r"(?:(?:up to|for|after|within) )?(?:\d+|one|two|three|six|twelve|thirty|ninety) (?:days?|weeks?|months?|years?)|as long as (?:is |it is )?(?:necessary|needed|reasonably necessary|your account is active|you (?:have|keep) (?:an|your) account)"

# Ordered cues for the OPP-115 category; the first category whose cue matches wins, then the
# field-based fallbacks in `annotate.opp_category`.
OPP_CUES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Do Not Track", (r"do[- ]not[- ]track", r"\bdnt\b")),
    ("Policy Change", (r"changes? (?:to|in) (?:this|our|the) (?:privacy )?(?:policy|statement|notice)", r"(?:update|modify|amend|revise|change) (?:this|our|the) (?:privacy )?(?:policy|statement|notice)", r"(?:policy|statement|notice) (?:may|will) (?:be )?(?:change|update|revise|modif)", r"material changes", r"effective date", r"last (?:updated|revised|modified)")),
    ("Data Security", (r"secur(?:e|ity) (?:measures|safeguards|procedures|technolog|of your)", r"encrypt", r"\bssl\b", r"\btls\b", r"safeguards?", r"protect (?:the security|your (?:personal )?(?:information|data) (?:from|against))", r"unauthori[sz]ed access", r"firewalls?", r"no (?:method|system) .{0,40}(?:100%|completely) secure", r"reasonable (?:technical|administrative|physical|security)")),
    ("International and Specific Audiences", (r"children", r"\bchild\b", r"under (?:the age of )?1[3-8]", r"minors?", r"coppa", r"california", r"\bccpa\b", r"\bcpra\b", r"nevada", r"european (?:economic area|union)", r"\beea\b", r"\bgdpr\b", r"residents of", r"international (?:users|visitors)", r"outside (?:of )?the united states")),
    ("Data Retention", (r"retain(?:s|ed)?", r"retention", r"as long as (?:necessary|needed|your account)", r"keep (?:your|it|this|such) (?:personal )?(?:information|data)? ?for", r"for (?:up to )?\d+ (?:days?|months?|years?)")),
    ("User Access, Edit and Deletion", (r"(?:access|review|update|correct|edit|delete|change|modify) (?:or (?:update|correct|delete|change) )?(?:your|the) (?:personal |account )?(?:information|data|profile|account)", r"delete your account", r"close your account", r"account settings", r"request (?:access|deletion|a copy)", r"rectif")),
    ("User Choice/Control", (r"opt[- ]?out", r"opt[- ]?in", r"unsubscribe", r"your choices?", r"choice", r"you (?:can|may) (?:choose|decline|refuse|disable|block|set your browser|turn off|adjust)", r"browser settings", r"cookie settings", r"preferences", r"withdraw (?:your )?consent", r"consent")),
)

ENGLISH_STOPWORDS: frozenset[str] = frozenset(
    "the and of to a in is you your we our for that with or this as on by are be may information data not it from use".split()
)
