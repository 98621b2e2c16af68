"""Attribute lists: a value named by its sibling, as many formats name their user attributes.

Some formats carry their attributes as a list of key/value objects instead of object keys:
OpenTelemetry's `KeyValue` (`{"key": "enduser.id", "value": {"stringValue": "..."}}`, the OTLP
JSON encoding), form serialisations (`[{"name": "email", "value": "..."}]`, jQuery's
`serializeArray`), SDKs' trait and metadata lists (`{"trait_key": "email", "trait_value":
...}`, `{"key": "plan", "value": "pro"}`), and JSON Patch operations (RFC 6902: `{"op": "replace",
"path": "/firstName", "value": ...}`; a JSON Pointer's last token names the value, RFC 6901) and
profile patches like them (`{"type": "set", "path": "firstName", "value": ...}`). Read by their JSON keys, every such value is called
`value`, and what it is gets lost. `name_attribute_values` gives each such value the name its
sibling says (`email`), so the later stages read it as they would `{"email": "..."}`; its path is
unchanged, so it is written back in place.

Typed values are the same thing one level down: a value wrapped in an object whose only key
says its type (`"name": {"string": "Jane"}` in Prefab's contexts, DynamoDB's `{"S": ...}`,
OTLP's `{"stringValue": ...}` under an attribute's own key), or whose `type` sibling says it
(`"name": {"type": "String", "value": "Jane", "isCollection": false}` in Relewise's user data), is
named by the key the wrapper sits under.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from guardian.codecs.json_ import json_locator
from guardian.codecs.nested import URL_LAYER
from guardian.records import Field, FieldKind

__all__ = ["name_attribute_values", "NAME_KEYS", "VALUE_KEYS", "TYPED_VALUE_KEYS", "TYPE_KEYS"]

NAME_KEYS = ("key", "name", "trait_key", "attribute", "field", "property", "path")  # the sibling that names
VALUE_KEYS = frozenset({"value", "trait_value", "values"})
# OTLP's AnyValue: the value one level down, by its type (opentelemetry-proto common.proto)
TYPED_VALUE_KEYS = frozenset({"stringValue", "intValue", "doubleValue", "boolValue", "bytesValue"})
# the type tags of typed-value encodings (Prefab's ConfigValue, DynamoDB's AttributeValue, OTLP's AnyValue)
TYPE_TAGS = frozenset({"string", "str", "int", "integer", "number", "double", "float", "bool", "boolean",
                       "S", "N", "BOOL", *TYPED_VALUE_KEYS})
_VALUE_NAMES = VALUE_KEYS | TYPED_VALUE_KEYS | TYPE_TAGS
TYPE_KEYS = frozenset({"type", "$type", "dataType", "valueType", "data_type", "value_type"})  # a wrapper's type sibling
_URL_HREF = URL_LAYER + "href:"  # a URL value's scheme, host and path
_ATTRIBUTE_NAME = re.compile(r"[A-Za-z_$][\w.$:\-]{0,63}")  # a key, not a sentence or a URL


def _entry_and_leaf(loc: tuple[str, ...]) -> tuple[tuple[str, ...], str] | None:
    """The locator of the key/value object a value sits in, and the value's key; None when the
    field is not an attribute value."""
    if len(loc) >= 2 and loc[-1] in TYPED_VALUE_KEYS and loc[-2] == "value":
        return loc[:-2], loc[-2]
    if loc and loc[-1] in VALUE_KEYS:
        return loc[:-1], loc[-1]
    if len(loc) >= 2 and loc[-1].isdigit() and loc[-2] in VALUE_KEYS:  # "values": ["a", "b"]
        return loc[:-2], loc[-2]
    return None


def _pointer_token(path: str) -> str:
    """The last reference token of a JSON Pointer ("/user/firstName" -> "firstName", "~1" is "/"
    and "~0" is "~", RFC 6901); a path without a leading "/" as it is ("custom.plan")."""
    if not path.startswith("/"):
        return path
    return path.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")


def name_attribute_values(fields: Sequence[Field]) -> list[Field]:
    """`fields`, with each attribute-list value named by its sibling key (see the module docstring)."""
    if _VALUE_NAMES.isdisjoint([f.name for f in fields]):  # most bodies: no attribute list at all
        return list(fields)
    names: dict[tuple[str, tuple[str, ...]], str] = {}
    typed: dict[tuple[str, tuple[str, ...]], str] = {}  # wrappers with a type sibling: the key they sit under
    located: list[tuple[Field, tuple[str, tuple[str, ...]] | None]] = []
    for field in fields:
        # a URL value is split into its scheme-host-path (`...|>url|>href:`) and its parameters: the
        # former is the attribute's value as a whole ("page.url"), the parameters keep their names
        base = field.path[:-len(_URL_HREF)] if field.path.endswith(_URL_HREF) else field.path
        loc = json_locator(base) if "json:" in base else None
        if loc is None:
            located.append((field, None))
            continue
        prefix = base.rsplit("|>", 1)[0] if "|>" in base else ""
        if loc and loc[-1] in NAME_KEYS and field.kind is FieldKind.STRING:
            name = _pointer_token(field.value.strip()) if loc[-1] == "path" else field.value.strip()
            if _ATTRIBUTE_NAME.fullmatch(name):
                names.setdefault((prefix, loc[:-1]), name)
        if loc and loc[-1] in TYPE_KEYS and len(loc) >= 2 and not loc[-2].isdigit() and _ATTRIBUTE_NAME.fullmatch(loc[-2]):
            typed.setdefault((prefix, loc[:-1]), loc[-2])  # the wrapper's own key names its value
        entry = _entry_and_leaf(loc)
        located.append((field, (prefix, entry[0]) if entry is not None else None))
    members: dict[tuple[str, tuple[str, ...]], int] = {}  # fields per object: a typed wrapper has one
    for field, _ in located:
        loc = json_locator(field.path) if "json:" in field.path else None
        if loc:
            key = (field.path.rsplit("|>", 1)[0] if "|>" in field.path else "", loc[:-1])
            members[key] = members.get(key, 0) + 1
    out: list[Field] = []
    for field, entry_key in located:
        name = (names.get(entry_key) or typed.get(entry_key)) if entry_key is not None else None
        if not name and field.name in TYPE_TAGS:
            name = _wrapper_name(field, members)
        out.append(dataclasses.replace(field, name=name) if name else field)
    return out


def _wrapper_name(field: Field, members: dict[tuple[str, tuple[str, ...]], int]) -> str | None:
    """The key a typed wrapper (`{"string": v}`, its only member) sits under, as the value's name."""
    loc = json_locator(field.path) if "json:" in field.path else None
    if not loc or len(loc) < 2:
        return None
    parent = loc[-2]
    prefix = field.path.rsplit("|>", 1)[0] if "|>" in field.path else ""
    if parent.isdigit() or parent in VALUE_KEYS or members.get((prefix, loc[:-1]), 0) != 1:
        return None
    return parent if _ATTRIBUTE_NAME.fullmatch(parent) else None
