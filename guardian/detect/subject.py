"""Whose data a finding in a prompt is: the user's own, or public knowledge.

People ask AI assistants about public things all day: programming languages, products, places
and organisations, public figures, dates and seasons. A pseudonym there spoils the answer and
protects no one; the user's own data (their name and the names of the people in their life,
their contacts, ids, where they live, their employer, health, family and money) is what must
not leave. `about_user` decides, per finding in a prompt's prose, from the words around it:

1. Direct identifiers are always the user's (or someone's whose data it is): an e-mail, a
   phone, a card, an account or national id number, an IP or device id, a street address,
   coordinates, a credential, a user id or user name, a date of birth (every entity that rules
   2-5 do not name). Two shapes that machine text and brands share need a cue of their own: an
   id-shaped token ("ORA-00937", a figure in a pasted table) needs an identity word or the
   writer's pronoun before it ("my passport number is", "reach me at"), and a handle with its
   digits first ("23andme") an account cue (a dotted one right before "(" is code); an age in a hypothetical ("explain it like I'm 5") is
   no one's.
2. A person's name is kept unless a *public* cue says the prompt asks about a public figure or
   a work ("who was ...", "books by ...", "...'s theory", "President ...", "famous ..."), and
   no *personal* cue ties the name to the user ("my son ...", "I'm ...", "Dear ..."). A bare name
   that opens the prompt before a comma and a request ("Alexa, please ...", "Claude, write ...")
   is the assistant's. A name in a question that no one speaks in, from the name's clause to its
   question mark ("Shane Battier had his number retired at Duke. What was his number?", a word
   problem's "Chad has 23 books ... How many does Jason have?"), is what the world knows or a
   puzzle's character, unless it stands in the writer's own places (an address, a signature, an
   introduction, a label, a request, a clause that left its subject, the writer, out).
3. A quasi-identifier (a place, an organisation, a date, a nationality or religion, an
   occupation, a health condition, an age, an amount) is the user's only when a personal cue
   of its kind stands near it in the same sentence: "I live in / I'm from / my address" for a
   place, "I work at / my employer / I study at / I'm a nurse at" for an organisation, "my
   birthday / I was born / my appointment" for a date, "I am a / I work as" for an occupation, "I have / I was
   diagnosed / my son has" for a health condition, "I'm 34 / my daughter is 5" for an age, "my
   salary / I owe / my rent" for an amount. Elsewhere it is what the prompt is about. A job the
   writer names by someone's role in their life ("my midwife", "our branch secretary", "Doctor
   upped my dose") is that person's, not the writer's.
4. A relationship word, a gender or a title alone ("my sister", "a man") identifies no one:
   never rewritten in a prompt (a name beside it is, by rule 2). The writer's own marital status
   ("I'm divorced") is another entity, `MARITAL_STATUS`, whose match holds its cue: rule 1.
5. The whole prompt as free text (Content) is what a chat is: never a finding in a prompt.

The cues are phrases around the finding, not lists of values: no place, company or person is
named here. They name a few sentence shapes; people write many more ("Since my MS diagnosis ...",
"As someone living with HIV, ...", "Working nights as an ICU nurse at St. Mary's, I ..."). So for
rule 3, where no phrase rule finds a cue, a learned judge reads the words around the finding
(`whose.py`, trained on people's first-person statements against public questions) and keeps it
when it reads as the writer's detail (`judge:<kind>`). The decision and its cue go into the record
(`subject` in the payload section).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from guardian.detect._text import cuts_a_word, is_natural_text, spoken_by_a_bot
from guardian.detect.language import ENGLISH, language_of
from guardian.detect.prose_tagger import TaggedEntity
from guardian.records import Field, Finding

__all__ = [
    "SubjectDecision", "about_user", "filter_prompt_findings", "cue_kind", "Judge", "Discloser", "CUE_WINDOW_BEFORE",
    "CUE_WINDOW_AFTER", "asked_of_the_world", "self_described", "writer_speaks",
]

CUE_WINDOW_BEFORE = 80  # characters before a finding searched for its cue (within the sentence)
CUE_WINDOW_AFTER = 48  # and after it ("Paris, where I live")

# The kind of cue each entity needs (rule 3); entities not here are rule 1 (kept) or rule 4.
_CUE_KIND: Mapping[str, str] = {
    "LOCATION": "place", "GPE": "place", "ORGANIZATION": "org", "DATE_TIME": "date", "NRP": "group",
    "OCCUPATION": "job", "HEALTH": "health", "AGE": "age", "MONEY": "money", "QUANTITY": "money",
    "FIELD_OF_STUDY": "study", "POSTAL_CODE": "place",
    # the other special categories of GDPR Art. 9 (recognizers/special_categories.py)
    "RELIGION": "group", "POLITICS": "group", "SEXUALITY": "group", "ETHNICITY": "group", "UNION": "group",
}
# ... and a whole value by its key's name: a question under "query" (Dify's chat API, a search
# tool's argument) or "message" is the prompt itself, what the service must read; the details
# in it are found by the readers of prose
_NEVER_IN_PROMPTS = frozenset({"RELATIONSHIP", "GENDER", "TITLE", "FREE_TEXT", "SEARCH_QUERY"})

# The writer told of in the third person: "The asker takes mesalazine daily", "(Asker is 29.)",
# "The person typing this is 48", "The one asking is married"
_WRITER = (r"(?:\bthe\s{1,3}(?:asker|questioner|person\s{1,3}(?:asking(?:\s{1,3}(?:this|here))?|typing\s{1,3}this|"
           r"writing\s{1,3}this|sending\s{1,3}this)|one\s{1,3}asking(?:\s{1,3}(?:this|here))?)|(?:^|(?<=[(\n]))\s{0,2}asker)\b")
_I = rf"(?:\bI\b|\bI'm\b|\bI’m\b|\bI've\b|\bI’ve\b|\bwe\b|\bwe're\b|{_WRITER})"
_MY = r"(?:\bmy\b|\bour\b|\bmine\b)"
_WRITER_IS = re.compile(rf"{_WRITER}\s{{1,3}}is\s{{1,3}}(?:now\s{{1,3}}|happily\s{{1,3}})?$", re.I)  # "The one asking is married"
_I_AM = rf"(?:\bI\s{{1,3}}am|\bI['’]m|\bim\b|\bwe\s{{1,3}}are|\bwe['’]re|{_WRITER}\s{{1,3}}is)"
_KIN = (r"(?:son|daughter|child|kid|baby|wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?|mother|mom|mum|"
        r"father|dad|brother|sister|sibling|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|"
        r"friend|neighbou?r|boss|manager|colleague|coworker|co-worker|roommate|flatmate|landlord|tenant|client|"
        r"customer|patient|student|teacher|doctor|therapist|lawyer|employee|assistant|family)")
# a family tie alone, as a noun: "youngest", "my eldest", "twins"
_KIN_WORD = re.compile(r"(?i:(?:my|our)\s{1,3})?(?i:youngest|eldest|oldest|firstborn|twins?|" + _KIN[3:-1] + r")s?")
# "As a nurse, I ..." opens the writer's sentence about themselves; "act as a doctor", "imagine
# yourself as a teacher" give the assistant a role, which is no one's data.
_AS_A = (r"^\s{0,3}as\s{1,3}an?\s{1,3}$"
         # "as a devout Buddhist,", "As a lifelong, card-carrying ...": a word or two of how the writer is
         r"|^\s{0,3}as\s{1,3}an?\s{1,3}(?:(?!(?:result|matter|rule|whole|consequence|general|kind|sort|type|form|part|side|way|"
         r"means|piece|of|the|for|in|to|on|by|with|at|from)\b)[a-z][\w-]{1,20},?\s{1,3}){1,2}$"
         # "asking as a 27 yo", "writing as a nurse", "- asked by a tired welder": the one who writes
         r"|\b(?:asking|writing|speaking|posting|asked\s{1,3}by|sent\s{1,3}by|written\s{1,3}by)\s{1,3}(?:as\s{1,3})?an?\s{1,3}"
         r"(?:[\w-]{1,20}\s{1,3}){0,2}$"
         # "..., as someone with seasonal affective disorder?", "asking as someone from Dunedin",
         # "as someone who takes levothyroxine": "as someone" is the one who asks
         r"|(?:^|[,;:(—–]|\b(?:asking|writing|speaking|posting))\s{0,3}as\s{1,3}(?:someone|somebody|a\s{1,3}person)\s{1,3}"
         r"(?:[\w-]{1,20}\s{1,3}){0,3}$"
         # "Quick one from a sysadmin on a night shift:", "a question from someone with sleep apnea:"
         r"|\b(?:question|one|note|message|request)\s{1,3}from\s{1,3}(?:an?|someone\s{1,3}with|somebody\s{1,3}with)\s{1,3}"
         r"(?:[\w-]{1,20}\s{1,3}){0,2}$")
_HERE_AFTER = re.compile(r"^\s{0,3}(?:[\w\-]{1,20}\s{1,3}){0,3}here\b(?=\s{0,3}(?:[,;:.!—–\-]|$)|\s{1,3}(?:and|but|so|with|"
                         r"trying|wondering|asking|looking)\s)", re.I)
_INTRO_BEFORE = re.compile(r"\s{0,3}(?:hi|hello|hey|ok|so)?[,!]?\s{0,3}(?!(?:the|this|that|these|those|our|your|his|her|their|a|an)\b)"
                           r"(?:[\w\-]{1,20}\s{1,3}){0,2}", re.I)
_ASKER_AFTER = re.compile(r"^\s{1,3}(?:asking|writing|posting|wondering)(?:\s{1,3}(?:here|in|this))?\s{0,3}[:,—–]", re.I)
_ASKER_BEFORE = re.compile(r"\s{0,3}(?:(?:hi|hello|hey)\s{0,3}[,!]?\s{1,3})?(?:(?:just\s{1,3})?an?\s{1,3})?(?:[\w\-]{1,20}\s{1,3}){0,2}", re.I)
# A clause with no subject that opens the text or a sentence describes its writer: "Born and raised
# in Zwijndrecht.", "Back home in Albacete for the holidays", "Day job: payroll clerk.",
# "Full-time copywriter, part-time learner."
_OPENS = r"(?:^|[.!?]\s{1,3}|\n|[(\-–—]\s{0,3})\s{0,3}"
_OPENER_PLACE = (rf"{_OPENS}(?:born\s{{1,3}}and\s{{1,3}}raised|born|raised|grew\s{{1,3}}up|back\s{{1,3}}home|living|based|"
                 rf"stuck|home)\s{{1,3}}(?:in|on|at)\s{{1,3}}$")
_OPENER_PLACE_RE = re.compile(_OPENER_PLACE, re.I)
# ... of which "(back) home in" is the writer's home whoever the clause goes on about
_HOME_OPENER = re.compile(r"\bhome\s{1,3}(?:in|on|at)\s{1,3}$", re.I)
# A firm's workplace after its name: the writer's with "our"/"my" before the name, and the places
# and lists only its staff are in with "the" ("the Cowley LLC canteen", "on the X payroll")
_OUR_BEFORE = re.compile(r"\b(?:our|my)\s{1,3}$", re.I)
_THE_BEFORE = re.compile(r"\bthe\s{1,3}$", re.I)
_STAFF_ONLY = r"payroll|canteen|cafeteria|break\s?room|staff\s?room|lunch[\s-]?room|locker\s?room|staff\s{1,3}(?:party|meeting|kitchen)"
_WORKPLACE_AFTER = re.compile(rf"^\s{{1,3}}(?:{_STAFF_ONLY}|office|offices|warehouse|depot|HQ|headquarters|branch|store|plant|factory|"
                              r"site|team|shift|night\s{1,3}shift|department|dept|floor)\b", re.I)
_STAFF_ONLY_AFTER = re.compile(rf"^\s{{1,3}}(?:{_STAFF_ONLY})\b", re.I)
# A place set off by a comma right before another ("Spokane, Washington"): a town and its region
_PLACE_BEFORE_COMMA = re.compile(r"(?<![\w'’\-])([A-Z][\w'’\-]{1,30}(?:\s[A-Z][\w'’\-]{1,30}){0,2}),\s{1,2}$")
# After such an opener's place, the clause's subject: a third person or a capitalised name and a verb
_BIOGRAPHY_AFTER = re.compile(
    r"^(?:\s{1,3}(?:in|on)\s{1,3}[\w ,]{1,30}?)?\s{0,3},\s{1,3}(?:(?i:he|she|they|it)\b"
    r"|(?!I\b)[A-Z][\w'’\-]{1,30}(?:\s{1,3}[A-Z][\w'’\-]{1,30}){0,2}\s{1,3}[a-z])")
_OPENER_JOB = (rf"{_OPENS}(?:(?:day|main|current|real)\s{{1,3}})?(?:job|occupation|profession|work|role)\s{{0,2}}:\s{{0,3}}$"
               rf"|{_OPENS}(?:full-time|part-time|retired|former|freelance|working|lifelong|veteran)\s{{1,3}}$")
# Adverbs between the writer and the verb: "we just moved", "I recently relocated".
_ADVERB = r"(?:just|recently|finally|now|still|already|originally|actually|currently|also)"
# "my asthma", "our NEA branch", "on my $38,000 salary": the writer's possessive right before the
# finding makes it theirs, whatever the kind.
_POSSESSED = rf"{_MY}\s{{1,3}}$"
# "Being deaf, I ...", "As someone who is hard of hearing", "growing up Bangladeshi": a clause that
# predicates the finding of the writer.
_BEING = (r"(?:(?:^|[,;(—–-]\s{0,3})(?:being|growing\s{1,3}up|as\s{1,3}(?:someone|somebody|a\s{1,3}person|one)\s{1,3}"
          r"(?:who\s{1,3}(?:is|was|has|had|lives\s{1,3}with)|who['’]s|with|living\s{1,3}with))"
          # "Asking as someone who's bi", "a question from someone who's Jain": whoever asks is the writer
          r"|\b(?:asking|question|q|writing|message|note)\s{1,3}(?:as|from)\s{1,3}(?:someone|somebody|a\s{1,3}person|one)\s{1,3}"
          r"(?:who\s{1,3}(?:is|was|has|had|lives\s{1,3}with)|who['’]s|with|living\s{1,3}with))\s{1,3}(?:an?\s{1,3})?$")
# "(Salary: $38,000 a year, if relevant.)", "Status, if needed: single again.", "(Context: daily
# Humira, in case it matters.)": a short label, its colon, and the value closing the label's clause,
# given as context: the writer's own detail, whatever the kind
_LABELLED_BEFORE = re.compile(
    r"(?:^|[(\n—–•*\-]|[.!?]\s)\s{0,3}(?:[A-Za-z'’\-]{1,20}\s{1,3}){0,3}[A-Za-z'’\-]{1,20}(?:\s{0,3},[^:.!?()\n]{1,40})?"
    r"\s{0,3}:\s{0,3}(?:[a-z\-]{1,20}\s{1,3}){0,2}$")
_HEDGE = (r",?\s{0,3}(?:(?:if|in\s{1,3}case|since|as)\s{1,3}(?:it|that|this)\s{1,3}(?:matters|helps|is\s{1,3}relevant|"
          r"changes\s{1,3}anything|makes\s{1,3}a\s{1,3}difference|colou?rs\s{1,3}the\s{1,3}answer)|if\s{1,3}relevant|"
          r"if\s{1,3}needed|if\s{1,3}it['’]s\s{1,3}relevant|fwiw|for\s{1,3}context)")
_LABELLED_AFTER = re.compile(rf"^(?:\s{{0,3}}(?:(?:gross|net)\s{{1,3}})?(?:(?:a|per)\s{{1,3}}|/\s{{0,2}})(?:year|month|week|yr|mo|wk|annum)\b|\s{{1,3}}(?:years?\s{{1,3}}old|y/?o))?(?:{_HEDGE})?"
                             # or an aside in brackets, blanked where the writer speaks in it (`outside_asides`):
                             # "Work: Fonterra (asking for myself though)."
                             r"(?:\s{1,3}\([^()\n]{1,60}\)|[ ]{4,64})?\s{0,3}(?:[.;)\n]|$)"
                             # or two spaces and a capital: a line break flattened ("Medical history: X  What ...")
                             r"|^[ \t]{2,8}(?=[A-Z])", re.I)
_ABOUT_ME_LABEL = re.compile(
    r"(?:^|[(\n—–•*\-]|[.!?]\s)\s{0,3}(?:some\s{1,3}|for\s{1,3}|quick\s{1,3}|brief\s{1,3}|a\s{1,3}(?:bit|little)\s{1,3}(?:of\s{1,3})?)?"
    r"(?:context|background|about\s{1,3}me|bio|profile|accessibility\s{1,3}note|health\s{1,3}note)"
    r"(?:\s{1,3}(?:if|in\s{1,3}case)\s{1,3}(?:it\s{1,3})?(?:matters|helps|relevant))?"
    # the label's colon, or a dash set off by spaces ("Accessibility note — paraplegia.")
    r"\s{0,3}(?::|\s[—–-])\s{0,3}(?:[\w-]{1,20}\s{1,3}){0,2}$", re.I)
# A greeting or a sign-off from the writer's place or self, opening its sentence: "Greetings from",
# "Hello from a fellow learner with", "Sent from a rainy afternoon in", "(Asking from", "From a proud"
_GREETING_FROM = re.compile(
    r"[\s(/—–\-]{0,4}(?:(?:greetings|hello|hi|hey|howdy|cheers|regards|love|sent|asking|writing|typing|typed|posted|"
    # the time of day as a greeting: "Evening from Dunedin!", "Good morning from"
    r"(?:good\s{1,3})?(?:morning|afternoon|evening|night|day)|"
    r"(?:a\s{1,3})?(?:quick\s{1,3})?(?:question|query|note|message))"
    r"(?:\s{1,3}[\w'’-]{1,20}){0,5}?\s{1,3}from|from\s{1,3}(?:an?|one|your)\s)", re.I)
_SOMEONE_WITH_BEFORE = re.compile(r"(?:^|[(\n—–\-]|[.!?,]\s)\s{0,3}(?:(?:hi|hello|hey)\s{0,3}[,!]?\s{1,3})?"
                                  r"(?:an?\s{1,3})?(?:[\w-]{1,20}\s{1,3}){0,2}?"
                                  r"(?:someone|somebody|person|one\s{1,3}of\s{1,3}those|lurker|reader|user|guy|gal|woman|man|"
                                  r"mum|mom|dad|student|parent|member)\s{1,3}"
                                  r"(?:with|who\s{1,3}has|who['’]s|living\s{1,3}with)\s{1,3}(?:[\w-]{1,20}\s{1,3})?$", re.I)
# "a few other air traffic controller colleagues", "my fellow nurses": others of the writer's own job
_FELLOW_BEFORE = re.compile(r"\b(?:other|fellow)\s{1,3}$", re.I)
_COLLEAGUES_AFTER = re.compile(r"^\s{0,3}(?:colleagues|co-?workers|peers|friends\s{1,3}at\s{1,3}work)\b|^s\b", re.I)
# "Asking as someone who's bi, so be kind.", "I'm on Truvada, if that changes anything": a detail
# the writer offers as context, hedged as such, is theirs
_HEDGE_AFTER = re.compile(rf"^\s{{0,3}}{_HEDGE}\b", re.I)
# "On Ozempic these days, ...", "Still on sertraline since May": a treatment the sentence opens
# with, "I'm" left out, and a time that makes it the writer's present
_ON_TREATMENT_BEFORE = re.compile(r"[\s\-–—(•*]{0,4}(?:(?:just|still|currently|now|also|been)\s{1,3}){0,2}(?:on|off)\s{1,3}", re.I)
_ON_TREATMENT_AFTER = re.compile(
    r"^\s{0,3}(?:(?:\d{1,4}\s{0,2}(?:mg|mcg|ml|units?)|daily|twice a day)\s{1,3})?(?:these days|nowadays|now\b|right now|lately|again|"
    r"at the moment|for (?:the )?(?:past |last )?(?:a |an |\d{1,2} |two |three |few |several )?(?:days?|weeks?|months?|years?)|since\b)", re.I)
# Rule 3's cues by kind: a phrase in the window before the finding (`before`) or after it (`after`).
_BEFORE: Mapping[str, str] = {
    "place": rf"(?:{_I}|{_I_AM})\s{{1,3}}(?:{_ADVERB}\s{{1,3}})?(?:live|lived|living|reside|resided|residing|moved|moving|relocated|"
             rf"stay|staying|grew\s{{1,3}}up|was\s{{1,3}}born|from|come\s{{1,3}}from|based|commute|commuted|commuting)\b|{_MY}\s{{1,3}}(?:address|home(?:town)?|house|flat|apartment|city|town|"
             rf"village|neighbou?rhood|street|zip|postcode|postal\s{{1,3}}code|location)\b"
             # "my parents live in ...", "Live in Leeds, ..." (the writer's people, or the subject left out;
             # not "How many politicians live in India?")
             rf"|{_MY}\s{{1,3}}(?:[\w\-]{{1,20}}\s{{1,3}}){{0,2}}(?:live|lives)\s{{1,3}}(?:in|at|on)\b"
             rf"|(?:^|[.!?;:(\-–—]\s{{0,3}})(?:still\s{{1,3}}|currently\s{{1,3}}|now\s{{1,3}})?live\s{{1,3}}(?:in|at|on)\b"
             # "Hi, I'm Tom from Leeds", "greetings from Leeds"; not "a trip starting from Basel"
             rf"|{_I_AM}\s{{1,3}}(?-i:[A-Z])[\w'’\-]{{0,30}}(?:\s{{1,3}}(?-i:[A-Z])[\w'’\-]{{0,30}}){{0,2}},?\s{{1,3}}from\s{{0,3}}$"
             rf"|\b(?:greetings|writing|calling|here)\s{{1,3}}from\s{{0,3}}$|{_OPENER_PLACE}"
             # "Since relocating to Aarhus I ...": a move's left-out subject is the main clause's, the writer
             rf"|\b(?:since|after|before|when|until)\s{{1,3}}(?:moving|relocating|emigrating)\s{{1,3}}(?:back\s{{1,3}}|here\s{{1,3}})?to\s{{1,3}}$"
             # "Originally from Mombasa, now in Toronto": where the writer lives now, after where they are from
             r"|(?:^|[,;(]\s{0,3}|\band\s{1,3}|\bbut\s{1,3})now\s{1,3}(?:living\s{1,3}|based\s{1,3}|settled\s{1,3})?in\s{1,3}$"
             # "We're a small family in Hilo", "I'm a nurse in Leeds": where the writer, so described, is
             rf"|{_I_AM}\s{{1,3}}an?\s{{1,3}}(?:[\w-]{{1,20}}\s{{1,3}}){{1,3}}(?:in|from|near|outside)\s{{1,3}}$"
             # "Here in Leeds nobody knows this", "Back home in Kootwijk we ...": where the writer is
             r"|(?:^|[.!?(\n,;:\-–—])\s{0,3}(?:(?:over|down|up|out|right)\s{1,3})?(?:here|back\s{1,3}home)\s{1,3}in\s{0,3}$",
    "org": rf"(?:{_I}|{_I_AM})\s{{1,3}}(?:work|worked|working|study|studied|studying|intern|interned|employed|"
           rf"was\s{{1,3}}hired|got\s{{1,3}}hired|joined|teach|taught|attend|attended|volunteer)\b"
           rf"|{_MY}\s{{1,3}}(?:shifts?|job|work|hours|classes|lectures|courses?|days|nights)\s{{1,3}}(?:as\s{{1,3}}an?\s{{1,3}}(?:[\w-]{{1,20}}\s{{1,3}}){{1,3}})?(?:at|in|with|for)\s{{1,3}}$"
           rf"|{_MY}\s{{1,3}}(?:desk|shift|employer|company|firm|job|workplace|office|school|university|college|team|startup|"
           rf"business|bank|insurer|insurance|doctor|clinic|hospital|gym|church|mosque|synagogue|union)\b|\bworks?\s{{1,3}}(?:at|for)\b"
           rf"|{_I_AM}\s{{1,3}}an?\s{{1,3}}(?:[\w-]{{1,20}}\s{{1,3}}){{1,3}}(?:at|for|with)\b"  # "I'm a nurse at St Mary's"
           # "started at Shopify in June", "i've been with Smith-Edwards for six years": the writer's employer
           rf"|(?:^\s{{0,3}}|[,;(\-]\s{{0,3}}|{_I}\s{{1,3}}(?:just\s{{1,3}}|recently\s{{1,3}})?)(?:started|starting)\s{{1,3}}(?:at|with)\s{{1,3}}$"
           rf"|\b(?:I['’]ve|I\s{{1,3}}have|ive)\s{{1,3}}been\s{{1,3}}(?:with|at)\s{{1,3}}$"
           # "Been with X six years now": the same with its subject left out, opening the sentence
           r"|(?:^|[.!?(\n;:\-–—])\s{0,3}(?:been|worked|working)\s{1,3}(?:with|at|for)\s{1,3}$"
           # "Over here at Seidel we're ...", "Class of 2019, Oxford Brookes."
           rf"|{_OPENS}(?:[\w'’-]{{1,20}}\s{{1,3}}){{0,3}}here\s{{1,3}}at\s{{1,3}}$|\bclass\s{{1,3}}of\s{{1,3}}(?:19|20)\d\d\s{{0,3}}[,:]?\s{{1,3}}(?:at\s{{1,3}})?$"
           # "Slow afternoon here at Shopify", "Nobody in the break room at Qantas knew": where staff sit
           rf"|\b(?:break|staff|lunch|tea|crew|locker|mail)[\s-]{{0,3}}rooms?\s{{1,3}}at\s{{1,3}}$"
           # "As a data analyst at X, I ...", "Working as a civil engineer with X"
           rf"|(?:^\s{{0,3}}|[,;(]\s{{0,3}})(?:as|working\s{{1,3}}as|employed\s{{1,3}}as)\s{{1,3}}an?\s{{1,3}}(?:[\w-]{{1,20}}\s{{1,3}}){{1,3}}(?:at|for|with)\s{{1,3}}$",
    "date": rf"{_MY}\s{{1,3}}(?:birthday|birth\s{{1,3}}date|date\s{{1,3}}of\s{{1,3}}birth|dob|anniversary|wedding|"
            rf"appointment|surgery|operation|due\s{{1,3}}date|interview|hearing|trial|court\s{{1,3}}date|flight|exam)\b"
            rf"|{_I}\s{{1,3}}(?:was|were)\s{{1,3}}born\b|\bborn\s{{1,3}}(?:on|in)\b|\bdob\b",
    "group": rf"{_I_AM}\s{{1,3}}(?:an?\s{{1,3}})?$"
             # "My local of the IBEW is hosting ...": a union's branch is its member's "local"
             rf"|{_MY}\s{{1,3}}(?:union\s{{1,3}})?(?:local|branch|chapter|lodge)\s{{1,3}}(?:of|at)\s{{1,3}}(?:the\s{{1,3}})?$"
             rf"|{_MY}\s{{1,3}}(?:family|parents|religion|faith|"
             rf"nationality|ethnicity|background|heritage)\s{{1,3}}(?:is|are|was|were)\b|{_AS_A}|{_POSSESSED}|{_BEING}"
             # "fyi my dues go to UNISON": the union the writer pays
             rf"|{_MY}\s{{1,3}}(?:union\s{{1,3}})?dues\s{{1,3}}(?:go|goes|went|are\s{{1,3}}paid)\s{{1,3}}to\s{{1,3}}(?:the\s{{1,3}})?$"
             # "I've canvassed for the Green Party", "we vote SNP", "I pay my dues to Unite"
             rf"|{_I}\s{{1,3}}(?:[\w'’]{{1,12}}\s{{1,3}}){{0,2}}(?:canvass(?:ed|ing)?|vote[ds]?|voting|campaign(?:ed|ing)?|"
             rf"volunteer(?:ed|ing)?\s{{1,3}}for|joined|pay\s{{1,3}}(?:my\s{{1,3}}|our\s{{1,3}})?dues\s{{1,3}}to|(?:am|['’]m)\s{{1,3}}a\s{{1,3}}member\s{{1,3}}of)"
             rf"\s{{1,3}}(?:for\s{{1,3}})?(?:the\s{{1,3}})?$"
             # "Ten years in GMB and ...", "two decades in the Labour Party": a member's time in it
             rf"|\b(?:[0-9]{{1,2}}|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|many|several)\s{{1,3}}(?:years?|decades?)\s{{1,3}}in\s{{1,3}}(?:the\s{{1,3}})?$"
             # "As a paid-up member of the X", "I'm a shop steward for X"
             rf"|(?:{_I_AM}\s{{1,3}}an?|\bas\s{{1,3}}an?|{_OPENS}(?:an?\s{{1,3}})?)\s{{0,3}}(?:[\w-]{{1,20}}\s{{1,3}})?(?:member|shop\s{{1,3}}steward|"
             rf"(?:union\s{{1,3}})?rep(?:resentative)?|steward|organi[sz]er|activist|delegate|councillor|candidate)\s{{1,3}}"
             rf"(?:of|for|at|with|in)\s{{1,3}}(?:the\s{{1,3}})?$",
    "job": rf"(?:{_I_AM}|{_I}\s{{1,3}}(?:was|work|worked|working))\s{{1,3}}(?:as\s{{1,3}})?(?:an?\s{{1,3}})?(?:[\w-]{{1,20}}\s{{1,3}}){{0,2}}$"
           rf"|{_MY}\s{{1,3}}(?:job|profession|occupation|title|role|position)\b|{_MY}\s{{1,3}}{_KIN}\s{{1,3}}(?:is|was)\s{{1,3}}an?\b"
           rf"|(?:^\s{{0,3}}|[,;(]\s{{0,3}})(?:working|employed)\s{{1,3}}as\s{{1,3}}(?:an?\s{{1,3}})?(?:[\w-]{{1,20}}\s{{1,3}}){{0,2}}$"
           rf"|{_MY}\s{{1,3}}(?:shifts?|job|work|hours|role|days|nights)\s{{1,3}}as\s{{1,3}}(?:an?\s{{1,3}})?$"
           rf"|{_AS_A}|{_OPENER_JOB}"
           # "As the new special effects artist on our team, ...": the writer, new to a role
           rf"|^\s{{0,3}}as\s{{1,3}}the\s{{1,3}}(?:new|newest|only|resident)\s{{1,3}}$",
    "health": rf"(?:{_I_AM}|{_I}\s{{1,3}}(?:have|had|got|was|were|suffer|suffered|live|struggle|deal|take|took)"
              rf"|{_WRITER}\s{{1,3}}(?:has|takes|uses|suffers\s{{1,3}}from|lives\s{{1,3}}with|is\s{{1,3}}on))\b"
              rf"|{_AS_A}|{_MY}\s{{1,3}}(?:{_KIN}\s{{1,3}}(?:has|had|was|is|suffers)|diagnosis|condition|illness|disease|"
              rf"medication|prescription|symptoms?|treatment|therapy)\b|\bdiagnosed\b|{_POSSESSED}|{_BEING}"
              rf"|\b(?:dealing|living|coping|struggling|managing|diagnosed)\s{{1,3}}with\s{{1,3}}(?:my\s{{1,3}})?$"
              # "(Asking with hearing loss in mind, ...)": the one who asks has it
              rf"|\b(?:asking|writing|posting|shopping|planning)\s{{1,3}}with\s{{1,3}}(?:my\s{{1,3}})?$"
              # "does anyone else on prednisone get ...? Just me?": "anyone else" counts the writer in
              rf"|\banyone\s{{1,3}}else\s{{1,3}}(?:here\s{{1,3}})?(?:on|taking|with|who\s{{1,3}}(?:has|takes|had))\s{{1,3}}$"
              # a medicine one is put on: "started on ...", "switched me to ...", "the new dose of ..."
              rf"|\b(?:started\s{{1,3}}(?:on|taking)|switched\s{{1,3}}(?:me\s{{1,3}})?(?:over\s{{1,3}})?to|put\s{{1,3}}me\s{{1,3}}on|"
              rf"(?:new|higher|lower|daily|my|the)\s{{1,3}}doses?\s{{1,3}}of|doses\s{{1,3}}of|prescribed(?:\s{{1,3}}me)?)\s{{1,3}}$",
    "age": rf"(?:{_I_AM}|{_I}\s{{1,3}}(?:turn|turned|will\s{{1,3}}be))\s{{1,3}}$|{_MY}\s{{1,3}}{_KIN}\s{{1,3}}(?:is|turns|turned)\s{{1,3}}$"
           rf"|{_MY}\s{{1,3}}age\b|{_AS_A}|(?:^|[.!?]\s{{1,3}})(?:someone|somebody|a\s{{1,3}}person)\s{{1,3}}who(?:['’]s|\s{{1,3}}is)\s{{1,3}}$|(?:^\s{{0,3}}|[,;(]\s{{0,3}}|\band\s{{1,3}}|\bps\.?\s{{1,3}})(?:at|turning|turned|just\s{{1,3}}turned|aged?)\s{{1,3}}$"
           # "Some context: 63 years old, self-taught": an age that opens the text or follows a label's colon
           rf"|(?:^|:)\s{{0,3}}$"
           # "f, 37. Is ...", "(m 42)": the forums' sex-and-age shorthand opening the text or a bracket
           rf"|(?:^|\()\s{{0,3}}(?-i:[MF],?\s{{0,2}}|[mf],\s{{0,2}})$"
           # the time of life the writer does something at: "Am I too old to start at 64?", "Not bad
           # for 42, ...", "Asking at 16, never too late"
           rf"|\b(?:am\s{{1,3}}I|I['’]?m|I\s{{1,3}}am|I\s{{1,3}}was|I\s{{1,3}}feel)\s{{1,3}}(?:(?:way|far|much)\s{{1,3}})?too\s{{1,3}}(?:old|young|late|early)\s{{1,3}}to\s{{1,3}}[a-z]{{2,15}}(?:\s{{1,3}}[a-z]{{1,15}}){{0,3}}\s{{1,3}}at\s{{1,3}}$"
           rf"|(?:^|[.!?(]\s{{0,3}}|\b(?:just|still)\s{{1,3}})(?:not\s{{1,3}}(?:too\s{{1,3}})?bad|pretty\s{{1,3}}good|doing\s{{1,3}}ok(?:ay)?)\s{{1,3}}for\s{{1,3}}$"
           rf"|\b(?:(?:to\s{{1,3}})?ask(?:ing)?|(?:silly|dumb|stupid|basic|naive)\s{{1,3}}question|learning\s{{1,3}}[a-z]{{2,15}}"
           rf"|starting\s{{1,3}}out)\s{{1,3}}at\s{{1,3}}$"
           # "Am twenty-nine and never understood this": a clause that opens on "am" has dropped its "I"
           rf"|(?:^|[.!?(;,]\s{{0,3}})\s{{0,3}}am\s{{1,3}}$",
    "money": rf"{_MY}\s{{1,3}}(?:salary|income|pay|wage|wages|rent|mortgage|debt|loan|savings|balance|budget|bill|bills|"
             rf"pension|bonus|tax|taxes|credit\s{{1,3}}limit|net\s{{1,3}}worth)\b|{_I}\s{{1,3}}(?:(?:only|just|still|now|currently|"
             rf"already|barely|roughly|about|around)\s{{1,3}})?(?:earn|make|owe|owed|paid|pay|get\s{{1,3}}paid|take\s{{1,3}}home|net|gross|"
             rf"bring\s{{1,3}}in|spend|spent|saved|save|have|had|inherited|borrowed|lent|lost)\b|{_POSSESSED}"
             # "just got a raise to £1,850 a month": a raise the writer got, its "I" left out
             rf"|(?:^|[.!?(\n]\s{{0,3}}|\b(?:{_I}|just|finally)\s{{1,3}})(?:just\s{{1,3}}|finally\s{{1,3}})?got\s{{1,3}}a\s{{1,3}}(?:pay\s{{1,3}})?(?:raise|rise)\s{{1,3}}(?:to|of)\s{{1,3}}$",
    "study": rf"(?:{_I}|{_I_AM})\s{{1,3}}(?:study|studied|studying|major|majored|graduated)\b|{_MY}\s{{1,3}}"
             rf"(?:major|degree|thesis|dissertation|field|phd|masters?|bachelor'?s?)\b",
}
_AFTER: Mapping[str, str] = {
    "place": rf"^[^.!?\n]{{0,24}}(?:where\s{{1,3}}{_I}\s{{1,3}}(?:live|grew\s{{1,3}}up|was\s{{1,3}}born)|(?:is|was|has\s{{1,3}}been)\s{{1,3}}{_MY}\s{{1,3}}"
             rf"(?:home|address|hometown|home\s{{1,3}}town))\b"
             # "Meerut is home for me", "... has been home to me for years"
             r"|^\s{1,3}(?:is|was|has\s{1,3}been)\s{1,3}home\s{1,3}(?:for|to)\s{1,3}(?:me|us)\b"
             # "Ávila resident, first time asking here", "Saarbrücken native here"
             r"|^\s{0,3}(?:resident|native|local)\b"
             # "Halifax born and bred, never seen a tornado"
             r"|^\s{0,3}born\s{1,3}and\s{1,3}(?:bred|raised)\b",
    "org": rf"^[^.!?\n]{{0,24}}(?:where\s{{1,3}}{_I}\s{{1,3}}(?:work|study)|is\s{{1,3}}{_MY}\s{{1,3}}(?:employer|company|school))\b"
           # "Chapman Group pays my salary", "... employs me": the employer by what it does for the writer
           rf"|^\s{{0,3}}(?:(?:\s{{0,3}}[A-Z][\w&'’\-]{{0,20}}){{0,3}}\s{{1,3}})?(?:pays\s{{1,3}}(?:{_MY}\s{{1,3}}(?:salary|wages?|bills)|me)|employs\s{{1,3}}me|"
           rf"signs\s{{1,3}}{_MY}\s{{1,3}}pay\s?checks?|(?:is\s{{1,3}})?send(?:s|ing)\s{{1,3}}me)\b"
           # "As a King's College London student, ...": one of its students, staff or alumni
           r"|^\s{0,3}(?:student|undergrad|undergraduate|postgrad|alumn(?:us|a)|graduate|employee|staffer|intern)\b(?=\s{0,3}[,;:.!?)])",
    "date": rf"^[^.!?\n]{{0,24}}(?:is\s{{1,3}}{_MY}\s{{1,3}}(?:birthday|appointment|wedding))\b",
    "health": rf"^[^.!?\n]{{0,24}}(?:that\s{{1,3}}{_I}\s{{1,3}}have)\b",
    # "34 and still learning": the writer's self-introduction
    "age": r"^\s{0,3}and\s{1,3}still\b"
           # "(34M)", "Me (69F, if that matters)", "28f here": the sex letter right after the age
           r"|^\s?[MFmf](?=\s{0,2}[,;)/]|\s{1,2}here\b)(?<!\s[mf])"
           r"|^\s?(?:yo|y/o|yrs?\s?old|years?\s?old)\s{1,3}here\b",  # "57yo here, asking for myself"
    # "£23,000 of student debt", "$40k in loans"; "$38,000 salary" after "on my" is the possessive before
    "money": r"^\s{0,3}(?:of|in)\s{1,3}(?:[\w-]{1,20}\s{1,3}){0,2}(?:debts?|loans?|arrears|overdraft|savings)\b",
}
_BEFORE_RE: Mapping[str, re.Pattern[str]] = {k: re.compile(v, re.I) for k, v in _BEFORE.items()}
_AFTER_RE: Mapping[str, re.Pattern[str]] = {k: re.compile(v, re.I) for k, v in _AFTER.items()}

# Rule 2: what says a name belongs to a public figure or a work, and what ties it to the user.
_PUBLIC_NAME_BEFORE = re.compile(
    r"\b(?:who\s{1,3}(?:is|was|were)|tell\s{1,3}me\s{1,3}(?:about|more\s{1,3}about)|biography\s{1,3}of|life\s{1,3}of|"
    r"(?:books?|novels?|poems?|songs?|albums?|films?|movies?|paintings?|works?|music|plays?|speech(?:es)?|quotes?|"
    r"theory|theories|ideas|philosophy|discoveries|inventions?|legacy|career|presidency|reign|role)\s{1,3}(?:of|by|from)|"
    r"(?:written|directed|painted|composed|sung|invented|discovered|founded|created|played|performed|produced|"
    # who named or stated an idea: "as coined by C. Wright Mills", "first formulated by ..."
    r"coined|formulated|proposed|popularized|popularised|devised|theorized|theorised|articulated|posited)\s{1,3}by|"
    r"according\s{1,3}to|quote\s{1,3}from|(?:president|king|queen|emperor|prince|princess|pope|saint|st\.|"
    r"senator|chancellor|prime\s{1,3}minister|general|sir|lord|lady)|famous|celebrity|author|"
    r"artist|singer|actor|actress|scientist|philosopher|poet|composer|inventor|rapper|band|character|in\s{1,3}the\s{1,3}style\s{1,3}of|"
    # a dish ("a recipe for Opor Ayam"); a quoted title's author ('"Stoner" by John Williams')
    r"recipes?\s{1,3}(?:for|of)|[\"”“]\s{0,3}by)"
    r"\s{1,3}$",
    re.I,
)
# A performer in a media request, checked before the personal cues ("an album from X" is no
# letter's "from X"): "a movie with ...", "music from ...", "starring ...", "play some new ...".
_PERFORMER_BEFORE = re.compile(
    r"(?:\b(?:movies?|films?|shows?|series|music|songs?|albums?|tracks?|playlists?|records?)\s{1,3}"
    r"(?:with|starring|staring|featuring|from|by)|\b(?:starring|staring|featuring|feat\.|ft\.)|"
    r"\bplay(?:\s{1,3}some)?(?:\s{1,3}(?:new|more|the\s{1,3}latest))?)\s{1,3}$",
    re.I,
)
_PERFORMER_AFTER = re.compile(
    r"^(?:'s|’s)?\s{1,3}(?:(?:good|best|new|latest|greatest)\s{1,3}){0,2}(?:music|hits|songs|tracks|movies|films)\b", re.I)
_PUBLIC_NAME_AFTER = re.compile(
    r"^(?:'s|’s)\s{1,3}(?:books?|novels?|poems?|songs?|albums?|films?|movies?|paintings?|works?|music|plays?|"
    r"speech(?:es)?|quotes?|theory|theories|ideas|philosophy|law|laws|principle|paradox|theorem|equation|"
    r"discoveries|inventions?|legacy|career|presidency|reign|contributions?|impact|achievements?|biography|life)\b"
    # "a Lady Gaga concert", "a medium Devin Booker jersey": a name worn or sold as a fan's goods
    r"|^\s{1,3}(?:concerts?|tour|tickets?|jerseys?|shirts?|t-shirts?|hoodies?|posters?|merch(?:andise)?|albums?|"
    r"videos?|fan\s{1,3}(?:club|page|site|art)|documentar(?:y|ies)|biopic|memorabilia|autographs?|bobbleheads?|"
    r"action\s{1,3}figures?|figurines?|rookie\s{1,3}cards?|trading\s{1,3}cards?|highlights)\b"
    # a name that names an idea after its author ("the Davis-Moore thesis", "the Turing test")
    r"|^\s{1,3}(?:thesis|theory|hypothesis|principle|paradox|theorem|conjecture|equation|doctrine|dilemma|"
    r"effect|test|criterion|algorithm)\b"
    r"|^\s{0,3}(?:\((?:born|\d{4})|was\s{1,3}(?:a|an|the)\s{1,3}(?:famous|president|king|queen|writer|poet|painter|"
    r"scientist|philosopher|composer|leader|general|emperor))",
    re.I,
)
# A name that opens the prompt and is followed by a request is the assistant's, called by its name
# ("Alexa, please turn on the lights", "Claude, write ..."); after a greeting it may open a letter
# ("Hi John, please find attached"), so only a bare name counts.
_ADDRESSEE_AFTER = re.compile(
    r"\s{0,3},\s{0,3}(?:please|pls|can\s{1,3}you|could\s{1,3}you|would\s{1,3}you|will\s{1,3}you|tell|show|play|turn|"
    r"set|add|remove|delete|order|create|write|find|give|help|explain|list|make|start|stop|open|what|how|when|where|"
    r"who|why|which)\b",
    re.I,
)
# "do you know who Kevin Sheehan is?", "I wonder who Ada Lovelace was": who someone is, asked
_WHO_BEFORE = re.compile(r"\bwho\s{1,3}$", re.I)
_WHO_IS_AFTER = re.compile(r"^(?:\s{1,3}(?:is|was|were)|['’]s)\s{0,3}(?:[?.!]|$)", re.I)
# A kin word as a title before a given name, opening its clause: "Grandma Angela", "Nana Victoria",
# "Mum Shirley" (not "Mother" nor "Father": "Mother Teresa", "Father Brown" are a religious title)
_KIN_TITLE = re.compile(
    r"(?:^|[.!?;:,(—–\-]\s{0,3}|\n)\s{0,3}(?:grandma|grandpa|granny|gran|grandad|granddad|grandmother|grandfather|"
    r"nana|nanna|nan|nonna|nonno|uncle|auntie|aunty|aunt|cousin|mum|mom|mam|mummy|mommy|dad|daddy|stepmum|stepmom|"
    r"stepdad)\s{1,3}$", re.I)
_PERSONAL_NAME_BEFORE = re.compile(
    rf"(?:{_MY}\s{{1,3}}(?:[\w-]{{1,20}}\s{{1,3}}){{0,2}}{_KIN}(?:'s|’s)?\s{{0,3}},?\s{{0,3}}(?:named\s{{1,3}}|called\s{{1,3}})?"
    rf"|{_I_AM}\s{{1,3}}|\bmy\s{{1,3}}name\s{{1,3}}is\s{{1,3}}|\bcall\s{{1,3}}me\s{{1,3}}|\bthis\s{{1,3}}is\s{{1,3}}"
    rf"|\b(?:dear|hi|hello|hey)\s{{0,3}},?\s{{1,3}}"
    # a letter's address and sign-off open their line or sentence ("To Maria,", "Thanks, Sam"); "to"
    # and "from" inside a sentence are prepositions ("What happened to Joe Nieuwendyk?")
    rf"|(?:^|[\n,;:(—–]\s{{0,3}})(?:(?:thanks|thank\s{{1,3}}you)(?:\s{{1,3}}(?:in\s{{1,3}}advance|again|so\s{{1,3}}much|a\s{{1,3}}lot))?"
    rf"|regards|sincerely|cheers|best|from|signed|to|cc|attn)\s{{0,3}},?\s{{1,3}}"
    # "New here, name's Eric Hawkins.": "my name is" as people type it
    rf"|(?:^|[,;:(—–]\s{{0,3}}|\bmy\s{{1,3}})name['’]s\s{{1,3}}"
    rf"|\b(?:mr|mrs|ms|miss|mx)\.?\s{{1,3}})$",
    re.I,
)
# Rule 1's exceptions, by shape: an id-shaped token (id_numbers: 6-24 capitals and digits, or 8-12
# bare digits) is the user's only with an identity cue ("my passport number is ...", "ID: ...",
# "... is my licence number"). The shape alone is an error code ("ORA-00937"), a product model, a
# SKU or a figure in a pasted table as often as an id, and a prompt pastes those all day. A
# national insurance number's own format (two letters, six digits, a letter) needs no cue.
_ID_CUE_BEFORE = re.compile(
    r"(?:\b(?:id|ids|identity|identification|passport|licen[cs]e|ssn|sin|nino|nhs|social\s{1,3}security|"
    r"insurance|tax|taxpayer|vat|number|no\.|nr\.?|account|acct|membership|member|customer|patient|student|"
    r"employee|policy|reference|ref|permit|registration|badge|voter|pin)\b|#)[^.!?\n]{0,40}$"
    # ... and "number" in the other languages read ("numarama", "номер", "número", "αριθμός")
    r"|\b(?:nummer\w{0,3}|n[uú]mero\w{0,2}|num[eé]ro|num[aă]r\w{0,4}|numara\w{0,5}|numer\w{0,3}|αριθμ\w{0,4}|"
    r"νούμερ\w{0,3}|номер\w{0,3})\b[^.!?\n]{0,40}$"
    r"|\b(?:my|our|his|her|their)\s{1,3}(?:[\w\-]{1,20}\s{1,3}){0,2}(?:is\s{1,3}|was\s{1,3}|:\s{0,3})?$"
    r"|\b(?:me|us|I)\b[^.!?\n]{0,12}$"  # "reach me at ...", "text us on ...": the writer's own
    # "Please WhatsApp the answer to ...": where to send the answer, the writer's own number
    r"|\b(?:whatsapp|text|sms|call|ring|message|signal|telegram|viber)\b[^.!?\n]{0,30}\b(?:to|on|at)\s{1,3}$",
    re.I,
)
_ID_CUE_AFTER = re.compile(r"^[^.!?\n]{0,16}\b(?:is|was|are)\s{1,3}(?:my|our|his|her|their)\b", re.I)
_NINO = re.compile(r"[A-CEGHJ-PR-TW-Z]{2} ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D]")
# A handle with its digits first ("23andme", "4chan", "7eleven") reads as a brand or a quantity
# far more often than as an account: sign-up forms make a taken name unique with digits at its
# end. In a prompt it is the user's only with an account cue before it ("my username is ...",
# "I'm ... on", "(...)" after a name). Any handle right before "(", "[" or "=" is code.
_CODE_AFTER = frozenset("([=")  # right after a dotted or glued token: a call, an index, an assignment
_ACCOUNT_CUE_BEFORE = re.compile(
    r"(?:\b(?:user\s{0,3}name|user|handle|login|account|profile|nick(?:name)?|gamertag|screen\s{1,3}name|alias|"
    r"I['’]m|I\s{1,3}am|me|call\s{1,3}me)\b|@|\()[^.!?\n]{0,24}$",
    re.I,
)
# "Explain it like I'm 5", "as if I were 10", "pretend I'm 80": an age in a hypothetical is no one's.
# "I want you to act as a real estate agent", "pretend to be my doctor", "role-play as a nurse":
# a role the prompt gives the assistant, which is no one's job, condition or place.
_ASSISTANT_ROLE_BEFORE = re.compile(
    r"\b(?:act(?:ing)?|serve|pose|play|role-?play(?:ing)?|pretend(?:ing)?|imagine\s{1,3}(?:you(?:rself)?|you\s{1,3}are))"
    r"\s{1,3}(?:as|to\s{1,3}be|you\s{1,3}are|being)\s{1,3}(?:an?|the|my|our)?\s{0,3}(?:[\w-]{1,20}\s{1,3}){0,2}$"
    # "You are a senior research fellow at Harvard ...": in a prompt "you" is the assistant
    r"|\b(?:you\s{1,3}are|you['’]re|you\s{1,3}will\s{1,3}be|you['’]ll\s{1,3}be|youll\s{1,3}be)\s{1,3}(?:an?|the)\s{1,3}"
    r"(?:[\w-]{1,20}\s{1,3}){0,6}(?:at|for|with|in|of|from)?\s{0,3}$",
    re.I,
)
# an hour of the clock is 0-24 ("at 39" is no time of day: an age, a count)
_CLOCK_TIME = re.compile(r"(?:(?:[01]?\d|2[0-4])(?:[:.][0-5]\d)?\s{0,2}(?:am|pm|a\.m\.|p\.m\.|h|hrs|o['’]clock)?|noon|midnight|"
                         r"(?:this|in\s{1,3}the|last|tomorrow|every)?\s{0,3}(?:morning|afternoon|evening|night|tonight))", re.I)
_LETTERS = re.compile(r"[A-Za-z'’]{1,40}")
_REPEATS = re.compile(r"(\w)\1{1,8}$")  # "Hii", "Heyyy": a greeting drawn out
# What people call the assistant they write to ("Hey AI!", "Mr. Assistant", "ok bot")
_ASSISTANT_WORDS = frozenset({"ai", "assistant", "bot", "chatbot", "chatgpt", "gpt", "llm", "robot"})
# The words people greet with that a name model may take for a name ("Hiya", "Howdy")
_GREETING_WORDS = frozenset({"hiya", "heya", "howdy", "hullo", "hallo", "g'day", "g’day", "gday", "yo", "ahoy", "hi", "hey",
                             "hello", "greetings", "morning", "evening", "afternoon", "cheers", "aloha", "hola", "ciao"})
_SOMEONES_JOB_BEFORE = re.compile(
    # "my daughter Dominique's teacher": someone's, by a name's possessive before the job ("I'm
    # Acme's accountant" is the writer's)
    r"\b(?:my|our|your|his|her|their|(?<!\bI['’]m\s)(?<!\bam\s)(?<!\bas\s)(?-i:[A-Z][a-z]{1,30})['’]s|with\s{1,3}(?:a|an|the)"
    # a job the writer is not, or one they deal with: "not a student", "can't afford a tutor",
    # "talk to a lawyer", "no tutor"
    r"|no|not\s{1,3}an?|nor\s{1,3}an?|without\s{1,3}an?|than\s{1,3}an?|like\s{1,3}an?"
    r"|(?:afford|hire|hired|hiring|need|needs|want|wants|wanted|find|get|see|saw|ask|asked|call|called|book|pay|consult|"
    r"reserve|order|rent|buy|schedule|arrange|request|catch|take|"
    r"visit|contact|trust|recommend|choose|pick|seeking|(?:look|looking|search|searching)\s{1,3}for)\s{1,3}(?:an?|the|another|any)"
    r"|(?:talk|talked|speak|spoke|go|went|going|refer|referred|write|wrote|complain)\s{1,3}to\s{1,3}(?:an?|the)"
    # "my refill at the chemist", "back from the dentist": the shop or the practice one visits
    r"|(?:at|from)\s{1,3}the)"
    r"\s{1,3}(?!(?:fellow|own|job|role|work|position|career)\b)(?:[\w-]{1,20}\s{1,3})?$", re.I)
_JOB_AS_SUBJECT_AFTER = re.compile(r"^\s{1,3}(?:[a-z]{2,20}(?:ed|s)|said|told|gave|put|took|thinks|wants)\b(?!\s{0,3}here\b)")
_HYPOTHETICAL_BEFORE = re.compile(
    r"\b(?:like|as\s{1,3}if|as\s{1,3}though|pretend(?:\s{1,3}that)?|imagine(?:\s{1,3}that)?|suppose|supposing|assume|"
    r"assuming|if|when|even\s{1,3}if)\s{1,3}(?:I\s{1,3}am|I['’]m|I\s{1,3}was|I\s{1,3}were|we\s{1,3}are|we['’]re)\s{1,3}"
    r"(?:an?\s{1,3})?$",  # "like I'm a five year old"
    re.I,
)
# A doctor's or a professor's title is a public role where no one speaks of themselves ("Which classes
# is Dr. Lang teaching?", a course catalogue's question); beside the writer it is their doctor ("Dr. Lang
# told me ..."), someone in their life.
_ACADEMIC_TITLE_BEFORE = re.compile(r"\b(?:dr|prof|professor)\.?\s{1,3}$", re.I)
_ACADEMIC_TITLE_OPENS = re.compile(r"(?:dr|prof|professor)\.?\s{1,3}\S", re.I)  # the tagger's span may hold it
_PERSONAL_NAME_AFTER = re.compile(rf"^(?:\s{{0,3}},?\s{{0,3}}(?:is\s{{1,3}}{_MY}|{_MY}\s{{1,3}}{_KIN})|\s{{0,3}}\(\s{{0,3}}{_MY}\b)", re.I)
# A question about the world: a wh-word or a question's auxiliary within the first words of the
# sentence before the name, "?" at its end, and no first or second person anywhere in it.
_WORLD_QUESTION_BEFORE = re.compile(
    r"^\s{0,3}(?:[\w,]{1,20}\s{1,3}){0,3}?(?:what|which|when|where|who|whom|whose|how|why|did|does|do|is|was|were|has|have|had)"
    r"\b(?:\s{1,3}[\w'’-]{1,20}){0,4}\s{1,3}$",
    re.I,
)
_MARITAL = frozenset({"divorced", "separated", "widowed", "widow", "widower", "engaged", "married", "remarried",
                      "single", "newlywed", "newly-wed", "cohabiting"})
# The word after a status that makes it a group's ("Married couples filing jointly:", "divorced parents")
_NEXT_WORD = re.compile(r"\s{1,3}([A-Za-z]{2,20})\b")
_PLURAL_NOUNS = frozenset({"people", "men", "women", "children", "folks", "folk"})
_NOT_PLURAL = frozenset({"is", "was", "has", "as", "us", "this", "thus", "plus", "yes", "less", "unless"})


# What joins a second description of the same subject: "and curious", "and living in ...", "and proud"
_STATE_AFTER = re.compile(r"\s{1,3}and\s{1,3}(?:(?:very|really|still|always|just|so|a\s{1,3}bit|now|also)\s{1,3})?"
                          r"(?:[a-z]{2,20}(?:ing|ed)|curious|proud|new|lost|stuck|bored|keen|unsure|nosy|single|married)\b")


def _of_many(after: str) -> bool:
    """Whether the status before `after` describes a plural noun: a group, not the writer."""
    m = _NEXT_WORD.match(after)
    if m is None:
        return False
    word = m.group(1).lower()
    return word in _PLURAL_NOUNS or (word.endswith("s") and not word.endswith("ss") and word not in _NOT_PLURAL)


_COORDINATED = re.compile(r"^\s{1,3}(?:and|or|&)\s{1,3}[\w-]{2,20}", re.I)
# Plural nouns of people that a group word describes ("gay and lesbian citizens", "African American rights")
_PEOPLE_AFTER = re.compile(r"^\s{1,3}(?:people|men|women|children|folks|citizens|families|immigrants|communities|voters|"
                           r"workers|students|soldiers|refugees|minorities|groups|populations|leaders|activists|rights)\b", re.I)
# A request that opens its sentence: what it names is the task's topic ("Describe ... German Jews ...")
_TASK_OPENS = re.compile(r"[\s\"'“(]{0,3}(?:describe|explain|discuss|analy[sz]e|compare|contrast|summari[sz]e|list|identify|"
                         r"evaluate|assess|outline|examine|consider)\b", re.I)


def _many_of_a_group(text: str, start: int, end: int) -> bool:
    """Whether the faith, origin or sexuality word text[start:end] names many people ("African
    Americans", "German Jews", "gay and lesbian citizens") in a question or a task about them where
    the writer does not speak: the text's topic, not what its writer is. A party's or a union's name
    is plural itself ("the Greens", "Teamsters"), so they are not read so."""
    from guardian.detect.origins import is_origin_word
    from guardian.detect.recognizers.special_categories import ETHNICITY_TERMS, RELIGION_TERMS, SEXUALITY_TERMS

    words = text[start:end].split()
    if not words:
        return False
    opens = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    if not (asked_of_the_world(text, start, end) or (_TASK_OPENS.match(text, opens) and not writer_speaks(text, start, end))):
        return False
    after = text[end:end + CUE_WINDOW_AFTER]
    if _PEOPLE_AFTER.match(_COORDINATED.sub("", after, count=1)):
        return True
    last = words[-1].strip(".,;:!?'’\"").lower()
    singular = last[:-1] if last.endswith("s") and not last.endswith(("ss", "is", "us")) else ""
    return bool(singular) and (is_origin_word(singular) or singular in {*RELIGION_TERMS, *SEXUALITY_TERMS, *ETHNICITY_TERMS}
                               or " ".join([*words[:-1], singular]).lower() in ETHNICITY_TERMS
                               or (len(words) > 1 and is_origin_word(words[0])))  # "German Jews", "Irish Catholics"


_OPENER_BEFORE = re.compile(
    r"^[\s\-–—(•*]{0,4}(?:p\.?s\.?[\s:,]{0,3})?(?:(?:recently|newly|happily|just|now|currently|being|still|freshly|"
    r"unhappily|also)\s{1,3}){0,2}$", re.I)
_OPENER_AFTER = re.compile(r"^(?:\s{0,3}[,;:)]|\s{1,3}(?:and|these\s{1,3}days|since|with|so|now|for|again|myself)\b|\s{0,3}$)", re.I)
_RATE_AFTER = re.compile(
    r"^\s{0,3}(?:(?:a|an|per|each|every)\s{1,3}|/\s{0,2})(?:year|month|week|hour|yr|mo|annum|fortnight)\b"
    r"|^\s{0,3}(?:annually|monthly|weekly|yearly|before\s{1,3}tax|after\s{1,3}tax|pre-?tax|gross|net|take[- ]home)\b"
    r"|^\s{0,3}(?:coming|comes|going)\s{1,3}(?:in|out)\b", re.I)
_EARNING_BEFORE = re.compile(r"\b(?:earn|earning|earns|make|making|paid|salary|income|take-?home|wage|wages|pension|"
                             r"allowance|stipend|living\s{1,3}on|live\s{1,3}on|on)\s{0,3}(?:only\s{1,3}|just\s{1,3}|about\s{1,3})?(?:is\s{1,3})?$", re.I)
# "I'm on £38,500 now", "we're only on $52k between us": the British and Australian "on" of a pay
_ON_AMOUNT_BEFORE = re.compile(r"\b(?:I['’]m|I\s{1,3}am|we['’]re|we\s{1,3}are)\s{1,3}(?:now\s{1,3}|only\s{1,3}|just\s{1,3}|still\s{1,3})?"
                               r"on\s{1,3}(?:about\s{1,3}|around\s{1,3}|roughly\s{1,3})?$", re.I)
# "With an A$133,000 salary I can't ...": an amount that is a salary, an income or a pension
_INCOME_AFTER = re.compile(r"^\s{0,3}(?:(?:a|per)\s{1,3}year\s{1,3})?(?:(?:annual|yearly|monthly|household|gross|net)\s{1,3})?"
                           r"(?:salary|income|wage|pension|paycheck|pay\s{1,3}packet|stipend|take-?home)\b"
                           # "₹7,40,000 is all I bring home each year": the writer's pay, told as what they earn
                           r"|^\s{1,3}is\s{1,3}(?:all\s{1,3}|what\s{1,3}|about\s{1,3}what\s{1,3})?(?:I|we)\s{1,3}"
                           r"(?:bring\s{1,3}home|take\s{1,3}home|earn|make|get\s{1,3}paid)\b", re.I)
# "On a salary of £32,000, I ...", "Just got a raise to $85,000", "Salary's £19,500, which ...": an
# amount that an income word right before it names (its head noun, then a verb or preposition)
_INCOME_BEFORE = re.compile(
    r"\b(?:salary|income|wage|wages|take-?home(?:\s{1,3}pay)?|earnings|pension|stipend|raise|pay\s{1,3}rise|payrise|"
    r"pay|paycheck|bonus)(?:['’]s|\s{1,3}(?:is|was|of|to|at|now|around|about|roughly|approximately|only|just|"
    r"nearly|almost|barely|over|under|went\s{1,3}up\s{1,3}to|comes\s{1,3}to)\b){0,4}\s{0,3}$", re.I)
# ... and where no "I" says whose it is, the income word opens a statement: "Salary $23,400, no
# budget ...", "With a household income of around €42,000, lessons are out of the question" (not
# "A salary of $50,000 is typical for ...": a determiner makes it any salary)
_INCOME_OPENS = re.compile(
    r"^[\s\-–—(•*]{0,4}(?:(?:for\s{1,3})?(?:context|background|about\s{1,3}me|info|details)\s{0,2}:\s{0,3}|fyi[:,]?\s{1,3}|btw[:,]?\s{1,3})?"  # "(for context: household income ..."
    r"(?:(?:with|on)\s{1,3}(?:(?:a|an|the|my|our)\s{1,3})?|(?:my|our)\s{1,3})?(?:(?:annual|yearly|monthly|household|family|"
    r"gross|net|current|combined|base|starting|new|total)\s{1,3}){0,2}", re.I)
# "..., on an income of $48,000?": the income set off after a comma, the one who asks; or opening a
# bracket of its own ("Quick question (income ₹3,35,000): ..."), the asker's context
_INCOME_ASIDE = re.compile(r",\s{0,3}(?:on|with)\s{1,3}(?:a|an|my|our)\s{1,3}(?:(?:annual|yearly|monthly|household|gross|net)\s{1,3})?"
                           r"(?:income|salary|wage|pension)\s{1,3}of\s{0,3}$"
                           r"|\(\s{0,2}(?:(?:my|our)\s{1,3})?(?:(?:annual|yearly|monthly|household|gross|net)\s{1,3})?"
                           r"(?:income|salary|wage|pay|pension|take-?home)\s{0,2}(?::|=|\s(?:is|of|about|around|roughly|~))?\s{0,3}$", re.I)
# "- earning €129,000 and trying to learn for free": a clause without a subject, opening the
# prompt or its postscript, that earns the amount is the writer's
_EARNING_OPENER = re.compile(r"(?:^|[\-–—(•*:;,]|\bps\.?)\s{0,3}(?:currently\s{1,3}|now\s{1,3}|still\s{1,3})?"
                             r"(?:earning|making|on)\s{1,3}(?:only\s{1,3}|just\s{1,3}|about\s{1,3}|around\s{1,3})?$", re.I)
_QUESTION_WORD_OPENS = re.compile(r"(?:did|does|do|is|was|were|has|have|had|what|who|when|where|how)\s", re.I)
QUESTION_MAX_CHARS = 200  # a sentence longer than this is not read as one question
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself)\b", re.I)  # `_FIRST_PERSON` (below) says the writer
_DIGIT = re.compile(r"[0-9]")
# A title's full stop ("Dr. Lang", "Prof. Goff") ends no sentence: the name after it stays in its sentence.
_NOT_A_TITLE = r"(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMx)(?<!\bMrs)(?<!\bProf)(?<!\bRev)(?<!\bSt)(?<!\bJr)(?<!\bSr)"
# an initial's stop ends no sentence: "Michael J. Hunter replaced ...?"
_SENTENCE_END = re.compile(rf"{_NOT_A_TITLE}(?:(?<!\b[A-Z])\.|[!?\n])(?=\s|$)")


class Discloser(Protocol):
    """The disclosure tagger (`disclosure_tagger.py`): spans of a prompt that are its writer's
    details, and per class the score a span needs to stand as a finding of its own, in a sentence
    where the writer says "I" or "my" (`alone`) and in one where they do not (`alone_bare`)."""

    alone: Mapping[str, float]
    alone_bare: Mapping[str, float]

    def tag(self, text: str) -> list[TaggedEntity]: ...


class Judge(Protocol):
    """The learned judge of rule 3 (`whose.SubjectJudge`): P(the writer's own) per (start, end, kind)."""

    threshold: float

    def probabilities(self, text: str, spans: Sequence[tuple[int, int, str]]) -> tuple[float, ...]: ...


def cue_kind(finding: Finding) -> str | None:
    """The kind of cue rule 3 asks of this finding (a place, an organisation, a job ...), or None."""
    return _CUE_KIND.get(finding.entity)


@dataclass(frozen=True)
class SubjectDecision:
    """Whether a finding is about the user, and the rule or cue that says so."""

    user: bool
    why: str  # direct | name | name:public | cue:place | no-cue:place | never-in-prompt


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the sentence of text[start:end] opens and where it stops (before its closing mark)."""
    opens = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    closes = _SENTENCE_END.search(text, end)
    return opens, closes.start() if closes else len(text)


def _sentence_window(text: str, start: int, end: int) -> tuple[str, str]:
    """The text before the span (from its sentence's start, at most CUE_WINDOW_BEFORE) and after
    it (to its sentence's end, at most CUE_WINDOW_AFTER)."""
    before = text[max(0, start - CUE_WINDOW_BEFORE):start]
    cut = max((m.end() for m in _SENTENCE_END.finditer(before)), default=0)
    after = text[end:end + CUE_WINDOW_AFTER]
    stop = _SENTENCE_END.search(after)
    return before[cut:], after[: stop.start() + 1] if stop else after


def _private_address(value: str) -> bool:
    """Whether `value` is an IP address that routes nowhere on the internet (`ipaddress`)."""
    import ipaddress

    try:
        address = ipaddress.ip_address(value.strip("[]"))
    except ValueError:
        return False
    return not address.is_global


# A trip's end: the place a ride, a ticket or a visit goes to or leaves from ("a train from London
# Kings Cross to Cambridge", "a taxi to pick me up at Funky Fun House", "when I arrive in Cambridge"):
# where the writer is going, not where they live, which a home word says ("flying home to Leeds").
_TRIP_WORD = (r"\b(?:trains?|taxis?|cabs?|bus|buses|coach|flights?|fly|flying|flew|rides?|tickets?|trips?|journey|"
              r"travel(?:l?ing|l?ed)?|shuttle|transfer|route|directions|drive|driving|"
              r"depart(?:s|ed|ing)?|departure|leaving|get(?:ting)?(?=\s{1,3}to\b)|head(?:ed|ing)?)\b")
_ARRIVE_WORD = r"\b(?:arrive[sd]?|arriving|arrival|land(?:s|ed|ing)?|pick(?:ing)?\s{1,3}(?:me|us)\s{1,3}up)\b"
# up to two words between the preposition and the span ("from bishops stortford", "to the Marriott")
_TRIP_END = re.compile(
    rf"(?:{_TRIP_WORD}[^.!?;:\n]{{0,80}}?\b(?:to|from|into|towards|via)|{_ARRIVE_WORD}[^.!?;:\n]{{0,20}}?\b(?:in|at|from)"
    r"|\bvisit(?:s|ed|ing)?)\s{1,3}(?:[\w'’\-]{1,20}\s{1,3}){0,2}$", re.I)
# a home, a job or a school in the sentence makes the trip's end the writer's ("flying home to
# Leeds", "the train to work at Arup")
_HOME_WORD = re.compile(r"\b(?:home|hometown|back|live|lives|lived|living|grew|born|native|raised|return(?:s|ed|ing)?|commut\w{0,6}|"
                        r"work|works|working|job|shift|school|class|classes|campus|study|studying|parents|family)\b", re.I)
# A capitalised word of a name before a span ("London " of "London Kings Cross", "Saint " of "Saint John's"):
# a model often tags only part of a place's or a firm's name
_NAME_WORD_BEFORE = re.compile(r"(?:^|(?<=\s))[A-Z][\w'’\-]{0,30} $")
_MAX_NAME_WORDS = 6  # words of a place's or a firm's name walked back over


def trip_end(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` (or the name it is part of) is where a trip in its sentence goes
    to or leaves from, with no home word in the sentence: a place the writer travels to or
    through, which says nothing of where they live or work."""
    opens, stop = _sentence_bounds(text, start, end)
    for _ in range(_MAX_NAME_WORDS):
        if (m := _NAME_WORD_BEFORE.search(text, max(opens, start - 32), start)) is None:
            break
        start = m.start()
    if not _TRIP_END.search(text, max(opens, start - 160), start):
        return False
    return _HOME_WORD.search(text, opens, stop) is None


def _world_question(text: str, start: int, end: int) -> bool:
    """Whether the name at start:end stands in a question about the world: its sentence (at most
    `QUESTION_MAX_CHARS`) has a wh-word or a question's auxiliary in its first words before the
    name (or opening the name's span: "Did Karl Malden ..."), ends with "?", and has no first or
    second person in it."""
    head = text[max(0, start - QUESTION_MAX_CHARS):start]
    cut = max((m.end() for m in _SENTENCE_END.finditer(head)), default=0)
    tail = text[end:end + QUESTION_MAX_CHARS]
    stop = _SENTENCE_END.search(tail)
    if stop is None or stop.group() != "?":
        return False
    before, after = head[cut:], tail[: stop.start()]
    opening = _QUESTION_WORD_OPENS.match(text, start)
    if not (_WORLD_QUESTION_BEFORE.search(before) or (opening is not None and not before.strip())):
        return False
    sentence = before + text[start:end] + after
    return not (_FIRST_PERSON.search(sentence) or _SECOND_PERSON.search(sentence))


def _character(text: str, start: int, end: int) -> bool:
    """Whether the name at start:end is a character of a story: one word, in a text (at most
    `STORY_MAX_CHARS`) that names no one of the writer's life ("my son", "our neighbour"), told on in
    the third person ("he", "her") from the name's sentence to the pronoun's with no first or second
    person in them (a clause that opens on the name leaves out the writer's aside before it); the
    name neither opens the text before a comma or a dash (a greeting, an address) nor follows a line
    break or a dash (a signature)."""
    name = text[start:end].strip()
    if len(text) > STORY_MAX_CHARS or not _ONE_WORD.fullmatch(name) or _WRITERS_PEOPLE.search(text):
        return False
    if not text[:start].strip() and _LEAD_PUNCT.match(text, end):
        return False
    if _SIGNATURE_BEFORE.search(text[:start]):
        return False
    pronoun = _THIRD_PERSON.search(text, end)
    if pronoun is None:
        return False
    opens = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    lead = _LEAD_IN_BEFORE.search(text, opens, start)
    if lead is not None:
        opens = lead.end()  # "With my salary of $24k, Bobby had 32 ...": the writer's aside before the story's clause
    closes = _SENTENCE_END.search(text, pronoun.end())
    story = text[opens:closes.end() if closes else len(text)]
    return not (_FIRST_PERSON.search(story) or _SECOND_PERSON.search(story))


# A clause break right before the name, after the sentence's opening words: the name opens the
# story's own clause, and what stands before the break is an aside ("With my salary of $24k, ")
_LEAD_IN_BEFORE = re.compile(r"[,:;–—][ \t]{1,3}$")


def _signed_off(text: str, start: int) -> bool:
    """Whether text[start:] lies in the text's sign-off: its last segment, after a dash or a closing
    word and its comma, of at most `SIGNOFF_MAX_WORDS` words, that asks nothing and speaks to no one
    ("Thanks! — tired pharmacist on a lunch break", "— a curious reader in Leeds", "Cheers, a
    payroll clerk")."""
    near = max(0, start - SIGNOFF_MAX_CHARS)
    dash = max(text.rfind(mark, near, start) for mark in (" — ", "— ", " -- ", "\n-", "\n—"))
    word = max((m.start() for m in _SIGN_OFF_WORD.finditer(text, near, start)
                # "Hi from a ... volunteer! the skyline of ...": a greeting's "from" signs its own sentence only
                if not (m.group().lower().endswith("from ") and _SENTENCE_END.search(text, m.end(), start))), default=-1)
    dash = max(dash, word)
    if dash < 0 or dash >= start:
        return False
    segment = text[dash:]
    return len(segment.split()) <= SIGNOFF_MAX_WORDS + 1 and "?" not in segment and not _SECOND_PERSON.search(segment)


SIGNOFF_MAX_WORDS = 14
# A letter's closing word and its comma, opening the sign-off's segment: "Cheers, a ... employee"
_SIGN_OFF_WORD = re.compile(r"(?:^|(?<=[.!?\n])|(?<=[.!?]\s)|(?<=[.!?]\s\s))\s{0,3}(?:cheers|thanks|thank\s{1,3}you|many\s{1,3}thanks|"
                            r"regards|kind\s{1,3}regards|best|best\s{1,3}wishes|sincerely|yours|ta|love)\s{0,2}[,!]"
                            # ... or its "from" and the writer: "thx from a ... kid", "Hello from someone ..."
                            r"|\b(?:thanks|thx|ty|thank\s{1,3}you|greetings|hello|hi|love|cheers|regards)\s{1,3}from\s{1,3}"
                            r"(?=(?:an?|one|someone|somebody)\s)", re.I)
SIGNOFF_MAX_CHARS = 60  # how far before the finding its sign-off's dash may stand


# The stop after an initial inside a name, the next word of the name after it: "Michael J. Hunter"
_INITIAL_STOP = re.compile(r"(?<=\b[A-Z])\.[ \t]{1,2}[A-Z]")


def _asked_of_the_world(text: str, start: int, end: int) -> bool:
    """Whether the name at start:end stands in a question about the world: from the start of the
    name's clause to the first question mark after it, no first or second person (a colon ends the
    writer's own lead-in: "so I'm catching up on this: Roberts has ..."), in a text of at most
    `STORY_MAX_CHARS`. A name in the writer's own places stays theirs: opening the text before a
    comma or a dash (an address), after a line break or a dash (a signature), closing the text (a
    sign-off), or before "here" (an introduction)."""
    if len(text) > STORY_MAX_CHARS:
        return False
    if not text[:start].strip() and _LEAD_PUNCT.match(text, end) and not _APPOSITION.match(text, end) \
            and not _INITIAL_STOP.match(text, end) and not _NAMES_LISTED.match(text, end):
        return False  # "Tom, ...": the one the text is addressed to ("Susan Oliver, an actress, ..." is told of;
        # "Michael J. Hunter replaced ...?": the stop of an initial, inside the name)
    if _SIGNATURE_BEFORE.search(text[:start]) or _HERE_AFTER.match(text[end:]):
        return False
    opens = max((m.end() for m in _CLAUSE_OPENS.finditer(text, 0, start)), default=0)
    question = text.find("?", end)
    if question < 0 and _QUESTION_WORD_OPENS.match(text[opens:start].lstrip()):
        # "Where was the setting for the film Frieta Pinto was in - my friend ...": a question typed
        # without its mark ends where its sentence or a dash does
        ends = _UNMARKED_QUESTION_END.search(text, end)
        question = ends.start() if ends else len(text)
    if question < 0 or not text[end:].strip(" \t\n.!,;:)\"'”’"):
        return False
    lead = text[opens:start].strip()
    if not lead and _ALONE_AFTER.match(text[end:]) and not _INITIAL_STOP.match(text, end):
        return False  # "Hometown: Levyton.": a value on its own, after a label or as a line
    closes = _SENTENCE_END.search(text, end)
    if lead and not _has_subject(lead) and (closes is None or closes.group() != "?"):
        # "Been canvassing for Fianna Fáil all week.": a statement whose subject the writer left
        # out is the writer's own
        return False
    # a title or a quote inside the question is no one speaking in it ("who sings \"I Won't Let The
    # Sun Go Down On Me\"?", "... sings You Find Out Who Your Friends Are with ...?")
    passage = _TITLE_RUN.sub(" ", _QUOTED.sub(" ", text[opens:question]))
    return not (_FIRST_PERSON.search(passage) or _SECOND_PERSON.search(passage))


_UNMARKED_QUESTION_END = re.compile(rf"{_NOT_A_TITLE}(?:(?<!\b[A-Z])\.|[!\n])(?=\s|$)|\s[\-–—]\s")
# Text in double quotes (straight or curly), and a run of three or more capitalised words past the
# sentence's first: a song's, a film's or a book's title
_QUOTED = re.compile(r"\"[^\"\n]{1,120}\"|“[^”\n]{1,120}”|„[^“”\n]{1,120}[“”]")
_TITLE_RUN = re.compile(r"(?<=[\w,;:)]\s)(?:[A-Z][\w'’]{0,20}\s{1,2}){2,12}[A-Z][\w'’]{0,20}")


def _has_subject(lead: str) -> bool:
    """Whether the words of a clause before a name give it a subject other than its writer: the
    name opens a clause of its own (after a comma, "and", "while", "if" ...), the clause opens with
    a function word ("The second door leads to ...", "In 1983 ...", "One of them was called ...",
    "If 6 is taken from the age of ..."), or names someone or something ("Charlize Theron teamed
    up with ..."). A clause that opens with a verb or an adverb ("Been canvassing for ...",
    "Back home in ...") left its subject, the writer, out."""
    words = lead.split()
    if _PLEASE.search(lead):
        return False  # "Please send the worksheets to ...": the writer's own request
    if lead.endswith(",") or words[-1].casefold() in _CONJUNCTIONS or words[0].casefold() in _CLAUSE_WORDS:
        return True
    return any(w[:1].isupper() for w in words[1:])


_APPOSITION = re.compile(r"\s{0,3},\s{0,3}(?:a|an|the)\s", re.I)
# "Justin Timberlake, Mila Kunis, and Bryan Greenberg star in ...": the first of a list of names, no one addressed
_NAMES_LISTED = re.compile(r"\s{0,3},\s{0,3}[A-Z][\w'’\-]{1,30}(?:\s{1,3}[A-Z][\w'’\-]{1,30}){0,3}\s{0,3},?\s{1,3}(?:and|&|or)\s")
_PLEASE = re.compile(r"\b(?:please|pls|plz|kindly)\b", re.I)
_ALONE_AFTER = re.compile(r"\s{0,3}(?:[.;\n]|$)")
# Function words (closed classes): conjunctions that open a clause of its own, and determiners,
# prepositions, third-person pronouns and question words that open one with its subject
_CONJUNCTIONS = frozenset(
    "if when and or nor but so then after before while although though since because once until unless whereas as".split())
_CLAUSE_WORDS = _CONJUNCTIONS | frozenset(
    "the a an this that these those one two some many each every his her its their he she it they there "
    "in on at during for from by with of to under over about between among into upon "
    "what which who whom whose where how why".split())
_CLAUSE_OPENS = re.compile(rf"{_NOT_A_TITLE}[.!?:\n](?=\s|$)")
STORY_MAX_CHARS = 1500  # a longer text is more than a story problem: a pasted document, a record
_ONE_WORD = re.compile(r"[A-Z][a-z'’]{1,20}(?:['’]s)?")
_LEAD_PUNCT = re.compile(r"\s{0,3}[,:;\-–—!]")
_SIGNATURE_BEFORE = re.compile(r"(?:\n|[\-–—~]\s{0,3})$")
_THIRD_PERSON = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself)\b", re.I)
# "... someone who's 30 — that's me", "(a nurse, i.e. me)": the writer says the detail is theirs
_THATS_ME_AFTER = re.compile(r"^\s{0,3}[,(—–\-]\s{0,3}(?:that['’]s|that\s{1,3}is|which\s{1,3}is|i\.e\.|ie|aka)\s{1,3}"
                             r"(?:me|myself|yours\s{1,3}truly)\b", re.I)
# "... - me, 32 years old", "(me: nurse, 40s)": the writer's "me" set off as a heading, then what they are
_ME_APPOSITION_BEFORE = re.compile(r"(?:^|[\-–—(•*:;\n])\s{0,3}(?:me|myself)\s{0,2}[,:]\s{0,3}(?:(?:an?|the)\s{1,3})?$", re.I)
# What follows a union's name in a member's words: their card, dues, branch or office in it
_MEMBER_AFTER = re.compile(r"^\s{1,3}(?:membership\s{1,3}card|member(?:ship)?\s{1,3}(?:card|number|no\.?)|card[- ]carrier|"
                           r"dues|branch\s{1,3}meeting|shop\s{1,3}steward|rep\b)", re.I)
_WRITERS_PEOPLE = re.compile(rf"{_MY}\s{{1,3}}(?:[\w-]{{1,20}}\s{{1,3}}){{0,2}}{_KIN}\b", re.I)


# "born" with someone before it in its clause ("the man born on", "who was born in", "whose
# director was born on"), right before the date
# An indefinite "someone born on ..." names no one the world knows: the writer has a person in mind
# ("for someone born on 2000-05-17"), whose birth date it is; "the man born on ..." asks by one
_BORN_OF_SOMEONE = re.compile(r"(?<![\w'’\-])(?!(?:someone|somebody|anyone|anybody|one)\s)[^\W\d_][\w'’\-]{0,30}\s{1,3}"
                              r"(?:(?:was|were|is|being)\s{1,3})?born(?:\s{1,3}(?:on|in))?\s{0,3}$", re.IGNORECASE)


def outside_asides(text: str, start: int, end: int) -> str:
    """`text` as read for the span text[start:end]: each bracketed aside in which the writer speaks
    of themselves ("On her Jay-Z & Ciara Live tour (I'm remarried, which is why I have time), in
    what city ...?") blanked to spaces of its length, unless the span is inside it or the aside
    follows the span at once as its apposition, a possessive and a noun ("Melvin (my brother)"). An aside is a
    sentence of its own: the writer's words in it make nothing around it theirs, and a question
    around it is still asked of the world."""
    if "(" not in text:
        return text
    out = text
    for m in _ASIDE.finditer(text):
        if m.start() <= start and end <= m.end():
            continue
        if 0 <= m.start() - end <= 1 and not text[end:m.start()].strip() and _APPOSED_ASIDE.match(m.group()):
            continue  # "Melvin (my brother) wants ...": a possessive aside right after the span says who it is
        if _FIRST_PERSON.search(text, m.start(), m.end()):
            out = out[:m.start()] + " " * (m.end() - m.start()) + out[m.end():]
    return out


_ASIDE = re.compile(r"\([^()\n]{1,400}\)")
_APPOSED_ASIDE = re.compile(rf"\(\s{{0,3}}{_MY}\s{{1,3}}[\w\-]{{1,30}}(?:\s{{1,3}}[\w\-]{{1,30}})?\s{{0,3}}\)", re.I)  # "(my brother)", "(our eldest son)"


def about_user(finding: Finding, text: str) -> SubjectDecision:
    """Whether `finding` (in the prose `text`) is the user's personal data (module docstring); an
    aside of the writer's beside it is read as a sentence of its own (`outside_asides`)."""
    text = outside_asides(text, finding.start, finding.end)
    entity = finding.entity
    if finding.recognizer in _OWN_CUE:  # its own first-person cue is part of the match
        return SubjectDecision(True, "self-disclosure")
    if entity == "RELATIONSHIP" and text[finding.start:finding.end].lower() in _MARITAL:
        before, after = _sentence_window(text, finding.start, finding.end)
        if (_OPENER_BEFORE.search(before) and _OPENER_AFTER.match(after)) or (
                _LABELLED_BEFORE.search(before) and _LABELLED_AFTER.match(after)) or _WRITER_IS.search(before) \
                or self_described(text, finding.start, finding.end) and not _of_many(after):
            # "Recently divorced and trying new things, so: ...", "- remarried and bored", "married mum
            # here with a question:": a clause with no subject, opening the prompt or its postscript or
            # set off from its question, tells of its writer
            return SubjectDecision(True, "marital:opener")
    if entity == "ETHNICITY" and self_described(text, finding.start, finding.end) \
            and _STATE_AFTER.match(text, finding.end):
        # "Tongan and curious: When was ...?", "Gujarati and living in Leeds. What ...?": a people's
        # name joined to a state in a clause that drops its "I am" (not "Italian and French cooking")
        return SubjectDecision(True, "cue:group-fragment")
    if entity in _NEVER_IN_PROMPTS:
        return SubjectDecision(False, "never-in-prompt")
    if entity == "DATE_TIME" and _CLOCK_TIME.fullmatch(text[finding.start:finding.end].strip()):
        return SubjectDecision(False, "time-of-day")  # "a 2am question", "at 10:30": an hour is no one's date
    kind = _CUE_KIND.get(entity)
    if entity in ("ETHNICITY", "RELIGION", "SEXUALITY") and _many_of_a_group(text, finding.start, finding.end):
        # "the positions of African Americans, women, and ...", "gay and lesbian citizens": a group
        # of many people, in a sentence where the writer does not speak
        return SubjectDecision(False, "group:many")
    if entity == "PERSON":
        return _about_name(finding, text)
    if finding.recognizer == "id_numbers" and not _NINO.fullmatch(text[finding.start:finding.end]):
        before, after = _sentence_window(text, finding.start, finding.end)
        cue = bool(_ID_CUE_BEFORE.search(before) or _ID_CUE_AFTER.search(after))
        return SubjectDecision(cue, "cue:id" if cue else "no-cue:id")
    if entity == "IP_ADDRESS" and _private_address(text[finding.start:finding.end]):
        # RFC 1918, loopback, link-local, documentation: no one's address on the internet; a prompt
        # pastes them from configurations and code
        return SubjectDecision(False, "ip:private")
    if finding.recognizer == "usernames" and text[finding.end:finding.end + 1] in _CODE_AFTER:
        return SubjectDecision(False, "no-cue:code")  # "cursor.execute(", "users[": code
    if finding.recognizer == "usernames" and text[finding.start:finding.end][:1].isdigit():
        before, _ = _sentence_window(text, finding.start, finding.end)
        cue = bool(_ACCOUNT_CUE_BEFORE.search(before))
        return SubjectDecision(cue, "cue:account" if cue else "no-cue:account")
    if entity == "STREET_ADDRESS" and not _DIGIT.search(text[finding.start:finding.end]):
        # "tenants on Sesame Street", "a bank on Wall Street": a street without a house number is a
        # place, which the writer's cue makes theirs ("I live on Elm Street"), as a town is
        kind = "place"
    if entity == "DATE_OF_BIRTH" and _BORN_OF_SOMEONE.search(text, max(0, finding.start - 40), finding.start) \
            and asked_of_the_world(text, finding.start, finding.end):
        # "Which team was coached by the man born on 12 April 1951?": a question about the world
        # asks by someone's birth date, and no one in it speaks of themselves ("Born 03/04/1985 and
        # still curious: why ...?" and "date of birth 1994-05-17" have no one else it is of)
        return SubjectDecision(False, "world-question:birth")
    if kind is None:  # a direct identifier (an e-mail, a card, a date of birth, a street address ...)
        return SubjectDecision(True, "direct")
    return _about_quasi(finding, text, kind)


FOREIGN_COMMON = 4.0  # wordfreq's Zipf in another language at which a lone capitalised word is that word


def _a_foreign_word(span: str) -> bool:
    """Whether `span` is one word no list of given names or surnames holds (`given_names`) and that
    is common in a language other than English the detector reads."""
    from guardian.detect._frequency import WORLDWIDE_LISTS, zipf
    from guardian.detect.given_names import name_words

    words = span.split()
    if len(words) > 1:
        # "Voir le", "Ir para o", "Bem vindo": a common word of another language and the small lower-case
        # words after it, one phrase of that language
        return _a_foreign_word(words[0]) and all(w.islower() and w.isalpha() for w in words[1:]) \
            and any(all(zipf(w.lower(), lang) >= FOREIGN_COMMON for w in words) for lang in WORLDWIDE_LISTS if lang != "en")
    word = span.strip()
    if not word.isalpha() or word.isupper() or word.lower() in name_words():
        return False
    folded = word.lower()
    if zipf(folded, "en") >= FOREIGN_COMMON:
        return False  # an English word: the rules below read it ("New here, ...")
    return any(zipf(folded, lang) >= FOREIGN_COMMON for lang in WORLDWIDE_LISTS if lang != "en")


def _about_name(finding: Finding, text: str) -> SubjectDecision:
    """Rule 2: whether a person's name in a prompt is the user's (or someone's in their life)."""
    before, after = _sentence_window(text, finding.start, finding.end)
    span_text = text[finding.start:finding.end]
    if _PERFORMER_BEFORE.search(before) or _PERFORMER_AFTER.match(after) or (
            span_text.endswith(("'s", "’s")) and _PERFORMER_AFTER.match("'s" + after)):
        return SubjectDecision(False, "name:performer")
    words = _LETTERS.findall(span_text)
    if words and _REPEATS.sub(r"\1", words[0].lower()) in _GREETING_WORDS:
        return SubjectDecision(False, "name:greeting")  # "Hiya — new starter here", "Hii...plz": the writer's hello
    if words and " ".join(words[-2:] if len(words) > 1 and words[-2].lower().rstrip(".") in ("mr", "mrs", "ms", "dear")
                          else words[-1:]).lower().split()[-1] in _ASSISTANT_WORDS:
        return SubjectDecision(False, "name:assistant")  # "Hey AI!", "Mr. Assistant!": the one the prompt is to
    if _PERSONAL_NAME_BEFORE.search(before) or _PERSONAL_NAME_AFTER.search(after):
        return SubjectDecision(True, "name:personal")
    if _mixed_script(span_text):
        # "Сan you ...": a Latin word with a Cyrillic or Greek look-alike letter in it (a homoglyph a
        # keyboard layout or a copy left), no one's name
        return SubjectDecision(False, "name:mixed-script")
    if _a_foreign_word(span_text) and language_of(text) != ENGLISH:
        # "Merci. Nous allons ...", "Dodaj element do tekstu.": a text the language gate does not call
        # English; a common word of another language, which no list of names holds, is that word
        # (in English text, "Moose Jaw" keeps its "Jaw", a Polish word too)
        return SubjectDecision(False, "name:foreign-word")
    if _WHO_BEFORE.search(before) and _WHO_IS_AFTER.match(after):
        return SubjectDecision(False, "name:public")  # "do you know who Kevin Sheehan is?": an embedded who-question
    if _GEOGRAPHIC_TITLE.match(span_text):
        return SubjectDecision(False, "name:geographic")  # "Mount Rainier", "Lake Tahoe", "Cape Horn": a place's
    if _a_language(text, finding.start, finding.end):
        return SubjectDecision(False, "name:language")  # "Use only Korean in your response"
    if _PUBLIC_NAME_BEFORE.search(before) or _PUBLIC_NAME_AFTER.search(after):
        return SubjectDecision(False, "name:public")
    if (_ACADEMIC_TITLE_BEFORE.search(before) or _ACADEMIC_TITLE_OPENS.match(span_text)) \
            and not _FIRST_PERSON.search(before[before.rfind(": ") + 1:] + span_text + after):
        return SubjectDecision(False, "name:title")
    if _world_question(text, finding.start, finding.end):
        # "What records did Jim Ryun set in 1967?": a question about what someone did, which an
        # assistant can answer only from what the world knows; no one of the writer's is in it
        return SubjectDecision(False, "name:question")
    if _KIN_TITLE.search(before) or (" " in span_text and _KIN_TITLE.search(before + span_text[:span_text.find(" ") + 1])):
        # "Grandma Angela wants to know", "Uncle Zashil swears he knows": a kin word used as a title,
        # with no article or possessive, names someone of the writer's own family (a question that
        # names one, "Why did Grandma Moses start painting?", asked of the world above; a story's
        # character has no kin title of the writer's)
        return SubjectDecision(True, "name:kin")
    if _character(text, finding.start, finding.end):
        # "Kelly finished 30th in a marathon. If he was ...": a given name alone, in a story told
        # of a third person by a writer who never speaks of themselves nor to anyone: a
        # character, whom the name alone does not identify
        return SubjectDecision(False, "name:character")
    if _asked_of_the_world(text, finding.start, finding.end):
        # "Shane Battier had his number retired at Duke. What was his number?", "Chad has 23
        # books ... How many does Jason have?": a question whose passage, from the name's clause
        # to its question mark, neither the writer nor anyone addressed speaks in; the name
        # is what the world knows, or a puzzle's character (see `_asked_of_the_world`)
        return SubjectDecision(False, "name:asked")
    if not text[: finding.start].strip() and _ADDRESSEE_AFTER.match(after):
        return SubjectDecision(False, "name:addressee")  # "Alexa, please ...": the assistant's name
    span = text[finding.start:finding.end]
    if _DIGIT.search(span):  # "Spirit II E-210 Gas Grill": a model number, no one's name
        return SubjectDecision(False, "name:model")
    if _common_word_opening(text, finding.start, finding.end) and not _a_known_name(span):
        # "New here, ...": a word of the dictionary that opens its sentence, which no list of
        # names knows, has its capital from there
        return SubjectDecision(False, "name:common-word")
    if " " not in span.strip() and not any(ch.isupper() for ch in span) and any(ch.isupper() for ch in text):
        # one lower-case word in a text that uses capitals ("a card for ryu", "the"), without a
        # personal cue: a model's guess against the writer's own casing (a full name written in
        # lower case, "- priya raghunathan", stays a name)
        return SubjectDecision(False, "name:lowercase")
    if not any(ch.isupper() for ch in text):  # capitals of every cased script: Latin, Greek, Cyrillic ...
        # a prompt without a capital letter reads as a search query; a model's name there is a
        # guess without its strongest evidence, casing, and no personal cue ties it to anyone
        return SubjectDecision(False, "name:uncased")
    return SubjectDecision(True, "name")


def _mixed_script(span: str) -> bool:
    """Whether a word of the span mixes Latin letters with Cyrillic or Greek ones ("Сan": a Cyrillic
    "С", then Latin): a homoglyph, which no one writes their name with."""
    for word in span.split():
        latin = any("a" <= ch.lower() <= "z" for ch in word)
        other = any("\u0370" <= ch <= "\u03ff" or "\u0400" <= ch <= "\u04ff" for ch in word)
        if latin and other:
            return True
    return False


# A word of a name as English writes one: a capital, then letters, digits, "&", "'", "." or "-"
_NAME_WORD = re.compile(r"[A-Z][\w&'’.\-]{0,30}")
# The small words inside a name ("Bank of America", "Agricultural and Mechanical University")
_NAME_JOINERS = frozenset({"of", "and", "for", "the", "de", "du", "des", "la", "le", "von", "van", "der", "&"})
LONGER_NAME_WORDS = 3  # capitalised words a name needs around a span to be "longer"
_MAX_NAME_WORDS = 12
_NAME_RUN_WORD = re.compile(r"[^\s()\[\]{}\"“”,;:!?]{1,64}")
_NAME_WINDOW = (_MAX_NAME_WORDS + 1) * 66  # how far a run of name words can reach from a span


def piece_of_a_longer_name(text: str, start: int, end: int, others: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether `text[start:end]` is a strict part of a run of capitalised words (joined by the
    small words of names) holding at least LONGER_NAME_WORDS of them, whose other words no span of
    `others` covers either: "Alabama" of "Alabama Agricultural and Mechanical University",
    "Stability" of "European Financial Stability Facility" (where "Trinity College" and "Dublin"
    were both read, the name was read whole). The run does not count the first word of its
    sentence, which English capitalises anyway."""
    # words around the span (a run is at most _MAX_NAME_WORDS words of at most 64 characters), less
    # a full stop that ends them ("Management." ends its sentence)
    floor, ceiling = max(0, start - _NAME_WINDOW), min(len(text), end + _NAME_WINDOW)
    words = [(m.start(), m.end() - len(m.group()) + len(m.group().rstrip(".")))
             for m in _NAME_RUN_WORD.finditer(text, floor, ceiling)]
    inside = [i for i, (a, b) in enumerate(words) if a < end and start < b]
    if not inside:
        return False

    def capital(i: int) -> bool:
        return _NAME_WORD.fullmatch(text, *words[i]) is not None

    def joins(i: int) -> bool:
        return text[words[i][0]:words[i][1]].lower() in _NAME_JOINERS

    def adjacent(i: int, j: int) -> bool:  # only spaces between two words of the run
        return text[words[i][1]:words[j][0]].strip() == ""

    lo, hi = inside[0], inside[-1]
    if not all(capital(i) or joins(i) for i in range(lo, hi + 1)):
        return False
    while lo > 0 and hi - lo < _MAX_NAME_WORDS and adjacent(lo - 1, lo) and (capital(lo - 1) or (
            joins(lo - 1) and lo > 1 and adjacent(lo - 2, lo - 1) and capital(lo - 2))):
        lo -= 1
    while hi + 1 < len(words) and hi - lo < _MAX_NAME_WORDS and adjacent(hi, hi + 1) and (capital(hi + 1) or (
            joins(hi + 1) and hi + 2 < len(words) and adjacent(hi + 1, hi + 2) and capital(hi + 2))):
        hi += 1
    opens = max((m.end() for m in _SENTENCE_END.finditer(text, floor, words[lo][0])), default=floor)
    first = lo + 1 if not text[opens:words[lo][0]].strip() else lo  # the sentence's own capital
    run = [i for i in range(first, hi + 1) if capital(i)]
    spans = [(start, end), *others]
    covered = [i for i in run if any(words[i][0] >= a and words[i][1] <= b for a, b in spans)]
    return len(run) >= LONGER_NAME_WORDS and len(covered) < len(run)


def _about_quasi(finding: Finding, text: str, kind: str) -> SubjectDecision:
    """Rule 3: whether a quasi-identifier of cue `kind` is the user's, by the words around it."""
    before, after = _sentence_window(text, finding.start, finding.end)
    if _ASSISTANT_ROLE_BEFORE.search(before):
        return SubjectDecision(False, "role:assistant")
    if _asked_after_a_lead(text, finding.start, finding.end) and not (kind == "money" and _INCOME_ASIDE.search(before)):
        # "I'm bored, so: what is economics" (", on an income of €62,000?" is the asker's means)
        return SubjectDecision(False, f"question:{kind}-after-lead")
    if kind == "place" and _OPENER_PLACE_RE.search(before) and _BIOGRAPHY_AFTER.match(after) \
            and not _HOME_OPENER.search(before):
        # "Born in Ulm, Einstein developed ...", "Raised in Lagos in 1960, she ...": the opening
        # clause's subject is the one named after it, not the writer
        return SubjectDecision(False, "place:biography")
    if kind == "money" and (income := _money_of_writer(finding, text, before, after)) is not None:
        return income
    if kind == "age" and _HYPOTHETICAL_BEFORE.search(before):
        return SubjectDecision(False, "hypothetical:age")
    if kind == "job" and (_SOMEONES_JOB_BEFORE.search(before) or (
            _JOB_AS_SUBJECT_AFTER.match(after) and not before.strip(" (-–—\t\n"))):
        # "my midwife", "our branch secretary", "with a counsellor", "Doctor upped my dose": someone
        # in the writer's life, by their role; the writer's own job is what they are ("I'm a nurse",
        # "nurse here", "my job as a nurse")
        return SubjectDecision(False, "job:someone")
    if _LABELLED_BEFORE.search(before) and _LABELLED_AFTER.match(after):
        return SubjectDecision(True, f"cue:{kind}-labelled")
    if kind in ("place", "org") and not _cued(before, after, ("place", "org")) and trip_end(text, finding.start, finding.end):
        return SubjectDecision(False, f"{kind}:trip")  # "a train from Kings Cross to Cambridge": where the writer goes
    if kind in ("place", "org") and not _cued(before, after, ("place", "org")) and _asked_for(before):
        return SubjectDecision(False, f"{kind}:asked-for")  # "i want a green couch": the thing asked for
    if _ABOUT_ME_LABEL.search(before):
        # "Context: borderline personality disorder, currently ...", "A bit about me: Igbo, second
        # generation": what follows a label that introduces the writer is the writer's
        return SubjectDecision(True, f"cue:{kind}-about-me")
    if kind in ("place", "org") and _a_lower_case_word(text, finding.start, finding.end) \
            and not _cued(before, after, ("place", "org")):
        # "disappeared at sea", "the sea": a word of the dictionary, in lower case, without the
        # writer's cue, is that word ("i work at google" has its cue)
        return SubjectDecision(False, f"{kind}:common-noun")
    if kind in ("place", "org") and _common_word_opening(text, finding.start, finding.end) \
            and not _cued(before, after, ("place", "org")):
        # "Reading about random things has calmed me down", "(Ale recommendations in ...)": a word of
        # the dictionary that opens its sentence has its capital from there; no cue makes it a place
        return SubjectDecision(False, f"{kind}:common-word")
    if kind not in ("money", "date") and _told_of_writer(text, before, finding.end, finding.start):
        # "Stuck on the sofa with atrial fibrillation again, so ...", "Just started at Kyne-Ormsby
        # and ...": a statement whose subject, the writer, is left out
        return SubjectDecision(True, f"cue:{kind}-subjectless")
    if _SOMEONE_WITH_BEFORE.search(before) and _HERE_AFTER.match(after):
        return SubjectDecision(True, f"cue:{kind}-here")  # "Someone with bipolar II here, ..."
    if _signed_off(text, finding.start):
        # "— tired pharmacist on a lunch break", "— curious 44-year-old": the writer signs with
        # what they are
        return SubjectDecision(True, f"cue:{kind}-signature")
    if _HEDGE_AFTER.match(after):
        return SubjectDecision(True, f"cue:{kind}-hedged")
    if kind == "health" and _ON_TREATMENT_BEFORE.fullmatch(before) and _ON_TREATMENT_AFTER.match(after):
        return SubjectDecision(True, "cue:health-on")  # "On Ozempic these days, ...": the writer's treatment
    if kind == "job" and _FELLOW_BEFORE.search(before) and _COLLEAGUES_AFTER.match(after):
        return SubjectDecision(True, "cue:job-fellow")  # "A few other air traffic controller colleagues ...": the writer is one
    if kind not in ("money", "date") and _HERE_AFTER.match(after) and _INTRO_BEFORE.fullmatch(before):
        # "ICU nurse here, trying to ...", "19-year-old beginner here.", "Pregnant here and awake":
        # the writer introduces themself by what opens the sentence ("The nurse here is kind"
        # speaks of someone else)
        return SubjectDecision(True, f"cue:{kind}")
    if kind not in ("money", "date") and _ASKER_AFTER.match(after) and _ASKER_BEFORE.fullmatch(before):
        # "A general practice doctor asking here: ...", "Retired welder writing in:": the writer
        # introduces themself as the one who asks ("The nurse asking ..." is someone else)
        return SubjectDecision(True, f"cue:{kind}-asker")
    return _about_quasi_by_apposition(finding, text, kind, before, after)


def _about_quasi_by_apposition(finding: Finding, text: str, kind: str, before: str, after: str) -> SubjectDecision:
    """The rest of rule 3: what stands beside the quasi-identifier in apposition, then its cue."""
    if _THATS_ME_AFTER.match(after):
        return SubjectDecision(True, f"cue:{kind}-thats-me")  # "to someone who's 30 — that's me"
    if _ME_APPOSITION_BEFORE.search(before):
        return SubjectDecision(True, f"cue:{kind}-me")  # "- me, 32 years old, and curious": what the writer is
    if finding.entity == "UNION" and _MEMBER_AFTER.match(after) and not _THIRD_PERSON.search(before + after):
        # "Australian Education Union membership card in one hand, coffee in the other": a member's
        # words, and no one else in the sentence to be the member
        return SubjectDecision(True, "cue:group-member")
    if kind == "org" and ((_OUR_BEFORE.search(before) and _WORKPLACE_AFTER.match(after))
                          or (_THE_BEFORE.search(before) and _STAFF_ONLY_AFTER.match(after))):
        # "Our UPS office is ...", "I'm on the Sibal-Pai payroll", "in the Cowley LLC canteen": a
        # workplace of the firm that is the writer's, or one only its staff are in
        return SubjectDecision(True, "cue:org-workplace")
    if kind == "place" and (town := _PLACE_BEFORE_COMMA.search(text, max(0, finding.start - 70), finding.start)) \
            and not _PLACE_BEFORE_COMMA.search(text, max(0, town.start(1) - 70), town.start(1)) \
            and _about_quasi(replace(finding, start=town.start(1), end=town.end(1)), text, "place").user:
        # "Back home in Spokane, Washington": the region after the writer's town is part of their place
        return SubjectDecision(True, "cue:place-region")
    # NER mixes places and organisations up ("I'm from Cantiere" as an organisation): either cue
    # and a union or a party is an organisation to NER: a membership cue makes it the writer's too
    kinds = ("place", "org", "group") if kind == "org" else ("place", "org") if kind == "place" else (kind,)
    cue = _cued(before, after, kinds)
    return SubjectDecision(cue, f"{'cue' if cue else 'no-cue'}:{kind}")


def _money_of_writer(finding: Finding, text: str, before: str, after: str) -> SubjectDecision | None:
    """Rule 3 for an amount: the writer's income or spending by the words around it, else None."""
    if _RATE_AFTER.match(after) and (_FIRST_PERSON.search(before + after) or _EARNING_BEFORE.search(before)):
        # "On $39,500 a year I can't afford ...", "earning CA$79,500 before tax": what comes in or
        # goes out per year or month, in a sentence about the writer
        return SubjectDecision(True, "cue:money-rate")
    if ((_INCOME_AFTER.match(after) and _FIRST_PERSON.search(before + after))
            or _EARNING_OPENER.search(before)):
        # "With an A$133,000 salary I can't ...", "- earning €129,000 and ...": the writer's income
        return SubjectDecision(True, "cue:money-income")
    if _ON_AMOUNT_BEFORE.search(before) and (len(_DIGIT.findall(text[finding.start:finding.end])) >= 4
                                             or text[finding.start:finding.end].rstrip().endswith(("k", "K"))):
        # "I'm on £38,500 now after the pay cut": what the writer is paid, in thousands
        return SubjectDecision(True, "cue:money-income")
    if _INCOME_ASIDE.search(before):
        # "How is decaf made, on an income of $48,000?": an aside set off by its comma, the asker's means
        return SubjectDecision(True, "cue:money-income")
    if (income := _INCOME_BEFORE.search(before)) is not None and (
            _FIRST_PERSON.search(before + after)
            or ("?" not in after and _INCOME_OPENS.fullmatch(before[:income.start()]) is not None)):
        return SubjectDecision(True, "cue:money-income")
    return None


def _cued(before: str, after: str, kinds: Sequence[str]) -> bool:
    """Whether a first-person cue of one of `kinds` stands before or after a span (`_BEFORE`, `_AFTER`)."""
    return any(_BEFORE_RE[k].search(before) or (k in _AFTER_RE and _AFTER_RE[k].search(after)) for k in kinds)


# Readers that report a finding only beside a first-person cue of its own language: the English
# self-disclosure rules, and the multilingual tagger (`recognizers/multilingual_cues.yaml`), whose
# cues this module's English phrases cannot see.
_OWN_CUE = frozenset({"self_disclosure", "multilingual_tagger", "account_ids", "lower_case", "lived_there"})
# Kinds the judge is not asked about: ids and accounts have cues of their own (rule 1's exceptions),
# and an amount's cues are its grammar ("I earn", "my salary", "of student debt"): the judge read
# few amounts in training and took prices in questions ("pay $13 for my product") for the writer's.
_NOT_JUDGED = frozenset({"no-cue:id", "no-cue:account", "no-cue:money"})


_NAMED_ENTITIES = frozenset({"ORGANIZATION", "LOCATION"})
_NAME_READINGS = frozenset({"ORGANIZATION", "LOCATION", "PERSON", "STREET_ADDRESS"})  # what reads a name, or a part of one


def _a_piece_asked_of_the_world(text: str, finding: Finding, readings: Sequence[tuple[int, int]]) -> bool:
    """Whether `finding` is a piece of a longer name that no other of the field's name `readings`
    covers, in an English question no one speaks of themselves in (`piece_of_a_longer_name`,
    `asked_of_the_world`; German writes every noun with a capital, and the question's words are
    English ones)."""
    others = [span for span in readings if span != (finding.start, finding.end)]
    return finding.entity in _NAMED_ENTITIES and piece_of_a_longer_name(text, finding.start, finding.end, others) \
        and language_of(text) in (None, ENGLISH) and asked_of_the_world(text, finding.start, finding.end)


def filter_prompt_findings(
    fields: Sequence[Field], findings: Sequence[Finding], judge: Judge | None = None, discloser: Discloser | None = None,
    writers: Discloser | None = None,
) -> tuple[tuple[Finding, ...], dict[str, int]]:
    """The findings about the user (rules 1-5 for prose values; every finding of a structured
    value is kept), and how many were left as public knowledge, by rule. With a `discloser`, a
    rule-3 finding no phrase rule gives a cue is the user's when a span the disclosure tagger
    tags overlaps it, and a tagged span no kept finding covers is a finding of its own; with a
    `judge`, a rule-3 finding still without a cue is the user's when the judge reads it so. With
    `writers` (`writers_head.py`), a span of that second head that no finding covers stands alike."""
    by_path = {f.path: f for f in fields}
    disclosed = _disclosed(fields, discloser) if discloser is not None else {}
    kept: list[Finding] = []
    public: dict[str, int] = {}
    ask: dict[str, list[tuple[Finding, str]]] = {}  # per field: the rule-3 findings without a cue
    modelled: list[Finding] = []  # kept by a model's reading (the taggers, the judge), not by a rule's cue
    vetoed: list[Finding] = []  # found public by a cue of their own: no tagged span overrides that
    readings: dict[str, list[tuple[int, int]]] = {}  # per field: the spans read as a name or a part of one
    for f in findings:
        if f.entity in _NAME_READINGS:
            readings.setdefault(f.field_path, []).append((f.start, f.end))
    for finding in findings:
        field = by_path.get(finding.field_path)
        if field is None or not isinstance(field.value, str) or not is_natural_text(field.value):
            kept.append(finding)
            continue
        decision = _decided(finding, field.value, readings.get(finding.field_path, ()))
        if not decision.user and not decision.why.startswith("no-cue:") and decision.why not in _NOT_A_VETO:
            vetoed.append(finding)
        if decision.user:
            kept.append(_past_kin_title(finding, field.value) if decision.why == "name:kin" else finding)
        elif decision.why.startswith("no-cue:") and decision.why not in _NOT_TAGGED and _confirmed(
                finding, disclosed.get(finding.field_path, ()), field.value,
                discloser.alone_bare if discloser is not None else {}):
            kept.append(finding)
            modelled.append(finding)
        elif judge is not None and decision.why.startswith("no-cue:") and decision.why not in _NOT_JUDGED \
                and not _told_of_others(field.value, finding) and not _asked_in_its_clause(field.value, finding) \
                and not _requested(field.value, finding.start, finding.end):
            ask.setdefault(finding.field_path, []).append((finding, decision.why[len("no-cue:"):]))
        else:
            public[decision.why] = public.get(decision.why, 0) + 1
    if judge is not None:
        judged = _judged(judge, by_path, ask, public)
        kept.extend(judged)
        modelled.extend(judged)
    more = _disclosed(fields, writers) if writers is not None else {}
    # what stands alone: the tagger's spans less its spill beside what the second head read
    alone = {path: tuple(t for t in spans if not _spilled(t, more.get(path, ()), by_path[path].value))
             for path, spans in disclosed.items()}
    added = _tagged_findings(alone, [*kept, *vetoed], discloser.alone if discloser is not None else {},
                             {path: by_path[path].value for path in disclosed},
                             discloser.alone_bare if discloser is not None else {})
    kept.extend(added)
    modelled.extend(added)
    if writers is not None:
        texts = {path: by_path[path].value for path in more}
        # a span where no one speaks is already seconded by the tagger: it needs no more than the threshold
        # a reading a rule found public in a clause that describes the writer ("Dysthymia" read as a
        # name asked about, "Age: 19" as a time of day) is that rule's reading, not the head's
        others = [v for v in vetoed if not self_described(by_path[v.field_path].value, v.start, v.end)]
        heard = _tagged_findings(_seconded(more, disclosed, texts, writers.alone_bare), [*kept, *others], writers.alone, texts,
                                 writers.alone, recognizer="writers_head")
        kept.extend(heard)
        modelled.extend(heard)
        added += heard
    # a name asked about and also tied to the writer elsewhere in the prompt is the writer's everywhere
    names = {(f.field_path, _value(by_path, f)) for f in kept if f.entity == "PERSON"}
    again = [f for f in vetoed if f.entity == "PERSON" and (f.field_path, _value(by_path, f)) in names]
    kept.extend(again)
    kept = _turned_down(kept, modelled, by_path, public)
    if ask or added or again:
        kept.sort(key=lambda f: (f.field_path, f.start))
    return tuple(kept), public


# A title (one phrase, no comma), its colon and a question, all of the text: "Aripiprazole: a new
# risk factor for gambling?" (not "ok, arthritis and no sleep, so: is ...?": the writer's own aside)
_TITLED_QUESTION = re.compile(r"\s{0,3}[^.!?:,\n]{3,200}:\s{1,3}[^.!?:\n]{3,200}\?\s{0,3}")


def _titled_question(text: str) -> bool:
    """Whether the text is a title and a question after its colon, with no first or second person,
    and the title no one's self-description (`_SELF_TITLE`)."""
    return (isinstance(text, str) and _TITLED_QUESTION.fullmatch(text) is not None
            and not _FIRST_PERSON.search(text) and not _SECOND_PERSON.search(text)
            and not _SELF_TITLE.search(text[:text.index(":")]))


# A lead-in that describes its writer, not a title: "As a Bloc Québécois voter:", "41 and still
# learning:", "quick one from someone with ... — ...:" (an opening number, "as a", someone, a dash)
_SELF_TITLE = re.compile(r"^\s{0,3}(?:[0-9]|as\s)|\b(?:someone|somebody|here|asking|from\s{1,3}an?)\b|\s[—–-]\s|\s--\s", re.I)


_QUOTES = {"“": "”", "\"": "\"", "„": "“", "«": "»"}
QUOTE_MAX_CHARS = 160  # a quoted line is at most this long on either side of what it holds


def _in_a_quote(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands inside a quotation, after some of its words (the cue): an
    opening mark before it with none closing between, and its closing mark after it."""
    for opening, closing in _QUOTES.items():
        at = text.rfind(opening, max(0, start - QUOTE_MAX_CHARS), start)
        if at < 0 or not text[at + 1:start].strip() or closing in text[at + 1:start]:
            continue
        if opening == closing and text.count(opening, 0, at) % 2:
            continue  # a straight quote that closes an earlier one
        if text.find(closing, end, end + QUOTE_MAX_CHARS) >= 0:
            return True
    return False


OLDEST_AGE = 120  # a person's age in years is at most this; a larger number is a count ("a 420-page book")
_DIGITS = re.compile(r"[0-9]{1,6}")
# a number joined by a hyphen to the noun it counts: "420-page", "5-star", "3-bedroom" (not "40-year-old")
_NUMBERED_BEFORE = re.compile(r"\b(?:room|rooms|page|pages|chapter|level|floor|number|no\.|nr\.?|gate|seat|row|table|bus|"
                              r"route|platform|exit|version|step|question|exercise|item|line|apartment|apt\.?|unit|suite|#)\s{0,2}$", re.I)
_COUNTED_NOUN = re.compile(r"-(?!(?:years?|yrs?|y|yo|months?|weeks?|days?)\b)[a-z]{2,20}\b", re.I)


def _an_age(text: str, start: int, end: int) -> bool:
    """Whether an AGE span can be a person's age: its number at most `OLDEST_AGE`, no noun it counts
    hyphened to it, and no noun before it that it numbers ("room 63")."""
    span = text[start:end]
    number = _DIGITS.search(span)
    if number is None:
        return True  # "in my forties", "thirty-four": words, read as the finding says
    if int(number.group()) > OLDEST_AGE or _NUMBERED_BEFORE.search(text, max(0, start - 24), start):
        return False  # "room 63", "page 40": a thing's number
    return not _COUNTED_NOUN.match(text, start + number.end())


def _decided(finding: Finding, text: str, readings: Sequence[tuple[int, int]]) -> SubjectDecision:
    """`about_user` for a finding in prose, less a cue inside a quotation and a piece of a longer
    name asked about (`readings`: the field's spans read as a name or a part of one)."""
    decision = about_user(_whole_condition(finding, text), text)
    if decision.user and finding.recognizer in _OWN_CUE and _in_a_quote(text, finding.start, finding.end):
        # 'What book starts with the line “Call me Ishmael.”?': the cue is the quoted writer's, not this one
        return SubjectDecision(False, "quoted")
    if finding.recognizer != _LABELLED and _a_piece_asked_of_the_world(text, finding, readings):
        # "What did Sun Ra study at Alabama Agricultural and Mechanical University?": a piece of a
        # longer name, in a question no one speaks of themselves in, is the named thing's
        return SubjectDecision(False, "piece-of-a-name")
    return decision


def _turned_down(kept: list[Finding], modelled: Sequence[Finding], by_path: Mapping[str, Field],
                 public: dict[str, int]) -> list[Finding]:
    """`kept` less what the text's shape turns down, counted in `public` by reason: a status many
    share read as a job, a model's reading in a paper's title and its question, a number that is
    no one's age; with each condition widened over the words its name is told with."""
    shared = [f for f in kept if f.entity == "OCCUPATION" and _SHARED_STATUS.fullmatch(_value(by_path, f))]
    if shared:
        kept = [f for f in kept if f not in shared]
        public["shared-status"] = public.get("shared-status", 0) + len(shared)
    titled = {path for path in {f.field_path for f in modelled} if _titled_question(by_path[path].value)}
    if titled:
        # "Starting insulin in type 2 diabetes: continue oral agents?": a paper's title and its
        # question, which no one speaks in; what a model read as someone's there is the topic
        dropped = [f for f in modelled if f.field_path in titled]
        kept = [f for f in kept if not any(f is d for d in dropped)]
        public["titled-question"] = public.get("titled-question", 0) + len(dropped)
    kept = _whole_conditions(kept, by_path)
    ages = [f for f in kept if f.entity == "AGE" and not _an_age(by_path[f.field_path].value, f.start, f.end)]
    if ages:
        kept = [f for f in kept if f not in ages]
        public["no-age"] = public.get("no-age", 0) + len(ages)
    return kept


def _judged(judge: Judge, by_path: Mapping[str, Field], ask: Mapping[str, Sequence[tuple[Finding, str]]],
            public: dict[str, int]) -> list[Finding]:
    """The findings without a cue that the judge reads as the user's; the others counted in
    `public` by their kind."""
    out: list[Finding] = []
    for path, pending in ask.items():
        probs = judge.probabilities(by_path[path].value, [(f.start, f.end, kind) for f, kind in pending])
        for (finding, kind), p in zip(pending, probs):
            if p >= judge.threshold:
                out.append(finding)
            else:
                why = f"no-cue:{kind}"
                public[why] = public.get(why, 0) + 1
    return out


# A status most people hold at some time of their life ("second-year student", "retired", "intern"):
# its anonymity set is a large share of everyone, so it narrows no one down; the school or employer
# told beside it does, and is a finding of its own
_SHARED_STATUS = re.compile(r"(?i)(?:(?:first|second|third|fourth|final|[1-4](?:st|nd|rd|th))[- ]year\s{1,3}|"
                            r"(?:mature|full[- ]time|part[- ]time)\s{1,3})?(?:student|retired|retiree|pensioner|intern|unemployed"
                            # a school year: a quarter of a school's students each ("a junior at Boston University")
                            r"|freshman|sophomore|junior|senior)")


_LABELLED = "inline_fields"  # a value after its label ("School: Monash University") is the label's whole value


def _whole_condition(finding: Finding, text: str) -> Finding:
    """An English health finding as whose it is judged: with the words its name is told with
    ("Meds: insulin glargine." closes the label's clause; "insulin" alone does not)."""
    if finding.entity != "HEALTH" or language_of(text) not in (None, ENGLISH):
        return finding
    from guardian.detect.recognizers.health import whole_condition

    start, end = whole_condition(text, finding.start, finding.end)
    return finding if (start, end) == (finding.start, finding.end) else dataclasses.replace(finding, start=start, end=end)


def _whole_conditions(kept: list[Finding], by_path: Mapping[str, Field]) -> list[Finding]:
    """Each health finding of English prose widened over the words its name is told with
    (`_whole_condition`), where no other kept finding stands there."""
    out: list[Finding] = []
    for f in kept:
        field = by_path.get(f.field_path)
        whole = _whole_condition(f, field.value) if field is not None and isinstance(field.value, str) else f
        if whole is not f and not any(
                o is not f and o.field_path == f.field_path and o.start < whole.end and whole.start < o.end
                and not (o.start >= f.start and o.end <= f.end) for o in kept):
            f = whole
        out.append(f)
    return out


def _past_kin_title(finding: Finding, text: str) -> Finding:
    """The name without the kin word that opens its span ("Angela" of "Grandma Angela"): the title
    tells whose family, the name who; a rewrite keeps "Grandma" and the sentence reads on."""
    span = text[finding.start:finding.end]
    cut = span.find(" ") + 1
    if not cut or not _KIN_TITLE.search(span[:cut]):
        return finding
    while span[cut:cut + 1] == " ":
        cut += 1
    return replace(finding, start=finding.start + cut)


def _spilled(t: TaggedEntity, theirs: Sequence[TaggedEntity], text: str) -> bool:
    """Whether the tagger's lower-case span `t` is its spill onto a word of a sentence where the
    second head read the detail elsewhere ("Just paid my NEU dues", "diagnosed with COPD last
    month", "I'm being treated for ..."): the second head shares neither the span nor a neighbour
    of its class ("paralyzed" beside "from the waist down": one detail, cut in two places), and
    where two models trained on different material part within a sentence, the word goes to the
    one that names the detail. A capitalised span is a name the second head may merely not know."""
    if any(ch.isupper() for ch in text[t.start:t.end]):
        return False
    for o in theirs:
        if o.start < t.end and t.start < o.end:
            return False
        if o.label == t.label and not text[min(o.end, t.end):max(o.start, t.start)].strip():
            return False
    opens, stop = _sentence_bounds(text, t.start, t.end)
    return any(opens <= o.start and o.end <= stop for o in theirs)


# The writers' head's classes of proper names (employers and schools, towns), and how sure it must be
# of one in a sentence where no one speaks of themselves. Chosen on the English development sets held
# out of its training (dev58en, blind64-blind70): at 0.99, +4 planted values and no benign prompt
# changed; at 0.95, or for every class, benign prompts lost their topic words ("suicide", "Apple").
_BARE_NAME_CLASSES = frozenset({"ORG", "PLACE"})
BARE_NAME_SCORE = 0.99


def _seconded(spans: Mapping[str, Sequence[TaggedEntity]], tagger: Mapping[str, Sequence[TaggedEntity]],
              texts: Mapping[str, str], bare: Mapping[str, float]) -> dict[str, tuple[TaggedEntity, ...]]:
    """The second head's spans that stand with the writer in their sentence, or, where no one
    speaks in it, that a span of the disclosure tagger overlaps ("Lunch break at Sainsbury's, so
    quick: ..."): a task's words ("You are configuring a new server") are no one's, and two models
    trained on different material rarely take them for a detail together. A proper name the head
    is all but sure is an employer, a school or a town stands alone too (`BARE_NAME_SCORE`: "Night
    shift at Asda again, so: ...", "From Moncton originally, now ..."); a condition, a faith or a
    job word in such a sentence is far more often the task's topic, except at the head's stricter
    `bare` threshold in a clause that describes the writer without its subject (`self_described`:
    "Samoan and curious: ...", "Dysthymia brain at 2am, sorry.")."""
    out: dict[str, tuple[TaggedEntity, ...]] = {}
    for path, tagged in spans.items():
        text, theirs = texts.get(path, ""), tagger.get(path, ())
        kept = tuple(t for t in tagged if not cuts_a_word(text, t.start, t.end) and (
            any(o.start < t.end and t.start < o.end for o in theirs)
            or (t.label in _BARE_NAME_CLASSES and text[t.start:t.start + 1].isupper() and t.score >= BARE_NAME_SCORE)
            or t.score >= bare.get(t.label, 1.01) and self_described(text, t.start, t.end)
            or writer_speaks(text, t.start, t.end) and not (t.label == "GROUP" and text[t.start:t.end].islower())))
        if kept:
            out[path] = kept
    return out




def _told_of_others(text: str, finding: Finding) -> bool:
    """Whether a text where no one speaks in the first person tells of someone else ("A farmer ...
    He estimates ...": a word problem's character) or asks about the finding ("which cast member went
    on to teach spanish?"): the judge weighs how a writer speaks of a detail, and here no writer does.
    A text without either may still be the writer's aside without a pronoun ("- tired chemistry
    teacher on a lunch break", "originally from Leeds, if that matters"), which the judge reads."""
    if _FIRST_PERSON.search(text):
        return False
    closes = _CLAUSE_END.search(text, finding.end)
    return (closes is not None and closes.group() == "?") or _THIRD_PERSON.search(text) is not None


def _asked_in_its_clause(text: str, finding: Finding) -> bool:
    """Whether the finding's clause is a question in which no one speaks in the first person ("so:
    In Winter 2004, was Prof. Stevers teaching?"): what it asks about, whatever else the prompt says
    of its writer (as a tagged span there confirms nothing, `_confirmed`)."""
    near = max(0, finding.start - QUESTION_MAX_CHARS)  # a clause is no longer than a question is read
    opens = max((m.end() for m in _TITLED_CLAUSE_END.finditer(text, near, finding.start)), default=near)
    closes = _TITLED_CLAUSE_END.search(text, finding.end, finding.end + QUESTION_MAX_CHARS)
    return closes is not None and closes.group() == "?" and not _FIRST_PERSON.search(text, opens, closes.start())


# `_CLAUSE_END`, where a title's full stop ends nothing ("was Prof. Stevers teaching?")
_TITLED_CLAUSE_END = re.compile(rf"{_NOT_A_TITLE}[.!?:;](?=\s|$)|\n|—|\s[-–]\s")


def _value(by_path: Mapping[str, Field], finding: Finding) -> str:
    field = by_path.get(finding.field_path)
    return str(field.value)[finding.start:finding.end].casefold() if field is not None else ""


# Decisions that a finding is no one's for want of evidence, not by a public cue: they do not keep a
# tagged span from standing ("bifida" guessed as a lower-case name inside "spina bifida").
# A capitalised word of the dictionary opening its sentence is no name, and may still be what the
# tagger reads it as ("Tamil on my dad's side, ...": an origin).
_NOT_A_VETO = frozenset({"never-in-prompt", "name:lowercase", "name:uncased", "name:model", "name:common-word"})
# Kinds the disclosure tagger does not settle: ids and accounts have cues of their own (rule 1's exceptions).
_NOT_TAGGED = frozenset({"no-cue:id", "no-cue:account"})
# A tagged span's finding scores below a pattern's or a checksum's, as the prose tagger's (SCORE_SCALE).
_TAGGED_SCORE_SCALE = 0.65


def _disclosed(fields: Sequence[Field], discloser: Discloser) -> dict[str, tuple[TaggedEntity, ...]]:
    """The tagged spans of each English prose value (the tagger read English only)."""
    out: dict[str, tuple[TaggedEntity, ...]] = {}
    for field in fields:
        if not isinstance(field.value, str) or not is_natural_text(field.value):
            continue
        if language_of(field.value) not in (None, ENGLISH):
            continue
        text = field.value[:_DISCLOSER_MAX_CHARS]
        cased = any(ch.isupper() for ch in text)
        # "dinner", "centre": English writes an organisation's or a place's name with a capital, as
        # the prose tagger's guesses (recognizers/prose_tagger.py)
        tagged = tuple(t for t in discloser.tag(text) if not (
            cased and t.label in _NAMED_CLASSES and not any(ch.isupper() for ch in text[t.start:t.end])))
        if tagged:
            out[field.path] = tagged
    return out


_NAMED_CLASSES = frozenset({"ORG", "PLACE"})
_DISCLOSER_MAX_CHARS = 10_000  # as the prose tagger's: what one value costs stays bounded
# The writer speaking of themselves: English's first-person pronouns (a text without one discloses no
# one's detail); the "i" of "i.e." is none
# with the writer named in the third person: "The person asking is 42", "The asker has ..."
_FIRST_PERSON = re.compile(r"(?i:\b(?:i(?!\.\s?e\b)|me|my|mine|myself|we|our|ours|ourselves|im|ive)\b|\bi['’](?:m|ve|d|ll)\b"
                           r"|\bthe\s{1,3}(?:person\s{1,3}(?:asking|writing)|asker)\b)|\bus\b")


def _confirmed(finding: Finding, spans: Sequence[TaggedEntity], text: str, alone_bare: Mapping[str, float]) -> bool:
    """Whether a tagged span over the finding makes it the writer's: not where its clause is a
    question in which no one speaks in the first person ("Is there a link between rheumatoid
    arthritis and gum disease?" asks about the condition, whatever else the prompt says of its
    writer), unless the tagger is sure enough without."""
    for t in spans:
        if t.start < finding.end and finding.start < t.end:
            opens = max((m.end() for m in _CLAUSE_END.finditer(text, 0, t.start)), default=0)
            closes = _CLAUSE_END.search(text, t.end)
            # a request to the assistant asks as a question does ("Find homepages of faculty members at
            # the University of Phoenix.")
            asks = closes is not None and closes.group() == "?"
            if _requested(text, t.start, t.end):
                continue  # the thing a request to the assistant is about, however sure the tagger
            if not asks or _FIRST_PERSON.search(text, opens, closes.start() if closes else len(text)) \
                    or t.score >= alone_bare.get(t.label, 1.01):
                return True
    return False


_CLAUSE_END = re.compile(r"[.!?:;](?=\s|$)|\n|—|\s[-–]\s")  # "e.g.", "3.5" and "well-known" go on
_NAME_GOES_ON = re.compile(r"[ \u00a0][A-Z][a-z]{1,30}")  # a capitalised word right after: the same name goes on


def _requested(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands in a request to the assistant in which no one speaks in the first
    person ("Find homepages of faculty members at the University of Phoenix."): what it is about."""
    opens = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    closes = _CLAUSE_END.search(text, end)
    return _REQUEST_OPENS.match(text, opens) is not None \
        and not _FIRST_PERSON.search(text, opens, closes.start() if closes else len(text))


# A clause that opens with a request's verb, its subject the assistant addressed
_REQUEST_OPENS = re.compile(
    r"[\s\"'“‘(*•\-]{0,4}(?:please\s{1,3})?(?:tell|give|show|explain|list|find|write|compare|describe|name|translate|"
    r"summari[sz]e|analy[sz]e|discuss|identify|define|calculate|compute|outline|classify|predict|interpret|"
    r"illustrate|examine|contrast|determine|estimate|simplify|look\s{1,3}up|search\s{1,3}for)\b", re.I)
# What opens a clause with a subject or a question of its own: an article, a demonstrative, a
# pronoun, a question word or an auxiliary, a request's verb
_SUBJECT_OPENS = re.compile(
    r"[\s\"'“‘(*•\-]{0,4}(?:the|a|an|this|that|these|those|it|its|there|here|he|she|they|his|her|their|you|your|one|"
    r"some|any|every|each|no|all|most|many|what|why|how|when|where|who|which|whose|if|whether|is|are|was|were|can|could|"
    r"does|do|did|should|would|will|has|have|had|please|let|tell|give|show|explain|list|find|make|write|create|compare|"
    r"describe|name|translate|summari[sz]e|analy[sz]e|consider|discuss|identify|evaluate|assess|define|calculate|"
    r"compute|outline|suggest|provide|generate|rewrite|convert|solve|imagine|pretend|suppose|classify|prove|"
    r"predict|interpret|justify|illustrate|examine|contrast|determine|estimate|simplify|paraphrase|proofread|"
    r"draft|recommend|improve)\b", re.I)
# A finite verb of English's closed class (an auxiliary, a modal, a negated form): a clause with one
# has its own subject
_FINITE_AUX = re.compile(r"\b(?:is|are|was|were|am|has|have|had|does|do|did|can|cannot|could|will|would|shall|should|"
                         r"may|might|must|\w{1,12}n['’]t)\b", re.I)
_FRAGMENT_MAX_WORDS = 8  # "25, single, and finally asking": a self-description is short
_BASE_MIN_CHARS = 12  # the question or request beside it


def self_described(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` stands in a short clause with no subject and no finite verb of its
    own, set off from the rest of the text (a lead-in before a colon, a full stop or a dash, or a
    trailer after the question): English drops the "I am" of a self-description ("Samoan and
    curious: When was ...?", "Member of PSAC since 2014.", "Off work this week with sciatica.",
    "25, single, and finally asking:"), never the subject of a statement about the world ("The
    Samoan language is tonal."). A question's own clause ("Samoan cuisine?") and a title with
    nothing beside it are not."""
    opens = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    closes = _CLAUSE_END.search(text, end)
    stop = closes.start() if closes is not None else len(text)
    if closes is not None and closes.group() == "?":
        return False
    clause = text[opens:stop]
    if len(clause.split()) > _FRAGMENT_MAX_WORDS or "?" in clause:
        return False
    if _SUBJECT_OPENS.match(clause) or _FINITE_AUX.search(clause) or _SECOND_PERSON.search(clause) \
            or _FIRST_PERSON.search(clause):
        return False
    rest = text[:opens] + text[closes.end() if closes is not None else len(text):]
    return len(rest.strip()) >= _BASE_MIN_CHARS

# A sentence that opens with a participle or a gerund and no subject is the writer's diary ("Dealing
# with seasonal affective disorder lately, so ...", "Been living with colitis for ten years"): the
# dropped subject is "I". Words of those shapes that open other sentences are left out.
_SUBJECTLESS = re.compile(
    r"^[\s\-–—(•*]{0,4}(?:(?:just|recently|finally|still|currently|now|also|been|newly|only)\s{1,3}){0,2}"
    r"(?!(?:during|according|regarding|concerning|including|following|considering|assuming|excluding|nothing|"
    r"something|anything|everything|morning|evening|spring|king|thing|string|bring|sing|ring|using|given|based|related|"
    r"compared|used|need|speed|indeed|hundred|red|bed|seed|feed|united|limited|wing|ping|ceiling|building|"
    r"located|founded|situated|established|designed|published|released|developed|created|named|listed|rated|"
    r"ranked|considered|called|printed|posted|updated|added|shared|wed|"
    r"wedding|pudding|clothing|shipping|marketing|testing|programming|learning|training|reading|writing|"
    r"accounting|banking|parking|painting|meeting|setting|listing|ranking)\b)"
    r"(?:[a-z]{2,20}(?:ing|ed)|been)\b", re.I)


def writer_speaks(text: str, start: int, end: int) -> bool:
    """Whether the writer speaks of themselves in the sentence of `text[start:end]`: a first-person
    word in it, a sentence that tells of its writer without one (`_told_of_writer`), or the text's
    sign-off, where the writer signs with what they are (`_signed_off`). The "me" of
    a request to the assistant ("tell me about the American civil war", "give me a recipe") is the
    one who asks, not a word about them."""
    if spoken_by_a_bot(text, start):
        return False  # "AI: I am an AI research assistant.": the script's character speaks, not its writer
    before, after = _sentence_window(text, start, end)
    sentence = f"{before} {text[start:end]} {after}"
    if _FIRST_PERSON.search(sentence) and (not _REQUEST_ME.search(sentence)
                                           or _FIRST_PERSON.search(_REQUEST_ME.sub(" ", sentence))):
        return True
    return _told_of_writer(text, before, end, start) or _signed_off(text, start)


# A request verb and its "me": the writer as the one the assistant answers
_REQUEST_ME = re.compile(r"(?i)\b(?:tell|give|show|teach|remind|write|send|get|find|recommend|explain(?: it| this| that)? to"
                         r"|walk|talk|help)\s{1,2}me\b")


_ASKS_OPENS = re.compile(r"\s{0,3}(?:what|why|how|when|where|who|which|whose|is|are|was|were|can|could|does|do|did|should|"
                         r"would|will)\s", re.I)


def asked_of_the_world(text: str, start: int, end: int) -> bool:
    """Whether the sentence of `text[start:end]` asks a question in which no one speaks of
    themselves ("Why did Goebbels become drawn to the Nazi Party?"): what it names is its topic.
    A question after the writer's lead-in and its colon is asked of the world when no one speaks
    of themselves after the colon ("I've got a few minutes to kill: What is the basin size of the
    Koshi River?")."""
    if _asked_after_a_lead(text, start, end):
        return True
    if writer_speaks(text, start, end):
        return False
    closes = _SENTENCE_END.search(text, end)
    if closes is not None and closes.group() == "?":
        return True
    opens = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    return _ASKS_OPENS.match(text, opens) is not None  # "What can lead to tourette syndrome" typed without "?"


# What opens a question after a colon: a question word or auxiliary, or a preposition and one
# ("In what year ...", "To which academic society ...")
_ASKS_AFTER_COLON = re.compile(
    r"\s{0,3}(?:(?:in|at|on|for|from|to|by|of|with|during|since|under|after|before)\s{1,3}(?:what|which|whom|whose)"
    r"|what|why|how|when|where|who|which|whose|is|are|was|were|can|could|does|do|did|should|would|will|has|have|had)"
    r"(?:['’]s)?\s", re.I)  # "What's the difference ...?"


def _asked_after_a_lead(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` stands in a question that opens after a colon in its sentence and
    ends with "?", with no first or second person from the colon to the question mark."""
    opens = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    colon = text.rfind(":", opens, start)
    if colon < 0 or not _ASKS_AFTER_COLON.match(text, colon + 1):
        return False
    closes = _SENTENCE_END.search(text, end)
    if closes is not None and closes.group() != "?":
        return False
    # a question typed without its "?" ends the text ("..., so: what is economics")
    clause = text[colon + 1:closes.start() if closes is not None else len(text)]
    return not (_FIRST_PERSON.search(clause) or _SECOND_PERSON.search(clause))


_LEAD_COLON = re.compile(r":(?=\s)")
_DASH_BREAK = re.compile(r"\s[—–-]\s{1,3}(?=[A-Z])")


def _told_of_writer(text: str, before: str, end: int, start: int | None = None) -> bool:
    """Whether a sentence without a first-person word still tells of its writer: it opens with a
    participle and no subject (`_SUBJECTLESS`; the participle may open the span text[start:end]
    itself where the span goes on after it: "Currently expecting a baby in March") and asks nothing ("Cooking with papaya seeds - what
    does heating them do?" asks), what stands before `end` follows a label that introduces them
    ("Some context: ..."), or the sentence greets or signs off from where or as whom the writer is
    ("Greetings from Macon!", "Sent from a rainy afternoon in León", "From a proud IATSE member"),
    and asks nothing before a colon that ends it as a lead-in ("From a historical perspective, why
    did Rome fall?" asks)."""
    if _ABOUT_ME_LABEL.search(before):
        return True
    if _SOMEONE_WITH_BEFORE.search(before) and _HERE_AFTER.match(text[end:end + CUE_WINDOW_AFTER]):
        return True  # "Someone with seasonal affective disorder here, ...": the writer introduces themself
    if _HERE_AFTER.match(text[end:end + CUE_WINDOW_AFTER]) and _INTRO_BEFORE.fullmatch(before):
        return True  # "Hi, Green Party volunteer here.": the writer introduces themself by what opens the sentence
    if len(before) >= CUE_WINDOW_BEFORE:
        return False  # the window starts inside a longer sentence ("...stu|dying global inequality ..."): no opener
    opener = _SUBJECTLESS.match(before) or _GREETING_FROM.match(before)
    if opener is None and start is not None and before.strip():
        # the span's own first word is the participle ("expecting a baby"), after an adverb of the
        # opener ("Currently"): not a span that is the participle alone ("Depressed people ...")
        opening = _SUBJECTLESS.match(before + text[start:end])
        opener = opening if opening is not None and len(before) < opening.end() < len(before) + end - start else None
    if opener is None:
        return False
    if _LEAD_COLON.search(before, opener.end()):
        return False  # "Question from a Saskatoon resident: how do I index Linq results": what follows the lead-in is the task's
    closes = _SENTENCE_END.search(text, end)
    if closes is None or closes.group() != "?":
        return True
    if _DASH_BREAK.search(text, end, closes.start()):
        return True  # "Hey from Kamloops — Which customer ...?": the dash and a capital open the question's own sentence
    # a lead-in that ends at a colon before a question asks nothing itself: "Been at Acme for six
    # years and this came up today: how do I ...?" ("Increased prices due to floods: failure or
    # not?" is a title and its subtitle)
    colon = _LEAD_COLON.search(text, end, closes.start())
    return colon is not None and _ASKS_AFTER_COLON.match(text, colon.end()) is not None


# Classes whose second, lower-case span beside a sure one is the sentence's wording, not another
# detail: "Our family is Methodist", "I'm Vietnamese, English is my second language", "our
# Jamaican students' association", "a member of the Conservative Party".
_ONE_PER_SENTENCE = frozenset({"GROUP", "JOB", "ORG"})


# The word a mountain, a lake, a river or a cape is named with: no one's given name
_GEOGRAPHIC_TITLE = re.compile(r"(?:Mount|Mt\.?|Lake|Loch|River|Cape|Fort|Isle|Gulf|Bay)\s{1,2}[A-Z]")
# A unit after a number: "85 F", "30 °C", "5 kg" (CLDR's English unit names, `measure_words`)
_UNIT_AFTER = re.compile(r"[ \u00a0]?(?:°|%|[CFK](?![\w'’])|(?P<word>[^\W\d_]{2,20}))")


# What a sum is written with: a digit, a currency's sign, or a number's word ("six figures", "fifty grand")
_AMOUNT_WORD = re.compile(r"[0-9$£€¥₹]|\b(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                          r"\w{3,6}teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
                          r"million|billion|grand|figures?|k)\b")


def _a_measure_after(text: str, end: int) -> bool:
    """Whether a unit follows text[..end]: the number is a measure, no age or sum."""
    m = _UNIT_AFTER.match(text, end)
    if m is None:
        return False
    if m.group("word") is None:
        return True
    from guardian.detect.recognizers.multilingual_disclosure import measure_words

    word = m.group("word").lower()
    # a span of years, months, weeks or days is how an age is told ("31 years"), not another measure
    return word in measure_words("en") and not word.startswith(("year", "yr", "month", "mo", "week", "wk", "day"))


# A verb's -ing form, and "diagnosed", which says that there is a condition, not which (an -ed
# adjective may be one: "paralyzed")
_VERB_FORM = re.compile(r"[A-Za-z]{2,30}ing|[Dd]iagnosed|[Pp]rescribed|[Tt]reated|[Rr]enewed")


def _a_verb_form(span: str) -> bool:
    """Whether `span` is one word in a verb's -ing form (or "diagnosed", "prescribed": the verbs of its care) that no health word list or
    medical word shape knows ("waiting", "treating"; not "expecting" of "expecting twins")."""
    from guardian.detect.recognizers.health import DRUG_WORD, MEDICAL_WORD, health_words

    return (_VERB_FORM.fullmatch(span) is not None and span.lower() not in health_words()
            and MEDICAL_WORD.search(span) is None and DRUG_WORD.search(span) is None)


def _adjacent(text: str, a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    """Whether two spans of `text` touch with nothing but a space or two between."""
    gap = text[a_end:b_start] if a_end <= b_start else text[b_end:a_start] if b_end <= a_start else "x"
    return len(gap) <= 2 and not gap.strip()


def _common_word_opening(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one capitalised word that opens its sentence (or a bracket or a
    quote) and that the English dictionary knows ("Half", "Most", "Reading"): its capital is the
    sentence's, not a name's."""
    word = text[start:end]
    if not (word.isalpha() and word[:1].isupper() and word[1:].islower()):
        return False
    opens = max([m.end() for m in _SENTENCE_END.finditer(text, 0, start)] + [text.rfind("(", 0, start) + 1])
    if text[opens:start].strip(" \t\n\"'“‘"):  # a bracket opens a sentence too, and a quote may stand first
        return False
    from guardian.detect._english import model_english_words

    words = model_english_words()
    return words is not None and words.known(word)


def _a_lower_case_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one lower-case word the English dictionary knows ("sea")."""
    word = text[start:end]
    if not (word.isalpha() and word.islower()):
        return False
    from guardian.detect._english import model_english_words

    words = model_english_words()
    return words is not None and words.known(word)


def _a_known_name(span: str) -> bool:
    """Whether a word of `span` is a given name or surname of Faker's lists (`given_names`)."""
    from guardian.detect.given_names import has_name_word

    return has_name_word(span)


def _a_language(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a language's name (CLDR's English names, by Babel) used as the
    language: written or spoken in it ("Use only Korean in your response", "translate it into
    Urdu"), or naming the language ("the Dutch language", "Korean speakers")."""
    if text[start:end].casefold() not in _language_names():
        return False
    return bool(_IN_A_LANGUAGE_BEFORE.search(text, max(0, start - 40), start)
                or _A_LANGUAGE_AFTER.match(text, end))


@functools.lru_cache(maxsize=1)
def _language_names() -> frozenset[str]:
    from babel import Locale

    return frozenset(name.casefold() for name in Locale("en").languages.values())


_IN_A_LANGUAGE_BEFORE = re.compile(
    r"\b(?:in|into|to|use|using|speak|speaks|speaking|spoke|learn|learning|translate|translated|translating|respond|"
    r"reply|answer|write|written)\s{1,3}(?:(?:only|fluent|plain|simple|proper|formal|good|basic)\s{1,3})?$", re.I)
_A_LANGUAGE_AFTER = re.compile(
    r"\s{0,3}(?:-\s{0,2})?(?:language|languages|translation|version|text|words|script|alphabet|grammar|speakers?|"
    r"speaking|lessons?|dictionary|only)\b", re.I)


def _beside_a_surer_span(t: TaggedEntity, spans: Sequence[TaggedEntity], text: str, sure: float) -> bool:
    """Whether `t` is a lower-case span below `sure` in a sentence where a span of its class is at
    least `sure`: the tagger's spill onto a word beside the detail it found."""
    if t.label not in _ONE_PER_SENTENCE or t.score >= sure or any(ch.isupper() for ch in text[t.start:t.end]):
        return False
    opens, stop = _sentence_bounds(text, t.start, t.end)
    return any(o is not t and o.label == t.label and o.score >= sure and opens <= o.start and o.end <= stop for o in spans)


# A request for a thing: the writer needs, wants, looks or shops for it, or asks to be found,
# shown or sold one. What follows, to the sentence's end, is the thing asked for ("a black computer
# desk that is easy to assemble", "gluten free bars"), not its writer's detail, until a first-person
# word brings the writer back in ("... for my diabetic son").
_ASKED_FOR = re.compile(
    r"(?i)(?:\b(?:i|we)(?:['’]?m|['’]d|['’]ll|\s{1,3}am|\s{1,3}are|\s{1,3}would|\s{1,3}will|\s{1,3}do)?\s{1,3}|(?:^|[.!?:;]\s{0,3})|\bim\s{1,3})"
    r"(?:really\s{1,3}|just\s{1,3}|also\s{1,3})?"
    r"(?:need|want|like\s{1,3}(?:to\s{1,3}(?:buy|order|get|have|find)\s{1,3})?(?:an?|some|the|\d)|looking\s{1,3}for|searching\s{1,3}for"
    r"|shopping\s{1,3}for|in\s{1,3}need\s{1,3}of|trying\s{1,3}to\s{1,3}(?:find|buy|get))\b"
    r"|\b(?:find|show|get|buy|order|recommend|suggest)\s{1,3}(?:me|us)\b")


def _asked_for(before: str) -> bool:
    """Whether the words before a span (its sentence so far) ask for a thing, with no first-person
    word after the request: the span is part of what is asked for."""
    last = None
    for last in _ASKED_FOR.finditer(before):
        pass
    return last is not None and not _FIRST_PERSON.search(before, last.end())


def _no_health_sense(span: str) -> bool:
    """A span every word of which WordNet knows only in other senses than health (`wordnet_health.py`):
    "thermos", "sometimes miss". A pregnancy told by its time ("due in April", "12 weeks along",
    `_TIME_OF_A_PREGNANCY`) is health by its context, not by its words, and is left to the reader."""
    from guardian.detect._english import stop_words
    from guardian.detect.recognizers.health import health_words
    from guardian.detect.recognizers.multilingual_health import is_medicine
    from guardian.detect.wordnet_health import is_one_word, names_no_health

    if not is_one_word(span) and (_TIME_OF_A_PREGNANCY.search(span) or any(c.isdigit() for c in span)):
        return False
    return names_no_health(span, stop_words(), lambda word: word.lower() in health_words() or is_medicine(word))


_TIME_OF_A_PREGNANCY = re.compile(r"\b(?:weeks?|months?|due|along|expecting|trimester|baby|babies|twins|bump)\b", re.I)


def _tagged_findings(
    disclosed: Mapping[str, Sequence[TaggedEntity]], taken_by: Sequence[Finding], alone: Mapping[str, float],
    texts: Mapping[str, str], alone_bare: Mapping[str, float] | None = None, recognizer: str = "disclosure_tagger",
) -> list[Finding]:
    """A finding for each tagged span sure enough to stand alone, in a sentence that gives the
    assistant no role, that overlaps none of `taken_by` (the kept findings, and those a rule found
    public by a cue of their own: "who was ...", "like I'm 5"): what no other reader saw. A span
    needs `alone` where the writer speaks in the first person in its sentence, `alone_bare` where
    no one does ("- asked by a tired welder": a postscript without a subject)."""
    from guardian.detect.disclosure_tagger import CLASSES

    out: list[Finding] = []
    for path, spans in disclosed.items():
        text = texts.get(path, "")
        taken = [(f.start, f.end) for f in taken_by if f.field_path == path]
        for t in spans:
            if t.score < alone.get(t.label, 1.01) or any(a < t.end and t.start < b for a, b in taken):
                continue
            text = outside_asides(texts.get(path, ""), t.start, t.end)
            if _asked_after_a_lead(text, t.start, t.end):
                continue  # "..., so: what is economics": the question after the writer's lead-in is the world's
            if text is not texts.get(path) and (asked_of_the_world(text, t.start, t.end) or (
                    recognizer == "writers_head" and not writer_speaks(text, t.start, t.end))):
                # the model read the writer's aside beside a question asked of the world, or beside
                # words of no one's ("a vector of shape (100, 2) (I'm ..., if relevant)")
                continue
            before, _ = _sentence_window(text, t.start, t.end)
            if _ASSISTANT_ROLE_BEFORE.search(before):
                continue  # it casts the assistant: a role, no one's detail
            if t.label == "AGE" and _HYPOTHETICAL_BEFORE.search(before):
                continue  # "explain it like I'm a five year old": an age in a hypothetical
            if _beside_a_surer_span(t, spans, text, (alone_bare or {}).get(t.label, 1.01)):
                continue
            if t.label == "GROUP" and _many_of_a_group(text, t.start, t.end):
                continue  # "on behalf of German Jews": many people of a group, where the writer does not speak
            if t.label == "GROUP" and _a_language(text, t.start, t.end):
                continue  # "respond only in Korean", "the Dutch language": a language, no one's origin
            if t.label == "GROUP" and _NAME_GOES_ON.match(text, t.end) and not writer_speaks(text, t.start, t.end):
                continue  # 'a trade deal with "European Union"', "the British Museum": a word of a name, no one's origin
            if t.label == "GROUP" and _KIN_WORD.fullmatch(text, t.start, t.end):
                continue  # "our youngest, Falguni": a tie in the writer's family, no faith or party
            if t.label in ("AGE", "MONEY") and _a_measure_after(text, t.end):
                continue  # "Converting 85 F to Celsius": a temperature, no one's age
            if t.label == "MONEY" and not _AMOUNT_WORD.search(text, t.start, t.end):
                continue  # "pay Income Tax", "the minimum wage": what money is for, no sum
            if t.label == "HEALTH" and _a_verb_form(text[t.start:t.end]):
                continue  # "waiting", "treating", "diagnosed": the verb of a sentence, no condition's name
            if t.label == "HEALTH" and _no_health_sense(text[t.start:t.end]):
                continue  # "my thermos", "after my workout": a word WordNet knows, in no health sense
            if trip_end(text, t.start, t.end) and not _cued(before, text[t.end:t.end + 60], ("place", "org")):
                continue  # "a taxi to Pizza Hut Fen Ditton", "from bishops stortford": where the writer goes
            if _asked_for(before):
                continue  # "i need a black home office desk", "looking for gluten free bars": what the writer asks for
            if _requested(text, t.start, t.end):
                continue  # "Find information on the racing schedule at Churchill Downs.": what a request is about
            if t.label == "JOB" and _SOMEONES_JOB_BEFORE.search(before):
                continue  # "I need a taxi", "we hired a tutor": someone the writer deals with, not their job
            if t.label in ("ORG", "PLACE") and piece_of_a_longer_name(
                    text, t.start, t.end, [(o.start, o.end) for o in spans if o is not t] + taken) \
                    and asked_of_the_world(text, t.start, t.end):
                continue  # "Stability" of "European Financial Stability Facility": the named thing's
            if t.label == "ORG" and _common_word_opening(text, t.start, t.end):
                continue  # "Half of Martinez LLC is ...": the sentence's capital, on a word of the dictionary
            if not writer_speaks(text, t.start, t.end) and (
                    t.score < (alone_bare or {}).get(t.label, 1.01)
                    or (t.label == "GROUP" and text[t.start:t.end].islower())):
                # no one speaks of themselves in this sentence, and the tagger is not sure enough
                # without; a faith or an origin in lower case there is a thing's ("the american civil war")
                continue
            entity, category = CLASSES[t.label]
            if entity == "MONEY" and any(f.field_path == path and f.entity == entity
                                         and _adjacent(text, f.start, f.end, t.start, t.end) for f in taken_by):
                continue  # "£24,000 gross": a word beside a kept amount is its wording, not a second amount
            out.append(Finding(category=category, entity=entity, field_path=path, start=t.start, end=t.end,
                               score=round(min(1.0, t.score * _TAGGED_SCORE_SCALE), 4), recognizer=recognizer,
                               quasi=True))
            taken.append((t.start, t.end))
    return out
