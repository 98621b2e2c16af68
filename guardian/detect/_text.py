"""Whether a value is natural-language text (the gate for NER and the text-only recognisers), and
the text a model reads: without markdown or JSON markup."""

from __future__ import annotations

import functools
import re

__all__ = ["is_natural_text", "is_query_program", "is_sql_statement", "without_markup", "lower", "capitalised_words", "cuts_a_word", "code_spans", "without_code",
           "spoken_by_a_bot", "answer_options", "program_names",
           "UPPER", "CAMEL_COMPOUND"]

# a word of two letters or more; a contraction is one word ("I'm", "it’s"), as its reader reads it
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’](?=[^\W\d_])){1,63}")
# A word glued in camel case after three or more small letters ("SubmissionDate", "OnionShare"): a
# program's key or a thing's name; a person's name glues a shorter prefix ("McDonald", "DeLillo").
CAMEL_COMPOUND = re.compile(r"[A-Z][a-z]{3,64}[A-Z]")
# The capital letters of Latin (with its Supplement and Extended-A/B: "Ł" of "Łukasz", "Ş" of
# "Şahin", "Ř" of "Řehoř"), Greek and Cyrillic, as the body of a regex class: what opens a name
# written in an English text, where `[A-Z]` alone would cut it off.
UPPER = "A-Z" + "".join(ch for ch in map(chr, range(0xC0, 0x530)) if ch.isupper() and len(ch.lower()) == 1)


@functools.lru_cache(maxsize=512)  # every text-only recogniser asks about the same value
def is_natural_text(value: str) -> bool:
    """Whether a value reads as prose: three words or more, or a long run of a spaceless script;
    not a query language's program (`is_query_program`)."""
    sample = value[:4000]
    if is_query_program(sample):
        return False
    words = _WORD.findall(sample)
    if len(words) >= 3 and len(sample.split()) >= 3:
        return True
    # Chinese, Japanese or Thai text has no spaces between words.
    return any(len(w) >= 6 and not w.isascii() for w in words)


# A program in a query language, as a client sends it: GROQ opens on a selector ("*[_type == ...]"),
# GraphQL on a selection set with arguments or a nested selection ("{ products(first: 5) { title } }")
# or on its operation's keyword ("query Product($slug: String) { ... }"). Its words are the schema's
# names, never three in a row outside its string literals.
_QUERY_HEAD = re.compile(r"\s{0,8}(?:\*\s{0,3}\[|\{\s{0,8}[A-Za-z_]\w{0,40}\s{0,3}[({]"
                         r"|(?:query|mutation|subscription)\b[^{}\n]{0,160}\{)")
# SQL (ISO 9075's statement keywords and clauses, as every dialect writes them)
_SQL_HEAD = re.compile(r"\s{0,8}(WITH|SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|TRUNCATE|MERGE|REPLACE|UPSERT|"
                       r"BEGIN|COMMIT|ROLLBACK|SAVEPOINT|SHOW|EXPLAIN|DESCRIBE|CALL|PRAGMA|VALUES)\b", re.IGNORECASE)
_SQL_CLAUSE = re.compile(r"\b(?:FROM|INTO|SET|WHERE|VALUES|TABLE|INDEX|VIEW|JOIN|RETURNING|LIMIT|ORDER\s{1,4}BY|"
                         r"GROUP\s{1,4}BY|TRANSACTION|AS\s{0,4}\()\b", re.IGNORECASE)
_SQL_MARK = re.compile(r"[=*;()<>]|\$\d|\?|:[A-Za-z_]\w{0,40}|@[A-Za-z_]\w{0,40}")
_STRING_LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.){0,200}\"|'(?:[^'\\\n]|\\.){0,200}'")
_WORD_RUN = re.compile(r"[^\W\d_]{2,64}(?:[ \t]{1,3}[^\W\d_]{2,64}){2}")
# The words of SQL's grammar (ISO 9075's reserved words and the common functions, as every dialect
# writes them): a statement's words outside its literals are these and the schema's names
_SQL_WORDS = frozenset("""
select from where and or not in is null like ilike between join inner left right outer full cross on using as
order by group having limit offset fetch first next rows row only top distinct all union except intersect
insert into values update set delete merge matched replace upsert create alter drop truncate table index view
column columns add primary key foreign references default unique check constraint cascade restrict if exists
case when then else end asc desc nulls last with recursive returning begin commit rollback savepoint
transaction show explain analyze describe call pragma count sum avg min max coalesce cast over partition
window lateral natural materialized temporary temp database schema grant revoke to of for lock share nowait
skip locked do nothing conflict true false interval date time timestamp current_date now lower upper trim
""".split())
# A sentence in a statement's place: four words in a row, none of SQL's (`_SQL_WORDS`), outside
# literals and comments ("Explain how could you ssh login into ..."), or two of the words and marks
# no statement has outside its literals and names: an article, a pronoun, a question word, "please",
# a capital "I" alone, a question mark right after a word ("Show me how to set a timer from my
# phone?", "Create a table of countries from Europe (I live in Leeds)"). A placeholder's "?" follows
# an operator, a bracket or a comma ("= ?", "(?, ?)").
_PROSE_RUN = 4
_PROSE_SIGNS = 2
_SENTENCE_WORDS = frozenset("a an the me my you your how what why please we our us it this that".split())
_SQL_COMMENT = re.compile(r"--[^\n]{0,400}|/\*.{0,2000}?\*/", re.DOTALL)
# a word as prose has it; a schema's name ("user_id", "o.id", "t1") is one token of other characters
_RUN_TOKEN = re.compile(r"[\w.$@:'’\[\]\"`]{1,128}")
_PLAIN_WORD = re.compile(r"[^\W\d_]{1,64}(?:['’][^\W\d_]{1,8})?")
_RUN_GAP = re.compile(r"[ \t]{1,3}")
_ASKED = re.compile(r"[^\W\d_]\?")


