import json, importlib, sys, re, hashlib, collections
LANGS=["fr","it","pt","pl","nl","uk"]
CATS="health_condition medication mental_health disability pregnancy religion political_affiliation union_membership ethnicity sexual_orientation job_title employer school home_town age income relationship_status".split()
FP={"fr":r"^(je|j'|moi)\b","it":r"^(io)\b","pt":r"^(eu)\b","pl":r"^(ja)\b","nl":r"^(ik)\b","uk":r"^(я)\b"}
def parse(lang,mod):
    out=[]
    for cat,fl in mod.FRAMES.items():
        assert cat in CATS,cat
        for f in fl:
            case=None
            if "|" in f and f.split("|",1)[0].replace("_","").isalpha() and "{" not in f.split("|",1)[0]:
                case,f=f.split("|",1)
            o={"lang":lang,"category":cat,"frame":f}
            if case: o["case"]=case
            out.append(o)
    return out
def main():
    frames=[];values={};near=[];qs=[];errs=[]
    raw=json.load(open("/work/train58ml-d/src/chatterbot_raw.json"))
    for lang in LANGS:
        try: mod=importlib.import_module(lang)
        except ModuleNotFoundError: continue
        fr=parse(lang,mod); frames+=fr
        values[lang]={k:v for k,v in mod.VALUES.items()}
        c=collections.Counter(o["category"] for o in fr)
        for cat in CATS:
            need=20 if cat=="relationship_status" else 10
            if c[cat]<need: errs.append(f"{lang} {cat} frames {c[cat]}")
        fp=sum(1 for o in fr if re.match(FP[lang],o["frame"].strip(),re.I))
        if fp*3>len(fr): errs.append(f"{lang} too many first-person starts {fp}/{len(fr)}")
        for o in fr:
            if "{V}" not in o["frame"]: errs.append("noV "+o["frame"])
            if o["frame"].count("{V}")!=1: errs.append("multiV "+o["frame"])
            key=o["category"]+("/"+o["case"] if "case" in o else "")
            if key not in mod.VALUES: errs.append(f"{lang} missing values {key}")
        if len(set((o["category"],o["frame"]) for o in fr))!=len(fr): errs.append(f"{lang} dup frames")
        for k,v in mod.VALUES.items():
            if len(set(v))<30: errs.append(f"{lang} values {k} {len(set(v))}")
        for cat in CATS:
            if cat not in mod.VALUES: errs.append(f"{lang} no values {cat}")
        nm=list(dict.fromkeys(mod.NEAR))
        if len(nm)<100: errs.append(f"{lang} near {len(nm)}")
        near+=[{"lang":lang,"text":t} for t in nm]
        rows=[("chatterbot-corpus:"+f,t) for f,t in raw["rows"].get(lang,[])]
        w=list(dict.fromkeys(getattr(mod,"WRITTEN_Q",[])))
        seen=set(t.lower() for _,t in rows)
        w=[t for t in w if t.lower() not in seen]
        allq=[]
        for f,t in rows:
            doc=f
            allq.append((doc,"gunthercox/chatterbot-corpus@"+raw["commit"][:12]+":"+f.split(":",1)[1],t))
        for i,t in enumerate(w):
            allq.append(("written%d"%(i//5),"written",t))
        docs=sorted(set(d for d,_,_ in allq),key=lambda d:hashlib.md5((lang+d).encode()).hexdigest())
        # assign dev docs until ~20% of questions
        n=len(allq); dev=set(); cnt=collections.Counter(d for d,_,_ in allq); acc=0
        for d in docs:
            if acc+cnt[d] <= 0.22*n or acc < 0.15*n and cnt[d] < 0.3*n:
                dev.add(d); acc+=cnt[d]
            if acc>=0.18*n: break
        for d,s,t in allq:
            qs.append({"lang":lang,"source":s,"text":t,"split":"dev" if d in dev else "train"})
        if len(allq)<150: errs.append(f"{lang} questions {len(allq)}")
        print(lang,"frames",len(fr),"fp",fp,"values",len(mod.VALUES),"near",len(nm),"q",len(allq),"(written %d) dev %d"%(len(w),acc),file=sys.stderr)
    D="/work/train58ml-d/"
    with open(D+"frames.jsonl","w") as f:
        for o in frames: f.write(json.dumps(o,ensure_ascii=False)+"\n")
    json.dump(values,open(D+"values.json","w"),ensure_ascii=False,indent=1)
    with open(D+"near_misses.jsonl","w") as f:
        for o in near: f.write(json.dumps(o,ensure_ascii=False)+"\n")
    with open(D+"questions.jsonl","w") as f:
        for o in qs: f.write(json.dumps(o,ensure_ascii=False)+"\n")
    for e in errs: print("ERR",e,file=sys.stderr)
main()
