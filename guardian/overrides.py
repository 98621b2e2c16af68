"""Per-site overrides: `guardian allow|block|reset DOMAIN`, and live reload of the rules file.

The commands edit the user's rules file in place with ruamel.yaml's round-trip mode, so the
comments and layout the user wrote stay as they were; the result is validated with
`parse_rules` before it replaces the file (atomically: a temporary file, then a rename), so a
running proxy never sees a half-written or invalid file.

`RulesWatcher` is what the running proxy uses to pick up such an edit without a restart: a
`stat` of the rules file at most once per `interval` seconds on the request path; a changed
file is parsed, and a bad one is logged and ignored (the old rules stay in force).
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guardian.errors import ConfigError, GuardianError, RulesError
from guardian.rules import Rules, domain_matches, load_rules, parse_rules

__all__ = [
    "OverrideResult",
    "RulesWatcher",
    "allow_domain",
    "block_domain",
    "default_rules_path",
    "ensure_rules_file",
    "register",
    "reset_domain",
]

log = logging.getLogger("guardian")

SHIPPED_RULES = Path(__file__).resolve().parents[1] / "rules" / "default.yaml"
BLOCK_REASON = "blocked by you (guardian block)"


def default_rules_path() -> Path:
    """The user's rules file: $GUARDIAN_RULES, else $XDG_CONFIG_HOME/guardian/rules.yaml."""
    env = os.environ.get("GUARDIAN_RULES")
    if env:
        return Path(env).expanduser()
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(config) / "guardian" / "rules.yaml"


def ensure_rules_file(path: Path) -> bool:
    """Create `path` from the shipped rules/default.yaml when it does not exist; True if created."""
    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    text = SHIPPED_RULES.read_text(encoding="utf-8") if SHIPPED_RULES.exists() else "version: 1\n"
    _write_atomically(path, text)
    return True


def _normalise(domain: str) -> str:
    """The domain as the rules file stores it; rejects URLs and bare words early."""
    value = domain.strip().lower().rstrip(".")
    if "://" in value:  # a pasted URL: keep its host
        from urllib.parse import urlsplit

        value = (urlsplit(value).hostname or "").rstrip(".")
    bare = value.removeprefix("*.")
    if not bare or "/" in bare or ":" in bare or " " in bare or ("." not in bare and bare != "localhost"):
        raise ConfigError(f"{domain!r} is not a domain name (write e.g. example.com)")
    return value


# --- editing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OverrideResult:
    """What one command changed, for the message the user sees."""

    path: Path
    domain: str
    changes: tuple[str, ...]
    created: bool = False

    def message(self) -> str:
        lines = [f"created {self.path} from the shipped default rules"] if self.created else []
        lines += list(self.changes) or [f"{self.domain}: nothing to change"]
        lines.append(f"rules file: {self.path} (a running proxy picks the change up within a second or two)")
        return "\n".join(lines)


def _yaml() -> Any:
    from ruamel.yaml import YAML

    y = YAML()  # round-trip: keeps comments, order and quoting
    y.preserve_quotes = True
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 4096
    return y


def _block_seq(doc: Any, key: str) -> Any:
    """doc[key] as a list that can be appended to, in block style (`[]` in the file becomes a list)."""
    from ruamel.yaml.comments import CommentedSeq

    seq = doc.get(key)
    if seq is None:
        seq = CommentedSeq()
        doc[key] = seq
    elif not isinstance(seq, list):
        raise RulesError(f"`{key}` must be a list to be edited")
    if len(seq) == 0:
        seq.fa.set_block_style()
    return seq


# ruamel.yaml hangs the comment that follows a block list (the next section's heading) on the
# list's last node; these move it along when that node stops being the last one.


