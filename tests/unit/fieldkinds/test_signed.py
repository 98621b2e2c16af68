"""Signed URLs (guardian/fieldkinds/signed.py): what a URL's signature covers is never rewritten."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from guardian.assemble import assemble
from guardian.codecs import decode_request
from guardian.fieldkinds.signed import signed_fields
from guardian.records import HttpRequest
from guardian.settings import Settings

FILENAME = quote('attachment; filename="John Smith CV.pdf"', safe="")
THIRD_PARTY_LOAD = (("Referer", "https://shop.example/account"), ("Sec-Fetch-Site", "cross-site"),
                    ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image"))


def _signed_names(url: str) -> set[str]:
    payload = decode_request(HttpRequest("GET", url))
    labels = signed_fields(payload.fields)
    assert all(label.never_touch for label in labels.values())
    return {f.name for f in payload.fields if f.path in labels}


@pytest.mark.parametrize(
    ("url", "signed"),
    [
        # AWS Signature V4 (S3 presigned): the whole canonical query
        (f"https://b.s3.amazonaws.com/cv.pdf?response-content-disposition={FILENAME}&X-Amz-Algorithm=AWS4-HMAC-SHA256"
         "&X-Amz-Credential=AKIA%2F20250101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=ab12",
         {"response-content-disposition", "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature"}),
        # Google Cloud Storage V4
        ("https://storage.googleapis.com/b/o?X-Goog-Credential=sa%2F20250101&X-Goog-Signature=ab12&who=jane",
         {"X-Goog-Credential", "X-Goog-Signature", "who"}),
        # CloudFront canned policy, and AWS V2
        ("https://d1.cloudfront.net/v.mp4?Expires=1700000000&Signature=ab~12&Key-Pair-Id=K2J", {"Expires", "Signature", "Key-Pair-Id"}),
        ("https://b.s3.amazonaws.com/o?AWSAccessKeyId=AKIA&Expires=1700000000&Signature=ab12", {"AWSAccessKeyId", "Expires", "Signature"}),
        # Azure SAS: only its own fields; another parameter is read as usual
        ("https://a.blob.core.windows.net/c/b?sv=2022-11-02&se=2025-01-01&sr=b&sp=r&sig=ab12&rscd=x&email=jane%40example.org",
         {"sv", "se", "sr", "sp", "sig", "rscd"}),
        # a URL that lists what it signs
        ("https://r2.googlevideo.com/videoplayback?expire=1&ip=183.81.97.169&id=o-A&sparams=expire,ip,id&sig=AB&range=0-1",
         {"expire", "ip", "id", "sparams", "sig"}),
        # not signed: a "sig" alone, a "Signature" without its scheme's companions
        ("https://t.example/p?sig=abc&uid=123", set()),
        ("https://t.example/p?Signature=abc&Expires=1", set()),
    ],
)
def test_the_parameters_a_signature_covers(url: str, signed: set[str]) -> None:
    assert _signed_names(url) == signed


def test_values_decoded_from_a_signed_parameter_are_protected_too() -> None:
    url = ("https://b.s3.amazonaws.com/o?next=https%3A%2F%2Fshop.example%2F%3Femail%3Djane%2540example.org"
           "&X-Amz-Credential=AKIA&X-Amz-Signature=ab12")
    payload = decode_request(HttpRequest("GET", url))
    labels = signed_fields(payload.fields)
    assert {f.path for f in payload.fields} == set(labels)


@pytest.fixture(scope="module")
def pipeline():  # type: ignore[no-untyped-def]
    return assemble(Settings(policy_db=None))


def test_a_presigned_download_with_a_name_in_it_goes_out_byte_for_byte(pipeline) -> None:  # type: ignore[no-untyped-def]
    signed = (f"https://files.s3.amazonaws.com/cv.pdf?response-content-disposition={FILENAME}"
              "&X-Amz-Credential=AKIA%2F20250101&X-Amz-Signature=ab12")
    out = pipeline.decide(HttpRequest("GET", signed, THIRD_PARTY_LOAD))
    assert out.rewrite is None and out.line["findings"] == []
    assert out.line["payload"]["never_touch_fields"] == 3
    unsigned = pipeline.decide(HttpRequest("GET", signed.replace("X-Amz-Signature", "x"), THIRD_PARTY_LOAD))
    assert unsigned.line["findings"]  # the same name without a signature is read


def test_a_video_url_keeps_the_ip_it_signs_and_an_unsigned_ip_is_found(pipeline) -> None:  # type: ignore[no-untyped-def]
    video = "https://r2.googlevideo.com/videoplayback?expire=1700000000&ip=183.81.97.169&sparams=expire,ip&sig=AB12"
    assert pipeline.decide(HttpRequest("GET", video, THIRD_PARTY_LOAD)).line["findings"] == []
    beacon = "https://collect.tracker.example/e?client_ip=183.81.97.169"
    found = pipeline.decide(HttpRequest("GET", beacon, THIRD_PARTY_LOAD)).line["findings"]
    assert [f["category"] for f in found] == ["IPAddress"]
