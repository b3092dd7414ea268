#!/usr/bin/env bash
# verl 0.9 (tests/integration/test_verl.py, marked slow and integration): verl without its dependencies (vLLM, flash
# attention, wandb...), then what its reward loader and reward managers import. PyTorch is the CPU wheel on this
# disk (see 30-trl.sh); transformers and tensordict within verl 0.9.1's own bounds (TRL accepts them too).
set -euo pipefail
python -m pip install --quiet 'torch==2.13.0' 'ray>=2.60,<3' omegaconf codetiming \
    'tensordict>=0.8.0,<=0.10.0,!=0.9.0' 'transformers>=5.5.3,<5.11,!=5.6.0'
python -m pip install --quiet --no-deps 'verl==0.9.1'
python -c 'import verl.trainer.ppo.reward, verl.experimental.reward_loop.reward_manager; print("verl", verl.__version__)'
