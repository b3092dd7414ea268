#!/usr/bin/env bash
# Type-check the package (settings in pyproject.toml's [tool.mypy]: every module checked, the public API strictly).
set -euo pipefail
cd "$(dirname "$0")/../.."
python -m pip install --quiet 'mypy>=1.10'
python -m mypy
