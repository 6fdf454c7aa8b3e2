"""Shared test settings: Hypothesis profiles sized for a 2-core CI machine."""

import os
import tempfile

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Sequences computed by the tests go to a fresh cache, never to the user's own.
os.environ.setdefault("GRUNDY_CACHE_DIR", tempfile.mkdtemp(prefix="grundy-test-cache-"))
