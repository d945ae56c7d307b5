"""Second person and plurals from the catalogs: the lines the browser draws about the player
themself read "you" in their own wording ("You accuse", "the Rover took all 17 of your cards"),
about another player their name, and counts take their plural form ("Roll 1 die"), with no moment
for a Genie that turns nothing. Rendered by the games' own screen modules in a real page, in
English on a 360 px phone and in Dutch on a laptop, about the viewer (seat 0) and about Bob
(seat 1), with 0, 1 and 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.browser.players import LAPTOP, open_page
from tests.browser.test_calm_table import SMALL_PHONE

RENDER = """async (lang) => {
  const i18n = await import("/static/i18n.js");
  await i18n.loadTexts(lang);
  const names = [i18n.t("you"), "Bob"];
  const spyfall = await import("/static/games/spyfall/screen.js");
  const parts = await import("/static/games/spyfall/spyfall-parts.js");
  const tornado = await import("/static/games/tornado-alert/screen.js");
  const sf = i18n.gameText("spyfall"), ta = i18n.gameText("tornado-alert");
  const av = i18n.gameText("add-vantage"), mt = i18n.gameText("maillot");
  const three = [...names, "Cid"];
  const said = (screen, event, gt) => screen.describeEvent(event, three, gt, null, 0);
  const ending = (result) => parts.endingText(result, three, sf, 0);
  const out = {};
  for (const seat of [0, 1]) {
    const who = seat === 0 ? "you" : "bob";
    const mine = seat === 0;
    out[`accuse ${who}`] = said(spyfall, { kind: "accused", seat, suspect: 2 }, sf);
    out[`vote ${who}`] = sf("accusation_of", { name: names[seat], suspect: "Cid", you: mine });
    out[`voted the spy ${who}`] = ending({ ending: "agent_convicted", suspect: seat, spy: 2 });
    out[`caught ${who}`] = ending({ ending: "spy_convicted", suspect: seat, spy: seat });
    out[`high bid ${who}`] = mt("label.high_bid", { amount: 23, name: names[seat], you: mine });
    for (const n of [0, 1, 2]) {
      out[`rover ${n} ${who}`] = said(tornado, { kind: "rover", seat, lost: n }, ta);
      out[`genie ${n} ${who}`] = said(tornado, { kind: "genie", seat, turned: n }, ta);
    }
  }
  for (const n of [1, 2]) out[`roll ${n}`] = av("action.roll", { count: n });
  out.moments = [0, 1, 2].map((turned) => tornado.isMoment({ kind: "genie", seat: 1, turned }));
  return out;
}"""

EXPECTED = {
    "en": {
        "accuse you": "You stop the clock and accuse Cid of being the spy! Everyone but Cid votes.",
        "accuse bob": "Bob stops the clock and accuses Cid of being the spy! "
        "Everyone but Cid votes.",
        "vote you": "You accuse Cid of being the spy. The clock is stopped.",
        "vote bob": "Bob accuses Cid of being the spy. The clock is stopped.",
        "voted the spy you": "You were voted the spy, but are an agent",
        "voted the spy bob": "Bob was voted the spy, but is an agent",
        "caught you": "You, the spy, were caught",
        "caught bob": "The spy, Bob, was caught",
        "high bid you": "your bid of 23 is the highest",
        "high bid bob": "high bid 23 by Bob",
        "rover 0 you": "The Rover came to you, but you had no cards to take.",
        "rover 1 you": "The Rover took your only card.",
        "rover 2 you": "The Rover took all 2 of your cards.",
        "rover 0 bob": "The Rover came to Bob, who had no cards to take.",
        "rover 1 bob": "The Rover took Bob's only card.",
        "rover 2 bob": "The Rover took all 2 cards of Bob.",
        "genie 0 you": "The Genie came to you, but you had no card face down.",
        "genie 1 you": "The Genie turned one of your cards face up.",
        "genie 2 you": "The Genie turned 2 of your cards face up.",
        "genie 0 bob": "The Genie came to Bob, who had no card face down.",
        "genie 1 bob": "The Genie turned one of Bob's cards face up.",
        "genie 2 bob": "The Genie turned 2 of Bob's cards face up.",
        "roll 1": "Roll 1 die",
        "roll 2": "Roll 2 dice",
        "moments": [False, True, True],
    },
    "nl": {
        "accuse you": "Jij legt de klok stil en beschuldigt Cid de spion te zijn! "
        "Iedereen behalve Cid stemt.",
        "accuse bob": "Bob legt de klok stil en beschuldigt Cid de spion te zijn! "
        "Iedereen behalve Cid stemt.",
        "vote you": "Jij beschuldigt Cid de spion te zijn. De klok staat stil.",
        "vote bob": "Bob beschuldigt Cid de spion te zijn. De klok staat stil.",
        "voted the spy you": "Jij werd als spion aangewezen, maar bent een agent",
        "voted the spy bob": "Bob werd als spion aangewezen, maar is een agent",
        "caught you": "Jij, de spion, werd ontmaskerd",
        "caught bob": "De spion, Bob, werd ontmaskerd",
        "high bid you": "jouw bod van 23 is het hoogste",
        "high bid bob": "hoogste bod 23 door Bob",
        "rover 0 you": "De rover kwam bij jou, maar je had geen kaarten om te nemen.",
        "rover 1 you": "De rover nam je enige kaart.",
        "rover 2 you": "De rover nam al je 2 kaarten.",
        "rover 0 bob": "De rover kwam bij Bob, die geen kaarten had om te nemen.",
        "rover 1 bob": "De rover nam de enige kaart van Bob.",
        "rover 2 bob": "De rover nam alle 2 kaarten van Bob.",
        "genie 0 you": "De genie kwam bij jou, maar je had geen gedekte kaart.",
        "genie 1 you": "De genie draaide een van jouw kaarten weer om.",
        "genie 2 you": "De genie draaide 2 van jouw kaarten weer om.",
        "genie 0 bob": "De genie kwam bij Bob, die geen gedekte kaart had.",
        "genie 1 bob": "De genie draaide een kaart van Bob weer om.",
        "genie 2 bob": "De genie draaide 2 kaarten van Bob weer om.",
        "roll 1": "Gooi 1 dobbelsteen",
        "roll 2": "Gooi 2 dobbelstenen",
        "moments": [False, True, True],
    },
}


@pytest.mark.parametrize(
    ("lang", "size"), [("en", SMALL_PHONE), ("nl", LAPTOP)], ids=["en-phone", "nl-laptop"]
)
def test_second_person_and_plurals_from_the_catalogs(
    browser: Browser, server_url: str, output: Path, lang: str, size: object
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)  # type: ignore[arg-type]
    page.goto(server_url)
    rendered = page.evaluate(RENDER, lang)
    assert rendered == EXPECTED[lang]
    assert errors == []
