"""Imported once by the process that forks the web server's workers: it loads the library
and answers a few requests, so that every worker starts with the kernels compiled and loaded.

Disk caches are switched off there, and so in every worker: requests must not write files.
The workers are scheduled as a group of their own
(:func:`~grundy.web.processes.group_of_their_own`).
"""

from grundy.heap.engine import use_disk_cache
from grundy.web.jobs import warm_up
from grundy.web.processes import group_of_their_own

group_of_their_own()
use_disk_cache(False)
warm_up()
