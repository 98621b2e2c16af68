"""A sample text as a one-field payload, the shape the pipeline's stages take."""

from __future__ import annotations

from guardian.records import Field, Payload

TEXT_PATH = "text:"


def text_payload(text: str) -> Payload:
    return Payload(fields=(Field(TEXT_PATH, "", text),), body_codec="text", body_size=len(text.encode("utf-8")))
