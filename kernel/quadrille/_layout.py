"""The old private name of ``layout.py``: an alias kept only for the learned player's modules,
which another branch is changing; they import ``layout`` once it is merged, and this file goes."""

from .layout import *  # noqa: F401,F403
