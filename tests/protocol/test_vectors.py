"""Known-answer vectors: the exact bytes another implementation must reproduce.

Every value here is printed in docs/PROTOCOL.md ("Known-answer vectors"), and
test_protocol_doc.py checks that the document still carries each of them.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from engines.core import Rng
from protocol.auth import request_message, sign_request, wire_target
from protocol.canonical import NotCanonical, canonical, digest, sha256_hex
from protocol.commitments import (
    TAG_EVENT,
    TAG_SECRET,
    TAG_STATE,
    TAG_VIEW,
    commit,
    event_salt,
    move_key,
    seed_commit,
    setup_key,
    state_salt,
    view_salt,
)
from protocol.entries import (
    entry_hash,
    entry_signed_by,
    envelope,
    envelope_signed,
    join_signed,
    join_statement,
    make_entry,
    seal,
    sign_envelope,
    sign_join,
)
from protocol.keys import (
    TAG_ENTRY,
    TAG_JOIN,
    TAG_MOVE,
    TAG_REQUEST,
    TAG_REQUEST_V1,
    SigningKey,
    verify,
)
from protocol.nonces import join_nonce, move_nonce, nonce_key

# --- fixed inputs -------------------------------------------------------------------------

SEED = bytes(range(32))  # the server seed 000102...1f
SALT = "a5" * 32
NONCE0, NONCE1 = "00" * 32, "ff" * 32
MOVE_NONCE = "ab" * 32
# RFC 8032 section 7.1, TEST 1 and TEST 2 secret keys
PLAYER_SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
SERVER_SEED_KEY = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb"
PLAYER_PUB = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
SERVER_PUB = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"

# --- canonical JSON -------------------------------------------------------------------------

CANONICAL = [
    (
        {"b": 2, "a": 1, "c": {"z": [3, "x"], "y": None}},
        '{"a":1,"b":2,"c":{"y":null,"z":[3,"x"]}}',
        "3efb2506dcc20c8243f2546a3b70ee47548715b3a6889ba73aacacd8af882f26",
    ),
    (
        {"\u00e9": "\u00fc", "\u20ac": "\U0001f600", "A": 'line\n"q"\\\t\x01'},
        '{"A":"line\\n\\"q\\"\\\\\\t\\u0001","\u00e9":"\u00fc","\u20ac":"\U0001f600"}',
        "ba3de093d0abe39e0ab7567900dc8c5046e80f5b6479b9b5be65543e23c087c6",
    ),
    (
        # keys sort by UTF-16 code units: U+1F600 (D83D DE00) before U+FF61
        {"\uff61": 1, "\U0001f600": 2, "a": 3},
        '{"a":3,"\U0001f600":2,"\uff61":1}',
        "abec372b4e59235407b56223f98d823bec3eaa45c7ae810db0b91fbabc074673",
    ),
    (
        [True, False, None, 0, -1, 9007199254740991, "", [], {}],
        '[true,false,null,0,-1,9007199254740991,"",[],{}]',
        "a99ab26db694a00eb15c194588a19048265238f7265f7f392ce1fb76b26ed0cc",
    ),
]
CANONICAL_HEX_2 = (
    "7b2241223a226c696e655c6e5c22715c225c5c5c745c7530303031222c22c3a9223a22c3bc22"
    "2c22e282ac223a22f09f9880227d"
)


@pytest.mark.parametrize(("value", "text", "sha"), CANONICAL)
def test_canonical_vectors(value, text, sha):
    assert canonical(value) == text.encode("utf-8")
    assert digest(value) == sha == sha256_hex(text.encode("utf-8"))


def test_canonical_vector_bytes():
    assert canonical(CANONICAL[1][0]).hex() == CANONICAL_HEX_2


def test_canonical_refuses():
    for bad in ({1: 2}, 2**53, -(2**53), float("nan"), float("inf"), {"a": object()}, b"bytes"):
        with pytest.raises(NotCanonical):
            canonical(bad)


def test_canonical_ints_and_floats():
    """Integral floats serialise like ints (RFC 8785 number form), so 1.0 and 1 hash alike."""
    assert canonical(2**53 - 1) == b"9007199254740991"
    assert canonical(1.0) == canonical(1) == b"1"
    assert canonical(-0.0) == b"0"
    assert canonical(0.5) == b"0.5"
    assert canonical((1, 2)) == canonical([1, 2]) == b"[1,2]"


# --- tags --------------------------------------------------------------------------------------


def test_tags_exact_bytes():
    assert TAG_ENTRY == b"pbem/v1/entry\n"
    assert TAG_MOVE == b"pbem/v1/move\n"
    assert TAG_JOIN == b"pbem/v1/join\n"
    assert TAG_REQUEST == b"pbem/v2/request\n"
    assert TAG_REQUEST_V1 == b"pbem/v1/request\n"  # only recognised, to be refused
    assert TAG_EVENT == b"pbem/v1/event\n"
    assert TAG_STATE == b"pbem/v1/state\n"
    assert TAG_SECRET == b"pbem/v1/secret\n"


# --- commitments and derivations -----------------------------------------------------------

DEALT_EVENT = {"kind": "dealt", "data": {"seat": 0, "value": 4}, "to": [0]}
COMMIT_EVENT = "96595531c7eeb8dd301e98d224fd693addb7018e48a71792112c9c96120f0ab1"
COMMIT_SECRET = "87906a78980adc7818ebb10c7e61d4cebc11991a295d3138a19c70db6320fe41"
COMMIT_STATE = "6607fcbbde820b5f676e4bc31dc25627bef9e7b2101d6185bdce3435d108a174"
SEED_COMMIT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
EVENT_SALT_3_0 = "0ee916bff5125ff1baecdb9f999742ead557e33e7986d8185e92bae9d3a399ba"
EVENT_SALT_3_1 = "eb287ab9e43ffd85cfb882b4a3a7a6c3055fc972659e7d87e0088a3eb239dd33"
STATE_SALT_3 = "c2c19ffa561363d543e5e5cff9660711eaffc3ed67813f6864f70c368d85ddc8"
VIEW_SALT_3_1 = "dea957a7dfedbb63d79b2cb49193385f64230142b5f5281c8ca6ec67b893b47f"
COMMIT_VIEW = "8621430175354e55e46ce152e25bce8637beee67a1b1a2f3f3cdebde1ad85ffa"
SETUP_KEY = "b973747a6b23a9bfa443b2b69a24de12d15b86c2d1d7a99d16524d262a434f91"
MOVE_KEY_4 = "81695c35568a19fa673bb42baa4d69b64775629adbbbdca054fbdee6081f4fd1"
SETUP_RANDBELOW6 = [4, 4, 2, 4, 0, 5, 0, 5]
MOVE_RANDBELOW6 = [2, 4, 2, 5, 1, 0, 2, 3]


def test_commit_vectors():
    assert commit(TAG_EVENT, DEALT_EVENT, SALT) == COMMIT_EVENT
    assert commit(TAG_SECRET, {"value": 3}, SALT) == COMMIT_SECRET
    assert commit(TAG_STATE, {"moves": 0, "turn": 0}, SALT) == COMMIT_STATE
    assert commit(TAG_VIEW, {"hand": [4], "seat": 0}, SALT) == COMMIT_VIEW


def test_commit_is_sha256_of_tag_canonical_salt():
    data = TAG_EVENT + canonical(DEALT_EVENT) + bytes.fromhex(SALT)
    assert hashlib.sha256(data).hexdigest() == COMMIT_EVENT


def test_commit_separates_tags_values_and_salts():
    values = {
        commit(TAG_EVENT, {"value": 3}, SALT),
        commit(TAG_SECRET, {"value": 3}, SALT),
        commit(TAG_STATE, {"value": 3}, SALT),
        commit(TAG_VIEW, {"value": 3}, SALT),
        commit(TAG_SECRET, {"value": 2}, SALT),
        commit(TAG_SECRET, {"value": 3}, "a4" + "a5" * 31),
    }
    assert len(values) == 6


def test_seed_commit_vector():
    assert seed_commit(SEED) == SEED_COMMIT == hashlib.sha256(SEED).hexdigest()


def test_salt_vectors():
    assert event_salt(SEED, 3, 0) == EVENT_SALT_3_0
    assert event_salt(SEED, 3, 1) == EVENT_SALT_3_1
    assert state_salt(SEED, 3) == STATE_SALT_3
    assert EVENT_SALT_3_0 == hmac.new(SEED, b"pbem/v1/salt/event/3/0", hashlib.sha256).hexdigest()
    assert STATE_SALT_3 == hmac.new(SEED, b"pbem/v1/salt/state/3", hashlib.sha256).hexdigest()
    assert view_salt(SEED, 3, 1) == VIEW_SALT_3_1
    assert VIEW_SALT_3_1 == hmac.new(SEED, b"pbem/v1/salt/view/3/1", hashlib.sha256).hexdigest()


def test_rng_key_vectors():
    assert setup_key(SEED, [NONCE0, NONCE1]).hex() == SETUP_KEY
    assert move_key(SEED, 4, MOVE_NONCE).hex() == MOVE_KEY_4
    msg = b"pbem/v1/rng/setup\n" + f'["{NONCE0}","{NONCE1}"]'.encode()
    assert hmac.new(SEED, msg, hashlib.sha256).hexdigest() == SETUP_KEY
    msg = b"pbem/v1/rng/move\n" + f'{{"nonce":"{MOVE_NONCE}","seq":4}}'.encode()
    assert hmac.new(SEED, msg, hashlib.sha256).hexdigest() == MOVE_KEY_4
    rng = Rng(bytes.fromhex(SETUP_KEY))
    assert [rng.randbelow(6) for _ in range(8)] == SETUP_RANDBELOW6
    rng = Rng(bytes.fromhex(MOVE_KEY_4))
    assert [rng.randbelow(6) for _ in range(8)] == MOVE_RANDBELOW6


def test_setup_key_depends_on_every_nonce_and_their_order():
    keys = {
        setup_key(SEED, [NONCE0, NONCE1]),
        setup_key(SEED, [NONCE1, NONCE0]),
        setup_key(SEED, [NONCE0, NONCE0]),
        setup_key(SEED, [NONCE0]),
        setup_key(bytes(32), [NONCE0, NONCE1]),
    }
    assert len(keys) == 5


def test_move_key_depends_on_seq_nonce_and_seed():
    keys = {
        move_key(SEED, 4, MOVE_NONCE),
        move_key(SEED, 5, MOVE_NONCE),
        move_key(SEED, 4, NONCE0),
        move_key(bytes(32), 4, MOVE_NONCE),
    }
    assert len(keys) == 4


# --- Ed25519 -----------------------------------------------------------------------------------

RFC8032_TEST1_SIG = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
JOIN_PREV = "f7707615af8a515836027c09f0fa0bb03e576021d57510f870dc6892b1a2313b"  # GENESIS_HASH
JOIN_CANONICAL = (
    '{"game":"g1","key":"' + PLAYER_PUB + '","name":"alice","nonce":"' + NONCE0 + '",'
    '"prev":"' + JOIN_PREV + '","seat":0}'
)
JOIN_SIG = "8f076f2634f67578bee7f616053caeb22a08f889f14f7f4f1f1d5557397d58bbce5fff5b2dae138215ac4424ce83ad7758bfafc4027a4038dd2a784157e40701"
MOVE_NONCE_4 = "293f05cb1092d62c55dc1b915bee98135941419eaacf70fa012d558dff6a9e12"
JOIN_NONCE_G1 = "81b15f2eec80a1e832d30ef359e10c83915ad62b7547ba00f1019759ab8889d9"
ENVELOPE_PREV = "cd" * 32
ENVELOPE_TS = "2024-05-01T12:00:04Z"
ENVELOPE_CANONICAL = (
    '{"game":"g1","move":{"type":"hide"},"nonce":"'
    + MOVE_NONCE
    + '","prev":"'
    + ENVELOPE_PREV
    + '","seat":0,"secret_commit":"'
    + COMMIT_SECRET
    + '","seq":4,"ts":"'
    + ENVELOPE_TS
    + '"}'
)
ENVELOPE_SIG = "76e6f4da30f7a70611484ede8ada17285bfee98e61b929b4e6ac3ff721c6e3fb292aa4ae2eb9e3335f3b521a71e8d6ced1739e4c75654c9d86c64945af34ef0f"
GENESIS_BODY = {
    "engine": "toy",
    "engine_version": "1",
    "options": {"rounds": 2},
    "seats": 2,
    "seat_names": ["north", "south"],
    "server_key": SERVER_PUB,
    "seed_commit": SEED_COMMIT,
}
GENESIS_CANONICAL = (
    '{"body":{"engine":"toy","engine_version":"1","options":{"rounds":2},'
    '"seat_names":["north","south"],"seats":2,"seed_commit":"' + SEED_COMMIT + '",'
    '"server_key":"' + SERVER_PUB + '"},"game":"g1","prev":null,"seq":0,'
    '"ts":"2024-05-01T12:00:00Z","type":"genesis","v":2}'
)
GENESIS_HASH = "f7707615af8a515836027c09f0fa0bb03e576021d57510f870dc6892b1a2313b"
GENESIS_SIG = "4f7e4ba24c7221bcfe5e74323818a9b8984f205e42169633d4b73ecc3988adfd675075cd5b8e33b3fb196301ddf9a6e7945819a63e78d6233561adc7e2b9d301"
REQUEST_BODY = b'{"x":1}'
REQUEST_NONCE = "5a" * 16
REQUEST_MESSAGE = (
    SERVER_PUB.encode() + b"\nPOST\n/v1/games/g1/moves\n1714564800\n" + REQUEST_NONCE.encode() + b"\n"
    b"5041bf1f713df204784353e82f6a4a535931cb64f1f4b4a5aeaffcb720918b22"
)
REQUEST_SIG = "1ad3a3e8b369922991e944ab858e0a25b754c361968066c571f0960ec061cc21a69435b7d0930f79fd64da34abdc48ee6b19dbab34787e80dd738330943c4108"
# DELETE /v1/games/g1/invite/zoe%3Fx@example.org, no body: the "?" of the address stays a path byte
CANCEL_WIRE = "/v1/games/g1/invite/zoe%3Fx@example.org"
CANCEL_MESSAGE = (
    SERVER_PUB.encode() + b"\nDELETE\n/v1/games/g1/invite/zoe%3Fx%40example.org\n1714564800\n"
    + REQUEST_NONCE.encode() + b"\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
)
CANCEL_SIG = "b33db303c10962ca77a3b20e7ed7838ee460f74710e61157bf3f68e2a3c15c0bd376072e4fcd63da38f2e215ed4206828e757a2b701f077c79e985e2d46ce801"


@pytest.fixture
def player() -> SigningKey:
    return SigningKey.from_seed_hex(PLAYER_SEED)


@pytest.fixture
def server() -> SigningKey:
    return SigningKey.from_seed_hex(SERVER_SEED_KEY)


def test_public_keys(player, server):
    assert player.public_hex == PLAYER_PUB
    assert server.public_hex == SERVER_PUB
    assert player.seed_hex() == PLAYER_SEED


def test_rfc8032_test1(player):
    """An empty tag and message is plain Ed25519: RFC 8032's own vector."""
    assert player.sign(b"", b"") == RFC8032_TEST1_SIG
    assert verify(PLAYER_PUB, b"", b"", RFC8032_TEST1_SIG)


