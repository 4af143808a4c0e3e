"""Compiled (numba) kernels of the contraction hierarchy: private, imported lazily.

``directed`` (the contraction, of directed graphs and, each edge an arc both ways, of
undirected ones; its parts in ``directed_parts``), ``layout`` (the undirected upward and
core graphs as CSR arrays, from the arcs), ``labels`` (hub labels), ``query`` (the best
hub of two sets of labelled nodes, the core search, the unpacking into graph nodes;
inlined into a caller's query kernel), ``check`` (a hierarchy read from a file) and
``common`` (label look-ups, the growing lazy heap and array growth). Importing this package
imports numba (:mod:`wayfinding._cache`).
"""

from ..._cache import install

install()
