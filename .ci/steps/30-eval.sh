#!/usr/bin/env bash
# mathgrade eval's slow tests: reading a Hugging Face dataset saved on disk needs the datasets library.
set -euo pipefail
pip install --quiet '.[datasets]'
