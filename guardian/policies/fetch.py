"""Fetching policy pages with httpx (async): bounded in time, size and redirects.

`trust_env=False` keeps HTTP(S)_PROXY out, so the proxy's own fetches go straight to the
network and never loop back through the addon. Every way a fetch can end without a page is a
`PolicyFetchError` whose `outcome` is recorded: timeout, too_large, not_text, redirect_loop,
too_many_redirects, http_<status>, network.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from urllib.parse import urljoin

import httpx

from guardian.policies.errors import PolicyFetchError

__all__ = ["FetchLimits", "FetchedPage", "fetch_page", "make_client", "TEXT_TYPES"]

TEXT_TYPES = ("text/html", "application/xhtml+xml", "text/plain", "text/markdown", "text/x-markdown")
USER_AGENT = "GuardianAgent-policy-fetcher/0.1 (+privacy policy lookup)"


@dataclass(frozen=True)
class FetchLimits:
    timeout_s: float = 10.0  # per network step (connect, each read)
    total_s: float = 20.0  # whole fetch, redirects included: a trickling server cannot hold it longer
    max_bytes: int = 3 * 1024 * 1024
    max_redirects: int = 5


@dataclass(frozen=True)
class FetchedPage:
    url: str  # after redirects
    content_type: str
    text: str


def make_client(limits: FetchLimits) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        trust_env=False,
        follow_redirects=False,
        timeout=httpx.Timeout(limits.timeout_s),
        headers={"User-Agent": USER_AGENT, "Accept": "text/html,text/plain,text/markdown;q=0.9,*/*;q=0.1"},
    )


async def _get(client: httpx.AsyncClient, url: str, limits: FetchLimits) -> FetchedPage:
    seen: set[str] = set()
    for _ in range(limits.max_redirects + 1):
        if url in seen:
            raise PolicyFetchError("redirect_loop", f"redirect loop at {url}")
        seen.add(url)
        async with client.stream("GET", url) as resp:
            if resp.is_redirect:
                location = resp.headers.get("location")
                if not location:
                    raise PolicyFetchError("http_%d" % resp.status_code, "redirect without Location")
                url = urljoin(url, location)
                continue
            if resp.status_code >= 400:
                raise PolicyFetchError(f"http_{resp.status_code}", f"{url} answered {resp.status_code}")
            ctype = resp.headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype and ctype not in TEXT_TYPES:
                raise PolicyFetchError("not_text", f"{url} is {ctype}, not a text page")
            declared = resp.headers.get("content-length")
            if declared and declared.isdigit() and int(declared) > limits.max_bytes:
                raise PolicyFetchError("too_large", f"{url} declares {declared} bytes (cap {limits.max_bytes})")
            chunks: list[bytes] = []
            size = 0
            async for chunk in resp.aiter_bytes():
                size += len(chunk)
                if size > limits.max_bytes:
                    raise PolicyFetchError("too_large", f"{url} is larger than {limits.max_bytes} bytes")
                chunks.append(chunk)
            raw = b"".join(chunks)
            if b"\x00" in raw[:4096]:
                raise PolicyFetchError("not_text", f"{url} has a binary body")
            encoding = resp.charset_encoding or "utf-8"
            try:
                text = raw.decode(encoding, errors="replace")
            except LookupError:
                text = raw.decode("utf-8", errors="replace")
            return FetchedPage(url=str(resp.url), content_type=ctype or "text/html", text=text)
    raise PolicyFetchError("too_many_redirects", f"more than {limits.max_redirects} redirects")


async def fetch_page(client: httpx.AsyncClient, url: str, limits: FetchLimits = FetchLimits()) -> FetchedPage:
    """GET one page within the limits; raises `PolicyFetchError` with the outcome otherwise."""
    try:
        return await asyncio.wait_for(_get(client, url, limits), timeout=limits.total_s)
    except PolicyFetchError:
        raise
    except (asyncio.TimeoutError, httpx.TimeoutException) as e:
        raise PolicyFetchError("timeout", f"{url}: no complete answer in time") from e
    except httpx.HTTPError as e:
        raise PolicyFetchError("network", f"{url}: {type(e).__name__}") from e
