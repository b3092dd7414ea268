#!/usr/bin/env bash
# Mutation testing of the grading core, bounded (docs/testing.md): one module of compare/, _extract/ or _read/ drawn
# with a fixed seed, 30 of its mutants drawn with the same seed and run against the tests of its stage by mutmut, in a
# temporary copy of the repository. Fails when fewer than 90% are killed (mutants listed in
# tests/mutation_equivalent.json, with the reason they cannot change a verdict, are not counted). A few minutes on
# 2 cores; the full run is documented in docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
python -m pip install --quiet 'mutmut==3.8.1'
python scripts/mutation.py sample --modules 1 --count 30 --seed 29 --min-kill 0.9
