"""guardian/addon/scripts.py: the literals of a public script reach the user's session; a page, a
private script or a failed load teach nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from mitmproxy import http
from mitmproxy.test import tflow, tutils

from guardian.addon.scripts import PageScripts, is_public_script

BODY = b'init({token: "sln_7Rk2Qm9Xw4Lt8Zp3Nv6Yb1Hc5Df0Gj"}); var a = "plain words here";'


class Taught:
    def __init__(self) -> None:
        self.values: list[str] = []

    async def shown(self, flow: http.HTTPFlow, values: Sequence[str]) -> None:
        self.values.extend(values)


def _flow(*, dest: str = "script", site: str = "same-origin", content_type: str = "text/javascript", status: int = 200, body: bytes = BODY,
          **headers: str) -> http.HTTPFlow:
    flow = tflow.tflow(resp=tutils.tresp(status_code=status, content=body))
    flow.request.headers["sec-fetch-dest"] = dest
    flow.request.headers["sec-fetch-site"] = site
    flow.response.headers["content-type"] = content_type
    for k, v in headers.items():
        flow.response.headers[k.replace("_", "-")] = v
    return flow


def _teach(flow: http.HTTPFlow) -> list[str]:
    taught = Taught()
    addon = PageScripts(taught)

    async def run() -> None:
        addon.response(flow)  # holds a script until its literals are taught
        await flow.wait_for_resume()

    try:
        asyncio.run(asyncio.wait_for(run(), 10))
    finally:
        addon.done()
    assert not flow.intercepted
    return taught.values


def test_a_public_script_teaches_its_keys() -> None:
    assert _teach(_flow()) == ["sln_7Rk2Qm9Xw4Lt8Zp3Nv6Yb1Hc5Df0Gj"]
    flow = _flow()
    flow.response.content = BODY  # encoded (identity) again: read through mitmproxy's decoding
    flow.response.encode("gzip")
    assert _teach(flow) == ["sln_7Rk2Qm9Xw4Lt8Zp3Nv6Yb1Hc5Df0Gj"]


def test_a_page_a_private_script_or_a_failed_load_teaches_nothing() -> None:
    assert not is_public_script(_flow(dest="document", content_type="text/html"))
    assert not is_public_script(_flow(content_type="text/html"))  # a page answered to a script load
    assert _teach(_flow(cache_control="private, max-age=60")) == []
    assert _teach(_flow(set_cookie="sid=1")) == []
    assert _teach(_flow(status=404)) == []
    assert _teach(_flow(dest="image", content_type="image/png")) == []
    assert _teach(_flow(site="cross-site")) == []  # a third party's script may name the user's id
