"""The explorer: every search by name (:mod:`.algorithms`, also used by ``wayfinding
solve``), the page's requests (:mod:`.api`) and its server (:mod:`.server`, the ``serve``
extra). The page itself is ``static/`` (shipped with the package)."""