def _pop_trailing(node: Any) -> Any:
    """Detach and return the comment that trails `node`'s last entry (searched in depth)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(node, CommentedSeq) and len(node):
        entry = node.ca.items.get(len(node) - 1)
        if entry and entry[0] is not None:
            token, entry[0] = entry[0], None
            return token
        return _pop_trailing(node[len(node) - 1])
    if isinstance(node, CommentedMap) and len(node):
        key = list(node.keys())[-1]
        entry = node.ca.items.get(key)
        if entry and len(entry) > 2 and entry[2] is not None:
            token, entry[2] = entry[2], None
            return token
        return _pop_trailing(node[key])
    return None


def _put_trailing(seq: Any, token: Any) -> None:
    """Hang `token` after the last entry of `seq` (after a mapping entry's last value)."""
    from ruamel.yaml.comments import CommentedMap

    if token is None or not len(seq):
        return
    last = seq[len(seq) - 1]
    if isinstance(last, CommentedMap) and len(last):
        key = list(last.keys())[-1]
        last.ca.items.setdefault(key, [None, None, None, None])[2] = token
    else:
        seq.ca.items[len(seq) - 1] = [token, None, None, None]


def _append(seq: Any, value: Any) -> None:
    """Append after the last entry; the comment that trailed it moves down to the new end."""
    token = _pop_trailing(seq)
    seq.append(value)
    _put_trailing(seq, token)


def _delete(parent: Any, key: str, index: int) -> None:
    """Delete one entry of parent[key], keeping the comment that trails the list."""
    seq = parent[key]
    token = _pop_trailing(seq) if index == len(seq) - 1 else None
    del seq[index]
    if token is None:
        return
    if len(seq):
        _put_trailing(seq, token)
    else:  # an empty list is written `[]`: the comment goes before the next key instead
        seq.fa.set_flow_style()
        keys = list(parent.keys())
        following = keys[keys.index(key) + 1] if keys.index(key) + 1 < len(keys) else None
        if following is not None:
            entry = parent.ca.items.setdefault(following, [None, None, None, None])
            if token.value.startswith("\n"):  # after a value it ended that line; before a key it would add one
                token.value = token.value[1:]
            entry[1] = [token] + list(entry[1] or [])


def _entry_domain(item: Any) -> str | None:
    value = item.get("domain") if isinstance(item, dict) else item
    return str(value).strip().lower().rstrip(".") if value is not None else None


def _remove(parent: Any, key: str, domain: str, *, with_subdomains: bool) -> list[str]:
    """Drop parent[key]'s entries for `domain` (and, if asked, its subdomains); returns them."""
    seq = parent[key]
    removed = []
    for i in range(len(seq) - 1, -1, -1):
        entry = _entry_domain(seq[i])
        if entry is None:
            continue
        bare = entry.removeprefix("*.")
        if bare == domain.removeprefix("*.") or (with_subdomains and domain_matches(bare, domain)):
            removed.append(entry)
            _delete(parent, key, i)
    return removed[::-1]


def _edit(path: Path | None, domain: str, verb: str) -> OverrideResult:
    domain = _normalise(domain)
    path = path or default_rules_path()
    created = ensure_rules_file(path)
    y = _yaml()
    text = path.read_text(encoding="utf-8")
    parse_rules(text, str(path))  # refuse to edit a file that is already broken
    doc = y.load(text)
    if doc is None:
        from ruamel.yaml.comments import CommentedMap

        doc = CommentedMap(version=1)
    changes: list[str] = []
    if verb == "allow":
        if isinstance(doc.get("blocked"), list):
            for entry in _remove(doc, "blocked", domain, with_subdomains=True):
                changes.append(f"removed {entry} from blocked")
        trusted = _block_seq(doc, "trusted")
        if not any(_entry_domain(t) == domain for t in trusted):
            _append(trusted, domain)
            changes.append(f"added {domain} to trusted: its requests now pass untouched")
    elif verb == "block":
        if isinstance(doc.get("trusted"), list):
            for entry in _remove(doc, "trusted", domain, with_subdomains=True):
                changes.append(f"removed {entry} from trusted")
        blocked = _block_seq(doc, "blocked")
        if not any(_entry_domain(b) == domain for b in blocked):
            from ruamel.yaml.comments import CommentedMap

            _append(blocked, CommentedMap(domain=domain, reason=BLOCK_REASON))
            changes.append(f"added {domain} to blocked: its requests are now always denied")
    else:  # reset: back to GuardianAgent's own judgement
        for key in ("trusted", "blocked"):
            if isinstance(doc.get(key), list):
                for entry in _remove(doc, key, domain, with_subdomains=False):
                    changes.append(f"removed {entry} from {key}")
    out = io.StringIO()
    y.dump(doc, out)
    new_text = out.getvalue()
    rules = parse_rules(new_text, str(path))  # never write a file the proxy would reject
    changes += _check_effect(rules, domain, verb)
    if new_text != text:
        _write_atomically(path, new_text)
    return OverrideResult(path, domain, tuple(changes), created)


def _check_effect(rules: Rules, domain: str, verb: str) -> list[str]:
    """Refuse a block that a broader trusted entry would undo; note what still covers a reset domain."""
    host = domain.removeprefix("*.")
    trusted = rules.trusted_match(host)
    blocked = rules.blocked_match(host)
    if verb == "block" and trusted is not None:
        raise ConfigError(f"{host} stays trusted through the entry {trusted!r}; run `guardian reset {trusted}` first")
    if verb == "reset" and (trusted or blocked):
        entry = trusted or (blocked.domain if blocked else "")
        return [f"note: {host} is still covered by the {'trusted' if trusted else 'blocked'} entry {entry}"]
    return []


def _write_atomically(path: Path, text: str) -> None:
    """Write next to `path`, then rename over it: readers see the old file or the new one."""
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def allow_domain(domain: str, path: Path | None = None) -> OverrideResult:
    """Trust `domain` (and its subdomains): its requests pass untouched."""
    return _edit(path, domain, "allow")


def block_domain(domain: str, path: Path | None = None) -> OverrideResult:
    """Block `domain` (and its subdomains): its requests are always denied."""
    return _edit(path, domain, "block")


def reset_domain(domain: str, path: Path | None = None) -> OverrideResult:
    """Remove the user's trusted/blocked entry for `domain`: GuardianAgent decides again."""
    return _edit(path, domain, "reset")


# --- live reload -------------------------------------------------------------------------------


class RulesWatcher:
    """Notices a changed rules file with one cheap `stat` at most every `interval` seconds."""

    def __init__(self, path: str | Path, interval: float = 1.0) -> None:
        self.path = Path(path).expanduser()
        self.interval = interval
        self._stamp = self._stat()
        self._next = time.monotonic() + interval

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino)

    def poll(self, now: float | None = None) -> Rules | None:
        """New rules when the file changed since the last poll and is valid; else None."""
        now = time.monotonic() if now is None else now
        if now < self._next:
            return None
        self._next = now + self.interval
        stamp = self._stat()
        if stamp == self._stamp:
            return None
        self._stamp = stamp  # a bad file is reported once, not on every poll
        if stamp is None:
            log.error("guardian: rules file %s is gone; keeping the rules in force", self.path)
            return None
        try:
            rules = load_rules(self.path)
        except GuardianError as e:
            log.error("guardian: rules not reloaded, keeping the old ones: %s", e)
            return None
        log.info("guardian: rules reloaded from %s", self.path)
        return rules


# --- CLI -----------------------------------------------------------------------------------------


def _cmd(args: argparse.Namespace) -> int:
    action = {"allow": allow_domain, "block": block_domain, "reset": reset_domain}[args.command]
    path = Path(args.rules).expanduser() if args.rules else None
    result = action(args.domain, path)
    print(result.message(), file=sys.stdout)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian allow`, `guardian block`, `guardian reset`."""
    helps = {
        "allow": "trust DOMAIN and its subdomains: their requests pass untouched",
        "block": "block DOMAIN and its subdomains: their requests are always denied",
        "reset": "remove your allow/block entry for DOMAIN: GuardianAgent decides again",
    }
    for verb, text in helps.items():
        p = sub.add_parser(
            verb,
            help=text,
            description=f"{text[0].upper()}{text[1:]}. Edits your rules file (comments kept); "
            "a running proxy reloads it without a restart.",
        )
        p.add_argument("domain", metavar="DOMAIN", help="e.g. example.com (a URL is reduced to its host)")
        p.add_argument(
            "--rules",
            help="rules file to edit (default: $GUARDIAN_RULES, else ~/.config/guardian/rules.yaml, "
            "created from rules/default.yaml when missing)",
        )
        p.set_defaults(func=_cmd)