def _a_sentence_in(body: str) -> bool:
    """Whether `body` (literals blanked) reads as a sentence, not a statement (`_PROSE_RUN`, `_PROSE_SIGNS`)."""
    text = _SQL_COMMENT.sub(" ", body)
    run, last_end, signs = 0, -1, set()
    for m in _RUN_TOKEN.finditer(text):
        word = m.group()
        joined = last_end >= 0 and _RUN_GAP.fullmatch(text, last_end, m.start()) is not None
        last_end = m.end()
        if _PLAIN_WORD.fullmatch(word) is None:
            run = 0
            continue
        if word == "I" or word.lower() in _SENTENCE_WORDS:
            signs.add(word.lower())
        run = (run + 1 if joined else 1) if word.lower() not in _SQL_WORDS else 0
        if run >= _PROSE_RUN:
            return True
    if _ASKED.search(text):
        signs.add("?")
    return len(signs) >= _PROSE_SIGNS


def is_query_program(value: str) -> bool:
    """Whether `value` is wholly a program in a query language (GROQ, GraphQL, SQL): it opens as one
    (`_QUERY_HEAD`), has no three words in a row outside its string literals (SQL: its statement's
    grammar, `is_sql_statement`) and no literal with a space in it (an inline 'name: "Jane Doe"' is
    text the readers still read)."""
    sample = value[:4000]
    sql = is_sql_statement(sample)
    if not sql and not _QUERY_HEAD.match(sample):
        return False
    literals = _STRING_LITERAL.findall(sample)
    if any(any(c.isspace() for c in lit) for lit in literals):
        return False
    return sql or _WORD_RUN.search(_STRING_LITERAL.sub('""', sample)) is None


def is_sql_statement(value: str) -> bool:
    """Whether `value` is an SQL statement, as a database driver sends it over HTTP (Neon's,
    PlanetScale's, Turso's): it opens on a statement's keyword and has a clause of its grammar
    (`_SQL_CLAUSE`), the keyword in capitals or a placeholder, an operator or a bracket beside it
    ("select 1 from dual where 1=?"); "select winter boots from nike" is words typed into a search; and
    no sentence stands in its place (`_a_sentence_in`: "Explain how could you ssh login into ...")."""
    sample = value[:4000]
    head = _SQL_HEAD.match(sample)
    if head is None:
        return False
    body = _STRING_LITERAL.sub("''", sample)
    return _SQL_CLAUSE.search(body, head.end()) is not None \
        and (head.group(1).isupper() or _SQL_MARK.search(body, head.end()) is not None) \
        and not _a_sentence_in(body)


# Markdown's emphasis, code and link brackets: the models learnt from plain prose, and "**Tom**" or
# "[Simi] and [Maryan] showed" hide a name that "Tom" or "Simi and Maryan showed" do not.
_MARKUP = re.compile(r"\*{1,3}|`{1,3}|[\[\]]|(?<![\w])_{1,2}|_{1,2}(?![\w])")
# The same for JSON pasted into a text: '"9:54 AM": "Mabboux-Fort"' reads as '9:54 AM: Mabboux-Fort'.
_JSON_MARKUP = re.compile(r"\*{1,3}|`{1,3}|[\[\]{}\"]|(?<![\w])_{1,2}|_{1,2}(?![\w])")
_JSON_MEMBER = re.compile(r"\"[ \t]{0,3}:[ \t]{0,3}[\"{\[0-9tfn]")
_JSON_MEMBERS = 2  # a text with this many '"key": value' pairs holds JSON


def without_markup(text: str) -> tuple[str, list[int] | None]:
    """The text without markdown (or JSON) markup, and where each of its characters sits in
    `text` (None when there is none: the text is read as it is)."""
    markup = _JSON_MARKUP if _holds_json(text) else _MARKUP
    if not markup.search(text):
        return text, None
    pieces: list[str] = []
    offsets: list[int] = []
    pos = 0
    for m in markup.finditer(text):
        pieces.append(text[pos : m.start()])
        offsets.extend(range(pos, m.start()))
        pos = m.end()
    pieces.append(text[pos:])
    offsets.extend(range(pos, len(text)))
    return "".join(pieces), offsets


