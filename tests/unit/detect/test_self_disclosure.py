"""First-person statements of one's own details (detect/recognizers/self_disclosure.py)."""

from __future__ import annotations

import pytest

from guardian.detect.recognizers.self_disclosure import SelfDisclosureRecognizer
from guardian.records import Field

REC = SelfDisclosureRecognizer()


def _found(text: str) -> list[tuple[str, str]]:
    return [(f.entity, text[f.start:f.end]) for f in REC.analyze(Field("text:", "", text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hello! My name is Ann Lee. My son wants to know how tides work.", ("PERSON", "Ann Lee")),
        # a group the sentence is about, and the writer's membership told after it
        ("Asking because IBEW is holding a meeting about it and I'm a member.", ("ORGANIZATION", "IBEW")),
        ("The Sierra Club is organising a hike and I'm a proud member.", ("ORGANIZATION", "Sierra Club")),
        # where the writer works or studies, or comes from, as they introduce themself
        ("Patagonia employee here, trying to settle a debate.", ("ORGANIZATION", "Patagonia")),
        ("Yale student here: what is a monad?", ("ORGANIZATION", "Yale")),
        ("Small-town kid from Hilo here. Will it rain?", ("LOCATION", "Hilo")),
        # a name that opens with a capital outside A-Z and Latin-1 ("Ł", "Ş", "Ř")
        ("Hi, this is Łukasz Macek. Where did they get their name?", ("PERSON", "Łukasz Macek")),
        ("Thanks! - Şule Řezníček", ("PERSON", "Şule Řezníček")),
        ("What makes volcanoes erupt? Thanks! - Ugo Moretti", ("PERSON", "Ugo Moretti")),
        ("I work at Miller-Brook. Lisa Perez here.\nWhy did the bridge fall?", ("PERSON", "Lisa Perez")),
        # "name's" as people type "my name is", and a sign-off's thanks in advance
        ("New here, name's Eric Hawkins. What is a fugue?", ("PERSON", "Eric Hawkins")),
        ("How many people were in The Beatles? Thanks in advance, Matthew McRoarty", ("PERSON", "Matthew McRoarty")),
        ("Sent from my desk at Franco Ltd. What soil suits a cactus?", ("ORGANIZATION", "Franco Ltd")),
        ("What soil suits a cactus? (I'm monica86 on Reddit.)", ("USERNAME", "monica86")),
        ("My username here is sandrahill. Why is the sky blue?", ("USERNAME", "sandrahill")),
        ("I live at 69158 Gibbs Station. How do I fix a tap?", ("STREET_ADDRESS", "69158 Gibbs Station")),
        ("I'm writing from Flat 77H, Graham Track, by the way.", ("STREET_ADDRESS", "Flat 77H, Graham Track")),
        ("I live in Santa Cruz de Tenerife. Is it windy there?", ("LOCATION", "Santa Cruz de Tenerife")),
        ("I was born and raised in Jacques-sur-Poulain. Is that far?", ("LOCATION", "Jacques-sur-Poulain")),
        ("Born and raised in Jacques-sur-Poulain; first one in the family to go into IT.", ("LOCATION", "Jacques-sur-Poulain")),
        ("Grew up in Smithburgh, so forgive me if this is basic.", ("LOCATION", "Smithburgh")),
        ("I work as a diagnostic radiographer. Why can I see the moon by day?", ("OCCUPATION", "diagnostic radiographer")),
        ("Hi, I'm Gianfranco from Cantiere. My employer is Bertoli.", ("LOCATION", "Cantiere")),
        ("Hi, I'm Gianfranco from Cantiere. My employer is Bertoli.", ("PERSON", "Gianfranco")),
        # the whole condition, not only the gazetteer's word: "rheumatoid" or "type 1" says what it is
        ("I was diagnosed with rheumatoid arthritis last year. Which shoes help?", ("HEALTH", "rheumatoid arthritis")),
        ("Quick note: I have early-stage Parkinson's, so keep it short please.", ("HEALTH", "early-stage Parkinson's")),
        ("I have a severe peanut allergy, what can I eat at a Thai place?", ("HEALTH", "severe peanut allergy")),
        ("I had a heart attack in May and now I watch my salt. Any recipes?", ("HEALTH", "heart attack")),
        # after "diagnosed with" a condition no gazetteer knows is a condition too
        ("I was diagnosed with Hashimoto's thyroiditis last year. What should I eat?", ("HEALTH", "Hashimoto's thyroiditis")),
        ("My job title is literally physiotherapist, and nobody could answer this.", ("OCCUPATION", "physiotherapist")),
        ("Not a techie — the person asking is a radiographer. Compress the folder.", ("OCCUPATION", "radiographer")),
        # a name in brackets after the kin noun that opens the sentence, or after the writer's
        ("Grandad (Noah) wants to know: URLs in BibTeX bibliographies", ("PERSON", "Noah")),
        ("Is it rude? My sister (Ines) thinks so.", ("PERSON", "Ines")),
        # the pronoun after a comma opens the next clause, not the organisation's name
        ("I'm a shop steward with UFCW, so I get asked all kinds of things.", ("ORGANIZATION", "UFCW")),
        # the time it began ends the condition's phrase
        ("I was diagnosed with multiple sclerosis two years ago and it changed things.", ("HEALTH", "multiple sclerosis")),
        ("I was diagnosed with ADHD a few years ago and learning keeps me grounded.", ("HEALTH", "ADHD")),
        # "as someone ...": the one who asks, with no "I" in the sentence
        ("Why does curl not return an error, as someone with seasonal affective disorder?",
         ("HEALTH", "seasonal affective disorder")),
        ("What's a moka pot, asking as someone from Dunedin?", ("LOCATION", "Dunedin")),
        ("Beer with honey, beer with cinnamon. Should add: my daily meds include sertraline.", ("HEALTH", "sertraline")),
        # a tenure at a named organisation, with its duration: the writer's employer
        ("I've been with Ternan-Brassil for three years now. Why are some beers non-vegan?", ("ORGANIZATION", "Ternan-Brassil")),
        ("We have been at Acme Logistics since 2019, so what is a pallet?", ("ORGANIZATION", "Acme Logistics")),
        # the employer of the writer's work things
        ("Posting from my Fonterra work laptop, so forgive the brevity.", ("ORGANIZATION", "Fonterra")),
        # the firm of the writer's workplace, or of a room or a list only its staff are in
        ("Our Halvorsen Freight warehouse got snowed in, so: what is a pallet?", ("ORGANIZATION", "Halvorsen Freight")),
        ("Overheard in the Brixby-Lund break room: is a tomato a fruit?", ("ORGANIZATION", "Brixby-Lund")),
    ],
)
def test_a_first_person_statement_yields_its_detail(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize(
    "text",
    ["I'm Danish and want some dinner recipes.", "I'm a bit confused about how taxes work.",
     # "X here." where X is how the writer is, not what they are called
     "Netflix has raised prices, and I'm a member of the board.",
     "Grad student here. How do I cite a paper?",
     "Proudly Cherokee here. How do glaciers form?", "Currently Nigerian here, asking about visas.",
     "Devout Buddhist here, with a question.", "Practising Quaker here, so I plan ahead.",
     "Einstein's son (Hans) became an engineer. Who was he?",
     "I live at home with my parents, is that normal?", "Who is the president of France?",
     "I have a question about Python lists and tuples.", "I have two kids and a dog, which car fits us?",
     "Born in Ulm in 1879, he developed relativity.", "Born in Ulm, Albert Einstein developed relativity.",
     "What is the best diet for someone with diabetes?", "Explain it as someone from the 1800s would.",
     "I've been with my partner for three years.", "I have been at the beach for hours.",
     "New here. How do I post a question?", "The company name's Acme Widgets, what should the logo be?",
     # a public office is no one's workplace; a team is anything ("Our Slack team")
     "Where is the Google office in Dublin?", "Our Slack team uses threads, how do I mute one?"],
)
def test_no_detail_without_one(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the punctuation that ends the sentence or clause is not part of the detail
        ("My username here is lenapark. Why do cats purr?", ("USERNAME", "lenapark")),
        ("My employer is Birch-Mallory, if that matters. Why do cats purr?", ("ORGANIZATION", "Birch-Mallory")),
        ("Sent from my desk at Torres y Hijos S.L.. Why do cats purr?", ("ORGANIZATION", "Torres y Hijos S.L")),
        # a sentence that ends after a long word ends the employer's name too
        ("I work at Kowalski-Brand. Hey, why do cats purr at night?", ("ORGANIZATION", "Kowalski-Brand")),
        # employer cues: more verbs, "my company, X", and the name ends before a lower-case word
        ("I've been working for Nordwind Logistik GmbH since May. Is overtime paid?", ("ORGANIZATION", "Nordwind Logistik GmbH")),
        ("I work at Pellworm Foods in Hamburg and want to ask about pensions.", ("ORGANIZATION", "Pellworm Foods")),
        ("My company, Quillfeather Studios, wants a logo. Any ideas?", ("ORGANIZATION", "Quillfeather Studios")),
        ("We worked for Lindqvist Partners until last year, is that relevant?", ("ORGANIZATION", "Lindqvist Partners")),
        # a role at a named organisation: the role is the writer's job, gazetteer or not
        ("I'm a category merchandiser at Halvorsen Retail. How do I plan a budget?", ("OCCUPATION", "category merchandiser")),
        ("I'm a category merchandiser at Halvorsen Retail. How do I plan a budget?", ("ORGANIZATION", "Halvorsen Retail")),
        ("This is Priya, a claims adjuster at Northgate Mutual. What is a deductible?", ("OCCUPATION", "claims adjuster")),
        # conditions: a medical word's shape behind "I have", and cues that name a condition
        ("I have fibromyalgia, so what exercise is gentle enough for me?", ("HEALTH", "fibromyalgia")),
        ("I have chronic sinusitis. What should I pack for a ski trip?", ("HEALTH", "chronic sinusitis")),
        ("I have Graves' disease, which foods should I avoid?", ("HEALTH", "Graves' disease")),
        ("I suffer from chronic fatigue. How do I plan a week of meals?", ("HEALTH", "chronic fatigue")),
        ("I'm being treated for Lyme disease at the moment. Can I still hike?", ("HEALTH", "Lyme disease")),
        ("I've been dealing with hypothyroidism for years. Can I run a marathon?", ("HEALTH", "hypothyroidism")),
        # medication: a drug's stem or a dose behind "I take / I'm on", anything behind "prescribed"
        ("I take sertraline every morning. Is coffee a problem?", ("HEALTH", "sertraline")),
        ("I'm on 40 mg of atorvastatin and love grapefruit. Should I worry?", ("HEALTH", "40 mg of atorvastatin")),
        ("I take metoprolol for my heart. Can I drink wine at a wedding?", ("HEALTH", "metoprolol")),
        ("I was prescribed Zelvora last month. What are common side effects of new drugs?", ("HEALTH", "Zelvora")),
        # a signature block: the line under the name holds the job and the employer
        ("Why do leaves turn red?\n\nKind regards,\nEdda Stromberg\nwholesale planner, Tarrow & Finch", ("OCCUPATION", "wholesale planner")),
        ("Why do leaves turn red?\n\nKind regards,\nEdda Stromberg\nwholesale planner, Tarrow & Finch", ("ORGANIZATION", "Tarrow & Finch")),
        ("Why do leaves turn red?\nCheers,\nBo Lind\nhead of growth at Pellucid Labs", ("ORGANIZATION", "Pellucid Labs")),
    ],
)
def test_more_first_person_cues_and_clean_spans(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a beginner at Python, where should I start with classes?",
        "I'm a big fan of Tolkien and want similar books to read.",
        "I take the bus to work every day, how can I use the time?",
        "I'm on Reddit a lot and want to cut down on screen time.",
        "I have a lot of empathy for my coworkers, is that a weakness?",
        "I have a diploma in graphic design; what jobs can I get?",
        "I take my coffee black, is that healthier than with milk?",
        "I use Python and Rust daily at my job, which is faster?",
        "Why do leaves turn red?\n\nThanks,\nSent from my phone",
    ],
)
def test_no_health_job_or_employer_without_one(text: str) -> None:
    assert _found(text) == []


