"""The shared compiled toolkit: codes, heaps and path tracing used by every compiled tier.

``codes`` holds plain integers (no numba import), so Python wrappers and kernels use the
same names; ``heap`` and ``trace`` hold ``@njit`` helpers that kernels inline.
"""
