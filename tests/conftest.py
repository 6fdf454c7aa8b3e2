"""Shared test settings: Hypothesis profiles sized for a 2-core CI machine; the browser of
the page's tests."""

import os
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Sequences computed by the tests go to a fresh cache, never to the user's own.
os.environ.setdefault("GRUNDY_CACHE_DIR", tempfile.mkdtemp(prefix="grundy-test-cache-"))
# ... and are sealed with a key of the tests, not with the user's own.
os.environ.setdefault("GRUNDY_KEY_FILE",
                      os.path.join(tempfile.mkdtemp(prefix="grundy-test-key-"), "seal.key"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright, headless (the page's tests skip without it)."""
    from playwright.sync_api import sync_playwright

    from test_web_browser import CHROMIUM, FLAGS

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS,
                                              headless=True)
        yield chromium
        chromium.close()
