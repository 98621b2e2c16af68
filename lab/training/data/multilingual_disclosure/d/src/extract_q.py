import subprocess, yaml, json, re, hashlib, sys
GD="/work/.mirror/gunthercox+chatterbot-corpus/repo"
COMMIT=subprocess.check_output(["git","--git-dir",GD+"/.git" if False else GD,"rev-parse","HEAD"]).decode().strip()
LANGS={"fr":"french","it":"italian","pt":"portuguese","nl":"dutch","uk":"ukrainian"}
def files(d):
    out=subprocess.check_output(["git","--git-dir",GD,"ls-tree","-r","--name-only",COMMIT,"chatterbot_corpus/data/"+d]).decode().split()
    return [f for f in out if f.endswith(".yml")]
FP=re.compile(r"(?i)\b(je suis|j'ai|je m'appelle|mon |ma |mes |sono |ho |mi chiamo|il mio|la mia|eu sou|sou |tenho |meu |minha |ik ben|ik heb|mijn |я |мене|мій |моя |у мене)")
res={}
for lang,d in LANGS.items():
    rows=[]
    for f in files(d):
        txt=subprocess.check_output(["git","--git-dir",GD,"show",COMMIT+":"+f]).decode()
        data=yaml.safe_load(txt)
        for conv in data.get("conversations",[]) or []:
            if not conv: continue
            for i,t in enumerate(conv[:1]):
                if not isinstance(t,str): continue
                if FP.search(t): continue
                t=re.sub(r"\s+"," ",t).strip()
                if t.endswith("?") and len(t.split())>=3:
                    rows.append((f,t))
    seen=set(); uniq=[]
    for f,t in rows:
        if t.lower() in seen: continue
        seen.add(t.lower()); uniq.append((f,t))
    res[lang]=uniq
    print(lang,len(uniq),file=sys.stderr)
json.dump({"commit":COMMIT,"rows":res},open("/work/train58ml-d/src/chatterbot_raw.json","w"),ensure_ascii=False,indent=0)
