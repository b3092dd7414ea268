"""Settings for the whole test suite.

Under mutation testing (mutmut sets ``MUTANT_UNDER_TEST``; see docs/testing.md) every call of a function of the
grading core goes through a trampoline that picks the mutant, which doubles the stack depth of the recursive reader:
the recursion limit is raised there so that the code's own depth limits (``MAX_DEPTH``), not Python's, meet deep
input, as they do in a normal run.
"""

import os
import sys

if "MUTANT_UNDER_TEST" in os.environ:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
