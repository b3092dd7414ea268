#!/usr/bin/env bash
# Browser tests of `mathgrade report` (tests/report/test_report_browser.py, marked slow and browser): Debian's Chromium,
# driven by Playwright for Python pointed at /usr/bin/chromium (no `playwright install`: it would download a
# browser of its own), and the report's own extra. Runs as root on a fresh Debian machine, inside the CI venv.
set -euo pipefail
if ! command -v chromium >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
chromium --version
pip install --quiet '.[report]' 'playwright>=1.40'
