#!/usr/bin/env bash
# The data branch's slow tests: a type check that misspelt grading options are rejected (mypy). The other fault tests
# need only the test extra, and root for the small-tmpfs test (skipped otherwise).
set -euo pipefail
python -m pip install --quiet 'mypy>=1.8'
