"""Answers given in advance: the rules a seat states to answer a kind of decision before it is asked.

A player who takes one turn a day should not hold up another player's turn for a question
whose answer they already know ("decline every trade offer", "the only legal move: play
it"). A rule is a small declarative JSON object, `{"kind": name, ...parameters}`; the player
signs a list of them (protocol.answers), and the server plays what a rule prescribes as soon
as the decision comes up (protocol.standing).

What a rule prescribes is `standing_move(view, rule)`: a pure function of the seat's own
view, so the answer played tells nobody more than the seat's own answer would, and the
seat's client and the audit recompute it from the same view. It is always one of the
seat's legal moves (`moves_from_view`) or None (the rule says nothing here).

Every engine answers the kind `forced` (the only legal move), but only where everyone who
reads the log can tell that the seat had one move (`forced_public`): a standing entry, its
timing and its rule are public, so a `forced` answer to a decision whose options depend on a
hidden hand (a duel's counter question: one move when the defender holds no counter card)
would tell the table what the hand holds. An engine adds its own kinds by overriding the
`own_*` hooks of `Answers`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

Rule = dict[str, Any]
View = dict[str, Any]
Move = dict[str, Any]

FORCED = "forced"
MOST_RULES = 16  # a statement holds at most this many rules: each is tried at every decision


class BadRule(ValueError):
    """A rule the engine cannot take: the message says why, for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UnseenRead(LookupError):
    """A move generator read what the public log does not show (so the decision is not public)."""


class Unseen:
    """A stand-in for cards nobody but their holder sees: their number and nothing else; any
    other read raises UnseenRead (how an engine finds out whether its list of moves at a
    decision reads a hidden hand: `forced_public`)."""

    __slots__ = ("size",)

    def __init__(self, size: int = 0) -> None:
        self.size = size

    def __len__(self) -> int:
        return self.size

    def _read(self, *_: Any) -> Any:
        raise UnseenRead("the moves read cards the public log does not show")

    __iter__ = __getitem__ = __contains__ = _read


# How `forced` was described by the rules versions released before forced_public existed.
FORCED_ANY_TEXT = "when you have exactly one legal move, it is played for you at once"


