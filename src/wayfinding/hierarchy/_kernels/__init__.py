"""Compiled (numba) kernels of the contraction hierarchy: private, imported lazily.

``contract`` (ordering, witness searches), ``layout`` (the upward and core graphs as
CSR arrays), ``labels`` (hub labels), ``query`` (the best hub of two sets of labelled
nodes, the core search, the unpacking into graph nodes; inlined into a caller's query
kernel), ``check`` (a hierarchy read from a file) and ``common`` (label look-ups and
array growth). Importing this package imports numba (:mod:`wayfinding._cache`).
"""

from ..._cache import install

install()
