"""At the table, calm and never stale: a full Spyfall round on phones (360×740) and a laptop
(1366×768). A banner lasts its time from when it came whatever states follow, reads in the
language the player switches to, says its news once and covers neither of the two event lines; a
refusal says it closes on a tap and covers no button; and once the next round is dealt, nothing
of the first (banner, notice, round panel, chat) is on any screen.

The pages' clocks are Playwright's: after the first question they stand still and move only by
hand (`settle`, a fifth of a second, lets the page draw), so a banner's or notice's time runs out
only when the test says so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page, take_seat
from tests.browser.test_spyfall import read_cards

pytestmark = pytest.mark.timeout(180)

SMALL_PHONE = ViewportSize(width=360, height=740)
BANNER_MS = 4000  # moments.js
SETTLE_MS = 200


def settle(pages: list[Page]) -> None:
    for page in pages:
        page.clock.run_for(SETTLE_MS)


def stand_still(pages: list[Page]) -> None:
    for page in pages:
        # Playwright reads a number here as seconds since the epoch. A moment ahead: the page's
        # clock runs on while the call travels (on a loaded machine 50 ms was in the past).
        page.clock.pause_at((page.evaluate("Date.now()") + 500) / 1000)


def boxes_apart(a: Locator, b: Locator) -> bool:
    one, two = a.bounding_box(), b.bounding_box()
    assert one is not None and two is not None
    return (
        one["y"] + one["height"] <= two["y"] + 0.5
        or two["y"] + two["height"] <= one["y"] + 0.5
        or one["x"] + one["width"] <= two["x"] + 0.5
        or two["x"] + two["width"] <= one["x"] + 0.5
    )


# The buttons in view whose middle is covered by something that is not part of them.
COVERED_BUTTONS = """() => [...document.querySelectorAll("button, a.button")].filter((el) => {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height || box.bottom < 0 || box.top > innerHeight) return false;
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) return false;
  const top = document.elementFromPoint(x, y);
  return top && !el.contains(top) && !top.contains(el);
}).map((el) => el.textContent.trim())"""


def covered_buttons(page: Page) -> list[str]:
    found: list[str] = page.evaluate(COVERED_BUTTONS)
    return found


def test_nothing_of_round_one_is_on_screen_in_round_two(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    pages = [open_page(browser, size, errors) for size in (SMALL_PHONE, SMALL_PHONE, LAPTOP)]
    for page in pages:
        page.clock.install()
    ann = pages[0]
    create_room(ann, server_url, "Spyfall", 3, "Ann", output, {"rounds": "2", "minutes": "5"})
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(pages[1], link, 1, "Bob")
    take_seat(pages[2], link, 2, "Cid")
    ann.get_by_role("button", name="Start the game").click()
    # The tray's button, or the same move on the bar at the foot where the tray is out of view.
    ann.get_by_role("button", name="Deal the cards").first.click()
    spy, _ = read_cards(pages)
    for page in pages:
        page.locator(".sf-card").click()  # covered again

    # The dealer asks an agent, who answers, then asks the same question: refused.
    asked = 1 if spy == 0 else 3 - spy
    ann.locator(f".sf-chat .targets button[data-seat='{asked}']").click()
    ann.locator("input[name=say]").fill("What do you smell here?")
    ann.get_by_role("button", name="Ask", exact=True).click()
    answerer = pages[asked]
    answerer.locator("input[name=say]").fill("Coffee.")
    answerer.get_by_role("button", name="Answer", exact=True).click()
    answerer.locator(".sf-chat .targets button").first.click()
    answerer.locator("input[name=say]").fill("What do you smell here?")
    # The clocks stand still from here: the refusal's time runs only as the test moves them, not
    # while a loaded machine takes seconds over the screenshots and clicks below.
    stand_still(pages)
    answerer.get_by_role("button", name="Ask", exact=True).click()
    refusal = answerer.locator(".notice")
    expect(refusal).to_contain_text("already asked")
    expect(refusal).to_contain_text("tap to close")
    assert covered_buttons(answerer) == []
    answerer.screenshot(path=output / "refusal.png")

    # The spy reveals: every screen has the banner, once, as one of its two event lines.
    spy_page = pages[spy]
    spy_page.locator(".sf-card").click()
    settle([spy_page])
    spy_page.get_by_role("button", name="I'm the spy: reveal").click()
    spy_page.get_by_role("button", name="Reveal and guess").click()
    for page in pages:
        expect(page.locator(".sf[data-phase='guess']")).to_be_visible()
    settle(pages)
    for seat, page in enumerate(pages):
        banner = page.locator(".banner")
        expect(banner).to_contain_text("you are the spy" if seat == spy else "is the spy")
        # On screen: what the live regions read out to a screen reader (announce.js) is not.
        told = re.compile("turns? (their|your) card over")
        read_out = page.locator("[data-live]").get_by_text(told).count()
        said = page.get_by_text(told).count() - read_out
        assert said == 1, f"seat {seat} is told {said} times"
        lines = page.locator(".last-lines li:not(.banner)")
        expect(lines).to_have_count(1)
        assert boxes_apart(banner, lines.first)
        assert boxes_apart(banner, page.locator(".turn"))
    expect(refusal).to_be_visible()
    ann.screenshot(path=output / "banner-phone.png")
    pages[2].screenshot(path=output / "banner-laptop.png")

    # A player who switches language reads the banner in theirs.
    watcher = pages[2] if spy != 2 else pages[1]
    watcher.locator("header .lang").click()
    expect(watcher.locator(".banner")).to_contain_text("draait de kaart om")
    watcher.locator("header .lang").click()
    expect(watcher.locator(".banner")).to_contain_text("turns their card over")

    # The spy guesses: the round is over; the banner's time is not cut short or stretched by
    # the states that follow.
    spy_page.locator(".sf-locations .place.legal").first.click()
    spy_page.get_by_role("button", name=re.compile("^Guess: ")).click()
    for page in pages:
        expect(page.locator(".sf-round-end")).to_be_visible()
    expect(refusal).to_be_visible()
    settle(pages)
    expect(refusal).to_be_visible()
    for page in pages:
        expect(page.locator(".banner")).to_be_visible()
    watcher.clock.run_for(BANNER_MS)
    expect(watcher.locator(".banner")).to_have_count(0)
    expect(watcher.locator(".last-lines li")).not_to_have_count(0)  # the lines stay
    expect(refusal).to_be_visible()  # its own time has not run out

    # The next round is dealt: nothing of the first is left on any screen.
    dealer = next(p for p in pages if p.get_by_role("button", name="Deal the cards").count())
    dealer.get_by_role("button", name="Deal the cards").first.click()
    for page in pages:
        expect(page.locator(".sf-top .sf-round")).to_contain_text("Round 2 of 2 · Dealer: ")
    settle(pages)
    for seat, page in enumerate(pages):
        for stale in (".banner", ".notice", ".sf-round-end", ".sf-vote-failed", ".sf-chat li"):
            expect(page.locator(stale), f"seat {seat}: {stale}").to_have_count(0)
        for text in ("card over", "already asked", "smell", "Coffee"):
            expect(page.locator(".screen"), f"seat {seat}").not_to_contain_text(text)
    ann.screenshot(path=output / "round-two-phone.png", full_page=True)
    pages[2].screenshot(path=output / "round-two-laptop.png", full_page=True)
    for page in pages:
        page.clock.resume()
    assert errors == []


# The controls in view a bubble lies over, the one it explains left out.
BUBBLE_OVER = """(target) => {
  const bubble = document.querySelector(".explain").getBoundingClientRect();
  const controls = "button:not(:disabled), [role=button], .legal, a[href], input, select";
  return [...document.querySelectorAll(controls)].filter((el) => {
    if (el === target || el.contains(target) || target.contains(el)) return false;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || box.bottom < 0 || box.top > innerHeight) return false;
    return !(box.right <= bubble.left || box.left >= bubble.right || box.bottom <= bubble.top
      || box.top >= bubble.bottom);
  }).map((el) => el.textContent.trim())
}"""


def long_press(page: Page, target: Locator) -> None:
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.clock.run_for(600)
    # Held until the bubble shows, as a person holds until they see it: the press's timer may
    # be set only after the clock was moved, when the page is slow to take the press.
    expect(page.locator(".explain")).to_be_visible()
    page.mouse.up()


DEAL = 2


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_explanations_only_when_asked(
    browser: Browser,
    server_url: str,
    output: Path,
    size: ViewportSize,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tap that plays (picks a card) opens no explanation; a long press explains a card and
    picks nothing; a tap on what cannot be played now explains it; the bubble closes on the next
    tap anywhere and lies over none of the controls in view."""
    # One deal, the server's (in this process) drawn from a seed of the test's: Ann opens, with
    # cards of different kinds in hand and a disc she may not use yet.
    monkeypatch.setattr("tafel.server.room_seating.secrets.randbits", lambda bits: DEAL)
    errors: list[str] = []
    page = open_page(browser, size, errors)
    page.clock.install()
    create_room(page, server_url, "Tony & Tino", 2, "Ann", output)
    add_bot(page, 1, "greedy")
    page.get_by_role("button", name="Start the game").click()
    bubble = page.locator(".explain")
    cards = page.locator(".tt-player[data-seat='0'] .game-card")
    first = cards.first
    name = first.inner_text()
    first.click()
    expect(page.locator(".card-effect")).to_be_visible()  # the tap picked the card
    expect(first).to_have_class(re.compile("chosen"))
    expect(bubble).to_be_hidden()

    # Another card than the one picked: a hand may hold two of a kind, which show as one choice.
    names = cards.all_inner_texts()
    other = cards.nth(next(k for k, text in enumerate(names) if text != name))
    long_press(page, other)
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text(f"{other.inner_text()}:")
    expect(first).to_have_class(re.compile("chosen"))  # the press picked nothing
    expect(other).not_to_have_class(re.compile("chosen"))
    assert other.evaluate(BUBBLE_OVER) == []
    page.screenshot(path=output / f"long-press-{size['width']}.png")
    page.locator(".turn").click()  # the next tap anywhere closes it
    expect(bubble).to_be_hidden()
    expect(page.locator(".tt-player[data-seat='0'] .game-card.chosen").first).to_have_text(name)

    disc = page.locator(".tt-grid .point:not(.figure)[disabled]").first
    disc.click(force=True)
    expect(bubble).to_contain_text("A figure may only go on a disc with the lowest number")
    assert disc.evaluate(BUBBLE_OVER) == []
    page.screenshot(path=output / f"disabled-{size['width']}.png")
    assert errors == []


