"""Bridges to other game engines.

:mod:`ohhell.interop.openspiel`: DeepMind OpenSpiel's ``oh_hell`` game:
project strategies as OpenSpiel bots, OpenSpiel bots as project strategies,
observations from OpenSpiel states, and duplicate matches inside OpenSpiel.
It needs the optional ``open-spiel`` package (``pip install 'ohhell[openspiel]'``),
imported only when a function that needs it is called.
"""

__all__: list[str] = []