def test_join_vector(player):
    statement = join_statement("g1", 0, "alice", PLAYER_PUB, NONCE0, JOIN_PREV)
    assert canonical(statement) == JOIN_CANONICAL.encode()
    assert sign_join(statement, player) == JOIN_SIG
    assert verify(PLAYER_PUB, b"pbem/v1/join\n", JOIN_CANONICAL.encode(), JOIN_SIG)
    assert join_signed(statement, JOIN_SIG)


def test_nonce_vectors(player):
    """A move's nonce is a function of the key and the place in the log, so a re-submission
    at the same head carries the same nonce (and the same throw): a server that refuses a
    move cannot re-roll it."""
    key = nonce_key(player)
    assert key == hmac.new(bytes.fromhex(PLAYER_SEED), b"pbem/v1/nonce-key", hashlib.sha256).digest()
    move_message = b"pbem/v1/nonce/move\n" + canonical({"game": "g1", "prev": ENVELOPE_PREV, "seq": 4})
    assert move_nonce(player, "g1", 4, ENVELOPE_PREV) == MOVE_NONCE_4
    assert MOVE_NONCE_4 == hmac.new(key, move_message, hashlib.sha256).hexdigest()
    join_message = b"pbem/v1/nonce/join\n" + canonical({"game": "g1", "genesis": GENESIS_HASH})
    assert join_nonce(player, "g1", GENESIS_HASH) == JOIN_NONCE_G1
    assert JOIN_NONCE_G1 == hmac.new(key, join_message, hashlib.sha256).hexdigest()
    assert move_nonce(player, "g1", 4, ENVELOPE_PREV) == move_nonce(player, "g1", 4, ENVELOPE_PREV)
    assert move_nonce(player, "g1", 5, ENVELOPE_PREV) != MOVE_NONCE_4
    assert move_nonce(player, "g1", 4, "ce" * 32) != MOVE_NONCE_4
    assert move_nonce(player, "g2", 4, ENVELOPE_PREV) != MOVE_NONCE_4
    assert move_nonce(SigningKey.generate(), "g1", 4, ENVELOPE_PREV) != MOVE_NONCE_4


