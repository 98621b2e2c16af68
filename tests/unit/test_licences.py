"""Every shipped weight file is listed in LICENSES.md with its data and licence."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_weight_file_is_listed_with_its_licence() -> None:
    table = (ROOT / "LICENSES.md").read_text()
    listed = [p for row in table.splitlines() if row.startswith("| `guardian/")
              for p in re.findall(r"`(guardian/[^`]+)`", row.split("|")[1])]
    weights = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "guardian").rglob("*.npz"))
    assert weights, "no weight file found"
    for path in weights:
        assert any(fnmatch.fnmatch(path, pattern) or (pattern.endswith(".npz") is False and path.startswith(pattern))
                   for pattern in listed), f"{path} is not in LICENSES.md"


def test_every_weight_file_declares_clean_data() -> None:
    """Each shipped weights file's record names its data and licence, and the default install
    ships none trained on data that forbids commercial use (those are opt-in: guardian/weights.py)."""
    from guardian.weights import licence_of

    weights = sorted((ROOT / "guardian").rglob("*.npz"))
    assert weights, "no weight file found"
    for path in weights:
        licence = licence_of(path)
        assert licence.sources, f"{path.relative_to(ROOT)} has no licence record"
        assert licence.clean is True, f"{path.relative_to(ROOT)} is trained on {licence.describe()}"
