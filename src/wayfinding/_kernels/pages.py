"""Paged search state: slots for the cells a search reaches, not for every cell of the map.

A dense workspace keeps a stamp, a cost and a parent for every cell: 16 to 24 bytes a
cell, 2 GB on a voxel map of 10^8 cells, whatever the query. A paged one cuts the flat
cells into pages of :data:`PAGE` consecutive cells and gives a page slots in a pool when
the search first reaches one of its cells: ``table[v >> PAGE_SHIFT]`` is the page's
number in the pool (-1: none yet), and cell ``v``'s slot is ``number << PAGE_SHIFT |
(v & PAGE_MASK)``. ``used`` lists the pages given out, so that the table is cleared in
the time of the pages used (:func:`release`), never of the map.

Slots taken by a search need no clearing: they hold stamps of older searches (smaller
generations, see :mod:`wayfinding._kernels.reach`), never the current one, so a cell is
reached exactly when its slot carries this search's stamp, as in a dense workspace.
A search on a page table is found along a tube of pages around its path: the pool holds a
few times the cells the search reaches, and the table 4 bytes per 64 cells.

Examples
--------
>>> import numpy as np
>>> table = np.full(4, -1, dtype=np.int32)  # a map of 4 pages
>>> used = np.empty(2, dtype=np.int32)  # room for 2 pages in the pool
>>> slot(table, 130), claim(table, used, 0, 130)
(-1, (2, 1))
>>> claim(table, used, 1, 131), claim(table, used, 1, 5), claim(table, used, 2, 200)
((3, 1), (69, 2), (-1, 2))
>>> release(table, used, 2); table.tolist()
[-1, -1, -1, -1]
"""

from __future__ import annotations

from numba import njit

from . import codes as C
from .codes import PAGE, PAGE_MASK, PAGE_SHIFT

__all__ = ["PAGE", "PAGE_MASK", "PAGE_SHIFT", "claim", "pages_for", "release", "slot"]



def pages_for(cells: int) -> int:
    """Pages a map of ``cells`` flat cells has (the length of its table)."""
    return C.pages_for(cells)


@njit(cache=True, nogil=True, inline="always")
def slot(table, v):  # pragma: no cover - numba
    """The slot of cell ``v``, or -1 when its page has none (no cell of it reached)."""
    number = table[v >> PAGE_SHIFT]
    if number < 0:
        return -1
    return (number << PAGE_SHIFT) | (v & PAGE_MASK)


@njit(cache=True, nogil=True, inline="always")
def claim(table, used, n_used, v):  # pragma: no cover - numba
    """``(slot, n_used)``: the slot of cell ``v``, its page given the next free place of
    the pool if it had none; ``(-1, n_used)`` when the pool is full (``n_used`` pages of
    ``used.shape[0]``: grow it, keeping the contents, and go on)."""
    page = v >> PAGE_SHIFT
    number = table[page]
    if number < 0:
        if n_used >= used.shape[0]:
            return -1, n_used
        number = n_used
        table[page] = number
        used[n_used] = page
        n_used += 1
    return (number << PAGE_SHIFT) | (v & PAGE_MASK), n_used


@njit(cache=True, nogil=True)
def release(table, used, n_used):  # pragma: no cover - numba
    """Give every page of ``used[:n_used]`` back (the table is all -1 again)."""
    for i in range(n_used):
        table[used[i]] = -1
