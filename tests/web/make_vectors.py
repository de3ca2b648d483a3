"""The known-answer vectors the in-browser audit runs (server/web/static/vectors.json), computed
by the Python reference (protocol/, engines.core.Rng), whose values docs/PROTOCOL.md prints and
tests/protocol/test_vectors.py pins. `python -m tests.web.make_vectors` rewrites the file;
tests/web/test_vectors_file.py fails if it differs from what the reference computes now."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

from engines.core import Rng
from protocol.answers import answers_statement, sign_answers
from protocol.auth import request_message
from protocol.canonical import canonical
from protocol.commitments import (
    TAG_EVENT,
    TAG_SECRET,
    TAG_STATE,
    TAG_VIEW,
    commit,
    email_key,
    event_salt,
    move_key,
    move_token,
    secret_salt,
    seed_commit,
    setup_key,
    standing_key,
    state_salt,
    timeout_key,
    view_salt,
)
from protocol.entries import (
    entry_hash,
    envelope,
    join_statement,
    make_entry,
    seal,
    sign_envelope,
    sign_join,
)
from protocol.keys import FIELD_P, GROUP_L, SMALL_ORDER_Y, TAG_REQUEST, SigningKey
from protocol.nonces import join_nonce, move_nonce

FILE = Path(__file__).resolve().parents[2] / "server" / "web" / "static" / "vectors.json"
SEED = bytes(range(32))
SALT = "a5" * 32
N0, N1, MN = "00" * 32, "ff" * 32, "ab" * 32
PLAYER = SigningKey.from_seed_hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
SERVER = SigningKey.from_seed_hex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")

# JSON texts (as a file would hold them), parsed by the page's strict reader, then canonicalised.
CANONICAL_TEXTS = [
    '{"b": 2, "a": 1, "c": {"z": [3, "x"], "y": null}}',
    '{"\\u00e9": "\\u00fc", "\\u20ac": "\\ud83d\\ude00", "A": "line\\n\\"q\\"\\\\\\t\\u0001"}',
    '{"\\uff61": 1, "\\ud83d\\ude00": 2, "a": 3}',
    '[true, false, null, 0, -1, 9007199254740991, "", [], {}]',
    # numbers and unicode beyond the table: floats in ECMAScript form, -0, exponents, U+2028
    '[1.0, -0.0, 0.1, 1e21, 1e-7, 123456789.125, -5e-324, 1.7976931348623157e308, "\\u2028\\u007f\\u0000"]',
    '{"z": {"\\u00e4": [1, 2.5]}, "\\ud800\\udc00": "astral key", "\\uffff": "last BMP key"}',
]
REFUSED_TEXTS = [  # loads_strict or canonical refuses each: the page must too
    '{"a": 1, "a": 2}',
    "[NaN]",
    "[1e400]",
    '["\\ud800"]',
    "[9007199254740992]",
    "\ufeff[1]",
]


def _rng_draws(key: bytes, n: int = 8) -> list[int]:
    rng = Rng(key)
    return [rng.randbelow(6) for _ in range(n)]


def vectors() -> dict[str, Any]:
    """Every vector as {"name", "kind", inputs..., "want"}: the kinds audit_page.js runs."""
    out: list[dict[str, Any]] = []
    for i, text in enumerate(CANONICAL_TEXTS):
        value = json.loads(text)
        data = canonical(value)
        out.append({"name": f"canonical JSON {i + 1}", "kind": "canonical", "text": text,
                    "want": data.hex(), "sha256": hashlib.sha256(data).hexdigest()})
    for i, text in enumerate(REFUSED_TEXTS):
        out.append({"name": f"refused JSON {i + 1}", "kind": "refused", "text": text})
    tags = {"event": TAG_EVENT, "secret": TAG_SECRET, "state": TAG_STATE, "view": TAG_VIEW}
    for tag, value in [
        ("event", {"kind": "dealt", "data": {"seat": 0, "value": 4}, "to": [0]}),
        ("secret", {"value": 3}),
        ("state", {"moves": 0, "turn": 0}),
        ("view", {"hand": [4], "seat": 0}),
    ]:
        out.append({"name": f"commit {tag}", "kind": "commit", "tag": tag, "value": value, "salt": SALT,
                    "want": commit(tags[tag], value, SALT)})
    seed = SEED.hex()
    derived = [
        ("seed_commit", [], seed_commit(SEED)),
        ("eventSalt", [3, 0], event_salt(SEED, 3, 0)),
        ("eventSalt", [3, 1], event_salt(SEED, 3, 1)),
        ("stateSalt", [3], state_salt(SEED, 3)),
        ("viewSalt", [3, 1], view_salt(SEED, 3, 1)),
        ("secretSalt", [4], secret_salt(SEED, 4)),
        ("setupKey", [[N0, N1]], setup_key(SEED, [N0, N1]).hex()),
        ("moveKey", [4, MN], move_key(SEED, 4, MN).hex()),
        ("timeoutKey", [4], timeout_key(SEED, 4).hex()),
        ("emailKey", [4], email_key(SEED, 4).hex()),
        ("standingKey", [4], standing_key(SEED, 4).hex()),
        ("moveToken", ["g1", 4, "cd" * 32, 0], move_token(SEED, "g1", 4, "cd" * 32, 0)),
    ]
    for fn, args, want in derived:
        out.append({"name": f"{fn}{tuple(args) if args else ''}", "kind": "seeded", "fn": fn, "seed": seed,
                    "args": args, "want": want})
    for label, key in [("setup", setup_key(SEED, [N0, N1])), ("move", move_key(SEED, 4, MN)),
                       ("timeout", timeout_key(SEED, 4)), ("email", email_key(SEED, 4)),
                       ("standing", standing_key(SEED, 4))]:
        out.append({"name": f"8 x randbelow(6) of the {label} Rng", "kind": "rng", "key": key.hex(),
                    "calls": [["randbelow", 6]] * 8, "want": _rng_draws(key)})
    pbem = b"pbem".hex()
    out.append({"name": "Rng block 0 and 1", "kind": "rng", "key": pbem, "calls": [["randbytes", 64]],
                "want": [Rng(b"pbem").randbytes(64).hex()]})
    rng = Rng(b"pbem")
    out.append({"name": "12 x randbelow(6)", "kind": "rng", "key": pbem, "calls": [["randbelow", 6]] * 12,
                "want": [rng.randbelow(6) for _ in range(12)]})
    ns = [2, 6, 7, 100, 1000, 65536, 65537, 1, 2**40]
    rng = Rng(b"pbem")
    out.append({"name": "randbelow of many sizes", "kind": "rng", "key": pbem, "calls": [["randbelow", n] for n in ns],
                "want": [rng.randbelow(n) for n in ns]})
    items = list(range(10))
    Rng(b"pbem").shuffle(items)
    out.append({"name": "shuffle(0..9)", "kind": "rng", "key": pbem, "calls": [["shuffle", list(range(10))]], "want": [items]})
    rng = Rng(b"pbem")
    out.append({"name": "5 x choice(abcde)", "kind": "rng", "key": pbem, "calls": [["choice", list("abcde")]] * 5,
                "want": [rng.choice("abcde") for _ in range(5)]})
    # signatures: what the audit verifies, with the tags the log uses
    genesis = make_entry("g1", 0, "genesis", None, "2024-05-01T12:00:00Z", {
        "engine": "toy", "engine_version": "1", "options": {"rounds": 2}, "seat_names": ["north", "south"],
        "seats": 2, "seed_commit": seed_commit(SEED), "server_key": SERVER.public_hex})
    sealed = seal(genesis, SERVER)
    statement = join_statement("g1", 0, "alice", PLAYER.public_hex, N0, entry_hash(genesis))
    env = envelope("g1", 4, "cd" * 32, 0, {"type": "hide"}, commit(TAG_SECRET, {"value": 3}, SALT), MN, "2024-05-01T12:00:04Z")
    request = request_message(SERVER.public_hex, "POST", "/v1/games/g1/moves", "1714564800", "5a" * 16, b'{"x":1}')
    answers = answers_statement("g1", 0, "cd" * 32, [{"kind": "forced"}])
    sigs = [
        ("RFC 8032 TEST 1", PLAYER.public_hex, "", b"".hex(), PLAYER.sign(b"", b"")),
        ("join statement", PLAYER.public_hex, "join", canonical(statement).hex(), sign_join(statement, PLAYER)),
        ("envelope", PLAYER.public_hex, "move", canonical(env).hex(), sign_envelope(env, PLAYER)),
        ("statement of answers", PLAYER.public_hex, "answers", canonical(answers).hex(), sign_answers(answers, PLAYER)),
        ("genesis entry", SERVER.public_hex, "entry", entry_hash(genesis), sealed["sig"]),
        ("request", PLAYER.public_hex, "request", request.hex(), PLAYER.sign(TAG_REQUEST, request)),
    ]
    for name, key, tag, message, sig in sigs:
        out.append({"name": f"signature: {name}", "kind": "signature", "key": key, "tag": tag, "message": message,
                    "sig": sig, "want": True})
        flipped = sig[:-2] + format(int(sig[-2:], 16) ^ 1, "02x")
        out.append({"name": f"signature: {name}, a flipped byte", "kind": "signature", "key": key, "tag": tag,
                    "message": message, "sig": flipped, "want": False})
    out.append({"name": "genesis entry hash", "kind": "entry_hash", "entry": genesis, "want": entry_hash(genesis)})
    high_s = sealed["sig"][:64] + (int.from_bytes(bytes.fromhex(sealed["sig"][64:]), "little") + GROUP_L).to_bytes(32, "little").hex()
    out.append({"name": "signature with S + L (malleated) refused", "kind": "signature", "key": SERVER.public_hex,
                "tag": "entry", "message": entry_hash(genesis), "sig": high_s, "want": False})
    for y in sorted(SMALL_ORDER_Y):
        for sign in (0, 1):
            enc = (y | (sign << 255)).to_bytes(32, "little").hex()
            out.append({"name": f"small-order key y={str(y)[:12]} sign {sign}", "kind": "weak_key", "key": enc, "want": False})
    out.append({"name": "non-canonical key (y = p + 1)", "kind": "weak_key",
                "key": (FIELD_P + 1).to_bytes(32, "little").hex(), "want": False})
    out.append({"name": "a strong key", "kind": "weak_key", "key": PLAYER.public_hex, "want": True})
    nonce_key = hmac.new(bytes.fromhex(PLAYER.seed_hex()), b"pbem/v1/nonce-key", hashlib.sha256).digest()
    out.append({"name": "move nonce", "kind": "nonce", "key": nonce_key.hex(),
                "label": "pbem/v1/nonce/move\n", "value": {"game": "g1", "prev": "cd" * 32, "seq": 4},
                "want": move_nonce(PLAYER, "g1", 4, "cd" * 32)})
    out.append({"name": "join nonce", "kind": "nonce", "key": nonce_key.hex(),
                "label": "pbem/v1/nonce/join\n", "value": {"game": "g1", "genesis": entry_hash(genesis)},
                "want": join_nonce(PLAYER, "g1", entry_hash(genesis))})
    return {"about": "docs/PROTOCOL.md section 18 and more, computed by the Python reference", "vectors": out}


def text() -> str:
    return json.dumps(vectors(), indent=1, ensure_ascii=True) + "\n"


if __name__ == "__main__":
    FILE.write_text(text(), encoding="ascii")
    print(f"wrote {FILE} ({len(vectors()['vectors'])} vectors)")
