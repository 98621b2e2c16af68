"""`guardian ...` commands. `guardian check` decides one request offline, with no proxy."""

from __future__ import annotations

import argparse
import base64
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from guardian.errors import GuardianError
from guardian.overrides import register as register_overrides
from guardian.report import register as register_report

if TYPE_CHECKING:
    from guardian.settings import Settings

__all__ = ["main"]


def _parse_header(text: str) -> tuple[str, str]:
    name, sep, value = text.partition(":")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"a header is 'Name: value', not {text!r}")
    return name.strip(), value.strip()


def _body_for_humans(body: bytes, headers: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The rewritten body as text when it decodes, else base64; decoded from its Content-Encoding."""
    from guardian.codecs.content_encoding import decode_body, parse_codings

    encoding = next((v for k, v in headers if k.lower() == "content-encoding"), "identity")
    try:
        plain, _ = decode_body(body, parse_codings(encoding), max_bytes=64 * 1024 * 1024)
    except GuardianError:
        plain = body
    try:
        return {"text": plain.decode("utf-8"), "content_encoding": encoding}
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(plain).decode("ascii"), "content_encoding": encoding}


def check_settings(args: argparse.Namespace) -> Settings:
    """The settings `guardian check` runs with: `--set` values, then `--rules` / `--trackers`."""
    from guardian.settings import Settings, parse_set

    values = parse_set(args.set)
    if args.rules:
        values["guardian_rules"] = args.rules
    if args.trackers:
        values["guardian_trackers"] = ",".join(args.trackers)
    return Settings.from_values(values)


def _cmd_check(args: argparse.Namespace) -> int:
    from guardian.assemble import assemble, build_components
    from guardian.records import HttpRequest

    settings = check_settings(args)
    if args.body_file is not None:
        body = sys.stdin.buffer.read() if args.body_file == "-" else Path(args.body_file).read_bytes()
    else:
        body = (args.body or "").encode("utf-8")
    headers = list(args.header)
    if body and not any(k.lower() == "content-type" for k, _ in headers):
        headers.append(("Content-Type", "application/json" if body.lstrip()[:1] in (b"{", b"[") else "text/plain"))
    request = HttpRequest(method=args.method.upper(), url=args.url, headers=tuple(headers), body=body)
    components = build_components(settings)
    try:
        outcome = assemble(settings, components=components).decide(request)  # the proxy's decision, in full
    finally:
        components.close()
    record = dict(outcome.record)
    if outcome.rewrite is not None:
        record["rewritten"] = {"url": outcome.rewrite.url, "body": _body_for_humans(outcome.rewrite.body, headers)}
    json.dump(record, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def register_check(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian check`."""
    check = sub.add_parser(
        "check",
        help="decide one request offline and print the decision record as JSON",
        description="Decide one request offline (no proxy) and print its decision record: the same pipeline, "
        "built by the same assembly as the proxy's, so the record is the one the proxy writes (timings "
        "aside; value hashes match with the same guardian_audit key). For a transform the record also "
        "holds the rewritten URL and body.",
    )
    check.add_argument("--url", required=True, help="the request URL, e.g. https://tracker.example/collect")
    check.add_argument("--method", default="POST", help="HTTP method (default POST)")
    check.add_argument(
        "--header", "-H", action="append", default=[], type=_parse_header, metavar="'K: V'", help="a request header; repeatable"
    )
    body = check.add_mutually_exclusive_group()
    body.add_argument("--body", help="the request body as a string")
    body.add_argument("--body-file", help="read the body from a file ('-' for stdin)")
    check.add_argument("--rules", help="YAML rules file (default: built-in rules)")
    check.add_argument(
        "--trackers",
        action="append",
        metavar="PATH",
        help="tracker list file or directory (Disconnect, DuckDuckGo TDS); repeatable or comma-separated",
    )
    check.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE",
        help="a proxy option, as for mitmdump (e.g. guardian_llm=URL, guardian_policy_db=off); repeatable",
    )
    check.set_defaults(func=_cmd_check)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="guardian", description="GuardianAgent: a privacy agent for web traffic.")
    sub = parser.add_subparsers(dest="command", required=True)
    # Each feature registers its own subcommands from its own module: one line per feature here.
    register_check(sub)
    __import__("guardian.run").run.register(sub)  # run: proxy, PAC file, set-up instructions
    register_overrides(sub)  # allow / block / reset: guardian/overrides.py
    register_report(sub)  # report: guardian/report/
    __import__("guardian.policy_store.cli").policy_store.cli.register(sub)  # policy fetch / show / search
    __import__("guardian.llm.cli").llm.cli.register_llm(sub)  # llm setup / serve: guardian/llm/
    __import__("guardian.eval.cli").eval.cli.register(sub)  # eval: guardian/eval/ (benchmarks, issue 8)
    __import__("guardian.matcher.training.cli").matcher.training.cli.register(sub)  # matcher train / eval / bootstrap
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except GuardianError as e:
        print(f"guardian: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"guardian: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
