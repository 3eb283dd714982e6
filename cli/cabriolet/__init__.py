"""Cabriolet's commands: ``simulate cabriolet`` and ``odds cabriolet``, with their options."""
