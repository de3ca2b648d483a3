"""FS-3 stick model and the FS-23 key throw, checked statistically over keyed Rng streams.

The streams are fixed (deterministic keys), so these tests cannot flake; the
bounds are still statistical ones (chi-square at p = 0.001, binomial at 4.5
standard deviations), not recorded outputs.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from math import comb

from engines import get
from engines.core import Rng
from engines.feuersalamander import sticks

E = get("feuersalamander")
# chi-square critical values at p = 0.001 by degrees of freedom
CHI2_001 = {1: 10.83, 3: 16.27, 6: 22.46, 15: 37.70}


def chi2(observed: Counter, expected: dict) -> float:
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def within_binomial(hits: int, n: int, p: float, sigmas: float = 4.5) -> bool:
    return abs(hits - n * p) <= sigmas * math.sqrt(n * p * (1 - p))


def throws(count: int = 24000) -> list[dict]:
    out = []
    for k in range(48):
        rng = Rng(b"fs3 sticks %d" % k)
        out += [sticks.throw(rng) for _ in range(count // 48)]
    return out


THROWS = throws()


def test_fs3_number_sticks_show_1_to_4_equally() -> None:
    n = len(THROWS)
    for i in (0, 1):
        seen = Counter(t["numbers"][i] for t in THROWS)
        assert set(seen) == {1, 2, 3, 4}
        assert chi2(seen, {v: n / 4 for v in (1, 2, 3, 4)}) < CHI2_001[3]


def test_fs3_number_sticks_are_independent_and_sums_as_expected() -> None:
    n = len(THROWS)
    joint = Counter((t["numbers"][0], t["numbers"][1]) for t in THROWS)
    assert chi2(joint, {(a, b): n / 16 for a in range(1, 5) for b in range(1, 5)}) < CHI2_001[15]
    sums = Counter(sum(t["numbers"]) for t in THROWS)
    expected = {s: n * sum(1 for a in range(1, 5) for b in range(1, 5) if a + b == s) / 16 for s in range(2, 9)}
    assert chi2(sums, expected) < CHI2_001[6]
    pairs = sum(1 for t in THROWS if sticks.is_pair(t))
    assert within_binomial(pairs, n, 0.25)


def test_fs3_symbol_stick_two_salamanders_two_stones() -> None:
    n = len(THROWS)
    salamanders = sum(1 for t in THROWS if t["symbol"] == "salamander")
    assert {t["symbol"] for t in THROWS} == {"salamander", "stone"}
    assert within_binomial(salamanders, n, 0.5)


def test_fs3_key_faces_each_stick_one_in_four() -> None:
    n = len(THROWS)
    for t in THROWS:
        assert t["keys"][0] == (t["numbers"][0] == 1)
        assert t["keys"][1] == (t["numbers"][1] == 1)
        assert not t["keys"][2] or t["symbol"] == "stone", "the key is printed on a stone face"
    for i in range(3):
        assert within_binomial(sum(1 for t in THROWS if t["keys"][i]), n, 0.25)
    stones = [t for t in THROWS if t["symbol"] == "stone"]
    assert within_binomial(sum(1 for t in stones if t["keys"][2]), len(stones), 0.5), "one stone face of two"


def test_fs3_steps_sum_and_difference() -> None:
    t = {"numbers": [4, 1], "symbol": "stone", "keys": [False, True, False]}
    assert sticks.steps(t, "sum") == 5 and sticks.steps(t, "diff") == 3
    t = {"numbers": [3, 3], "symbol": "stone", "keys": [False, False, False]}
    assert sticks.steps(t, "diff") == 0 and sticks.is_pair(t)


def _exact_escape() -> Fraction:
    """Markov chain over sticks still to key, independent of the closed form."""
    dist = {3: Fraction(1)}
    q = Fraction(1, 4)
    for _ in range(sticks.MAX_KEY_THROWS):
        nxt: dict[int, Fraction] = {}
        for left, p in dist.items():
            if left == 0:
                nxt[0] = nxt.get(0, Fraction(0)) + p
                continue
            for keyed in range(left + 1):
                w = comb(left, keyed) * q**keyed * (1 - q) ** (left - keyed)
                nxt[left - keyed] = nxt.get(left - keyed, Fraction(0)) + p * w
        dist = nxt
    return dist[0]


def test_fs23_key_throw_escape_probability_exact() -> None:
    exact = _exact_escape()
    assert exact == (1 - Fraction(3, 4) ** 5) ** 3
    assert abs(float(exact) - 0.4436) < 1e-4
    assert abs(sticks.escape_probability() - float(exact)) < 1e-12


def test_fs23_key_throw_escape_frequency() -> None:
    trials, escaped = 0, 0
    for k in range(40):
        rng = Rng(b"fs23 keys %d" % k)
        for _ in range(500):
            aside = [False, False, False]
            for _ in range(sticks.MAX_KEY_THROWS):
                _, aside = sticks.key_throw(rng, aside)
                if all(aside):
                    break
            trials += 1
            escaped += all(aside)
    assert within_binomial(escaped, trials, sticks.escape_probability())


def test_fs23_key_throw_escape_frequency_through_the_engine() -> None:
    st, _ = E.setup(2, {}, Rng(b"keys engine"))
    st["hands"] = [[], []]
    st["figures"] = ["dungeon", 6]
    st["turn"] = 0
    st["pending"] = {"kind": "keys", "seat": 0, "aside": [False] * 3, "throws": 0}
    trials, escaped = 1500, 0
    for k in range(trials):
        s = st
        while s["pending"]["seat"] == 0 and s["pending"]["kind"] == "keys":
            s, _ = E.apply(s, 0, {"type": "keys"}, Rng(b"prisoner %d %d" % (k, s["pending"]["throws"])))
        escaped += s["figures"][0] == "home"
    assert within_binomial(escaped, trials, sticks.escape_probability())


def test_fs9_start_player_is_fair() -> None:
    n, trials = 4, 4000
    starts = Counter(E.setup(n, {}, Rng(b"start %d" % k))[0]["start_player"] for k in range(trials))
    assert chi2(starts, {s: trials / n for s in range(n)}) < CHI2_001[3]
