"""engines.core: the Rng every throw and shuffle comes from, and Event.

The known-answer vectors here are also printed in docs/PROTOCOL.md ("Rng"); an
implementation in another language must reproduce them byte for byte.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core import BaseEngine, Event, IllegalMove, Rng

# --- a reference implementation written from docs/PROTOCOL.md, not from core.py ------


def ref_stream(key: bytes, n: int) -> bytes:
    out = b""
    i = 0
    while len(out) < n:
        out += hmac.new(key, i.to_bytes(8, "big"), hashlib.sha256).digest()
        i += 1
    return out[:n]


class RefRng:
    def __init__(self, key: bytes) -> None:
        self.stream = ref_stream(key, 1 << 14)
        self.pos = 0

    def take(self, n: int) -> bytes:
        out = self.stream[self.pos : self.pos + n]
        assert len(out) == n, "reference stream too short for this test"
        self.pos += n
        return out

    def randbelow(self, n: int) -> int:
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            r = int.from_bytes(self.take((bits + 7) // 8), "big") & ((1 << bits) - 1)
            if r < n:
                return r

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]


# --- known answers (docs/PROTOCOL.md, "Rng known-answer vectors") --------------------

KAT_KEY = b"pbem"
KAT_BLOCK0 = "54b5b1a64c4eb758ee0c503eb9bc78b34aacdb6e92dbe708d4a151b8437287d5"
KAT_BLOCK1 = "4da14484aebe13f7231f4cbeaa940307018b4d5d64592f8c484a3cd898a10350"
KAT_RANDBELOW6 = [4, 5, 1, 4, 0, 4, 0, 1, 4, 0, 3, 2]
KAT_MIXED_N = [2, 6, 7, 100, 1000, 65536, 65537, 1, 2**40]
KAT_MIXED = [0, 5, 1, 38, 78, 46936, 3152, 0, 269404108979]
KAT_SHUFFLE10 = [7, 3, 8, 2, 0, 9, 6, 1, 5, 4]
KAT_CHOICE = ["e", "b", "e", "a", "e"]


def test_kat_stream_blocks():
    rng = Rng(KAT_KEY)
    assert rng.randbytes(32).hex() == KAT_BLOCK0
    assert rng.randbytes(32).hex() == KAT_BLOCK1
    assert KAT_BLOCK0 == hmac.new(KAT_KEY, bytes(8), hashlib.sha256).hexdigest()
    assert KAT_BLOCK1 == hmac.new(KAT_KEY, (1).to_bytes(8, "big"), hashlib.sha256).hexdigest()


def test_kat_bytes_are_consumed_in_order_across_calls():
    rng = Rng(KAT_KEY)
    parts = [rng.randbytes(n) for n in (5, 40, 0, 1, 18)]
    assert b"".join(parts).hex() == KAT_BLOCK0 + KAT_BLOCK1
    assert [len(p) for p in parts] == [5, 40, 0, 1, 18]


def test_kat_randbelow6():
    rng = Rng(KAT_KEY)
    assert [rng.randbelow(6) for _ in range(12)] == KAT_RANDBELOW6


def test_kat_randbelow_mixed():
    rng = Rng(KAT_KEY)
    assert [rng.randbelow(n) for n in KAT_MIXED_N] == KAT_MIXED


def test_kat_shuffle_and_choice():
    rng = Rng(KAT_KEY)
    items = list(range(10))
    rng.shuffle(items)
    assert items == KAT_SHUFFLE10
    rng = Rng(KAT_KEY)
    assert [rng.choice("abcde") for _ in range(5)] == KAT_CHOICE


def test_kat_randbelow6_by_hand():
    """The rejection rule on the first bytes of the stream, spelled out."""
    stream = bytes.fromhex(KAT_BLOCK0)
    expected = [b & 7 for b in stream if (b & 7) < 6][:12]
    assert expected == KAT_RANDBELOW6


# --- determinism -----------------------------------------------------------------------


def test_same_key_same_stream():
    a, b = Rng(b"k"), Rng(b"k")
    assert a.randbytes(100) == b.randbytes(100)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]


def test_different_keys_differ():
    streams = {Rng(k).randbytes(32) for k in (b"a", b"b", b"ab", b"ba", b"\x01", bytes(32))}
    assert len(streams) == 6


def test_hmac_key_padding():
    """HMAC pads short keys with zero bytes, so b"a" and b"a\x00" are the same key.

    The protocol only ever keys an Rng with 32-byte HMAC outputs (setup_key, move_key),
    so this never matters there; docs/PROTOCOL.md says so.
    """
    assert Rng(b"a").randbytes(32) == Rng(b"a\x00").randbytes(32)


def test_key_must_be_nonempty_bytes():
    for bad in (b"", "pbem", None, 1):
        with pytest.raises(ValueError):
            Rng(bad)  # type: ignore[arg-type]
    assert Rng(bytearray(b"pbem")).randbytes(32).hex() == KAT_BLOCK0


@given(key=st.binary(min_size=1, max_size=40), ns=st.lists(st.integers(1, 2**33), max_size=30))
def test_randbelow_matches_reference(key, ns):
    rng, ref = Rng(key), RefRng(key)
    assert [rng.randbelow(n) for n in ns] == [ref.randbelow(n) for n in ns]
    assert rng.randbytes(7) == ref.take(7)


@given(key=st.binary(min_size=1, max_size=40), size=st.integers(0, 60))
def test_shuffle_matches_reference(key, size):
    items, expected = list(range(size)), list(range(size))
    Rng(key).shuffle(items)
    RefRng(key).shuffle(expected)
    assert items == expected


# --- ranges ------------------------------------------------------------------------------


@given(key=st.binary(min_size=1, max_size=16), n=st.integers(1, 10**12))
def test_randbelow_in_range(key, n):
    rng = Rng(key)
    for _ in range(5):
        assert 0 <= rng.randbelow(n) < n


def test_randbelow_edge_cases():
    rng = Rng(b"edge")
    assert rng.randbelow(1) == 0
    # n == 1 consumes nothing
    a, b = Rng(b"edge"), Rng(b"edge")
    a.randbelow(1)
    assert a.randbytes(8) == b.randbytes(8)
    assert {Rng(bytes([i])).randbelow(2) for i in range(1, 64)} == {0, 1}
    for bad in (0, -1):
        with pytest.raises(ValueError):
            rng.randbelow(bad)


def test_randbelow_power_of_two_never_rejects():
    """n = 2^k: exactly k bits are kept, so every draw is accepted: 1 byte per draw for n <= 256."""
    a, b = Rng(b"p2"), Rng(b"p2")
    draws = [a.randbelow(256) for _ in range(64)]
    assert draws == list(b.randbytes(64))


def test_randbelow_byte_count():
    """ceil(bits/8) bytes per attempt: n = 257 needs 9 bits, so 2 bytes."""
    a, b = Rng(b"bytes"), Rng(b"bytes")
    a.randbelow(65536)
    b.randbytes(2)
    assert a.randbytes(4) == b.randbytes(4)


# --- uniformity --------------------------------------------------------------------------

# Upper critical values of the chi-square distribution at p = 0.001 (standard tables).
CHI2_P001 = {4: 18.467, 5: 20.515, 6: 22.458, 23: 49.728, 99: 148.230}


def wilson_hilferty(df: int, z: float = 3.090232) -> float:
    """Approximate chi-square quantile; z is the standard normal quantile at 1 - 0.001."""
    c = 2 / (9 * df)
    return df * (1 - c + z * math.sqrt(c)) ** 3


def chi_square(counts: Counter, categories: list, total: int) -> float:
    expected = total / len(categories)
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in categories)


def test_critical_values_table_is_sane():
    for df, value in CHI2_P001.items():
        assert abs(wilson_hilferty(df) - value) / value < 0.015


@pytest.mark.parametrize("n", [6, 7, 100])
def test_randbelow_uniform(n):
    draws = 60_000
    rng = Rng(f"chi-square/{n}".encode())
    counts = Counter(rng.randbelow(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    assert chi_square(counts, list(range(n)), draws) < CHI2_P001[n - 1]


def test_shuffle_is_a_permutation():
    rng = Rng(b"perm")
    for size in (0, 1, 2, 3, 10, 52):
        items = [f"card{i}" for i in range(size)]
        rng.shuffle(items)
        assert sorted(items) == sorted(f"card{i}" for i in range(size))


def test_shuffle_uniform_over_positions():
    size, rounds = 5, 30_000
    rng = Rng(b"chi-square/positions")
    positions = [Counter() for _ in range(size)]
    for _ in range(rounds):
        items = list(range(size))
        rng.shuffle(items)
        for pos, item in enumerate(items):
            positions[item][pos] += 1
    for counts in positions:
        assert chi_square(counts, list(range(size)), rounds) < CHI2_P001[size - 1]


def test_shuffle_uniform_over_permutations():
    rounds = 48_000
    rng = Rng(b"chi-square/permutations")
    counts: Counter = Counter()
    for _ in range(rounds):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        counts[tuple(items)] += 1
    perms = list(itertools.permutations(range(4)))
    assert set(counts) == set(perms)
    assert chi_square(counts, perms, rounds) < CHI2_P001[23]


def test_shuffle_works_in_place_on_any_mutable_sequence():
    data = bytearray(range(20))
    Rng(b"inplace").shuffle(data)
    assert sorted(data) == list(range(20)) and list(data) != list(range(20))


def test_choice():
    rng = Rng(b"choice")
    seen = Counter(rng.choice(["x", "y", "z"]) for _ in range(3000))
    assert set(seen) == {"x", "y", "z"}
    assert chi_square(seen, ["x", "y", "z"], 3000) < 13.816  # df 2, p 0.001
    assert Rng(b"c").choice((42,)) == 42
    with pytest.raises(ValueError):
        rng.choice([])


def test_choice_is_randbelow_of_len():
    a, b = Rng(b"choice2"), Rng(b"choice2")
    items = list("abcdefghijk")
    assert [a.choice(items) for _ in range(30)] == [
        items[b.randbelow(len(items))] for _ in range(30)
    ]


# --- Event --------------------------------------------------------------------------------


def test_event_public_round_trip():
    e = Event("threw", {"seat": 1, "sticks": [1, 0, 1]})
    assert e.public
    obj = e.to_json()
    assert obj == {"kind": "threw", "data": {"seat": 1, "sticks": [1, 0, 1]}, "to": None}
    assert Event.from_json(obj) == e


def test_event_private_round_trip_sorts_to():
    e = Event("dealt", {"cards": ["a", "b"]}, to=(2, 0))
    assert not e.public
    obj = e.to_json()
    assert obj["to"] == [0, 2]
    back = Event.from_json(obj)
    assert back.to == (0, 2) and back.kind == "dealt" and back.data == e.data
    assert back.to_json() == obj
    assert Event.from_json(Event("x", to=(0, 2)).to_json()) == Event("x", to=(0, 2))


def test_event_from_json_defaults():
    assert Event.from_json({"kind": "k"}) == Event("k", {}, None)
    assert Event.from_json({"kind": "k", "data": None, "to": []}) == Event("k", {}, ())
    assert Event("k", to=()).public is False


@given(
    kind=st.text(min_size=1, max_size=10),
    data=st.dictionaries(
        st.text(max_size=5), st.integers() | st.text(max_size=5) | st.none(), max_size=4
    ),
    to=st.none()
    | st.lists(st.integers(0, 5), unique=True, max_size=4).map(lambda t: tuple(sorted(t))),
)
def test_event_round_trip_property(kind, data, to):
    e = Event(kind, data, to)
    assert Event.from_json(e.to_json()) == e


# --- small pieces -------------------------------------------------------------------------


def test_illegal_move_keeps_message():
    exc = IllegalMove("you hold no Row card to discard")
    assert exc.message == str(exc) == "you hold no Row card to discard"


def test_base_engine_split_and_merge():
    eng = BaseEngine()
    move = {"type": "x", "n": 1}
    public, secret = eng.split_move(move)
    assert public == move and public is not move and secret is None
    assert eng.merge_move(public, None) == move
    assert eng.merge_move({"type": "x"}, {"n": 1}) == move
    assert eng.seat_names(3) == ["seat 0", "seat 1", "seat 2"]
