"""A claim's sources: a user's own text file beside the claim, its passages and quote checked verbatim
when loaded (whitespace aside, as for the seeds); page and url shown with the verdict; digest
passages checked when loaded against the sections claims may cite of the digest the repository holds
(seeds/RULES.md)."""

from __future__ import annotations

import re

import pytest

from spadille.analyses.claims import ClaimError, check_claims, load_claims
from spadille.analyses.claims.digest import SECTIONS
from spadille.kernel.common.citations import digest_section, normalise

from citations import RULES_DIGEST
from claim_files import FIVE_TO_FOUR, five_to_four, shipped_text, write_claim


def refusal(path) -> str:
    with pytest.raises(ClaimError) as caught:
        load_claims(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message[len(f"{path}: "):]


def test_a_user_text_holds_the_passages_and_its_place_is_shown(tmp_path):
    claim = load_claims(five_to_four(tmp_path))[0]
    source = claim.source
    assert (source.text, source.page, source.url, source.seed) == ("treatise.txt", "p. 12",
                                                                    "https://example.org/treatise", None)
    assert source.cite() == "A treatise of my own, p. 12"
    row = check_claims([claim]).iloc[0]
    assert (row["source_text"], row["page"], row["url"]) == ("treatise.txt", "p. 12", "https://example.org/treatise")
    assert row["source"] == "A treatise of my own, p. 12"


def test_the_text_is_found_beside_the_claim_whatever_the_working_folder(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    five_to_four(folder)
    monkeypatch.chdir(tmp_path)
    assert load_claims("mine")[0].source.text == "treatise.txt"


def test_a_passage_not_in_the_text_is_one_line_naming_file_and_key(tmp_path):
    path = five_to_four(tmp_path, FIVE_TO_FOUR.replace('passages = ["it is five to four',
                                                       'passages = ["it is six to four'))
    assert refusal(path).startswith("source.passages: not found verbatim in treatise.txt: 'it is six to four that ")


def test_the_quote_is_checked_in_the_text_too(tmp_path):
    path = five_to_four(tmp_path, FIVE_TO_FOUR.replace('text = "it is five to four', 'text = "it is nine to four'))
    assert refusal(path).startswith("quote.text: the quote is not verbatim in treatise.txt")


@pytest.mark.parametrize("old, new, expected", [
    ('text = "treatise.txt"', 'text = "nowhere.txt"', "source.text: no such text file 'nowhere.txt'"),
    ('text = "treatise.txt"', 'text = "treatise.txt"\nseed = "seeds/quadrille-come-si-gioca.txt"',
     "source.text: give seed or text, not both"),
    ('text = "treatise.txt"\n', 'work_title = "A treatise"\n', "source: give seed = "),
    ('work = "A treatise of my own"', 'work = "A treatise of my own"\npages = "12"', "source.pages: unknown key"),
    ('page = "p. 12"\n', "", "source.section: missing key"),
])
def test_a_faulty_source_is_one_line(tmp_path, old, new, expected):
    assert old in FIVE_TO_FOUR
    assert refusal(five_to_four(tmp_path, FIVE_TO_FOUR.replace(old, new, 1))).startswith(expected)


def test_a_work_without_a_text_must_be_one_spadille_knows(tmp_path):
    text = shipped_text("dist-true-matadors").replace('work = "RULES"', 'work = "My own"')
    assert refusal(write_claim(tmp_path, "d", text)).startswith("source.work: unknown work 'My own'")


def test_digest_passages_are_checked_when_loaded(tmp_path):
    text = shipped_text("dist-true-matadors")
    wrong = text.replace('passages = ["# true matadors in a given hand: 0 / 1 / 2 / 3 | 203/494',
                         'passages = ["# true matadors in a given hand: 0 / 1 / 2 / 3 | 204/494')
    assert wrong != text
    assert refusal(write_claim(tmp_path, "d", wrong)).startswith(
        "source.passages: not found verbatim in RULES.md §5: '# true matadors in a given hand: 0 / 1 / 2 / 3 | 204/494")


def test_a_digest_section_claims_may_not_cite_is_refused_with_those_they_may(tmp_path):
    text = shipped_text("dist-true-matadors").replace('digest = "RULES.md §5"', 'digest = "RULES.md §3"')
    assert refusal(write_claim(tmp_path, "d", text)) == (
        "source.digest: RULES.md §3 is not among the digest's sections claims may cite (§"
        + ", §".join(SECTIONS) + "): quote the work itself with seed or text")


def test_every_shipped_claim_citing_the_digest_has_its_section_shipped():
    cited = {re.fullmatch(r"RULES\.md §([\d.]+)", c.source.digest).group(1)
             for c in load_claims() if c.source.digest and c.source.seed is None}
    assert cited and cited <= set(SECTIONS)


@pytest.mark.parametrize("number", sorted(SECTIONS))
def test_the_citable_digest_sections_stand_in_the_repositorys_digest(number):
    """The claims read their sections from seeds/RULES.md, the digest the repository holds: each
    citable number still heads a section there (a renumbered digest fails here, not at a user's load)."""
    heading = digest_section(RULES_DIGEST.read_text(encoding="utf-8"), number).splitlines()[0]
    assert heading.lstrip("#").split()[0].rstrip(".") == number
    assert normalise(SECTIONS[number]).startswith(normalise(heading))


def test_the_frame_keeps_both_the_seed_text_and_the_runs_seed(tmp_path):
    # the seed text a claim quotes and the random seed of the run are two columns, not one key twice
    claim = next(c for c in load_claims() if c.id == "q18")
    row = check_claims([claim], seed=5, scale=0.002).iloc[0]
    assert row["source_seed"] == "seeds/quadrille-come-si-gioca.txt" and row["seed"] == 5
