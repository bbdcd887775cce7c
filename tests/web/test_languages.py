"""The client in English, German and Swedish: the browser's language by default, a switcher remembered per browser.

A page in German or Swedish must show none of the client's English words (its own strings, not the server's
sentences in the log): every English entry of the strings table that the language translates is looked for in the
page's text and in the labels, titles and placeholders a screen reader or a pointer shows.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

import tablegames

if TYPE_CHECKING:
    from collections.abc import Callable

    from playwright.sync_api import Page

    from tests.web.conftest import Pages

#: The English strings of the client that the page's language says otherwise, split at their {placeholders}.
ENGLISH = """async () => {
    const en = (await import("/static/words-en.js")).default;
    const lang = document.documentElement.lang;
    const own = (await import(`/static/words-${lang}.js`)).default;
    return Object.keys(en).filter(key => typeof en[key] === "string" && own[key] !== en[key]).map(key => en[key]);
}"""

#: What the page says to a player, but the log of the server's sentences: its text and its elements' labels.
SHOWN = """() => {
    const copy = document.body.cloneNode(true);
    copy.querySelectorAll(".log, script").forEach(element => element.remove());
    const labels = [...document.querySelectorAll("[aria-label], [title], [placeholder]")]
        .filter(element => !element.closest(".log"))
        .flatMap(element => [element.getAttribute("aria-label"), element.title, element.getAttribute("placeholder")]);
    return [document.body.innerText.replace(/\\n/g, " "), document.title, ...labels].filter(Boolean).join("\\n");
}"""


def english_left(page: Page) -> list[str]:
    """The client's English strings (their fragments of more than one word) that the page shows."""
    strings: list[str] = page.evaluate(ENGLISH)
    shown: str = page.evaluate(SHOWN)
    found = []
    for string in strings:
        for fragment in re.split(r"\{\w+\}", string):
            fragment = fragment.strip(" .,:;()")
            if len(fragment) >= 6 and " " in fragment and fragment in shown:
                found.append(fragment)
    return found


def test_the_lobby_and_a_table_speak_the_browsers_language(pages: Pages) -> None:
    """A German browser gets the lobby and a Kalaha table in German, a Swedish one in Swedish: no client English."""
    for locale, language, create, turn in (
        ("de-DE", "de", "Kalaha-Tisch eröffnen", "Du bist am Zug."),
        ("sv-SE", "sv", "Skapa ett Kalaha-bord", "Din tur."),
    ):
        lobby = pages.open("/", locale=locale)
        lobby.select_option("#game", "kalaha")
        lobby.get_by_text(create).wait_for()
        assert lobby.evaluate("() => document.documentElement.lang") == language
        assert english_left(lobby) == [], f"English in the {language} lobby"
        table, tokens, links = pages.site.create(game="kalaha", seats=["human", "heuristic"], seed=3)
        page = pages.open(links[0], locale=locale)
        page.get_by_text(turn).wait_for()
        page.locator("details.how-to-play summary").click()
        page.locator("button.pit.legal").first.click()
        log = page.locator(".log li").first
        log.wait_for()
        assert not re.search(r"\b(seat|sows|pit)\b", log.inner_text()), f"the {language} log is in English"
        assert english_left(page) == [], f"English at the {language} table"
        pages.player(page, table, tokens, f"{language}-table").shot("table")


def test_the_language_chosen_is_remembered(pages: Pages) -> None:
    """An English browser switched to Swedish stays Swedish after a reload and on the next page, and back again."""
    page = pages.open("/", locale="en-US")
    page.get_by_text("New table").first.wait_for()
    page.select_option("#language", "sv")
    page.get_by_text("Nytt bord").first.wait_for()
    page.reload()
    page.get_by_text("Nytt bord").first.wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "sv"
    assert english_left(page) == []
    page.select_option("#language", "en")
    page.get_by_text("New table").first.wait_for()


#: An event said to seat ``me`` as the page names seats: "you" in the page's language, the others as "Person N".
EVENT = """async ([event, me]) => {
    const { eventSentence } = await import("/static/events.js");
    const { t } = await import("/static/i18n.js");
    return eventSentence(event, (seat) => (seat === me ? t("you") : `Person ${seat + 1}`), me);
}"""