# Rules from the wide planted dev set (lab/bench/prompts/wide.py): each shape with a case it must find
# and a neighbour it must leave alone.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a handle in parentheses after a sign-off's name, and the name itself
        ("How do tides work?\nCheers, Marine (best_after)", ("USERNAME", "best_after")),
        ("How do tides work?\nCheers, Marine (best_after)", ("PERSON", "Marine")),
        ("How do tides work? Thanks, Louis (@james_1982)", ("USERNAME", "james_1982")),
        # a handle on a platform, whatever its case
        ("How do tides work? (I'm RyanFisher1980 on Reddit.)", ("USERNAME", "RyanFisher1980")),
        # "I (just) moved to <address> in <town>": both
        ("I just moved to 48 Horotahi Crescent in Curitiba. How do tides work?", ("STREET_ADDRESS", "48 Horotahi Crescent")),
        ("I just moved to Tijsboulevard 1 in Oosterland. How do tides work?", ("LOCATION", "Oosterland")),
        ("I recently moved to Leeds, so which coat should I buy for winter?", ("LOCATION", "Leeds")),
        # lower-case words inside a town's name
        ("I'm based in Rothenburg ob der Tauber. How do tides work?", ("LOCATION", "Rothenburg ob der Tauber")),
        # an apposition after one's name: the job, and the place
        ("This is Maria, an air traffic controller in Graz. How do tides work?", ("OCCUPATION", "air traffic controller")),
        ("This is Maria, an air traffic controller in Graz. How do tides work?", ("LOCATION", "Graz")),
        # a job title with a possessive in it
        ("I work as a barrister's clerk. How do tides work, in short?", ("OCCUPATION", "barrister's clerk")),
        ("I'm a politician's assistant at Hoffmann GmbH. How do tides work?", ("OCCUPATION", "politician's assistant")),
        # an initialism of a disorder, disease or syndrome behind "I have"
        ("Quick note: I have PCOS, so keep that in mind. What should I eat?", ("HEALTH", "PCOS")),
        ("I have COPD. Which sports are still fine for me to do?", ("HEALTH", "COPD")),
        # computing words are a cue only in the same sentence, and app, SQL or code are none
        ("I have PCOS, so which app helps me focus when I learn SQL?", ("HEALTH", "PCOS")),
        ("I have PTSD. My laptop is old, which meditation course runs on it?", ("HEALTH", "PTSD")),
        # a condition named by a medical word's shape (health.MEDICAL_WORD)
        ("I have strongyloidiasis, if that changes anything. What should I eat?", ("HEALTH", "strongyloidiasis")),
        ("I have impulse disorders, if that changes anything. Any hobbies?", ("HEALTH", "impulse disorders")),
        ("I have chronic back pain. Which office chair should I buy?", ("HEALTH", "chronic back pain")),
    ],
)
def test_wide_set_shapes(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize(
    ("text", "not_expected"),
    [
        ("How do tides work? Thanks, Tom (see above) for the links.", "USERNAME"),
        ("Cheers (mate), how do tides work in the North Sea?", "USERNAME"),
        ("I moved to Berlin in 2019 and want to learn some German, any tips?", "STREET_ADDRESS"),
        ("I just moved to a new team in Sales, how do I make a good start there?", "LOCATION"),
        ("This is Kim, a beginner in Go. How do I write a loop in it?", "OCCUPATION"),
        ("I'm a member's guest at Hilton tonight, what should I wear there?", "OCCUPATION"),
        ("I have AWS, GCP and Azure accounts. Which one is cheapest for a blog?", "HEALTH"),
        ("I have an SSD. Is it faster than a hard disk for games?", "HEALTH"),
        # an initialism among computing words names a part or a service
        ("Is it worth adding more RAM if I have SSD?", "HEALTH"),
        ("I pointed my domain at the host and I have DNS, but the site does not load. Why?", "HEALTH"),
        ("I have RDS, so should the app keep its own Postgres too?", "HEALTH"),
        ("I have pain points with Jira, any tips on how to track bugs better?", "HEALTH"),
        ("I moved to React 18 in May and my tests broke, why?", "STREET_ADDRESS"),  # a month is a time
        ("I moved to Python 3 in Q2, which libraries broke?", "LOCATION"),
        ("Please review this.\nBest, John (CEO)", "USERNAME"),  # a title in capitals is no handle
        # a word of presence or state before "on <platform>" is no handle
        ("I'm new on Reddit, how do karma points work?", "USERNAME"),
        ("I'm still on Windows. Should I upgrade?", "USERNAME"),
        # a maker's name known worldwide before "work laptop" is the laptop's, not the employer
        ("My Dell work laptop is slow, why?", "ORGANIZATION"),
    ],
)
def test_wide_set_shapes_leave_their_neighbours(text: str, not_expected: str) -> None:
    assert not_expected not in [entity for entity, _ in _found(text)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My daughter Amara's teacher says she talks too much in class.", "Amara"),
        ("Can you help me plan a party for my husband Dmitri's 40th birthday?", "Dmitri"),
        ("Our son, Leo, is 4 and hates broccoli.", "Leo"),
        ("My little brother Sam Okafor plays chess online.", "Sam Okafor"),
        ("my sister Anna-Lena moved to Graz", "Anna-Lena"),
        ("Write a card for my wife Ngozi’s birthday.", "Ngozi"),
        # a child by their place among the writer's children
        ("Our youngest, Falguni, asked me this at breakfast.", "Falguni"),
        ("My eldest Tomasz's school closes early today.", "Tomasz"),
    ],
)
def test_a_name_in_apposition_to_a_kin_noun_is_that_persons(text: str, name: str) -> None:
    assert ("PERSON", name) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["My boss Friday said no.", "My mom Is it ok to visit?", "Does my son Always need a nap?", "My daughter The Great Gatsby fan"],
)
def test_a_capitalised_function_word_or_a_day_after_a_kin_noun_is_no_name(text: str) -> None:
    assert [f for f in _found(text) if f[0] == "PERSON"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Recently relocated to Harrogate and bored: what is a good board game for two?", ("LOCATION", "Harrogate")),
        ("How do tides work?\n- a curious resident of Scheveningen", ("LOCATION", "Scheveningen")),
        ("Out here in Svolvær the nights are long. Suggest a podcast?", ("LOCATION", "Svolvær")),
        ("Here in New Bethanychester nobody seems to know this. Why?", ("LOCATION", "New Bethanychester")),
        ("Back home in Radio Kootwijk, we always argued about this: who won?", ("LOCATION", "Radio Kootwijk")),
    ],
)
def test_where_the_writer_lives_told_without_a_subject(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Living in Japan as a foreigner: what are the visa rules?",  # a topic, not the writer's clause
        "The company is based in Munich and sells cars.",
        "Most residents of Venice are old. Why is that?",
        "What is it like living in Berlin?",
        "Here in Python, how do I sort a list?",  # a tool, and no one in the clause after it
    ],
)
def test_no_residence_in_a_topic_or_a_third_persons_clause(text: str) -> None:
    assert not [f for f in _found(text) if f[0] == "LOCATION"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("31, living in Aarhus, and curious: why is the sky blue?", ("AGE", "31")),
        ("31, living in Aarhus, and curious: why is the sky blue?", ("LOCATION", "Aarhus")),
        ("Why is the sky blue? ps. a 58-year-old from Tralee asking", ("AGE", "58-year-old")),
        ("Why is the sky blue? ps. a 58-year-old from Tralee asking", ("LOCATION", "Tralee")),
    ],
)
def test_an_age_opening_the_prompt_or_in_its_postscript(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "A 30-year-old from Boston was arrested, says the report. Summarise it.",
        "45, 50 and 55 are multiples of five. Why?",
        "Does Gmail's \"Never send it to Spam\" filter stop training?",
    ],
)
def test_no_age_or_address_in_news_lists_or_folders(text: str) -> None:
    assert not [f for f in _found(text) if f[0] in ("AGE", "LOCATION", "STREET_ADDRESS")]


