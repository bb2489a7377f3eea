import sys

from ohhell.cli import main

sys.exit(main())
