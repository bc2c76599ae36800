"""The live sheet's page: one HTML document per phone, its live part made anew on each
change and sent over the page's stream.

Every word comes from the catalogue (``scorekeeper.text.serve`` and the sheet's), every
name and text a person typed goes through :func:`html.escape`; the sheet itself is the
HTML export's: its page data drawn by its templates (``scorekeeper.view.templates``). No file is read to answer a page: the
style and the script are here, inline.
"""

from __future__ import annotations

import json
from html import escape
from typing import TYPE_CHECKING, Any

from scorekeeper.serve.live import FOLLOW
from scorekeeper.text import language
from scorekeeper.view import templates
from scorekeeper.view.page import page_data
from scorekeeper.view.sheet import build, column_scores, columns_of
from scorekeeper.view.words import SUIT_SYMBOLS, cards, say, term

if TYPE_CHECKING:
    from scorekeeper.hand import Hand
    from scorekeeper.serve.live import State

SHEET_ROWS = 30
RED = ("H", "D")

STYLE = """
:root { color-scheme: light; }
body { font: 20px/1.35 system-ui, sans-serif; margin: 0; padding: .5em .6em 3em; color: #111;
  background: #f6f5f0; max-width: 48em; margin-inline: auto; }
h1 { font-size: 1.15em; margin: .2em 0 .4em; }
h2 { font-size: .95em; margin: 1em 0 .3em; color: #444; }
section { background: #fff; border-radius: .5em; padding: .5em .7em; margin: .5em 0; }
.turn { font-size: 1.5em; font-weight: 700; }
.turn.wait { font-size: 1.05em; }
.cards { display: flex; flex-wrap: wrap; gap: .4em; list-style: none; padding: 0; margin: .2em 0; }
.cards li { text-align: center; min-width: 3.2em; }
.who { display: block; font-size: .75em; color: #555; overflow-wrap: anywhere; }
.card { display: inline-block; font-size: 1.6em; font-weight: 700; border: 2px solid #333;
  border-radius: .25em; padding: .05em .25em; background: #fff; color: #111; min-width: 1.8em; }
.card.red, .red { color: #c8102e; }
ul.plain { list-style: none; padding: 0; margin: 0; }
ul.plain li { padding: .15em 0; overflow-wrap: anywhere; }
table.totals { width: 100%; border-collapse: collapse; font-size: 1.2em; }
table.totals td { padding: .15em .2em; overflow-wrap: anywhere; }
table.totals td.num { text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
ul.value { margin: 0; padding: 0; list-style: none; }
ul.value li { padding: .1em 0; overflow-wrap: anywhere; }
ul.value li.after { font-style: italic; color: #444; }
details.sheet { background: #fff; border-radius: .5em; padding: .5em .7em; }
details.sheet .wide { overflow-x: auto; }
table.sheet { font-size: .8em; }
#link { position: sticky; top: 0; padding: .3em .6em; border-radius: .4em; font-size: .8em;
  background: #2e7d32; color: #fff; z-index: 2; }
#link.off { background: #b00020; }
nav.langs a { margin-right: .6em; }
.controls button { font: inherit; font-size: 1.1em; padding: .35em .5em; margin: .15em;
  border-radius: .35em; border: 2px solid #333; background: #fff; min-width: 2.6em; }
.controls button.card { font-size: 1.4em; }
.controls button.legal { border-color: #2e7d32; box-shadow: 0 0 0 2px #a5d6a7; }
.controls button:disabled { opacity: .35; }
#answer { font-weight: 600; }
#answer.refused { color: #b00020; }
form.referee input { font: inherit; width: 100%; box-sizing: border-box; }
form.referee button { font: inherit; margin-top: .3em; }
.over { font-weight: 700; }
form.quick .fact { display: block; margin: .5em 0; border: 0; padding: 0; }
form.quick .fact > span, form.quick legend { display: block; font-size: .85em; color: #333; }
form.quick input, form.quick select, form.quick textarea { font: inherit; width: 100%;
  box-sizing: border-box; padding: .2em; }
form.quick label.pick { display: inline-block; margin: .2em .8em .2em 0; }
form.quick label.pick input { width: auto; transform: scale(1.4); margin-right: .4em; }
form.quick .bad { outline: 3px solid #b00020; }
form.quick button { font: inherit; margin-top: .4em; padding: .35em .8em; }
[hidden] { display: none !important; }
"""


