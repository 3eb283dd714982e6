"""The parts of the rules digest (RULES.md) that claims may cite.

A claim whose words stand in the digest rather than in a seed text (a work with no seed, such
as the Hague rules, or the digest's own computed figures) names the section, ``digest =
"RULES.md §5"``, and the loader checks its passages there, verbatim (whitespace and bold marks
aside, as for seeds). The digest ships with spadille as seeds/RULES.md (the project's own
notes, kept in the repository), so loading never depends on what lies beside an installed copy.

Only the sections below may be cited: a claim citing another section is refused when loaded,
with the sections available: quote the period work itself (``seed`` or ``text``) instead.
"""

from __future__ import annotations

import re

from spadille.kernel.common.citations import DIGEST_FILE, digest_section, seed_file

DIGEST_NAME = re.compile(r"RULES\.md §(?P<number>\d+(?:\.\d+)*)")
# 2.10: the Hague rules of 1785 and the Reversis presets; 5: the digest's own exact figures.
CITABLE = ("2.10", "5")
SECTIONS: dict[str, str] = {number: digest_section(seed_file(DIGEST_FILE), number) for number in CITABLE}


def digest_section_text(reference: str) -> str | None:
    """The text of the section ``reference`` ('RULES.md §5') names, or None if claims may not cite it."""
    match = DIGEST_NAME.fullmatch(reference)
    return SECTIONS.get(match["number"]) if match else None
