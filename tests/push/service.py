"""A push service on loopback for the tests: it holds each subscriber's private key and
authentication secret (made here, as a browser makes them), checks what the site posts as a
real push service and browser would, and keeps what arrived, decrypted by hand:

- the VAPID ``Authorization`` (RFC 8292): ``vapid t=<JWT>,k=<key>``, ``k`` the site's public key,
  the JWT signed with it (ES256), ``aud`` the endpoint's origin, ``exp`` in the next 24 hours, ``sub``
  a ``mailto:`` or ``https:`` address;
- ``Content-Encoding: aes128gcm`` and a ``TTL``;
- the body (RFC 8291 and RFC 8188): the salt, the record size, the sender's key; the keys derived
  from the ECDH secret and the subscriber's auth secret; one record, decrypted and unpadded.

``answer`` sets the status it answers with (201; 410: the subscription is gone); ``hold``, an
event it waits for before answering, and ``delay``, seconds it waits (a slow push service)."""
from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


@dataclass
class Phone:
    """One browser's subscription: its keys stay here."""
    name: str
    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def public(self) -> bytes:
        return self.private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)

    def subscription(self) -> dict:
        """As the browser's ``PushSubscription.toJSON()``."""
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64(self.public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> bytes:
        """RFC 8291 / RFC 8188 (aes128gcm), by hand."""
        salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        sender = body[21:21 + idlen]
        record = body[21 + idlen:]
        assert idlen == 65 and len(record) <= rs, (idlen, rs, len(record))
        shared = self.private.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
        ikm = _hkdf(self.auth, shared, b"WebPush: info\x00" + self.public + sender, 32)
        key = _hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = _hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        plain = AESGCM(key).decrypt(nonce, record, None)
        text = plain.rstrip(b"\x00")
        assert text.endswith(b"\x02"), "the last record ends with the delimiter 2"
        return text[:-1]


@dataclass
class Arrival:
    phone: str
    payload: dict
    headers: dict   # by their names in lower case
    claims: dict


class PushService:
    def __init__(self, site_public_key: str):
        self.site_key = site_public_key
        self.phones: dict[str, Phone] = {}
        self.arrived: list[Arrival] = []
        self.problems: list[str] = []
        self.answer = 201
        self.hold: threading.Event | None = None
        self.delay = 0.0
        self.received = threading.Event()   # a request came in (set before any hold)
        self._lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                service.received.set()
                if service.hold is not None:
                    service.hold.wait(30)
                time.sleep(service.delay)
                status = service.take(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        if self.hold is not None:
            self.hold.set()
        self.server.shutdown()
        self.server.server_close()

    def phone(self, name: str) -> Phone:
        phone = Phone(name, f"{self.origin}/push/{name}-{os.urandom(6).hex()}")
        self.phones[phone.endpoint[len(self.origin):]] = phone
        return phone

    def texts(self, phone: Phone | str | None = None) -> list[str]:
        name = phone.name if isinstance(phone, Phone) else phone
        with self._lock:
            return [a.payload["body"] for a in self.arrived if name is None or a.phone == name]

    def wait_for(self, count: int, timeout: float = 15) -> list[Arrival]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if len(self.arrived) >= count:
                    return list(self.arrived)
            time.sleep(0.05)
        return list(self.arrived)

    def take(self, path: str, headers: dict, body: bytes) -> int:
        try:
            phone = self.phones[path]
            claims = self._check_vapid(headers, phone)
            encoding = headers.get("content-encoding")
            assert encoding == "aes128gcm", f"Content-Encoding: {encoding}"
            assert headers.get("ttl", "").isdigit(), f"TTL: {headers.get('ttl')}"
            payload = json.loads(phone.decrypt(body).decode())
        except Exception as e:   # what a push service refuses: kept for the test to show
            with self._lock:
                self.problems.append(f"{path}: {type(e).__name__}: {e}")
            return 400
        with self._lock:
            self.arrived.append(Arrival(phone.name, payload, headers, claims))
        return self.answer

    def _check_vapid(self, headers: dict, phone: Phone) -> dict:
        scheme, _, params = headers.get("authorization", "").partition(" ")
        assert scheme == "vapid", f"Authorization: {scheme}"
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        assert fields["k"] == self.site_key, "signed with another key than the site's public key"
        head, claims, signature = fields["t"].split(".")
        assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
        raw = unb64(signature)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(fields["k"]))
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                      f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        claims = json.loads(unb64(claims))
        assert claims["aud"] == self.origin, f"aud: {claims['aud']}"
        assert time.time() < claims["exp"] <= time.time() + 24 * 3600, f"exp: {claims['exp']}"
        assert claims["sub"].startswith(("mailto:", "https:")), f"sub: {claims['sub']}"
        return claims
