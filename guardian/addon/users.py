"""Whose flow a request is: the session key of a flow, by `guardian_users`.

- `one` (the default): everyone behind the proxy is one user, as on a personal machine.
- `proxyauth`: the user name that mitmproxy's own `proxyauth` addon checked (with `--set
  proxyauth=...`: a user:password pair, an htpasswd file, LDAP). A request that did not
  authenticate never gets here: mitmproxy answers it with 407.
- `client`: the client's IP address (a shared egress where every person has their own machine).

The key is only ever a key (a dictionary key, a bound parameter): never a path, never SQL, never
logged. Its prefix keeps the modes apart, so a proxy user called "default" is not the one user.
"""

from __future__ import annotations

from mitmproxy import http

from guardian.session import DEFAULT_USER

__all__ = ["user_key", "UNAUTHENTICATED", "MAX_USER_CHARS"]

UNAUTHENTICATED = "auth-none"  # proxyauth mode, a flow without a checked user (a replay): kept apart
MAX_USER_CHARS = 256  # a longer user name is cut (the key stays a key; no one's name is that long)


def user_key(flow: http.HTTPFlow, mode: str) -> str:
    """The session key of `flow` under `guardian_users=mode`."""
    if mode == "proxyauth":
        auth = flow.metadata.get("proxyauth")
        if isinstance(auth, tuple) and auth and isinstance(auth[0], str) and auth[0]:
            return "auth:" + auth[0][:MAX_USER_CHARS]
        return UNAUTHENTICATED
    if mode == "client":
        peer = flow.client_conn.peername if flow.client_conn is not None else None
        return f"addr:{peer[0]}" if peer else "addr:unknown"
    return DEFAULT_USER
