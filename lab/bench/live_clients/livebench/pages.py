"""The shop's pages: one per SDK and page kind, loading that SDK's bundle.

The page itself does nothing: Playwright calls `harness.identify(P)` or `harness.pageview(P)`
(the bundle's exports) once it has loaded, with the planted values as P.
"""

from __future__ import annotations

import html

__all__ = ["PAGE_KINDS", "page_path", "bundle_path", "page_html", "RUN_JS"]

PAGE_KINDS = ("identify", "pageview")


def page_path(slug: str, kind: str) -> str:
    """The page's path on the shop: /live/<slug>/<kind>."""
    return f"/live/{slug}/{kind}"


def bundle_path(slug: str) -> str:
    """The bundle's path on the shop."""
    return f"/live/{slug}/bundle.js"


def page_html(slug: str, kind: str) -> str:
    """A small, realistic shop page (title, a heading, a checkout block) with the bundle in <head>."""
    title = "Your account — Example Shop" if kind == "identify" else "Winter boots — Example Shop"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="{bundle_path(slug)}"></script>
</head><body>
<header><a href="/">Example Shop</a></header>
<main><h1>{html.escape(title.split(' — ')[0])}</h1>
<div id="checkout" class="widget">Checkout</div>
<button id="buy" type="button">Buy</button></main>
</body></html>
"""


# Runs one page function with a time limit; returns "ok", "timeout" or the error's text.
RUN_JS = """async ([kind, planted, limitMs]) => {
  if (!window.harness || typeof window.harness[kind] !== "function") return "no harness." + kind;
  const limit = new Promise((resolve) => setTimeout(() => resolve("timeout"), limitMs));
  try {
    const run = Promise.resolve(window.harness[kind](planted)).then(() => "ok");
    return await Promise.race([run, limit]);
  } catch (e) {
    return "error: " + (e && e.stack ? e.stack : String(e)).slice(0, 500);
  }
}"""