def card_html(code: str, tag: str = "span", extra: str = "") -> str:
    """A card as the page shows it: its rank in the page's language and its suit's symbol,
    hearts and diamonds in red."""
    suit = code[-1:]
    named = cards(code)
    shown = named if named != code else code[:-1] + SUIT_SYMBOLS.get(suit, suit)
    cls = "card red" if suit in RED else "card"
    return f'<{tag} class="{cls}"{extra}>{escape(shown)}</{tag}>'


def live(state: State, lang: str, scorer: bool) -> str:
    """The live part of the page: the hand on the table, the totals, the last hand's
    value, the progress, the sheet and its chart (with the scorer's controls for the
    scorer). The sheet is the HTML export's: the same page data
    (:func:`scorekeeper.view.page.page_data`) drawn by the same templates."""
    version = escape(state.version, quote=True)
    if state.session is None:
        problem = escape(state.problem or "")
        return f'<div id="state" data-version="{version}"><section>{problem}</section></div>'
    session = state.session
    match = session.match
    hand = session.current_hand()
    data = page_data(build(match, lang, SHEET_ROWS))
    quick = "1" if match.open_hand is None and not match.over() else "0"
    out = [
        f'<div id="state" data-version="{version}" data-quick="{quick}">',
        f"<h1>{templates.text(data['title'])}</h1>",
    ]
    out += _hand(match, hand)
    if scorer:
        out += _controls(hand)
    out += _totals(
        data, toward_target=match.rules.spec.sheet.progress == "target" and not match.over()
    )
    out += _last_value(match)
    out.append(
        f'<details class="sheet"><summary>{escape(say("serve.sheet"))}</summary>'
        f"{templates.sheet_table(data)}{templates.figure(data)}</details>"
    )
    out.append("</div>")
    return "\n".join(out)


def _hand(match: Any, hand: Hand) -> list[str]:
    from scorekeeper.table.bar import hand_count, round_count

    over = match.over()
    if over:
        return [f'<section class="over">{escape(say("sheet.over"))} {escape(over)}</section>']
    number, of = hand_count(match, hand.number)
    if of and number != hand.number:
        head = round_count(number, of, hand.number)
    else:
        head = (
            say("serve.hand_of", number=number, total=of)
            if of
            else say("serve.hand", number=number)
        )
    out = [
        "<section>",
        f"<div>{escape(head)} · {escape(say('serve.dealer', dealer=hand.dealer))}</div>",
    ]
    if hand.to_play() is not None or hand.finished:  # else what it waits for says it
        out.append(f"<div>{escape(say('serve.game', game=term(hand.contract.name)))}</div>")
    out += _who_acts(hand)
    out.append("</section>")
    out += _trick(hand)
    out += _said(match, hand)
    out += _sides(match, hand)
    return out


def _who_acts(hand: Hand) -> list[str]:
    player = hand.to_play()
    if player is not None:
        return [f'<div class="turn">{escape(say("serve.to_play", player=player))}</div>']
    if hand.finished:
        return []
    # what the hand waits for (a bid, a declaration): a sentence, not a name in big type
    waits = begun(hand.game.why_not_ready(), hand.players)
    return [f'<div class="turn wait">{escape(waits)}</div>']


def begun(line: str, names: list[str]) -> str:
    """A sentence on a line of its own begins with a capital ('Er is nog geen troef
    gekozen'), as the engine's words inside another sentence do not; a player's name
    stays as it was typed ('anna passt'). (A hand's value reads as the terminal's.)"""
    if any(line.startswith(name) for name in names):
        return line
    return line[:1].upper() + line[1:]


