"""Situations in the course of play: what a term may read (the registry), and the situation object.

A situation is a test of what the deciding player sees at a decision, in the language of the hand
conditions (``and``, ``or``, ``not``, parentheses, comparisons ``== != < <= > >=``, chained too,
numbers, ``+`` and ``-``), over the features below::

    role == friend and on_lead and matadors == 1
    role == ombre and trumps >= 1 and trumps_out == 0          # he holds every trump still out
    role == friend and on_lead and plays_last(ombre)           # Hoyle's maxim 4: the ombre is last player
    role == defender_alone and on_lead and suit_length(last_led_suit(side)) >= 1
    led_matador and leads(friend) and role == ombre            # a matador led by the friend
    holds_sequence(called_suit, K, Q, J) and called_suit_led
    side_tricks + 1 >= opponent_tricks or trick <= 3

A feature is a bare name (``on_lead``, ``trumps``) or takes arguments: a player (``plays_last(ombre)``,
``tricks_of(friend)``), a card (``holds(♥Q)``, ``led(spadille)``), a suit and ranks
(``holds(called_suit, Q)``, ``holds_sequence(called_suit, K, Q, J)``) or a suit (``suit_length(hearts)``).
A flag (0 or 1) may stand alone as a test; a count must be compared. Suit-valued features
(``led_suit``, ``called_suit``, ``trump_suit``, ``last_led_suit(who)``) compare with each other or a
named suit, by ``==`` and ``!=`` only, and such a comparison is false while either suit is none
(nothing led yet, no king called). Players, as the decider knows them: ``me``, ``ombre``, ``friend``
(the called friend once he is known to the decider; nobody before), ``partner`` (any player known to be
on his side, himself excluded), ``side`` (himself and those partners) and the seats ``eldest``,
``second``, ``third``, ``dealer``.

Both engines read every feature on their own: the kernel on bit masks of the ordered encoding
(_situations.py, through the program this module compiles), the reference engine from its play state
in natural cards (reference/situations.py, through the expression tree). A claim's arms change a
role's card play only at decisions where the situation holds, and the kernel records the first trick
where it held. Importing this module does not import numba.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import layout as L
from .card_rules import ROLES


class SituationError(ValueError):
    """A situation that does not parse; one sentence for the user."""


# Kinds of value a feature gives.
NUMBER, FLAG, SUIT, NAMED = "number", "flag", "suit", "named"
# Kinds of argument a feature takes.
NO_ARGS, WHO, WHO_ONE, CARD, CARD_OR_SUIT_RANK, SUIT_RANKS, SUIT_ARG = (
    "", "who", "one player", "card", "card, or suit and rank", "suit and ranks", "suit")


@dataclass(frozen=True)
class Feature:
    name: str
    fid: int
    doc: str
    values: tuple[str, ...] = ()   # names of the values 0, 1, ... where they have names
    kind: str = NUMBER
    args: str = NO_ARGS
    optional_who: bool = False     # a player argument that may be left out: then it is ``me``
    example: str = ""              # a worked example from a period maxim (docs/claims.md)

    @property
    def usage(self) -> str:
        shapes = {NO_ARGS: "", WHO: "(who)", WHO_ONE: "(who)", CARD: "(card)", CARD_OR_SUIT_RANK: "(card or suit, rank)",
                  SUIT_RANKS: "(suit, rank, ...)", SUIT_ARG: "(suit)"}
        return self.name + ("" if self.optional_who else shapes[self.args])


CONTRACT_VALUES = ("called", "self-called", "sans-prendre", "forced-spadille", "none", "demanded-king", "casco")
assert CONTRACT_VALUES == L.CONTRACT_NAMES

FEATURES: tuple[Feature, ...] = (
    Feature("role", 1, "the deciding player's role as he sees it: " + ", ".join(ROLES), ROLES, NAMED,
            example="HOY 4, “when you are the friend called”: role == friend"),
    Feature("trick", 2, "the trick being played, 1 to 10",
            example="HOY 3, the seventh trick, after six won: trick == 7 and side_tricks == 6"),
    Feature("position", 3, "his place in the trick: 1 on lead, 2 second, and so on",
            example="HOY 6, the friend second to the ombre's lead: position == 2 and leads(ombre)"),
    Feature("on_lead", 4, "1 when he leads to the trick", kind=FLAG,
            example="HOY 4, “hold only a mat, lead it”: on_lead and trumps == 1 and matadors == 1"),
    Feature("plays_last", 5, "1 when he (or the player named) plays last to the trick", kind=FLAG, args=WHO,
            optional_who=True,
            example="HOY 4, “when the ombre is last player, lead the best trump you have”: "
                    "role == friend and on_lead and plays_last(ombre)"),
    Feature("matadors", 6, "the true matadors (spadille, manille, basto) in his hand",
            example="HOY 4, “hold only a mat”: trumps == 1 and matadors == 1"),
    Feature("trumps", 7, "the trumps in his hand",
            example="HOY 4, “a mat guarded by a small trump”: trumps == 2 and matadors == 1"),
    Feature("trumps_out", 8, "the trumps neither played nor in his hand (held by the others)",
            example="HOY 2, “if you possess all the trumps, keep leading them”: role == ombre and trumps >= 1 "
                    "and trumps_out == 0"),
    Feature("matadors_out", 9, "the true matadors neither played nor in his hand",
            example="HOY 3, “if all the mats should not be revealed … do not risk playing for the vole”: "
                    "vole_decision and matadors_out >= 1"),
    Feature("sure_winners", 10, "his cards that no card still out can beat in their suit",
            example="HOY 2, “except you have other certain winning cards”: sure_winners > sure_trumps"),
    Feature("sure_trumps", 11, "his trumps that no trump still out can beat",
            example="HOY 2, every trump a sure winner: sure_trumps == trumps and trumps >= 1"),
    Feature("led_trump", 12, "1 when a trump was led to this trick (0 on lead)", kind=FLAG,
            example="HOY 1, “your friend leads from a mat”: led_trump and leads(friend)"),
    Feature("called_suit_led", 13, "1 when the called king's suit was led to this trick", kind=FLAG,
            example="HOY 6, “when the ombre leads to discover the friend”: called_suit_led and leads(ombre)"),
    Feature("king_shown", 14, "1 once the called king has been played", kind=FLAG,
            example="ENC, the vole not before the king has appeared: vole_decision and king_shown"),
    Feature("partner_winning", 15, "1 when a player he knows to be his partner is winning the trick", kind=FLAG,
            example="ENC, “la main appartenant à l'hombre”: partner_winning and plays_last"),
    Feature("side_tricks", 16, "tricks won so far by his side as he knows it (himself included)",
            example="HOY 3, “by the time you have won six tricks”: side_tricks == 6"),
    Feature("opponent_tricks", 17, "tricks won so far by the others",
            example="HOY 3, the vole still on: opponent_tricks == 0"),
    Feature("cards_left", 18, "cards in his hand",
            example="the end of the deal: cards_left <= 3"),
    Feature("holds_called_king", 19, "1 when he holds the called king", kind=FLAG,
            example="HOY 7, “whether friend or foe”: holds_called_king or role == defender_called"),
    Feature("seat", 20, "his seat: 0 eldest, 1 second, 2 third, 3 dealer",
            example="HOY 9, “if elder-hand”: seat == 0"),
    Feature("contract", 21, "the contract as he sees it: " + ", ".join(CONTRACT_VALUES), CONTRACT_VALUES, NAMED,
            example="HOY 8, “against a lone hand”: contract == sans-prendre or contract == demanded-king"),
    Feature("vole_decision", 22, "1 at the decision whether to undertake the vole (0 at a card)", kind=FLAG,
            example="HOY 3, “do not risk playing for the vole”: vole_decision"),
    Feature("top_trump", 23, "the rank of his best trump in the pack: 1 spadille, 2 manille, 3 basto, 4 ponto in "
                             "red or the king in black, ...; 0 with no trump",
            example="HOY 5, “punto in red, or king of trumps in black … when they are your best”: top_trump == 4"),
    Feature("red_trumps", 24, "1 when hearts or diamonds are trumps (twelve trumps, ponto the fourth)", kind=FLAG,
            example="HOY 5, “punto in red”: red_trumps and top_trump == 4"),
    # ------------------------------------------------------------ where the players sit in this trick
    Feature("leads", 25, "1 when the player named leads this trick (is on lead, or led its first card)", kind=FLAG,
            args=WHO, example="HOY 1, “your friend leads from a mat”: role == ombre and leads(friend) and led_matador"),
    Feature("has_played", 26, "1 when the player named has played to this trick already", kind=FLAG, args=WHO,
            example="ENC, the friend last on the ombre's trick: role == friend and has_played(ombre) and plays_last"),
    Feature("position_of", 27, "the place of the player named in this trick: 1 leads, 2 second, ...; 0 for a "
                               "friend not yet known", args=WHO_ONE,
            example="HOY 8, the ombre after him in the trick: position_of(ombre) > position"),
    Feature("last_to_my_lead", 28, "1 when the player named would play last to a trick this player leads (he sits "
                                   "just before him)", kind=FLAG, args=WHO_ONE,
            example="HOY 8, “nor permit … the ombre to be last player”: role == defender_alone and partner_winning "
                    "and last_to_my_lead(ombre)"),
    Feature("winning", 29, "1 when the player named is winning this trick so far", kind=FLAG, args=WHO,
            example="HOY 8, the ombre winning a trick against a lone hand: winning(ombre) and role == defender_alone"),
    # ------------------------------------------------------------ the card led
    Feature("led_matador", 30, "1 when a true matador (spadille, manille, basto) was led to this trick", kind=FLAG,
            example="HOY 1, “your friend leads from a mat”: led_matador and leads(friend)"),
    Feature("led_king", 31, "1 when a king was led to this trick", kind=FLAG,
            example="HOY 8, a king led against a lone hand: led_king and role == defender_alone"),
    Feature("led", 32, "1 when the card named was led to this trick", kind=FLAG, args=CARD,
            example="HOY 1, the friend leads spadille: led(spadille) and leads(friend)"),
    Feature("led_suit", 33, "the suit led to this trick (none while he is on lead); the black aces are trumps",
            kind=SUIT, example="HOY 6, “when the ombre leads to discover the friend”: leads(ombre) and "
                               "led_suit == called_suit"),
    Feature("called_suit", 34, "the suit of the called king (none without a called king)", kind=SUIT,
            example="HOY 7, “preserve the called suit”: led_suit == called_suit"),
    Feature("trump_suit", 35, "the trump suit", kind=SUIT,
            example="IT, trumps in red: trump_suit == hearts or trump_suit == diamonds"),
    # ------------------------------------------------------------ cards held
    Feature("holds", 36, "1 when he holds the card named, or the card of that rank in the suit named", kind=FLAG,
            args=CARD_OR_SUIT_RANK,
            example="HOY 8, “never lead a king, unless you have the queen”: holds(♥K) and not holds(hearts, Q)"),
    Feature("holds_sequence", 37, "1 when he holds every one of the ranks named in the suit named", kind=FLAG,
            args=SUIT_RANKS, example="HOY 6, “if you hold king, queen, and knave”: holds_sequence(called_suit, K, Q, J)"),
    Feature("suit_length", 38, "his cards of the suit named, as the suits fall in play (the black aces are "
                               "trumps)", args=SUIT_ARG,
            example="HOY 7, “preserve the called suit”: suit_length(called_suit) >= 2"),
    # ------------------------------------------------------------ what happened earlier in the deal
    Feature("last_led_suit", 39, "the suit of the last card the player named led (none before his first lead; "
                                 "for partner and side, the latest of theirs)", kind=SUIT, args=WHO,
            example="HOY 8, “nor change the suit”: suit_length(last_led_suit(side)) >= 1"),
    Feature("suit_changes", 40, "the leads in which the player named led another suit than at his lead before",
            args=WHO,
            example="HOY 8, “nor change the suit”: suit_changes(side) == 0"),
    Feature("trump_leads", 41, "the tricks the player named led with a trump", args=WHO,
            example="HOY 1, “then lead the next best the first opportunity”: trump_leads(me) >= 1 and on_lead"),
    Feature("trumps_played", 42, "the trumps played so far, this trick's included (trumps drawn)",
            example="HOY 2, the trumps drawn: trumps_played >= 8"),
    Feature("tricks_of", 43, "the tricks the player named has won so far (a friend not yet known: 0)", args=WHO,
            example="“call only with a fair chance of making three tricks yourself”: role == ombre and tricks_of(me) >= 3"),
    Feature("friend_known", 44, "1 when he knows who the called friend is (he is the friend, or the king has "
                                "shown)", kind=FLAG,
            example="HOY law 19, “the ombre is entitled to know his king called”: friend_known"),
)
BY_NAME = {feature.name: feature for feature in FEATURES}
assert [feature.fid for feature in FEATURES] == list(range(1, len(FEATURES) + 1))

# Players a feature may name, as the decider knows them; codes the kernel resolves to seats.
WHO_CODES = {"eldest": 0, "second": 1, "third": 2, "dealer": 3, "me": 4, "ombre": 5, "friend": 6, "partner": 7,
             "side": 8}
WHO_ME, WHO_PARTNER, WHO_SIDE = WHO_CODES["me"], WHO_CODES["partner"], WHO_CODES["side"]
WHO_DOCS = {
    "me": "the deciding player", "ombre": "the ombre (forced or not)",
    "friend": "the called friend once the decider knows him (he is the friend, or the king has shown); else nobody",
    "partner": "any player the decider knows to be on his side, himself excluded",
    "side": "the decider and those partners",
    "eldest": "the seat on the dealer's right", "second": "the next seat", "third": "the next (four seats only)",
    "dealer": "the dealer, last of the table",
}
# Suits a feature may name: the four by name (hearts, ♥, h ...), or one the deal gives.
SUIT_REFS = {"trump_suit": 4, "called_suit": 5, "led_suit": 6}
SUIT_OF_LAST_LEAD = 16        # + a player's code: last_led_suit(who)
SUIT_SHIFT = 1024             # holds: suit reference * SUIT_SHIFT + a mask of ranks (bit = cards.rank_of)


@dataclass(frozen=True)
class Leaf:
    """One comparison: the signed sum of ``terms`` ((feature id, argument, sign) each) plus ``const``,
    compared with 0 by ``op`` (layout.OP_*); ``suits``: false while a suit it reads is none."""

    op: int
    const: float
    terms: tuple[tuple[int, int, int], ...]
    suits: bool = False


@dataclass(frozen=True)
class Situation:
    text: str
    tree: tuple            # ("leaf", Leaf) | ("and", (...)) | ("or", (...)) | ("not", tree)
    program: tuple         # (start, leaves), each leaf (Leaf, if_true, if_false): the kernel's jump code

    def row(self) -> list[float]:
        """The situation's entries of a parameter row, from layout.SITUATION to SITUATION_END."""
        start, leaves = self.program
        entries = [float(len(leaves)), float(start)]
        for leaf, if_true, if_false in leaves:
            cells = [0.0] * L.SITUATION_LEAF
            cells[L.LEAF_OP], cells[L.LEAF_CONST], cells[L.LEAF_N_TERMS] = leaf.op, leaf.const, len(leaf.terms)
            cells[L.LEAF_IF_TRUE], cells[L.LEAF_IF_FALSE] = if_true, if_false
            cells[L.LEAF_FLAGS] = L.LEAF_SUITS if leaf.suits else 0
            for index, term in enumerate(leaf.terms):
                cells[L.LEAF_TERM + 3 * index:L.LEAF_TERM + 3 * index + 3] = term
            entries += [float(cell) for cell in cells]
        return entries + [0.0] * ((L.SITUATION_LEAVES - len(leaves)) * L.SITUATION_LEAF)

    def features(self) -> set[str]:
        """The names of the features the situation reads."""
        names = {feature.fid: feature.name for feature in FEATURES}
        found: set[str] = set()

        def walk(node: tuple) -> None:
            if node[0] == "leaf":
                found.update(names[fid] for fid, _, _ in node[1].terms)
            elif node[0] == "not":
                walk(node[1])
            else:
                for part in node[1]:
                    walk(part)
        walk(self.tree)
        return found


def parse_situation(text: str) -> Situation:
    """The situation ``text`` names; SituationError says what is wrong in one sentence."""
    from .situation_reading import read_situation

    return read_situation(text)


def describe_language() -> str:
    """A short help text: every feature with its arguments, and the players a feature may name."""
    lines = [f"{feature.usage}: {feature.doc}" for feature in FEATURES]
    lines.append("players: " + "; ".join(f"{name} ({doc})" for name, doc in WHO_DOCS.items()))
    return "\n".join(lines)
