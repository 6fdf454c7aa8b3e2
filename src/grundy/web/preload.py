"""Imported once by the process that forks the web server's workers: it loads the library
and answers a few requests, so that every worker starts with the kernels compiled and loaded.

Disk caches are switched off there, and so in every worker: requests must not write files.
"""

from grundy.heap.engine import use_disk_cache
from grundy.web.jobs import warm_up

use_disk_cache(False)
warm_up()