NOTICE_MS = 6000  # notices.js


@pytest.mark.parametrize(
    ("ann_size", "bob_size"),
    [(SMALL_PHONE, LAPTOP), (LAPTOP, SMALL_PHONE)],
    ids=["host-on-phone", "host-on-laptop"],
)
def test_notices_speak_to_their_player_and_leaving_goes_home(
    browser: Browser, server_url: str, output: Path, ann_size: ViewportSize, bob_size: ViewportSize
) -> None:
    """Ann on a 360 px phone, Bob on a laptop, and the other way round. The host hands Bob's
    seat to a bot: Bob is told so in the second person, Ann in the third; a notice says it closes
    on a tap, covers no button and closes by itself. Bob leaves mid-game: he is back on the home
    page with a plain sentence, no error; Ann is told who plays his seat now, the Normal bot,
    named so on its chip."""
    errors: list[str] = []
    ann = open_page(browser, ann_size, errors)
    bob = open_page(browser, bob_size, errors)
    for page in (ann, bob):
        page.clock.install()
    create_room(ann, server_url, "Tony & Tino", 2, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    expect(bob.locator(".turn")).to_be_visible()

    ann.locator(".chip[data-seat='1']").click()
    ann.get_by_role("button", name="Let a bot play this seat").click()
    expect(bob.locator(".notice.info")).to_contain_text(
        "The host handed your seat to a bot (Normal) for now"
    )
    expect(ann.locator(".notice.info")).to_contain_text("handed Bob's seat to a bot (Normal)")
    for page in (ann, bob):
        expect(page.locator(".notice.info")).to_contain_text("tap to close")
        assert covered_buttons(page) == []
    ann.screenshot(path=output / "handed-ann.png")
    bob.screenshot(path=output / "handed-bob.png")
    bob.clock.run_for(NOTICE_MS)
    expect(bob.locator(".notice")).to_have_count(0)
    # Ann taps the notice where it is. (Playwright's own click first scrolls an element into
    # view as it needs: a notice still sliding in under the header took it a few pixels, and
    # the page, scrolled, then kept its content in place as the next notice came, under it.)
    box = ann.locator(".notice.info").bounding_box()
    assert box is not None
    ann.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(ann.locator(".notice")).to_have_count(0)
    bob.get_by_role("button", name="Take my seat back").click()
    expect(bob.locator(".notice.info")).to_contain_text("You play your own seat again")
    expect(ann.locator(".notice.info")).to_contain_text("Bob plays their own seat again")

    bob.on("dialog", lambda dialog: dialog.accept())
    bob.get_by_role("button", name="Leave").click()
    expect(bob).to_have_url(re.compile(r"/$"))
    said = bob.locator(".notice.info")
    expect(said).to_contain_text("You left room")
    expect(said).to_contain_text("a bot (Normal) plays your seat there")
    expect(bob.locator(".notice:not(.info)")).to_have_count(0)
    bob.screenshot(path=output / "left-bob.png")
    news = ann.locator(".notice.info")
    expect(news).to_contain_text("Bob left the game: a bot (Normal) plays their seat.")
    expect(ann.locator(".chip[data-seat='1']")).to_contain_text("Seat 2 (Normal)")
    assert covered_buttons(ann) == []
    ann.screenshot(path=output / "left-ann.png")
    ann.clock.run_for(NOTICE_MS)
    expect(news).to_have_count(0)
    assert errors == []


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_your_turn_stays_in_view(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    """Maillot against a bot, the page scrolled to its end while Ann must act: the turn line,
    with her clock, stays at the top of the screen under the header, a slim line (the tray stays
    in its place: pinned, on a phone it lay over the board and the explanations); at rest it
    covers no button."""
    errors: list[str] = []
    page = open_page(browser, size, errors)
    create_room(page, server_url, "Maillot Arc-en-ciel", 2, "Ann", output)
    add_bot(page, 1, "greedy")
    page.get_by_role("button", name="Start the game").click()
    turn = page.locator(".turn[data-turn='must']")
    expect(turn).to_be_visible()
    assert covered_buttons(page) == []
    page.screenshot(path=output / f"at-rest-{size['width']}.png")

    if size == LAPTOP:
        # On a laptop Maillot's ring and teams share the width and the race fits about one
        # screen: the page is made longer here (content, not padding: a pinned line stays within
        # its container's content), so that the pin is seen through a long scroll.
        page.evaluate(
            """() => {
              const room = document.createElement("div");
              room.style.height = "800px";
              document.querySelector("main.table").append(room);
            }"""
        )
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 200  # the page did scroll
    header = page.locator(".top").bounding_box()
    box = turn.bounding_box()
    assert header is not None and box is not None
    assert abs(box["y"] - header["height"]) <= 1 and box["height"] < 0.15 * size["height"]
    expect(turn.locator(".seat-clock")).to_be_in_viewport()
    page.screenshot(path=output / f"scrolled-{size['width']}.png")
    assert errors == []


def say_next_line(pages: list[Page], said: int) -> None:
    """Whoever is to speak says the next line, a long one: the one asked answers, or the one to
    ask asks the first player they may."""
    for page in pages:
        if page.get_by_role("button", name="Answer", exact=True).count():
            page.locator("input[name=say]").fill(f"Line {said}: " + "well, it depends " * 6)
            page.get_by_role("button", name="Answer", exact=True).click()
            break
        if page.locator(".sf-chat .targets button").count():
            page.locator(".sf-chat .targets button").first.click()
            page.locator("input[name=say]").fill(f"Line {said}: " + "what do you think of " * 6)
            page.get_by_role("button", name="Ask", exact=True).click()
            break
    else:
        raise AssertionError("nobody may speak")
    for page in pages:
        expect(page.locator(".sf-chat .lines li")).to_have_count(said + 1)


AT_NEWEST = "(el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2"


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_spyfall_chat_follows_the_conversation(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    """Ann reads the chat on `size` while the three talk: the chat shows its newest line as it
    comes (on a phone the page moves up to show it while the chat is in view), stays where Ann
    scrolled up to read while more is said, and follows again once she is back at the end."""
    errors: list[str] = []
    pages = [open_page(browser, viewport, errors) for viewport in (size, SMALL_PHONE, SMALL_PHONE)]
    ann = pages[0]
    create_room(ann, server_url, "Spyfall", 3, "Ann", output, {"rounds": "1", "minutes": "8"})
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(pages[1], link, 1, "Bob")
    take_seat(pages[2], link, 2, "Cid")
    ann.get_by_role("button", name="Start the game").click()
    ann.get_by_role("button", name="Deal the cards").first.click()
    chat = ann.locator(".sf-chat .lines")
    said = 0
    while said < 12 and chat.evaluate("(el) => el.scrollHeight <= el.clientHeight + 40"):
        say_next_line(pages, said)
        said += 1
    overflowed = chat.evaluate("(el) => el.scrollHeight > el.clientHeight + 40")
    assert overflowed, "the chat never overflowed"
    say_next_line(pages, said)
    said += 1
    expect(chat.locator("li").last).to_be_in_viewport()
    assert chat.evaluate(AT_NEWEST)
    ann.screenshot(path=output / f"following-{size['width']}.png")

    chat.evaluate("(el) => { el.scrollTop = 0; el.dispatchEvent(new Event('scroll')); }")
    say_next_line(pages, said)
    said += 1
    assert chat.evaluate("(el) => el.scrollTop") == 0  # left where Ann reads
    ann.screenshot(path=output / f"reading-{size['width']}.png")

    chat.evaluate(
        "(el) => { el.scrollTop = el.scrollHeight; el.dispatchEvent(new Event('scroll')); }"
    )
    say_next_line(pages, said)
    assert chat.evaluate(AT_NEWEST)
    expect(chat.locator("li").last).to_contain_text(f"Line {said}")
    assert errors == []
