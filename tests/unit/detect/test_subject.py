"""Whose data a finding in a prompt is: the user's own, or public knowledge (detect/subject.py)."""

from __future__ import annotations

import pytest

from guardian.categories import DataCategory as C
from guardian.detect.prose_tagger import TaggedEntity
from guardian.detect.subject import about_user, filter_prompt_findings
from guardian.records import Field, Finding


def _finding(text: str, span: str, entity: str, *, quasi: bool = True, recognizer: str = "ner") -> Finding:
    start = text.index(span)
    return Finding(C.CONTACT, entity, "text:", start, start + len(span), 0.8, recognizer, quasi)


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        ("What is the difference between a list and a tuple in Python?", "Python", "LOCATION", False),
        ("What should I see in Paris in spring?", "Paris", "LOCATION", False),
        ("What should I see in Paris in spring?", "spring", "DATE_TIME", False),
        ("What does Microsoft sell in Europe?", "Microsoft", "ORGANIZATION", False),
        ("Explain what an SSN is and who issues it.", "SSN", "ORGANIZATION", False),
        ("What are the symptoms of diabetes in adults?", "diabetes", "HEALTH", False),
        ("I live in Paris and need a good plumber.", "Paris", "LOCATION", True),
        ("Hi, I'm Gianfranco from Cantiere and I need help.", "Cantiere", "ORGANIZATION", True),
        ("My birthday is on 12 May, plan a party.", "12 May", "DATE_TIME", True),
        ("I work at Acme Corp as a nurse, what shifts are legal?", "Acme Corp", "ORGANIZATION", True),
        ("I'm a retail buyer at Andrews, Chapman and White. How do I bake bread?", "Chapman and White", "ORGANIZATION", True),
        ("What does a retail buyer at Chapman and White do all day?", "Chapman and White", "ORGANIZATION", False),
        ("I was diagnosed with diabetes last year, what can I eat?", "diabetes", "HEALTH", True),
        ("My daughter is 5 and loves dinosaurs.", "5", "AGE", True),
        # a role given to the assistant is no one's job; a sentence that opens "As a ..." is the writer's
        ("Imagine yourself as a doctor tasked with devising remedies.", "doctor", "OCCUPATION", False),
        ("I want you to act as a travel guide for Rome.", "travel guide", "OCCUPATION", False),
        ("As a nurse, how many night shifts in a row are safe?", "nurse", "OCCUPATION", True),
        # the writer's possessive right before a finding, and clauses that predicate it of the writer
        ("On my $38,000 salary, can I afford a car?", "$38,000", "MONEY", True),
        ("I only make £52,000 a year, is that enough for London?", "£52,000", "MONEY", True),
        ("With £23,000 of student debt, should I rent or buy?", "£23,000", "MONEY", True),
        ("How much is $20 in euros?", "$20", "MONEY", False),
        # an income word opening its own bracket: the asker's context, whatever the question after it
        ("Quick question (income ₹3,35,000): how's it going, do you like football?", "₹3,35,000", "MONEY", True),
        ("Is a car (price $45,000) worth it?", "$45,000", "MONEY", False),
        ("since my ocd got worse i barely go out.", "ocd", "HEALTH", True),
        ("Being deaf, I need step-free options.", "deaf", "HEALTH", True),
        ("When will my payment arrive? (I'm nonverbal, if that changes anything)", "nonverbal", "HEALTH", True),
        ("What is nonverbal communication?", "nonverbal", "HEALTH", False),
        ("What is it like being deaf from birth?", "deaf", "HEALTH", False),
        ("Our NEA branch is meeting that day.", "NEA", "UNION", True),
        ("I've canvassed for the Green Party for years.", "Green Party", "POLITICS", True),
        ("When was the Green Party founded?", "Green Party", "POLITICS", False),
        ("Growing up Bangladeshi taught me to plan ahead.", "Bangladeshi", "ETHNICITY", True),
        ("Is it hard? turning 29 next week lol.", "29", "AGE", True),
        # an income label's amount with its rate
        ("Do you want us to end you?  Income: €3,400 net per month (the budgeting app asked).", "€3,400", "MONEY", True),
        ("At 34 I don't have the energy I used to.", "34", "AGE", True),
        # the forums' sex-and-age shorthand; a sum's lower-case variables are not one
        ("f, 37. Is severe pain a predictor of outcomes?", "37", "AGE", True),
        ("(34M) what is a monad?", "34", "AGE", True),
        ("how much time does my meeting take up 57yo here, asking for myself.", "57", "AGE", True),
        ("what's the meeting today fyi my dues go to UNISON", "UNISON", "UNION", True),
        ("m 12, s 14: which is bigger?", "12", "AGE", False),
        # a clause that opens on "am" has dropped its "I"; the time of life one asks at
        ("Am thirty-one and never got this: what is a monad?", "thirty-one", "AGE", True),
        ("What is a monad? Bit embarrassing to ask at forty-two, but here we are.", "forty-two", "AGE", True),
        # a people's name joined to a state in a clause that drops its "I am"; not a topic's two words
        ("Tongan and curious: what nickname was given to Flight 143?", "Tongan", "ETHNICITY", True),
        ("Italian and French cooking: what's the difference?", "Italian", "ETHNICITY", False),
        # the writer introduces themself as the one who asks; "the nurse asking" is someone else
        ("A general practice doctor asking here: is the statistic real?", "general practice doctor", "OCCUPATION", True),
        # the writer, new to a role; a colleague new to it is someone else
        ("As the new special effects artist on our team, who is the third member?", "special effects artist", "OCCUPATION", True),
        ("The new nurse on our team asked who is the third member?", "nurse", "OCCUPATION", False),
        # the writer in the third person, "this" or "here" after the participle
        ("Where did they agree? The person asking this is pregnant again at the moment.", "pregnant", "HEALTH", True),
        ("The nurse asking about your symptoms: what should I say?", "nurse", "OCCUPATION", False),
        # many people of a group, in a sentence the writer does not speak in
        ("How did the Constitution confirm the positions of African Americans and women?", "African Americans", "ETHNICITY", False),
        ("What goals did gay and lesbian citizens share?", "gay", "SEXUALITY", False),
        # a long sentence's window starts inside it: no participle opens it ("...stu|dying ...")
        ("Pretend you are a sociologist studying global inequality by looking at child labor manufacturing dolls in China. "
         "What do you focus on?", "China", "LOCATION", False),
        ("As a data analyst at Hargreaves Lansdown, I want tickets.", "Hargreaves Lansdown", "ORGANIZATION", True),
        ("Working as a civil engineer with Arup means I travel a lot.", "Arup", "ORGANIZATION", True),
        ("As a King's College London student, do I get a discount?", "King's College London", "ORGANIZATION", True),
        ("Do King's College London students get a discount?", "King's College London", "ORGANIZATION", False),
    ],
)
def test_a_quasi_identifier_is_the_users_only_with_a_cue_of_its_kind(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        ("Who was Abraham Lincoln and why is he famous?", "Abraham Lincoln", False),
        ("Сan you describe other popular methods for iterating over arrays?", "Сan", False),  # a Cyrillic "С"
        # who someone is, asked inside another question; the writer's own people stay theirs
        ("do you know who Kevin Sheehan is?", "Kevin Sheehan", False),
        ("Do you know who my neighbour Tom Baker is?", "Tom Baker", True),
        ("Summarize Darwin's theory of evolution in two lines.", "Darwin", False),
        ("Recommend some books by Toni Morrison for a beginner.", "Toni Morrison", False),
        ("Write a birthday message for my son Tom, he is turning six.", "Tom", True),
        ("Ines Moreau asked to be called back on Tuesday about her order.", "Ines Moreau", True),
        ("Dear Jonas, thanks for the lovely dinner yesterday.", "Jonas", True),
        ("Alexa, please turn on the lights.", "Alexa", False),  # the assistant, called by its name
        ("Claude, write a haiku about rain.", "Claude", False),
        ("Hi John, please find attached the report.", "John", True),  # a letter's greeting
        ("John, my brother, lives in Leeds.", "John", True),
        # a question about what someone did, with no one of the writer's in it, is about the world
        ("Which tournaments did Kerstin Abelard win between 1998 and 2003?", "Kerstin Abelard", False),
        ("In 1975, where did Ruud Vanterpool coach and for how long?", "Ruud Vanterpool", False),
        ("Did Olaf Brennecke ever appear in a film?", "Olaf Brennecke", False),
        ("When did my neighbour Olaf Brennecke move out?", "Olaf Brennecke", True),
        ("When did Olaf Brennecke join our team?", "Olaf Brennecke", True),
        ("Please call Olaf Brennecke. When does the shop open?", "Olaf Brennecke", True),  # not the question's
        # a performer in a media request
        ("Play an album from Ilse Vandermolen.", "Ilse Vandermolen", False),
        ("I'd like to watch a movie with Ilse Vandermolen tonight.", "Ilse Vandermolen", False),
        ("play some new Ilse Vandermolen on my speaker", "Ilse Vandermolen", False),
        ("Thanks for the lift, from Ilse Vandermolen", "Ilse Vandermolen", True),  # a letter's "from"
        # "to" and "from" inside a sentence are prepositions, not a letter's address
        ("What happened to Joe Nieuwendyk in new jersey?", "Joe Nieuwendyk", False),
        ("Did Hitler respond back to Prince Bernhard of Lippe?", "Prince Bernhard", False),
        ("To Maria, thanks for everything.", "Maria", True),
    ],
)
def test_a_name_is_kept_unless_the_prompt_asks_about_a_public_figure(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "PERSON", quasi=False), text).user is user


def test_direct_identifiers_and_first_person_statements_are_always_the_users() -> None:
    text = "Tell me about Paris. My email is ann@example.org."
    assert about_user(_finding(text, "ann@example.org", "EMAIL_ADDRESS", quasi=False), text).why == "direct"
    text = "Sent from my desk at Franco Ltd, what soil suits a cactus?"
    finding = _finding(text, "Franco Ltd", "ORGANIZATION", recognizer="self_disclosure")
    assert about_user(finding, text).user


def test_relationship_words_and_the_whole_prompt_are_never_rewritten() -> None:
    text = "My sister and I want to learn chess together this winter."
    assert not about_user(_finding(text, "My sister", "RELATIONSHIP"), text).user
    assert not about_user(_finding(text, text, "FREE_TEXT", quasi=False), text).user


def test_structured_values_keep_every_finding_and_the_public_ones_are_counted() -> None:
    prose = Field("json:$.messages[0].content", "content", "What should I see in Paris in spring?")
    record = Field("json:$.messages[1].content|>json|>json:$.city", "city", "Paris")
    findings = [_finding(prose.value, "Paris", "LOCATION"), Finding(C.LOCATION_COARSE, "LOCATION", record.path, 0, 5, 0.7,
                                                                       "field_names", True)]
    findings[0] = Finding(C.LOCATION_COARSE, "LOCATION", prose.path, findings[0].start, findings[0].end, 0.8, "ner", True)
    kept, public = filter_prompt_findings([prose, record], findings)
    assert [f.field_path for f in kept] == [record.path]
    assert public == {"no-cue:place": 1}


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        # an id-shaped token is the user's only with an identity cue
        ('Why does my query fail with "ZQX-44120: invalid group expression"?', "ZQX-44120", False),
        ("Date,Open,Close,Volume\n2021-03-04,12.10,12.85,48213377\n2021-03-05,12.85,13.02,50913021", "48213377", False),
        ("Which lens fits the KX4200B camera body?", "KX4200B", False),
        ("My passport number is C7T41198K, can I renew it online?", "C7T41198K", True),
        ("Member ID: 55120398. How do I change my plan?", "55120398", True),
        ("66210457 is my licence number, is it still valid?", "66210457", True),
        # "number" in the other languages read
        ("Bildirimi kendi numarama (05276722910) yönlendirdim, ne demek?", "05276722910", True),
        ("Мой номер 79161234567, что это значит?", "79161234567", True),
        ("What is the left field line's length? Please WhatsApp the answer to 9370190555.", "9370190555", True),
        ("Warum meldet das Programm den Fehler 48213377?", "48213377", False),
        # a national insurance number's own format needs no cue
        ("Tell me what JG 10 37 92 A means on a payslip.", "JG 10 37 92 A", True),
    ],
)
def test_an_id_shaped_token_in_a_prompt_needs_an_identity_cue(text: str, span: str, user: bool) -> None:
    finding = _finding(text, span, "NATIONAL_ID", quasi=False, recognizer="id_numbers")
    assert about_user(finding, text).user is user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        ("Does 99widgets sell my browsing history to advertisers?", "99widgets", False),
        ("My username is 1987karolina, can you suggest a safer one?", "1987karolina", True),
        ("Thanks, Karolina (1987karolina)", "1987karolina", True),
        # digits at the end are how sign-up forms make a name unique: no cue needed
        ("Who is karolina1987 and why did she message me?", "karolina1987", True),
    ],
)
def test_a_handle_with_its_digits_first_needs_an_account_cue(text: str, span: str, user: bool) -> None:
    finding = _finding(text, span, "USERNAME", quasi=False, recognizer="usernames")
    assert about_user(finding, text).user is user


@pytest.mark.parametrize(
    ("text", "user"),
    [
        ("Describe black holes like I am 7, with a short story.", False),
        ("Explain taxes as if I'm 12 and never had a job.", False),
        ("I'm 7 and I want to know why the sky is blue.", True),
        ("Explain sarcoidosis to me like I'm a 12 year old.", False),
    ],
)
def test_an_age_in_a_hypothetical_is_no_ones(text: str, user: bool) -> None:
    span = "7" if "7" in text else "12"
    assert about_user(_finding(text, span, "AGE"), text).user is user


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Can you give me a recipe for Nasi Lemak Bungkus?", "Nasi Lemak Bungkus"),
        ('Summarise "The Wealth of Cities" by Ottilie Brandauer in five points.', "Ottilie Brandauer"),
        # who named an idea, and a name an idea is named after
        ("Consider the term's intention as coined by Orla Penhallow.", "Orla Penhallow"),
        ("Analyze the Davis-Moore thesis. Does stratification have a function?", "Davis-Moore"),
    ],
)
def test_a_dish_and_a_quoted_works_author_are_public(text: str, span: str) -> None:
    assert not about_user(_finding(text, span, "PERSON", quasi=False), text).user


