"""The pure-Python reference engine: slow, readable, checked against the kernel deal by deal."""
