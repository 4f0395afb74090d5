"""`python -m interpreter` runs the garrison command line."""
from interpreter.cli import main

raise SystemExit(main())
