"""(action, statement, label) pairs from OPP-115's consolidated practices; see guardian/matcher/README.md.

Two schemes:
- `segment` (the default, what the request path sees): a statement is one OPP-115 segment, its
  full text, with the fields our policy-store annotator reads from that text. Its gold practices
  are the segment's consolidated First Party Collection/Use and Third Party Sharing/Collection
  practices; an action is consistent when one of them permits it (`violates_any`).
- `practice`: a statement is one consolidated practice, its text what the annotators highlighted,
  its fields the gold attributes; labels then come from the very fields System 1 reads, so this
  scheme checks the model and its calibration, not reading.
Actions are derived from the gold practices (the action one describes, near misses that change
one field, an action of another statement of the same policy). Policies are split into train
and test as whole policies.
"""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from guardian.matcher.schema import PARTIES, PI_TYPES, PURPOSES, Practice

__all__ = [
    "Pair", "load_statements", "load_segments", "derive_pairs", "split_policies", "violates", "violates_any",
    "OppStatement", "TEST_EVERY", "SCHEMES",
]

SCHEMES = ("segment", "practice")

FPC = "First Party Collection/Use"
TPSC = "Third Party Sharing/Collection"
TEST_EVERY = 5  # every 5th policy (by uid, from the 3rd) is held out for test
# A statement that names no purpose permits only what running the service needs.
_IMPLIED_PURPOSES = frozenset({"Basic service/feature", "Service operation and security"})
_SPECIFIC_PI = tuple(t for t in PI_TYPES if t != "Generic personal information")
_THIRD_PARTIES = tuple(p for p in PARTIES if p != "first party")


@dataclass(frozen=True)
class OppStatement:
    policy: int  # policy uid
    sid: str  # "<uid>:<annotation id>" (practice scheme) or "<uid>:seg<segment id>" (segment scheme)
    text: str
    practice: Practice  # the fields System 1 reads
    gold: tuple[Practice, ...] = ()  # the practices labels come from; () means (practice,)
    segment: int = -1

    @property
    def gold_practices(self) -> tuple[Practice, ...]:
        return self.gold or (self.practice,)


@dataclass(frozen=True)
class Pair:
    policy: int
    statement: OppStatement
    action: Practice
    label: int  # 1 = violating, 0 = consistent
    kind: str  # described | near_miss:<field> | cross


def _value(attrs: dict, name: str) -> str | None:
    v = attrs.get(name, {}).get("value")
    return None if v in (None, "not-selected") else v


def _norm(value: str, vocab: tuple[str, ...]) -> str | None:
    low = {v.lower(): v for v in vocab}
    return low.get(value.lower())


def _statement(uid: int, row: list[str], segments: dict[tuple[int, int], str]) -> OppStatement | None:
    cat = row[5]
    if cat not in (FPC, TPSC):
        return None
    attrs = json.loads(row[6])
    pi_v = _value(attrs, "Personal Information Type")
    purpose_v = _value(attrs, "Purpose")
    pi = _norm(pi_v, PI_TYPES) if pi_v else None
    purpose = _norm(purpose_v, PURPOSES) if purpose_v else None
    if cat == FPC:
        parties = {"first party"}
        mode = {"Explicit": "explicit", "Implicit": "implicit"}.get(_value(attrs, "Collection Mode") or "")
        how = _value(attrs, "Action First-Party") or ""
        tracking = how in ("Track user on other websites", "Collect from user on other websites")
    else:
        entity = _value(attrs, "Third Party Entity") or "Unspecified"
        party = {"Other users": "Public", "Unspecified": "Unnamed third party", "Other": "Unnamed third party"}.get(entity, entity)
        parties = {_norm(party, PARTIES) or "Unnamed third party"}
        mode = None
        tracking = (_value(attrs, "Action Third Party") or "") == "Track on first party website/app"
    choice = _value(attrs, "Choice Type") or ""
    ident = _value(attrs, "Identifiability") or ""
    practice = Practice(
        practices=frozenset({"collect" if cat == FPC else "share"}),
        pi=frozenset({pi}) if pi else frozenset(),
        purposes=frozenset({purpose}) if purpose else frozenset(),
        parties=frozenset(parties),
        mode=mode,
        does_not=_value(attrs, "Does/Does Not") == "Does Not",
        opt_in=choice == "Opt-in",
        opt_out=choice not in ("", "Opt-in", "Unspecified", "Other"),
        identifiable=ident == "Identifiable",
        aggregated=ident == "Aggregated or anonymized",
        tracking=tracking,
    )
    spans = sorted({(a["startIndexInSegment"], a["selectedText"]) for a in attrs.values()
                    if isinstance(a, dict) and a.get("selectedText") and a.get("selectedText") != "null"})
    text = " ... ".join(dict.fromkeys(t.strip() for _, t in spans if t.strip()))
    if not text:
        text = segments.get((uid, int(row[4])), "")[:600]
    if not text:
        return None
    return OppStatement(policy=uid, sid=f"{uid}:{row[0]}", text=text, practice=practice, segment=int(row[4]))


