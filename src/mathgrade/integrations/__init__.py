"""mathgrade inside the tools people already run: one module per host, each importable without its host installed
(the host is imported when its adapter is first used).

- :mod:`mathgrade.integrations.datasets`: :func:`~mathgrade.integrations.datasets.grade_batch` for Hugging Face
  ``Dataset.map(batched=True)``: plain columns, cached by ``map``.
- :mod:`mathgrade.integrations.lm_eval`: ``process_results``, filters and task configs for EleutherAI's
  lm-evaluation-harness (``--include_path``).
- :mod:`mathgrade.integrations.lighteval`: sample-level metrics (accuracy, pass@k, maj@k by equivalence).
- :mod:`mathgrade.integrations.inspect_ai`: a ``@scorer`` and an epoch reducer that votes by equivalence.

Rewards for RL trainers (TRL, verl, OpenRLHF) are in :mod:`mathgrade.rewards`. Every host is shown in
``docs/integrations.md``.
"""

__all__: list = []
