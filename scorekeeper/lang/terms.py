"""The games' own terms in what the view prints: what the engine names in English or by
key (``contra``, ``Kontra``, ``no90``, ``normal game``, ``trump hearts``) as a table of
another language says it (``Kontra``, ``keine 90``, ``Normalspiel``, ``troef harten``),
and the rule sets' sections as headings, from the language files.

The view's words (``scorekeeper.text``) call :func:`localized` for every sentence in a
language other than English; English stays exactly as the engine names it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorekeeper.caches import memo
from scorekeeper.lang.data import DEFAULT, fold, language
from scorekeeper.text.language import card_language, is_neutral, player_names, seat_named

# Parameters of the view's sentences that carry a game's own term as the engine names it
# (a key such as ``no90``, a rule set's word such as ``Kontra``, an English term such as
# ``normal game``): shown in the sentence's language. Per key prefix, parameters whose
# name is generic elsewhere (``name``, ``game``).
WORD_PARAMS = frozenset(
    {
        "kind",
        "side",
        "contract",
        "solo",
        "level",
        "expected",
        "missing",
        "said",
        "threshold",
        "suit",
        "trump",
        "solos",
        "kinds",
    }
)
WORD_PARAMS_OF = {
    "doppelkopf.said.game.": frozenset({"name"}),
    "doppelkopf.said.solo_": frozenset({"game"}),
    "doppelkopf.said.score.bock_game": frozenset({"game"}),
    "doppelkopf.said.score.nobody_wins": frozenset({"contra"}),  # the DDV's 'Kontra'...
    "doppelkopf.piglets.not_in_game": frozenset({"game"}),
    "doppelkopf.quick.extra": frozenset({"entry"}),  # an extra as read: 'Anna charlie2'
    "doppelkopf.game.unknown": frozenset({"games"}),  # judge --game: the games it knows
    "games.unknown_game": frozenset({"games"}),
    "cli.result": frozenset({"game", "winner"}),
    "cli.ruling": frozenset({"contract"}),
    "table.hand.over": frozenset({"game", "winner"}),
    "table.hand.redeal": frozenset({"what"}),
    "klaverjassen.label.run": frozenset({"length"}),
    "klaverjassen.label.four": frozenset({"rank"}),  # four of a kind: 'vier Könige'
    "klaverjassen.item.roem": frozenset({"label"}),  # a quick hand's roem: 'Anna & Carla: roem'
    "klaverjassen.kraak.": frozenset({"last"}),
    "games.not_": frozenset({"text"}),  # a value read from the table's yes or no
    "session.fact_refused": frozenset({"value"}),
    "actions.": frozenset({"text"}),  # the action typed ('Ben AH contra')
    "klaverjassen.": frozenset({"where"}),  # the action refused ('Carla trump 3')
    "action.allows.": frozenset({"levels", "sides"}),  # what Re takes: keine 90, ...
}


@memo("lang.terms", "lang", maxsize=None)
def _terms(lang: str) -> dict[str, str]:
    """Folded text the engine may give -> the term in ``lang``: the language's own keys
    and ``[terms]``, what English players call them, what this language's players type
    (``kontra``) and the suits' English names."""
    voc, english = language(lang), language(DEFAULT)
    found: dict[str, str] = {}
    for suit, name in english.suits.items():
        found[fold(name.name)] = voc.suits[suit].name
    for typed, canonical in (*english.read.items(), *voc.read.items()):
        if canonical in voc.words:
            found.setdefault(fold(typed), voc.words[canonical])
    for key, word in english.words.items():
        if key in voc.words:
            found[fold(word)] = voc.words[key]
    found.update({fold(k): w for k, w in voc.words.items()})
    found.update({fold(k): w for k, w in voc.terms.items()})
    return found


