"""Cavemen Playing With Fire (Odynaut Games 2012): the engine, registered as `cavemen`."""

from engines.cavemen.rules import Cavemen

ENGINE = Cavemen()

__all__ = ["ENGINE", "Cavemen"]
