"""The text helpers (detect/_text.py): code cut out of prose, lines a scripted model speaks."""

from __future__ import annotations

import pytest

from guardian.detect._text import code_spans, spoken_by_a_bot, without_code


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
