"""A forkserver preload that ends the forkserver at once, as a preload that crashes would
(``tests/test_defects_web.py``): only where the environment asks for it, so that importing
it elsewhere (the collection of doctests) does nothing.
"""

import os

if os.environ.get("WEB_PROBES_END") == "1":
    os._exit(1)
