"""Looking at a game: the seat's view, its status and its legal moves, each one verified.

Nothing in the server's answer is taken on its word: the view must be the one the log
commits to for this seat, and the moves listed are the seat's own, computed here; the
server's list is a claim compared with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from client import legal, verify
from client.display.last_step import last_step, with_last
from client.display.record import with_record
from client.logcheck.decisions import check_not_withheld
from client.player.answering import short_texts
from client.player.engine import engine_for, render
from client.player.errors import ClientError, ServerLie
from client.player.evidence import Evidence
from client.player.positions import final_note
from client.player.state import GameState, Moved
from protocol.blind import owner_decides


class Looking(Evidence):
    """The verified state of a seat, what `pbem show` prints and the seat's legal moves."""

    if TYPE_CHECKING:  # what the other seams of Player give this one

        def _owed_reveal(
            self, st: GameState
        ) -> tuple[dict[str, Any] | None, list[str]] | None: ...
        def _reveal(
            self, st: GameState, owed: tuple[dict[str, Any] | None, list[str]]
        ) -> dict[str, Any]: ...
        def final_view(self, game: str, st: GameState) -> dict[str, Any] | None: ...
        def recalled(self, st: GameState) -> Any: ...

    def state(self, game: str) -> GameState:
        """The seat's view, fetched and then checked against the signed log.

        Nothing in the answer is taken on the server's word: the seat is the one the log
        gives this key, status and turn come from the log, every private payload is
        checked against its commitment (and one withheld is caught), and the view must
        match the seat's view commitment in the log's entry for the current state.
        """
        for _ in range(5):
            st = self._look(game)
            owed = self._owed_reveal(st)
            if owed is None:
                return st
            self._reveal(st, owed)  # the seat owes a reveal: made at once, with no question asked
        raise ClientError(f"game {game} kept asking for a reveal; try again")

    def _look(self, game: str) -> GameState:
        """The seat's verified view (one fetch), with what only this seat knows filled in."""
        for _ in range(5):
            answer = self.api.view(game)
            head = answer.get("head")
            synced = self._sync_answer(game, answer, answer.get("seat"))
            if head == synced.head:
                break  # else a move landed between the two requests: look again
        else:
            raise ClientError(f"game {game} kept moving while it was fetched; try again")
        receipt = synced.receipt
        seat = receipt.get("seat")
        if seat is None:
            raise ClientError(f"you hold no seat in game {game} (its signed log says so)")
        try:
            for field in ("status", "to_move"):
                if answer.get(field) != receipt.get(field):
                    raise verify.VerifyError(
                        f"the server says {field} is {answer.get(field)!r}, its signed log says "
                        f"{receipt.get(field)!r}"
                    )
            verify.check_view(receipt, answer.get("view"), answer.get("view_salt"))
            # a decision its own answers prescribe is the server's to play at once, never left open
            check_not_withheld(receipt, answer.get("view"), lambda start: verify.sync(self.api, self.store, game, start=start).entries)
        except verify.VerifyError as exc:
            raise self._kept(game, exc, {"answer": answer, "log": synced.entries}) from None
        engine = engine_for(receipt)
        view = raw = answer.get("view") or {}
        fill = getattr(engine, "fill_view", None)
        if callable(fill) and isinstance(view, dict):  # checked above, then filled from our own store
            view = fill(view, self.store.secrets(game))
        return GameState(
            game=game,
            engine=engine,
            seat=seat,
            status=receipt["status"],
            to_move=receipt.get("to_move"),
            head=synced.head,
            view=view,
            synced=synced,
            raw_view=raw if raw is not view else None,
        )

    def show(self, game: str) -> dict[str, Any]:
        """Everything `pbem show` prints: the view and the status around it."""
        st = self.state(game)
        receipt = st.synced.receipt
        summary = self.api.game(game)
        try:
            verify.check_summary(receipt, summary)  # names and result as the signed log has them
        except verify.VerifyError as exc:
            raise self._kept(game, exc, {"summary": summary}) from None
        players = summary.get("players") or []
        final_view = self.final_view(game, st) if st.status == "over" else None
        # what the seat remembers (questions asked, answers seen), folded from its verified log;
        # the final view carries the record of everything itself
        record = self.recalled(st) if final_view is None and st.status != "open" else None
        if st.status == "open":
            taken = len(receipt.get("players") or {})
            text = f"waiting for players: {taken} of {len(players)} seats taken; others join with: pbem join {game}"
        else:
            # a running game's board says what the last step did; the final one is the revealed position
            drawn = with_record(with_last(st.view, st.synced.entries), record)
            text = render(st.engine, final_view if final_view is not None else drawn)
        return {
            "game": game,
            "engine": st.engine.id,
            "engine_version": st.engine.version,
            "title": st.engine.title,
            "seat": st.seat,
            "seat_names": st.engine.seat_names(int(receipt.get("seats") or len(players))),
            "players": players,
            "status": st.status,
            "to_move": st.to_move,
            "your_turn": st.my_turn,
            "head": st.head,
            "result": receipt.get("result"),
        "out": list(receipt.get("out") or []),  # seats that left (resigned, forfeited), as the log says
            "view": st.view,  # as the log commits to it: the record is beside it, not in it
            "record": record,  # drawn with the view (board_text): the seat's memory of the past
            "final_view": final_view,  # a finished game: the final position, everything revealed
            "last": None if final_view is not None else last_step(st.synced.entries),  # drawn as "Last:"
            "final_note": final_note(final_view),
            "text": text,
            "deadline": receipt.get("deadline"),  # as the signed genesis has it
            # why no bot can make some decisions (a blind game), and whether the one now due is such
            "owner_decides": owner_decides(st.engine, receipt.get("options") or {}),
            "owner_only": receipt.get("owner_only") is True,
            "answering": short_texts(st.engine, receipt, st.seat),  # my standing answers in force, as the log has them
            "clock": summary.get("clock") if st.status == "running" else None,  # the server's word
        }

    def moves(self, game: str) -> dict[str, Any]:
        """The seat's legal moves, numbered from 1 as `pbem move N` takes them: computed here
        from the verified view, each text made here; the server's list is checked against them."""
        for _ in range(5):
            st = self.state(game)
            try:
                own = self.checked_moves(st)
            except Moved:
                continue
            return {
                "game": game,
                "seat": st.seat,
                "head": st.head,
                "moves": legal.listing(st.engine, own, st.view),
            }
        raise ClientError(f"game {game} kept moving while its moves were listed; try again")

    def checked_moves(self, st: GameState) -> list[dict[str, Any]]:
        """The seat's own legal moves at the verified head `st.head`, after the server's list for
        that head was compared with them (a difference is a lie, kept as evidence). Raises Moved
        when the server answers for another head (a move landed meanwhile: look again)."""
        own = legal.own_moves(st.engine, st.view) if st.my_turn else []
        answer = self.api.moves(st.game)
        if answer.get("head") != st.head:
            raise Moved()
        # what the server's own state gives: the view as committed, before our store filled it
        expected = legal.own_moves(st.engine, st.raw_view) if st.my_turn and st.raw_view is not None else own
        problem = legal.claim_problem(st.engine, expected, answer.get("moves"))
        if problem is not None:
            raise self._kept(
                st.game,
                ServerLie(f"{problem}; nothing was signed"),
                {"moves": answer, "view": st.view, "head": st.head},
            )
        return own

    def list_moves(self, game: str) -> dict[str, Any]:
        """The numbered legal moves, kept with their head: `pbem move GAME N` plays number N of
        this very list, or refuses once the game has moved on. With no moves, says why:
        whose turn it is (from the verified log) or that the game is over."""
        listed = self.moves(game)
        receipt = self.store.receipt(game) or {}
        if listed["moves"]:
            self.store.save_listing(game, {"head": listed["head"], "moves": listed["moves"]})
            return listed
        self.store.drop_listing(game)
        status = receipt.get("status")
        if status != "running":
            raise ClientError(f"game {game} is {status}: there is nothing to move")
        raise ClientError(self._not_your_turn(game, receipt))

    def _not_your_turn(self, game: str, receipt: dict[str, Any]) -> str:
        to_move = receipt.get("to_move")
        return f"it is not your turn in game {game}: {self.seat_words(receipt, to_move)} is to move"

    @staticmethod
    def seat_words(receipt: dict[str, Any], seat: Any) -> str:
        """'bob (black)': the name the signed log gives the seat and the engine's seat name."""
        if not isinstance(seat, int):
            return "nobody"
        name = (receipt.get("names") or {}).get(str(seat)) or f"seat {seat}"
        try:
            names = engine_for(receipt).seat_names(int(receipt.get("seats") or 0))
        except Exception:  # noqa: BLE001 - the name alone still says who
            names = []
        return f"{name} ({names[seat]})" if 0 <= seat < len(names) else name
