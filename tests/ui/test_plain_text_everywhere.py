"""Every text from a catalog reaches QML as plain text (issue 29, class 3).

A Qt Quick text item in its default ``AutoText`` format renders anything that looks like HTML
as rich text, and rich text loads ``<img src>``: an application name of
``<img src="http://HOST/x">`` made the window fetch that URL when the app page opened, through
the review dialog's title. Here a catalog whose every text field carries such an image,
pointing at a listener this test runs on 127.0.0.1, is shown on every page; every popup and
dialog of each page is opened, and the shared tooltip shows the text. The listener must get
no request, and every text item holding ``<img`` (visible or not: a hidden rich text loads its
images too) must be ``Text.PlainText``. The walk goes over the whole scene, the overlay with
its popups included, so a text item added later is covered without naming it here.
"""

from __future__ import annotations

import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QObject
from PySide6.QtQml import QQmlEngine, QQmlExpression

from appcenter_qt.app import AppCenter, scene_items, wait_until_idle
from appcenter_qt.catalog.writer import CatalogWriter
from appcenter_qt.domain import (
    Application,
    LocalizedText,
    Package,
    Rating,
    Screenshot,
    ScreenshotImage,
)
from appcenter_qt.domain.releases import Release
from tests.models.catalogs import generated_app
from tests.odrs_server import OdrsServer

PLAIN_TEXT = 0  # Text.PlainText; AutoText is 2
APP_ID = "org.example.Hostile"


class Listener:
    """An HTTP server on 127.0.0.1 that records every path asked for."""

    def __init__(self) -> None:
        hits = self.hits = []  # type: list[str]

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                hits.append(self.path)
                self.send_response(404)
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    server = Listener()
    yield server
    server.close()


def _hostile(port: int, field: str) -> str:
    return f'{field} <img src="http://127.0.0.1:{port}/x-{field}"> <b>bold</b>'


def _catalog(path: Path, port: int) -> Path:
    def text(field: str) -> LocalizedText:
        return LocalizedText.untranslated(_hostile(port, field))

    app = Application(
        id=APP_ID,
        name=text("name"),
        summary=text("summary"),
        description=LocalizedText.untranslated(
            _hostile(port, "description") + "\n\n• " + _hostile(port, "item")
        ),
        developer=_hostile(port, "developer"),
        categories=("Utility", _hostile(port, "category")),
        packages=(Package("hostile", "1.0-1", "amd64", _hostile(port, "origin")),),
        rating=Rating((0, 0, 1, 2, 3)),
        project_license=_hostile(port, "license"),
        releases=(Release("1.0", 1_700_000_000, description=text("release")),),
        screenshots=(
            Screenshot(
                (ScreenshotImage(f"http://127.0.0.1:{port}/shot.png", 640, 400),),
                text("caption"),
            ),
        ),
    )
    addon = Application(
        id="org.example.Hostile.Addon",
        name=text("addon"),
        summary=text("addon-summary"),
        kind="addon",
        packages=(Package("hostile-addon", "1.0-1", "amd64", "test"),),
    )
    with CatalogWriter(path, origin=_hostile(port, "catalog"), generator="tests") as writer:
        for n in range(3):
            writer.add(generated_app(n))
        writer.add(app)
        writer.add(addon)
        writer.set_installed([Package("hostile", "1.0-1", "amd64")], "dpkg")
    return path


def _text_format(item: QObject) -> int:
    """``textFormat`` read through QML: PySide cannot convert the enum itself."""
    context = QQmlEngine.contextForObject(item)
    value, undefined = QQmlExpression(context, item, "textFormat").evaluate()
    assert not undefined, item
    return int(value)


def _every_item(center: AppCenter) -> list[Any]:
    """The whole scene: the window's root item holds the content and the overlay (popups,
    dialogs, tooltips)."""
    root = center.window.contentItem().parentItem() or center.window.contentItem()
    return scene_items(root)


def _rich_holders(center: AppCenter) -> list[str]:
    """Text items whose text holds ``<img`` and are not plain text, described."""
    bad = []
    for item in _every_item(center):
        if not (item.inherits("QQuickText") or item.inherits("QQuickTextEdit")):
            continue
        text = str(item.property("text") or "")
        if "<img" in text and _text_format(item) != PLAIN_TEXT:
            parent = item.parentItem()
            owner = parent.metaObject().className() if parent is not None else "?"
            bad.append(f"{item.metaObject().className()} in {owner}: {text[:60]!r}")
    return bad