def test_envelope_vector(player):
    env = envelope(
        "g1", 4, ENVELOPE_PREV, 0, {"type": "hide"}, COMMIT_SECRET, MOVE_NONCE, ENVELOPE_TS
    )
    assert canonical(env) == ENVELOPE_CANONICAL.encode()
    assert sign_envelope(env, player) == ENVELOPE_SIG
    assert verify(PLAYER_PUB, b"pbem/v1/move\n", ENVELOPE_CANONICAL.encode(), ENVELOPE_SIG)
    assert envelope_signed(env, ENVELOPE_SIG, PLAYER_PUB)


def test_entry_vector(server):
    entry = make_entry("g1", 0, "genesis", None, "2024-05-01T12:00:00Z", GENESIS_BODY)
    assert canonical(entry) == GENESIS_CANONICAL.encode()
    assert (
        entry_hash(entry) == GENESIS_HASH == hashlib.sha256(GENESIS_CANONICAL.encode()).hexdigest()
    )
    sealed = seal(entry, server)
    assert sealed["sig"] == GENESIS_SIG
    assert entry_hash(sealed) == GENESIS_HASH  # "sig" is not hashed
    assert verify(SERVER_PUB, b"pbem/v1/entry\n", bytes.fromhex(GENESIS_HASH), GENESIS_SIG)
    assert entry_signed_by(sealed, SERVER_PUB)


