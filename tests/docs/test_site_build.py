"""The site builds strictly in every language, shows each page's pictures in its language, and prints on A4.

The site is built once for this module (``mkdocs build --strict``, as CI builds it); the print checks open
the built rules pages in Chromium with print media, as a browser does when a group prints the rules.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import pytest

from tests import rules_index
from tests.browser import launch, sync_api
from tests.docs.test_site import DOCS, ROOT
from tests.extras import need_module
from tests.server.support import free_port, serve_process

if TYPE_CHECKING:
    from pathlib import Path

#: Every language of the site; English is the default, at the site's root.
LOCALES = ("en", "de", "sv")
#: What a printed page leaves out: the site's header, tabs, navigation, footer, and the folded blocks.
NOT_PRINTED = (".md-header", ".md-tabs", ".md-sidebar", ".md-footer", "details.in-code", "details.checked-by")
#: An A4 page in PDF points, as Chromium writes it (210 × 297 mm).
A4 = (595, 842)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built strictly into a temporary folder."""
    need_module("mkdocs", "docs")
    need_module("mkdocs_static_i18n", "docs")
    folder = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{build.stderr[-4000:]}"
    return folder


def _built(site: Path, locale: str, page: str) -> Path:
    return (site if locale == "en" else site / locale) / page / "index.html"


def test_every_page_of_the_site_is_built_in_every_language(site: Path) -> None:
    """Each language has every page, the untranslated ones in English, each marked with its language."""
    for locale in LOCALES:
        home = _built(site, locale, ".").read_text("utf-8")
        assert f'<html lang="{locale}"' in home, locale
        for page in ("rules/kalaha", "rules/kalo", "rules/loo", "play/kalo", "reference/kalo", "guide/bots"):
            assert _built(site, locale, page).is_file(), f"{locale}: {page}"


@pytest.mark.parametrize(("game", "locale"), [pair for pair in rules_index.pages() if pair[1] != "en"])
def test_a_translated_page_is_served_in_its_language_with_a_switch(site: Path, game: str, locale: str) -> None:
    """A translated rules page is built from its translation, and every language's page links the others."""
    play = (DOCS / "play" / f"{game}.{locale}.md").read_text("utf-8").splitlines()[0].removeprefix("# ")
    for page, words in ((f"rules/{game}", rules_index.sections(game, locale)[0].title), (f"play/{game}", play)):
        html = _built(site, locale, page).read_text("utf-8")
        assert words in html, f"{locale}/{page} is not built from its translation"
        assert words not in _built(site, "en", page).read_text("utf-8"), f"the English {page} shows the translation"
        for other in LOCALES:
            assert f'hreflang="{other}"' in html, f"{locale}/{page} has no switch to {other}"


def test_a_translated_page_shows_the_pictures_drawn_in_its_language(site: Path) -> None:
    """Where a picture is drawn in a page's language, that language's site serves it under the English name."""
    for drawn in (DOCS / "img").glob("*.*.svg"):
        name, locale, _ = drawn.name.split(".")
        served = site / locale / "img" / f"{name}.svg"
        assert served.read_text("utf-8") == drawn.read_text("utf-8"), f"{locale}/img/{name}.svg"
        assert (site / "img" / f"{name}.svg").read_text("utf-8") == (DOCS / "img" / f"{name}.svg").read_text("utf-8")


def _printed(site: Path, pages: list[str]) -> dict[str, dict[str, object]]:
    playwright_api: Any = sync_api()
    found: dict[str, dict[str, object]] = {}
    with playwright_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = browser.new_page(viewport={"width": 794, "height": 1123})  # A4 at 96 dpi
            for name in pages:
                page.goto(site.joinpath(name, "index.html").as_uri())
                page.emulate_media(media="print")
                shown = page.evaluate(
                    """(hidden) => ({
                        shown: hidden.filter(s => [...document.querySelectorAll(s)]
                                                  .some(e => getComputedStyle(e).display !== "none")),
                        pictures: [...document.querySelectorAll('article img[src*="img/"]')].map(i => ({
                            src: i.getAttribute("src"), loaded: i.complete && i.naturalWidth > 0,
                            fits: i.getBoundingClientRect().right <= document.documentElement.clientWidth})),
                        text: document.querySelector("article").innerText,
                    })""",
                    list(NOT_PRINTED),
                )
                pdf = page.pdf(prefer_css_page_size=True, print_background=True)
                boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
                found[name] = {**shown, "sizes": {(round(float(w)), round(float(h))) for w, h in boxes}}
        finally:
            browser.close()
    return found


def test_each_games_rules_print_on_a4_without_the_site_around_them(site: Path) -> None:
    """Printed, a rules or how-to-play page is A4, hides navigation and folded blocks, and keeps its pictures."""
    pages = [
        f"{'' if locale == 'en' else locale + '/'}{folder}/{game}"
        for game, locale in rules_index.pages()
        for folder in ("rules", "play")
    ]
    for name, printed in _printed(site, pages).items():
        assert printed["sizes"] == {A4}, f"{name} prints on {printed['sizes']}, not A4"
        assert printed["shown"] == [], f"{name} prints {printed['shown']}"
        pictures = printed["pictures"]
        assert isinstance(pictures, list)
        assert pictures, f"{name} prints no picture"
        assert all(p["loaded"] and p["fits"] for p in pictures), f"{name}: pictures missing or too wide: {pictures}"
        assert ">>>" not in str(printed["text"]), f"{name} prints code"