def _holders(center: AppCenter) -> int:
    return sum(
        1
        for item in _every_item(center)
        if (item.inherits("QQuickText") or item.inherits("QQuickTextEdit"))
        and "<img" in str(item.property("text") or "")
    )


def _popups(center: AppCenter) -> list[QObject]:
    return [p for p in center.window.findChildren(QObject) if p.inherits("QQuickPopup")]


def _show_tooltip(center: AppCenter, text: str) -> None:
    """The shared tooltip every ``ToolTip.text`` uses, showing ``text`` ("": hidden)."""
    page = center.window.contentItem()
    context = QQmlEngine.contextForObject(center.window)
    call = f"ToolTip.show({text!r}, -1)" if text else "ToolTip.hide()"
    expression = QQmlExpression(context, page, call)
    expression.evaluate()
    assert not expression.hasError(), expression.error().toString()


def _check(center: AppCenter, qtbot: Any, listener: Listener, where: str) -> int:
    assert wait_until_idle(center), where
    qtbot.wait(200)  # a rich text's image request would be on its way by now
    assert [hit for hit in listener.hits if hit.startswith("/x-")] == [], where
    assert _rich_holders(center) == [], where
    return _holders(center)


@pytest.mark.slow  # every popup of every page; the source rules below cover each file fast
def test_catalog_text_is_plain_on_every_page_dialog_and_tooltip(  # type: ignore[no-untyped-def]
    make_center, qtbot, listener, tmp_path, monkeypatch, output_dir
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    catalog = _catalog(tmp_path / "appcenter.sqlite", listener.port)
    odrs = OdrsServer().start()
    try:
        odrs.state.add(
            APP_ID,
            1,
            _hostile(listener.port, "review-summary"),
            locale="en_US",
            user_display=_hostile(listener.port, "reviewer"),
            description=_hostile(listener.port, "review"),
            version=_hostile(listener.port, "review-version"),
            user_hash="a" * 40,
        )
        center = make_center(
            catalog=str(catalog), page="home", odrs_url=odrs.url, locale="en_US.UTF-8"
        )
        seen = 0
        pages = (
            "home",
            "browse",
            "search:hostile",
            f"app:{APP_ID}",
            "installed",
            "updates",
            "sources",
        )
        for page in pages:
            center.open_page(page)
            if page.startswith("app:"):
                qtbot.waitUntil(lambda: center.reviews.rowCount() == 1, timeout=10_000)
                center.save_screenshot(output_dir / "plain-text-app.png")
            seen += _check(center, qtbot, listener, page)
            for popup in _popups(center):
                if page == "installed" and popup.objectName() == "removeDialog":
                    installed = center.window.findChild(QObject, "installedPage")
                    if installed is not None:
                        installed.setProperty("removeName", _hostile(listener.port, "remove"))
                popup.metaObject().invokeMethod(popup, "open")
                qtbot.waitUntil(lambda popup=popup: popup.property("opened"), timeout=5000)
                seen += _check(center, qtbot, listener, f"{page}: {popup.objectName()}")
                if page.startswith("app:") and popup.objectName() == "writeReviewDialog":
                    center.save_screenshot(output_dir / "plain-text-review-dialog.png")
                popup.metaObject().invokeMethod(popup, "close")
                qtbot.waitUntil(lambda popup=popup: not popup.property("visible"), timeout=5000)
            _show_tooltip(center, _hostile(listener.port, f"tooltip-{page}"))
            seen += _check(center, qtbot, listener, f"{page}: tooltip")
            _show_tooltip(center, "")  # hidden again
        assert seen > 20, "the hostile texts were not shown: the walk proves nothing"
    finally:
        odrs.stop()


# -- the rules in the source, so a new item cannot slip past a page the walk does not reach --

QML = Path(__file__).resolve().parents[2] / "qml"
CONTROLS = (
    "Button|ToolButton|RoundButton|TabButton|ItemDelegate|CheckBox|RadioButton|Switch|"
    "MenuItem|CheckDelegate|RadioDelegate|SwitchDelegate|DelayButton"
)
_STRING = r'"(?:[^"\\]|\\.)*"'
_LITERAL = re.compile(rf"^(qsTr\({_STRING}(\s*,\s*{_STRING}\s*,\s*[\w.]+)?\)|{_STRING})$")


def _blocks(qml: str, types: str) -> Iterator[tuple[str, str, int]]:
    """``(type, { … }, line)`` for each block of one of ``types`` (nested braces counted)."""
    for match in re.finditer(rf"(?:^|[\s:])({types})\s*\{{", qml):
        start, depth = match.end() - 1, 0
        for end in range(start, len(qml)):
            depth += {"{": 1, "}": -1}.get(qml[end], 0)
            if depth == 0:
                break
        yield match.group(1), qml[start : end + 1], qml.count("\n", 0, start) + 1


def _own_lines(block: str) -> str:
    """The block's own properties, its nested blocks left out."""
    own, depth = [], 0
    for line in block[1:-1].split("\n"):
        if depth == 0:
            own.append(line)
        depth += line.count("{") - line.count("}")
    return "\n".join(own)


def _only_fixed_strings(expression: str) -> bool:
    """``qsTr("…")`` or ``"…"``, or a choice between them (the condition may be anything)."""
    parts = re.split(r"\s\?\s|\s:\s", expression)
    return all(_LITERAL.match(part.strip()) for part in (parts[1:] if len(parts) > 1 else parts))


def _qml_files() -> list[Path]:
    files = sorted(QML.rglob("*.qml"))
    assert len(files) > 20
    return files


def test_every_label_and_text_is_plain_text() -> None:
    """Qt's default is AutoText: whatever looks like HTML is rendered and its images loaded."""
    missing = [
        f"{path.relative_to(QML)}:{line}"
        for path in _qml_files()
        for _type, block, line in _blocks(path.read_text(), "Label|Text")
        if not re.search(r"(^|[\s{;])textFormat:\s*Text\.PlainText", _own_lines(block), re.M)
    ]
    assert missing == []


def test_controls_showing_data_draw_their_text_plain() -> None:
    """A button's or a delegate's own text item is the style's, in AutoText: one whose text is
    not a fixed string takes a plain-text ``contentItem`` (PlainContent); every dialog is a
    PlainDialog (its title in a plain Label); no ToolTip element keeps the style's text; a
    placeholder is a fixed string."""
    problems = []
    for path in _qml_files():
        qml = path.read_text()
        name = path.relative_to(QML)
        for kind, block, line in _blocks(qml, CONTROLS):
            own = _own_lines(block)
            text = re.search(r"^\s*text:\s*(.*(?:\n\s*[?:].*)*)", own, re.M)
            shows_data = text and not _only_fixed_strings(" ".join(text.group(1).split()))
            if shows_data and not re.search(r"^\s*contentItem:", own, re.M):
                problems.append(f"{name}:{line}: {kind} shows data without a contentItem")
        if path.name != "PlainDialog.qml":
            for _kind, _block, line in _blocks(qml, "Dialog"):
                problems.append(f"{name}:{line}: a Dialog, not a PlainDialog")
        for _kind, block, line in _blocks(qml, "ToolTip"):
            if not re.search(r"^\s*contentItem:", _own_lines(block), re.M):
                problems.append(f"{name}:{line}: ToolTip without a plain contentItem")
        # A text field's placeholder is the style's AutoText item: fixed strings only.
        for match in re.finditer(r"(?<![\w.])placeholderText:\s*(.*)", qml):
            if not _only_fixed_strings(match.group(1).strip()):
                line = qml.count("\n", 0, match.start()) + 1
                problems.append(f"{name}:{line}: placeholderText shows data")
    assert problems == []


def test_the_rules_find_what_they_look_for() -> None:
    """The patterns still match the files: a rule that finds nothing proves nothing."""
    qml = "\n".join(path.read_text() for path in _qml_files())
    assert len(list(_blocks(qml, "Label|Text"))) > 100
    assert len(list(_blocks(qml, CONTROLS))) > 30
    assert len(re.findall(r"(?<![\w.])placeholderText:", qml)) >= 4
    assert not _only_fixed_strings('qsTr("In %1").arg(scope.categoryName)')
    assert _only_fixed_strings('row.expanded ? qsTr("Hide packages") : qsTr("Show packages")')
