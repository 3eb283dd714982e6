"""The source texts that rules, claims and tests cite (see README.md here)."""
