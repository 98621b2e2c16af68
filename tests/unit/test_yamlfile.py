"""guardian/yamlfile.py: the shipped tables read as PyYAML's safe loader reads them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from guardian import yamlfile

GUARDIAN = Path(__file__).resolve().parents[2] / "guardian"


def test_every_shipped_table_reads_as_the_safe_loader_reads_it() -> None:
    tables = sorted(GUARDIAN.rglob("*.yaml"))
    assert len(tables) > 20
    for path in tables:
        text = path.read_text(encoding="utf-8")
        assert yamlfile.safe_load(text) == yaml.safe_load(text), path


def test_a_python_tag_is_refused_as_the_safe_loader_refuses_it() -> None:
    with pytest.raises(yaml.YAMLError):
        yamlfile.safe_load("!!python/object/apply:os.system ['true']")


def test_a_broken_table_raises_yamls_own_error_with_its_line() -> None:
    with pytest.raises(yaml.YAMLError) as e:
        yamlfile.safe_load("a: 1\nb: [2, 3\nc: 4\n")
    assert "line" in str(e.value)