def test_request_vector(player):
    assert (
        request_message(SERVER_PUB, "post", "/v1/games/g1/moves", "1714564800", REQUEST_NONCE, REQUEST_BODY)
        == REQUEST_MESSAGE
    )
    headers = sign_request(
        player, "POST", "/v1/games/g1/moves", REQUEST_BODY, server=SERVER_PUB, now=1714564800, nonce=REQUEST_NONCE
    )
    assert headers == {
        "X-Pbem-Key": PLAYER_PUB,
        "X-Pbem-Time": "1714564800",
        "X-Pbem-Nonce": REQUEST_NONCE,
        "X-Pbem-Signature": REQUEST_SIG,
    }
    assert verify(PLAYER_PUB, b"pbem/v2/request\n", REQUEST_MESSAGE, REQUEST_SIG)


def test_request_vector_with_a_question_mark_in_the_path(player):
    """The address's "?" (sent as %3F) is signed as %3F: no query can stand for it."""
    assert wire_target(CANCEL_WIRE) == "/v1/games/g1/invite/zoe%3Fx%40example.org"
    headers = sign_request(player, "DELETE", CANCEL_WIRE, b"", server=SERVER_PUB, now=1714564800, nonce=REQUEST_NONCE)
    assert headers["X-Pbem-Signature"] == CANCEL_SIG
    assert verify(PLAYER_PUB, b"pbem/v2/request\n", CANCEL_MESSAGE, CANCEL_SIG)