#: What a menu entry adds, in each translated language, when its page is shown in English.
IN_ENGLISH = {"de": "(englisch)", "sv": "(på engelska)"}
#: A menu entry of the built site: its link and its title.
MENU_ENTRY = re.compile(
    r'<a href="(?P<href>[^"#]*)" class="md-nav__link[^"]*">\s*<span class="md-ellipsis">\s*(?P<title>[^<]*?)\s*</span>'
)


def _translated(href: str, locale: str) -> bool:
    path = href.strip("/").removeprefix("./") or "index"
    return (DOCS / f"{path}.{locale}.md").is_file() or (DOCS / path / f"index.{locale}.md").is_file()


def untold_fallbacks(html: str, locale: str) -> list[str]:
    """The menu entries of a page in ``locale`` that hide or wrongly claim that their page is shown in English."""
    entries = [(m["href"], " ".join(m["title"].split())) for m in MENU_ENTRY.finditer(html)]
    assert entries, "no menu found"
    if locale == "en":
        return [title for _, title in entries if any(mark in title for mark in IN_ENGLISH.values())]
    return [
        f"{title} -> {href}" for href, title in entries if (IN_ENGLISH[locale] in title) == _translated(href, locale)
    ]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_menus_say_which_pages_are_shown_in_english(site: Path, locale: str) -> None:
    """A German or Swedish menu entry says "(englisch)" / "(på engelska)" exactly when its page is not translated."""
    html = _built(site, locale, ".").read_text("utf-8")
    assert not untold_fallbacks(html, locale)
    if locale != "en":
        assert "Play in the browser" not in html, f"{locale}: the guides' titles are not translated"


def test_the_menu_check_finds_an_untold_fallback() -> None:
    """The check is not vacuous: an English page without the mark, and a translated page with it, are both found."""
    entry = '<a href="{}" class="md-nav__link">\n  <span class="md-ellipsis">\n    {}\n  </span>'
    good = entry.format("play/kalo/", "So wird gespielt") + entry.format("guide/bots/", "Bots (englisch)")
    assert untold_fallbacks(good, "de") == []
    assert untold_fallbacks(entry.format("guide/bots/", "Bots"), "de") == ["Bots -> guide/bots/"]
    assert untold_fallbacks(entry.format("play/kalo/", "Kalo (englisch)"), "de") == ["Kalo (englisch) -> play/kalo/"]


def test_the_site_fetches_nothing_from_another_host(site: Path) -> None:
    """No page loads a font, a style sheet or a script from another host: the site works on its own."""
    outside = re.compile(r'<(?:link|script)\b[^>]*\b(?:href|src)="https?://[^"]*"[^>]*>')
    for page in site.rglob("*.html"):
        html = page.read_text("utf-8")
        assert "fonts.googleapis.com" not in html, page
        assert "fonts.gstatic.com" not in html, page
        loads = [tag for tag in outside.findall(html) if not re.search(r'rel="(?:canonical|alternate)"', tag)]
        assert not loads, f"{page.relative_to(site)} loads {loads}"


def test_the_sitemap_gives_every_page_its_address(site: Path) -> None:
    """The sitemap the language switch reads exists and names every page and translation by a full address."""
    sitemap = (site / "sitemap.xml").read_text("utf-8")
    addresses = re.findall(r"<loc>([^<]*)</loc>", sitemap) + re.findall(r'hreflang="[^"]*" href="([^"]*)"', sitemap)
    assert len(addresses) > 20
    assert all(re.match(r"https?://", address) for address in addresses), [a for a in addresses if "://" not in a]


def test_the_lobby_links_each_option_to_its_rule_on_the_docs_its_server_serves(site: Path, tmp_path: Path) -> None:
    """``tablegames serve --docs site``: a German lobby's rule link opens the German rules page at that rule."""
    need_module("starlette", "web")
    port = free_port()
    playwright_api: Any = sync_api()
    with (
        serve_process(tmp_path / "tables.sqlite3", port, "--docs", str(site)) as server,
        playwright_api.sync_playwright() as pw,
    ):
        said = server.stdout.readline() if server.stdout else ""
        assert f"; the rules pages at http://127.0.0.1:{port}/docs/" in said, said
        browser = launch(pw)
        try:
            context = browser.new_context(locale="de-DE")
            lobby = context.new_page()
            lobby.goto(f"http://127.0.0.1:{port}/")
            lobby.select_option("#game", "kalo")
            with context.expect_page() as opened:
                lobby.click("a[data-rule=kalo_in_combinations]")
            rules = opened.value
            rules.wait_for_load_state()
            assert rules.url == f"http://127.0.0.1:{port}/docs/de/rules/kalo/#the-kalo"
            heading = rules.locator("#the-kalo")
            assert heading.count() == 1, "the rules page has no such section"
            title = next(each.title for each in rules_index.sections("kalo", "de") if each.anchor == "the-kalo")
            assert title in heading.inner_text(), f"{heading.inner_text()!r} is not the German page's {title!r}"
            for shown in (rules.url, f"http://127.0.0.1:{port}/docs/de/"):  # the language switch stays under /docs/
                rules.goto(shown)
                for switch in rules.eval_on_selector_all("a[hreflang]", "links => links.map(link => link.href)"):
                    served = rules.request.get(switch)
                    assert switch.startswith(f"http://127.0.0.1:{port}/docs/"), f"{shown}: {switch} leaves the site"
                    assert served.ok, f"{shown}: {switch} answers {served.status}"
        finally:
            browser.close()
