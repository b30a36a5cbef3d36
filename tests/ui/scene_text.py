"""What a person can read in a rendered scene: the texts of visible text items."""

from __future__ import annotations

from appcenter_qt.app import scene_items


def visible_texts(center) -> list[str]:  # type: ignore[no-untyped-def]
    """Texts (and empty fields' placeholders) of the visible, non-empty text items."""
    texts = []
    for item in scene_items(center.window.contentItem()):
        if not (item.inherits("QQuickText") or item.inherits("QQuickTextInput")):
            continue
        if not item.isVisible() or item.opacity() == 0 or item.width() <= 0:
            continue
        text = str(item.property("text") or item.property("placeholderText") or "").strip()
        if text:
            texts.append(text)
    return texts
