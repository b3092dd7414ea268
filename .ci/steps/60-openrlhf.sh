#!/usr/bin/env bash
# OpenRLHF's reward client (tests/integration/test_openrlhf.py, marked slow and integration): OpenRLHF without its
# dependencies (vLLM, DeepSpeed, flash attention need GPUs), then what its agent executor and experience module
# import; the server side is mathgrade's serve extra. PyTorch is the CPU wheel on this disk (see 30-trl.sh).
set -euo pipefail
python -m pip install --quiet 'torch==2.13.0' aiohttp pylatexenc transformers '.[serve]'
python -m pip install --quiet --no-deps 'openrlhf==0.11.2'
python -c 'import openrlhf.utils.agent, openrlhf.trainer.ppo_utils.experience; print("openrlhf client ok")'