def test_an_id_shaped_number_right_after_a_first_person_pronoun_is_the_users() -> None:
    text = "Any questions? You can reach me at 6175550143."
    finding = _finding(text, "6175550143", "NATIONAL_ID", quasi=False, recognizer="id_numbers")
    assert about_user(finding, text).user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        # a span with a digit is a model's name, not a person's
        ("Name: Aurora X5-300 Kettle\nPower: 2 kW\nWrite a product blurb.", "Aurora X5-300 Kettle", False),
        # no capital letter anywhere: a search query; a personal cue still ties a name to the user
        ("what year did pedro alvares reach brazil", "pedro alvares", False),
        ("my son tomas keeps asking why the sea is salty", "tomas", True),
        ("Ines Moreau asked me to call back about the invoice.", "Ines Moreau", True),
    ],
)
def test_model_numbers_and_names_in_uncased_queries(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "PERSON", quasi=False), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        ("Plan a 3 day trip through Austria, starting from Salzburg.", "Salzburg", False),
        ("Hi, I'm Oskar from Villach and I want to learn to ski.", "Villach", True),
        ("Greetings from Villach! What should I pack for skiing?", "Villach", True),
        # the time of day as a greeting
        ("Evening from Dunedin! Did you watch the movie Black Panther?", "Dunedin", True),
        ("What is the evening from Paris like?", "Paris", False),
        # a dash and a capital open the question's own sentence after the greeting
        ("Hey from Kamloops — Which customer has completed the most orders?", "Kamloops", True),
        ("A trip from Kamloops — Which route is best?", "Kamloops", False),
    ],
)
def test_from_is_a_place_cue_only_after_the_writers_name_or_a_greeting(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "LOCATION"), text).user is user


class _Judge:
    """A fake of the learned judge: a fixed probability per span text, and the calls it got."""

    threshold = 0.6

    def __init__(self, probs: dict[str, float]) -> None:
        self.probs, self.calls = probs, []

    def probabilities(self, text: str, spans: list[tuple[int, int, str]]) -> tuple[float, ...]:
        self.calls.append(tuple(spans))
        return tuple(self.probs.get(text[s:e], 0.0) for s, e, _ in spans)


def test_the_judge_decides_rule_three_where_no_phrase_rule_finds_a_cue() -> None:
    text = "Since my MS diagnosis, the night shifts at St. Mary's in Duluth wear me out. What exercises help fatigue?"
    field = Field("json:$.messages[0].content", "content", text)
    org = Finding(C.CONTACT, "ORGANIZATION", field.path, text.index("St. Mary's"), text.index("St. Mary's") + 10, 0.8, "ner", True)
    place = Finding(C.LOCATION_COARSE, "LOCATION", field.path, text.index("Duluth"), text.index("Duluth") + 6, 0.8, "ner", True)
    judge = _Judge({"St. Mary's": 0.9, "Duluth": 0.3})
    kept, public = filter_prompt_findings([field], [org, place], judge)
    assert kept == (org,) and public == {"no-cue:place": 1}
    assert judge.calls == [((org.start, org.end, "org"), (place.start, place.end, "place"))]  # one call per field
    kept, _ = filter_prompt_findings([field], [org, place])  # no judge: the phrase rules alone
    assert kept == ()


def test_the_judge_is_not_asked_about_what_the_rules_decided() -> None:
    text = "I live in Paris. Who painted the Mona Lisa?"
    field = Field("text:", "", text)
    paris = _finding(text, "Paris", "LOCATION")
    ident = _finding(text, "Mona", "PERSON")
    judge = _Judge({})
    kept, _ = filter_prompt_findings([field], [paris, ident], judge)
    assert paris in kept and judge.calls == []  # a cue kept Paris; a name is rule 2's, never the judge's


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        ("I'm a Catholic and my daughter wants to skip confirmation. How do I talk to her?", "Catholic", True),
        ("What is the difference between a Catholic and a Protestant church?", "Catholic", False),
        ("My religion is Sikh, which foods should I avoid at a wedding buffet?", "Sikh", True),
    ],
)
def test_a_special_category_word_is_the_users_only_with_a_cue_of_a_group(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "RELIGION", recognizer="special_categories"), text).user is user


class _Discloser:
    """Tags the given words of a text as the writer's, of the given class."""

    def __init__(self, spans: dict[str, str], alone: float = 0.5, bare: float = 1.01, score: float = 0.9) -> None:
        self.spans, self.read, self.score = spans, [], score
        self.alone = {c: alone for c in ("HEALTH", "GROUP", "JOB", "ORG", "PLACE", "AGE", "MONEY")}
        self.alone_bare = {c: bare for c in self.alone}

    def tag(self, text: str) -> list[TaggedEntity]:
        self.read.append(text)
        return [TaggedEntity(label, text.index(word), text.index(word) + len(word), self.score)
                for word, label in self.spans.items() if word in text]


def test_a_tagged_span_keeps_the_finding_no_phrase_rule_tied_to_the_writer() -> None:
    text = "Add running to my calendar for Thursday. Canvassing for Likud all weekend, so keep it short."
    field = Field("text:", "", text)
    likud = _finding(text, "Likud", "ORGANIZATION")
    thursday = _finding(text, "Thursday", "DATE_TIME")
    kept, public = filter_prompt_findings([field], [likud, thursday], None, _Discloser({"Likud": "GROUP"}))
    assert kept == (likud,) and public == {"no-cue:date": 1}  # the finding itself, its entity kept


def test_a_tagged_span_no_reader_found_becomes_a_finding_of_its_own() -> None:
    text = "the prednisolone makes me really tired in the mornings. Book me an Uber for 6 pm."
    field = Field("text:", "", text)
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({"prednisolone": "HEALTH", "Uber": "ORG"}))
    assert [(text[f.start:f.end], f.entity, f.category, f.recognizer) for f in kept] == [
        ("prednisolone", "HEALTH", C.HEALTH, "disclosure_tagger"), ("Uber", "ORGANIZATION", C.CONTACT, "disclosure_tagger")]
    assert all(f.quasi and f.score < 0.9 for f in kept)  # below a pattern's score, as the prose tagger's
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({"prednisolone": "HEALTH"}, alone=0.95))
    assert kept == ()  # tagged at 0.9, short of what a span needs to stand alone


def test_a_dictionary_word_opening_its_sentence_is_no_name_and_may_still_be_an_origin() -> None:
    # the name rule calls "Tamil" a common word (no name), which is no public cue: the tagger's
    # reading of it as the writer's origin stands
    text = "Tamil on my dad's side, and that's why this interests me: what is Pongal?"
    field = Field("text:", "", text)
    tamil = _finding(text, "Tamil", "PERSON", quasi=False, recognizer="prose_tagger")
    assert about_user(tamil, text).why == "name:common-word"
    kept, _ = filter_prompt_findings([field], [tamil], None, _Discloser({"Tamil": "GROUP"}))
    assert [(text[f.start:f.end], f.recognizer) for f in kept] == [("Tamil", "disclosure_tagger")]


def test_a_lower_case_tagged_organisation_or_place_in_cased_text_is_a_common_noun() -> None:
    text = "Got this question from my niece at dinner, she lives downtown. Book me an Uber for 6 pm."
    field = Field("text:", "", text)
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({"dinner": "ORG", "downtown": "PLACE", "Uber": "ORG"}))
    assert [text[f.start:f.end] for f in kept] == ["Uber"]
    lower = text.lower()  # a text without capitals has no casing to go by
    kept, _ = filter_prompt_findings([Field("text:", "", lower)], [], None, _Discloser({"dinner": "ORG"}))
    assert [lower[f.start:f.end] for f in kept] == ["dinner"]


def test_a_tagged_span_below_standing_alone_still_confirms_a_candidate() -> None:
    text = "Quick one, canvassing for Likud all weekend. What is a good stretch for sore calves?"
    field = Field("text:", "", text)
    likud = _finding(text, "Likud", "ORGANIZATION")
    kept, _ = filter_prompt_findings([field], [likud], None, _Discloser({"Likud": "GROUP"}, alone=0.95))
    assert kept == (likud,)


def test_a_tagged_span_in_a_question_no_one_asks_of_themselves_confirms_nothing() -> None:
    """A condition in a clause that asks about the world stays, whatever else the prompt says of its
    writer; the same tag in the writer's own clause, with or without their pronoun, or in their own
    question keeps it; the tagger's bare score keeps it anywhere."""
    text = "I'm 58, so go easy. Is there a link between rheumatoid arthritis and gum disease?"
    field = Field("text:", "", text)
    arthritis = _finding(text, "arthritis", "HEALTH", recognizer="health")
    kept, public = filter_prompt_findings([field], [arthritis], None, _Discloser({"rheumatoid arthritis": "HEALTH"}))
    assert kept == () and public == {"no-cue:health": 1}
    kept, _ = filter_prompt_findings([field], [arthritis], None, _Discloser({"rheumatoid arthritis": "HEALTH"}, bare=0.85))
    # kept, and widened over the word its name is told with
    assert [(field.value[f.start:f.end], f.entity) for f in kept] == [("rheumatoid arthritis", "HEALTH")]
    for own in ("Someone with rheumatoid arthritis here - is gum disease linked to it?",
                "ok, rheumatoid arthritis and no sleep, so: is gum disease linked?",
                "Could my rheumatoid arthritis explain gum disease?"):
        mine = _finding(own, "arthritis", "HEALTH", recognizer="health")
        kept, _ = filter_prompt_findings([Field("text:", "", own)], [mine], None, _Discloser({"rheumatoid arthritis": "HEALTH"}))
        assert [own[f.start:f.end] for f in kept] == ["rheumatoid arthritis"], own


def test_a_public_cue_of_a_rule_wins_over_a_tagged_span() -> None:
    text = "Explain quantum computing like I'm 5."
    field = Field("text:", "", text)
    five = _finding(text, "5", "AGE", recognizer="quasi_identifiers")
    kept, public = filter_prompt_findings([field], [five], None, _Discloser({"5": "AGE"}))
    assert kept == () and public == {"hypothetical:age": 1}


def test_the_discloser_reads_english_prose_only() -> None:
    german = Field("json:$.a", "a", "Ich arbeite seit drei Jahren als Krankenschwester im Klinikum, wie kann ich kündigen?")
    machine = Field("json:$.b", "b", "a1b2c3d4e5f6")
    discloser = _Discloser({"Krankenschwester": "JOB"})
    kept, _ = filter_prompt_findings([german, machine], [], None, discloser)
    assert kept == () and discloser.read == []


def test_a_span_stands_alone_only_where_the_writer_speaks_in_the_first_person() -> None:
    question = Field("text:", "", "When did feminist science fiction become popular in the US?")
    kept, _ = filter_prompt_findings([question], [], None, _Discloser({"feminist": "GROUP"}))
    assert kept == ()  # a question about the world: what it is about is no one's detail
    own = Field("text:", "", "As a lifelong feminist I wonder: when did this science fiction become popular?")
    kept, _ = filter_prompt_findings([own], [], None, _Discloser({"feminist": "GROUP"}))
    assert [own.value[f.start:f.end] for f in kept] == ["feminist"]


def test_a_span_without_the_writers_pronoun_stands_alone_only_at_the_bare_score() -> None:
    text = "How many moles of water are in 1 kg? The welder in the story is unsure."
    field = Field("text:", "", text)
    assert filter_prompt_findings([field], [], None, _Discloser({"welder": "JOB"}, bare=0.97, score=0.9))[0] == ()
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({"welder": "JOB"}, bare=0.97, score=0.98))
    assert [text[f.start:f.end] for f in kept] == ["welder"]
    # a sign-off without its subject ("- asked by a tired welder") is the writer's, as "I" is
    signed = "How many moles of water are in 1 kg? - asked by a tired welder"
    kept, _ = filter_prompt_findings([Field("text:", "", signed)], [], None,
                                     _Discloser({"welder": "JOB"}, bare=0.97, score=0.9))
    assert [signed[f.start:f.end] for f in kept] == ["welder"]


def test_a_lower_case_span_beside_a_surer_one_of_its_class_is_its_wording() -> None:
    """The tagger spills onto a word beside the detail it found ("Our family is Methodist"): below
    the bare score, lower case, and beside a span of its class at it, the word is no detail."""
    text = "Our family is Methodist, and this came up at dinner. What is grace?"
    field = Field("text:", "", text)

    class _Spill(_Discloser):
        def tag(self, text: str) -> list[TaggedEntity]:
            return [TaggedEntity("GROUP", text.index("family"), text.index("family") + 6, 0.74),
                    TaggedEntity("GROUP", text.index("Methodist"), text.index("Methodist") + 9, 0.99)]

    kept, _ = filter_prompt_findings([field], [], None, _Spill({}, alone=0.6, bare=0.9))
    assert [text[f.start:f.end] for f in kept] == ["Methodist"]
    # two details of one class, each sure, both stand (a family tie is no detail of the class: "family")
    text = "Our parish is Methodist, and this came up at dinner. What is grace?"
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser(
        {"parish": "GROUP", "Methodist": "GROUP"}, alone=0.6, bare=0.9, score=0.95))
    assert [text[f.start:f.end] for f in kept] == ["parish", "Methodist"]