def _holds_json(text: str) -> bool:
    members = 0
    for _ in _JSON_MEMBER.finditer(text):
        members += 1
        if members >= _JSON_MEMBERS:
            return True
    return False


def lower(text: str) -> str:
    """`text` in lower case, one character for one: Turkish "İ" is "i" (str.lower gives "i" and a
    combining dot, which no cue phrase holds and which moves every offset after it)."""
    return text.replace("İ", "i").lower()


def capitalised_words(span: str, most: int, joiners: str = "") -> bool:
    """Whether `span` is two to `most` capitalised words of letters (the `joiners`, such as "-'",
    allowed inside a word): the shape of a given name and a surname."""
    words = span.split()
    return 2 <= len(words) <= most and all(
        w[:1].isupper() and w.translate({ord(c): None for c in joiners}).isalpha() for w in words)


def cuts_a_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] cuts a word: a letter or digit beside it, or a hyphen that joins it
    to one ("L" of "L1", "non" of "non-standard", "ID" of "Steuer-ID")."""
    before, after = text[max(0, start - 2):start], text[end:end + 2]
    return (before[-1:].isalnum() or (before[-1:] == "-" and before[:1].isalnum())
            or after[:1].isalnum() or (after[:1] == "-" and after[1:2].isalnum()))


_CODE = re.compile(r"```(?:(?!```)[\s\S]){0,8000}```|`[^`\n]{1,200}`")


def code_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` holds code (a fenced block, an inline `span`): a program's words, no one's detail."""
    return [(m.start(), m.end()) for m in _CODE.finditer(text)] if "`" in text else []


def without_code(text: str) -> str:
    """`text` with its code (`code_spans`) cut out: the writer's own words around it."""
    spans = code_spans(text)
    if not spans:
        return text
    kept, at = [], 0
    for start, end in spans:
        kept.append(text[at:start])
        at = end
    kept.append(text[at:])
    return " ".join(kept)


# A line of a multiple-choice question's answer option: a letter label ("- A: Da", "B) Nein",
# "c. 42"), the option after it. Options labelled with successive letters from "A" are choices the
# question offers every reader, not anyone's detail.
_OPTION = re.compile(r"^[ \t]{0,8}(?:[-*\u2022][ \t]{1,8})?([A-Ha-h])[:.)][ \t]{1,8}(\S[^\n]{0,300})$", re.M)


def answer_options(text: str) -> list[tuple[int, int]]:
    """Where `text` holds the answer options of a multiple-choice question: the option text of each
    line of a run of two or more lines labelled "A", "B", ... in order (any lines between)."""
    if "\n" not in text:
        return []
    spans: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    last = ""
    for m in _OPTION.finditer(text):
        letter = m.group(1)
        if last and ord(letter) == ord(last) + 1:
            run.append(m.span(2))
        else:
            if len(run) >= 2:
                spans.extend(run)
            run = [m.span(2)] if letter in "Aa" else []
        last = letter if run else ""
    if len(run) >= 2:
        spans.extend(run)
    return spans


# A fenced code block ("```...```"), and in it a name of the program's own (a function, a variable,
# a key): a run of identifier characters outside any string literal of its line
_FENCED = re.compile(r"```(?:(?!```)[\s\S]){0,8000}```")
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]{0,63}")


def program_names(text: str, spans: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Which of `spans` are a program's own names in a fenced code block of `text` ("function
    sayHi()", "const getList = ..."): an identifier outside the string literals of its line. A
    string literal may hold a pasted record, so a span in one is not returned."""
    if "```" not in text:
        return set()
    blocks = [m.span() for m in _FENCED.finditer(text)]
    out: set[tuple[int, int]] = set()
    for start, end in spans:
        if not any(a <= start and end <= b for a, b in blocks) or not _IDENTIFIER.fullmatch(text, start, end):
            continue
        line = text[text.rfind("\n", 0, start) + 1:start]
        if all(line.count(q) % 2 == 0 for q in "'\"`"):
            out.add((start, end))
    return out


# A line of a scripted conversation that the model speaks: its speaker's label, in the languages
# read ("AI:", "IA:", "KI:", "ИИ:", "YZ:", "ΤΝ:", "Assistant:", "Asistente:", "Bot:")
_BOT_LINE = re.compile(
    r"[ \t>*_\-]{0,4}(?:AI|A\.I\.|IA|KI|ИИ|ШІ|YZ|ΤΝ|AI-?[Aa]ssistant|[Bb]ot|[Cc]hatbot|[Aa]ssistant|[Aa]ssistent|[Aa]ssistente"
    r"|[Aa]sistente|[Aa]sistent|[Aa]systent|[Aa]sistan|Ассистент|Асистент|Помощник|Βοηθός|GPT|ChatGPT)[ \t]{0,2}:")


def spoken_by_a_bot(text: str, start: int) -> bool:
    """Whether `text[start]` stands in a line the model speaks in a scripted conversation ("AI: I
    am an AI research assistant."): its first person is the character's, not the writer's."""
    line = text.rfind("\n", 0, start) + 1
    return _BOT_LINE.match(text, line, start) is not None
