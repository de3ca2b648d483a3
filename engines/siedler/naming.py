"""One name per card across the board, the moves and the log.

A player types what he reads: the board, `pbem log` and the move texts must call a card the
same thing. Regions are named by their id ("pasture-3": the card's name, lower case, and
the word every region move writes), other cards by their English name ("Black Knight",
typed as it stands or as its id). The old board's "wool3" and "Pasture 3" stay readable
by the notation as aliases (`aliases`), so a player who learnt either is not refused.
"""

from __future__ import annotations

from engines.siedler import cards

SITE_WIDTH = 15  # a building site's cell on the board: every name fits or has a short form


def shown(card_id: str) -> str:
    """The card as the board and the log name it."""
    if not cards.is_card(card_id):
        return "?"
    if cards.kind(card_id) == "region":
        return card_id
    return cards.name(card_id)


def on_site(card_id: str) -> str:
    """A built card in a site's cell: its name, or for the few longer names the last word of
    the id ("Siegfried", "Walther", "Imelda"); the hand and `pbem cards` give the full name."""
    name = shown(card_id)
    if len(name) <= SITE_WIDTH:
        return name
    return card_id.rsplit("-", 1)[-1].capitalize()


def region_words(card_id: str) -> str:
    """A region with what it yields: "pasture-3 wool"."""
    return f"{card_id} {cards.card(card_id)['resource']}"


def aliases() -> dict[str, str]:
    """Other spellings of cards the notation reads (already normalised: lower case, words
    joined by '-'): a region as resource and number ("wool3", "wool-3"), a long name by
    its short form on the board ("siegfried")."""
    out: dict[str, str] = {}
    for cid, c in cards.CATALOG.cards.items():
        if c["kind"] == "region":
            out[f"{c['resource']}{c['number']}"] = cid
            out[f"{c['resource']}-{c['number']}"] = cid
        elif len(cards.name(cid)) > SITE_WIDTH:
            out[on_site(cid).lower()] = cid
    return out
