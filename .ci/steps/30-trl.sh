#!/usr/bin/env bash
# What the TRL integration test (tests/integration/, marked slow and integration) needs: PyTorch's CPU build, then
# TRL with transformers, accelerate and datasets. torch is installed first and pinned: 2.13.0 is the CPU wheel kept
# on this machine's disk; a plain `torch` requirement would download a CUDA build of several GB.
set -euo pipefail
python -m pip install --quiet 'torch==2.13.0'
python -m pip install --quiet 'trl>=0.25' 'torch==2.13.0'
python -c 'import torch, trl, transformers; print("torch", torch.__version__, "trl", trl.__version__, "transformers", transformers.__version__)'
