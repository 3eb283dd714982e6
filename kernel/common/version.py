"""The installed spadille version, which every output records beside its seed and ruleset."""


def package_version() -> str:
    try:
        from importlib.metadata import version

        return version("spadille")
    except Exception:  # noqa: BLE001 - running from a tree that was never installed
        return "0+unknown"
