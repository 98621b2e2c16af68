"""The text helpers (detect/_text.py): code cut out of prose, lines a scripted model speaks."""

from __future__ import annotations

import pytest

from guardian.detect._text import (
    answer_options, code_spans, is_natural_text, is_query_program, is_sql_statement, program_names, spoken_by_a_bot,
    without_code,
)


def test_code_spans_are_fenced_blocks_and_inline_spans() -> None:
    text = "Was ist der Output?\n```js\nsayHi();\n```\nOder `myFunc`?"
    assert [text[a:b] for a, b in code_spans(text)] == ["```js\nsayHi();\n```", "`myFunc`"]
    assert without_code(text).split() == ["Was", "ist", "der", "Output?", "Oder", "?"]
    assert without_code("no code here") == "no code here"


@pytest.mark.parametrize(("line", "spoken"), [
    ("AI: I am an AI research assistant.", True),
    ("IA: ¡Saludos! Soy un asistente de investigación de IA.", True),
    ("ИИ: Я исследовательский ассистент.", True),
    ("Assistant: I'm a nurse in this story.", True),
    ("Human: I am a nurse from Leeds.", False),
    ("I am a nurse; AI: what is that?", False),  # the label must open the line
])
def test_a_line_the_model_speaks_is_known_by_its_speakers_label(line: str, spoken: bool) -> None:
    text = f"The following is a conversation.\n\n{line}\nHuman: thanks"
    assert spoken_by_a_bot(text, text.index(line) + len(line) - 3) is spoken


def test_answer_options_are_lines_labelled_with_successive_letters_from_a() -> None:
    text = "Is this a pure function?\n\n- A: Yes\n- B: No\n\nWhy?"
    assert [text[a:b] for a, b in answer_options(text)] == ["Yes", "No"]
    quiz = "Phases?\n\n-   A: Target > Capturing > Bubbling\n-   B: Bubbling > Target\nc) x\nd) y"
    assert [quiz[a:b] for a, b in answer_options(quiz)] == ["Target > Capturing > Bubbling", "Bubbling > Target"]
    for alone in ("A: Jane Doe", "Notes:\nB: Jane\nC: John", "Q?\n- A: Yes\n- C: No", "A. Lincoln was president."):
        assert answer_options(alone) == []  # one line, not from "A", or letters out of order


def test_program_names_are_identifiers_outside_string_literals_in_a_fenced_block() -> None:
    text = "Output?\n\n```js\nfunction sayHi() {\n  throw 'Oops Jane';\n}\nsayHi();\n```\nsayHi is mine"
    spans = [(m, m + 5) for m in (text.index("sayHi"), text.rindex("sayHi();"), text.rindex("sayHi"))]
    oops = (text.index("Oops"), text.index("Oops") + 4)
    assert program_names(text, [*spans, oops]) == set(spans[:2])  # not in the string, not outside the block
    assert program_names("no code: sayHi", [(9, 14)]) == set()


def test_a_query_languages_program_is_no_prose() -> None:
    from guardian.detect._text import is_natural_text, is_query_program

    for program in ('*[_type == "buyingGuide" && category == $category][0...6]{title, slug}',
                    "{ products(first: 5) { title price } }",
                    "query Product($slug: String) { product(slug: $slug) { title } }"):
        assert is_query_program(program) and not is_natural_text(program), program
    for text in ('mutation { createUser(name: "Jane Doe") { id } }',  # a literal with a space: still read
                 '*[_type == "note"]{text} my name is Jane Doe and I live here',  # words in a row
                 "{name: Jane Doe, age: 34}", "Hi, my name is Jane, what is 2 == 2?"):
        assert not is_query_program(text) and is_natural_text(text), text


@pytest.mark.parametrize(("value", "sql"), [
    ("SELECT id, title, price FROM products WHERE category = $1 ORDER BY rank LIMIT 12", True),
    ("select 1 from dual where 1=?", True),
    ("INSERT INTO returns (customer_id, note) VALUES ($1, $2)", True),
    ("DELETE FROM sessions WHERE user_id = :uid", True),
    ("select winter boots from nike", False),  # words typed into a search box
    ("Select the best option from the list below.", False),
    ("Update your profile and set a new password.", False),
    # a sentence that opens on a statement's keyword and holds a clause's word and a mark is prose
    ("Explain how could you ssh login into a Linux system (I study at NYU)", False),
    ("Show me how to set a timer from my phone?", False),
    ("Create a table of countries from Europe, sorted by size (I live in Leeds)", False),
    ("update the readme, where is the file?", False),
    # ... and a statement with aliases, a comment in words and placeholders stays one
    ("SELECT * FROM users a JOIN items i ON a.id = i.uid WHERE a.name = ?", True),
    ("SELECT u.id FROM users u LEFT JOIN orders o ON o.user_id = u.id -- the users who never ordered anything\n"
     "WHERE o.id IS NULL", True),
    ("UPDATE accounts SET balance = balance - 10 WHERE id = :id", True),
])
def test_an_sql_statement_is_told_by_its_keyword_clause_and_marks(value: str, sql: bool) -> None:
    assert is_sql_statement(value) is sql
    if sql:  # a program: no reader of prose reads it
        assert not is_natural_text(value)


def test_an_sql_statement_with_a_sentence_in_its_literal_is_read_as_text() -> None:
    value = "INSERT INTO notes (body) VALUES ('Marta asked to be called back on Monday')"
    assert is_sql_statement(value) and not is_query_program(value) and is_natural_text(value)


@pytest.mark.parametrize(("value", "prose"), [
    ("I'm 66 y/o. harry potter", True),  # a contraction is a word
    ("it’s 5 p.m. now", False),
    ("im 66 y/o", False),
    ("don't", False),
])
def test_a_contraction_counts_as_one_word_of_prose(value: str, prose: bool) -> None:
    from guardian.detect._text import is_natural_text

    assert is_natural_text(value) is prose
