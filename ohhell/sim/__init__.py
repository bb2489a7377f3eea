"""Monte Carlo layer: stream planning, the compiled fast path and the reference path.

``streams`` plans chunks and their SplitMix64 stream blocks, ``kernel`` is
the numba fast path, ``paths`` runs one chunk through either engine path into
the arrays of ``arrays``.
"""
