"""The frame chain: a request from inside a third-party frame has the page in the address bar as
its first party, and an ad network's own frame is never first party."""

from __future__ import annotations

from guardian.context import ContextResolver
from guardian.context.frames import FrameChain, origin_of
from guardian.records import HttpRequest, RecipientType

FRAME_LOAD = (("Sec-Fetch-Dest", "iframe"), ("Sec-Fetch-Mode", "navigate"), ("Sec-Fetch-Site", "cross-site"),
              ("Referer", "https://news.example/story/1"))


def _from_frame(url: str, frame: str, dest: str = "image") -> HttpRequest:
    return HttpRequest("GET", url, (("Referer", frame + "/"), ("Sec-Fetch-Dest", dest), ("Sec-Fetch-Site", "same-site")))


def test_origin_of() -> None:
    assert origin_of("https://Ads.Example:8443/f?x=1") == "https://ads.example:8443"
    assert origin_of("chrome-extension://abc/x") is None and origin_of("null") is None


def test_a_frame_and_a_frame_inside_it_resolve_to_the_top_level_site() -> None:
    now = [0.0]
    chain = FrameChain(clock=lambda: now[0], ttl_s=60)
    chain.observe(HttpRequest("GET", "https://frames.exchange.example/ad.html", FRAME_LOAD))
    inner = (("Sec-Fetch-Dest", "iframe"), ("Referer", "https://frames.exchange.example/"))
    chain.observe(HttpRequest("GET", "https://sync.broker.example/f.html", inner))
    assert chain.top_site("https://frames.exchange.example") == "news.example"
    assert chain.top_site("https://sync.broker.example") == "news.example"
    now[0] = 61.0
    assert chain.top_site("https://frames.exchange.example") is None  # forgotten after the TTL


def test_a_top_level_visit_to_the_origin_ends_its_frame_entry() -> None:
    chain = FrameChain()
    chain.observe(HttpRequest("GET", "https://video.example/embed/1", FRAME_LOAD))
    assert chain.top_site("https://video.example") == "news.example"
    chain.observe(HttpRequest("GET", "https://video.example/watch", (("Sec-Fetch-Dest", "document"), ("Sec-Fetch-Mode", "navigate"))))
    assert chain.top_site("https://video.example") is None


def test_a_site_framing_its_own_pages_teaches_nothing() -> None:
    chain = FrameChain()
    chain.observe(HttpRequest("GET", "https://www.news.example/widget", FRAME_LOAD))
    assert len(chain) == 0


def test_the_bound_drops_the_oldest() -> None:
    chain = FrameChain(max_frames=2)
    for i in range(3):
        chain.observe(HttpRequest("GET", f"https://f{i}.frames.example/", FRAME_LOAD))
    assert len(chain) == 2 and chain.top_site("https://f0.frames.example") is None


def test_a_sync_call_from_a_seen_frame_is_third_party() -> None:
    resolver, frames = ContextResolver(), FrameChain()
    resolver.resolve(HttpRequest("GET", "https://widgets.partner.example/w.html", FRAME_LOAD), frames=frames)
    context = resolver.resolve(_from_frame("https://widgets.partner.example/sync?uid=8f3a9c2b7d1e", "https://widgets.partner.example"), frames=frames)
    assert context.first_party_site == "news.example" and context.first_party_source == "frame"
    assert context.recipient is not RecipientType.FIRST_PARTY


def test_a_data_brokers_own_frame_is_never_first_party() -> None:
    context = ContextResolver().resolve(_from_frame("https://idsync.rlcdn.com/1000.gif?partner_uid=8f3a9c2b", "https://idsync.rlcdn.com"))
    assert context.recipient is RecipientType.DATA_BROKER


def test_an_ad_networks_frame_seen_loading_is_third_party_even_to_its_owner() -> None:
    resolver, frames = ContextResolver(), FrameChain()
    resolver.resolve(HttpRequest("GET", "https://tpc.googlesyndication.com/safeframe/1-0-40/html/container.html", FRAME_LOAD), frames=frames)
    context = resolver.resolve(_from_frame("https://cm.g.doubleclick.net/pixel?google_nid=x", "https://tpc.googlesyndication.com"), frames=frames)
    assert context.first_party_site == "news.example" and context.recipient is RecipientType.ADVERTISING
    # a social network the user visits keeps its own requests first party
    own = HttpRequest("POST", "https://www.facebook.com/api/graphql/", (("Origin", "https://www.facebook.com"), ("Sec-Fetch-Site", "same-origin")))
    assert ContextResolver().resolve(own).recipient is RecipientType.FIRST_PARTY
