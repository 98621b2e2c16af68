"""Install the pinned SDKs with `npm ci` and bundle one IIFE per SDK with esbuild.

Idempotent and cached: `npm ci` runs again only when the lockfile's hash changes (a stamp in
the build folder), and a bundle is rebuilt only when its entry file or the lockfile changed.
Before installing, the lockfile is checked for forbidden packages, and after installing,
`npm ls --all`: either finding one stops everything (they are kept for acceptance tests).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

__all__ = ["FORBIDDEN", "BuildError", "ensure_installed", "bundle", "check_forbidden_names", "lock_hash", "node_tools"]

FORBIDDEN = frozenset({
    "mixpanel-browser", "posthog-js", "@amplitude/analytics-browser", "@segment/analytics-next",
    "@rudderstack/analytics-js", "@mparticle/web-sdk", "@braze/web-sdk", "@snowplow/browser-tracker",
    "countly-sdk-web", "plausible-tracker", "@sentry/browser", "@datadog/browser-rum", "@datadog/browser-logs",
    "@newrelic/browser-agent", "@elastic/apm-rum", "@bugsnag/js", "rollbar",
})
ENTRY_DIR = Path(__file__).resolve().parents[1] / "sdks"
# Modules an SDK imports only on a path the pages never take, left out of its browser bundle: FlagKit's request
# signing and cache encryption use Web Crypto in a browser and `await import('crypto')` in Node; Resend renders a
# `react` e-mail body with `await import("@react-email/render")`, an optional package not installed (the pages send
# text and html, never `react`); Supermemory starts its local server (`Supermemory.local()`, Node only) with
# `import('node:child_process')` and finds its CLI with `node:fs`, `node:path` and `node:url`; Elastic Path's SDK keeps
# its token in `node-localstorage` only where there is no `localStorage` (Node), else in the browser's. Pinecone's
# assistant uploads files with `import('fs')`, `import('path')` and `import('stream')` and streams chats through
# `import('node:stream')`, AI21's file uploads use `import("fs")` and `import("stream")`, all only in Node (the pages
# neither upload nor stream). Chroma loads its default embedding model with `import("@chroma-core/default-embed")`, an
# optional package not installed, only for a collection without an embedding function (the pages give theirs). Voyage
# AI's client tokenizes and embeds locally with `import("@huggingface/transformers")`, an optional peer not installed,
# only for its local models (the pages use the API's); Telnyx verifies webhook signatures with `import('crypto')` where
# Web Crypto is missing (Node), never in the pages. AgentMail's client wraps fetch with `import("@x402/fetch")`, an
# optional peer not installed, only when it is built to pay per request with x402 (the pages give an API key).
EXTERNALS: dict[str, tuple[str, ...]] = {
    "flagkit": ("crypto",), "resend": ("@react-email/render",),
    "supermemory": ("node:child_process", "node:fs", "node:path", "node:url"),
    "elasticpath": ("node-localstorage",),
    "pinecone": ("fs", "path", "stream", "node:stream"), "ai21": ("fs", "stream"),
    "chroma": ("@chroma-core/default-embed",),
    "voyage": ("@huggingface/transformers",), "telnyx": ("crypto",),
    "agentmail": ("@x402/fetch",),
}
# Node built-ins a package imports statically for a Node-only feature, replaced by an empty module in the browser
# bundle (what a site's bundler does with webpack's `resolve.fallback: { crypto: false }`): Linear's SDK re-exports its
# webhook client, whose module imports `crypto` to verify signatures, which the pages never call; Chroma's client
# imports `node:process` to read its settings from the environment when they are not given (the pages give them all).
# Orb's client imports `createHmac` from `node:crypto` for its webhook verifier (`webhooks.unwrap`), Klaviyo's SDK
# requires `crypto` for its OAuth helper's PKCE codes: neither is called by the pages. The empty module is a CommonJS
# one, so a named import from it (Orb's) is undefined rather than a build error. Plain's SDK imports `node:crypto` as a
# namespace for its webhook signature check (`verifyPlainWebhook`'s HMAC), which the pages never call; Modern
# Treasury's client imports `createHmac` from `crypto` for its webhook verifier (`webhooks.getSignature`), never called
# by the pages either; Lithic's client imports `createHmac` from `crypto` for its card-embed URL helper
# (`cards.getEmbedURL`), which the pages never call. OneSignal's package requires `crypto` in its retrying helper
# (`createNotificationWithRetry`, a uuid for its idempotency key), which the pages never call either. node-zendesk
# requires `node:process` only for its default User-Agent (the page gives its own `userAgent`), and `node:stream` and
# `node:fs` only in its attachment upload (`upload`, never called by the pages).
EMPTY_MODULES: dict[str, tuple[str, ...]] = {"linear": ("crypto",), "chroma": ("node:process",),
                                             "orb": ("node:crypto",), "klaviyo": ("crypto",),
                                             "plain": ("node:crypto",), "moderntreasury": ("crypto",),
                                             "lithic": ("crypto",), "onesignal": ("crypto",),
                                             "zendesk": ("node:process", "node:stream", "node:fs")}
# Node built-ins a package imports statically in its browser build, swapped for their npm ports (what a site's bundler
# does with webpack's `resolve.fallback: { buffer: require.resolve("buffer/"), events: require.resolve("events/") }`):
# Chargebee's fetch build for browsers and workers encodes its Basic auth with `Buffer` from `node:buffer`, and the
# webhook handler it exports beside the client extends `EventEmitter` from `node:events` (both ports are installed);
# node-zendesk encodes its Basic auth ("<e-mail>/token:<token>") with `Buffer` from `node:buffer`.
ALIASES: dict[str, dict[str, str]] = {"chargebee": {"node:buffer": "buffer", "node:events": "events"},
                                      "zendesk": {"node:buffer": "buffer"}}
# Environment variables a package reads without checking for `process` in code the pages run, defined away as a site's
# bundler does (webpack's DefinePlugin, Vite's `define`): Chargebee's constructor builds its default webhook handler
# from `process.env.CHARGEBEE_WEBHOOK_USERNAME` and `..._PASSWORD` (in a browser, a ReferenceError without them);
# Unkey's client picks its fetcher by `process.env["NEXT_RUNTIME"]` (Vercel's edge runtime or not) when it is built,
# which Next.js defines for the code it bundles. Kinde's `init()` reads `process.env.KINDE_DOMAIN`,
# `..._MANAGEMENT_CLIENT_ID` and `..._SECRET` before the options it is given (the page gives all three).
DEFINES: dict[str, dict[str, str]] = {"chargebee": {"process.env.CHARGEBEE_WEBHOOK_USERNAME": "undefined",
                                                    "process.env.CHARGEBEE_WEBHOOK_PASSWORD": "undefined"},
                                      "unkey": {"process.env.NEXT_RUNTIME": "undefined"},
                                      "kinde": {"process.env.KINDE_DOMAIN": "undefined",
                                                "process.env.KINDE_MANAGEMENT_CLIENT_ID": "undefined",
                                                "process.env.KINDE_MANAGEMENT_CLIENT_SECRET": "undefined"}}


class BuildError(RuntimeError):
    """npm or esbuild failed, or a forbidden package showed up."""


def node_tools() -> tuple[str | None, str | None, str]:
    """(node, npm, why-not): paths of node and npm, or the reason they are missing."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        return node, npm, "node and npm are needed (apt-get install nodejs npm, or Node 20+ from nodejs.org)"
    return node, npm, ""


