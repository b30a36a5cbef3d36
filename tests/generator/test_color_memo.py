"""Issue 31: a warm ``appcenter-generate --system`` does not decode every icon again for its
key colour. Colours are kept by icon content in the parse cache's directory, read with the
parse cache's care (never through a link, never someone else's file, bounded), and a damaged
or foreign memo only means the colours are computed afresh."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from appcenter_qt.domain import Application, Icon, IconKind, LocalizedText
from appcenter_qt.domain.colors import KEY
from appcenter_qt.generator.color_memo import (
    FILE_NAME,
    MAX_BYTES,
    ColorMemo,
    content_key,
    method_fingerprint,
)
from appcenter_qt.generator.key_colors import with_key_colors
from tests.extract.samples import png

RED = png(64, (200, 30, 30, 255))
BLUE = png(64, (30, 90, 200, 255))


def _app(app_id: str) -> tuple[Application, str]:
    icon = Icon(IconKind.CACHED, f"{app_id}.png", 64, 1, f"64x64/{app_id}.png")
    return Application(app_id, LocalizedText.untranslated(app_id), icons=(icon,)), icon.path


def _key_colour(app: Application) -> str:
    return next(color.value for color in app.colors if color.kind == KEY)


def _build(directory: Path, icons: dict[str, bytes]) -> tuple[list[Application], ColorMemo]:
    """One build's colouring: the memo read from ``directory``, used, written back."""
    apps, archive = [], {}
    for app_id, data in icons.items():
        app, path = _app(app_id)
        apps.append(app)
        archive[path] = data
    memo = ColorMemo.load(directory)
    done = with_key_colors(apps, archive, memo=memo)
    memo.save(directory)
    return done, memo


def _written(directory: Path) -> dict[str, str]:
    data = json.loads((directory / FILE_NAME).read_bytes())
    assert data["method"] == method_fingerprint()
    return dict(data["colors"])


def test_a_second_build_takes_every_colour_from_the_memo_and_a_changed_icon_is_recomputed(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "cache"
    first, memo = _build(cache, {"a": RED, "b": BLUE, "c": b"not a png"})
    assert memo.hits == 0
    assert [_key_colour(app) for app in first[:2]] == ["#c81e1e", "#1e5ac8"]
    assert first[2].colors == ()  # undecodable: no colour, and remembered as none
    assert _written(cache) == {
        content_key(RED): "#c81e1e",
        content_key(BLUE): "#1e5ac8",
        content_key(b"not a png"): "",
    }
    again, memo = _build(cache, {"a": RED, "b": BLUE, "c": b"not a png"})
    assert memo.hits == 3 and again == first
    # b's icon changed (same app, same path): its colour follows the pixels; the entries
    # no icon uses any more are not written back
    changed, memo = _build(cache, {"a": RED, "b": RED})
    assert memo.hits == 2  # b's new bytes are a's: found by content, not by app
    assert [_key_colour(app) for app in changed] == ["#c81e1e", "#c81e1e"]
    assert _written(cache) == {content_key(RED): "#c81e1e"}


def test_the_memo_is_trusted_by_content_not_by_app(tmp_path: Path) -> None:
    """A colour is found by the icon's bytes: a memo entry for other bytes is not this icon's."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    entry = {"method": method_fingerprint(), "colors": {content_key(RED): "#00ff00"}}
    (cache / FILE_NAME).write_text(json.dumps(entry))
    (cache / FILE_NAME).chmod(0o600)
    done, memo = _build(cache, {"a": RED, "b": BLUE})
    assert memo.hits == 1
    assert [_key_colour(app) for app in done] == ["#00ff00", "#1e5ac8"]


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[1, 2, 3]",
        b'{"method": "%s", "colors": [1]}' % method_fingerprint().encode(),
        b"[" * 100_000 + b"]" * 100_000,  # deeper than the parser goes
        b" " * (MAX_BYTES + 1),
    ],
    ids=["damaged", "not-an-object", "no-colours", "deep", "too-big"],
)
def test_a_damaged_memo_is_a_warning_and_the_colours_are_computed(
    tmp_path: Path, body: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    (cache / FILE_NAME).write_bytes(body)
    (cache / FILE_NAME).chmod(0o600)
    with caplog.at_level(logging.WARNING):
        done, memo = _build(cache, {"a": RED})
    assert memo.hits == 0 and _key_colour(done[0]) == "#c81e1e"
    assert str(cache / FILE_NAME) in caplog.text
    assert _written(cache) == {content_key(RED): "#c81e1e"}  # rewritten whole


def test_ill_formed_entries_and_another_methods_memo_are_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    bad = {
        content_key(RED): "red",  # not #rrggbb
        "../../etc/passwd": "#000000",  # not a content key
        content_key(BLUE): 7,
    }
    (cache / FILE_NAME).write_text(json.dumps({"method": method_fingerprint(), "colors": bad}))
    (cache / FILE_NAME).chmod(0o600)
    done, memo = _build(cache, {"a": RED, "b": BLUE})
    assert memo.hits == 0 and [_key_colour(a) for a in done] == ["#c81e1e", "#1e5ac8"]
    other = {"method": "0" * 16, "colors": {content_key(RED): "#00ff00"}}
    (cache / FILE_NAME).write_text(json.dumps(other))
    done, memo = _build(cache, {"a": RED})
    assert memo.hits == 0 and _key_colour(done[0]) == "#c81e1e"


def test_a_linked_or_shared_memo_is_not_read_and_a_link_is_never_written_through(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside.json"
    entry = {"method": method_fingerprint(), "colors": {content_key(RED): "#00ff00"}}
    outside.write_text(json.dumps(entry))
    outside.chmod(0o600)
    before = outside.read_bytes()
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    (cache / FILE_NAME).symlink_to(outside)
    done, memo = _build(cache, {"a": RED})
    assert memo.hits == 0 and _key_colour(done[0]) == "#c81e1e"
    assert outside.read_bytes() == before  # replaced the link, not written through it
    assert not (cache / FILE_NAME).is_symlink()

    (cache / FILE_NAME).write_text(json.dumps(entry))
    (cache / FILE_NAME).chmod(0o622)  # others may write it: not ours alone
    done, memo = _build(cache, {"a": RED})
    assert memo.hits == 0 and _key_colour(done[0]) == "#c81e1e"

    linked_dir = tmp_path / "linked"
    linked_dir.symlink_to(cache)
    done, memo = _build(linked_dir, {"a": RED})  # the directory is a link: no memo at all
    assert memo.hits == 0 and _key_colour(done[0]) == "#c81e1e"
    assert os.readlink(linked_dir) == str(cache)