def term(text: str, lang: str = DEFAULT, *, whole: bool = False) -> str:
    """A game's term as the engine names it (``contra``, ``Kontra``, ``no90``, ``normal
    game``, ``trump hearts``), in ``lang``: the whole text if the language file knows it,
    else word by word (``whole``: else the text as it is, as a kind of more words the game
    names as one, ``reply knock`` -> ``Gegenklopfen``); the match's player names
    (:func:`player_names`), numbers, English and unknown text stay as they are."""
    text = sides_in(text, lang)  # Anna/Carla -> Anna & Carla
    if lang == DEFAULT or not text:
        return text
    terms = _terms(lang)
    names = {fold(name) for name in player_names()}
    folded = " ".join(fold(text).split())
    found = terms.get(folded) if folded not in names else None
    if found is not None:
        return found
    if whole:
        return text
    if ", " in text:  # a game and what went with it (normal, knock): each part on its own
        return ", ".join(term(part, lang) for part in text.split(", "))
    words = text.split(" ")
    if len(words) < 2:
        return text
    out: list[str] = []
    i = 0
    while i < len(words):  # the longest known phrase first: "solo queens" -> Damensolo
        for n in range(min(3, len(words) - i), 0, -1):
            group = words[i : i + n]
            typed = " ".join(fold(w) for w in group)
            if all(group) and fold(group[0]) not in names and typed in terms:
                out.append(terms[typed])
                break
        else:
            out.append(words[i])
            n = 1
        i += n
    return " ".join(out)


def _termed(value: Any, lang: str) -> Any:
    if hasattr(value, "reason") or not isinstance(value, str | list | tuple):
        return value  # a reason's words are worded anew in the language; cards, numbers
    if isinstance(value, str):
        if len(value) > 2 and value[0] == value[-1] and value[0] in "'\"":  # quoted
            return value[0] + term(value[1:-1], lang) + value[0]
        return term(value, lang)
    return [_termed(v, lang) for v in value]


def spoken_topic(topic: str, lang: str = DEFAULT) -> str:
    """An ``explain`` topic as a table of ``lang`` names it: the first one-word name the
    language file gives it (``scoring`` -> ``Abrechnung``), else its key."""
    names = [w for w, t in language(lang).topics.items() if t == topic and " " not in w]
    return names[0] if names else topic


TOPIC_PARAMS_OF = {"referee.topic": "topics"}

ACTION_PARAMS = frozenset({"action", "verb", "verbs", "actions", "word", "words"})
"""Parameters quoting what a player said or may say, as the match file writes it (``Anna
contra``, ``wedding``): quoted as the table says it (``Anna Kontra``), cards by their
names where the view names cards."""
"""Sentences listing ``explain`` topics by their keys: shown by the table's names."""


