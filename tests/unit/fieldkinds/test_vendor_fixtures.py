"""Every vendor dictionary loads, names a source per entry, and labels its documented requests.

The fixtures (`tests/fixtures/vendors/<family>.yaml`) are requests as each vendor documents them;
`expect` maps a key to the kind the classifier must give it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from guardian.codecs import decode_request
from guardian.errors import ConfigError
from guardian.fieldkinds import FieldKindClassifier, shipped_dictionaries
from guardian.fieldkinds.vendors import SHIPPED_DIR, json_path, load_family
from guardian.records import HttpRequest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "vendors"


def _cases() -> list[Any]:
    cases = []
    for path in sorted(FIXTURES.glob("*.yaml")):
        for item in yaml.safe_load(path.read_text("utf-8")):
            marks = [pytest.mark.skip(reason=item["pending"])] if item.get("pending") else []
            cases.append(pytest.param(item, id=f"{path.stem}: {item['name']}", marks=marks))
    return cases


def test_every_family_loads_with_a_source_per_entry() -> None:
    dictionaries = shipped_dictionaries()
    files = sorted(SHIPPED_DIR.glob("*.yaml"))
    assert len(dictionaries.families) == len(files) >= 25
    for path in files:
        raw = yaml.safe_load(path.read_text("utf-8"))
        assert raw["family"] == path.stem
        assert all(p.get("source", "").startswith(("http", "repo:")) or ":" in p.get("source", "") for p in raw["params"])
    assert {p.stem for p in FIXTURES.glob("*.yaml")} == {p.stem for p in files}  # a fixture per family


@pytest.mark.parametrize("case", _cases())
def test_documented_requests_get_their_kinds(case: dict[str, Any]) -> None:
    headers = tuple((k, str(v)) for k, v in (case.get("headers") or {}).items())
    request = HttpRequest(case.get("method", "GET"), case["url"], headers, str(case.get("body") or "").encode())
    payload = decode_request(request)
    kinds = FieldKindClassifier().classify(request, payload)
    by_key: dict[str, set[str]] = {}
    for field in payload.fields:
        label = kinds.get(field.path)
        by_key.setdefault(field.name, set()).add(label.kind.value if label else "none")
        dotted = json_path(field)  # a fixture may name a JSON key by its path, "[]" for any index
        if dotted is not None:
            by_key.setdefault(dotted, set()).add(label.kind.value if label else "none")
    for key, kind in case["expect"].items():
        assert key in by_key, f"{key!r} is not a field of the request"
        assert by_key[key] == {kind}, f"{key!r}: {by_key[key]} != {kind}"


def test_a_bad_entry_is_refused_naming_the_file_and_entry(tmp_path: Path) -> None:
    bad = tmp_path / "x.yaml"
    bad.write_text("family: x\nendpoints: [{hosts: [x.example]}]\nparams:\n  - {keys: [a], kind: secret, source: s}\n")
    with pytest.raises(ConfigError, match=r"x.yaml: params\[0\]: kind must be one of"):
        load_family(bad)
    bad.write_text("family: x\nparams:\n  - {keys: [a], kind: site_machinery}\n")
    with pytest.raises(ConfigError, match="names its source"):
        load_family(bad)
    bad.write_text("family: x\nparams:\n  - {keys: [a], kind: site_machinery, source: s, colour: red}\n")
    with pytest.raises(ConfigError, match="unknown key 'colour'"):
        load_family(bad)
    bad.write_text("family: x\nendpoints: [{hosts: ['*']}]\nparams:\n  - {keys: [a], kind: site_machinery, source: s}\n")
    with pytest.raises(ConfigError, match=r"endpoints\[0\] has hosts \['\*'\] without paths"):
        load_family(bad)


def test_an_any_host_endpoint_is_known_by_its_path_alone() -> None:
    dictionaries = shipped_dictionaries()
    families = {f.family for f in dictionaries.for_request("stats.example.org", "/js/matomo.php")}
    assert "matomo" in families
    assert "matomo" not in {f.family for f in dictionaries.for_request("stats.example.org", "/js/app.php")}


def test_the_families_of_a_request_are_remembered_within_a_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    from guardian.fieldkinds import vendors

    dictionaries = vendors.VendorDictionaries(shipped_dictionaries().families)
    asked = [("www.google-analytics.com", "/g/collect", ()), ("stats.example.org", "/js/matomo.php", ()),
             ("cdp.example.com", "/v1/t", ("segment",)), ("shop.example", "/api/cart", ())]
    first = [dictionaries.for_request(*a) for a in asked]
    assert [dictionaries.for_request(*a) for a in asked] == first  # the same answers from memory
    assert first == [dictionaries._for_request(*a) for a in asked]  # as worked out anew
    assert any(first) and not first[-1]
    monkeypatch.setattr(vendors, "FAMILY_CACHE_SIZE", 2)
    for i in range(5):
        dictionaries.for_request(f"h{i}.example", "/", ())
    assert len(dictionaries._families) <= 2