def test_a_lower_case_name_guess_does_not_keep_a_tagged_span_from_standing() -> None:
    text = "With spina bifida, long forms are hard for me: how do I file taxes online?"
    field = Field("text:", "", text)
    bifida = _finding(text, "bifida", "PERSON")
    kept, _ = filter_prompt_findings([field], [bifida], None, _Discloser({"spina bifida": "HEALTH"}))
    assert [(text[f.start:f.end], f.entity) for f in kept] == [("spina bifida", "HEALTH")]


@pytest.mark.parametrize(("text", "span", "entity"), [
    ("I want you to act as a real estate agent. I will tell you what I need.", "real estate agent", "OCCUPATION"),
    ("Pretend to be my doctor and tell me what asthma means.", "doctor", "OCCUPATION"),
    ("I would like you to act as an SVG designer.", "designer", "OCCUPATION"),
])
def test_a_role_the_prompt_gives_the_assistant_is_no_ones_detail(text: str, span: str, entity: str) -> None:
    field = Field("text:", "", text)
    finding = _finding(text, span, entity)
    assert not about_user(finding, text).user
    kept, public = filter_prompt_findings([field], [finding], None, _Discloser({span: "JOB"}))
    assert kept == () and public == {"role:assistant": 1}  # no tagged span overrides it, nor stands beside it


def test_a_span_alone_needs_a_first_person_sentence_of_its_own() -> None:
    text = "I run a small blog. Once you find grammar errors, list them."
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser({"errors": "HEALTH"}))
    assert kept == ()


@pytest.mark.parametrize(("text", "status"), [
    ("I'm divorced, so what are my tax options?", "divorced"),
    ("We just got engaged! Ideas for a small party?", "engaged"),
    ("I've been separated since May. How do I split a lease?", "separated"),
    ("im single and bored, suggest a hobby", "single"),
    ("As someone who's single, I end up googling things at night: how do tides work?", "single"),
    ("Vegan ghee? Recently got married to Dmitri and we're arguing about it.", "married"),
    ("I'm going through a divorce and finally have time to read.", "going through a divorce"),
    # a noun or a relationship the writer is in; a clause or a label that opens on the status alone
    ("Since I'm a widower now, how do I cook for one?", "a widower"),
    ("I'm in a long-distance relationship, any tips for video calls?", "in a long-distance relationship"),
    ("Being a single dad, I have ten minutes a day. How do I learn Spanish?", "a single dad"),
    ("Relationship status: newly married. How do I change my name on a passport?", "married"),  # the adverb is no status
    ("Life update: separated. Which bank account type suits one person?", "separated"),
    ("So, widowed and suddenly doing the taxes myself. What is a W-2?", "widowed"),
    # a participle's left-out subject is the main clause's; "X here" introduces the writer; a title
    # pasted without its stop, then a new sentence
    ("Since becoming newly single I've been cooking more. How long does rice keep?", "newly single"),
    ("After getting engaged, we started a budget. What is an ISA?", "engaged"),
    ("recently widowed dad here, my son asked: why is the sky blue?", "widowed"),
    ("Being living with my partner has its perks. What is a good board game for two?", "living with my partner"),
    ("Rust borrow checker error on a vector Just got separated, so I'm learning new things.", "separated"),
    # the time the status holds for may follow the opener ("... at the moment.", "... since June.")
    ("Is breakfast included at the hotel? Going through a divorce at the moment.", "Going through a divorce"),
    ("Give me a sandwich recipe. Happily partnered since June.", "Happily partnered"),
    # "as" makes the writer what follows; the writer as one of the clause's subjects; a status noun
    # of the writer's; the time after an opener; "X here" with the children counted
    ("As a widow on a fixed income, how do I appeal a tax assessment?", "a widow"),
    ("My wife and I are separated but still share a car. Who pays the insurance?", "separated"),
    ("We've been in a civil partnership since 2019. Does that change inheritance tax?", "in a civil partnership"),
    ("Since my divorce I've had to learn budgeting. How do I start a spreadsheet?", "divorce"),
    ("Newly single after 12 years, so: what's a good first-date spot?", "single"),
    ("Single dad of two here. Quick dinners under 20 minutes?", "Single"),
])
def test_the_writers_marital_status_is_their_detail(text: str, status: str) -> None:
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer
    from guardian.detect.detector import resolve_overlaps

    field = Field("text:", "", text)
    found = resolve_overlaps(QuasiIdentifierRecognizer().analyze(field), text)
    kept, _ = filter_prompt_findings([field], found)
    assert [(text[f.start:f.end], f.entity) for f in kept if f.entity == "MARITAL_STATUS"] == [(status, "MARITAL_STATUS")]


@pytest.mark.parametrize("text", [
    "Explain how married couples file taxes in the US.",
    "The comma-separated values are engaged by the parser.",
    "What did the divorced princess do next?",
    "Is being single in your 30s common in Japan?",
    "Since becoming engaged, Taylor has toured less. Why?",
    "Single quotes here are escaped differently, why?",
    "Which of my friends got married first is a running joke.",
    "She got married in 1990. Who was her husband?",
    "How do I get divorced in Texas?",
    "What does cohabiting mean legally?",
    "Single or double quotes in Python?",
    "Answer: single.",
    "Are people in an open relationship happier?",
    "I like my separation of concerns between the view and the model, is that MVC?",
    "As a single file, how big can a SQLite database get?",
])
def test_a_relationship_word_not_said_of_the_writer_stays_untouched(text: str) -> None:
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer
    from guardian.detect.detector import resolve_overlaps

    field = Field("text:", "", text)
    kept, _ = filter_prompt_findings([field], resolve_overlaps(QuasiIdentifierRecognizer().analyze(field), text))
    assert kept == ()


@pytest.mark.parametrize(("text", "kept"), [
    # a status in a clause that describes the writer without its subject, set off from the question
    ("married mum here with a question: How does an API work?", ["married"]),
    ("What is trigger discipline? - asked by a twice divorced dad of two", ["divorced"]),
    # the same shape about a group: a topic
    ("Married couples filing jointly: what is the standard deduction?", []),
    ("Divorced parents and holidays. How do courts decide?", []),
])
def test_a_status_in_a_self_description_is_the_writers(text: str, kept: list[str]) -> None:
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer
    from guardian.detect.detector import resolve_overlaps

    field = Field("text:", "", text)
    found, _ = filter_prompt_findings([field], resolve_overlaps(QuasiIdentifierRecognizer().analyze(field), text))
    assert [text[f.start:f.end] for f in found if text[f.start:f.end].lower() in ("married", "divorced")] == kept


def test_a_name_asked_about_is_the_writers_where_the_prompt_also_ties_it_to_them() -> None:
    text = "What did Olaf Brennecke reply? My brother Olaf Brennecke wrote back at once."
    first, second = text.index("Olaf Brennecke"), text.rindex("Olaf Brennecke")
    findings = [Finding(C.CONTACT, "PERSON", "text:", at, at + 14, 0.8, "ner", False) for at in (first, second)]
    assert about_user(findings[0], text).why == "name:question"
    kept, _ = filter_prompt_findings([Field("text:", "content", text)], findings)
    assert sorted(f.start for f in kept) == [first, second]


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        # a lower-case "name" in a text that uses capitals, with no personal cue: a model's guess
        ("Write a short story for DND about ryu the wandering monk.", "ryu", "PERSON", False),
        ("My friend ryu asked me to plan a DND session.", "ryu", "PERSON", True),
        # "You are ... at X" sets up the assistant's role, not the writer's employer
        ("You are a senior lecturer in economics at Northwind University. Explain inflation.", "Northwind University",
         "ORGANIZATION", False),
        ("I am a lecturer at Northwind University. Explain inflation.", "Northwind University",
         "ORGANIZATION", True),
        # addresses that route nowhere on the internet, pasted from a configuration
        ("Why can't my container reach 192.168.40.7 on port 5432?", "192.168.40.7", "IP_ADDRESS", False),
        ("Why can't my container reach 84.17.33.2 on port 5432?", "84.17.33.2", "IP_ADDRESS", True),
    ],
)
def test_casing_the_assistants_role_and_private_addresses(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity, quasi=entity != "IP_ADDRESS"), text).user is user


def test_a_dotted_token_called_as_code_is_no_handle() -> None:
    text = "Fetch the user rows with cursor.execute(query) and then cursor.fetchall() please."
    for span in ("cursor.execute", "cursor.fetchall"):
        finding = _finding(text, span, "USERNAME", quasi=False, recognizer="usernames")
        assert about_user(finding, text).why == "no-cue:code"


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        # a clause with no subject opening the prompt or its postscript tells of the writer
        ("Newly divorced and bored, so: how do tides work?", "divorced", "RELATIONSHIP", True),
        ("How do tides work?\n- widowed and curious", "widowed", "RELATIONSHIP", True),
        ("Are divorced parents allowed to move abroad with a child?", "divorced", "RELATIONSHIP", False),
        ("Write a toast for the married couple at table four.", "married", "RELATIONSHIP", False),
        # an amount per year or month, in a sentence about the writer or what they earn
        ("On $52,000 a year I can't save much. How do index funds work?", "$52,000", "MONEY", True),
        ("earning £2,400 a month after tax and planning a trip: is Lisbon cheap?", "£2,400", "MONEY", True),
        ("Is Netflix worth $15.49 a month compared with Hulu?", "$15.49", "MONEY", False),
        # an amount that is the writer's salary or what a subject-less clause earns
        ("With an A$133,000 salary I can't justify paid lessons, so: how do tides work?", "A$133,000", "MONEY", True),
        ("How fast is the rabbit? - earning €129,000 and trying to learn for free", "€129,000", "MONEY", True),
        ("What is the average $60,000 salary in Ohio?", "$60,000", "MONEY", False),
        # an amount an income word names: the writer's where "I" is in its sentence, or where the
        # income word opens a statement without a determiner ("a salary" is anyone's)
        ("Just got a raise to £58,000, so I'm in a good mood. Why is the sky blue?", "£58,000", "MONEY", True),
        ("On a salary of £32,000, I need to be careful. How do bonds work?", "£32,000", "MONEY", True),
        ("Salary's £19,500, which doesn't stretch far round here. Explain tides.", "£19,500", "MONEY", True),
        ("Salary $23,400, no budget for courses, lots of free resources.", "$23,400", "MONEY", True),
        ("With a household income of around €42,000, private lessons are out.", "€42,000", "MONEY", True),
        ("A salary of $50,000 is typical for nurses in Ohio.", "$50,000", "MONEY", False),
        ("Is a salary of $50,000 good in Boston?", "$50,000", "MONEY", False),
        ("The average salary is $50,000 in Ohio.", "$50,000", "MONEY", False),
        # the one who asks, as what: "Asking as a 34-year-old", "- asked by a tired welder"
        ("Who won in 1998? Asking as a 34-year-old, so explain it simply.", "34-year-old", "AGE", True),
        ("How many moles are in 1 kg? - asked by a tired welder", "welder", "OCCUPATION", True),
        ("Write a story as a 5-year-old would tell it.", "5-year-old", "AGE", False),
        # a job begun or held: the writer's employer
        ("started at Shopify in june and they do trivia fridays - who invented radio?", "Shopify", "ORGANIZATION", True),
        ("context: i've been with Smith-Edwards for six years now", "Smith-Edwards", "ORGANIZATION", True),
        ("The company is earning $5 billion from ads.", "$5 billion", "MONEY", False),
        # where one was born or raised, opening the prompt: the writer's, unless the clause's
        # subject follows the place ("Born in Ulm, Einstein ...")
        ("Born and raised in Leeds; first one in the family to go into IT.", "Leeds", "LOCATION", True),
        ("Born in Ulm, Albert Einstein developed relativity. Explain it.", "Ulm", "LOCATION", False),
        ("Raised in Lagos in the sixties, she became a novelist. Who is she?", "Lagos", "LOCATION", False),
        # the participle that drops the "I" may open the span itself, after the opener's adverb;
        # a span that is the participle alone opens a sentence about others
        ("Currently expecting a baby in March and nesting like crazy. Name the island?", "expecting a baby", "HEALTH", True),
        ("Depressed people sleep badly, says the study.", "Depressed", "HEALTH", False),
        # thousands with no currency: a pay by the writer's "I'm on" or their income word, else a count
        ("Three kids and I'm on 83k, so money's tight. What is inflation?", "83k", "MONEY", True),
        ("Was it recorded in Atlanta? - my take-home is 43k for context", "43k", "MONEY", True),
        ("The file has 40k rows and the import is slow.", "40k", "MONEY", False),
        # a raise the writer got, its "I" left out; a company's price raise is no one's pay
        ("When was the plan introduced? just got a raise to £1,850 a month!!", "£1,850", "MONEY", True),
        ("Why did Google raise its price to $20 a month?", "$20", "MONEY", False),
        # the writer's "me" set off as a heading, then what they are
        ("prints full path of given file - me, 32 years old, and curious", "32", "AGE", True),
        ("Between you and me, 32 is young for a CEO, right?", "32", "AGE", False),
    ],
)
def test_subjectless_openers_and_amounts_per_period(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


@pytest.mark.parametrize(("text", "age"), [
    ("ps im 74 so go easy on the jargon", "74"),
    ("turned 45 last week and this bugged me at the party: who was Nero?", "45"),
    ("At 49 you'd think I'd know this, but what music did bees like?", "49"),
    # the time of life the writer does something at
    ("Am I too old to start at 64? Don't answer that. What is an inode?", "64"),
    ("Not bad for 42, trying to learn something every day. How is solar used?", "42"),
    ("Score the dice for that category. Asking at 16, never too late, right?", "16"),
    ("What parking does the museum have? Probably a silly question at 25.", "25"),
])
def test_the_writers_age_in_its_english_idioms(text: str, age: str) -> None:
    from guardian.detect.detector import resolve_overlaps
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer

    field = Field("text:", "", text)
    kept, _ = filter_prompt_findings([field], resolve_overlaps(QuasiIdentifierRecognizer().analyze(field), text))
    assert [text[f.start:f.end] for f in kept if f.entity == "AGE"] == [age]


@pytest.mark.parametrize("text", ["Is someone too old to start coding at 64?", "Is it too late to start at 5 pm?",
                                  "The lamp is not bad for 42 dollars."])
def test_a_time_of_life_no_writer_has_is_no_ones_age(text: str) -> None:
    from guardian.detect.detector import resolve_overlaps
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer

    field = Field("text:", "", text)
    kept, _ = filter_prompt_findings([field], resolve_overlaps(QuasiIdentifierRecognizer().analyze(field), text))
    assert [f for f in kept if f.entity == "AGE"] == []


@pytest.mark.parametrize(("text", "age"), [
    ("Should I appeal to the council? (69F, if that matters)", "69"),
    ("Is this rash serious? (F29)", "29"),
    ("Me (34M) and my wife want to buy a house.", "34"),
])
def test_the_forums_age_and_sex_shorthand_is_an_age(text: str, age: str) -> None:
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer

    assert [text[f.start:f.end] for f in QuasiIdentifierRecognizer().analyze(Field("text:", "", text))
            if f.entity == "AGE"] == [age]


@pytest.mark.parametrize("text", ["I'm 5 minutes away, order me a taxi", "The plane turned 90 degrees.", "At 5 pm we meet.",
                                  "It was 69F outside, so we stayed in."])
def test_numbers_that_are_no_age(text: str) -> None:
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer

    assert [f for f in QuasiIdentifierRecognizer().analyze(Field("text:", "", text)) if f.entity == "AGE"] == []


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        # a doctor's or a professor's title where no one speaks of themselves: a public role
        ("Which classes are Dr. Dwight Lang teaching next semester?", "Dwight Lang", False),
        ("Is Friday the day that Prof. Matthew Schulmerich's classes always meet?", "Matthew Schulmerich's", False),
        ("For ELI 512, is it always taught by Prof. William Gehring?", "Prof. William Gehring", False),
        # beside the writer it is their doctor: someone in their life
        ("Dr. Lang told me my MRI looks fine, what does that mean?", "Lang", True),
        # the title's full stop ends no sentence: the writer's cue before it still counts
        ("My daughter's teacher, Mrs. Okafor, says she reads well.", "Okafor", True),
    ],
)
def test_a_doctors_or_professors_title_is_public_where_no_one_speaks_of_themselves(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "PERSON"), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        # a given name alone, told of in the third person, in a text where no one says "I" or "you"
        ("Kelly finished 30th in a marathon race. If he was the 65th slowest, how many runners were there?", "Kelly", False),
        ("John spent 72% of his budget on fruits. What percent was not spent on apples?", "John", False),
        # the writer speaks in the story's sentences, or names someone of their life: theirs
        ("Kelly and I ran a marathon. If he was the 65th slowest, how many runners were there?", "Kelly", True),
        # the writer's lead-in ends at its colon; the puzzle after it asks of its characters, full
        # names or not, with or without a pronoun
        ("My son is stuck on this: Kelly finished 30th. If he was 65th slowest, how many ran?", "Kelly", False),
        ("Kelly Brown finished 30th in a marathon race. If he was the 65th slowest, how many ran?", "Kelly Brown", False),
        ("Kelly finished 30th in a marathon race. How many runners were in the race?", "Kelly", False),
        # the writer's aside before the comma that opens the story's clause
        ("With my salary of $24k, Bobby had 32 pieces of candy. He ate some. How many did he eat?", "Bobby", False),
        # a greeting; a signature
        ("Kelly, he says the race had 65 runners slower than him: how many ran?", "Kelly", True),
        ("How many runners were in the race if he was the 65th slowest?\n- Kelly", "Kelly", True),
    ],
)
def test_a_given_name_in_a_third_person_story_is_a_character(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "PERSON"), text).user is user


