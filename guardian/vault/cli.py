"""`guardian vault clear | status`: the pseudonym vault, kept on disk (`guardian_vault=disk`) or in
the shared database many proxies use (`--store postgresql://...`, the proxies' `guardian_store`)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guardian.store.vault import VaultDB

__all__ = ["register"]


def _path(args: argparse.Namespace) -> Path:
    from guardian.store.vault import default_vault_path

    return Path(os.path.expanduser(args.db)) if args.db else default_vault_path()


def _shared(args: argparse.Namespace) -> VaultDB | None:
    """The shared vault `--store` names, opened with the proxies' key; None without `--store`."""
    if not args.store:
        return None
    from guardian.store.vault import VaultDB, load_key

    key_path = Path(os.path.expanduser(args.key)) if args.key else _path(args).with_name("vault.key")
    if not key_path.exists():
        raise SystemExit(f"guardian vault: no vault key at {key_path} (--key: the proxies' vault.key)")
    return VaultDB(_path(args), load_key(key_path), store=args.store)  # a wrong key: VaultError, nothing touched


def _cmd_clear(args: argparse.Namespace) -> int:
    """Delete every stored value; the key stays. A running proxy keeps its memory until restarted."""
    db = _shared(args)
    if db is not None:
        where = db.where  # never the password
        try:
            db.clear()
            done = db.flush()
        finally:
            db.close()
        if not done:
            print(f"guardian vault: {where} could not be cleared now (unavailable); nothing was changed")
            return 1
        print(f"vault cleared: {where}")
        print("running proxies keep the conversations in their memory until they are restarted")
        return 0
    path = _path(args)
    removed = [Path(str(path) + s) for s in ("", "-wal", "-shm") if Path(str(path) + s).exists()]
    for p in removed:
        p.unlink()
    print(f"vault cleared: {path}" if removed else f"no vault at {path}: nothing to clear")
    print("a running proxy keeps the conversations in its memory until it is restarted")
    return 0


def _cmd_status(args: argparse.Namespace) -> int:
    """How many conversations and values are stored (never the values)."""
    from guardian.store import StoreError
    from guardian.store.vault import VaultDB, load_key

    db = _shared(args)
    if db is not None:
        where = db.where  # never the password
        try:
            conversations, values = db.counts()
        except StoreError as e:
            print(f"guardian vault: {where} cannot be read now ({type(e).__name__})")
            return 1
        finally:
            db.close()
        print(f"{where}: {conversations} conversations, {values} values (encrypted)")
        return 0
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
    p = sub.add_parser("vault", help="the AI-chat pseudonym vault (guardian_vault=disk, or a shared guardian_store)")
    inner = p.add_subparsers(dest="vault_command", required=True)
    for name, func, text in (
        ("clear", _cmd_clear, "delete every stored pseudonym and original (the key file stays)"),
        ("status", _cmd_status, "count the stored conversations and values"),
    ):
        q = inner.add_parser(name, help=text)
        q.add_argument("--db", help="the vault file (default: vault.sqlite3 beside the policy store)")
        q.add_argument("--store", help="the shared database the proxies use (their guardian_store, postgresql://...)")
        q.add_argument("--key", help="with --store: the proxies' vault.key (default: beside --db's file)")
        q.set_defaults(func=func)
