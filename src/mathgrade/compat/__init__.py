"""Drop-in replacements for other graders' APIs, built on mathgrade's own pipeline.

- :mod:`mathgrade.compat.math_verify`: ``parse``, ``verify``, ``math_metric`` and the extraction configs of
  Hugging Face's Math-Verify, with the same signatures. Switch with one line::

      from mathgrade.compat.math_verify import parse, verify

Importing this package imports nothing heavy (no sympy).
"""

__all__ = ["math_verify"]
