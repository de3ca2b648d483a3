"""Queries whose SQL peewee builds once per database, then runs with new values.

peewee builds a query's SQL by walking its node tree in Python, each time it runs: on a move's
append, with a dozen small queries, that walk cost more than SQLite or PostgreSQL took to
answer them (measured: about 0.6 ms to build a one-row SELECT that ran in 0.03 ms). A
`Prepared` query is written as usual, as a function of its values, and peewee builds it once
per database with stand-ins (`Slot`) in place of the values: the SQL and where each value goes
are kept, and rows come back as model instances through the query's own cursor wrapper.

A value passed to a prepared query goes to the driver as it is, without the field's db_value:
pass what the column holds (ids, strings, ints, datetimes, None), never a model instance. A
stand-in that a field would have changed (a bool, a JSON dump) is caught when the SQL is built.
"""

from __future__ import annotations

import inspect
import weakref
from collections.abc import Callable
from typing import Any

import peewee as pw

from server.store.models import database


class Slot:
    """A value's stand-in while peewee builds the SQL: it comes out as itself, or as its text
    through a string field, and refuses to become an int (IntegerField then keeps it as is)."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def __str__(self) -> str:
        return f"\x00pbem-slot-{self.index}\x00"

    def __int__(self) -> int:
        raise ValueError("a prepared query's stand-in")


class Prepared:
    """One query, built by `build(*slots)` once per database (see the module's docstring)."""

    def __init__(self, build: Callable[..., Any], arity: int | None = None) -> None:
        """`arity`: how many values, for a `build(*values)` (default: its parameters)."""
        self.build = build
        self.arity = len(inspect.signature(build).parameters) if arity is None else arity
        self._compiled: weakref.WeakKeyDictionary[pw.Database, tuple[Any, str, list[tuple[bool, Any]]]] = (
            weakref.WeakKeyDictionary()
        )

    def _for(self, db: pw.Database) -> tuple[Any, str, list[tuple[bool, Any]]]:
        found = self._compiled.get(db)
        if found is None:
            slots = [Slot(i) for i in range(self.arity)]
            query = self.build(*slots)
            sql, params = db.get_sql_context().sql(query).query()
            plan = [_place(p, slots) for p in params]
            if isinstance(query, pw.Insert) and not all(is_slot for is_slot, _ in plan):
                # a default (utcnow) would be frozen at the first build: pass every value
                raise TypeError(f"prepared insert {self.build.__qualname__}: a value is not the caller's")
            used = {value for is_slot, value in plan if is_slot}
            if used != set(range(self.arity)):
                raise TypeError(f"prepared query {self.build.__qualname__}: a value did not reach the SQL as itself")
            found = (query, sql, plan)
            self._compiled[db] = found
        return found

    def _run(self, values: tuple[Any, ...]) -> tuple[Any, Any]:
        if len(values) != self.arity:
            raise TypeError(f"prepared query {self.build.__qualname__}: {self.arity} values, not {len(values)}")
        db = database.obj
        query, sql, plan = self._for(db)
        params = [values[v] if is_slot else v for is_slot, v in plan]
        return query, db.execute_sql(sql, params)

    def rows(self, *values: Any) -> list[Any]:
        """The rows, as the query would give them (model instances, joined ones filled in)."""
        query, cursor = self._run(values)
        return list(query._get_cursor_wrapper(cursor))  # noqa: SLF001 - peewee's own row mapping

    def first(self, *values: Any) -> Any:
        """The first row or None (write the query with .limit(1))."""
        found = self.rows(*values)
        return found[0] if found else None

    def execute(self, *values: Any) -> None:
        """A write: INSERT, UPDATE or DELETE, in the caller's transaction."""
        self._run(values)


def _place(param: Any, slots: list[Slot]) -> tuple[bool, Any]:
    """(True, slot index) for a stand-in, (False, the value) for a constant of the query."""
    for slot in slots:
        if param is slot or (isinstance(param, str) and param == str(slot)):
            return True, slot.index
    if isinstance(param, str) and "\x00pbem-slot-" in param:
        raise TypeError("a prepared query's value was changed on its way into the SQL")
    return False, param
