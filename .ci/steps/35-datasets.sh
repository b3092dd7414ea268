#!/usr/bin/env bash
# Hugging Face datasets (tests/integration/test_datasets.py, marked slow and integration): map(grade_batch) caches;
# and the speed of map against a plain in-process loop, printed by the bench (a ratio measured in the same run).
set -euo pipefail
cd "$(dirname "$0")/../.."
python -m pip install --quiet '.[datasets]'
python bench/bench_datasets.py --rows 10000 --rounds 2
