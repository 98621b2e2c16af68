"""The minilm-lora encoder: adapters trained with the head, merged into MiniLM, saved, loaded (an opt-in)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from guardian.matcher import Matcher, System1
from guardian.matcher.bootstrap import Bootstrapper, LabelStore
from guardian.matcher.encoders import LoRAMiniLMEncoder, adapter_digest, make_encoder, minilm_path
from guardian.matcher.model import S1Weights, train_model
from guardian.matcher.schema import Practice
from guardian.matcher.system1 import EvidenceItem
from lab.training.matcher.finetune import fine_tune, reader_weights
from guardian.policies.records import Statement, StatementFields
from guardian.records import Action, Basis, Purpose, RecipientType
from guardian.categories import DataCategory

SHARE_ADS = Practice(frozenset({"share"}), frozenset({"Contact"}), frozenset({"Advertising"}), frozenset({"Unnamed third party"}), "implicit")
COLLECT_BASIC = Practice(frozenset({"collect"}), frozenset({"Contact"}), frozenset({"Basic service/feature"}), frozenset({"first party"}), "explicit")
ANY = Practice(frozenset({"collect"}))
ROWS = [
    ("The site shares your contact details with third parties for advertising.", "We share your email with advertisers.", 0),
    ("The site collects your location for analytics.", "We do not collect location data.", 1),
] * 4


@pytest.fixture(scope="module")
def trained():
    torch = pytest.importorskip("torch")
    reader = fine_tune(ROWS, model_dir=minilm_path(), epochs=1, batch=4)
    with torch.no_grad():  # one epoch barely moves B from 0; make the adapters matter
        for adapter in reader.adapters.values():
            adapter.b.normal_(0.0, 0.02)
    return reader, reader_weights(reader, {"version": "test"})


def test_adapters_cover_every_linear_of_the_six_blocks(trained) -> None:
    _, w = trained
    names = {k[len("lora."):].rsplit(".", 1)[0] for k in w.adapters}
    assert len(names) == 6 * 6  # query, key, value, attention output, intermediate, output per block
    assert all(n.startswith("encoder.layer.") for n in names)
    assert w.encoder == "minilm-lora" and w.w1.shape == (4 * 384, 128)


def test_merged_encoder_embeds_as_the_trained_reader(trained) -> None:
    import torch

    reader, w = trained
    texts = [ROWS[0][0], ROWS[1][1]]
    with torch.no_grad():
        expected = reader.embed(texts).numpy()
    merged = make_encoder(w.encoder, w.adapters).embed(texts)
    plain = make_encoder("minilm").embed(texts)
    assert np.abs(merged - expected).max() < 1e-3
    assert np.abs(plain - expected).max() > 1e-2  # the adapters change what the encoder says
    assert np.abs(make_encoder("minilm").embed(texts) - plain).max() == 0  # the shared plain model is untouched


def test_adapters_survive_save_load_and_head_fine_tuning(trained, tmp_path: Path) -> None:
    _, w = trained
    w.save(tmp_path / "w.npz")
    back = S1Weights.load(tmp_path / "w.npz")
    assert back.encoder == "minilm-lora" and adapter_digest(back.adapters) == adapter_digest(w.adapters)
    assert np.allclose(back.w1, w.w1)
    rng = np.random.default_rng(0)
    b, p = rng.normal(size=(16, 384)).astype(np.float32), rng.normal(size=(16, 384)).astype(np.float32)
    tuned = train_model(back.encoder, b, p, np.arange(16) % 2, epochs=1, init=back)
    assert adapter_digest(tuned.adapters) == adapter_digest(w.adapters)  # what bootstrapping writes


def test_encoder_refuses_weights_without_adapters() -> None:
    with pytest.raises(Exception, match="adapters"):
        make_encoder("minilm-lora")


def test_shipped_minilm_reads_the_statement_text() -> None:
    """The licence-clean `minilm` (trained on template statements) reads what a statement says."""
    s1 = System1.shipped("minilm")
    assert s1.weights.meta["licence"]["clean"] is True
    shares = EvidenceItem("p:1", ANY, "We share your email address and phone number with advertising partners so they can show you relevant ads.")
    denies = EvidenceItem("p:2", ANY, "We do not sell or share your personal information with third parties for their marketing or advertising purposes.")
    account = EvidenceItem("p:3", ANY, "We collect your email address when you create an account so that we can provide the service.")
    assert s1.score([SHARE_ADS], [shares]).likelihood < 0.5 < s1.score([SHARE_ADS], [denies]).likelihood
    assert s1.score([COLLECT_BASIC], [account]).likelihood < 0.5 < s1.score([SHARE_ADS], [account]).likelihood


def test_minilm_lora_is_an_opt_in_read_from_the_opt_in_folder(trained, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No minilm-lora weights ship (they are trained on OPP-115); the user's own are found and used."""
    from guardian.errors import SettingsError
    from guardian.settings import Settings

    monkeypatch.setenv("GUARDIAN_WEIGHTS", str(tmp_path))
    with pytest.raises(SettingsError, match="OPP-115"):
        Settings.from_values({"guardian_matcher": "minilm-lora"})
    _, w = trained
    (tmp_path / "matcher").mkdir()
    w.save(tmp_path / "matcher" / "minilm-lora.npz")
    assert Settings.from_values({"guardian_matcher": "minilm-lora"}).matcher == "minilm-lora"
    s1 = System1.shipped("minilm-lora")
    assert isinstance(s1.encoder, LoRAMiniLMEncoder) and adapter_digest(s1.weights.adapters) == adapter_digest(w.adapters)


