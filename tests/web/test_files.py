"""The web client's files: served with their types and a strict policy; no inline code, no HTML from strings."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import TYPE_CHECKING

import pytest

from tests.extras import need_module

need_module("starlette", "web")

from tablegames.core.errors import ConfigError  # noqa: E402
from tablegames.server.app import WEB, create_app  # noqa: E402
from tablegames.server.webclient import CONTENT_SECURITY_POLICY, CONTENT_TYPES, SECURITY_HEADERS  # noqa: E402
from tests.server.support import client  # noqa: E402

if TYPE_CHECKING:
    from pathlib import Path

IMPORT = re.compile(r"""^\s*import\s[^;]*?\sfrom\s+"(?P<path>[^"]+)";""", re.M | re.S)
#: What builds HTML from a string, runs a string as code, or writes inline styles and handlers.
FORBIDDEN = re.compile(
    r"\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setAttribute\(\s*[\"'](style|on)"
)


def client_files() -> list[Path]:
    """Every file of the installed web client."""
    return sorted(path for path in WEB.rglob("*") if path.is_file())


def test_every_file_is_served_with_its_type_and_the_security_headers() -> None:
    """Each file under /static/ has its content type and the client's headers; the page is served at / and /tables/."""
    files = client_files()
    assert {path.suffix for path in files} <= set(CONTENT_TYPES), "a file of a kind the server does not serve"
    with client(web=WEB) as http:
        for path in files:
            response = http.get(f"/static/{path.relative_to(WEB).as_posix()}")
            assert response.status_code == 200, path.name
            assert response.headers["content-type"] == CONTENT_TYPES[path.suffix], path.name
            for header, value in SECURITY_HEADERS.items():
                assert response.headers[header] == value, f"{path.name}: {header}"
            assert response.content == path.read_bytes()
        for url in ("/", "/tables/any-table-id"):
            page = http.get(url)
            assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
            assert page.headers["content-type"] == "text/html; charset=utf-8"
            assert page.content == (WEB / "index.html").read_bytes()
        again = http.get("/static/app.js", headers={"If-None-Match": http.get("/static/app.js").headers["etag"]})
        assert again.status_code == 304, "an unchanged file is not sent again"


def docs_meta(page: str) -> str | None:
    """The content of the page's ``tablegames-docs`` meta: where its lobby links the rules."""
    found = re.search(r'<meta name="tablegames-docs" content="([^"]*)">', page)
    return None if found is None else found[1]


def test_the_page_links_the_rules_only_where_the_server_was_given_them(tmp_path: Path) -> None:
    """A folder of the built docs is served under /docs/ and named by the page; an address is named as given."""
    assert docs_meta((WEB / "index.html").read_text("utf-8")) == "", "the page links to rules nobody serves"
    site = tmp_path / "site"
    (site / "de" / "rules" / "kalo").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>tablegames</title>")
    (site / "de" / "rules" / "kalo" / "index.html").write_text('<h2 id="the-kalo">Das Kalo</h2>')
    with client(web=WEB, docs=site) as http:
        page = http.get("/tables/any-table-id")
        assert docs_meta(page.text) == "/docs/"
        assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert http.get("/", headers={"If-None-Match": page.headers["etag"]}).status_code == 304
        rules = http.get("/docs/de/rules/kalo/")
        assert (rules.status_code, rules.text) == (200, '<h2 id="the-kalo">Das Kalo</h2>')
    with client(web=WEB, docs="https://tablegames.example.org/en") as http:
        assert docs_meta(http.get("/").text) == "https://tablegames.example.org/en/"
        assert http.get("/docs/").status_code == 404
    with client(web=WEB) as http:
        assert docs_meta(http.get("/").text) == ""
    for wrong in (tmp_path / "nowhere", "docs.example.org"):
        with pytest.raises(ConfigError, match=r"a folder holding the built site .* or the http\(s\) address"):
            create_app(web=WEB, docs=wrong)


def test_the_policy_allows_this_server_only_and_no_inline_code() -> None:
    """The Content-Security-Policy names no other host, no 'unsafe-*' source, and asks for Trusted Types."""
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["default-src"] == "'none'"
    for name in ("script-src", "style-src", "img-src", "connect-src"):
        assert directives[name] == "'self'", name
    assert "unsafe" not in CONTENT_SECURITY_POLICY
    assert "http" not in CONTENT_SECURITY_POLICY
    assert directives["require-trusted-types-for"] == "'script'"
    assert directives["frame-ancestors"] == "'none'"


def test_files_of_other_kinds_are_not_served(tmp_path: Path) -> None:
    """A file whose kind has no content type in the list is not served, even if it lies in the client's folder."""
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "notes.md").write_text("# notes")
    with client(web=tmp_path) as http:
        assert http.get("/static/notes.md").status_code == 404
        assert http.get("/static/index.html").status_code == 200


class _Inline(HTMLParser):
    """Finds inline scripts, styles and event handlers in a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script":
            if "src" not in names:
                self.found.append("an inline <script>")
            else:
                self.sources.append(str(names["src"]))
        if tag == "style":
            self.found.append("a <style> element")
        self.found += [f"{tag}[{name}]" for name in names if name == "style" or name.startswith("on")]
        for name in ("src", "href"):
            if names.get(name) and "//" in str(names[name]):
                self.found.append(f"{tag}[{name}] from another host: {names[name]}")


def test_the_page_has_no_inline_code_and_loads_from_this_server_only() -> None:
    """index.html holds no inline script, style or handler, and names no other host."""
    parser = _Inline()
    parser.feed((WEB / "index.html").read_text("utf-8"))
    assert parser.found == []
    assert parser.sources == ["/static/app.js"]


def test_the_scripts_build_no_html_from_strings_and_import_only_their_own_files() -> None:
    """No script writes HTML from a string or runs one; every import is a file of the client; each file is small."""
    scripts = {path.name: path.read_text("utf-8") for path in WEB.glob("*.js")}
    reached, todo = set(), ["app.js"]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        for found in IMPORT.finditer(scripts[name]):
            target = found["path"]
            assert target.startswith("./"), f"{name} imports {target}"
            assert target[2:] in scripts, f"{name} imports {target}"
            todo.append(target[2:])
    assert reached == set(scripts), f"scripts nothing imports: {sorted(set(scripts) - reached)}"
    for name, text in scripts.items():
        assert not FORBIDDEN.search(text), f"{name}: {FORBIDDEN.search(text)}"
        assert "http://" not in text, f"{name} names another host"
        assert "https://" not in text, f"{name} names another host"
        assert text.count("\n") < 500, f"{name} is over 500 lines"
