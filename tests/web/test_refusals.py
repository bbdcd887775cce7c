"""Refusals in the page's language: each reason the library states has words in English, German and Swedish.

The server sends a refused action's reason, and a refused table's (its options or seats), as a key and fields
(`tablegames.core.reasons`); the client says it with the entry ``reason.<key>`` of its language's table. Every
key of the catalogues has an entry in each table, a string entry naming exactly the key's fields; and in the
browser a German player's greyed Loo card, a Swedish player's empty Kalaha pit and a German lobby's option out
of range say why in the page's language.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import tablegames
from tablegames.core.options import CONFIG
from tablegames.core.reasons import CORE
from tablegames.server.catalogue import SEATS
from tests.web.conftest import PHONE

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from tests.web.conftest import Pages

#: Each table's refusal entries: for a string, the sorted names of its placeholders; for a function, null.
ENTRIES = """async () => {
    const tables = {};
    for (const language of ["en", "de", "sv"]) {
        const words = (await import(`/static/words-${language}.js`)).default;
        tables[language] = Object.fromEntries(Object.entries(words).filter(([key]) => key.startsWith("reason."))
            .map(([key, entry]) => [key, typeof entry === "function" ? null
                : [...new Set([...entry.matchAll(/\\{(\\w+)\\}/g)].map(match => match[1]))].sort()]));
    }
    return tables;
}"""


def catalogue() -> dict[str, tuple[str, ...]]:
    """Every key the library and the server may refuse with, and its fields."""
    keys: dict[str, tuple[str, ...]] = {}
    for stated in (CORE, CONFIG, SEATS, *(tablegames.load(name).reasons for name in ("kalaha", "kalo", "loo"))):
        keys.update({key: stated.fields(key) for key in stated})
    return keys


def test_every_reason_has_words_in_each_language(pages: Pages) -> None:
    """Each key of the catalogues has an entry in words-en, -de and -sv; a string entry uses exactly its fields."""
    page = pages.open("/")
    tables = page.evaluate(ENTRIES)
    stated = catalogue()
    for language, entries in tables.items():
        assert sorted(set(stated) - {key.removeprefix("reason.") for key in entries}) == [], (
            f"reasons without words in {language}"
        )
        assert sorted({key.removeprefix("reason.") for key in entries} - set(stated)) == [], (
            f"words in {language} for reasons the library does not state"
        )
        for key, placeholders in entries.items():
            if placeholders is not None:
                assert tuple(placeholders) == stated[key.removeprefix("reason.")], f"{language} {key}"


def test_a_german_player_is_told_in_german_why_a_loo_card_may_not_be_played(pages: Pages) -> None:
    """On a German page, a greyed Loo card says the follow rule in German, on hover and when clicked."""
    table, tokens, links = pages.site.create(
        game="loo", options={"players": 3, "rounds": 1}, seats=["human", "heuristic", "heuristic"], seed=4
    )
    page = pages.open(links[0], locale="de-DE")
    player = pages.player(page, table, tokens, "de-loo")
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        snapshot = player.turn()
        view = snapshot["view"]
        assert not view["is_over"], "the round ended before a card was refused: choose another seed"
        if view["phase"] == "decide":
            player.click("[data-action=play]")
            continue
        legal = set(view["legal_actions"])
        illegal = [card for card in view["hand"] if card not in legal]
        if not illegal:
            player.click(f"button.card[data-card='{next(card for card in view['hand'] if card in legal)}']")
            continue
        button = page.locator(f"button.card[data-card='{illegal[0]}']")
        page.wait_for_function(
            "card => document.querySelector(`button.card[data-card='${card}']`).title.includes('nicht spielen')",
            arg=illegal[0],
        )
        title = button.get_attribute("title") or ""
        assert title.startswith("Du darfst "), title
        assert not re.search(r"\b(may not|play one|were led|seat \d)\b", title), f"English in the refusal: {title}"
        button.focus()  # a disabled card says why when it is chosen with the keyboard, or tapped
        page.keyboard.press("Enter")
        refusal = page.locator(".my-hand .refusal")
        refusal.wait_for()
        assert refusal.inner_text().startswith("Du darfst "), refusal.inner_text()
        assert any(word in refusal.inner_text() for word in ("bedienen", "trumpfen", "übertrumpfen", "Trumpf"))
        player.shot("refused-card")
        return
    raise AssertionError("no card was refused in time")


def test_a_swedish_player_is_told_in_swedish_why_an_empty_pit_may_not_be_sown(pages: Pages) -> None:
    """On a Swedish page, an empty pit of the player's own says in Swedish that it is empty, when clicked."""
    table, tokens, links = pages.site.create(game="kalaha", seats=["human", "heuristic"], seed=3)
    page = pages.open(links[0], locale="sv-SE")
    player = pages.player(page, table, tokens, "sv-kalaha")
    page.get_by_text("Din tur.").wait_for()
    player.click("button.pit.legal[data-pit='c']")  # the last seed in the store: seat 0 moves again
    player.turn()
    pit = page.locator("[data-key='pit-c']")
    pit.wait_for()
    assert pit.get_attribute("title") == "Hål c är tomt: det finns inga stenar att så ut"
    pit.click()
    refusal = page.locator(".refusal")
    refusal.wait_for()
    assert refusal.inner_text() == "Hål c är tomt: det finns inga stenar att så ut"
    player.shot("refused-pit")


