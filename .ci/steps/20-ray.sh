#!/usr/bin/env bash
# Ray tests (tests/test_ray.py, marked `ray`): mathgrade with its `ray` extra (Ray Data, pyarrow) in the CI venv.
set -euo pipefail
pip install --quiet '.[ray]'
python -c "import ray.data, mathgrade.ray; print('ray', ray.__version__)"
