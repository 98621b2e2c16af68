"""The risk constants against the paper's risk-control tables, on the shared PII-Masking data."""

from __future__ import annotations

import pytest

from lab.eval.datasets import load_dataset
from lab.eval.risk_tables import risk_tables

from .conftest import SHARED


@pytest.mark.skipif(not (SHARED / "pii_masking_300k").exists(), reason=f"PII-Masking-300k not found under {SHARED}")
def test_action_contexts_and_start_levels_follow_the_paper() -> None:
    from guardian.detect import Detector

    tables = risk_tables(load_dataset("pii300k", SHARED), Detector(), n=50, seeds=[42, 43])
    c = tables["contexts"]
    assert c["C_low"]["allow"]["mean"] == 1.0 and c["C_med"]["transform"]["mean"] >= 0.98
    assert c["C_high"]["deny"]["mean"] >= 0.995 and c["C_ext"]["deny"]["mean"] == 1.0
    band = tables["transform_band"]
    mild, moderate, strong = (band[k]["l0"]["mean"] for k in ("T_mild", "T_moderate", "T_strong"))
    # the paper: 1.48 < 2.52 < 3.33; the start level rises with the context
    assert mild < moderate < strong, (mild, moderate, strong)
