"""The parts of the rules digest (RULES.md) that claims cite, shipped with spadille.

A claim whose words stand in the digest rather than in a seed text (a work with no seed, such
as the Hague rules, or the digest's own computed figures) names the section, ``digest =
"RULES.md §5"``, and the loader checks its passages there, verbatim (whitespace and bold marks
aside, as for seeds). The digest itself lives outside the package (the project's shared
RULES.md), so the sections the shipped claims cite are copied here, word for word: loading never
depends on what lies beside an installed copy. tests/test_claims_sources.py checks that each
copy still equals its section of the digest wherever the digest is on the machine.

A claim citing another section is refused when loaded, with the sections available: quote the
period work itself (``seed`` or ``text``) instead.
"""

from __future__ import annotations

import re

DIGEST_NAME = re.compile(r"RULES\.md §(?P<number>\d+(?:\.\d+)*)")

SECTIONS: dict[str, str] = {
    "2.10": """\
### 2.10 More period text, and the rule layers as presets
**HAG — *Règles du jeu de Reversis telles qu'elles ont été adoptées par les Amateurs de ce Jeu à la Haye en 1785***
(Delpher OCR, dpo:4957, Art. I–VI only):
* Art. I: "avec un Jeu de Cartes complet, excepté les Dix … l'on **ne renonce jamais, que dans un seul cas** … ESPAGNOLETTE" — must follow suit; the espagnolette is the only exception [S].
* Art. II: the deal passes to the right; one draws for the deal "comme il y a de l'avantage à donner" [S].
* Art. III: "deux grands objets à ce Jeu, — savoir, la Partie, & la Remise ou Panier" [S].
* Art. IV: 11 cards to each of the three others, 12 to the dealer, 3 left. "Chaque Joueur en écarte une de son Jeu, & reprend une des trois du Talon. — **Il n'est cependant pas obligé d'écarter pour reprendre; & dans ce cas il lui est permis de voir la Carte qu'il laisse.** — Celui qui donne en écarte une sans reprendre." Four cards make the écart, which forms the partie [S].
* Art. V: 40 points in the pack: A 4, K 3, Q 2, J 1; the other cards nothing [S].
* Art. VI: the partie = the écart's points counted as in tricks "à l'exception de l'As de Carreau qui y compte 5, & du Valet de Coeur ou Quinola, qui y compte 4. — Aux points qui s'y trouvent, on ajoute toujours 4" [S] (text cut after this).

**ENC-REV (1765), the body of the article** (wikisource, tome 14 p. 233):
* deal "trois à trois, excepté trois, lorsque l'on joue quatre" [S];
* the exchange is optional: "ou si l'on ne veut point écarter, il est libre de voir au talon celle qu'on aurait prise … chacun selon son rang" [S];
* quinola in this form: "Celui qui fait partir le quinola, gagne à celui qui le lâche, quatre jetons ou plus, et un à chaque joueur"; "Celui qui prend la levée où le quinola se trouve en renonce, paye deux marques ou plus, à celui qui l'a jeté"; placed on a renounce its owner "gagne le jeu", forced or led he "fait la bête de ce qu'il y a sur le jeu" [S];
* the talon (partie): won by whoever "lève moins de cartes que les autres, & si dans ces cartes il n'y a ni as, ni roi, ni dame, ni valet, ou même s'il y en a moins qu'ailleurs"; ties: "le plus près de celui qui a fait à gauche, gagne le talon; mais celui qui n'a point de levée, l'emporte sur lui" (*celui qui a fait* = the dealer); paid "cinq pour les as, quatre pour les rois, trois pour les dames, & deux pour les valets" [S];
* "Le premier en cartes doit toujours commencer par jouer du cœur s'il en [a]"; a revoke "fait la bête"; playing out of turn costs a jeton to every player [S].
* **Tie-break conflict → switch:** ENC-REV gives ties to the player nearest the dealer's left; HOY p285: "if points and tricks be equal, then he who dealt last wins" [?].

**HOY p288** (end of the payments, and laws 1–10): a broken reversis is paid by its undertaker, "exactly the same number of fish he would have received had he won it"; law 9: a player who throws down his cards claiming the rest "is to pay for any ace or quinola, that has or can be placed or given", and against a reversis claim the would-be breaker directs his play [S]. Other laws are misdeal and discard procedure.

**Secondary, lower authority:** adpoker.fr (19th-c.: each puts 2 jetons in the *corbeille*, the dealer 3, and the dealer adds 1 each deal); Sapere.it (the espagnolette may renounce "per le prime 9 mani", agreeing with DJ against HOY's whole game); WP-R: a pre-1634 form had no quinola and no pool (fewest points paid by every player; the reversis won outright).

**The layers as presets** (a preset is a named set of switches; [I] where a cell is inferred):

| switch | `enc1765` | `hague1785` | `dj` (seed) | `hoyle` |
|---|---|---|---|---|
| deal batches | 3 at a time | 11 / dealer 12 | 3+4+4, dealer 4+4+4 | 11 / dealer 12 |
| exchange | optional, may look at the card left | optional, may look at the card left | one each, in order (1st, 2nd, 3rd) | compulsory unless 3 stakes in the pools |
| partie value | talon: A 5, K 4, Q 3, J 2 | écart A4 K3 Q2 J1 with ♦A 5, ♥J 4, + 4 | as hague1785 [I] | as hague1785 |
| quinola forced | forcer: 4 from the holder + 1 from each | ? | 1 jeton from each, 2 from the holder (§2.5) | a stake from each player |
| quinola placed | trick-taker pays 2 to its owner | ? | 1 jeton (§2.5, with its ambiguity) | 6 fish (little quinola 3) |
| espagnolette window | (no espagnolette) | the only renounce allowed | first 9 tricks | whole game |
| eldest leads a heart if he has one | yes | ? | ? | ? |
| tie-break for the partie | nearest the dealer's left; no trick beats a trick | ? | ? | dealer wins; no trick beats a pointless trick |
| little quinola (♥Q) | no | no | no | yes |

Invariant for tests: with A4 K3 Q2 J1 the 48 cards hold 40 points, so trick points + écart points = 40 on every deal.

---------------------------------------------------------------------------------------------------------------------------------
""",
    "5": """\
## 5. STRATEGY CLAIMS IN THE SEED TEXTS (exact quotes)

| # | Quote (original) | Source | Testable experiment |
|---|---|---|---|
| Q15 | "La Remise è spesso giocabile quando hai una mano mediocre. Fare deliberatamente 5 prese … fa crescere il piatto senza pagare" | IT | Under historic payments remise costs bête + consolation: compute EV of "aim for 5" vs pass; expected to be negative. |
| Q16 | "Possedere solo lo Spadille raramente giustifica il Solo; possedere tutti e tre i Matadores più diversi vincitori in seme lungo è di solito un Solo" | IT | P(win alone) by matador count and long-suit winners. |
| Q17 | "Nell'Alliance, chiama un Re nel seme in cui tu possiedi più carte … chiamare un Re nel tuo seme vuoto di solito fa saltare la partnership" | IT | Called-king choice experiment (cf. Q11). |
| Q18 | "Guida le briscole subito quando hai lo Spadille e diverse briscole minori." | IT | Early trump-lead vs side-suit-first. |
| Q21 | "l'hombre qui ne fait pas trois mains paie seul, tant en cas de remise que de codille, afin d'obliger les joueurs à ne jouer que des jeux raisonnables" (purpose of the 3-trick rule) | ENC | Measure how the 3- vs 4-trick rule shifts optimal ask thresholds. |
| R1 | "[l'espagnolette] Ce coup souvent très-compliqué, est difficile à jouer … s'il joue bien, tous les avantages du jeu sont pour lui … s'il est assez maladroit pour avoir gardé une grosse carte, par laquelle il se trouve dans la nécessité de faire une des deux dernières levées, alors il fait tous les frais" | DJ | Espagnolette policy: shed high cards in tricks 1–9; EV of using vs waiving the privilege. |
| R2 | "c'est le plus grand coup que l'on puisse faire à ce jeu" (reversis after playing quinola before la bonne) / "c'est le coup le plus cher" (same but broken) | DJ | Frequency and EV of reversis attempts conditional on hand shape; when to keep taking tricks. |

Exact distributions (one given hand of 10 from 40):

| Quantity | Value |
|---|---|
| # true matadors in a given hand: 0 / 1 / 2 / 3 | 203/494 = 0.41093 / 435/988 = 0.44028 / 135/988 = 0.13664 / 3/247 = 0.01215 |
| # trumps in a given hand, red trump (12): k=0..7 | .0155 .0978 .2420 .3073 .2200 .0918 .0223 .0031 (mean 3.00) |
| # trumps in a given hand, black trump (11): k=0..7 | .0236 .1300 .2785 .3038 .1849 .0647 .0129 .0014 (mean 2.75) |

Other period treatises hold many more such maxims; the claims machinery must let a user add a claim as data, without code.

""",
}


def digest_section_text(reference: str) -> str | None:
    """The text of the section ``reference`` ('RULES.md §5') names, or None if it is not shipped."""
    match = DIGEST_NAME.fullmatch(reference)
    return SECTIONS.get(match["number"]) if match else None