def test_a_german_lobby_says_in_german_why_an_option_is_refused(
    pages: Pages, allow_errors: Callable[[str], None]
) -> None:
    """In a German lobby, a Loo table with an ante of 0 is refused in German, the option named as the form names it.

    On a phone the refusal is on the screen beside the button that asked, not at the top of the page; changing the
    form takes it away.
    """
    allow_errors(r"Failed to load resource: the server responded with a status of 400")  # the browser logs the refusal
    page = pages.open("/", locale="de-DE", viewport=PHONE)
    page.wait_for_selector("#game")
    page.select_option("#game", "loo")
    page.fill("#option-ante", "0")
    page.click("button[data-create=loo]")
    message = page.locator("form.create .message.error")
    page.wait_for_function("() => document.querySelector('form.create .message.error').textContent !== ''")
    assert message.inner_text() == "«Einsatz» muss eine ganze Zahl von 1 bis 1.000.000 sein, nicht 0"
    assert page.url.endswith("/"), "no table was made"
    box, button = message.bounding_box(), page.locator("button[data-create=loo]").bounding_box()
    assert box is not None
    assert button is not None
    assert box["y"] >= 0, f"the refusal is above the screen: {box}"
    assert box["y"] + box["height"] <= PHONE["height"], f"the refusal is below the screen: {box}"
    assert 0 <= button["y"] - (box["y"] + box["height"]) < 60, "the refusal is not beside the button"
    page.fill("#option-ante", "1")
    assert message.inner_text() == "", "the refusal stays after the form was changed"


#: A reason said by the page, as the table's page says it: with the client module of the game, if one is named.
SAY = """async ([reason, game]) => {
    const { refusalSentence } = await import("/static/events.js");
    const module = game ? (await import(`/static/${game}.js`)).default : null;
    return refusalSentence(reason, (seat) => `Person ${seat + 1}`, module);
}"""


def test_each_games_module_says_the_fields_only_its_game_has(pages: Pages) -> None:
    """A Kalo rank by its card and a 4 by what it does, a Kalaha pit by its letter, a Loo suit by its name."""
    page = pages.open("/", locale="de-DE")
    page.wait_for_selector("#game")

    def say(key: str, fields: Mapping[str, object], game: str | None) -> str:
        return str(page.evaluate(SAY, [{"key": key, "fields": fields}, game]))

    lower = {"rank": 12, "above": 15, "need": 2}
    assert say("kalo.lower", lower, "kalo") == (
        "Der Rang Q ist tiefer als 2: Überbiete mit 2 Karten höheren Rangs als 2 oder passe"
    )
    assert say("kalo.pile_empty", {"rank": 4}, "kalo") == (
        "Jede 4 muss eine Karte vom Ablagestapel nehmen, und der Ablagestapel ist leer"
    )
    assert (
        say("kalaha.no_pit", {"pit": 7, "last": 5}, "kalaha") == "Es gibt keine Mulde h: Die Mulden gehen von a bis f"
    )
    follow = {"card": "3c", "winning": "Kh", "led": "h", "trump": "s", "rule": "follow", "pam_wild": False}
    assert "Herz ist ausgespielt" in say("loo.follow", follow, "loo")
    assert "Der Rang 12" in say("kalo.lower", lower, None), "without its game's module, a field is said as sent"
    english = pages.open("/", locale="en-GB")
    english.wait_for_selector("#game")
    eight = {"key": "kalo.lower", "fields": {"rank": 8, "above": 14, "need": 1}}
    assert english.evaluate(SAY, [eight, "kalo"]) == "An 8 is lower than an A: play 1 card higher than A, or pass"


def test_the_lobby_asks_no_deal_number_the_server_does_not_take(pages: Pages) -> None:
    """The deal number takes 0 to 2**53 - 1, the server's seeds: a larger one is the form's to refuse, never sent."""
    page = pages.open("/", locale="sv-SE")
    page.wait_for_selector("#seed")
    for seed, valid in ((2**53 - 1, True), (2**53, False), (0, True), (-1, False)):
        page.fill("#seed", str(seed))
        assert page.eval_on_selector("#seed", "field => field.checkValidity()") is valid, seed