def _trick(hand: Hand) -> list[str]:
    trick = hand.current_trick
    if trick is None or not trick.plays:
        done = hand.completed_tricks()
        if not done:
            return []
        trick = done[-1]
        title = say("serve.last_trick", number=trick.number, winner=trick.winner or "")
    else:
        title = say("serve.trick", number=trick.number)
    items = [
        f'<li><span class="who">{escape(p.player)}</span>{card_html(p.card.code)}</li>'
        for p in trick.plays
    ]
    return [
        f'<section class="trick"><h2>{escape(title)}</h2><ul class="cards">',
        *items,
        "</ul></section>",
    ]


def _said(match: Any, hand: Hand) -> list[str]:
    said = [s for s in hand.game.said() if not getattr(s, "implied", False)]
    if not said:
        return []
    items = [f"<li>{templates.text(says(s.player, str(s.kind)))}</li>" for s in said]
    return [
        f'<section class="said"><h2>{escape(say("serve.said"))}</h2><ul class="plain">',
        *items,
        "</ul></section>",
    ]


SAYS = frozenset(
    {
        "call", "alone", "knock", "double", "pass", "accept", "decline", "trump", "turnup",
        "bottom", "exchange", "sequence", "bella", "decline_roem",
    }
)  # fmt: skip
"""Verbs the page words as a sentence of their own (``Anna ruft A♣``, ``Ben passt``)."""
SAYS_AS = {"name": "trump", "upturn": "turnup"}
"""Verbs worded as another's sentence (Klaberjass names a trump, Klaverjassen's upturn)."""
ANNOUNCED = frozenset(
    {"re", "contra", "no90", "no60", "no30", "black", "wedding", "piglets", "poverty",
     "fivenines", "solo"}
)  # fmt: skip
"""Doppelkopf's words announced (``Anna sagt Re an``)."""


def says(player: str, text: str) -> str:
    """What ``player`` says (``call AC``, ``pass``, ``re``) as the page's language words
    it: a sentence in the third person for a verb (``Anna ruft A♣``, ``Ben passt``,
    ``Carla sagt Re an``), else the words after a colon; never the infinitive a table
    types (``rufen``)."""
    verb, _, rest = text.partition(" ")
    verb = SAYS_AS.get(verb, verb)
    if verb in SAYS:
        return say(f"serve.says.{verb}", player=player, what=worded(rest))
    if verb in ANNOUNCED:
        if language.current() == language.ENGLISH:  # the English word: 'no 90', not no90
            from scorekeeper.lang import language as words

            text = words(language.ENGLISH).words.get(text, text)
        return say("serve.says.announce", player=player, what=worded(text))
    return say("serve.says", player=player, what=worded(text))


def worded(text: str) -> str:
    """What a player says (``re``, ``trump hearts``, ``bottom 7H``) as the page's language
    words it for reading (``Re``, ``Trumpf Herz``, ``unten 7♥``): the view's terms, cards
    by their names; the match file's codes never reach a German or Dutch page."""
    return cards(term(text))


def _sides(match: Any, hand: Hand) -> list[str]:
    """Who plays with whom as the table knows it, never from a recorded deal (which the
    players do not see): Doppelkopf's Re and Kontra once the record shows them, with their
    card points once both are known (the view's ``sides_data``, as the terminal says them);
    fixed pairs where teams play (the sheet's team columns)."""
    from scorekeeper.lang import game_word
    from scorekeeper.view.sides import sides_data, sides_lines

    lang = language.current()
    lines = sides_lines(sides_data(hand), lambda key: game_word(key, lang))
    if not lines:
        lines = [" + ".join(c.members) for c in columns_of(match) if len(c.members) > 1]
    if not lines:
        return []
    items = [f"<li>{templates.text(line)}</li>" for line in lines]
    return [
        f'<section class="sides"><h2>{escape(say("serve.sides"))}</h2><ul class="plain">',
        *items,
        "</ul></section>",
    ]


