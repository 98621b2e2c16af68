"""`guardian vault clear | status`: the pseudonym vault kept on disk (`guardian_vault=disk`)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

__all__ = ["register"]


def _path(args: argparse.Namespace) -> Path:
    from guardian.vault.disk import default_vault_path

    return Path(os.path.expanduser(args.db)) if args.db else default_vault_path()


def _cmd_clear(args: argparse.Namespace) -> int:
    """Delete every stored value; the key stays. A running proxy keeps its memory until restarted."""
    path = _path(args)
    removed = [Path(str(path) + s) for s in ("", "-wal", "-shm") if Path(str(path) + s).exists()]
    for p in removed:
        p.unlink()
    print(f"vault cleared: {path}" if removed else f"no vault at {path}: nothing to clear")
    print("a running proxy keeps the conversations in its memory until it is restarted")
    return 0


def _cmd_status(args: argparse.Namespace) -> int:
    """How many conversations and values are stored (never the values)."""
    from guardian.vault.disk import VaultDB, load_key

    path = _path(args)
    if not path.exists():
        print(f"no vault at {path}")
        return 0
    db = VaultDB(path, load_key(path.with_name("vault.key")))  # a wrong key or a corrupt file: VaultError
    try:
        conversations, values = db.counts()
    finally:
        db.close()
    print(f"{path}: {conversations} conversations, {values} values (encrypted)")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian vault clear` and `guardian vault status`."""
    p = sub.add_parser("vault", help="the AI-chat pseudonym vault (guardian_vault=disk)")
    inner = p.add_subparsers(dest="vault_command", required=True)
    for name, func, text in (
        ("clear", _cmd_clear, "delete every stored pseudonym and original (the key file stays)"),
        ("status", _cmd_status, "count the stored conversations and values"),
    ):
        q = inner.add_parser(name, help=text)
        q.add_argument("--db", help="the vault file (default: vault.sqlite3 beside the policy store)")
        q.set_defaults(func=func)
