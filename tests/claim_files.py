"""Claim files the tests of the claims' probability kind, sources, runs and outputs write into a
temporary folder: small, fast, and each with a known answer."""

from __future__ import annotations

from pathlib import Path

from citations import REPO

CLAIMS_DIR = REPO / "analyses" / "quadrille" / "claims" / "files"

# "Five to four that your partner holds one of the other two": P(a given other hand holds at
# least one of two cards that are not in mine) = 1 - C(28,10)/C(30,10) = 49/87.
FIVE_TO_FOUR = '''
title = "Five to four that the partner holds one of the other two kings"
game = "quadrille"

[quote]
language = "en"
text = "it is five to four that your partner holds one of the other two"
translation = "it is five to four that your partner holds one of the other two"

[source]
work = "A treatise of my own"
page = "p. 12"
url = "https://example.org/treatise"
text = "treatise.txt"
passages = ["it is five to four that your partner holds one of the other two"]

[experiment]
kind = "probability"
event = "has(second, Kh) or has(second, Kd)"
given = "not has(me, Kh) and not has(me, Kd)"

[verdict]
expect = "equal"
value = "5 to 4"
tolerance = 0.01
'''
TREATISE = "Of the odds.\nWhen you hold two kings, it is five to four\n   that your partner holds one of the other two.\n"

# A rate claim of 300 deals (the smallest the simulated kinds play fast), the condition to be replaced.
RATE_WITHOUT_NOTE = '''
title = "The eldest hand with spadille and five hearts usually wins an ask in hearts"
game = "quadrille"

[quote]
language = "it"
text = "Guida le briscole subito quando hai lo Spadille e diverse briscole minori."
translation = "Lead trumps at once when you have Spadille and several lesser trumps."

[source]
work = "IT"
section = "Consigli e strategie"
seed = "seeds/quadrille-come-si-gioca.txt"
passages = "Guida le briscole subito quando hai lo Spadille e diverse briscole minori."

[experiment]
kind = "rate"
fixed = "spadille"
condition = "trumps(ombre, hearts) >= 5"
force = { bid = "ask", trump = "hearts" }
metric = "win"
deals = 300

[verdict]
expect = "greater"
than = 0.5
'''
RATE = RATE_WITHOUT_NOTE.replace('game = "quadrille"\n', 'game = "quadrille"\nnote = "A test claim."\n', 1)


def write_claim(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def five_to_four(folder: Path, text: str = FIVE_TO_FOUR, treatise: str = TREATISE) -> Path:
    """The five-to-four claim and its source text, in ``folder``."""
    (folder / "treatise.txt").write_text(treatise, encoding="utf-8")
    return write_claim(folder, "five", text)


def shipped_text(claim_id: str) -> str:
    return (CLAIMS_DIR / f"{claim_id}.toml").read_text(encoding="utf-8")


def cli_app():
    """``spadille claims`` as a subcommand of an app, as spadille's own app registers it."""
    import typer

    from spadille.cli import claims as claims_cli

    app = typer.Typer()
    app.command("claims")(claims_cli.claims_command)
    app.command("other")(lambda: None)
    return app


def mixed_folder(folder: Path, rare: bool = True) -> Path:
    """A folder of four quick claims: a count (enc-trumps-red), an exact probability (five), a
    300-deal rate (rate) and, with ``rare``, a rate whose condition no deal meets (rare)."""
    write_claim(folder, "red", shipped_text("enc-trumps-red"))
    five_to_four(folder)
    write_claim(folder, "rate", RATE)
    if rare:
        write_claim(folder, "rare", RATE.replace('condition = "trumps(ombre, hearts) >= 5"',
                                                 'condition = "kings(ombre) >= 5"\nmax_attempts = 1000000'))
    return folder