def _totals(data: dict[str, Any], *, toward_target: bool) -> list[str]:
    """Each column's total in big type (the sheet's own, from its page data), then, in a
    match played to a target, the leader's way there as the export says it. A match of
    so many hands says how far it is once, at the top, as the terminal's status line
    does (``Hand 4 of 24``): not a second count beside it in other words."""
    names = [h["text"] for h in data["headers"] if h["num"]][1:]  # the columns, not "#"
    rows = [
        f'<tr><td>{templates.text(name)}</td><td class="num">{total}</td></tr>'
        for name, total in zip(names, data["totals"], strict=True)
    ]
    return [
        f'<section class="totals-box"><h2>{escape(say("serve.totals"))}</h2>',
        '<table class="totals">',
        *rows,
        "</table>",
        templates.summary(data, ("progress",)) if toward_target else "",
        "</section>",
    ]


def _last_value(match: Any) -> list[str]:
    """The last finished hand's value item by item, as the terminal shows it (the view's
    :func:`~scorekeeper.view.value.value_rows`: the points added after the doubling on a
    line of their own), each line worded in the page's language; then what each of the
    sheet's columns got (a team's pair where teams play, as the terminal counts them)."""
    from scorekeeper.view.value import value_rows

    finished = next((mh for mh in reversed(match.hands) if mh.result is not None), None)
    if finished is None:
        return []
    items = [
        f'<li class="{"item" if rule else "after"}">{templates.text(line)}</li>'
        for line, rule in value_rows(finished.result.items)
    ]
    # what each column of the sheet got, per team where teams play (as the terminal says)
    scores = column_scores(match, finished.result.scores)
    # a name and its points stay on one line on a phone ('Dirk +0', never 'Dirk' / '+0')
    scores_line = ", ".join(f"{name}\u00a0{points:+d}" for name, points in scores.items())
    return [
        f'<section class="value"><h2>{escape(say("serve.last_value", number=finished.number))}'
        "</h2>",
        '<ul class="value">',
        *items,
        "</ul>",
        f"<div>{templates.text(scores_line)}</div></section>",
    ]


def _controls(hand: Hand) -> list[str]:
    """The scorer's buttons: the engine's legal actions now, cards first, then undo."""
    actions = [] if hand.finished else hand.legal_actions()
    plays = [a for a in actions if a.is_play and a.card is not None]
    said = [a for a in actions if not a.is_play]
    out = [f'<section class="controls"><h2>{escape(say("serve.record"))}</h2>']
    if plays:
        out.append('<div class="plays">')
        for a in plays:
            assert a.card is not None
            act = escape(a.text, quote=True)
            out.append(
                card_html(a.card.code, "button", f' data-act="{act}"').replace(
                    'class="card', 'class="legal card', 1
                )
            )
        out.append("</div>")
    if said:
        out.append('<div class="said">')
        for a in said:
            words = says(a.actor, " ".join((a.verb, *a.args)))
            act = escape(a.text, quote=True)  # the words escaped, hearts and diamonds red
            out.append(f'<button data-act="{act}">{templates.text(words)}</button>')
        out.append("</div>")
    out.append(
        f'<div class="corrections"><button data-undo="1">{escape(say("serve.undo"))}</button>'
        f'<button data-redo="1">{escape(say("serve.redo"))}</button></div>'
    )
    out.append(f'<div><button data-handover="1">{escape(say("serve.handover"))}</button></div>')
    out.append("</section>")
    return out