def test_bootstrap_keeps_to_its_own_encoder(tmp_path: Path) -> None:
    """A fine-tune of another encoder (or of other adapters) is never swapped in at start."""
    shipped = S1Weights.load(Path(__file__).resolve().parents[3] / "guardian" / "matcher" / "weights" / "multihot.npz")
    store = LabelStore(tmp_path / "labels.sqlite3")
    other = tmp_path / "matcher-s1-minilm-lora-boot8.npz"
    S1Weights("minilm-lora", np.zeros((4 * 384, 128), np.float32), np.zeros(128, np.float32), np.zeros((128, 2), np.float32),
              np.zeros(2, np.float32), {}, {"lora.x.a": np.ones((1, 1), np.float32)}).save(other)
    store.record_model("minilm-lora-boot8", 8, other, "shipped")
    s1 = System1(shipped, version="shipped")
    Bootstrapper(s1, store, background=False)
    assert s1.version == "shipped"
    own = tmp_path / "matcher-s1-multihot-boot8.npz"
    replace(shipped, adapters={"lora.x.a": np.ones((1, 1), np.float32)}).save(own)  # same encoder, other adapters
    store.record_model("multihot-boot8", 8, own, "shipped")
    assert store.latest_model("multihot") == ("multihot-boot8", own)
    Bootstrapper(s1, store, background=False)
    assert s1.version == "shipped"


class _BrokenEncoder:
    name = "broken"

    def action(self, p: Practice) -> np.ndarray:
        raise OSError("model files missing")

    def statements(self, items: object) -> np.ndarray:
        raise OSError("model files missing")


def test_a_failing_system1_falls_back_to_the_prior_not_an_error() -> None:
    shipped = S1Weights.load(Path(__file__).resolve().parents[3] / "guardian" / "matcher" / "weights" / "multihot.npz")
    m = Matcher(System1(shipped, _BrokenEncoder()))  # type: ignore[arg-type]
    action = Action("ads.example", frozenset({DataCategory.EMAIL}), RecipientType.ADVERTISING, (Purpose.ADVERTISING,), Basis.BACKGROUND)
    st = Statement(id="v1:0", text="We share your email with advertisers.", fields=StatementFields())
    est = m.estimate(action, [st])
    assert est.source == "prior" and "System 1 failed (OSError)" in est.record["why"]
