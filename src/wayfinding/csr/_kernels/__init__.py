"""Numba kernels of the CSR graph tier (arrays in, state in caller-owned arrays)."""

from ..._cache import install

install()
