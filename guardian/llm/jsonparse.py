"""A tolerant reader for the JSON a small model writes: fences stripped, first value kept,
checked against a small JSON-schema subset, numbers clamped to the schema's bounds."""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = ["extract_json", "conform", "SchemaMismatch"]

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)


class SchemaMismatch(ValueError):
    """The JSON does not have the shape the schema asks for."""


def extract_json(text: str) -> Any:
    """The first JSON object or array in `text`, after removing code fences; ValueError if none."""
    if not isinstance(text, str):
        raise ValueError("no text")
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for chunk in candidates:
        chunk = chunk.strip()
        for i, ch in enumerate(chunk):
            if ch in "{[":
                try:
                    value, _ = decoder.raw_decode(chunk, i)
                except json.JSONDecodeError:
                    continue
                return value
    raise ValueError("no JSON value in the answer")


def conform(value: Any, schema: dict[str, Any], path: str = "$") -> Any:
    """`value` checked against `schema` (type, properties, required, items, enum, bounds).

    Numbers are clamped into [minimum, maximum]; numeric strings become numbers; unknown
    properties are dropped; a missing optional property is left out. Raises SchemaMismatch.
    """
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            raise SchemaMismatch(f"{path}: expected an object")
        props: dict[str, Any] = schema.get("properties", {})
        out: dict[str, Any] = {}
        for name in schema.get("required", []):
            if name not in value:
                raise SchemaMismatch(f"{path}.{name}: missing")
        for name, sub in props.items():
            if name in value:
                out[name] = conform(value[name], sub, f"{path}.{name}")
        return out
    if kind == "array":
        if isinstance(value, dict):  # a lone object where a list was asked for
            value = [value]
        if not isinstance(value, list):
            raise SchemaMismatch(f"{path}: expected an array")
        items = schema.get("items", {})
        out_list = []
        for i, item in enumerate(value):
            try:
                out_list.append(conform(item, items, f"{path}[{i}]"))
            except SchemaMismatch:
                if schema.get("x-drop-bad-items", True):
                    continue  # one malformed guess must not lose the others
                raise
        limit = schema.get("maxItems")
        return out_list[:limit] if isinstance(limit, int) else out_list
    if kind in ("number", "integer"):
        if isinstance(value, str):
            try:
                value = float(value.strip().rstrip("%")) / (100 if value.strip().endswith("%") else 1)
            except ValueError:
                raise SchemaMismatch(f"{path}: expected a number") from None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            raise SchemaMismatch(f"{path}: expected a number")
        lo, hi = schema.get("minimum"), schema.get("maximum")
        if lo is not None:
            value = max(lo, value)
        if hi is not None:
            value = min(hi, value)
        return int(value) if kind == "integer" else float(value)
    if kind == "string":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise SchemaMismatch(f"{path}: expected a string")
        if "enum" in schema and value not in schema["enum"]:
            raise SchemaMismatch(f"{path}: not one of {schema['enum']}")
        return value
    if kind == "boolean":
        if not isinstance(value, bool):
            raise SchemaMismatch(f"{path}: expected true or false")
        return value
    return value