def test_a_street_without_a_house_number_is_a_place_that_needs_the_writers_cue() -> None:
    text = "Bert and Ernie are among 12 tenants on Sesame Street. How many watch groups can be formed?"
    assert about_user(_finding(text, "Sesame Street", "STREET_ADDRESS", recognizer="address"), text).why == "no-cue:place"
    text = "I live on Sesame Street, which bins go out on Monday?"
    assert about_user(_finding(text, "Sesame Street", "STREET_ADDRESS", recognizer="address"), text).user
    text = "Bert lives at 123 Sesame Street. What is the nearest post office?"
    assert about_user(_finding(text, "123 Sesame Street", "STREET_ADDRESS", recognizer="address"), text).why == "direct"


@pytest.mark.parametrize(
    ("text", "span", "asked"),
    [
        # no one speaks in the first person, and the text tells of someone else or asks: no writer to weigh
        ("A farmer is trying to grow the largest pumpkin. He estimates it grows 35 percent a month.", "farmer", False),
        ("Which cast member went on to teach spanish?", "spanish", False),
        # an aside without a pronoun is still the writer's to weigh; and so is any first-person text
        ("What is a security dilemma? Anyway, chemistry teacher on a lunch break, just curious", "chemistry teacher", True),
        ("A farmer asked me this. He estimates it grows 35 percent a month.", "farmer", True),
    ],
)
def test_the_judge_weighs_only_texts_where_a_writer_may_speak_of_themselves(text: str, span: str, asked: bool) -> None:
    field = Field("text:", "", text)
    finding = _finding(text, span, "OCCUPATION")
    judge = _Judge({span: 0.99})
    kept, _ = filter_prompt_findings([field], [finding], judge)
    assert bool(judge.calls) is asked and (finding in kept) is asked


def test_a_sign_off_is_the_writers_without_asking_the_judge() -> None:
    text = "What is a security dilemma? Thanks! - tired chemistry teacher on a lunch break"
    finding = _finding(text, "chemistry teacher", "OCCUPATION")
    judge = _Judge({"chemistry teacher": 0.0})
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [finding], judge)
    assert kept == (finding,) and not judge.calls


@pytest.mark.parametrize(("text", "age"), [
    ("Returning learner, age 19. What is a prime number?", "19"),
    # the span is the number: "[AGE_1] years old" reads on
    ("Why is the sky blue? - asked by a 19 year old who should know better.", "19"),
    ("19-year-old beginner here. How do I print a file in bash?", "19"),
    ("Some context: 63 years old, self-taught. How do loops work?", "63"),
])
def test_the_writers_age_by_its_grammar_beats_a_date_guess(text: str, age: str) -> None:
    from guardian.detect.detector import resolve_overlaps
    from guardian.detect.recognizers.quasi_identifiers import QuasiIdentifierRecognizer

    field = Field("text:", "", text)
    year = text.index(age.split()[0].split("-")[0])
    date_guess = Finding(C.CONTACT, "DATE_TIME", "text:", year, year + 2, 0.6, "prose_tagger", True)  # the model's "19"
    found = resolve_overlaps([*QuasiIdentifierRecognizer().analyze(field), date_guess], text)
    kept, _ = filter_prompt_findings([field], found)
    assert [(text[f.start:f.end], f.entity) for f in kept] == [(age, "AGE")]


@pytest.mark.parametrize(("text", "span", "entity", "user"), [
    # a clause with no subject that opens the text or a sentence describes its writer
    ("Born and raised in Zwijndrecht. How do I list hidden files?", "Zwijndrecht", "LOCATION", True),
    ("Back home in Albacete for the holidays and bored, so: what is a tuple?", "Albacete", "LOCATION", True),
    ("How do I set this up? Here in Leeds it works differently.", "Leeds", "LOCATION", True),
    ("Day job: payroll clerk. Side project question: how do loops work?", "payroll clerk", "OCCUPATION", True),
    ("Full-time copywriter, part-time learner. What is a regex?", "copywriter", "OCCUPATION", True),
    ("Ávila resident, first time asking here. What is DNS?", "Ávila", "LOCATION", True),
    ("Quick one from a sysadmin on a night shift: what does grep -v do?", "sysadmin", "OCCUPATION", True),
    ("ICU nurse here, trying to automate the boring bits. How do I sort a file?", "nurse", "OCCUPATION", True),
    ("Quick question from someone with sleep apnea: is CPAP noisy?", "sleep apnea", "HEALTH", True),
    # any detail the writer introduces themself by, "... here" ("Pregnant here and awake at odd hours")
    ("Hi! Pregnant here and awake at odd hours. Is it open on weekends?", "Pregnant", "HEALTH", True),
    ("Catholic here, quick question: who wrote the Nicene creed?", "Catholic", "RELIGION", True),
    # the same words about someone else, or mid-sentence
    ("The nurse here and the doctor there disagree. Who is right?", "nurse", "OCCUPATION", False),
    ("Where was Picasso born and raised in Spain?", "Spain", "LOCATION", False),
    ("Who was the first copywriter at Ogilvy?", "copywriter", "OCCUPATION", False),
])
def test_subjectless_self_descriptions_that_open_a_sentence(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        # a question whose passage, from the name's clause to its question mark, no one speaks in
        ("Shane Battier had his number retired at Duke. What was his number?", "Shane Battier", False),
        ("Susan Oliver, an American actress of the 50s, was keen on what unusual sport?", "Susan Oliver", False),
        ("Son of an immigrant from Breslau, Lucius Littauer was born in 1859. What else did he do?",
         "Lucius Littauer", False),
        ("Context: a single mom, two jobs. John conducted a survey about car color. What share chose red?", "John", False),
        ("Among the upper-level courses are any taught by Yanay Israeli?", "Yanay Israeli", False),
        # a quoted title or a run of capitalised words is no one speaking in the question
        ("I'm blind. Did Taron Egerton play the man who sings \"I Won't Let The Sun Go Down On Me\"?", "Taron Egerton", False),
        ("Who sang You Find Out Who Your Friends Are with Tracy Lawrence?", "Tracy Lawrence", False),
        ("Did Tracy Lawrence call you about the party at \"The Old Mill\"?", "Tracy Lawrence", True),
        # a question typed without its mark ends with its sentence or a dash
        ("I study law. Where was the film Frieta Pinto was in set", "Frieta Pinto", False),
        ("When was the movie where Kirk Baltz had a role made - my brother swears he knows.", "Kirk Baltz", False),
        ("When did Kirk Baltz meet my brother", "Kirk Baltz", True),
        # the first of a list of names is no one addressed
        ("Justin Timberlake, Mila Kunis, and Bryan Greenberg star in which movie?", "Justin Timberlake", False),
        # an initial's stop is inside the name, not the end of a sentence or of a label's value
        ("Michael J. Hunter replaced the lawyer who became the administrator of which agency?", "Michael J", False),
        # the writer or the one addressed speaks in the passage
        ("Shane Battier is my neighbour. What was his number at Duke?", "Shane Battier", True),
        ("Can you tell whether Jenna Morales was late again today?", "Jenna Morales", True),
        # the writer's own places: an address, a signature, a sign-off, an introduction, a label
        ("Tom, is the game at the arena tonight?", "Tom", True),
        ("What are the practical problems of coercive diplomacy? — Johanna Aylward", "Johanna Aylward", True),
        ("What is functional immunity?\n\nThanks, Arthur Daniels", "Arthur Daniels", True),
        ("Lupita Amor here — best way to start without culinary school?", "Lupita Amor", True),
        ("Name: Levyton Harper. Question: what kind of magic does Erza use?", "Levyton Harper", True),
        # a statement without its subject is the writer's; so is their request
        ("Been canvassing for Ada Brennan all week. Can knee kinematics be restored?", "Ada Brennan", True),
        ("Please send the worksheets to Ada Brennan. Meanwhile: how long is the tunnel?", "Ada Brennan", True),
    ],
)
def test_a_name_in_a_question_no_one_speaks_in_is_asked_of_the_world(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "PERSON"), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "user"),
    [
        # someone in the writer's life, by their role
        ("Quick one before my midwife appointment (I'm pregnant): set an alias.", "midwife", False),
        ("I'm a member of the union and helping our branch secretary.", "secretary", False),
        ("Working through anxiety with a counsellor and keeping my mind busy.", "counsellor", False),
        ("Doctor upped my dose, so I may ask follow-ups.", "Doctor", False),
        # the shop or the practice one visits
        ("Waiting on my refill at the chemist, so quick one: is it safe?", "chemist", False),
        ("Just back from the dentist and I have a question.", "dentist", False),
        # the writer's own job
        ("I work as a nurse at St Mary's.", "nurse", True),
        ("My job as a teacher is hard, so I ask here.", "teacher", True),
        ("ICU nurse here, trying to learn SQL.", "nurse", True),
    ],
)
def test_a_job_of_someone_in_the_writers_life_is_not_the_writers(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "OCCUPATION"), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        # a short label, its colon, and the value closing the label's clause: context the writer gives
        ("Is asbestos hazardous? (Salary: $38,000 a year, if relevant.)", "$38,000", "MONEY", True),
        ("Income: $149,000/yr. Should I buy or rent?", "$149,000", "MONEY", True),  # the rate with a slash
        # the writer's pay told as what they bring home, or with its kind of income after it
        ("₹7,40,000 is all I bring home each year, so no subscriptions please.", "₹7,40,000", "MONEY", True),
        ("Money's tight (A$119,500 annual income), so I'm doing it myself: what is a loop?", "A$119,500", "MONEY", True),
        ("How much is my bursary? (Context: daily Humira, in case it matters.)", "Humira", "HEALTH", True),
        ("Context if it matters: heterosexual. What pension will I get?", "heterosexual", "SEXUALITY", True),
        # hedged as context, or said of whoever asks
        ("Which film has a police chief? Asking as someone who's gay, so be kind.", "gay", "SEXUALITY", True),
        ("Quick question from someone who's Jain: can I claim tax relief?", "Jain", "RELIGION", True),
        # a label that heads a question, and a value inside its clause, are what the prompt is about
        ("Topic: the history of Paris and its bridges.", "Paris", "LOCATION", False),
        ("Question: is Humira a biologic drug?", "Humira", "HEALTH", False),
    ],
)
def test_a_detail_given_as_labelled_or_hedged_context_is_the_writers(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        # the writer signs with what they are, introduces themself by it, or labels it as about them
        ("Can nuts be frozen?\n\n— curious 44-year-old", "44-year-old", "AGE", True),
        ("Freeze meat first?\n\nThanks! — tired pharmacist on a lunch break", "pharmacist", "OCCUPATION", True),
        ("Someone with bipolar II here, trying to stay productive.", "bipolar II", "HEALTH", True),
        ("A bit about me: Igbo, second generation, first in tech. Write a loop.", "Igbo", "ETHNICITY", True),
        ("Shop steward for AFSCME here. Does obesity matter?", "AFSCME", "ORGANIZATION", True),
        ("As a member of NEA, I sometimes help coworkers.", "NEA", "ORGANIZATION", True),
        ("Class of 2019, Oxford Brookes. List the crontab.", "Oxford Brookes", "ORGANIZATION", True),
        # a note about the writer, its label set off by a dash or its colon
        ("Accessibility note — spinal muscular atrophy.\n\nWhich states border Arkansas?", "spinal muscular atrophy",
         "HEALTH", True),
        ("Quick context: just turned 44 and new to all this. How many parks are there?", "44", "AGE", True),
        # a sign-off that asks, or a dash inside a question, tells of no one
        ("Is it safe to eat? - asks a pharmacist", "pharmacist", "OCCUPATION", False),
        ("What does a pharmacist - or a nurse - earn in Leeds?", "pharmacist", "OCCUPATION", False),
    ],
)
def test_a_detail_in_the_writers_sign_off_introduction_or_about_me_label(text: str, span: str, entity: str,
                                                                        user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


def test_a_sentence_without_its_subject_tells_of_the_writer_unless_it_asks() -> None:
    for text, kept in (("Dealing with seasonal affective disorder lately, so a clear answer helps.", True),
                       ("Been living with colitis for ten years now. Anyway, what is X?", True),
                       ("Cooking with papaya seeds - what does heating them do?", False),
                       ("Listening to what music helps people with mood disorders?", False)):
        word = "papaya" if "papaya" in text else "colitis" if "colitis" in text else "disorder"
        discloser = _Discloser({word: "HEALTH"}, alone=0.5)
        found, _ = filter_prompt_findings([Field("text:", "", text)], [], None, discloser)
        assert bool(found) is kept, text


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        # a job the writer is not, or one they deal with
        ("On £38,200 a year I can't afford a tutor, so I'm asking here.", "tutor", "OCCUPATION", False),
        ("For what it's worth, I'm a sous chef, not a student, so go easy.", "student", "OCCUPATION", False),
        ("I need to talk to a lawyer about my lease.", "lawyer", "OCCUPATION", False),
        ("We moved in last week and I want a plumber before the weekend.", "plumber", "OCCUPATION", False),
        ("I'm looking for an electrician who works Sundays.", "electrician", "OCCUPATION", False),
        ("I'm a sous chef, so go easy.", "sous chef", "OCCUPATION", True),
        # an hour is no one's date
        ("Can't sleep, so here's a 2am question about tides.", "2am", "DATE_TIME", False),
    ],
)
def test_a_job_the_writer_is_not_and_an_hour_are_not_the_writers(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


class _SureJudge:
    """Reads every finding it is asked about as the writer's."""

    threshold = 0.5

    def probabilities(self, text: str, spans: list[tuple[int, int, str]]) -> list[float]:
        return [1.0 for _ in spans]


def test_the_judge_is_not_asked_about_a_finding_in_a_question_no_one_asks_of_themselves() -> None:
    text = "As a first-generation student I have no one to ask, so: In Winter 2004, was Prof. Stevers teaching?"
    field = Field("text:", "", text)
    year = _finding(text, "2004", "DATE_TIME")
    kept, public = filter_prompt_findings([field], [year], _SureJudge())
    assert kept == () and public == {"no-cue:date": 1}
    own = "In Winter 2004 I moved house, so is my old address still valid?"
    mine = _finding(own, "2004", "DATE_TIME")
    kept, _ = filter_prompt_findings([Field("text:", "", own)], [mine], _SureJudge())
    assert kept == (mine,)


@pytest.mark.parametrize(
    ("text", "span", "entity", "user"),
    [
        # a statement whose subject, the writer, is left out
        ("Been canvassing for Fianna Fáil all week. Can knee kinematics be restored?", "Fianna Fáil", "ORGANIZATION", True),
        ("Just started at Kyne-Ormsby and my buddy gave me this to solve.", "Kyne-Ormsby", "ORGANIZATION", True),
        ("Hi, long-time lurker with bulimia here. Where did Velazquez paint?", "bulimia", "HEALTH", True),
        # the same shape about the world, a question, or a date of the writer's diary
        ("Located in Berlin, the museum opens at nine?", "Berlin", "LOCATION", False),
        ("Been in SEIU for 12 years. What is a union?", "12 years", "DATE_TIME", False),
    ],
)
def test_a_statement_without_its_subject_is_the_writers(text: str, span: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, span, entity), text).user is user


