"""Reading a published HTML report the way a browser would, for the ``--html-report`` tests:
pages parsed with lxml, every link resolved from the page's own place in ``DIR``."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html

from tests.extract import samples
from tests.extract.packages import build_deb


def page(path: Path) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(path.read_bytes())


def pages(site: Path) -> dict[Path, lxml.html.HtmlElement]:
    """Every page of the published report, keyed by its path *through* ``site`` (as a web
    server or browser sees it: ``DIR/index.html``, ``DIR/packages/x.html``)."""
    found = {}
    for name in ("index.html", "packages.html", "timings.html"):
        found[site / name] = page(site / name)
    for entry in sorted((site / "packages").iterdir()):
        found[site / "packages" / entry.name] = page(entry)
    return found


def ids(document: lxml.html.HtmlElement) -> set[str]:
    return {element.get("id") for element in document.iter() if element.get("id")}


def broken_links(site: Path) -> list[str]:
    """Local ``href``/``src`` of every page that do not resolve to a file (or to an id in
    it, for ``#fragment``), resolved lexically from the page's URL as a browser does."""
    documents = pages(site)
    problems = []
    for path, document in documents.items():
        for _element, attribute, link, _pos in document.iterlinks():
            parts = urlsplit(link)
            if parts.scheme in ("http", "https"):
                continue
            assert not parts.scheme, f"{path.name}: unexpected link {link!r}"
            target = (
                Path(os.path.normpath(path.parent / unquote(parts.path))) if parts.path else path
            )
            if not target.is_file():
                problems.append(f"{path.relative_to(site)}: {attribute}={link!r}: no file")
            elif parts.fragment:
                if target not in documents:
                    problems.append(f"{path.relative_to(site)}: {link!r}: not a page")
                elif parts.fragment not in ids(documents[target]):
                    problems.append(f"{path.relative_to(site)}: {link!r}: no such id")
    return problems


def package_page(site: Path, label: str) -> lxml.html.HtmlElement:
    """The page of the input shown as ``label`` in the index's full list."""
    listing = page(site / "packages.html")
    links = [a for a in listing.iter("a") if a.text_content() == label]
    assert len(links) == 1, f"{label!r}: {len(links)} links on packages.html"
    return page(site / links[0].get("href"))


def chart_bars(figure: lxml.html.HtmlElement) -> dict[str, tuple[int, float, str]]:
    """A chart's bars: label → (count written beside it, bar width, severity class)."""
    bars = {}
    for row in figure.iter("g"):
        texts = [t for t in row.iter("text")]
        rect = next(r for r in row.iter("rect") if "bar" in (r.get("class") or "").split())
        label, count = texts[0].text_content(), int(texts[1].text_content().replace(",", ""))
        bars[label] = (count, float(rect.get("width")), rect.get("class").split()[1])
    return bars


def by_class(
    document: lxml.html.HtmlElement, name: str, tag: str = "*"
) -> list[lxml.html.HtmlElement]:
    """Elements with the class ``name`` (no cssselect needed)."""
    return document.xpath(
        f".//{tag}[contains(concat(' ', normalize-space(@class), ' '), ' {name} ')]"
    )


def texts(elements: list[lxml.html.HtmlElement]) -> list[str]:
    return [" ".join(element.text_content().split()) for element in elements]


MINES_ICON_FREE = {
    name: data for name, data in samples.mines_files().items() if "/icons/" not in name
}


def pool(
    directory: Path,
    *,
    broken_mines: bool = False,
    tool: bool = True,
    art: bool = False,
    truncated_hello: bool = False,
) -> Path:
    """Mines (an application), KCalc (its icon in no package: broken unless ``art``), hello
    (no desktop file), a hidden settings entry, Tool (an application) and a corrupt file."""
    directory.mkdir(parents=True, exist_ok=True)
    build_deb(directory, "gnome-mines", MINES_ICON_FREE if broken_mines else samples.mines_files())
    build_deb(directory, "kcalc", samples.kcalc_files(), version="4:22.12.3-1", arch="amd64")
    hello = build_deb(directory, "hello", samples.hello_files(), version="2.10-3")
    if truncated_hello:
        hello.write_bytes(hello.read_bytes()[:300])
    build_deb(directory, "settings", samples.settings_files())
    if tool:
        tool_files = samples.app_files(
            "org.example.Tool", samples.desktop("Tool", "org.example.Tool")
        )
        build_deb(directory, "tool", tool_files)
    if art:
        build_deb(directory, "calc-art", samples.theme_files())
    (directory / "corrupt_1.0_all.deb").write_bytes(b"!<arch>\nnot really")
    return directory