def test_signatures_do_not_cross_domains(player):
    """A signature for one purpose never verifies for another: the tags differ."""
    message = canonical({"a": 1})
    sigs = {tag: player.sign(tag, message) for tag in (TAG_ENTRY, TAG_MOVE, TAG_JOIN, TAG_REQUEST)}
    for tag, sig in sigs.items():
        for other in sigs:
            assert verify(PLAYER_PUB, other, message, sig) == (other == tag)


def test_verify_is_false_on_garbage():
    assert not verify("zz", TAG_MOVE, b"", RFC8032_TEST1_SIG)
    assert not verify(PLAYER_PUB, b"", b"", "zz")
    assert not verify(PLAYER_PUB, b"", b"", RFC8032_TEST1_SIG[:-2])
    assert not verify(PLAYER_PUB[:-2], b"", b"", RFC8032_TEST1_SIG)
    assert not verify(None, b"", b"", RFC8032_TEST1_SIG)  # type: ignore[arg-type]


# --- a whole game ----------------------------------------------------------------------------


def test_golden_toy_game():
    """The whole toy log written by tests/protocol/ledger.py from label "golden" is byte-stable.

    Every input is deterministic (random.Random("golden") for keys, seed, nonces and
    salts), so the head hash pins the format of every entry type at once. If this
    changes, something in the log format changed: bump FORMAT, or fix the regression.
    """
    from tests.protocol.ledger import Ledger

    ledger = Ledger("golden").play()
    assert len(ledger.entries) == 9
    assert entry_hash(ledger.entries[-1]) == (
        "bbbe7f718fc8a7dfc635b93ba0cad94d0edc13fdf6abf90c93e519033b133c45"
    )
    assert ledger.result == {"winner": 0, "scores": [9, 7]}