def test_a_kalo_card_given_to_or_taken_from_you_says_so_in_your_language(pages: Pages) -> None:
    """A 3's gift to you and a 6's theft from you name you as the one given to or robbed, in German and Swedish."""
    give = {"type": "target_chosen", "game": "kalo", "seat": 1, "rank": 3, "target": 0, "card": "9c"}
    rob = {"type": "target_chosen", "game": "kalo", "seat": 2, "rank": 6, "target": 0}
    robbed = {"type": "robbed", "game": "kalo", "seat": 2, "victim": 0, "slot": 1, "card": None}
    expected = {
        "de-DE": ("Person 2 gibt 9♣ an dich", "Person 3 zieht eine Karte von dir", "von dir"),
        "sv-SE": ("Person 2 ger 9♣ till dig", "Person 3 tar ett kort från dig", "hos dig"),
    }
    for locale, (gift, theft, place) in expected.items():
        page = pages.open("/", locale=locale)
        page.wait_for_selector("#game")
        assert page.evaluate(EVENT, [give, 0]) == gift
        assert page.evaluate(EVENT, [rob, 0]) == theft
        assert page.evaluate(EVENT, [robbed, 0]).endswith(place)
        assert "Person 1" in page.evaluate(EVENT, [give, 3]), "given to another seat, the seat is named"


def test_a_deal_a_round_end_and_a_stolen_card_say_in_your_language_what_the_english_log_says(pages: Pages) -> None:
    """A Loo deal and round end, a Kalo round end and a 6's theft are told in full; lists use "und", "och"."""
    dealt = {"type": "round_started", "game": "loo", "round_number": 2, "dealer": 1, "ante": 1, "pot": 5, "carried": 2}
    ended = {"type": "round_ended", "game": "kalo", "round_number": 1, "reason": "blocked", "scoring": [1, 2]}
    robbed = {"type": "robbed", "game": "kalo", "seat": 2, "victim": 0, "slot": 1, "card": "Qh"}
    carried = {"type": "round_ended", "game": "loo", "round_number": 3, "carry": 4, "last_round": False}
    expected = {
        "de-DE": (
            "Runde 2: Person 2 gibt; alle zahlen 1 Chip Einsatz; im Pot liegen 5 Chips",
            "Runde 2: du gibst; alle zahlen 1 Chip Einsatz; im Pot liegen 5 Chips",
            "Runde 1 ist vorbei: alle, die noch Karten auf der Hand haben, sind blockiert; "
            "1 Punkt für Person 2 und Person 3",
            "Person 3 zieht Q♥ an Position 2 von dir",
            "Runde 3 ist vorbei; 4 Chips von gelooten Personen warten auf den nächsten Pot",
            "Runde 3 ist vorbei",
        ),
        "sv-SE": (
            "Runda 2: Person 2 ger; alla betalar 1 mark i insats; potten rymmer 5 marker",
            "Runda 2: du ger; alla betalar 1 mark i insats; potten rymmer 5 marker",
            "Runda 1 är slut: alla som har kort kvar på handen kan inte spela ut; 1 poäng till Person 2 och Person 3",
            "Person 3 tar Q♥ på plats 2 hos dig",
            "Runda 3 är slut; 4 marker från lurade spelare väntar på nästa pott",
            "Runda 3 är slut",
        ),
    }
    for locale, sentences in expected.items():
        page = pages.open("/", locale=locale)
        page.wait_for_selector("#game")
        last = {**carried, "last_round": True}  # after the last round nothing waits for a next pot
        said = ((dealt, 0), (dealt, 1), (ended, 0), (robbed, 0), (carried, 0), (last, 0))
        told = [page.evaluate(EVENT, [event, me]) for event, me in said]
        assert told == list(sentences)
    for locale, three in (("en-GB", "A, B and C"), ("de-DE", "A, B und C"), ("sv-SE", "A, B och C")):
        page = pages.open("/", locale=locale)
        page.wait_for_selector("#game")
        listed = "async () => (await import('/static/dom.js')).listed(['A', 'B', 'C'])"
        assert page.evaluate(listed) == three, "players who share a win are listed in the page's language"


def test_a_lobby_that_cannot_reach_the_server_says_so_in_its_language(
    pages: Pages, allow_errors: Callable[[str], None]
) -> None:
    """When the list of tables cannot be fetched, a Swedish lobby says so in Swedish until it can be again."""
    allow_errors(r"Failed to load resource: net::ERR_FAILED")  # the browser logs the aborted request
    page = pages.open("/", locale="sv-SE")
    page.wait_for_selector("#lobby .tables")
    page.route("**/api/tables", lambda route: route.abort())
    page.click("#lobby button:has-text('Uppdatera')")
    page.wait_for_function("() => document.querySelector('#lobby .message.error').textContent !== ''")
    assert page.inner_text("#lobby .message.error") == "Servern går inte att nå just nu; försök igen om en stund."
    page.unroute("**/api/tables")
    page.click("#lobby button:has-text('Uppdatera')")
    page.wait_for_function("() => document.querySelector('#lobby .message.error').textContent === ''")


