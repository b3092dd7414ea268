#!/usr/bin/env bash
# inspect-ai and lighteval (tests/integration/test_inspect_ai.py and test_lighteval.py, marked slow and integration).
# lighteval depends on inspect-ai; transformers and PyTorch stay within the bounds the earlier steps set (verl 0.9.1's,
# and the CPU wheel on this disk).
set -euo pipefail
python -m pip install --quiet 'inspect-ai' 'lighteval==0.13.0' 'torch==2.13.0' 'transformers>=5.5.3,<5.11,!=5.6.0'
python -c 'import inspect_ai, lighteval; print("inspect-ai", inspect_ai.__version__, "lighteval ok")'
