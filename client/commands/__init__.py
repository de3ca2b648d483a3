"""The `pbem` commands, one module per thing a player does.

Each module registers its commands on the one app of `client.commands.app`; `client.cli`,
the entry point, imports them all. A command module imports at its top only what `pbem
--help` needs (typer and the app): what a command does (a server, the engines, the
auditor, rich) is imported inside the command, so that asking pbem anything starts at once.
"""
