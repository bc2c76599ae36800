"""Completion candidates for the table session, from the engine's legal actions.

The candidates for the word being typed are what is allowed at that point of the line:
after cards already typed on the line, the cards the next player may play (the cards of
the recorded deal, otherwise those not yet accounted for); at the start of a line also
what may be said now (announcements, declarations, bids; with the player's name, and
without it where only one player may say it) and the commands.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.actions import PLAY, Action
from scorekeeper.caches import memo
from scorekeeper.cards import Card
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.table.native import phrase
from scorekeeper.table.reading import (
    ALIASES,
    COMMANDS,
    canonical,
    find_player,
    is_card,
    said_text,
    spoken_command,
)
from scorekeeper.table.words import listed


def candidates(hand: Hand, players: Sequence[str], before: str, lang: str = "en") -> list[str]:
    """What may complete the last word of ``before`` (the line up to the cursor); the
    words before it may be in the match's language ``lang`` (``kreuz dame``), and a card
    is offered for its code and for the short forms of that language (``KrD`` -> QC)."""
    words = before.split()
    typed = "" if not words or before.endswith(" ") else words[-1]
    done = words[:-1] if typed else words
    if done and lang != "en":
        done = canonical(" ".join(done), lang, hand.rules.family, players)
    if done and ALIASES.get(done[0].lower(), done[0].lower()) == "explain":
        return _topic_words(hand, words[1 : len(words) - bool(typed)], typed, lang)
    options = _options(hand, players, done)
    nicknames = _nicknames(hand, options, typed, lang)
    if lang == "en":
        return listed([*(o for o in options if _matches(o, typed, lang)), *nicknames])
    family = hand.rules.family
    said = {
        o: spoken_command(o, lang) if o in COMMANDS else phrase(o, lang, family) for o in options
    }
    found = [
        _as_typed(o, said[o], typed, lang)
        for o in options
        if _matches(o, typed, lang) or said[o].lower().startswith(typed.lower())
    ]
    return listed(
        [
            *found,
            *nicknames,
            *_next_words(hand, players, words[: len(words) - bool(typed)], typed, lang),
        ]
    )


def _as_typed(option: str, said: str, typed: str, lang: str) -> str:
    """A candidate in the words the table began to type: a card begun by its name
    (``Pik``, ``schop``) by its whole name (``Pik Dame``, ``schoppen vrouw``), not by a
    short form that does not begin with what was typed (``PD``); else as ``said``."""
    if not typed or said.lower().startswith(typed.lower()) or not is_card(option):
        return said
    from scorekeeper.lang import card_name

    named = card_name(option, lang, "full")
    return named if named.lower().startswith(typed.lower()) else said


def _nicknames(hand: Hand, options: Sequence[str], typed: str, lang: str) -> list[str]:
    """The nicknames this game's tables give the cards among ``options`` (``Dulle``,
    ``Fuchs``, ``Karlchen``; ``nel`` once trump is chosen) that begin with ``typed``, in
    the case it was typed in; none for an empty word (Tab offers the cards by their
    codes then)."""
    from scorekeeper.lang.data import language
    from scorekeeper.lang.reading import nickname

    if not typed:
        return []
    suit = hand.contract.trump_suit if hand.contract is not None else None
    trump = suit if isinstance(suit, str) else None
    family = hand.rules.family
    names = [*language(lang).nicknames.get(family, {}), *language("en").nicknames.get(family, {})]
    want = typed.casefold()
    return [
        typed + name[len(typed) :]
        for name in listed(names)
        if name.startswith(want) and nickname(name, lang, family, trump) in options
    ]


def _topic_words(hand: Hand, begun: list[str], typed: str, lang: str) -> list[str]:
    """The next word of an ``explain`` topic: its name or a word of its title as the
    list of topics shows it, in the table's words (``erklären Ab`` -> ``Abrechnung``,
    ``uitleg de`` -> ``partij``); the rule set's name before it is left out."""
    from scorekeeper.lang.data import fold, language
    from scorekeeper.lang.terms import spoken_topic
    from scorekeeper.referee import TOPIC_TITLES, TOPICS
    from scorekeeper.text import translate

    rules = hand.rules
    if begun and fold(begun[0]) in {fold(rules.id), rules.family}:
        begun = begun[1:]
    forms = [spoken_topic(t, lang) for t in TOPICS]  # the names the list of topics shows
    if begun or typed:  # then the words of their titles and other names ('die partie')
        forms += [translate("explain", TOPIC_TITLES[t], lang) for t in TOPICS]
        forms += list(language(lang).topics)
    said = [fold(b) for b in begun]
    out: dict[str, str] = {}  # one word once, whatever its case
    for form in forms:
        parts = form.split()
        if len(parts) <= len(said) or [fold(p) for p in parts[: len(said)]] != said:
            continue
        word = parts[len(said)]
        if fold(word).startswith(fold(typed)):
            out.setdefault(fold(word), typed + word[len(typed) :])
    return list(out.values())


