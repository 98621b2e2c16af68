#!/usr/bin/env python3
"""Builds frames.jsonl, values.json, near_misses.jsonl, questions.jsonl from src/ (hand-written).
src/<lang>_frames.tsv : category|case-or-'-'|frame
src/<lang>_values.txt : key: v1 | v2 | ...   (key = category or category/case)
src/<lang>_near.txt   : one near-miss text per line
src/<lang>_q.txt      : one written question per line
"""
import json, hashlib, os, sys, collections
LANGS = ["de", "es", "ro", "el", "ru", "tr"]
CATS = ["health_condition","medication","mental_health","disability","pregnancy","religion",
 "political_affiliation","union_membership","ethnicity","sexual_orientation","job_title","employer",
 "school","home_town","age","income","relationship_status"]
here = os.path.dirname(os.path.abspath(__file__)); S = os.path.join(here, "src")
def lines(p):
    if not os.path.exists(p): return []
    return [l.rstrip("\n") for l in open(p, encoding="utf-8") if l.strip() and not l.startswith("#")]
frames, values, near, qs, errs = [], {}, [], [], []
for lang in LANGS:
    vals = collections.OrderedDict()
    for l in lines(f"{S}/{lang}_values.txt"):
        k, _, rest = l.partition(":")
        k = k.strip(); vs = [v.strip() for v in rest.split("|") if v.strip()]
        vals.setdefault(k, [])
        for v in vs:
            if v not in vals[k]: vals[k].append(v)
    values[lang] = vals
    seen = set()
    for l in lines(f"{S}/{lang}_frames.tsv"):
        parts = [x.strip() for x in l.split("|", 2)]
        if len(parts) != 3: errs.append(f"{lang} bad frame line: {l[:60]}"); continue
        cat, case, fr = parts
        if cat not in CATS: errs.append(f"{lang} bad cat {cat}")
        if fr.count("{V}") != 1: errs.append(f"{lang} frame without single {{V}}: {fr[:60]}")
        if (cat, fr) in seen: errs.append(f"{lang} dup frame {fr[:60]}")
        seen.add((cat, fr))
        o = {"lang": lang, "category": cat, "frame": fr}
        if case != "-": o["case"] = case
        key = cat if case == "-" else f"{cat}/{case}"
        if len(vals.get(key, [])) < 30: errs.append(f"{lang} key {key} has {len(vals.get(key, []))} values")
        frames.append(o)
    for k, vs in vals.items():
        if len(vs) < 30: errs.append(f"{lang} values {k}: only {len(vs)}")
    nn = lines(f"{S}/{lang}_near.txt")
    if len(set(nn)) != len(nn): errs.append(f"{lang} dup near-miss")
    near += [{"lang": lang, "text": t} for t in nn]
    qq = lines(f"{S}/{lang}_q.txt")
    if len(set(qq)) != len(qq): errs.append(f"{lang} dup question")
    for t in qq:
        h = int(hashlib.sha1(f"{lang}:{t}".encode()).hexdigest(), 16) % 5
        qs.append({"lang": lang, "source": "written", "text": t, "split": "dev" if h == 0 else "train"})
def dump(name, rows):
    with open(os.path.join(here, name), "w", encoding="utf-8") as f:
        for r in rows: f.write(json.dumps(r, ensure_ascii=False) + "\n")
dump("frames.jsonl", frames); dump("near_misses.jsonl", near); dump("questions.jsonl", qs)
json.dump(values, open(os.path.join(here, "values.json"), "w", encoding="utf-8"), ensure_ascii=False, indent=1)
# report
for lang in LANGS:
    fl = [f for f in frames if f["lang"] == lang]
    c = collections.Counter(f["category"] for f in fl)
    short = {k: c.get(k, 0) for k in CATS if c.get(k, 0) < (20 if k == "relationship_status" else 10)}
    pron = {"de": ("ich ",), "es": ("yo ",), "ro": ("eu ",), "el": ("εγώ ", "εγω "), "ru": ("я ",), "tr": ("ben ",)}[lang]
    np_ = sum(1 for f in fl if f["frame"].lower().lstrip("({[\"'«„ ").startswith(pron))
    q = [x for x in qs if x["lang"] == lang]
    print(lang, "frames", len(fl), "short", short, "pron-start", np_,
          "near", sum(1 for x in near if x["lang"] == lang), "q", len(q), "dev", sum(1 for x in q if x["split"] == "dev"),
          "valkeys", len(values[lang]))
for e in errs: print("ERR", e)
