"""Test configuration: the hypothesis profile every property test runs under.

The ``ci`` profile is derandomized (the same examples on every run and every
machine), has no per-example deadline (no wall-clock assertions) and a
moderate number of examples so the whole suite stays fast.  Set the
``HYPOTHESIS_PROFILE`` environment variable to use another registered profile
(``thorough`` runs many more examples, still derandomized).
"""

import os

from hypothesis import settings

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True, database=None, print_blob=True)
settings.register_profile("thorough", deadline=None, max_examples=1000, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