def document(
    key: str, lang: str, body: str, *, scorer: bool, csrf: str = "", quick: str = ""
) -> str:
    """The whole page: the live part as it is now, the language links, the scorer's quick
    hand form (``quick``, shown while no hand is open), the referee's form and the script
    that keeps the live part up to date."""
    links = " ".join(
        f'<a href="?lang={code}" hreflang="{code}">{code.upper()}</a>'
        for code in language.LANGUAGES
    )
    config = json.dumps({"key": key, "lang": lang, "csrf": csrf, "scorer": scorer})
    texts = json.dumps(
        {
            "on": say("serve.connected"),
            "off": say("serve.disconnected"),
            "stale": say("serve.stale"),
        }
    )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(lang)}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="referrer" content="no-referrer">',
            f"<title>{escape(say('serve.page_title'))}</title>",
            f"<style>{templates.STYLE}{STYLE}</style></head><body>",
            f'<div id="link" class="off" role="status">{escape(say("serve.connecting"))}</div>',
            f'<nav class="langs">{links}</nav>',
            f'<main id="live">{body}</main>',
            '<p id="answer" role="alert"></p><div id="handover"></div>',
            quick,
            _referee_form(),
            f'<script id="config" type="application/json">{_script_safe(config)}</script>',
            f'<script id="texts" type="application/json">{_script_safe(texts)}</script>',
            f"<script>{FOLLOW}{SCRIPT}</script>",
            "</body></html>",
        ]
    )


def quick_form(state: State) -> str:
    """The scorer's form for a quick hand: one field for each fact this game, variant and
    table size takes (the family's ``asked_keys``, the table session's questions), then
    what was said; words in the page's language, values as the match file writes them
    (players, the fact's choices, yes or no) or as typed, read in the page's language."""
    if state.session is None:
        return ""
    match = state.session.match
    from scorekeeper.games import family_for

    keys = family_for(match.rules).asked_keys(match.rules)
    fields = [_fact_field(name, key, match.players) for name, key in keys.items()]
    said = (
        f'<label class="fact"><span>{escape(say("serve.quick.said"))}</span>'
        '<textarea name="said" rows="2" autocomplete="off" spellcheck="false"></textarea></label>'
    )
    return "\n".join(
        [
            '<section class="quick" id="quick-box" hidden>',
            f"<details><summary>{escape(say('serve.quick.title'))}</summary>",
            '<form id="quick" class="quick" autocomplete="off">',
            *fields,
            said,
            f'<button type="submit">{escape(say("serve.quick.record"))}</button>',
            "</form></details></section>",
        ]
    )


def _fact_field(name: str, key: Any, players: list[str]) -> str:
    """One fact's field: a choice of players, of the fact's words or of yes and no where
    the fact takes one of them, else a box to type in (a number where it is one)."""
    from scorekeeper.lang import language as words_of

    label = f"<span>{escape(key.help)}</span>"
    field = escape(name, quote=True)
    if key.kind == "list" and key.names == "word":
        boxes = "".join(
            f'<label class="pick"><input type="checkbox" name="{field}"'
            f' value="{escape(p, quote=True)}">{escape(p)}</label>'
            for p in players
        )
        legend = f"<legend>{escape(key.help)}</legend>"
        return f'<fieldset class="fact" data-fact="{field}">{legend}{boxes}</fieldset>'
    options: list[tuple[str, str]] = []
    if key.kind == "bool":
        voc = words_of(language.current())
        options = [("yes", (voc.yes or ("yes",))[0]), ("no", (voc.no or ("no",))[0])]
    elif key.choices:
        options = [(c, term(c)) for c in key.choices]
    elif key.kind == "word" and key.names == "word":
        options = [(p, p) for p in players]
    if options:
        choices = "".join(
            f'<option value="{escape(v, quote=True)}">{escape(shown)}</option>'
            for v, shown in [("", "–"), *options]
        )
        return f'<label class="fact">{label}<select name="{field}">{choices}</select></label>'
    kind = ' type="number" inputmode="numeric"' if key.kind == "int" else ""
    return f'<label class="fact">{label}<input name="{field}"{kind} spellcheck="false"></label>'