def lock_hash(package_dir: Path) -> str:
    """SHA-256 of package.json and package-lock.json (what `npm ci` installs)."""
    h = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        h.update((package_dir / name).read_bytes())
    return h.hexdigest()


def _names_in_lock(lock: dict[str, Any]) -> set[str]:
    """Every package name in a v2/v3 lockfile."""
    packages: dict[str, Any] = lock.get("packages") or {}
    return {key.rsplit("node_modules/", 1)[-1] for key in packages if key}


def check_forbidden_names(names: set[str], where: str) -> None:
    """Stop loudly when a forbidden package is among `names`."""
    bad = sorted(names & FORBIDDEN)
    if bad:
        raise BuildError(f"FORBIDDEN package(s) in {where}: {', '.join(bad)}; drop the SDK that pulls them in")


def _npm_ls_names(npm: str, build_dir: Path) -> set[str]:
    """Names from `npm ls --all --json` (the installed tree)."""
    done = subprocess.run([npm, "ls", "--all", "--json"], cwd=build_dir, capture_output=True, text=True, timeout=300)
    tree = json.loads(done.stdout or "{}")
    names: set[str] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        for name, child in (node.get("dependencies") or {}).items():
            names.add(name)
            if isinstance(child, dict):
                stack.append(child)
    return names


