"""Signed URLs: query parameters covered by the URL's own signature are never rewritten.

A signed URL is issued by the server that receives it (a storage service, a CDN, a video
origin): it already knows every value the signature covers, and changing one byte of them makes
the request fail (403), so the download, the image or the video breaks. A filename in an S3
link's `response-content-disposition` or the viewer's IP in a video URL is therefore left alone,
as the site's machinery. Each scheme is recognised by the parameters its provider documents, and
only the parameters that scheme signs are protected; any other parameter is read as usual.

| scheme | recognised by | signed parameters |
|---|---|---|
| AWS Signature V4, query auth (S3 presigned) | `X-Amz-Signature` + `X-Amz-Credential` | all (canonical query) |
| AWS Signature V2, query auth | `Signature` + `AWSAccessKeyId` + `Expires` | all |
| Google Cloud Storage V4 signed URL | `X-Goog-Signature` + `X-Goog-Credential` | all (canonical query) |
| CloudFront signed URL | `Signature` + `Key-Pair-Id` + `Expires` or `Policy` | all (the policy names the URL) |
| Azure Storage SAS | `sig` + `sv` + `se` or `si` | the SAS fields (`SAS_FIELDS`) |
| URL that lists what it signs | `sparams` + `sig`, `lsig` or `signature` | those named in `sparams`/`lsparams`, and these |

Sources: AWS S3 API Reference, "Authenticating Requests: Using Query Parameters (AWS Signature
Version 4)" and "Signing and Authenticating REST Requests" (V2); Google Cloud Storage, "V4
signing process"; Amazon CloudFront Developer Guide, "Create a signed URL"; Microsoft Learn,
"Create a service SAS". The last row is a URL that names its signed parameters itself (Google's
video URLs do: `sparams=ip,expire,...&sig=...`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from guardian.records import Field, KindLabel, ValueKind

__all__ = ["signed_fields", "SAS_FIELDS"]

QUERY_PREFIX = "query:"
ALL = frozenset({"*"})  # every query parameter is signed
# Azure SAS token fields (Microsoft Learn, "Create a service SAS" / "Create an account SAS")
SAS_FIELDS = frozenset({
    "sv", "ss", "srt", "sp", "st", "se", "sip", "spr", "sig", "si", "sr", "sdd", "skoid", "sktid", "skt", "ske",
    "sks", "skv", "saoid", "suoid", "scid", "ses", "rscc", "rscd", "rsce", "rscl", "rsct",
})
_LISTED_SIGNATURES = ("sig", "lsig", "signature")


def _top_name(path: str) -> str:
    """The query parameter a field path starts from: `query:u#0|>url|>query:q#0` -> `u`."""
    return path[len(QUERY_PREFIX):].split("|>", 1)[0].rpartition("#")[0]


def _signed(params: Mapping[str, str]) -> frozenset[str]:
    """The signed parameter names (lower-cased; `ALL` for every one) of a query, by its scheme."""
    names = params.keys()
    if {"x-amz-signature", "x-amz-credential"} <= names or {"x-goog-signature", "x-goog-credential"} <= names:
        return ALL
    if "signature" in names and (
        {"awsaccesskeyid", "expires"} <= names or ("key-pair-id" in names and ("expires" in names or "policy" in names))
    ):
        return ALL
    if {"sig", "sv"} <= names and ("se" in names or "si" in names):
        return SAS_FIELDS & names
    if "sparams" in names and any(s in names for s in _LISTED_SIGNATURES):
        listed = {"sparams", *_LISTED_SIGNATURES}
        for key in ("sparams", "lsparams"):
            if key in names:
                listed.add(key)
                listed.update(p.strip().lower() for p in params[key].split(",") if p.strip())
        return frozenset(listed & names)
    return frozenset()


def signed_fields(fields: Iterable[Field]) -> dict[str, KindLabel]:
    """Field path -> a never-touch label, for the query fields (and what was decoded from them)
    that the URL's signature covers; empty for an unsigned URL (nearly every request)."""
    query = [f for f in fields if f.path.startswith(QUERY_PREFIX)]
    if not query:
        return {}
    params: dict[str, str] = {}
    for f in query:
        if "|>" not in f.path:  # the parameters themselves, not values decoded from them
            params.setdefault(f.name.lower(), f.value)
    signed = _signed(params)
    if not signed:
        return {}
    what = "covered by the URL's signature: its issuer knows it, and a rewrite would break the request"
    label = KindLabel(ValueKind.SITE_MACHINERY, "signed", what, never_touch=True)
    return {f.path: label for f in query if signed is ALL or _top_name(f.path).lower() in signed}