def test_the_second_heads_span_stands_with_the_writer_in_its_sentence() -> None:
    text = "Lunch break at my desk, I'm a welder. How many moles of water are in 1 kg?"
    field = Field("text:", "", text)
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({}), _Discloser({"welder": "JOB"}))
    assert [(text[f.start:f.end], f.entity, f.recognizer) for f in kept] == [("welder", "OCCUPATION", "writers_head")]
    # what the first tagger already holds is not found twice
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({"welder": "JOB"}), _Discloser({"welder": "JOB"}))
    assert [f.recognizer for f in kept] == ["disclosure_tagger"]


def test_the_second_heads_span_where_no_one_speaks_needs_the_first_taggers_span() -> None:
    """"Lunch break at Sainsbury's, so quick: ..." tells of its writer with no pronoun; so, to a
    model, does "You are configuring a new server": without the writer in the sentence a span of the
    second head stands only where the disclosure tagger tags that place too (below what it needs to
    stand alone), or where it is a proper name of an employer, a school or a town the head is all but
    sure of (`BARE_NAME_SCORE`); a job word never is."""
    from guardian.detect.subject import BARE_NAME_SCORE

    aside = "Lunch break at Sainsbury's, so quick. Why is the sky blue?"
    task = "You are configuring a new server. Which ports do you open?"
    unsure = _Discloser({"Sainsbury's": "ORG", "server": "JOB"}, score=BARE_NAME_SCORE - 0.05)
    sure = _Discloser({"Sainsbury's": "ORG", "server": "JOB"}, score=0.999)
    assert filter_prompt_findings([Field("text:", "", task)], [], None, _Discloser({}), sure)[0] == ()
    assert filter_prompt_findings([Field("text:", "", aside)], [], None, _Discloser({}), unsure)[0] == ()
    kept, _ = filter_prompt_findings([Field("text:", "", aside)], [], None, _Discloser({}), sure)
    assert [(aside[f.start:f.end], f.recognizer) for f in kept] == [("Sainsbury's", "writers_head")]
    first = _Discloser({"Sainsbury's": "ORG"}, alone=0.95, score=0.7)  # tags it, too unsure to stand alone
    kept, _ = filter_prompt_findings([Field("text:", "", aside)], [], None, first, unsure)
    assert [(aside[f.start:f.end], f.recognizer) for f in kept] == [("Sainsbury's", "writers_head")]


def test_the_taggers_lower_case_spill_beside_the_second_heads_detail_does_not_stand() -> None:
    """Where the second head reads the sentence's detail elsewhere, a lower-case word only the
    tagger took is its spill; the same word stands where the second head reads nothing in the
    sentence, shares the word, or tags its neighbour as the same class (one detail, cut apart)."""
    text = "Just paid my NEU dues, 12 quid, so I'm in a learning mood. What is the capital of Peru?"
    field = Field("text:", "", text)
    tagger = _Discloser({"NEU": "GROUP", "12 quid": "MONEY"})
    kept, _ = filter_prompt_findings([field], [], None, tagger, _Discloser({"NEU": "GROUP"}))
    assert [text[f.start:f.end] for f in kept] == ["NEU"]
    kept, _ = filter_prompt_findings([field], [], None, tagger, _Discloser({"Peru": "PLACE"}))  # another sentence
    assert [text[f.start:f.end] for f in kept if f.recognizer == "disclosure_tagger"] == ["NEU", "12 quid"]
    cut = "Typing by voice since I'm paralyzed from the waist down. What is a monad?"
    kept, _ = filter_prompt_findings([Field("text:", "", cut)], [], None, _Discloser({"paralyzed": "HEALTH"}),
                                     _Discloser({"from the waist down": "HEALTH"}))
    assert [cut[f.start:f.end] for f in kept] == ["paralyzed", "from the waist down"]


@pytest.mark.parametrize(("text", "word", "label"), [
    ("I'm a member of the CUPE branch and I help run our local party's website.", "party", "GROUP"),
    ("Can we use L1 regularization for my feature selection?", "L", "ORG"),  # cuts "L1"
    ("I'm good with non-standard situations, ask me anything.", "non", "HEALTH"),  # cuts "non-standard"
])
def test_the_second_heads_lower_case_group_words_and_word_fragments_are_none(text: str, word: str, label: str) -> None:
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser({}), _Discloser({word: label}))
    assert kept == ()


def test_writer_speaks_and_asked_of_the_world() -> None:
    from guardian.detect.subject import asked_of_the_world, writer_speaks

    text = "Why did Goebbels join the Nazi Party? My grandfather was a Labour voter."
    party, labour = text.index("Nazi Party"), text.index("Labour")
    assert asked_of_the_world(text, party, party + 10) and not writer_speaks(text, party, party + 10)
    assert writer_speaks(text, labour, labour + 6) and not asked_of_the_world(text, labour, labour + 6)


@pytest.mark.parametrize(
    ("text", "span", "asked"),
    [
        ("On a long night shift I have time to kill: What is the basin size of the Arun River?", "Arun River", True),
        ("My aunt says she knows, but I doubt it: In which year was the Tay Bridge opened?", "Tay Bridge", True),
        ("Quick one: What is the best clinic for my asthma in Derby?", "Derby", False),  # the writer speaks after it
        ("I live in Derby: it is cold here.", "Derby", False),  # no question after the colon
    ],
)
def test_a_question_after_the_writers_lead_in_and_its_colon_is_asked_of_the_world(text: str, span: str,
                                                                                   asked: bool) -> None:
    from guardian.detect.subject import asked_of_the_world

    at = text.index(span)
    assert asked_of_the_world(text, at, at + len(span)) is asked


@pytest.mark.parametrize(
    ("text", "span", "speaks"),
    [
        # a subjectless lead-in that ends at a colon before a question tells of its writer
        ("Been at Prabhakar-Gaba for six years and this came up at lunch today: How effective are ads?",
         "Prabhakar-Gaba", True),
        # a question "from a ..." tells of its writer up to its colon; what follows is the task's
        ("Question from a Saskatoon resident: How do you add an index field to Linq results", "Saskatoon", True),
        ("Question from a Saskatoon resident: How do you add an index field to Linq results", "Linq", False),
        ("Just getting into this at 34, so go easy: How to remove artifacts?", "34", True),
        ("Just getting into this at 16, so go easy: What's the difference between a function and a method?", "16", True),
        # a title and its subtitle, and a lead-in that is itself the question, do not
        ("Increased hdd prices due to Thailand floods: micro- or macroeconomic failure?", "Thailand", False),
        ("Cooking with papaya seeds - what does heating them do?", "papaya", False),
        # the text's sign-off, after a dash or a closing word and its comma, is the writer's signature
        ("How are planetary positions predicted? Provide two reasons.  — a tired forklift operator",
         "forklift operator", True),
        ("How do I deal with name/value pairs? Cheers, a Tesco employee", "Tesco", True),
        # ... and a greeting's "from" that signs its own sentence, not the sentences after it
        ("What is a cache?  thx from a Tesco trainee", "Tesco", True),
        ("Hi from a Tesco trainee! the skyline of Chicago at night, please.", "Chicago", False),
        # a sign-off that asks or speaks to the reader is no signature; a thank-you that opens a long text neither
        ("Thanks, a question on Tesco: what do you sell?", "Tesco", False),
        ("Cheers, the Tesco in town has long queues on Saturdays and the car park fills up before nine in the "
         "morning, which makes the weekly shop slow for everyone who lives around here.", "Tesco", False),
    ],
)
def test_a_subjectless_lead_in_or_a_sign_off_tells_of_the_writer(text: str, span: str, speaks: bool) -> None:
    from guardian.detect.subject import writer_speaks

    at = text.index(span)
    assert writer_speaks(text, at, at + len(span)) is speaks


def test_the_i_of_i_e_is_no_writer_and_a_question_may_lack_its_mark() -> None:
    from guardian.detect.subject import asked_of_the_world, writer_speaks

    text = "Highlight at least 3 sections with markdown, i.e. *highlighted section*."
    at = text.index("markdown")
    assert not writer_speaks(text, at, at + 8)
    assert writer_speaks("i think markdown is fine", 8, 16)  # a lower-case "i" typed as people do
    asked = "What can lead to tourette syndrome"
    assert asked_of_the_world(asked, asked.index("tourette"), len(asked))


@pytest.mark.parametrize(("text", "word", "writer"), [
    ("Greetings from Macon! Why is the sky blue?", "Macon", True),
    ("What is JSX? (Asking from Siwan, where the library is shut.)", "Siwan", True),
    ("From a proud IATSE member. Solidarity!", "IATSE", True),
    ("A letter from a soldier in Verdun describes the war.", "Verdun", False),  # someone else's letter
    ("From a historical perspective, why did Rome fall?", "Rome", False),  # it asks
])
def test_a_greeting_or_sign_off_from_the_writers_place_tells_of_the_writer(text: str, word: str, writer: bool) -> None:
    from guardian.detect.subject import writer_speaks

    at = text.index(word)
    assert writer_speaks(text, at, at + len(word)) is writer


