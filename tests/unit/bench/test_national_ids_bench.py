"""lab/bench/national_ids.py on a file of numbers: an invalid number is counted as its own type
only when read as that type, not when it is a valid identifier of another type of its country."""

from __future__ import annotations

import json
from pathlib import Path

from stdnum.gb import nhs, utr

from guardian.detect.recognizers.national_ids import NationalIdRecognizer
from lab.bench.national_ids import _entities_of, score_file


class _NoDetector:
    def analyze_field(self, field: object) -> list[object]:
        return []


# Fails the NHS check, passes the UTR one, and no other country's ten-digit format.
INVALID_NHS_VALID_UTR = "6591414427"


def test_the_types_entities_come_from_the_table_and_the_ssn_reader() -> None:
    assert _entities_of("GB", "nhs") == {"UK_NHS"}
    assert _entities_of("US", "ssn") == {"US_SSN"}


def test_an_invalid_nhs_number_that_is_a_valid_utr_is_another_type_not_its_own(tmp_path: Path) -> None:
    value = INVALID_NHS_VALID_UTR
    assert not nhs.is_valid(value) and utr.is_valid(value)
    path = tmp_path / "ids.jsonl"
    path.write_text(json.dumps({"country": "GB", "type": "nhs", "value": value, "valid": False}) + "\n")
    result = score_file(path, NationalIdRecognizer(), _NoDetector())  # type: ignore[arg-type]
    ctx = result["GB/nhs"]["with_context"]
    assert ctx["invalid_flagged"] == 1.0
    assert ctx["invalid_flagged_as_own_type"] == 0.0
    assert ctx["invalid_flagged_as_other_type_of_country"] == 1.0
