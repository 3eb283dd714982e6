"""``spadille simulate|show|rules|odds|bench revertier``: Révertier (reconstructed) on the command line.
Importing these modules never imports numba; heavy imports live inside the command functions."""
