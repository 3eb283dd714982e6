"""The `spadille` command line: one module per command, registered on one Typer app."""
