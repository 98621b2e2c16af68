"""Write the medicine names the detector knows (guardian/detect/recognizers/medicines.txt).

    guardian-lab detect write-medicines [--out guardian/detect/recognizers/medicines.txt]

People name their medicines by brand as often as by INN ("I'm on Vyvanse", "the pharmacy has not
refilled my Ozempic"), and a brand has no INN stem to recognise it by. The names come from
`drug-named-entity-recognition`'s dictionary (MIT; compiled from DrugBank's open vocabulary (CC0),
MeSH (public domain), MedlinePlus (public domain), the NHS website (OGL v3) and Wikipedia (CC BY-SA)):
every single-word name, generic or brand, of a drug that MedlinePlus or the NHS describes to
patients (a medicine people are prescribed or buy, not a laboratory chemical or a fertiliser),
five letters or more, lower case. The file is sorted and starts with its source and command, so a
new dictionary release gives a reviewable diff. The proxy reads the file, never the dictionary
(which takes hundreds of megabytes loaded).
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["HEADER", "medicine_names", "write_medicines"]

HEADER = (
    "# Medicine names (generic and brand, one word, lower case) of the drugs MedlinePlus or the NHS describe,\n"
    "# from drug-named-entity-recognition {version}'s dictionary (MIT; DrugBank open vocabulary CC0, MeSH and\n"
    "# MedlinePlus public domain, NHS website OGL v3, Wikipedia CC BY-SA). Written by\n"
    "# `guardian-lab detect write-medicines` (lab/training/detect/medicines.py); do not edit by hand.\n"
)
_NAME = re.compile(r"[a-z][a-z\-]{4,40}")


def medicine_names() -> list[str]:
    """The names, sorted (module docstring)."""
    from drug_named_entity_recognition import drugs_finder

    described = {c for c, data in drugs_finder.drug_canonical_to_data.items()
                 if data.get("medline_plus_id") or data.get("nhs_url")}
    return sorted({v for v, canonical in drugs_finder.drug_variant_to_canonical.items()
                   if _NAME.fullmatch(v) and any(c in described for c in canonical)})


def write_medicines(out: Path) -> int:
    """Write the file; the number of names."""
    from importlib.metadata import version

    names = medicine_names()
    out.write_text(HEADER.format(version=version("drug-named-entity-recognition")) + "\n".join(names) + "\n",
                   encoding="utf-8")
    return len(names)
