#!/usr/bin/env bash
# lm-evaluation-harness (tests/integration/test_lm_eval.py, marked slow and integration): its API models (aiohttp,
# tenacity, tiktoken) for `lm_eval --model local-chat-completions` against the replay server on 127.0.0.1.
set -euo pipefail
python -m pip install --quiet 'lm-eval[api]==0.4.13'
python -c 'import lm_eval; print("lm-eval", lm_eval.__version__)'