def ensure_installed(package_dir: Path, build_dir: Path, log: bool = True) -> Path:
    """`npm ci` of package_dir's lockfile into build_dir (skipped when the stamp matches)."""
    _, npm, why = node_tools()
    if npm is None:
        raise BuildError(why)
    package_dir, build_dir = package_dir.resolve(), build_dir.resolve()
    lock = json.loads((package_dir / "package-lock.json").read_text())
    check_forbidden_names(_names_in_lock(lock), f"{package_dir / 'package-lock.json'}")
    build_dir.mkdir(parents=True, exist_ok=True)
    stamp = build_dir / ".npm-ci.sha256"
    digest = lock_hash(package_dir)
    if stamp.exists() and stamp.read_text().strip() == digest and (build_dir / "node_modules").is_dir():
        return build_dir / "node_modules"
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(package_dir / name, build_dir / name)
    if log:
        print(f"[setup] npm ci in {build_dir} ...", flush=True)
    env = {**os.environ, "npm_config_fund": "false", "npm_config_audit": "false", "npm_config_update_notifier": "false"}
    done = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
                          cwd=build_dir, capture_output=True, text=True, timeout=900, env=env)
    if done.returncode != 0:
        raise BuildError(f"npm ci failed:\n{done.stderr[-3000:]}")
    # esbuild ships its binary as an optional dependency; --ignore-scripts skips only its check
    check_forbidden_names(_npm_ls_names(npm, build_dir), "npm ls --all")
    stamp.write_text(digest)
    return build_dir / "node_modules"


def _esbuild(build_dir: Path) -> Path:
    """The esbuild binary installed by npm ci."""
    exe = build_dir / "node_modules" / ".bin" / "esbuild"
    if not exe.exists():
        raise BuildError(f"esbuild is not installed in {build_dir} (it must be in package.json)")
    return exe


def bundle(slug: str, package_dir: Path, build_dir: Path, entry_dir: Path = ENTRY_DIR, log: bool = True) -> Path:
    """build_dir/bundles/<slug>.js: sdks/<slug>.js bundled as an IIFE exposing `window.harness`."""
    package_dir, build_dir, entry_dir = package_dir.resolve(), build_dir.resolve(), entry_dir.resolve()
    entry_src = entry_dir / f"{slug}.js"
    if not entry_src.exists():
        raise BuildError(f"no entry file {entry_src}")
    out = build_dir / "bundles" / f"{slug}.js"
    digest = hashlib.sha256(entry_src.read_bytes() + lock_hash(package_dir).encode()).hexdigest()
    stamp = out.with_suffix(".sha256")
    if out.exists() and stamp.exists() and stamp.read_text().strip() == digest:
        return out
    entries = build_dir / "entries"
    entries.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(entry_src, entries / entry_src.name)  # resolved against build_dir/node_modules
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = [str(_esbuild(build_dir)), str(entries / entry_src.name), "--bundle", "--format=iife",
           "--global-name=harness", "--platform=browser", "--target=chrome120", f"--outfile={out}",
           "--define:process.env.NODE_ENV=\"production\"", "--define:global=globalThis",
           "--log-level=warning", "--legal-comments=none", "--main-fields=browser,module,main"]
    cmd += [f"--external:{name}" for name in EXTERNALS.get(slug, ())]
    if EMPTY_MODULES.get(slug):
        (entries / "_empty_module.js").write_text("module.exports = {};\n")
        cmd += [f"--alias:{name}=./entries/_empty_module.js" for name in EMPTY_MODULES[slug]]
    cmd += [f"--alias:{name}={port}" for name, port in ALIASES.get(slug, {}).items()]
    cmd += [f"--define:{name}={value}" for name, value in DEFINES.get(slug, {}).items()]
    if log:
        print(f"[setup] bundling {slug} ...", flush=True)
    done = subprocess.run(cmd, cwd=build_dir, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise BuildError(f"esbuild failed for {slug}:\n{done.stderr[-3000:]}")
    stamp.write_text(digest)
    return out
