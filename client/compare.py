"""Two players compare what the server showed them, by reading a short code to each other.

A receipt (the newest signed head a player verified, with every seat's pinned key)
is a strong statement: if two players' receipts lie on one chain, the server showed
them one history. `pbem compare GAME` prints this player's receipt as a code short
enough to read over the phone (`42:1a2b3c4d5e6f7a8b9c0d:ab12cd34ef56`: the entry,
the first 80 bits of its hash, and a fingerprint of the seats' keys); `pbem compare
GAME CODE` checks another player's code against this player's verified log. A
server that showed the two of them two histories must then find an 80-bit
second preimage of SHA-256 to go unnoticed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from client import verify
from client.api import Api
from client.store import Store
from protocol.canonical import digest
from protocol.entries import entry_hash
from protocol.numbers import is_whole

HEAD_CHARS = 20  # 80 bits of the entry hash: five groups of four to read aloud
KEYS_CHARS = 12
_HEX = re.compile(r"[0-9a-f]+")


class CompareError(verify.VerifyError):
    """The other player's code does not fit this player's verified log: two histories, or a typo."""


@dataclass(frozen=True)
class Code:
    seq: int
    head: str  # a hex prefix of the entry hash
    keys: str | None  # a hex prefix of the keys fingerprint, None before the start

    def text(self) -> str:
        return f"{self.seq}:{self.head}:{self.keys or '-'}"


def keys_fingerprint(players: dict[str, str]) -> str:
    """One hash over every seat's pinned key, in seat order."""
    return digest({"players": dict(sorted(players.items(), key=lambda kv: int(kv[0])))})


def receipt_code(receipt: dict[str, Any]) -> Code:
    started = receipt.get("started") is not None
    keys = keys_fingerprint(receipt.get("players") or {})[:KEYS_CHARS] if started else None
    return Code(int(receipt["seq"]), str(receipt["hash"])[:HEAD_CHARS], keys)


def groups(hex_text: str) -> str:
    """'1a2b3c4d5e6f' -> '1a2b 3c4d 5e6f': easier to read aloud."""
    return " ".join(hex_text[i : i + 4] for i in range(0, len(hex_text), 4))


def parse_code(text: str) -> Code:
    """Reads a code as printed, as typed after being read aloud (spaces, dashes, upper case)."""
    parts = [re.sub(r"\s", "", part).lower() for part in text.split(":")]
    if len(parts) == 3 and parts[2] != "-":
        parts[2] = parts[2].replace("-", "")
    if len(parts) == 3:
        parts[1] = parts[1].replace("-", "")
    if len(parts) != 3 or not is_whole(parts[0]):  # protocol.numbers: "²".isdigit() is true
        raise ValueError(f"not a pbem compare code: {text!r} (expected SEQ:HEAD:KEYS, e.g. 42:1a2b...:ab12...)")
    seq, head, keys = int(parts[0]), parts[1], parts[2]
    if not _HEX.fullmatch(head) or len(head) < 8:
        raise ValueError(f"the head part of {text!r} must be at least 8 hex characters")
    if keys == "-":
        return Code(seq, head, None)
    if not _HEX.fullmatch(keys) or len(keys) < 8:
        raise ValueError(f"the keys part of {text!r} must be '-' or at least 8 hex characters")
    return Code(seq, head, keys)


def describe(game: str, receipt: dict[str, Any]) -> dict[str, Any]:
    """This player's receipt, as `pbem compare GAME` prints it (and --json gives it)."""
    code = receipt_code(receipt)
    return {
        "game": game,
        "seq": receipt["seq"],
        "hash": receipt["hash"],
        "players": receipt.get("players") or {},
        "keys": keys_fingerprint(receipt.get("players") or {}),
        "started": receipt.get("started") is not None,
        "code": code.text(),
    }


def check(api: Api, store: Store, game: str, other: Code) -> dict[str, Any]:
    """Check another player's code against this player's log, fetched and verified now."""
    mine = store.receipt(game)
    if mine is None:
        raise CompareError(f"you have never looked at game {game}: run `pbem show {game}` first")
    synced = verify.sync(api, store, game, start=min(other.seq, mine["seq"]))
    receipt = synced.receipt
    if other.seq > receipt["seq"]:
        raise CompareError(
            f"their receipt is at entry {other.seq}, but the server shows you only up to entry "
            f"{receipt['seq']}: it withholds entries from you (or the code was misread)"
        )
    entry = synced.entry(other.seq)
    if entry is None:  # pragma: no cover - sync fetched from min(other.seq, ...)
        raise CompareError(f"entry {other.seq} is not in the log the server sent")
    if not entry_hash(entry).startswith(other.head):
        path = store.save_fork(
            game, {"error": "compare", "their_code": other.text(), "your_entry": entry}
        )
        raise CompareError(
            f"at entry {other.seq} the server showed them another history than you "
            f"(their head {groups(other.head)}, yours {groups(entry_hash(entry)[: len(other.head)])}): "
            f"keep both receipts, they prove it; yours is kept in {path}"
        )
    if other.keys is not None:
        if receipt.get("started") is None or not keys_fingerprint(receipt["players"]).startswith(
            other.keys
        ):
            raise CompareError(
                "the seats' keys they were shown are not the ones pinned in your log"
            )
    return {
        "game": game,
        "match": True,
        "their_seq": other.seq,
        "your_seq": receipt["seq"],
        "text": (
            f"match: their entry {other.seq} is in the history you verified "
            f"(you are at entry {receipt['seq']}); the server showed you both one game"
        ),
    }
