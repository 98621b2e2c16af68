"""`guardian policy fetch|show|search`: fill and inspect the policy store from a shell."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

__all__ = ["register"]


def _store(args: argparse.Namespace) -> Any:
    from guardian.policies.service import PolicyStore
    from guardian.store.policies import default_db_path

    return PolicyStore(args.db or default_db_path())


def _site(text: str) -> str:
    from guardian.context import registrable_domain

    host = urlsplit(text).hostname if "://" in text else text.split("/")[0]
    return registrable_domain((host or text).lower())


def _cmd_fetch(args: argparse.Namespace) -> int:
    store = _store(args)
    target = args.target
    path = Path(target)
    if "://" not in target and path.exists():
        if not args.site:
            print("guardian: a local file needs --site DOMAIN (the site it is the policy of)", file=sys.stderr)
            return 2
        version = store.ingest_file(_site(args.site), path)
    else:
        site = _site(args.site or target)
        version = store.fetch_now(site, url=target if "://" in target else None)
    print(json.dumps({"site": version.site, "version": version.id, "url": version.url, "statements": len(version.statements), "sha256": version.sha256[:16]}))
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    store = _store(args)
    version = store.db.latest(_site(args.domain))
    if version is None:
        print(f"guardian: no stored policy for {_site(args.domain)}", file=sys.stderr)
        return 1
    out = {"site": version.site, "version": version.id, "url": version.url, "fetched_at": version.fetched_at, "statements": [
        {"id": s.id, "heading": s.heading, "text": s.text, **s.fields.as_record()} for s in version.statements
    ]}
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _cmd_search(args: argparse.Namespace) -> int:
    from guardian.categories import DataCategory
    from guardian.policies import ActionQuery, transparency_signals

    store = _store(args)
    site = _site(args.domain)
    _, version, index, detail = store.lookup_site(site, request_fetch=False)
    if index is None:
        print(f"guardian: no usable stored policy for {site} ({detail})", file=sys.stderr)
        return 1
    cats = [DataCategory.parse(c.strip()).value for c in args.categories.split(",") if c.strip()] if args.categories else []
    query = ActionQuery.of(data=cats, actions=args.action or ["collect"], purposes=args.purpose or [], recipients=args.recipient or [])
    evidence = index.top_k(query, args.k)
    signals = transparency_signals(query, evidence)
    from guardian.risk import transparency_multiplier

    json.dump({
        "site": site, "version": version.id, "signals": signals.as_record(), "M_T": round(transparency_multiplier(signals), 4),
        "top_k": [{"id": e.statement.id, "score": e.score, "S": e.structured, "K": e.keyword, "heading": e.statement.heading,
                   "text": e.statement.text, **e.statement.fields.as_record()} for e in evidence],
    }, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian policy ...`."""
    policy = sub.add_parser("policy", help="fetch, show and search stored privacy policies")
    psub = policy.add_subparsers(dest="policy_command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", help="policy database (default: the addon's default, under the user's state dir)")

    fetch = psub.add_parser("fetch", help="fetch (or read from a file) a site's policy and store it")
    fetch.add_argument("target", help="a domain (discovered), a policy URL, or a local HTML/Markdown/text file")
    fetch.add_argument("--site", help="the site the policy belongs to (required for a file; default: from the target)")
    common(fetch)
    fetch.set_defaults(func=_cmd_fetch)

    show = psub.add_parser("show", help="print a site's stored statements with their fields")
    show.add_argument("domain")
    common(show)
    show.set_defaults(func=_cmd_show)

    search = psub.add_parser("search", help="the top-k statements for an action, with scores and M_T")
    search.add_argument("domain")
    search.add_argument("--categories", help="comma-separated data categories, e.g. Email,Phone")
    search.add_argument("--action", action="append", help="collect, share, sell, ... (repeatable; default collect)")
    search.add_argument("--purpose", action="append", help="a purpose, e.g. advertising (repeatable)")
    search.add_argument("--recipient", action="append", help="a recipient type, e.g. advertising (repeatable)")
    search.add_argument("-k", type=int, default=8, help="how many statements (default 8)")
    common(search)
    search.set_defaults(func=_cmd_search)
