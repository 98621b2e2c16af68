"""A wider planted dev set: many more planted prompts from the DEV benign prompts only.

    /tmp/pvenv/bin/pip install faker==40.63.0 simple-icd-10-cm==1.5.0   # the throwaway venv
    /tmp/pvenv/bin/python lab/bench/prompts/wide.py --per-base 3 --seed 4242

It plants with `build.py`'s own code (`plant`, its INTRO/OUTRO templates, its category balance)
into every prompt of `/work/prompt-sets/benign_dev.jsonl` (`--per-base` times each, so about
2,400 prompts), with other seeds and wider values than `build.py`'s:

- more Faker locales: en_US, en_GB, en_CA, en_AU, en_IN, en_NZ, en_IE, de_DE, fr_FR, es_ES,
  it_IT, nl_NL (one per prompt; phone numbers come in that locale's own formats: "+49(0) 982597919",
  "(03) 3788 7623", "+919825979190", "0118 496 0982"; Faker's extensions "x123" left out as in
  `build.py`);
- usernames: Faker's `user_name()` half the time, else another common handle shape built from
  Faker's names and words (CamelCase "JohnSmith", "JohnSmith87", "john_smith", "john-smith",
  "jsmith", "quick_river", "QuickRiver", "quickriver42");
- job titles: Faker's job list, also the entries `build.py` skips, as written in running text
  ("Engineer, civil (contracting)" -> "civil engineer", "Ranger/warden" -> "ranger");
- health conditions: `build.py`'s list a quarter of the time, else an ICD-10-CM category title
  (package `simple-icd-10-cm`: chapters A-N, titles of at most four words without "other",
  "unspecified", "of", "due to", commas or brackets; 356 titles: "chronic sinusitis", "lichen
  planus", "vitamin D deficiency"), picked by the seeded generator, never by hand.

Held-out part: the base prompts are shuffled with the seed and `--holdout` of them (30%) go,
with all their planted prompts, to `planted_wide_held.jsonl`; the rest to `planted_wide_dev.jsonl`.
Score the tuned part with `score.py --set planted_wide_dev --pipeline` (texts shown: a dev set)
and the held-out part with `--set planted_wide_held` (a name not ending in `_dev`: numbers only).
Tune on `planted_wide_dev` only.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402

WIDE_LOCALES = ("en_US",) * 3 + ("en_GB",) * 2 + (
    "en_CA", "en_AU", "en_IN", "en_NZ", "en_IE", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL")

# ICD-10-CM category titles that read as something a person says they have.
_ICD_SKIP = frozenset(
    "other unspecified sequelae not elsewhere classified and or of in with without due to following complicating "
    "personal history encounter status family contact exposure screening observation long term use abnormal "
    "findings examination presence absence problems".split()
)


def icd_conditions() -> list[str]:
    import simple_icd_10_cm as cm

    out = []
    for code in cm.get_all_codes(with_dots=False):
        if not cm.is_category(code) or code[0] > "N":  # chapters A-N: diseases, not injuries or causes
            continue
        title = cm.get_description(code)
        words = title.lower().split()
        if any(ch in title for ch in ",()[]/;:") or len(words) > 4 or _ICD_SKIP & set(words):
            continue
        first = title.split()[0]
        if not (first.endswith("'s") or first[:2].isupper()):
            title = title[0].lower() + title[1:]
        out.append(title)
    return sorted(set(out))


def _running_text_job(job: str) -> str | None:
    """Faker's list form as written in a sentence: "Engineer, civil (contracting)" -> "civil engineer"."""
    job = re.sub(r"\s*\([^)]*\)", "", job).strip()
    job = job.split("/")[0].strip()
    if "," in job:
        head, _, rest = job.partition(",")
        if "," in rest:
            return None
        job = f"{rest.strip()} {head.strip()}"
    if not job or len(job.split()) > 5:
        return None
    return job if job[:2].isupper() else job[0].lower() + job[1:]


class WideValues(build.Values):
    def __init__(self, seed: int) -> None:
        import faker

        if faker.VERSION != build.FAKER_VERSION:
            print(f"warning: Faker {faker.VERSION}, built with {build.FAKER_VERSION}: other values", file=sys.stderr)
        self.rng = random.Random(seed)
        self.fakes = {}
        for i, loc in enumerate(sorted(set(WIDE_LOCALES))):
            self.fakes[loc] = faker.Faker(loc)
            self.fakes[loc].seed_instance(seed + i)
        self.en = self.fakes["en_US"]
        self.icd = icd_conditions()

    def _handle(self, loc: str) -> str:
        f, rng, en = self.fakes[loc], self.rng, self.en
        if rng.random() < 0.5:
            return f.user_name()
        first, last = en.first_name(), en.last_name()
        w1, w2 = en.word(), en.word()
        digits = str(rng.randint(1, 99)) if rng.random() < 0.5 else str(rng.randint(1960, 2010))
        shapes = (
            f"{first}{last}", f"{first}{last}{digits}", f"{first.lower()}_{last.lower()}",
            f"{first.lower()}-{last.lower()}", f"{first[0].lower()}{last.lower()}", f"{w1}_{w2}",
            f"{w1.capitalize()}{w2.capitalize()}", f"{w1}{w2}{digits}", f"{first.lower()}_{digits}",
            f"{last.lower()}.{first.lower()[0]}",
        )
        return rng.choice(shapes)

    def value(self, category: str, loc: str, context: str = "") -> str:
        rng = self.rng
        if category == "username":
            return self._handle(loc)
        if category == "job_title":
            while (job := _running_text_job(self.en.job())) is None:
                pass
            return job
        if category == "health_condition":
            return rng.choice(build.HEALTH) if rng.random() < 0.25 else rng.choice(self.icd)
        return super().value(category, loc, context)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path("/work/prompt-sets"))
    ap.add_argument("--per-base", type=int, default=3, help="planted prompts per benign dev prompt")
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--holdout", type=float, default=0.3, help="share of the base prompts held out")
    args = ap.parse_args(argv)

    bases = [r for r in build._jsonl(args.data / "benign_dev.jsonl")]
    if any(r["split"] != "dev" for r in bases):
        raise SystemExit("benign_dev.jsonl holds a non-dev prompt")
    build.LOCALES = WIDE_LOCALES  # plant() draws each prompt's locale from it
    values = WideValues(args.seed)
    rng = random.Random(f"{args.seed}:wide")
    ids = sorted(r["id"] for r in bases)
    random.Random(f"{args.seed}:holdout").shuffle(ids)
    held = set(ids[: round(args.holdout * len(ids))])
    counts: Counter = Counter()
    parts: dict[str, list[dict]] = {"dev": [], "held": []}
    for k in range(args.per_base):
        for base in sorted(bases, key=lambda r: r["id"]):
            row = build.plant(base, values, rng, counts)
            row["id"] = f"wide{k}:{base['id']}"
            parts["held" if base["id"] in held else "dev"].append(row)
    for part, rows in parts.items():
        build._write_jsonl(args.data / f"planted_wide_{part}.jsonl", rows)
    print(json.dumps({f"planted_wide_{p}": len(r) for p, r in parts.items()}
                     | {"bases_held": len(held), "values": dict(counts)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
