"""The census of octal games: every code of a shape (``0.??``, ``4.???``), codes that are
the same game reported once, each computed to a limit with its period proved or left
unsolved there (``grundy census``).

- :mod:`grundy.census.shapes`: the codes of a shape;
- :mod:`grundy.census.equivalence`: which codes are the same game (the dead-heap rule);
- :mod:`grundy.census.results`: one code's row (period, largest value, rare heaps and mask);
- :mod:`grundy.census.runner`: all rows, on local processes or a Dask cluster, resumable;
- :mod:`grundy.census.table`: the rows as Markdown, CSV or JSON.
"""