def _segment_texts(root: Path) -> dict[tuple[int, int], str]:
    segments: dict[tuple[int, int], str] = {}
    seg_csv = root / "segments.csv"
    if seg_csv.exists():
        with seg_csv.open(newline="", encoding="utf-8") as f:
            for r in csv.DictReader(f):
                segments[(int(r["policy_uid"]), int(r["segment_id"]))] = r["segment_text"]
    return segments


def _consolidation(root: Path) -> Path:
    cons = root / "consolidation_threshold-0.75"
    if not cons.is_dir():
        raise FileNotFoundError(f"{cons} not found: --data must be the OPP-115 folder (../shared/data/opp115)")
    return cons


def load_statements(data: str | Path, segments: dict[tuple[int, int], str] | None = None) -> list[OppStatement]:
    """Every usable FPC/TPSC practice of every policy in `data` (the opp115 folder); `segments`
    are the segment texts when the caller has read them already."""
    root = Path(data)
    cons = _consolidation(root)
    if segments is None:
        segments = _segment_texts(root)
    out: list[OppStatement] = []
    for path in sorted(cons.glob("*.csv"), key=lambda p: int(p.name.split("_", 1)[0])):
        uid = int(path.name.split("_", 1)[0])
        with path.open(newline="", encoding="utf-8") as f:
            for row in csv.reader(f):
                if len(row) >= 7:
                    s = _statement(uid, row, segments)
                    if s is not None:
                        out.append(s)
    return out


def load_segments(data: str | Path, annotate: Callable[[str], Practice] | None = None) -> list[OppStatement]:
    """One statement per OPP-115 segment with at least one FPC/TPSC practice: the segment's text,
    the fields `annotate` reads from it (default: the policy store's rule annotator, as on the
    request path) and the segment's gold practices."""
    root = Path(data)
    texts = _segment_texts(root)
    if annotate is None:
        annotate = _rule_annotate()
    groups: dict[tuple[int, int], list[OppStatement]] = {}
    for st in load_statements(root, texts):
        groups.setdefault((st.policy, st.segment), []).append(st)
    out: list[OppStatement] = []
    for (uid, seg), members in groups.items():
        text = texts.get((uid, seg)) or " ... ".join(dict.fromkeys(m.text for m in members))
        gold = tuple(dict.fromkeys(m.practice for m in members))
        out.append(OppStatement(policy=uid, sid=f"{uid}:seg{seg}", text=text, practice=annotate(text), gold=gold, segment=seg))
    return out


def _rule_annotate() -> Callable[[str], Practice]:
    from guardian.matcher.schema import statement_practice
    from guardian.policies.annotate import RuleAnnotator

    annotator = RuleAnnotator()
    return lambda text: statement_practice(annotator.annotate(text))


def split_policies(uids: list[int]) -> tuple[set[int], set[int]]:
    """(train, test) policy uids: sorted by uid, every TEST_EVERY-th (from index 2) is test."""
    ordered = sorted(set(uids))
    test = {u for i, u in enumerate(ordered) if i % TEST_EVERY == 2}
    return set(ordered) - test, test