class Answers:
    """The answers-in-advance part of an engine (BaseEngine inherits it)."""

    # True in a rules version released before `forced_public` existed (magier 2,
    # feuersalamander 3 and 4, siedler 2 and 3, cavemen 1): its `forced` played every decision
    # with one legal move, and the logs it wrote replay with those answers (PROTOCOL section 19: a released
    # version never changes). An engine sets it per version; its forced_public then says True.
    forced_any = False

    def moves_from_view(self, view: View) -> list[Move]:  # the engine's own
        raise NotImplementedError

    def forced_public(self, view: View) -> bool:
        """Whether every reader of the public log can tell how many legal moves the seat of
        `view` has at this decision (so whether it has exactly one): only then does `forced`
        answer it. A decision whose options depend on what only the seat sees (its hand, a
        face-down card) is never answered by `forced`: the standing entry (rather than a move
        signed later, by hand) would tell everyone that the seat had no other choice.

        The default, True, is right for an engine whose seats see the same things; every
        engine with concealed values overrides it (tests/engines/test_forced_public.py)."""
        return True

    # -- what an engine adds --------------------------------------------------------------

    def own_answer_kinds(self) -> list[dict[str, str]]:
        """This engine's kinds beyond `forced`: [{"kind", "text", "usage"}], "usage" the
        words `parse_rule` takes (the kind's name and its parameters)."""
        return []

    def check_own_rule(self, rule: Mapping[str, Any]) -> Rule:
        """One of this engine's own rules, exactly as stored (raise BadRule otherwise)."""
        raise BadRule(f"{self._title()} answers no decision of the kind {rule.get('kind')!r} in advance")

    def parse_own_rule(self, words: list[str]) -> Rule:
        """A rule of this engine's own kinds from the words a player typed."""
        raise BadRule(f"{self._title()} answers nothing called {' '.join(words)!r} in advance")

    def own_standing_move(self, view: View, rule: Rule, moves: list[Move]) -> Move | None:
        """The move one of this engine's own rules prescribes among `moves` (the seat's
        legal moves, never empty), or None."""
        return None

    def describe_own_rule(self, rule: Rule) -> str:
        return str(rule.get("kind"))

    # -- the same for every engine ---------------------------------------------------------

    def answer_kinds(self) -> list[dict[str, str]]:
        """The kinds of decision this game answers in advance, for `pbem answers` and the API."""
        forced = {
            "kind": FORCED,
            "text": FORCED_ANY_TEXT if self.forced_any else (
                "when you have exactly one legal move and everyone can see that you have (not "
                "when it depends on your hidden cards), it is played for you at once"
            ),
            "usage": FORCED,
        }
        return [forced, *self.own_answer_kinds()]

    def check_rule(self, rule: Any) -> Rule:
        """The rule as it is signed and stored: exactly this shape (nothing normalised, so a
        signed rule has one meaning), or BadRule with the reason."""
        if not isinstance(rule, dict) or not isinstance(rule.get("kind"), str):
            raise BadRule("a rule is an object with a kind")
        if not _plain(rule):
            raise BadRule("a rule must be plain JSON: strings, whole numbers, lists and objects")
        if rule["kind"] == FORCED:
            if rule != {"kind": FORCED}:
                raise BadRule("the rule forced takes no parameters")
            return {"kind": FORCED}
        checked = self.check_own_rule(rule)
        if _text(checked) != _text(rule):
            raise BadRule(f"the rule {rule['kind']!r} is not written as this game writes it")
        return checked

    def check_rules(self, rules: Any) -> list[Rule]:
        """A statement's list of rules: each checked, no kind given twice, at most MOST_RULES."""
        if not isinstance(rules, list):
            raise BadRule("the answers are a list of rules")
        if len(rules) > MOST_RULES:
            raise BadRule(f"at most {MOST_RULES} answers may stand at once")
        checked = [self.check_rule(r) for r in rules]
        texts = [_text(r) for r in checked]
        if len(set(texts)) != len(texts):
            raise BadRule("the same answer is given twice")
        return checked

    def parse_rule(self, text: str) -> Rule:
        """A rule from what a player types (`forced`, `decline-trades`, ...); BadRule with the
        kinds this game knows otherwise."""
        words = text.split()
        if not words:
            raise BadRule("name a kind of answer: " + ", ".join(k["usage"] for k in self.answer_kinds()))
        if words[0] == FORCED:
            if len(words) > 1:
                raise BadRule("the answer forced takes nothing after its name")
            return {"kind": FORCED}
        known = {k["kind"] for k in self.answer_kinds()}
        if words[0] not in known:
            raise BadRule(
                f"{self._title()} answers nothing called {words[0]!r} in advance; it knows: "
                + ", ".join(k["usage"] for k in self.answer_kinds())
            )
        return self.check_rule(self.parse_own_rule(words))

    def standing_move(self, view: View, rule: Rule) -> Move | None:
        """The move `rule` prescribes for the seat whose `view` this is, or None: always one of
        its legal moves, computed from the view alone (never the full state)."""
        moves = self.moves_from_view(view)
        if not moves:
            return None
        if rule.get("kind") == FORCED:
            return moves[0] if len(moves) == 1 and (self.forced_any or self.forced_public(view)) else None
        chosen = self.own_standing_move(view, rule, moves)
        if chosen is None:
            return None
        wanted = _text(chosen)
        return next((m for m in moves if _text(m) == wanted), None)

    def describe_rule(self, rule: Rule) -> str:
        """The rule in words, for `pbem answers`, `show` and the mail."""
        if rule.get("kind") == FORCED:
            return "play forced moves (when only one move is legal)"
        return self.describe_own_rule(rule)

    def _title(self) -> str:
        return str(getattr(self, "title", "") or getattr(self, "id", "this game"))


def _plain(value: Any) -> bool:
    """Strings, whole numbers, booleans, null, lists and string-keyed objects of them: what
    canonical JSON signs without a float's ambiguity."""
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


def _text(value: Any) -> str:
    """One text per JSON value (`true` is not `1`): how two rules or moves are compared."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