def _script_safe(text: str) -> str:
    """JSON inside a script element: no ``</script>`` or comment opener can end it."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _referee_form() -> str:
    return (
        '<section><h2>{title}</h2><form class="referee" id="referee">'
        '<label>{label}<input name="hand" autocomplete="off" autocapitalize="characters"'
        ' spellcheck="false" placeholder="{example}"></label>'
        '<button type="submit">{ask}</button></form>'
        '<div id="ruling" aria-live="polite"></div></section>'
    ).format(
        title=escape(say("serve.referee.title")),
        label=escape(say("serve.referee.hand")),
        ask=escape(say("serve.referee.ask")),
        example=escape(cards("QC 10H AD 9S"), quote=True),
    )


SCRIPT = r"""
(function () {
  var config = JSON.parse(document.getElementById("config").textContent);
  var texts = JSON.parse(document.getElementById("texts").textContent);
  var link = document.getElementById("link");
  var live = document.getElementById("live");
  var answer = document.getElementById("answer");
  var base = "/" + config.key + "/";
  function quickShown() {
    var box = document.getElementById("quick-box");
    var state = document.getElementById("state");
    if (box) { box.hidden = !(state && state.getAttribute("data-quick") === "1"); }
  }
  var quick = document.getElementById("quick");
  if (quick) {
    quick.addEventListener("submit", function (e) {
      e.preventDefault();
      var facts = {}, form = new FormData(quick);
      form.forEach(function (value, name) {
        if (name === "said" || !String(value).trim()) { return; }
        facts[name] = facts[name] ? facts[name] + "," + value : String(value);
      });
      var told = String(form.get("said") || "");
      post("quick", {version: version(), lang: config.lang, facts: facts, said: told})
        .then(function (d) {
          said(d);
          var bad = quick.querySelector(".bad");
          if (bad) { bad.classList.remove("bad"); }
          if (d.status === 200) { quick.reset(); return; }
          var field = d.field && quick.querySelector("[name='" + d.field + "']");
          if (field) { field.closest(".fact").classList.add("bad"); field.focus(); }
        });
    });
  }
  function version() {
    var state = document.getElementById("state");
    return state ? state.getAttribute("data-version") : "";
  }
  function post(path, body) {
    return fetch(base + path, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": config.csrf},
      body: JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (d) { d.status = r.status; return d; }); });
  }
  function said(d) {
    answer.textContent = (d.message || "") + (d.why ? " " + d.why : "");
    answer.className = d.status === 200 ? "" : "refused";
  }
  live.addEventListener("click", function (e) {
    var button = e.target.closest("button");
    if (!button || !config.scorer) { return; }
    var act = button.getAttribute("data-act");
    var body = {version: version(), lang: config.lang};
    if (act) { body.action = act; post("act", body).then(said); }
    else if (button.hasAttribute("data-undo")) { post("undo", body).then(said); }
    else if (button.hasAttribute("data-redo")) { post("redo", body).then(said); }
    else if (button.hasAttribute("data-handover")) {
      post("handover", body).then(function (d) {
        said(d);
        var out = document.getElementById("handover");
        out.innerHTML = d.qr || "";
        var link = document.createElement("p"); link.textContent = d.url || "";
        out.appendChild(link);
      });
    }
  });
  document.getElementById("referee").addEventListener("submit", function (e) {
    e.preventDefault();
    var hand = e.target.elements.hand.value;
    post("referee", {hand: hand, lang: config.lang}).then(function (d) {
      var out = document.getElementById("ruling");
      out.textContent = "";
      (d.lines || [(d.message || "") + (d.why ? " " + d.why : "")]).forEach(function (line) {
        var p = document.createElement("p"); p.textContent = line; out.appendChild(p);
      });
    });
  });
  follow(base + "events?lang=" + config.lang, texts, function (data) {
    renew(live, data.html);
    quickShown();
  });
})();
"""
