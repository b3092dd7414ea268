#!/usr/bin/env bash
# Mutation testing of the grading core, bounded (docs/testing.md): one module of compare/, _extract/ or _read/ drawn
# with a fixed seed, 20 of its mutants drawn with the same seed (mutmut makes them and maps each function to the
# tests that reach it; each mutant is applied in a scratch copy and those tests run), in a temporary copy of the
# repository. Fails when fewer than 90% are killed (mutants listed in tests/mutation_equivalent.json, with the reason
# they cannot change a verdict, are not counted). 20 mutants, to stay near 12 minutes on the shared 2-core machine
# (about 4 of them mutmut's map of the tests that reach each function; measured at load average 3 to 4); the full run
# is documented in docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
python -m pip install --quiet 'mutmut==3.8.1'
python scripts/mutation.py sample --modules 1 --count 20 --seed 29 --min-kill 0.9