@pytest.mark.parametrize(("text", "expected"), [
    ("How do I reset a router? - radiographer, Nordhaven Clinic", ("ORGANIZATION", "Nordhaven Clinic")),
    ("How do I reset a router?\n- a sleepy Wexmoor College fresher", ("ORGANIZATION", "Wexmoor College")),
])
def test_a_sign_off_line_of_a_job_and_its_employer_or_school(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize("text", [
    "Imagination is more important than knowledge. - Albert Einstein, Princeton",  # a quote's author
    "Compare Python - Flask, Django and FastAPI for a beginner.",
])
def test_no_employer_in_a_quotes_attribution_or_a_list(text: str) -> None:
    assert not [f for f in _found(text) if f[0] == "ORGANIZATION"]


def test_a_dash_and_a_full_name_closing_the_text_sign_it() -> None:
    from guardian.detect.recognizers.self_disclosure import SelfDisclosureRecognizer
    from guardian.records import Field as _Field

    r = SelfDisclosureRecognizer()

    def names(text: str) -> list[str]:
        return [text[f.start:f.end] for f in r.analyze(_Field("text:", "", text)) if f.entity == "PERSON"]

    assert names("What limits coercive diplomacy in the West? — Johanna Aylward") == ["Johanna Aylward"]
    assert names("Is working memory affected?\n\nBest regards,\nNisa de Bruijn") == ["Nisa de Bruijn"]
    assert names('Explain this quote: "Imagination is more important than knowledge." - Albert Einstein') == []
    # a request typed without its full stop: every word a known name, not a product's
    assert names("book the room baliaer g12 of the conference - Glenda Scott") == ["Glenda Scott"]
    assert names("how do i install it - Visual Studio") == []
    # "Best" signs off only with its comma or line break; in a title it is a word
    assert names("Android Development Best Practices.") == []
    assert names("Thanks for the help. Best, Gary Collins") == ["Gary Collins"]
    assert names("(signed, Oscar Harper)") == ["Oscar Harper"]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("I live at 12 Main St, Springfield, IL 62704 and I want a plumber for the sink.", "12 Main St, Springfield, IL 62704"),
        ("Ship it to 4 Elm Grove, Apt 2, Leeds, LS6 2AB, thanks a lot.", "4 Elm Grove, Apt 2, Leeds, LS6 2AB"),
        ("My address is Flat 3, Hillview Court, Dundee, so deliveries are slow.", "Flat 3, Hillview Court, Dundee"),
    ],
)
def test_an_address_the_writer_gives_ends_where_another_clause_begins(text: str, address: str) -> None:
    assert ("STREET_ADDRESS", address) in _found(text)


