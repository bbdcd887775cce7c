"""At a phone's width the decision is on the first screen: the prompt, your hand and its buttons, without scrolling."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.web.conftest import PHONE

if TYPE_CHECKING:
    from tests.web.conftest import Pages

#: How far down the page each element's bottom edge lies, in CSS pixels (None where it is missing).
BOTTOMS = """selectors => selectors.map(selector => {
    const element = document.querySelector(selector);
    return element ? element.getBoundingClientRect().bottom + window.scrollY : null;
})"""


def test_the_hand_and_the_decision_are_on_a_phones_first_screen(pages: Pages) -> None:
    """Kalo arranging and Loo deciding at 390×844: the prompt, the hand and the buttons lie within the first screen."""
    cases = (
        ("kalo", {"players": 4}, ["human", "heuristic", "heuristic", "heuristic"], "[data-key=done]"),
        ("loo", {"players": 5}, ["human", "heuristic", "heuristic", "heuristic", "heuristic"], "[data-action=play]"),
    )
    for game, options, seats, button in cases:
        table, tokens, links = pages.site.create(game=game, options=options, seats=seats, seed=4)
        page = pages.open(links[0], viewport=PHONE)
        player = pages.player(page, table, tokens, f"{game}-phone")
        player.turn()
        page.locator(button).wait_for()
        page.evaluate("() => window.scrollTo(0, 0)")
        selectors = [".game .prompt", ".my-hand .hand .card", button]
        bottoms = page.evaluate(BOTTOMS, selectors)
        player.shot("first-screen")
        for selector, bottom in zip(selectors, bottoms, strict=True):
            assert bottom is not None, f"{game}: {selector} is missing"
            assert bottom <= PHONE["height"], f"{game}: {selector} ends at {bottom:.0f} px, below the first screen"
