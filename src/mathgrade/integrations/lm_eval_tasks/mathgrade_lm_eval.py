"""What mathgrade's lm-eval task configs in this folder name with ``!function`` (lm-eval loads this file by path)."""

from functools import partial

from mathgrade.integrations.lm_eval import (ExtractAnswer, MajorityVote, bundled_task, doc_to_text,  # noqa: F401
                                            process_results)

math500 = partial(bundled_task, "math500")
gsm8k = partial(bundled_task, "gsm8k")
aime24 = partial(bundled_task, "aime24")
aime25 = partial(bundled_task, "aime25")
amc23 = partial(bundled_task, "amc23")
minerva = partial(bundled_task, "minerva")
olympiadbench = partial(bundled_task, "olympiadbench")