@pytest.mark.parametrize(("text", "expected"), [
    # a sign-off's name closing its bracket
    ("Do you watch the world cup ? (Best, Gary Collins)", ("PERSON", "Gary Collins")),
    # kin nouns made by a generation's or a remarriage's prefix
    ("For my stepchild Harpreet's school project: what are first-fit and best-fit?", ("PERSON", "Harpreet")),
    ("My grandkid Aoife asked me: what is a knot?", ("PERSON", "Aoife")),
    ("My half-sister Imogen wants to know how tides work.", ("PERSON", "Imogen")),
])
def test_sign_offs_in_brackets_and_prefixed_kin_nouns(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize(("text", "expected"), [
    # a label's clause of its own names the writer's employer; someone else's is not
    ("Context: employee of Fields-Parker. Which producer is it?", [("ORGANIZATION", "Fields-Parker")]),
    ("I'm an employee of Fields-Parker. Which producer is it?", [("ORGANIZATION", "Fields-Parker")]),
    ("An employee of Google told me that. Is it true?", []),
    ("How many employees of Google are there?", []),
    ("We use this a lot at Jones-Long: i love you to stop talking", [("ORGANIZATION", "Jones-Long")]),
    ("We met at Starbucks yesterday.", []),
])
def test_an_employee_of_a_firm_in_a_clause_of_its_own(text: str, expected: list[tuple[str, str]]) -> None:
    assert [f for f in _found(text) if f[0] == "ORGANIZATION"] == expected


@pytest.mark.parametrize(("text", "expected"), [
    # what the writer gets care for is their condition, where a word of it has a health sense
    ("Between doctor visits for my gout I keep wondering: pause timer?", [("HEALTH", "gout")]),
    ("Between hospital visits for my kidney stones, I keep wondering: westminster abbey", [("HEALTH", "kidney stones")]),
    ("I see a specialist for my gout. Pause timer?", [("HEALTH", "gout")]),
    ("quick one from someone with an acquired brain injury: Can the ACEP help me?", [("HEALTH", "acquired brain injury")]),
    ("I need tests for my project, any tips?", []),
    ("Appointments for my son keep piling up, how do I organise?", []),
])
def test_a_condition_by_the_care_it_gets(text: str, expected: list[tuple[str, str]]) -> None:
    assert [f for f in _found(text) if f[0] == "HEALTH"] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("hey it's Kelly Green again, What will happen on 19 January 2038?", [("PERSON", "Kelly Green")]),
    ("Brianshire native here: i want to book conf room halbert 29", [("LOCATION", "Brianshire")]),
    ("hi it's Monday again, what should I cook?", []),
])
def test_the_writer_back_under_their_name_or_a_native_of_their_town(text: str, expected: list[tuple[str, str]]) -> None:
    assert [f for f in _found(text) if f[0] in ("PERSON", "LOCATION")] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Need this for a meeting at Calder-Voss tomorrow: how do I sort a list?", ("ORGANIZATION", "Calder-Voss")),
        ("Asking for our Slack channel at Brightwell Foods: what is a good icebreaker?", ("ORGANIZATION", "Brightwell Foods")),
        ("my night shift at the Royal Infirmary starts soon, quick recipe ideas?", ("ORGANIZATION", "Royal Infirmary")),
        ("We had this on a worksheet at Hollins Academy today: what is 7 times 8?", ("ORGANIZATION", "Hollins Academy")),
    ],
)
def test_the_organisation_of_the_writers_meeting_shift_or_class(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize("text", [
    "Who won the match at Wembley in 1966?",
    "What happened at the battle at Hastings?",
    "My shift at Leeds starts at seven, what should I eat before?",
])
def test_an_event_or_a_town_after_at_is_no_employer(text: str) -> None:
    assert not [f for f in _found(text) if f[0] == "ORGANIZATION"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my name is lena fischer, how do I write it in Japanese?", ("PERSON", "lena fischer")),
        ("my full name is maría josé gómez, how do I say it in English?", ("PERSON", "maría josé gómez")),
        ("Put my name on it please: Harold Finch. Write a short poem about autumn.", ("PERSON", "Harold Finch")),
    ],
)
def test_the_writers_name_in_lower_case_or_after_a_colon(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize("text", ["my name is hard to spell, any tips?", "my name is written wrong on the form"])
def test_words_after_my_name_is_that_are_no_names(text: str) -> None:
    assert not [f for f in _found(text) if f[0] == "PERSON"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pasadena city college student here: what is the speed of light?", ("ORGANIZATION", "pasadena city college")),
        ("At tulane university they never taught us this. What is entropy?", ("ORGANIZATION", "tulane university")),
        ("My son attends oakridge elementary school, what should he read?", ("ORGANIZATION", "oakridge elementary school")),
        ("I've been at zendesk for four years and I still don't know this.", ("ORGANIZATION", "zendesk")),
        ("kwik trip is paying for my training, so I need to get this right.", ("ORGANIZATION", "kwik trip")),
        ("I work at accenture in dublin, what is a good commute podcast?", ("ORGANIZATION", "accenture")),
    ],
)
def test_an_organisation_typed_in_lower_case(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


@pytest.mark.parametrize("text", [
    "I work at home most days, what is a good desk?",
    "I've been at it for years, what is a good hobby?",
    "Mom is paying for my trip, what should I pack?",
    "what is the best medical school in the us?",
    "my old high school had a great library, what books should I read?",
    "is harvard university hard to get into?",
])
def test_lower_case_words_that_are_no_organisation(text: str) -> None:
    assert not [f for f in _found(text) if f[0] == "ORGANIZATION"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Quick q before my next dose of Xarelto: how does a ramp work?", ("HEALTH", "Xarelto")),
        ("I missed my morning dose of levothyroxine, what now?", ("HEALTH", "levothyroxine")),
    ],
)
def test_what_the_writer_doses_is_a_medicine(text: str, expected: tuple[str, str]) -> None:
    assert expected in _found(text)


def test_a_dose_of_an_everyday_word_is_no_medicine() -> None:
    assert not [f for f in _found("my daily dose of news is the morning paper") if f[0] == "HEALTH"]
