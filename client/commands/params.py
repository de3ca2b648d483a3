"""How pbem's arguments and options behave beyond typer's defaults.

- Arguments read as man pages write them: `GAME` and `[MOVE]` in the usage line, no `<str>`.
- A help text may hold a part that is worked out only when the help is shown (`{bots}`:
  every engine's bots), so that no other command loads every engine to build it.
- A plain value (a string, a whole number, a decimal, a flag, a list of strings) is taken
  as typed without typer's pydantic layer, which costs more to import than most commands
  take to run; anything else, and every value that is not plainly right, goes to typer's own
  conversion, so its results and error messages are typer's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import typer

from protocol.numbers import is_whole, shown, whole

# Placeholder -> the function that fills it, called only when a help text is shown.
LATER_HELP: dict[str, Callable[[], str]] = {}

_DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")
_NOT_PLAIN = object()
WHOLE_MOST = 10**15 - 1  # a whole-number argument or option: 15 digits at most, "-" allowed


def later_help(placeholder: str, fill: Callable[[], str]) -> str:
    """Register `fill` for `placeholder`; returns the placeholder, to write into a help text."""
    LATER_HELP[placeholder] = fill
    return placeholder


def _plain(value: Any, annotation: Any) -> Any:
    """The value a plain annotation takes, or _NOT_PLAIN when typer's conversion must decide."""
    if annotation is str:
        return value if isinstance(value, str) else _NOT_PLAIN
    if annotation is bool:
        return value if isinstance(value, bool) else _NOT_PLAIN
    if annotation is int:
        if isinstance(value, str):  # protocol.numbers, never typer's int(): no "١", " 3", "1_0", "+3"
            if not is_whole(value, -WHOLE_MOST, WHOLE_MOST):
                raise typer.BadParameter(f"a whole number in digits 0-9, at most {len(str(WHOLE_MOST))} of them, not {shown(value)}")
            return whole(value, "", -WHOLE_MOST, WHOLE_MOST)
        return value if type(value) is int else _NOT_PLAIN
    if annotation is float:
        if isinstance(value, str) and _DECIMAL.fullmatch(value):
            return float(value)
        return value if type(value) is float else _NOT_PLAIN
    if getattr(annotation, "__origin__", None) is list and getattr(annotation, "__args__", None) == (str,):
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return list(value)
    return _NOT_PLAIN


class _PlainCoercion:
    """Typer's runtime conversion contract (`coerce(value, param, ctx)`) for plain values."""

    def __init__(self, param: Any) -> None:
        self.param = param
        descriptor = param.type_descriptor
        info = descriptor.parameter_info
        plain = (
            getattr(info, "parser", None) is None
            and getattr(info, "click_type", None) is None
            and getattr(info, "min", None) is None
            and getattr(info, "max", None) is None
            and descriptor.file_annotation is None
        )
        self.annotation = descriptor.annotation if plain else None
        self.typers: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        multi = param.multiple or param.nargs == -1
        if value is None:
            return () if multi else None
        if self.annotation is not None and not (multi and isinstance(value, str)):
            taken = _plain(value, self.annotation)
            if taken is not _NOT_PLAIN:
                return taken
        if self.typers is None:
            from typer._coercion import build_runtime_param

            self.typers = build_runtime_param(self.param.type_descriptor)
        return self.typers.coerce(value, param=param, ctx=ctx)


def _plain_runtime_param(param: Any) -> Any:
    if param._runtime_param is None:
        param._runtime_param = _PlainCoercion(param)
    return param._runtime_param


def _filled(text: str | None) -> str | None:
    if text:
        for placeholder, fill in LATER_HELP.items():
            if placeholder in text:
                text = text.replace(placeholder, fill())
    return text


class Argument(typer.core.TyperArgument):
    """Arguments as man pages write them: `GAME` and `[MOVE]` in the usage line, no `<str>`.

    Typer would print `{GAME}` and `GAME <str>`, which read like a set to pick from and a
    type annotation; every argument here has a metavar that says what it is."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None if self.metavar is not None else super().display_type_rich(ctx)

    def _usage_display_name(self) -> str:
        name = self.display_name_raw
        if not self.required and not name.startswith("["):
            name = f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    def get_runtime_param(self) -> Any:
        return _plain_runtime_param(self)


class Option(typer.core.TyperOption):
    """An option whose plain values skip typer's pydantic layer, and whose help may be filled
    in only when it is shown."""

    @property  # type: ignore[override]
    def help(self) -> str | None:
        return _filled(self.__dict__.get("help"))

    @help.setter
    def help(self, value: str | None) -> None:
        self.__dict__["help"] = value

    def get_runtime_param(self) -> Any:
        return _plain_runtime_param(self)


_ADAPTED = {typer.core.TyperArgument: Argument, typer.core.TyperOption: Option}


def adapt(params: list[Any]) -> None:
    """Give typer's own parameters pbem's behaviour (a typer that never asks for
    `get_runtime_param` keeps its own conversion: the override is then never called)."""
    for param in params:
        ours = _ADAPTED.get(type(param))
        if ours is not None:
            param.__class__ = ours


def adapt_all(command: Any, ctx: Any) -> None:
    """A command's parameters and its --help (which click makes on the first parse)."""
    adapt([*command.params, command.get_help_option(ctx)])


class Command(typer.core.TyperCommand):
    """A command whose parameters, --help included, behave as `adapt` says."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        adapt_all(self, ctx)
        return super().parse_args(ctx, args)


def adapt_command(command: Any) -> None:
    """Give a command typer made pbem's parameters (its --help is made later, when parsed)."""
    if type(command) is typer.core.TyperCommand:
        command.__class__ = Command
    adapt(getattr(command, "params", []))
