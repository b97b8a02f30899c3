import sys

from idioten.cli import main

sys.exit(main())
