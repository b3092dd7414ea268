"""Settings for the whole test suite.

Under mutation testing (mutmut sets ``MUTANT_UNDER_TEST``; see docs/testing.md) every call of a function of the
grading core goes through a trampoline that picks the mutant, which doubles the stack depth of the recursive reader:
the recursion limit is raised there so that the code's own depth limits (``MAX_DEPTH``), not Python's, meet deep
input, as they do in a normal run.

Run as a background job of a shell without job control (``cmd &`` in a script), the suite starts with SIGINT
ignored, and every process it starts inherits that: the tests that stop a run with Ctrl-C (SIGINT) would see it
ignored, as a program started that way rightly does. The suite gives SIGINT back its default meaning, so that its
own child processes get it.
"""

import os
import signal
import sys

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

if "MUTANT_UNDER_TEST" in os.environ:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