def _next_words(
    hand: Hand, players: Sequence[str], done: list[str], typed: str, lang: str
) -> list[str]:
    """The next word of a term of several words begun on the line (``keine`` -> ``90``,
    ``Kreuz`` -> ``Dame``, ``klaveren`` -> ``boer``): what may follow the words typed so
    far, in the table's words."""
    from scorekeeper.lang import card_name

    family = hand.rules.family
    out: list[str] = []
    for k in (1, 2):
        if len(done) < k:
            break
        head, begun = done[:-k], [w.lower() for w in done[-k:]]
        canon = canonical(" ".join(head), lang, family, players) if head else []
        for option in _options(hand, players, canon):
            forms = [phrase(option, lang, family)]
            if is_card(option):
                forms.append(card_name(option, lang, "full"))
            for form in forms:
                parts = form.split()
                begins = [p.lower() for p in parts[:k]] == begun
                if len(parts) == k + 1 and begins and parts[k].lower().startswith(typed.lower()):
                    out.append(parts[k])
    return out


def _matches(option: str, typed: str, lang: str) -> bool:
    want = typed.lower()
    if option.lower().startswith(want):
        return True
    if not is_card(option):
        return False
    # T is the ten: "th" completes to 10H
    if want.startswith("t") and option.lower().startswith("10" + want[1:]):
        return True
    return lang != "en" and any(form.startswith(want) for form in _forms(option, lang))


@memo("table.card_forms", "(card code, lang)", maxsize=None)
def _forms(code: str, lang: str) -> tuple[str, ...]:
    """The short forms of a card in ``lang`` that read as that card only (``krd``,
    ``dkr``, ``kreuzdame``), lower case."""
    from scorekeeper.lang import card_readings, language

    words = language(lang)
    card = Card.parse(code)
    suit, rank = words.suits[card.suit], words.ranks[card.rank]
    forms = (suit.letter + rank.letter, rank.letter + suit.letter, suit.name + rank.name)
    return tuple(f.lower() for f in forms if {c.code for c in card_readings(f, lang)} == {code})


def _options(hand: Hand, players: Sequence[str], done: list[str]) -> list[str]:
    if not done:
        return [*_said_now(hand, None), *_cards_after(hand, []), *COMMANDS]
    actor = find_player(done[0], players)
    rest = done[1:] if actor is not None else done
    if rest and not all(is_card(w) for w in rest):
        return _said_args(hand, actor, rest)
    if actor is not None and not rest:
        return [*_said_now(hand, actor), *_cards_by(hand, actor)]
    return _cards_after(hand, [Card.parse(w) for w in rest])


def _said_now(hand: Hand, actor: str | None) -> list[str]:
    """What may be said now: by ``actor``, or (``None``) by whoever says it; words only one
    player may say are offered bare, the others with the player's name."""
    said = [a for a in hand.legal_actions() if not a.is_play]
    if actor is not None:
        return listed(said_text(a).split()[0] for a in said if a.actor == actor)
    by_words: dict[str, list[str]] = {}
    for a in said:
        by_words.setdefault(said_text(a), []).append(a.actor)
    out: list[str] = []
    for text, actors in by_words.items():
        if len(set(actors)) == 1:
            out.append(text.split()[0])
    out.extend(a.actor for a in said)
    return listed(out)


def _said_args(hand: Hand, actor: str | None, rest: list[str]) -> list[str]:
    """The next word of what is being said (``trump`` -> ``hearts``)."""
    said = [a for a in hand.legal_actions() if not a.is_play]
    if actor is not None:
        said = [a for a in said if a.actor == actor]
    out = []
    for a in said:
        parts = said_text(a).split()
        if len(parts) > len(rest) and [p.lower() for p in parts[: len(rest)]] == [
            r.lower() for r in rest
        ]:
            out.append(parts[len(rest)])
    return listed(out)


def _cards_by(hand: Hand, actor: str) -> list[str]:
    return [c.code for c in hand.playable_cards(actor)]


def _cards_after(hand: Hand, typed: list[Card]) -> list[str]:
    """The cards the next player may play once ``typed`` are played in turn."""
    if typed:
        hand = replayed(hand)
        for card in typed:
            player = hand.to_play()
            if player is None:
                return []
            try:
                hand.apply(Action(player, PLAY, card))
            except ScorekeeperError:
                return []
            if hand.current_trick is None:
                return []  # the trick is complete: a line holds at most one trick's rest
    player = hand.to_play()
    if player is None:
        return []
    return [c.code for c in hand.playable_cards(player)]


def replayed(hand: Hand) -> Hand:
    """A copy of ``hand`` to try cards on: the same deal and actions, replayed."""
    copy = Hand(
        hand.rules,
        hand.table,
        hand.dealer,
        deal=hand.dealt,
        number=hand.number,
        context=hand.context,
        family=hand.family,
    )
    for action in hand.history:
        copy.apply(action)
    return copy
