"""`guardian_store` values: empty (the SQLite files), or a PostgreSQL URL; checked and redacted."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from guardian.store.errors import StoreURLError

__all__ = ["POSTGRES_SCHEMES", "is_postgres_url", "check_store_url", "redact_url"]

POSTGRES_SCHEMES = ("postgresql", "postgres")
_SECRET_PARAMS = frozenset({"password", "passfile", "sslpassword"})


def is_postgres_url(value: object) -> bool:
    return isinstance(value, str) and value.strip().lower().split("://", 1)[0] in POSTGRES_SCHEMES and "://" in value


def check_store_url(value: str | None) -> str | None:
    """The store URL to use (None: the SQLite files at their usual paths), or `StoreURLError`
    saying why not (the message never holds the password)."""
    text = (value or "").strip()
    if not text or text.lower() == "sqlite":
        return None
    scheme = text.split("://", 1)[0].lower() if "://" in text else ""
    if scheme not in POSTGRES_SCHEMES:
        raise StoreURLError("use postgresql://user@host/database (or leave it empty for the SQLite files)")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError as e:
        raise StoreURLError(f"not a valid URL ({e})") from None
    if parts.fragment:
        raise StoreURLError("a URL fragment (#...) has no meaning here")
    try:
        dict(parse_qsl(parts.query, strict_parsing=bool(parts.query)))
    except ValueError:
        raise StoreURLError("the query string is not name=value pairs") from None
    if not parts.hostname and "host=" not in parts.query:
        raise StoreURLError("no host: give one (postgresql://user@db.internal/guardian) or a socket folder (?host=/run/postgresql)")
    return text


def redact_url(value: str | None) -> str:
    """The URL with its password (in the netloc or the query) replaced by ***: for logs and errors."""
    text = (value or "").strip()
    if "://" not in text:
        return text
    try:
        parts = urlsplit(text)
    except ValueError:
        return re.sub(r"//[^@/]*@", "//***@", text)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, host = netloc.rsplit("@", 1)
        user = userinfo.split(":", 1)[0]
        netloc = f"{user}:***@{host}" if ":" in userinfo else f"{user}@{host}"
    query = parts.query
    if query:
        try:
            pairs = parse_qsl(query, keep_blank_values=True)
            query = urlencode([(k, "***" if k.lower() in _SECRET_PARAMS else v) for k, v in pairs], safe="/*")
        except ValueError:
            query = "***"
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))
