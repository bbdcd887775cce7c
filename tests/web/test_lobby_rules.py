"""The lobby's options: each says what it does and links to its rule in the page's language; a player goes by name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest

from tests.games import BUILT_IN
from tests.web.conftest import PHONE

if TYPE_CHECKING:
    from tests.web.conftest import Pages

DOCS = Path(__file__).resolve().parents[2] / "docs"

#: The option fields that are not a rule's: the table's seats, its seed and how it is played.
NOT_RULES = {"option-seed"}


def anchors(game: str) -> set[str]:
    """The anchors of a game's rules page (the same in each language)."""
    return set(re.findall(r"\{#([a-z0-9-]+)\}", (DOCS / "rules" / f"{game}.md").read_text(encoding="utf-8")))


@pytest.mark.parametrize(("locale", "prefix"), [("en-GB", "/rules/"), ("de-DE", "/de/rules/"), ("sv-SE", "/sv/rules/")])
def test_each_option_links_to_its_rule_in_the_pages_language(pages: Pages, locale: str, prefix: str) -> None:
    """Every game's every option has a sentence and a link to a section that its game's rules page has."""
    page = pages.open("/", locale=locale)
    page.wait_for_selector("#game")
    games = page.eval_on_selector_all("#game option", "options => options.map(o => o.value)")
    assert sorted(games) == list(BUILT_IN)
    for game in games:
        page.select_option("#game", game)
        fields = page.eval_on_selector_all("fieldset.options [id^=option-]", "inputs => inputs.map(i => i.id)")
        assert fields, f"{game} shows no options"
        for field in fields:
            if field in NOT_RULES:
                continue
            option = page.locator(f"#{field}").locator("xpath=..")
            explained = option.locator(".explain").inner_text().strip()
            link = option.locator("a[data-rule]")
            assert link.count() == 1, f"{game}'s {field} has no link to its rule"
            href = link.get_attribute("href") or ""
            parts = urlsplit(href)
            assert parts.path.endswith(f"{prefix}{game}/"), href
            assert parts.fragment in anchors(game), f"{href}: the rules page has no such section"
            assert len(explained) > len(link.inner_text()) + 10, f"{game}'s {field} is not explained: {explained!r}"


def test_table_ids_have_no_look_alike_characters(pages: Pages) -> None:
    """A table's id has none of 0, O, 1, l, I and i, and no sign: read from a screen, it is copied right."""
    for _ in range(20):
        table, _, _ = pages.site.create(game="kalaha", seats=["human", "heuristic"])
        assert re.fullmatch(r"[2-9a-hjkmnp-z]{12}", table), table


def test_the_first_dealer_is_chosen_among_the_players_as_the_seat_rows_name_them(pages: Pages) -> None:
    """Loo's first dealer is offered as Player 1 to Player N, following the number of players; Player 3 is seat 2."""
    page = pages.open("/")
    page.select_option("#game", "loo")
    choices = "select => [...select.options].map(option => option.text)"
    players = int(page.input_value("#option-players"))
    assert page.eval_on_selector("#option-first_dealer", choices) == [f"Player {n}" for n in range(1, players + 1)]
    page.fill("#option-players", "4")
    page.dispatch_event("#option-players", "change")
    assert page.eval_on_selector("#option-first_dealer", choices) == ["Player 1", "Player 2", "Player 3", "Player 4"]
    page.select_option("#option-first_dealer", label="Player 3")
    page.click("text=Create a Loo table")
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1]
    options = pages.site.snapshot(table, None)["table"]["options"]
    assert (options["players"], options["first_dealer"]) == (4, 2)


def test_an_option_that_follows_the_players_shows_what_the_table_gets(pages: Pages) -> None:
    """Loo's rounds follow the players until the player sets them: the table gets the rounds the form shows."""
    page = pages.open("/")
    page.select_option("#game", "loo")
    for players, rounds in ((4, "8"), (3, "6")):
        page.fill("#option-players", str(players))
        page.dispatch_event("#option-players", "change")
        assert page.input_value("#option-rounds") == rounds, f"{players} players"
    page.fill("#option-rounds", "3")
    page.fill("#option-players", "4")
    page.dispatch_event("#option-players", "change")
    assert page.input_value("#option-rounds") == "3", "a number the player typed is kept"
    page.click("text=Create a Loo table")
    page.wait_for_url("**/tables/*")
    options = pages.site.snapshot(page.url.rsplit("/", 1)[1], None)["table"]["options"]
    assert (options["players"], options["rounds"]) == (4, 3)
    page.goto("/")
    page.select_option("#game", "loo")
    page.fill("#option-players", "4")
    page.dispatch_event("#option-players", "change")
    page.click("text=Create a Loo table")
    page.wait_for_url("**/tables/*")
    options = pages.site.snapshot(page.url.rsplit("/", 1)[1], None)["table"]["options"]
    assert (options["players"], options["rounds"]) == (4, 8), "the table has other rounds than the form showed"


@pytest.mark.parametrize(("locale", "cards"), [("en-GB", "cards"), ("de-DE", "Karten"), ("sv-SE", "kort")])
def test_the_deal_number_speaks_of_cards_only_for_a_card_game(pages: Pages, locale: str, cards: str) -> None:
    """Loo's deal number deals the same cards again; Kalaha's, which deals none, is a game number."""
    page = pages.open("/", locale=locale)
    label = {}
    for game in ("loo", "kalaha"):
        page.select_option("#game", game)
        label[game] = page.inner_text("label[for=seed]")
    assert cards in label["loo"], label
    assert cards not in label["kalaha"], label


#: Each checkbox of the lobby's form whose middle lies outside the height of its label: above it or below it.
BESIDE = """() => [...document.querySelectorAll(".create input[type=checkbox]")].filter((box) => {
    const label = document.querySelector(`label[for="${box.id}"]`).getBoundingClientRect();
    const own = box.getBoundingClientRect();
    const middle = own.top + own.height / 2;
    return middle < label.top || middle > label.bottom;
}).map((box) => box.id)"""


@pytest.mark.parametrize("locale", ["en-GB", "de-DE", "sv-SE"])
def test_each_checkbox_sits_beside_its_label_on_a_phone(pages: Pages, locale: str) -> None:
    """A long label wraps beside its box instead of leaving the box alone on the line above it."""
    page = pages.open("/", viewport=PHONE, locale=locale)
    page.select_option("#game", "loo")
    apart = page.evaluate(BESIDE)
    assert not apart, f"{locale}: boxes on a line of their own: {apart}"