@pytest.mark.parametrize(("text", "span", "user"), [
    ("Grandma Angela wants to know, and she's not online. Which position does mark play?", "Grandma Angela", True),
    ("Uncle Zashil swears he knows the answer. where was albert popwell born?", "Uncle Zashil", True),
    ("Why did Grandma Moses start painting so late?", "Grandma Moses", False),  # a question names her
    # a sentence that would read as a story's character alone: the kin title makes her the writer's
    ("is the little mermaid a true story (Nana Priya insists it is.)", "Priya", True),
])
def test_a_kin_word_as_a_title_names_someone_of_the_writers_family(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "PERSON"), text).user is user


def test_the_kin_title_stays_out_of_the_rewritten_name() -> None:
    text = "Nana Victoria quizzes everyone at Sunday lunch, and this week it was: Why is the sky blue?"
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [_finding(text, "Nana Victoria", "PERSON")])
    assert [text[f.start:f.end] for f in kept] == ["Victoria"]


@pytest.mark.parametrize(("text", "kept"), [
    ("What is a levee? Please respond to me only in Korean.", False),
    ("Write a blog post for me about the Dutch language.", False),
    ("I'm Korean, so go easy on the idioms. What is a levee?", True),
])
def test_a_language_named_as_the_language_is_no_ones_origin(text: str, kept: bool) -> None:
    word = "Korean" if "Korean" in text else "Dutch"
    found, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser({word: "GROUP"}))
    assert bool(found) is kept


def test_a_language_taken_for_a_name_is_no_one() -> None:
    text = "What is an SRE? Use only Korean in your response and give two examples."
    assert about_user(_finding(text, "Korean", "PERSON"), text).why == "name:language"


@pytest.mark.parametrize(("text", "user"), [
    ("Which team was coached by the man born on 12 April 1951?", False),  # a question asks by someone's
    ("The sprinter born on May 3, 1988 ran for which club?", False),
    ("I was born on April 5, 1984, what is my star sign?", True),  # the writer speaks in it
    ("Born on 5 April 1984, so a little late to coding. What is a closure?", True),  # a statement
    ("How hot should the water be, for someone born on 2000-05-17?", True),  # an indefinite someone: no one the world knows
])
def test_a_birth_date_a_question_about_the_world_asks_by_is_no_ones(text: str, user: bool) -> None:
    from guardian.detect import Detector

    births = [f for f in Detector().analyze_field(Field("text:", "", text)) if f.entity == "DATE_OF_BIRTH"]
    assert births, "the dates recogniser reads it as a birth date"
    assert about_user(births[0], text).user is user


@pytest.mark.parametrize("text", [
    "Born 03/04/1985 and still curious about everything: why did Rome fall?",  # no one else it is of
    "Name on the form, date of birth 1994-05-17, and then this question: how do tides work?",
])
def test_the_writers_own_birth_date_before_a_question_stays_theirs(text: str) -> None:
    from guardian.detect import Detector

    births = [f for f in Detector().analyze_field(Field("text:", "", text)) if f.entity == "DATE_OF_BIRTH"]
    assert births and about_user(births[0], text).user


@pytest.mark.parametrize(
    ("text", "span", "speaks"),
    [
        ("Tell me about the American civil war.", "American", False),  # the asker, not a word about them
        ("Give me a recipe for ramen.", "ramen", False),
        ("Tell me about my diabetes.", "diabetes", True),  # "my" still speaks of the writer
        ("Help me, I have asthma.", "asthma", True),
    ],
)
def test_the_me_of_a_request_is_not_the_writer_speaking(text: str, span: str, speaks: bool) -> None:
    from guardian.detect.subject import writer_speaks

    start = text.index(span)
    assert writer_speaks(text, start, start + len(span)) is speaks


@pytest.mark.parametrize(("text", "span", "described"), [
    # a lead-in or a trailer with no subject and no verb of its own: the writer's "I am" left out
    ("Samoan and curious: When was the first nuclear device tested?", "Samoan", True),
    ("Member of PSAC since 2014. Running a Cardano node", "PSAC", True),
    ("Off work this week with sciatica. What was the program's name?", "sciatica", True),
    ("Make an appointment for tomorrow\n\nAge: 19", "19", True),
    # a statement with its own subject or verb, a question's own clause, a title with nothing beside it
    ("The Samoan language is tonal. How many vowels does it have?", "Samoan", False),
    ("Samoan cuisine recipes?", "Samoan", False),
    ("Understanding do notation with Monads in Plutus", "Plutus", False),
    ("Sciatica can't be cured. Why not?", "Sciatica", False),
    ("I'm Samoan and curious: when was the bomb tested?", "Samoan", False),  # the writer speaks: writer_speaks' case
])
def test_self_described_is_a_clause_without_its_subject_beside_a_question(text: str, span: str, described: bool) -> None:
    from guardian.detect.subject import self_described

    start = text.index(span)
    assert self_described(text, start, start + len(span)) is described


def test_the_second_heads_sure_span_in_a_self_description_stands_alone() -> None:
    """Where no one speaks, a span of the second head at its stricter `alone_bare` in a clause that
    describes the writer without a subject stands with no second from the tagger, and a rule's
    other reading of the same words ("Dysthymia" as a name asked about) does not hold it back;
    below `alone_bare` it does not stand."""
    text = "Dysthymia brain at 2am, sorry. When was Cadillac founded?"
    field = Field("text:", "", text)
    sure = _Discloser({"Dysthymia": "HEALTH"}, alone=0.75, bare=0.995, score=0.999)
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({}), sure)
    assert [(text[f.start:f.end], f.recognizer) for f in kept] == [("Dysthymia", "writers_head")]
    unsure = _Discloser({"Dysthymia": "HEALTH"}, alone=0.75, bare=0.995, score=0.99)
    assert filter_prompt_findings([field], [], None, _Discloser({}), unsure)[0] == ()
    world = "Dysthymia is a mild depression. When was it named?"
    assert filter_prompt_findings([Field("text:", "", world)], [], None, _Discloser({}), sure)[0] == ()


def test_a_lower_case_group_the_second_head_alone_tags_is_a_things_word() -> None:
    """The writers' head's lower-case faith or origin in a sentence with the writer in it stands
    only where the disclosure tagger tags it too: "the american civil war" is a war's."""
    from guardian.detect.subject import _seconded

    text = "I need help: tell me about the american civil war and what I should read."
    group = TaggedEntity("GROUP", text.index("american"), text.index("american") + len("american"), 0.9)
    assert _seconded({"p": [group]}, {}, {"p": text}, {}) == {}
    assert _seconded({"p": [group]}, {"p": [group]}, {"p": text}, {}) == {"p": (group,)}  # the tagger's too: kept
    upper = "I need help: tell me about the American civil war and what I should read."
    assert _seconded({"p": [group]}, {}, {"p": upper}, {}) == {"p": (group,)}  # a capital: the writer's sentence decides


@pytest.mark.parametrize(("text", "user"), [
    ("How is decaffeinated coffee made, on an income of $48,000?", True),  # set off: the asker's means
    ("What tax is due on an income of $48,000 in Ohio?", False),  # the question's amount
])
def test_an_income_set_off_after_a_comma_is_the_askers(text: str, user: bool) -> None:
    assert about_user(_finding(text, "$48,000", "MONEY"), text).user is user


@pytest.mark.parametrize(("text", "value", "entity", "user"), [
    # "anyone else on ...?" counts the writer in; a rep of a union where the writer works is its member
    ("Also, does anyone else on prednisone get really vivid dreams? Just me?", "prednisone", "HEALTH", True),
    ("Hi (I'm an elected rep for the GMB where I work), how do I count colours?", "GMB", "UNION", True),
    ("Does prednisone cause vivid dreams?", "prednisone", "HEALTH", False),
    ("Is this genuine? (Asking with hearing loss in mind, so accessible options would be great.)", "hearing loss", "HEALTH", True),
    ("What causes hearing loss in older dogs?", "hearing loss", "HEALTH", False),
    # the employer by what it does for the writer
    ("Chapman Group pays my salary, so I'd better get this right: what is VAT?", "Chapman", "ORGANIZATION", True),
    ("Asking for an offsite that Day LLC is sending me to.", "Day LLC", "ORGANIZATION", True),
    ("A few other air traffic controller colleagues were debating this: what is a jet stream?", "air traffic controller",
     "OCCUPATION", True),
    ("Ten years in GMB and a colleague on the picket line still surprised me. Why?", "GMB", "UNION", True),
])
def test_the_writer_counted_in_or_representing(text: str, value: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, value, entity), text).user is user


def test_a_family_tie_the_tagger_calls_a_group_is_no_ones_faith() -> None:
    """ "Our youngest, Falguni, asked me": the tagger's GROUP on a kin word stands for no detail."""
    from guardian.detect.subject import _tagged_findings

    text = "Our youngest, Falguni, asked me this at breakfast. How many planets are there?"
    kin = TaggedEntity("GROUP", text.index("youngest"), text.index("youngest") + len("youngest"), 0.95)
    faith = TaggedEntity("GROUP", 0, 3, 0.95)  # any other span of the class still stands
    found = _tagged_findings({"p": [kin, faith]}, [], {"GROUP": 0.6}, {"p": text}, {"GROUP": 0.9})
    assert [(f.start, f.end) for f in found] == [(0, 3)]


@pytest.mark.parametrize(("text", "value", "entity", "user"), [
    ("What is a tripel, as someone who takes levothyroxine?", "levothyroxine", "HEALTH", True),
    ("Is beer vegan, speaking as someone active in the Australian Labor Party?", "Australian Labor Party", "POLITICS", True),
    ("What is the best diet for someone with diabetes?", "diabetes", "HEALTH", False),  # anyone's: the topic
    ("Explain photosynthesis as someone who hates biology would, with diabetes as an example.", "diabetes", "HEALTH", False),
])
def test_as_someone_is_the_one_who_asks(text: str, value: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, value, entity), text).user is user


@pytest.mark.parametrize(("text", "value", "entity", "user"), [
    # the writer's aside in brackets is a sentence of its own: the question around it is asked of the world
    ("Which label released the Blue Harbour Sessions (I'm on leave after surgery, so I have time), and when?",
     "Blue Harbour Sessions", "ORGANIZATION", False),
    ("Who painted the ceiling of the Sistine Chapel for Pope Julius II (I'm asking for my art class)?",
     "Pope Julius II", "PERSON", False),
    # a detail inside the aside, or an aside that names the writer's own, stays theirs
    ("Which trains run tonight (I live in Dunmore, near the station)?", "Dunmore", "LOCATION", True),
    ("My sister Orla (she lives with me) asked this: why is the sea salty?", "Orla", "PERSON", True),
])
def test_an_aside_of_the_writer_is_a_sentence_of_its_own(text: str, value: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, value, entity), text).user is user


def test_outside_asides_keeps_offsets_and_the_spans_own_aside() -> None:
    from guardian.detect.subject import outside_asides

    text = "Which year (I was born then) did the Berlin Wall fall (a question for you)?"
    start = text.index("Berlin")
    view = outside_asides(text, start, start + len("Berlin Wall"))
    assert len(view) == len(text) and "born" not in view and "(a question for you)" in view
    inside = text.index("born")
    assert outside_asides(text, inside, inside + 4) == text  # its own aside is read; the other has no writer


@pytest.mark.parametrize(("text", "word", "stands"), [
    # what the writer asks for (needs, wants, looks for) is a thing, not their detail
    ("i need a black home office computer desk that is easy to assemble", "home office", False),
    ("im looking for gluten free water. please choose black cherry flavor", "gluten", False),
    ("i would like a spandex yoga top in size small", "spandex", False),
    # a first-person word after the request brings the writer back in
    ("i need a soup recipe for my lupus flare days", "lupus", True),
    ("I'm diabetic and need advice on night shifts", "diabetic", True),
])
def test_what_the_writer_asks_for_is_no_detail_of_theirs(text: str, word: str, stands: bool) -> None:
    from guardian.detect.subject import _tagged_findings

    span = TaggedEntity("HEALTH", text.index(word), text.index(word) + len(word), 0.95)
    found = _tagged_findings({"p": [span]}, [], {"HEALTH": 0.6}, {"p": text}, {"HEALTH": 0.9})
    assert bool(found) is stands


def test_a_writer_introduced_by_what_opens_the_sentence_then_here_speaks() -> None:
    from guardian.detect.subject import writer_speaks

    text = "Hi, NDP volunteer here. What is a good laptop?"
    assert writer_speaks(text, 4, 7)
    other = "The NDP volunteer here is kind. What is a good laptop?"
    assert not writer_speaks(other, 4, 7)


def test_a_second_heads_span_read_beside_the_writers_aside_alone_is_no_ones() -> None:
    from guardian.detect.subject import _tagged_findings

    text = "Take a matrix of shape (200, 3) of points (I'm a widower, if it matters) and sort the rows."
    age = TaggedEntity("AGE", text.index("200"), text.index("200") + 3, 0.9)
    assert _tagged_findings({"p": [age]}, [], {"AGE": 0.3}, {"p": text}, {"AGE": 0.3}, recognizer="writers_head") == []
    own = "I'm 200 days sober (my sponsor says so) and want a plan."
    age = TaggedEntity("AGE", own.index("200"), own.index("200") + 3, 0.9)
    assert len(_tagged_findings({"p": [age]}, [], {"AGE": 0.3}, {"p": own}, {"AGE": 0.3}, recognizer="writers_head")) == 1


