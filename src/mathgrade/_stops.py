"""Moved to :mod:`mathgrade.runtime._stops`; importable from here for existing code."""

from .runtime._stops import STEP, stopping_on

__all__ = ["STEP", "stopping_on"]