def localized(key: str, params: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """A sentence's parameters with the games' terms in ``lang`` (see WORD_PARAMS)."""
    if lang == DEFAULT or not params:
        return params
    if key.startswith(OPTION_KEYS):  # before the reasons in it are worded anew
        params = _option_words(key, params, lang)
    if any(isinstance(v, str) and hasattr(v, "reason") for v in params.values()):
        # words the view made earlier, in the language of then (a line of a hand's value
        # inside another): worded anew from their reason, in this language
        params = {k: _anew(v) for k, v in params.items()}
    if named := language(lang).rulesets:  # a rule set's name, whichever parameter holds it
        params = {k: _ruleset(v, named) for k, v in params.items()}
    params = _listed(key, params, lang)
    names = _word_params(key)
    cards = card_language()
    if cards is None and names.isdisjoint(params) and ACTION_PARAMS.isdisjoint(params):
        return params
    texts = _card_texts(key)
    return {k: _localized(k, v, lang, names, cards, texts) for k, v in params.items()}


def _listed(key: str, params: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """The topics, quick facts and option a sentence names by their keys, by their names."""
    if (topics := TOPIC_PARAMS_OF.get(key)) is not None and topics in params:
        params = {**params, topics: [spoken_topic(t, lang) for t in params[topics]]}
    if key in FACT_KEYS and isinstance(params.get("keys"), list | tuple):
        params = {**params, "keys": [fact_name(str(k), lang) for k in params["keys"]]}
    if key in FACT_KEY_OF and isinstance(fact := params.get("key"), str):
        params = {**params, "key": fact_name(fact, lang)}  # Re-Augen=abc, not re_points=abc
    if key == "session.fact_form" and isinstance(item := params.get("item"), str):
        params = {**params, "item": _fact_item(item, lang)}
    if isinstance(option := params.get("option"), str) and not option.startswith("-"):
        params = {**params, "option": option_name(option, lang)}  # Armut, not poverty
    return params


def _card_texts(key: str) -> frozenset[str]:
    """The parameters of ``key``'s sentence that are text holding card codes."""
    more = (p for prefix, ps in CARD_TEXT_OF.items() if key.startswith(prefix) for p in ps)
    return CARD_TEXT_PARAMS | frozenset(more)


FACT_KEYS = frozenset(
    {
        "session.fact_form",
        "games.quick.unknown",
        "doppelkopf.quick.redeal_alone",
        "klaverjassen.quick.redeal_alone",
    }
)
"""Refusals that list the facts a quick hand takes (``re, re_points``): by their names."""

FACT_KEY_OF = frozenset({"session.fact_refused", "session.fact_twice"})
"""Refusals that name one fact (``{key}``) as typed on the command line: by its name."""


def _fact_item(item: str, lang: str) -> str:
    """A ``KEY=VALUE`` word as the table typed it: the fact by its name, a yes or no as the
    table says it (the command line read ``Fuchs=ja`` as ``Fuchs=true``)."""
    key, eq, value = item.partition("=")
    if not eq:
        return item
    voc = language(lang)
    said = {"true": voc.yes, "false": voc.no}.get(value.strip().lower(), ())
    return fact_name(key.strip(), lang) + eq + (said[0] if said else value)


OPTION_KEYS = ("rules.option.", "rules.options_make", "club.bad_setting")
"""Refusals of an option or a setting (``--set``) that name options, settings and their
values by key (``trump_choice``, ``dealer_first``): named as the table names them
(``'Trumpfwahl'``, ``'Geber zuerst'``), quoted, as a name may hold spaces and commas."""


def _option_words(key: str, params: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    out = dict(params)
    for name in ("options", "keys"):  # what may be set
        if isinstance(out.get(name), list | tuple):
            out[name] = [_quoted(option_name(str(o), lang), str(o)) for o in out[name]]
    if key == "rules.option.takes" and isinstance(out.get("name"), str):
        out["name"] = _quoted(option_name(out["name"], lang), out["name"])
    if key == "rules.options_make" and isinstance(out.get("names"), list | tuple):
        out["names"] = [_setting_said(str(n), lang) for n in out["names"]]
    if key == "club.bad_setting" and isinstance(out.get("key"), str):
        out["key"] = option_name(out["key"], lang)
    kind = getattr(params.get("kind"), "reason", None)  # "one of free, dealer_first"
    if key == "rules.option.takes" and kind is not None and kind.key == "rules.type.one_of":
        values = [_quoted(setting_value(str(v), lang), str(v)) for v in kind.params["values"]]
        out["kind"] = _said("rules.option.choices", values=values)
    if isinstance(near := out.get("near"), str) and isinstance(typed := out.get("name"), str):
        known = [str(o) for o in params.get("options", ())]
        out["near"] = _quoted(_nearest_named(typed, known, lang) or option_name(near, lang), near)
    return out


def _setting_said(typed: str, lang: str) -> str:
    """``NAME=VALUE`` as ``--set`` took it, by the option's and the values' names in
    ``lang`` (``'Ränge für vier Gleiche'=A,A``; ``fox=false`` -> ``'Fuchs'=nein``)."""
    name, _, value = typed.partition("=")
    words = {"true": "cli.value.yes", "false": "cli.value.no"}
    values = [
        _said(words[v]) if v in words else setting_value(v, lang) for v in value.split(",")
    ]
    return f"{_quoted(option_name(name, lang), name)}={','.join(values)}"


def _said(key: str, **params: Any) -> str:
    from scorekeeper.text import say

    return say(key, **params)


def _quoted(label: str, key: str) -> str:
    """A name the table's language gives a key, quoted; a key it names not, as it is."""
    return f"'{label}'" if label != key else key


def _nearest_named(typed: str, keys: list[str], lang: str) -> str | None:
    """The option's name in ``lang`` most like what was typed (``Gleichstnd`` ->
    ``Gleichstand``), by the names the table reads; None if none is near."""
    import difflib

    names = {fold(k): option_name(k, lang) for k in keys}
    names.update({fold(option_name(k, lang)): option_name(k, lang) for k in keys})
    close = difflib.get_close_matches(fold(typed), list(names), n=1, cutoff=0.3)
    return names[close[0]] if close else None


def _ruleset(value: Any, named: Mapping[str, str]) -> Any:
    return named.get(fold(value), value) if isinstance(value, str) else value


def ruleset_name(name: str, lang: str = DEFAULT) -> str:
    """A shipped rule set's name as a table of ``lang`` says it (``Doppelkopf (DDV
    tournament rules)`` -> ``Doppelkopf (DDV-Turnierregeln)``); any other name as it is."""
    if lang == DEFAULT:
        return name
    return language(lang).rulesets.get(fold(name), name)


def _anew(value: Any) -> Any:
    reason = getattr(value, "reason", None) if isinstance(value, str) else None
    return reason.text() if reason is not None else value


def _localized(
    k: str, v: Any, lang: str, names: frozenset[str], cards: str | None, texts: frozenset[str]
) -> Any:
    if k in names or (k in ACTION_PARAMS and isinstance(v, str | list | tuple)):
        v = _termed(v, lang)  # then any card it names by the card's name ('rufen A♣')
    return _named(k, v, cards, texts) if cards else v


@memo("lang.word_params", "key of a sentence", maxsize=None)
def _word_params(key: str) -> frozenset[str]:
    names = WORD_PARAMS
    for prefix, more in WORD_PARAMS_OF.items():
        if key.startswith(prefix):
            names = names | more
    return names


LETTER_PARAMS = frozenset({"ranks", "suits"})
"""Parameters listing a deck's rank or suit codes: shown by the table's letters (D, Kr)."""

CARD_TEXT_PARAMS = frozenset({"action", "plays", "trick", "cards", "kind", "run", "theirs"})
"""Parameters that are text holding card codes (``{action}``: ``Carla 7D``; ``{kind}``:
``call AC``; ``{run}``, ``{theirs}``: a Klaberjass sequence, ``7H 8H 9H``)."""


CARD_TEXT_OF = {
    "actions.": frozenset({"text"}),
    "kloepper.knock.no_queen": frozenset({"shown"}),  # 'QC Carla' -> 'D♣ Carla'
}
"""Per key prefix, more parameters that are text holding card codes: the action typed
whose player is unknown or whose cards are too many ('Zorro AH' -> 'Zorro A♥')."""


def _named(key: str, value: Any, lang: str, texts: frozenset[str] = CARD_TEXT_PARAMS) -> Any:
    """A card parameter (or a list of cards, or a text holding card codes) by its name in
    ``lang``: ``D♣``."""
    from scorekeeper.cards import Card
    from scorekeeper.lang.naming import card_name

    if isinstance(value, Card):
        return card_name(value, lang)
    if key in LETTER_PARAMS and isinstance(value, list | tuple):  # a deck's ranks or suits
        names = language(lang).ranks if key == "ranks" else language(lang).suits
        return [names[v].letter if v in names else v for v in value]
    if key in texts and (said := _card_texts_in(value, lang)) is not None:
        return said  # an action: 'Carla 7D' -> 'Carla 7♦'
    if isinstance(value, list | tuple) and value and all(isinstance(v, Card) for v in value):
        return [card_name(v, lang) for v in value]
    return value


def _card_texts_in(value: Any, lang: str) -> Any:
    """A text holding card codes, or a list of such texts ('QC Carla'), by the cards'
    names; None for any other value (cards, numbers, reasons: named otherwise)."""
    if isinstance(value, list | tuple):
        texts = bool(value) and all(isinstance(v, str) for v in value)
        return [cards_in(v, lang) for v in value] if texts else None
    if value is None or isinstance(value, int | float) or hasattr(value, "reason"):
        return None
    return cards_in(str(value), lang)


def cards_in(text: str, lang: str | None) -> str:
    """A text's card codes (``Ben QC``, ``Anna:QC Ben:10H``) by their names in ``lang``
    (``Ben D♣``); as it is without a language."""
    if not lang or lang == DEFAULT:
        return text
    from scorekeeper.cards import Card
    from scorekeeper.lang.naming import card_name

    def one(word: str) -> str:
        who, colon, code = word.rpartition(":")
        card = Card.read(code)
        if card is None or card.code != code:
            return word
        return who + colon + card_name(card, lang)

    return " ".join(one(w) for w in text.split(" "))


def section_title(key: str, lang: str = DEFAULT) -> str:
    """A rule set's section as a heading in ``lang``: ``announcements.window`` ->
    ``Ansagen: Zeitpunkte`` (the rule's worded name: the key is the rule set file's, which
    ``--json`` and ``rules show --json`` carry); the key as it is in English, and for a
    section the language file does not name."""
    if lang == DEFAULT:
        return key
    names = language(lang).sections
    parts = key.split(".")
    if parts[0] not in names:
        return key
    return rule_path([names.get(part, part) for part in parts])


def rule_path(parts: Sequence[str]) -> str:
    """A rule's worded parts as a person reads a rule's place: the rule, then where it
    stands (``Trümpfe (Spielarten, Normalspiel)``, ``Zeitpunkte (Ansagen)``), the same in
    every language; never a stack of colons inside a sentence's own colons."""
    *where, rule = parts
    return f"{rule} ({', '.join(where)})" if where else rule


def rule_name(key: str, lang: str = DEFAULT) -> str:
    """A rule set's key as a rule's name in ``lang`` (what a refusal's ``[rule: ...]``
    names): ``options.revoke_penalty`` -> ``Strafe für Nichtbedienen``,
    ``announcements.window.no90`` -> ``keine 90 (Ansagen, Zeitpunkte)``; each part by the
    language file's section, setting, rank or game word, as :func:`rule_path` orders
    them. English keeps the key (what ``--json`` carries); a part no file names stays as
    it is."""
    if lang == DEFAULT:
        return key
    parts = key.split(".")
    if parts[0] == "options" and len(parts) > 1:  # an option's name stands alone (--set)
        parts = parts[1:]
    voc = language(lang)
    named = []
    for part in parts:
        word = voc.sections.get(part) or voc.settings.get(fold(part))
        if word is None and part in voc.ranks:
            word = voc.ranks[part].name
        named.append(word or term(part, lang))
    return rule_path(named)


RULE_TAG = re.compile(r"\[([^\]\[:\n]+): ([A-Za-z_][\w.]*)\]")
"""A refusal's rule in brackets as the catalogues write it (``[Regel: options.x]``)."""


def rule_tags(text: str, lang: str = DEFAULT) -> str:
    """A text's rules in brackets (``[Regel: options.revoke_penalty]``, the label as this
    language's ``cli.rule`` says it) named in ``lang``: ``[Regel: Strafe für
    Nichtbedienen]``; English, and any other bracket, as it is."""
    if lang == DEFAULT or "[" not in text:
        return text
    label = _rule_label(lang)

    def one(found: re.Match[str]) -> str:
        if fold(found.group(1)) != label:
            return found.group(0)
        return f"[{found.group(1)}: {rule_name(found.group(2), lang)}]"

    return RULE_TAG.sub(one, text)


@memo("lang.rule_label", "lang", maxsize=None)
def _rule_label(lang: str) -> str:
    """The word that opens a rule's brackets in ``lang`` (``regel``), folded."""
    from scorekeeper.text import template, translate

    english = template("cli.rule") or "[rule: {rule}]"
    return fold(translate("cli.rule", english, lang).strip("[").partition(":")[0])


def option_name(key: str, lang: str = DEFAULT) -> str:
    """A rule set's option as ``explain`` heads it in ``lang`` (``poverty`` -> ``Armut``);
    the key itself in English and where the language file names it not."""
    if lang == DEFAULT:
        return key
    return language(lang).sections.get(key) or setting_name(key, lang)


def fact_name(key: str, lang: str = DEFAULT) -> str:
    """A quick hand's fact as a table of ``lang`` names it (``re_points`` -> ``Re-Augen``):
    the first of its names in the language file, else its key."""
    names = language(lang).facts.get(key, ())
    return names[0] if names else key


def fact_key(word: str, keys: Iterable[str], lang: str = DEFAULT) -> str:
    """The fact of ``keys`` a word names in ``lang``: its key, or one of its names there
    (``Re-Augen``, ``re augen``, ``RE_AUGEN``: case, spaces, hyphens and underscores
    alike); a word that names none stays as typed (for the game to refuse)."""
    keys = list(keys)
    if word in keys:
        return word
    form = _fact_form(word)
    for key in keys:
        if form == _fact_form(key) or form in map(_fact_form, language(lang).facts.get(key, ())):
            return key
    return word


def _fact_form(word: str) -> str:
    return "".join(fold(word.replace("_", " ")).split())


def setting_name(key: str, lang: str = DEFAULT) -> str:
    """A rule set's setting as ``explain`` names it in ``lang`` (``counted_by`` ->
    ``gezählt nach``; a rank's letter by its name); the key itself in English and where
    the language file names it not (a dotted reference, a word players type)."""
    if lang == DEFAULT:
        return key
    voc = language(lang)
    if (label := voc.settings.get(fold(key))) is not None:
        return label
    return voc.ranks[key].name if key in voc.ranks else key


def setting_value(value: str, lang: str = DEFAULT) -> str:
    """A rule set's value as ``explain`` shows it in ``lang``: a code as the table's word
    (``cards_on_table`` -> ``Karten auf dem Tisch``, ``no90`` -> ``keine 90``), a card,
    rank or suit by its name, a sentence in the table's words; as it is in English."""
    if lang == DEFAULT or not value:
        return value
    voc = language(lang)
    if (word := voc.values.get(fold(value))) is not None:
        return word
    if value in voc.suits:
        return voc.suits[value].name
    rank, marker, rest = value.partition("{")
    if rank in voc.ranks and (not marker or rest == "T}"):
        return voc.ranks[rank].letter + marker + rest
    from scorekeeper.cards import Card
    from scorekeeper.lang.naming import card_name

    if (card := Card.read(value)) is not None and card.code == value:
        return card_name(value, lang)
    if " " in value and value.endswith("."):  # a rule set's own sentence
        from scorekeeper.text import translate

        return translate("explain", value, lang)
    return term(value, lang)


PAIR_MARKS = ("/", "+")
"""How the engine joins two partners' names (``Anna/Carla`` for a Klaverjassen side,
``Anna+Carla`` for a Bierkopf team): shown as the table writes partners (:func:`pair`)."""


def pair(members: Sequence[str], lang: str = DEFAULT) -> str:
    """Two partners as a table of ``lang`` writes them (the language file's ``pair``:
    ``Anna & Carla``); one player, or more than two, joined by ", "."""
    members = [seat_named(m) or m for m in members]  # a seat no one named: Spieler 2
    if len(members) != 2:
        return ", ".join(members)
    return language(lang).pair.format(first=members[0], second=members[1])


def sides_in(text: str, lang: str = DEFAULT) -> str:
    """A text's sides that the engine names by their two players (``Anna/Carla 100``,
    ``Anna+Carla``) as the table writes partners (:func:`pair`: ``Anna & Carla 100``); the
    rest as it is. Only the match's seated players make a pair (:func:`player_names`): a
    path or a sum stays what it is."""
    names = player_names()
    if not names or is_neutral() or not any(mark in text for mark in PAIR_MARKS):
        return text  # --json: the engine's names, as ever

    def one(word: str) -> str:
        core = word.rstrip(",;:.)")
        tail, core = word[len(core) :], core.lstrip("(")
        head = word[: len(word) - len(tail) - len(core)]
        for mark in PAIR_MARKS:
            first, sep, second = core.partition(mark)
            if sep and first in names and second in names:
                return head + pair((first, second), lang) + tail
        return word

    return " ".join(one(word) for word in text.split(" "))