@pytest.mark.parametrize(("text", "word", "opening"), [
    ("Half of Brightwater Ltd is away, so I have time: what is a monad?", "Half", True),
    ("Most of my team uses Vim.", "Most", True),
    ("Zalando is where I work.", "Zalando", False),  # no word of the dictionary
    ("I work at Half Moon Bay Brewing.", "Half", False),  # not the sentence's first word
])
def test_a_dictionary_word_that_opens_its_sentence_is_no_organisation(text: str, word: str, opening: bool) -> None:
    from guardian.detect.subject import _common_word_opening

    start = text.index(word)
    assert _common_word_opening(text, start, start + len(word)) is opening


@pytest.mark.parametrize(("text", "value", "entity", "user"), [
    ("Setting up my new flat this week, so: what is macroeconomics", "macroeconomics", "FIELD_OF_STUDY", False),
    ("Long shift again, quick one: which river flows through Leeds", "Leeds", "LOCATION", False),
    ("Long shift again, quick one: what should I do about my asthma", "asthma", "HEALTH", True),
])
def test_a_question_after_a_lead_typed_without_its_mark_is_asked_of_the_world(text: str, value: str, entity: str,
                                                                               user: bool) -> None:
    assert about_user(_finding(text, value, entity), text).user is user


def test_a_word_beside_a_kept_amount_is_its_wording() -> None:
    from guardian.detect.subject import _tagged_findings

    text = "I'm on £31,500 gross and want to budget for a car."
    amount = Finding(C.FINANCIAL, "MONEY", "p", text.index("£"), text.index(" gross"), 0.6, "money", True)
    gross = TaggedEntity("MONEY", text.index("gross"), text.index("gross") + 5, 0.9)
    assert _tagged_findings({"p": [gross]}, [amount], {"MONEY": 0.3}, {"p": text}, {"MONEY": 0.3}) == []


@pytest.mark.parametrize(("text", "value", "entity", "user"), [
    ("Reading about old maps has kept me busy since my surgery. How were they printed?", "Reading", "LOCATION", False),
    ("Planning a tasting (Stout suggestions for a beginner) for my birthday.", "Stout", "ORGANIZATION", False),
    ("Reading is where I grew up, so tell me about its history.", "Reading", "LOCATION", True),  # its cue
])
def test_a_dictionary_word_that_opens_its_sentence_names_no_place_without_a_cue(text: str, value: str, entity: str,
                                                                                user: bool) -> None:
    assert about_user(_finding(text, value, entity), text).user is user


def test_a_number_before_a_unit_is_a_measure_and_a_mountain_no_one() -> None:
    from guardian.detect.subject import _a_measure_after, _tagged_findings

    text = "Converting 72 F to Celsius, and 40 kg to pounds."
    for value in ("72", "40"):
        age = TaggedEntity("AGE", text.index(value), text.index(value) + 2, 0.9)
        assert _tagged_findings({"p": [age]}, [], {"AGE": 0.3}, {"p": text}, {"AGE": 0.3}, recognizer="writers_head") == []
    years = "I'm 52 years into this life and curious."
    assert not _a_measure_after(years, years.index("52") + 2)  # the years of an age
    mountain = "Yes or no? Mount Elbrus is the highest peak in Europe."
    assert not about_user(_finding(mountain, "Mount Elbrus", "PERSON"), mountain).user


@pytest.mark.parametrize(
    ("text", "span", "entity", "trip"),
    [
        # where a trip goes to or leaves from is no one's home
        ("I need a train from London Kings Cross to Cambridge.", "Kings Cross", "LOCATION", True),
        ("I need a train to Cambridge and I need it to leave after 12:45.", "Cambridge", "ORGANIZATION", True),
        ("Can you find a place to stay when I arrive in Cambridge next week?", "Cambridge", "LOCATION", True),
        ("I would like a taxi from Saint John's college to Pizza Hut.", "John", "ORGANIZATION", True),
        # a home, a job or a school in the sentence leaves it to the other rules (a cue, the judge)
        ("I'm flying home to Leeds next week, what should I pack?", "Leeds", "LOCATION", False),
        ("I take the train to work at Arup every day.", "Arup", "ORGANIZATION", False),
        ("I live in Leeds and take the bus to York.", "Leeds", "LOCATION", False),
        # going to a school and commuting to an employer are where the writer studies and works
        ("I go to Stanford and study law.", "Stanford", "ORGANIZATION", False),
        ("I commute to Arup every day.", "Arup", "ORGANIZATION", False),
        ("I need to get to London Kings Cross.", "Kings Cross", "LOCATION", True),
    ],
)
def test_a_trips_end_is_not_where_the_writer_lives(text: str, span: str, entity: str, trip: bool) -> None:
    decision = about_user(_finding(text, span, entity), text)
    assert decision.why.endswith(":trip") is trip
    assert not (trip and decision.user)


def test_a_tagged_span_at_a_trips_end_or_a_job_the_writer_needs_stands_for_nothing() -> None:
    text = "I need a taxi departing from bishops stortford to the station. I also need to reserve a flight."
    field = Field("json:$.messages[0].content", "content", text)
    spans = (TaggedEntity("ORG", text.index("stortford"), text.index("stortford") + 9, 0.999),
             TaggedEntity("JOB", text.index("taxi"), text.index("taxi") + 4, 0.999),
             TaggedEntity("JOB", text.index("flight"), text.index("flight") + 6, 0.999))

    class _Tagger:
        alone = {"ORG": 0.5, "JOB": 0.5}
        alone_bare = {"ORG": 0.5, "JOB": 0.5}

        def tag(self, value: str) -> list[TaggedEntity]:
            return list(spans)

    kept, _ = filter_prompt_findings([field], [], discloser=_Tagger())
    assert kept == ()


def test_someone_with_a_detail_here_is_the_writer_introducing_themself() -> None:
    from guardian.detect.subject import writer_speaks

    text = "Someone with seasonal affective disorder here, trying to understand this: how do sales work?"
    start = text.index("seasonal")
    assert writer_speaks(text, start, start + len("seasonal affective disorder"))
    asked = "Is there someone with diabetes who can answer: what is HbA1c?"
    assert not writer_speaks(asked, asked.index("diabetes"), asked.index("diabetes") + 8)


def test_a_dictionary_word_opening_its_sentence_is_no_name_unless_names_know_it() -> None:
    text = "New here, can you explain what a fugue is?"
    assert about_user(_finding(text, "New", "PERSON", quasi=False), text).why == "name:common-word"
    text = "Rose asked me to book a table for six."
    assert about_user(_finding(text, "Rose", "PERSON", quasi=False), text).user


@pytest.mark.parametrize(
    ("text", "span", "piece"),
    [
        ("What did Sun Ra study at Alabama Agricultural and Mechanical University?", "Alabama", True),
        ("If the EFSF (European Financial Stability Facility) borrows, what happens?", "Stability", True),
        ("I moved to New York City last year.", "New York", True),
        ("I work at Goldman Sachs Asset Management.", "Goldman Sachs Asset Management", False),  # the whole name
        ("Where is Alabama?", "Alabama", False),
        ("Alabama Power Company is big.", "Alabama", False),  # the sentence's own capital is not counted
    ],
)
def test_a_piece_of_a_longer_name(text: str, span: str, piece: bool) -> None:
    from guardian.detect.subject import piece_of_a_longer_name

    at = text.index(span)
    assert piece_of_a_longer_name(text, at, at + len(span)) is piece


def test_a_name_read_whole_in_pieces_is_no_piece() -> None:
    from guardian.detect.subject import piece_of_a_longer_name

    text = "Asking as a student at Trinity College Dublin?"
    college, dublin = text.index("Trinity College"), text.index("Dublin")
    assert piece_of_a_longer_name(text, college, college + 15)
    assert not piece_of_a_longer_name(text, college, college + 15, [(dublin, dublin + 6)])


def test_a_piece_of_a_name_in_a_question_about_the_world_is_left_alone() -> None:
    text = "What did Sun Ra study at Alabama Agricultural and Mechanical University?"
    field = Field("json:$.messages[0].content", "content", text)
    at = text.index("Alabama")
    finding = Finding(category=C.CONTACT, entity="ORGANIZATION", field_path=field.path, start=at,
                      end=at + 7, score=0.64, recognizer="prose_tagger", quasi=True)
    kept, public = filter_prompt_findings([field], [finding])
    assert kept == () and public == {"piece-of-a-name": 1}


def test_a_piece_of_a_name_is_asked_only_of_english_questions() -> None:
    # German writes every noun with a capital: a run of capitals is no name there
    text = "Gibt's in der Nähe von Bad Hersfeld, wo ich wohne, einen guten Kletterwald für Kinder?"
    field = Field("json:$.messages[0].content", "content", text)
    at = text.index("Bad Hersfeld")
    finding = Finding(category=C.LOCATION_COARSE, entity="LOCATION", field_path=field.path, start=at,
                      end=at + 12, score=0.7, recognizer="multilingual_tagger", quasi=True)
    kept, _ = filter_prompt_findings([field], [finding])
    assert kept == (finding,)


@pytest.mark.parametrize(
    ("text", "span", "entity", "recognizer", "user"),
    [
        # a label's value with an aside in brackets after it, blanked or not
        ("Work: Hollis and Vane (asking for myself though). How do I merge two lists?", "Hollis and Vane", "ORGANIZATION",
         "inline_fields", True),
        ("School: Carrow Academy (in case it matters). How do I cite a website?", "Carrow Academy", "ORGANIZATION",
         "inline_fields", True),
        # where the writer is at work
        ("Quiet morning here at Brightwell Foods. How do I merge two lists?", "Brightwell Foods", "ORGANIZATION", "ner", True),
        ("Nobody in the staff room at Harlow Grammar knew the answer.", "Harlow Grammar", "ORGANIZATION", "ner", True),
        ("What shows are on here at the Barbican this week?", "Barbican", "ORGANIZATION", "ner", False),
        # the British "on" of a pay, in thousands
        ("Honestly, I'm on £41,200 since the restructure. Is a Roth IRA worth it?", "£41,200", "MONEY", "money", True),
        ("I'm on $20 a day in Rome, what can I see?", "$20", "MONEY", "money", False),
        # a name worn or sold as a fan's goods is a public figure's
        ("Find a large Jalen Brunson jersey under $80.", "Jalen Brunson", "PERSON", "ner", False),
        ("Are there any Olivia Rodrigo concert tickets left for Friday?", "Olivia Rodrigo", "PERSON", "ner", False),
        ("My son Ezra Whitfield plays in the school band.", "Ezra Whitfield", "PERSON", "ner", True),
        # a greeting is no one's name; a job after a name's possessive is that person's
        ("Howdy — new at the warehouse here. How do I sort a list?", "Howdy", "PERSON", "ner", False),
        ("Heyyy...pls list three fruits", "Heyyy...pls", "PERSON", "ner", False),
        ("Hey Bot! can you halp me please?", "Bot!", "PERSON", "ner", False),
        ("Please help, Mr. Assistant!", "Mr. Assistant", "PERSON", "ner", False),
        ("My niece Ottilie's tutor set this question. What is a prime?", "tutor", "OCCUPATION", "ner", False),
        # an income given as an aside after a question's lead; a union's card in a member's words
        ("Rust or Go: which pays off sooner, on a salary of £47,300?", "£47,300", "MONEY", "money", True),
        ("Rust or Go: which pays off sooner for a team of 12?", "12", "MONEY", "money", False),
        ("Retail Workers Union membership card in my pocket, here's a question.", "Retail Workers Union", "UNION",
         "special_categories", True),
        ("He lost his Retail Workers Union membership card. Can it be replaced?", "Retail Workers Union", "UNION",
         "special_categories", False),
        # the writer says the detail is theirs
        ("Explain it as you would to someone who is 41 — that's me.", "41", "AGE", "ner", True),
        # the writer told of in the third person; a town that is home for them
        ("The asker takes lisinopril daily. How do I sort a list?", "lisinopril", "HEALTH", "ner", True),
        ("The person typing this is 53. Why is the sky blue?", "53", "AGE", "ner", True),
        ("Who is the asker in this dialogue, and is she 53?", "53", "AGE", "ner", False),
        ("Kolhapur is home for me, and the paper ran a piece on this. Why do tides happen?", "Kolhapur", "LOCATION",
         "ner", True),
    ],
)
def test_labels_with_asides_workplaces_pay_and_fans_goods(text: str, span: str, entity: str, recognizer: str,
                                                          user: bool) -> None:
    quasi = entity != "PERSON"
    assert about_user(_finding(text, span, entity, quasi=quasi, recognizer=recognizer), text).user is user


def test_a_job_after_a_names_possessive_is_that_persons_unless_the_writer_is_it() -> None:
    text = "My niece Ottilie's tutor set this question. What is a prime?"
    assert about_user(_finding(text, "tutor", "OCCUPATION"), text).why == "job:someone"
    text = "I'm Brightwell's accountant, how do I file VAT?"
    assert about_user(_finding(text, "accountant", "OCCUPATION"), text).why != "job:someone"


@pytest.mark.parametrize(("text", "span", "public"), [
    ("Meet me at 10:30 tomorrow.", "10:30", True), ("a 2am question", "2am", True),
    # an hour of the clock is 0-24: "at 39" read as a time is no time of day
    ("Asking at 39, so forgive me if this is basic.", "39", False),
])
def test_a_time_of_day_is_an_hour_of_the_clock(text: str, span: str, public: bool) -> None:
    assert (about_user(_finding(text, span, "DATE_TIME"), text).why == "time-of-day") is public


def test_a_group_of_many_stays_the_writers_where_the_writer_speaks() -> None:
    text = "We Catholics are told to fast. Why?"
    assert about_user(_finding(text, "Catholics", "RELIGION"), text).why != "group:many"
    asked = "What do Catholics believe about fasting?"
    assert about_user(_finding(asked, "Catholics", "RELIGION"), asked).why == "group:many"


