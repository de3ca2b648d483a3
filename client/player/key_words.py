"""A key on paper: the 32-byte Ed25519 seed as 24 BIP-39 English words, and back.

The key IS the account (there is no password), so a copy that survives a lost disk is the
only way back to one's games. Words survive being written by hand where a PEM file does not;
BIP-39 adds a checksum, so a miscopied or reordered word is caught before any server is asked.
Pure functions: reading the words from a person is the command's job.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from client.player.errors import ClientError
from protocol.keys import KeyError_, SigningKey

WORD_COUNT = 24
LANGUAGE = "english"
# "7." or "7)" before a word, as `pbem key backup` numbers them: a pasted list still reads.
_NUMBER = re.compile(r"\d+[.):]?")


@cache
def _wordlist(language: str) -> tuple[str, ...]:
    from mnemonic import Mnemonic

    return tuple(unicodedata.normalize("NFKD", w) for w in Mnemonic(language).wordlist)


def _languages() -> list[str]:
    from mnemonic import Mnemonic

    return sorted(Mnemonic.list_languages())


def key_words(key: SigningKey) -> list[str]:
    """The key's seed as 24 words of the BIP-39 English list (256 bits and an 8-bit checksum)."""
    from mnemonic import Mnemonic

    return Mnemonic(LANGUAGE).to_mnemonic(bytes.fromhex(key.seed_hex())).split()


def split_words(text: str) -> list[str]:
    """The words of what a person typed or pasted: any spacing or case, numbering dropped."""
    tokens = unicodedata.normalize("NFKD", text).lower().split()
    return [t for t in tokens if not _NUMBER.fullmatch(t)]


def _other_list(words: list[str]) -> list[str]:
    """The other BIP-39 lists that hold every one of `words` (those words were written in one)."""
    return [
        lang for lang in _languages()
        if lang != LANGUAGE and all(w in set(_wordlist(lang)) for w in words)
    ]


def key_from_words(text: str) -> SigningKey:
    """The key the words spell; a ClientError naming what is wrong with them otherwise: a word
    not in the English list (its place and spelling), words of another list, a count other
    than 24, or a checksum that fails (a word miscopied into another valid one, or two swapped)."""
    words = split_words(text)
    if not words:
        raise ClientError(f"no words given: a key is {WORD_COUNT} BIP-39 English words, as `pbem key backup` prints them")
    english = _wordlist(LANGUAGE)
    known = set(english)
    if not all(w in known for w in words):
        others = _other_list(words)
        if others:
            named = " or ".join(lang.replace("_", " ").title() for lang in others)
            raise ClientError(
                f"these are words of the BIP-39 {named} list; pbem writes a key in the English list "
                "(as `pbem key backup` prints it): type the English words"
            )
        place, word = next((i, w) for i, w in enumerate(words, 1) if w not in known)
        raise ClientError(f"word {place}, {word!r}, is not a BIP-39 English word")
    if len(words) != WORD_COUNT:
        raise ClientError(f"{len(words)} words given: a key is {WORD_COUNT} words (as `pbem key backup` prints them)")
    bits = "".join(format(english.index(w), "011b") for w in words)
    seed = int(bits[:256], 2).to_bytes(32, "big")
    if format(hashlib.sha256(seed).digest()[0], "08b") != bits[256:]:
        raise ClientError("the words' checksum does not match: a word is wrong or out of order")
    return SigningKey.from_seed_hex(seed.hex())


def key_pem(key: SigningKey) -> bytes:
    """The key as a PEM file (PKCS#8), the form of key.pem in a home."""
    private = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(key.seed_hex()))
    return private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def key_from_file(path: str) -> SigningKey:
    """The key in a PEM file (a home's key.pem, or what `pbem key backup --file` wrote)."""
    from pathlib import Path

    try:
        return SigningKey.load(Path(path))
    except KeyError_ as exc:
        raise ClientError(str(exc)) from None
