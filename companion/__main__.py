"""``python -m companion …`` runs the same command as the ``companion`` script."""
from companion.cli import main

main()