def covers(s: Practice, a: Practice) -> bool:
    """Whether statement s describes action a (practice, data, purpose and party all match)."""
    if not (a.practices & s.practices):
        return False
    if a.pi and not (a.pi <= s.pi or "Generic personal information" in s.pi):
        return False
    s_purposes = s.purposes or _IMPLIED_PURPOSES
    if not a.purposes or not a.purposes <= s_purposes:
        return False
    return a.parties <= s.parties


def violates(s: Practice, a: Practice) -> int:
    """The label: 0 when s permits a, 1 when s forbids a ("does not") or does not cover it.

    Covered means `covers`; an opt-in (consent) statement does not permit implicit collection.
    """
    if not covers(s, a):
        return 1
    if s.does_not:
        return 1
    if s.opt_in and a.mode == "implicit":
        return 1
    return 0


def violates_any(gold: tuple[Practice, ...], a: Practice) -> int:
    """The label against several practices (one segment): consistent when any of them permits a."""
    return min(violates(g, a) for g in gold)


def _described(s: Practice, rng: random.Random) -> Practice:
    """The action that statement s is about (a request doing what it says)."""
    pi = sorted(s.pi - {"Generic personal information"}) or [rng.choice(_SPECIFIC_PI)]
    purposes = sorted(s.purposes) or sorted(_IMPLIED_PURPOSES)
    practice = rng.choice(sorted(s.practices))
    parties = ["first party"] if practice == "collect" else sorted(s.parties - {"first party"}) or ["Unnamed third party"]
    mode = s.mode or rng.choice(["explicit", "implicit", None])
    if s.opt_in and mode == "implicit" and rng.random() < 0.7:
        mode = "explicit"
    return Practice(practices=frozenset({practice}), pi=frozenset({rng.choice(pi)}), purposes=frozenset({rng.choice(purposes)}),
                    parties=frozenset({rng.choice(parties)}), mode=mode, identifiable=True)


def _near_miss(a: Practice, s: Practice, rng: random.Random) -> tuple[str, Practice]:
    field = rng.choice(["pi", "purpose", "party", "mode"])
    if field == "pi":
        choices = [t for t in _SPECIFIC_PI if t not in s.pi]
        return field, replace(a, pi=frozenset({rng.choice(choices)}))
    if field == "purpose":
        choices = [q for q in PURPOSES if q not in (s.purposes or _IMPLIED_PURPOSES)]
        return field, replace(a, purposes=frozenset({rng.choice(choices)}))
    if field == "party":
        if "collect" in a.practices:  # a first-party practice sent to a third party instead
            return field, replace(a, practices=frozenset({"share"}), parties=frozenset({rng.choice(_THIRD_PARTIES)}))
        choices = [p for p in _THIRD_PARTIES if p not in s.parties]
        return field, replace(a, parties=frozenset({rng.choice(choices)}))
    return field, replace(a, mode=rng.choice(["explicit", "implicit"]))


def derive_pairs(statements: list[OppStatement], seed: int = 0) -> list[Pair]:
    """Per gold practice of a statement: the described action and two near misses; per statement
    one action of another statement of the same policy; each labelled by `violates_any` against
    the statement's gold practices; exact duplicates within a policy dropped."""
    rng = random.Random(seed)
    by_policy: dict[int, list[OppStatement]] = {}
    for s in statements:
        by_policy.setdefault(s.policy, []).append(s)
    out: list[Pair] = []
    for uid in sorted(by_policy):
        group = by_policy[uid]
        seen: set[tuple[str, Practice]] = set()
        for s in group:
            candidates = []
            for g in s.gold_practices:
                a = _described(g, rng)
                candidates.append(("described", a))
                for _ in range(2):
                    field, b = _near_miss(a, g, rng)
                    candidates.append((f"near_miss:{field}", b))
            other = rng.choice(group).gold_practices
            candidates.append(("cross", _described(other[0] if len(other) == 1 else rng.choice(other), rng)))
            for kind, act in candidates:
                key = (s.text, act)
                if key in seen:
                    continue
                seen.add(key)
                out.append(Pair(uid, s, act, violates_any(s.gold_practices, act), kind))
    return out


