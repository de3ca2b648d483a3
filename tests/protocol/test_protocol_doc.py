"""docs/PROTOCOL.md carries the same known-answer vectors as the tests (same values!)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engines import test_core as core_vectors
from tests.protocol import test_deadlines as deadline_vectors
from tests.protocol import test_email_moves as email_vectors
from tests.protocol import test_leaving as leaving_vectors
from tests.protocol import test_vectors as v

DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"

HEX_VECTORS = {
    name: getattr(v, name)
    for name in (
        "COMMIT_EVENT",
        "COMMIT_SECRET",
        "COMMIT_STATE",
        "SEED_COMMIT",
        "EVENT_SALT_3_0",
        "EVENT_SALT_3_1",
        "STATE_SALT_3",
        "VIEW_SALT_3_1",
        "COMMIT_VIEW",
        "MOVE_NONCE_4",
        "JOIN_NONCE_G1",
        "VIEW_SALT_3_1",
        "COMMIT_VIEW",
        "MOVE_NONCE_4",
        "JOIN_NONCE_G1",
        "SETUP_KEY",
        "MOVE_KEY_4",
        "PLAYER_SEED",
        "SERVER_SEED_KEY",
        "PLAYER_PUB",
        "SERVER_PUB",
        "RFC8032_TEST1_SIG",
        "JOIN_SIG",
        "ENVELOPE_SIG",
        "GENESIS_HASH",
        "GENESIS_SIG",
        "REQUEST_SIG",
        "CANCEL_SIG",
        "CANONICAL_HEX_2",
        "JOIN_CANONICAL",
        "ENVELOPE_CANONICAL",
        "GENESIS_CANONICAL",
    )
} | {
    "RNG_BLOCK0": core_vectors.KAT_BLOCK0,
    "RNG_BLOCK1": core_vectors.KAT_BLOCK1,
    "SEED": v.SEED.hex(),
}

HEX_VECTORS |= {
    name: getattr(deadline_vectors, name)
    for name in ("TIMEOUT_KEY_4", "SECRET_SALT_4", "TOY_TIMEOUT_BODY", "GOLDEN_TIMEOUT_HEAD")
} | {"GOLDEN_LEAVING_HEAD": leaving_vectors.GOLDEN_LEAVING_HEAD} | {
    name: getattr(email_vectors, name) for name in ("TOKEN_G1_4", "EMAIL_KEY_4", "GOLDEN_EMAIL_HEAD")
}

LIST_VECTORS = {
    "SETUP_RANDBELOW6": v.SETUP_RANDBELOW6,
    "MOVE_RANDBELOW6": v.MOVE_RANDBELOW6,
    "KAT_RANDBELOW6": core_vectors.KAT_RANDBELOW6,
    "KAT_MIXED": core_vectors.KAT_MIXED,
    "KAT_SHUFFLE10": core_vectors.KAT_SHUFFLE10,
    "KAT_CHOICE": core_vectors.KAT_CHOICE,
    "TIMEOUT_RANDBELOW6": deadline_vectors.TIMEOUT_RANDBELOW6,
    "EMAIL_RANDBELOW6": email_vectors.EMAIL_RANDBELOW6,
}


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(HEX_VECTORS))
def test_doc_has_vector(doc, name):
    assert HEX_VECTORS[name] in doc, f"docs/PROTOCOL.md lacks {name}"


@pytest.mark.parametrize("name", sorted(LIST_VECTORS))
def test_doc_has_list_vector(doc, name):
    assert json.dumps(LIST_VECTORS[name]) in doc, f"docs/PROTOCOL.md lacks {name}"


@pytest.mark.parametrize(("value", "text", "sha"), v.CANONICAL)
def test_doc_has_canonical_vectors(doc, value, text, sha):
    assert sha in doc
    if "\\" not in text:
        assert f"`{text}`" in doc


def test_doc_has_request_message(doc):
    assert "\n    ".join(v.REQUEST_MESSAGE.decode().split("\n")) in doc
    assert "\n    ".join(v.CANCEL_MESSAGE.decode().split("\n")) in doc


@pytest.mark.parametrize(
    "tag",
    [
        "pbem/v1/entry\\n",
        "pbem/v1/move\\n",
        "pbem/v1/join\\n",
        "pbem/v1/request\\n",
        "pbem/v2/request\\n",
        "pbem/v1/event\\n",
        "pbem/v1/state\\n",
        "pbem/v1/secret\\n",
        "pbem/v1/view\\n",
        "pbem/v1/salt/view/{seq}/{seat}",
        "pbem/v1/nonce-key",
        "pbem/v1/nonce/move\\n",
        "pbem/v1/nonce/join\\n",
        "pbem/v1/salt/event/{seq}/{index}",
        "pbem/v1/salt/state/{seq}",
        "pbem/v1/rng/setup\\n",
        "pbem/v1/rng/move\\n",
        "pbem/v1/rng/timeout\\n",
        "pbem/v1/salt/secret/{seq}",
        "pbem/v1/rng/email\\n",
        "pbem/v1/token\\n",
    ],
)
def test_doc_has_tags(doc, tag):
    assert tag in doc
