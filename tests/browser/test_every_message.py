"""Every player-facing message of every catalog the browser reads (each game's, each screen's,
the shell's and the engine's), rendered by the browser's own lookup (`i18n.js`) in English and in
Dutch: about the viewer ("you") and about another player (a name), and with the counts 0, 1 and 2.
What a reader would trip over fails: the viewer's word capitalised mid-sentence ("Cid asks You"),
a verb or a form for someone else after "you" ("You asks", "Jij is", "van Jij", "You's"), a count
and its noun that disagree ("1 cards", "2 kaart"), and news of nothing ("turned 0 cards"). The
server's own messages name people by their names (and have `_you` forms of their own), so they
are rendered with names and counts only."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.browser.players import LAPTOP, open_page
from tests.browser.test_calm_table import SMALL_PHONE

# The fields that name a person; where a message uses one of these names for a thing, it is
# listed below.
PEOPLE = [
    "name",
    "names",
    "to",
    "suspect",
    "spy",
    "asker",
    "player",
    "seller",
    "opponent",
    "winners",
    "lead",
]
NOT_PEOPLE = {
    # A card, a location or a bank's location by its name.
    "tornado-alert": {
        "card",
        "card.tornado",
        "explain.place",
        "explain.tornado",
        "explain.face_down",
    },
    "spyfall": {
        "input.no_location",
        "input.which_location",
        "own.named_twice",
        "own.words_too_long",
        "own.too_many_roles",
        "own.role_twice",
    },
    # Maillot's lead is a number of steps; Tony & Tino's spy is a point the spy stands on.
    "maillot": {"*lead"},
    "tony-tino": {"*spy"},
}
# A message that is never about its reader in that place (the reason beside it), so it has no
# wording about "you" for it.
NEVER_YOU = {
    "spyfall": {
        "action.vote_yes": "suspect",  # the suspect does not vote
        "action.vote_no": "suspect",
        "accusation_of_you": "name",  # the accuser accuses the reader, not themself
        "no_asking_back": "player",  # the player who just asked the reader
        "hint.ask_not_back": "name",
        "hint.vote": "suspect",
    },
    "tony-tino": {"prompt.raid": "name"},  # it asks the other player whether to raid
    "liars-dice": {
        "action.call": "name",  # nobody calls their own bid
        "explain.hidden_die": "name",  # one's own dice are not hidden from one
    },
    "add-vantage": {"end.full": "names"},  # the reader's own board full is end.full_you
}
# Counted news whose count is never 0 (the reason beside it).
NEVER_ZERO = {
    "maillot": {"event.polka"},  # a mountain is worth 1 or more
    "liars-dice": {  # a bid is of one die or more; a player without dice is out
        "event.roll.hidden",
        "event.bid",
        "event.reveal_holds",
        "event.reveal_lie",
    },
}
# News of nothing has a wording of its own: "key_none" ("the Rover came to you, but ...") or
# "key_last" ("lost their last die").
NOTHING = ("_none", "_last")
COUNTS = ["count", "n"]

RENDER = """async ([lang, people, counts, notPeople]) => {
  const i18n = await import("/static/i18n.js");
  await i18n.loadTexts(lang);
  const all = await (await fetch(`/api/text/${lang}`)).json();
  const you = i18n.t("you");
  const groups = [["web", all.web, i18n.t], ["engine", all.engine, i18n.t]];
  for (const kind of ["games", "screens"]) {
    for (const [id, table] of Object.entries(all[kind])) {
      groups.push([id, table, i18n.gameText(id)]);
    }
  }
  groups.push(["server", all.server, null]);
  const out = [], known = {};
  const base = (key) => key.split("#")[0];
  for (const [group, table, say] of groups) {
    known[group] = [...(known[group] ?? []), ...Object.keys(table)];
    const skip = notPeople[group] || [];
    const keys = new Set(Object.keys(table).map(base).filter((key) => !/\\.you(\\.|$)/.test(key)));
    const plural = (key, params) => {
      const category = new Intl.PluralRules(lang).select(params.count ?? params.n ?? 2);
      return table[`${key}#${category}`] ?? table[key];
    };
    const render = say ?? ((key, params) => i18n.format(plural(key, params), params));
    for (const key of keys) {
      const templates = Object.entries(table).filter(([k]) => base(k) === key).map(([, v]) => v);
      const found = [...templates.join(" ").matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1]);
      const fields = [...new Set(found)];
      const person = (f) => people.includes(f) && !skip.includes(key) && !skip.includes(`*${f}`);
      const persons = fields.filter(person);
      const filler = (f) => (persons.includes(f) ? "Cid" : counts.includes(f) ? 2 : `‹${f}›`);
      const named = Object.fromEntries(fields.map((f) => [f, filler(f)]));
      const add = (about, params) => out.push({ group, key, about, text: render(key, params) });
      add("name", named);
      if (say) for (const f of persons) add(`you as ${f}`, { ...named, [f]: you });
      for (const f of fields.filter((f) => counts.includes(f))) {
        for (const n of [0, 1, 2]) add(`${f}=${n}`, { ...named, [f]: n });
      }
    }
  }
  return { out, keys: known };
}"""

NOUNS = {
    "en": {
        "card": "cards",
        "point": "points",
        "die": "dice",
        "player": "players",
        "jersey": "jerseys",
        "token": "tokens",
        "coin": "coins",
        "second": "seconds",
        "minute": "minutes",
        "round": "rounds",
        "vote": "votes",
        "question": "questions",
        "square": "squares",
        "step": "steps",
        "seat": "seats",
        "game": "games",
        "character": "characters",
        "tile": "tiles",
        "move": "moves",
        "domestique": "domestiques",
        "energy": "energies",
        "polka-dot jersey": "polka-dot jerseys",
    },
    "nl": {
        "kaart": "kaarten",
        "punt": "punten",
        "dobbelsteen": "dobbelstenen",
        "speler": "spelers",
        "trui": "truien",
        "fiche": "fiches",
        "muntje": "muntjes",
        "seconde": "seconden",
        "minuut": "minuten",
        "ronde": "rondes",
        "stem": "stemmen",
        "vraag": "vragen",
        "vakje": "vakjes",
        "stap": "stappen",
        "plaats": "plaatsen",
        "spel": "spellen",
        "teken": "tekens",
        "tegel": "tegels",
        "zet": "zetten",
        "knecht": "knechten",
        "bolletjestrui": "bolletjestruien",
    },
}
MID = r"(?<!^)(?<![.!?:]\s)(?<![.!?:]\s\s)\b"
WRONG_ABOUT_YOU = {
    "en": [
        MID + r"You\b",  # the viewer's word capitalised mid-sentence
        r"\b[Yy]ou's\b",  # "You's cards"
        r"(?<!but )\b[Yy]ou (is|was|has|does|[a-z]+[^s\W]s)\b",  # "You asks", "you is"
        r"\b([Ii]s|[Hh]as) you\b",  # "is you the spy?"
    ],
    "nl": [
        MID + r"Jij\b",
        r"\b[Jj]ij('s|\b(is|heeft|kan|zal|wil)\b)",  # "Jij's kaarten", "jij is"
        r"\b(van|aan|door|voor|bij|met|op|behalve|naar|om|tegen) jij\b",  # not the object's form
        r"(\b(tot|dat|omdat|terwijl|en)|;) jou\b",  # "jou" where it is the subject
        r"\b([Ii]s|[Ww]as|[Hh]eeft|[Ww]ordt) jou\b",  # "is jou de spion?"
    ],
}


def trips(lang: str, row: dict[str, str], keys: set[str]) -> list[str]:
    """What a reader would trip over in one rendering of a message."""
    group, key, about, text = row["group"], row["key"], row["about"], row["text"]
    found = []
    if about.startswith("you as") and NEVER_YOU.get(group, {}).get(key) != about[7:]:
        found += [rule for rule in WRONG_ABOUT_YOU[lang] if re.search(rule, text)]
    for single, plural in NOUNS[lang].items():
        if re.search(rf"(?<!\S)1 {re.escape(plural)}\b", text):
            found.append(f"1 {plural}")
        if re.search(rf"(?<!\S)[02] {re.escape(single)}\b", text):
            found.append(f"n {single}")
    if (
        about.endswith("=0")
        and key.startswith("event.")
        and key not in NEVER_ZERO.get(group, set())
        and not any(key + ending in keys for ending in NOTHING)
        and re.search(r"\b0 \w", text)
    ):
        found.append("news of nothing")
    return found


def rendered(browser: Browser, url: str, size: ViewportSize) -> dict[str, list[dict[str, str]]]:
    """Every message rendered in each language, the rows of `trips` and, per group, its keys."""
    errors: list[str] = []
    page = open_page(browser, size, errors)
    page.goto(url)
    not_people = {group: sorted(keys) for group, keys in NOT_PEOPLE.items()}
    out = {}
    for lang in NOUNS:
        result = page.evaluate(RENDER, [lang, PEOPLE, COUNTS, not_people])
        keys = {group: set(found) for group, found in result["keys"].items()}
        out[lang] = [
            {**row, "trips": trips(lang, row, keys[row["group"]])} for row in result["out"]
        ]
    page.context.close()
    assert errors == []
    return out


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_every_message_reads_right_about_you_and_others_and_counts(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    rows = rendered(browser, server_url, size)
    (output / "messages.json").write_text(json.dumps(rows, ensure_ascii=False, indent=1))
    for lang in NOUNS:
        # Every catalog is there, in both languages: a message about the reader in Dutch too.
        groups = {row["group"] for row in rows[lang]}
        assert {"web", "engine", "server", "spyfall", "tornado-alert", "maillot"} <= groups
        assert any(row["about"] == "you as suspect" for row in rows[lang])
        assert any(row["about"] == "count=0" for row in rows[lang])
        wrong = [
            f"{row['group']} {row['key']} ({row['about']}): {row['text']} {row['trips']}"
            for row in rows[lang]
            if row["trips"]
        ]
        assert wrong == [], "\n".join(wrong)


def test_the_rules_catch_what_they_are_for() -> None:
    """Each rule fails on the line the issue names (a rule that cannot fail tests nothing)."""
    you = {"group": "g", "key": "event.x", "about": "you as name"}
    assert trips("en", {**you, "text": "Cid asks You: where?"}, set())
    assert trips("en", {**you, "text": "You accuses Cid."}, set())
    assert trips("en", {**you, "text": "Vote: is you the spy?"}, set())
    assert trips("nl", {**you, "text": "De rover nam de kaarten van Jij."}, set())
    assert trips("nl", {**you, "text": "Wachten tot jou deelt."}, set())
    assert not trips("en", {**you, "text": "Everyone but you votes."}, set())
    assert not trips("nl", {**you, "text": "Jij stemt ja. Iedereen behalve jou stemt."}, set())
    counted = {"group": "g", "key": "event.genie", "about": "count=0"}
    assert trips("en", {**counted, "text": "The Genie turned 0 cards."}, set()) == [
        "news of nothing"
    ]
    assert not trips("en", {**counted, "text": "The Genie turned 0 cards."}, {"event.genie_none"})
    assert trips("en", {**counted, "about": "count=1", "text": "Roll 1 dice"}, set()) == ["1 dice"]
    assert trips("nl", {**counted, "about": "count=2", "text": "Gooi 2 dobbelsteen"}, set())
