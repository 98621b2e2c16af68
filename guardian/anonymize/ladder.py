"""Generaliser ladders (ladders.yaml): a span -> a coarser phrase at each rung.

    phrase(attribute, span, rung) = group(span).rungs[min(rung, len) - 1]     a listed term
                                  = numeric[min(rung, len) - 1] with {decade}  a number (age)
                                  = fallback[min(rung, len) - 1]               otherwise, if asked

"a nurse" -> "a healthcare worker" -> "a professional"; "Tacoma" -> "a city in the US" -> "a
place"; "34" -> "30-something" -> "an adult age". The file is loaded and checked once per
process (`default_ladder()`); users tune it by editing it or pointing at their own copy.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guardian.errors import ConfigError

__all__ = ["Ladder", "LadderError", "default_ladder", "LADDER_FILE", "ATTRIBUTE_OF_ENTITY"]

LADDER_FILE = Path(__file__).with_name("ladders.yaml")
MAX_AGE = 120
# The detector's entities that a ladder covers (for findings generalised at L4).
ATTRIBUTE_OF_ENTITY: Mapping[str, str] = {
    "OCCUPATION": "occupation", "LOCATION": "location", "AGE": "age", "GENDER": "sex",
    "RELATIONSHIP": "relationship_status", "MARITAL_STATUS": "relationship_status", "FIELD_OF_STUDY": "education",
}
_ARTICLE = re.compile(r"^(?:a|an|the|my|our|his|her|their)\s+", re.I)


class LadderError(ConfigError):
    """The ladders file is unreadable or malformed; the message names the file and entry."""


@dataclass(frozen=True)
class _Attribute:
    terms: Mapping[str, tuple[str, ...]]  # normalised term -> rungs
    fallback: tuple[str, ...]
    numeric: tuple[str, ...]


def _norm(span: str) -> str:
    text = " ".join(_ARTICLE.sub("", " ".join(span.lower().split())).split())
    return text.strip(".,;:!?\"'()")


class Ladder:
    """The ladders of every attribute; immutable once built."""

    def __init__(self, attributes: Mapping[str, _Attribute]) -> None:
        self._attributes = dict(attributes)

    @property
    def attributes(self) -> tuple[str, ...]:
        return tuple(self._attributes)

    @classmethod
    def from_file(cls, path: str | Path) -> Ladder:
        import yaml

        from guardian import yamlfile

        path = Path(path)
        try:
            raw = yamlfile.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as e:
            raise LadderError(f"{path}: cannot read the ladders ({e})") from e
        return cls.from_dict(raw, where=str(path))

    @classmethod
    def from_dict(cls, raw: Any, where: str = "ladders") -> Ladder:
        if not isinstance(raw, dict) or not isinstance(raw.get("attributes"), dict):
            raise LadderError(f"{where}: expected a mapping with 'attributes'")
        out: dict[str, _Attribute] = {}
        for name, spec in raw["attributes"].items():
            if not isinstance(spec, dict):
                raise LadderError(f"{where}: attribute {name!r} must be a mapping")
            terms: dict[str, tuple[str, ...]] = {}
            for group, body in (spec.get("groups") or {}).items():
                rungs, listed = (body or {}).get("rungs"), (body or {}).get("terms")
                if not _strings(rungs) or not _strings(listed):
                    raise LadderError(f"{where}: {name}.{group} needs non-empty 'rungs' and 'terms' lists of strings")
                for term in listed:
                    terms.setdefault(_norm(term), tuple(rungs))
            fallback, numeric = spec.get("fallback") or [], spec.get("numeric") or []
            if not isinstance(fallback, list) or not isinstance(numeric, list) or not all(
                    isinstance(x, str) and x for x in [*fallback, *numeric]):
                raise LadderError(f"{where}: {name}.fallback and {name}.numeric must be lists of strings")
            out[str(name)] = _Attribute(terms, tuple(fallback), tuple(numeric))
        return cls(out)

    def phrase(self, attribute: str | None, span: str, rung: int = 1, *, fallback: bool = False) -> str | None:
        """The phrase for `span` at `rung` (1-based), or None when the ladder has nothing for it.
        With no attribute, every attribute's groups are searched (first listed wins)."""
        names = [attribute] if attribute else list(self._attributes)
        key = _norm(span)
        rung = max(1, rung)
        for name in names:
            spec = self._attributes.get(name or "")
            if spec is None:
                continue
            rungs = spec.terms.get(key) or (spec.terms.get(key[:-1]) if key.endswith("s") else None)
            if rungs:
                return rungs[min(rung, len(rungs)) - 1]
            if spec.numeric and key.isdigit() and 0 < int(key) <= MAX_AGE:
                return spec.numeric[min(rung, len(spec.numeric)) - 1].format(decade=int(key) // 10 * 10)
        if fallback and attribute in self._attributes and self._attributes[attribute].fallback:
            rungs = self._attributes[attribute].fallback
            return rungs[min(rung, len(rungs)) - 1]
        return None


def _strings(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(x, str) and x.strip() for x in value)


@functools.lru_cache(maxsize=4)
def default_ladder(path: str | None = None) -> Ladder:
    """The shipped ladders (or those at `path`), loaded once per process."""
    return Ladder.from_file(path or LADDER_FILE)
