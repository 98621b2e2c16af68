"""A test CA made at run time, and a leaf certificate per host name, made when a client asks.

The fake internet answers for every host name the SDKs use (and any they invent), so one
certificate with a fixed SAN list would not do: the server picks (or makes) a leaf per SNI name,
signed by this CA, and mitmdump trusts the CA (`ssl_verify_upstream_trusted_ca`).
"""

from __future__ import annotations

import datetime as dt
import ssl
import threading
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

__all__ = ["TestCA"]


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    """PKCS#8 PEM of a private key, unencrypted (a throw-away test key)."""
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


class TestCA:
    """A CA in `folder` (ca.pem) that issues and caches one TLS server context per host name."""

    def __init__(self, folder: Path, name: str = "GuardianAgent live-clients bench CA") -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._now = dt.datetime.now(dt.timezone.utc)
        self._key = ec.generate_private_key(ec.SECP256R1())
        self._name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        self._cert = (
            x509.CertificateBuilder().subject_name(self._name).issuer_name(self._name)
            .public_key(self._key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(self._now - dt.timedelta(days=1)).not_valid_after(self._now + dt.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(True, False, False, False, False, True, True, False, False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(self._key.public_key()), critical=False)
            .sign(self._key, hashes.SHA256())
        )
        self.ca_pem = folder / "ca.pem"
        self.ca_pem.write_bytes(self._cert.public_bytes(serialization.Encoding.PEM))
        self._contexts: dict[str, ssl.SSLContext] = {}
        self._lock = threading.Lock()

    def _leaf(self, host: str) -> tuple[Path, Path]:
        """Write a leaf certificate and key for `host`; returns (cert.pem, key.pem)."""
        key = ec.generate_private_key(ec.SECP256R1())
        leaf = (
            x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host[:64])]))
            .issuer_name(self._name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(self._now - dt.timedelta(days=1)).not_valid_after(self._now + dt.timedelta(days=30))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(host)]), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self._key.public_key()), critical=False)
            .sign(self._key, hashes.SHA256())
        )
        safe = "".join(c if c.isalnum() or c in ".-" else "_" for c in host)
        cert_pem, key_pem = self.folder / f"{safe}.pem", self.folder / f"{safe}-key.pem"
        cert_pem.write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
        key_pem.write_bytes(_pem_key(key))
        return cert_pem, key_pem

    def context_for(self, host: str) -> ssl.SSLContext:
        """The server-side TLS context for `host` (made on first use, then cached)."""
        host = (host or "localhost").lower().rstrip(".")
        with self._lock:
            ctx = self._contexts.get(host)
            if ctx is None:
                cert_pem, key_pem = self._leaf(host)
                ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                ctx.load_cert_chain(cert_pem, key_pem)
                ctx.set_alpn_protocols(["http/1.1"])
                self._contexts[host] = ctx
            return ctx

    def server_context(self) -> ssl.SSLContext:
        """The listening socket's context: it switches to the SNI name's leaf during the handshake."""
        default = self.context_for("localhost")

        def pick(sock: ssl.SSLObject, server_name: str | None, _ctx: ssl.SSLContext) -> None:
            sock.context = self.context_for(server_name or "localhost")

        default.sni_callback = pick
        return default
