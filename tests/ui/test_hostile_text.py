"""Text from packages is untrusted: markup, image tags, bidi overrides and 10 kB strings are
shown literally (plain text), elided, and the layout keeps its shape."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtGui import QFontMetricsF
from PySide6.QtQuick import QQuickItem

from appcenter_qt.app import scene_items
from appcenter_qt.domain import Application, LocalizedText, Package, Rating
from tests.models.catalogs import write_generated_catalog

MARKUP = '<b>Bold</b><img src="file:///etc/passwd"> \u202eevil\u202c <a href="x">link</a>'
HUGE = "W" * 10_000
HOSTILE = (
    Application(
        id="org.example.Markup",
        name=LocalizedText.untranslated(MARKUP),
        summary=LocalizedText.untranslated("<i>summary</i> &amp; <script>alert(1)</script>"),
        description=LocalizedText.untranslated("<p>para</p>\n\n<img src=x onerror=y>"),
        categories=("Utility",),
        packages=(Package("markup", "1", "amd64", "test"),),
        rating=Rating((0, 0, 0, 0, 1)),
    ),
    Application(
        id="org.example.Huge",
        name=LocalizedText.untranslated(HUGE),
        summary=LocalizedText.untranslated("S" * 10_000),
        description=LocalizedText.untranslated("D " * 5_000),
        categories=("Utility",),
        packages=(Package("huge", "1", "amd64", "test"),),
    ),
)


@pytest.fixture(scope="module")
def hostile_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "appcenter.sqlite"
    return write_generated_catalog(path, 3, extra=HOSTILE)


def _texts_with(center, needle: str) -> list[QQuickItem]:  # type: ignore[no-untyped-def]
    return [
        item
        for item in scene_items(center.window.contentItem())
        if item.inherits("QQuickText") and item.isVisible() and needle in str(item.property("text"))
    ]


def _laid_out_as_plain_text(item: QQuickItem) -> bool:
    """Rendered as the literal characters: as wide as the raw string in that font (rich text
    would drop the tags and be far narrower). Qt's TextFormat enum cannot be read from Python."""
    text = str(item.property("text")).split("\n", 1)[0]
    advance = QFontMetricsF(item.property("font")).horizontalAdvance(text)
    return abs(item.property("implicitWidth") - advance) <= 0.15 * advance


def _inside_window(center, item: QQuickItem) -> bool:  # type: ignore[no-untyped-def]
    rect = item.mapRectToScene(item.boundingRect())
    return rect.right() <= center.window.width() + 1 and rect.left() >= -1


def test_grid_shows_markup_literally_and_elides_huge_names(  # type: ignore[no-untyped-def]
    make_center, hostile_catalog, output_dir
) -> None:
    center = make_center(catalog=str(hostile_catalog))
    assert center.warnings == []
    markup = _texts_with(center, "<b>Bold</b>")
    assert markup, "the markup name is not shown literally"
    for item in markup:
        assert item.property("text") == MARKUP
        assert _laid_out_as_plain_text(item)
    huge = _texts_with(center, "WWWW")
    assert huge
    for item in huge:
        assert item.property("truncated")  # elided, not laid out 10 kB wide
        assert _inside_window(center, item)
    center.save_screenshot(output_dir / "hostile-grid.png")


def test_app_page_shows_hostile_text_as_plain_text(
    make_center, hostile_catalog, output_dir
) -> None:  # type: ignore[no-untyped-def]
    center = make_center(catalog=str(hostile_catalog), page="app:org.example.Markup")
    assert center.app_details.name == MARKUP
    name = center.window.findChild(QQuickItem, "appName")
    assert name.property("text") == MARKUP and _laid_out_as_plain_text(name)
    paragraphs = _texts_with(center, "<img src=x onerror=y>")
    assert paragraphs and all(_laid_out_as_plain_text(item) for item in paragraphs)
    center.save_screenshot(output_dir / "hostile-app.png")
    center.open_page("app:org.example.Huge")
    assert center.app_details.name == HUGE or center.app_details.loading
    from appcenter_qt.app import wait_until_idle

    assert wait_until_idle(center)
    assert center.app_details.name == HUGE
    assert _inside_window(center, name)
    center.save_screenshot(output_dir / "hostile-huge.png")


def _label_blocks(qml: str) -> list[str]:
    """The ``Label { … }`` blocks of a QML file (nested braces counted)."""
    blocks = []
    start = qml.find("Label {")
    while start != -1:
        depth, end = 0, start
        for end in range(qml.index("{", start), len(qml)):
            depth += {"{": 1, "}": -1}.get(qml[end], 0)
            if depth == 0:
                break
        blocks.append(qml[start : end + 1])
        start = qml.find("Label {", end)
    return blocks


@pytest.mark.parametrize("name", ["components/UpdateRow.qml", "pages/UpdatesPage.qml"])
def test_update_texts_from_packages_are_plain_text(name: str) -> None:
    """Every label of the Updates page that shows a row's data (names, summaries, "what's
    new" from GetUpdateDetail, versions, status) is plain text, so markup stays literal."""
    qml = (Path(__file__).resolve().parents[2] / "qml" / "AppCenter" / name).read_text()
    data_labels = [
        block
        for block in _label_blocks(qml)
        if re.search(
            r"text:[^\n]*\b(row\.(name|summary|whatsNew|version|neededBy|pullsInApps|statusText|sizeText)|page\.updates\.(statusText|resultText|restartText))",
            block,
        )
    ]
    assert data_labels, "no data labels found: the pattern no longer matches the file"
    for block in data_labels:
        assert "textFormat: Text.PlainText" in block, block
