"""The codec interface: a body format <-> a list of `Field`s, and back in place."""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import ClassVar

from guardian.records import Field

__all__ = ["BodyCodec"]


class BodyCodec(abc.ABC):
    """One body format. Stateless: `encode` re-reads the original bytes to write edits back.

    Contract:
    - `decode(body, content_type)` returns the string/number fields of an *identity-encoded*
      body (Content-Encoding already removed), or raises `DecodeError` when malformed.
    - `encode(body, content_type, edits)` returns the body with each `Field.path` in `edits`
      replaced by the new value, every other byte kept as it was where the format allows.
      With no edits it returns `body` unchanged (the same bytes).
    """

    name: ClassVar[str]

    @abc.abstractmethod
    def accepts(self, mime: str, body: bytes) -> bool:
        """Whether this codec reads a body of media type `mime` (lower-case, no parameters)."""

    def sniff(self, body: bytes) -> bool:
        """Whether an untyped or unknown-typed body looks like this format; off by default."""
        return False

    @abc.abstractmethod
    def decode(self, body: bytes, content_type: str) -> list[Field]: ...

    @abc.abstractmethod
    def encode(self, body: bytes, content_type: str, edits: Mapping[str, str]) -> bytes: ...