def test_the_cards_in_the_log_are_drawn_as_cards_in_every_language(pages: Pages) -> None:
    """The Loo hand dealt to you is told in the log with each card drawn as a card, hearts and diamonds in red."""
    for locale in ("en-GB", "de-DE", "sv-SE"):
        table, tokens, links = pages.site.create(
            game="loo", options={"players": 3}, seats=["human", "heuristic", "random"], seed=6
        )
        page = pages.open(links[0], locale=locale)
        hand = pages.player(page, table, tokens, f"{locale}-log").check()["view"]["hand"]
        dealt = page.locator(".log li[data-type=dealt]").filter(has=page.locator(".inline-card"))
        drawn = dealt.first.locator(".inline-card")
        shown = drawn.all_inner_texts()
        reds = [each == "red" for each in drawn.evaluate_all("cards => cards.map(card => card.classList[1])")]
        assert shown == [card[:-1] + "♣♦♥♠"["cdhs".index(card[-1])] for card in hand], f"{locale}: {shown}"
        assert reds == [card[-1] in "dh" for card in hand], f"{locale}: the red suits are not red"


#: Each event said by the page, as told to a spectator and to the seat it is about; null where English stands in.
TOLD = """async (events) => {
    const { eventSentence } = await import("/static/events.js");
    const name = (seat) => `Person ${seat + 1}`;
    return events.map((event) => [eventSentence(event, name, null), eventSentence(event, name, event.seat ?? 0)]);
}"""


def test_every_event_of_every_game_is_told_in_german_and_swedish(pages: Pages) -> None:
    """Random games of each game give events of every kind; the German and Swedish pages have words for each."""
    events: dict[tuple[object, ...], dict[str, object]] = {}
    for name, options in (("kalaha", {}), ("kalo", {"players": 3}), ("loo", {"players": 3, "rounds": 2})):
        game = tablegames.load(name, **options)
        rng = random.Random(1)
        for seed in range(4):
            state = game.start(seed=seed)
            while not state.is_over:
                legal = state.legal_actions()
                transition = state.step(legal[rng.randrange(len(legal))])
                for event in transition.events:
                    data = event.to_dict()
                    events.setdefault((name, data["type"], data.get("choice"), data.get("rank")), data)
                state = transition.state
    assert len(events) > 30, sorted(events)
    for locale in ("de-DE", "sv-SE"):
        page = pages.open("/", locale=locale)
        page.wait_for_selector("#game")
        told = page.evaluate(TOLD, list(events.values()))
        untold = [kind for kind, sentences in zip(events, told, strict=True) if None in sentences]
        assert not untold, f"{locale}: events told in English: {untold}"


#: The badge a card received this round shows, as the page's stylesheet draws it.
BADGE = """() => {
    const card = document.createElement("span");
    card.className = "card received";
    document.body.append(card);
    return getComputedStyle(card, "::after").content;
}"""


def test_a_kalo_round_you_hold_or_open_and_a_card_you_received_are_said_in_your_language(pages: Pages) -> None:
    """A round you hold the Kalo in or open, your card moved in arranging, and the badge of a card received."""
    started = {"type": "round_started", "game": "kalo", "round_number": 2, "kalo_holder": 0, "opener": 1}
    opened = {**started, "kalo_holder": 2, "opener": 0}
    moved = {"type": "arranged", "game": "kalo", "seat": 0, "slot": 4, "to": 0}
    expected = {
        "de-DE": (
            "Runde 2: du hast das Kalo; Person 2 eröffnet",
            "Runde 2: Person 3 hat das Kalo; du eröffnest",
            "Du legst die Karte von Position 5 an Position 1",
            '"neu"',
        ),
        "sv-SE": (
            "Runda 2: Du har Kalo; Person 2 öppnar",
            "Runda 2: Person 3 har Kalo; du öppnar",
            "Du flyttar kortet från plats 5 till plats 1",
            '"ny"',
        ),
    }
    for locale, (holding, opening, arranging, badge) in expected.items():
        page = pages.open("/", locale=locale)
        page.wait_for_selector("#game")
        assert [page.evaluate(EVENT, [event, 0]) for event in (started, opened, moved)] == [holding, opening, arranging]
        assert page.evaluate(BADGE) == badge