@pytest.mark.parametrize(
    ("text", "word", "stands"),
    [
        ("I want a green smoothie to have after my workout", "workout", False),
        ("what soup could I bring in my thermos for lunch?", "thermos", False),
        ("I want a green smoothie to have after my dialysis", "dialysis", True),  # WordNet: medical care
        ("my Ozempic makes me queasy, what can I eat?", "Ozempic", True),  # a word WordNet does not know
        ("my stroke last year left me slow, what can I read?", "stroke", True),  # many senses, one of them health
    ],
)
def test_a_tagged_health_word_stands_only_where_wordnet_allows_a_health_sense(text: str, word: str, stands: bool) -> None:
    field = Field("text:", "", text)
    kept, _ = filter_prompt_findings([field], [], None, _Discloser({word: "HEALTH"}))
    assert [text[f.start:f.end] for f in kept] == ([word] if stands else [])


def test_a_longer_tagged_health_span_told_by_its_time_is_left_to_the_reader() -> None:
    text = "Since I'm due in April, do men prefer women with long hair?"  # health by its context
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser({"due in April": "HEALTH"}))
    assert [text[f.start:f.end] for f in kept] == ["due in April"]


def test_a_longer_tagged_health_span_of_words_with_no_health_sense_is_none() -> None:
    text = "As a practicing Buddhist, I sometimes miss pop culture, so: what is a bee?"
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser({"sometimes miss": "HEALTH"}))
    assert kept == ()


@pytest.mark.parametrize(("text", "value", "entity", "user"), [
    # a possessive aside right after a name says who the name is; the writer's other asides do not
    ("Melvin (my brother) wants to know how to fix his bike chain.", "Melvin", "PERSON", True),
    ("How do I help Priya (our daughter) with fractions?", "Priya", "PERSON", True),
    ("Who painted the ceiling for Pope Julius II (I'm asking for my art class)?", "Pope Julius II", "PERSON", False),
])
def test_a_possessive_aside_right_after_a_name_is_its_apposition(text: str, value: str, entity: str, user: bool) -> None:
    assert about_user(_finding(text, value, entity), text).user is user


@pytest.mark.parametrize(("text", "value", "user"), [
    # a treatment the sentence opens with, "I'm" left out, and a time that makes it the writer's present
    ("On Ozempic these days, what should I eat before a run?", "Ozempic", True),
    ("Still on sertraline since May. Is coffee ok?", "sertraline", True),
    ("On aspirin: how does it work?", "aspirin", False),
])
def test_a_treatment_the_writer_is_on_now(text: str, value: str, user: bool) -> None:
    assert about_user(_finding(text, value, "HEALTH", recognizer="health"), text).user is user


@pytest.mark.parametrize(("text", "value", "user"), [
    # a short text in another language that the gate could not call: its common words are no names
    ("Merci. Nous allons examiner la situation.", "Merci", False),
    ("Dodaj element do tekstu.", "Dodaj", False),
    # a given name stays one, whatever else it means somewhere
    ("Melvin (my brother) wants to know how to fix his bike chain.", "Melvin", True),
])
def test_a_common_word_of_another_language_is_no_name(text: str, value: str, user: bool) -> None:
    assert about_user(_finding(text, value, "PERSON"), text).user is user


def test_someone_the_writer_opens_on_is_their_age_but_not_someone_elses() -> None:
    text = "Someone who's 68 and just retired wants to know: how do I build without optimizations?"
    assert about_user(_finding(text, "68", "AGE", recognizer="quasi_identifiers"), text).user
    other = "The bus driver, a man of 68, wants to know where we go."
    assert not about_user(_finding(other, "68", "AGE", recognizer="quasi_identifiers"), other).user


def test_a_sum_has_a_number_and_a_device_size_is_no_age() -> None:
    # the second head's MONEY without a digit or a number's word is what money is for; a number
    # before a unit of a device's specification is no one's age
    for text, span, label in (("Do I have to pay Income Tax at a higher rate?", "Tax", "MONEY"),
                              ("Am I entitled to the correct minimum wage", "wage", "MONEY"),
                              ("Which one? I have a 64 bit capable Intel CPU.", "64", "AGE")):
        kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser({}), _Discloser({span: label}))
        assert kept == (), text
    text = "I earn about fifty grand a year, is that enough?"
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, _Discloser({}),
                                     _Discloser({"about fifty grand": "MONEY"}))
    assert [text[f.start:f.end] for f in kept] == ["about fifty grand"]


@pytest.mark.parametrize(("text", "span", "user"), [
    ("famous computer scientists disappeared at sea", "sea", False),  # a word of the dictionary, lower case
    ("i work at google and need help with my resume", "google", True),  # the writer's cue
])
def test_a_lower_case_dictionary_word_is_no_place_or_firm_without_a_cue(text: str, span: str, user: bool) -> None:
    assert about_user(_finding(text, span, "ORGANIZATION"), text).user is user



@pytest.mark.parametrize(("text", "span", "user"), [
    # the region after the writer's town is part of their place; "back home in" is the writer's home
    # whoever the clause goes on about; a biography's opening place stays the subject's
    ("Back home in Boise, Idaho people fish all year. Why is that?", "Idaho", True),
    ("I grew up in Tulsa, Oklahoma and wonder about tornadoes.", "Oklahoma", True),
    ("Born in Ulm, Einstein developed the theory of relativity.", "Ulm", False),
    ("What is the capital of Paris, France?", "France", False),
    # "as a" and a word or two of how the writer is, before what they are
    ("as a devout Hindu, how long is a lunar month?", "Hindu", True),
    ("As a lifelong Quaker, what is a meeting house?", "Quaker", True),
])
def test_whose_a_place_or_a_faith_is_by_the_words_around_it(text: str, span: str, user: bool) -> None:
    from guardian.detect.detector import Detector
    from guardian.detect.subject import about_user
    from guardian.records import Field

    at = text.index(span)
    found = [f for f in Detector().analyze_field(Field("text:", "", text)) if f.start <= at < f.end]
    assert found, text
    assert about_user(found[0], text).user is user


def test_an_income_given_as_context_in_brackets_is_the_writers() -> None:
    """ "(for context: household income around £24,000.)": the asker's means, with no "I"."""
    from guardian.categories import DataCategory
    from guardian.records import Finding

    text = "I'd like a caramel decaf Cortado, please.\n(for context: household income around £24,000.)"
    start = text.index("£")
    finding = Finding(DataCategory.FINANCIAL, "MONEY", "text:", start, start + 7, 0.6, "money")
    assert about_user(finding, text).user


@pytest.mark.parametrize("text", ["Voir le journal Syncthing", "Ir para o Fórum do Syncthing", "Bem vindo(a) ao Syncthing para Android"])
def test_a_phrase_of_another_language_read_as_a_name_is_no_ones(text: str) -> None:
    """A common word of another language and the small words after it, in a text the language gate is
    unsure of, is that phrase, not a person."""
    from guardian.categories import DataCategory
    from guardian.records import Finding

    end = {"Voir": 7, "Ir p": 9, "Bem ": 9}[text[:4]]  # "Voir le", "Ir para o", "Bem vindo": the tagger's spans
    finding = Finding(DataCategory.CONTACT, "PERSON", "text:", 0, end, 0.6, "prose_tagger")
    assert not about_user(finding, text).user


def test_what_a_request_to_the_assistant_is_about_is_no_ones_however_sure_the_tagger() -> None:
    text = "I'm a sophomore at IIT Bombay. Find homepages of faculty members at the University of Phoenix."
    field = Field("text:", "", text)
    phoenix = _finding(text, "University of Phoenix", "ORGANIZATION")
    tagger = _Discloser({"IIT Bombay": "ORG", "University of Phoenix": "ORG"}, bare=0.5, score=1.0)
    kept, _ = filter_prompt_findings([field], [phoenix], None, tagger)
    assert [text[f.start:f.end] for f in kept] == ["IIT Bombay"]  # the writer's school, said in the first person
    mine = "Find homepages of faculty members at my university, the University of Phoenix."
    kept, _ = filter_prompt_findings([Field("text:", "", mine)], [_finding(mine, "University of Phoenix", "ORGANIZATION")],
                                     None, _Discloser({"University of Phoenix": "ORG"}, bare=0.5, score=1.0))
    assert [mine[f.start:f.end] for f in kept] == ["University of Phoenix"]  # "my" in the request: the writer's


@pytest.mark.parametrize(("text", "span", "kept"), [
    ("I'm a junior at Boston University. How do I lock the front door remotely?", "junior", False),  # a school year
    ("I'm a second-year student at Monash. What is a monad?", "second-year student", False),
    ("I'm a senior engineer at Google. How do I sort a list?", "senior engineer", True),  # a job
])
def test_a_status_most_people_hold_at_some_time_is_not_kept(text: str, span: str, kept: bool) -> None:
    found = Finding(C.CONTACT, "OCCUPATION", "text:", text.index(span), text.index(span) + len(span), 0.8,
                    "self_disclosure", True)
    result, _ = filter_prompt_findings([Field("text:", "", text)], [found])
    assert (found in result) is kept


def test_an_origin_word_that_opens_a_name_is_a_word_of_the_name() -> None:
    text = 'I am from Ballarat. U.S. agrees to a new trade deal with "European Union" before 2027?'
    tagger = _Discloser({"European": "GROUP"}, bare=0.5, score=1.0)
    kept, _ = filter_prompt_findings([Field("text:", "", text)], [], None, tagger)
    assert kept == ()
    mine = "Irish American here, so: what is the capital of Peru?"
    kept, _ = filter_prompt_findings([Field("text:", "", mine)], [], None,
                                     _Discloser({"Irish American": "GROUP"}, bare=0.5, score=1.0))
    assert [mine[f.start:f.end] for f in kept] == ["Irish American"]


@pytest.mark.parametrize(("span", "text", "age"), [
    ("420-page", "I'm 5 months pregnant, so: a 420-page book has how many words?", False),  # no one is 420
    ("5-star", "I'm 5 months pregnant, so: is a 5-star hotel worth it?", False),  # a count of its noun
    ("40-year-old", "I'm a 40-year-old nurse", True),
    ("34", "I'm 34 and pregnant", True),
    ("63", "i'd like to switch to room 63. Asking as a scientist.", False),  # a thing's number
])
def test_an_age_is_a_persons_age(span: str, text: str, age: bool) -> None:
    from guardian.detect.subject import _an_age

    start = text.index(span)
    assert _an_age(text, start, start + len(span)) is age



def test_a_papers_title_and_its_question_confirm_nothing() -> None:
    """A title, its colon and a question, with no one speaking: what a model reads as someone's
    condition there is the question's topic; the writer's own aside before a colon is theirs."""
    title = "Starting insulin in rheumatoid arthritis: continue oral agents?"
    arthritis = _finding(title, "arthritis", "HEALTH", recognizer="health")
    kept, public = filter_prompt_findings([Field("text:", "", title)], [arthritis], None,
                                          _Discloser({"rheumatoid arthritis": "HEALTH"}))
    assert kept == () and public.get("titled-question") == 1
    for own in ("rheumatoid arthritis and no sleep, so: is gum disease linked?",  # a comma: an aside, not a title
                "As someone with rheumatoid arthritis: is gum disease linked?",  # a self-description
                "quick one from someone with rheumatoid arthritis — Gum disease: linked?"):
        mine = _finding(own, "arthritis", "HEALTH", recognizer="health")
        kept, _ = filter_prompt_findings([Field("text:", "", own)], [mine], None, _Discloser({"rheumatoid arthritis": "HEALTH"}))
        assert [own[f.start:f.end] for f in kept] == ["rheumatoid arthritis"], own


@pytest.mark.parametrize(("text", "user"), [
    ("How many politicians live in India?", False),  # someone else's living there, asked about
    ("My parents live in India, is a visa needed?", True),
    ("Live in India now. Is a visa needed?", True),  # the writer's, the subject left out
])
def test_living_somewhere_is_the_writers_place_only_when_they_or_theirs_live_there(text: str, user: bool) -> None:
    assert about_user(_finding(text, "India", "LOCATION", recognizer="places"), text).user is user


def test_a_cue_inside_a_quotation_is_the_quoted_writers() -> None:
    quoted = "What book starts with the line “Call me Ishmael.”?"
    ishmael = _finding(quoted, "Ishmael", "PERSON", recognizer="self_disclosure")
    kept, public = filter_prompt_findings([Field("text:", "", quoted)], [ishmael])
    assert kept == () and public == {"quoted": 1}
    own = "Call me Ishmael. What book should I read next?"
    mine = _finding(own, "Ishmael", "PERSON", recognizer="self_disclosure")
    assert filter_prompt_findings([Field("text:", "", own)], [mine])[0] == (mine,)


def test_a_union_local_is_its_members() -> None:
    text = "My local of the IBEW is hosting trivia, help me prep: when was the strike?"
    assert about_user(_finding(text, "IBEW", "ORGANIZATION", recognizer="prose_tagger"), text).user
    other = "The local of the IBEW is hosting trivia. When was the strike?"
    assert not about_user(_finding(other, "IBEW", "ORGANIZATION", recognizer="prose_tagger"), other).user



def test_the_judge_is_not_asked_about_what_a_request_is_about() -> None:
    text = "My mum runs a quiz night, so: Explain inline classes in Kotlin"
    field = Field("text:", "", text)
    kotlin = _finding(text, "Kotlin", "LOCATION", recognizer="towns")
    judge = _Judge({"Kotlin": 0.9})
    kept, _ = filter_prompt_findings([field], [kotlin], judge)
    assert kept == () and judge.calls == []
    own = "My mum runs a quiz night in Kotlin, so: explain inline classes"
    mine = _finding(own, "Kotlin", "LOCATION", recognizer="towns")
    assert filter_prompt_findings([Field("text:", "", own)], [mine], _Judge({"Kotlin": 0.9}))[0] == (mine,)
