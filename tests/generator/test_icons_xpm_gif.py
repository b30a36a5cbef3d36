"""GIF and XPM icons (Debian's menu pixmaps, old themes) become PNGs instead of being dropped."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from appcenter_qt.domain import IconKind
from appcenter_qt.extract.readers import InputKind
from appcenter_qt.generator.composer import Composer, Job
from appcenter_qt.generator.icons import IconError, icon_file, icon_name_of, render_icon
from tests.extract import samples

#: What real XPM files do and Pillow's reader refuses: comments between the strings, X11 colour
#: names (gray100, "light gray"), 16-bit colours, a symbolic name, "/*" inside a string.
XPM = b"""/* XPM */
static char *icon[] = {
/* columns rows colors chars-per-pixel */
"4 2 5 2",
"/* c #FF0000",
".. c None s background",
"gg c gray100",
"lg c light gray",
"bb c #00000000FFFF",
/* pixels */
"/*..ggbb",
"lg../*bb"
};
"""


def _pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "RGBA"
    return image


def test_xpm_is_decoded_with_real_world_colours() -> None:
    image = _pixels(render_icon(XPM, "xpm", 4))
    # 4×2 centred on a 4×4 square: rows 1 and 2 hold the pixels
    assert image.getpixel((0, 1)) == (255, 0, 0, 255)
    assert image.getpixel((1, 1))[3] == 0  # None is transparent
    assert image.getpixel((2, 1)) == (255, 255, 255, 255)
    assert image.getpixel((3, 1)) == (0, 0, 255, 255)
    assert image.getpixel((0, 2)) == (211, 211, 211, 255)


def test_plain_xpm_with_one_character_per_pixel() -> None:
    plain = b'/* XPM */\nstatic char *x[] = {\n"2 1 2 1",\n"a c #0AC81E",\n"b c #000000",\n"ab"};\n'
    image = _pixels(render_icon(plain, "xpm", 2))
    assert image.getpixel((0, 0)) == (10, 200, 30, 255)
    assert image.getpixel((1, 0)) == (0, 0, 0, 255)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b'/* XPM */\n"20000 20000 1 1",\n"a c #000000",\n', "image too large"),
        (b'/* XPM */\n"2 2 1 1",\n"a c #000000",\n"aa",\n', "truncated"),
        (b'/* XPM */\n"2 1 1 1",\n"a c #000000",\n"ab",\n', "not in the palette"),
        (b'/* XPM */\n"2 1 1 9",\n"a c #000000",\n"aa",\n', "xpm values"),
        (b'/* XPM */\n"1 1 1 1",\n"a c no-such-colour",\n"a",\n', "unknown"),
        (b"/* XPM */\nnothing here", "no valid values line"),
    ],
)
def test_broken_xpm_is_a_reason(data: bytes, reason: str) -> None:
    with pytest.raises(IconError, match=reason):
        render_icon(data, "xpm", 32)


def test_gif_is_rendered_from_its_first_frame() -> None:
    frames = [Image.new("RGB", (16, 16), colour) for colour in ((0, 128, 0), (255, 0, 0))]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:])
    image = _pixels(render_icon(out.getvalue(), "gif", 32))
    assert image.size == (32, 32) and image.getpixel((16, 16)) == (0, 128, 0, 255)


def test_gif_files_are_icon_candidates() -> None:
    assert icon_file("usr/share/pixmaps/game.gif").fmt == "gif"
    assert icon_file("usr/share/icons/hicolor/32x32/apps/game.gif").size == 32
    assert icon_name_of("game.gif") == ("game", "")


def test_applications_with_only_xpm_or_gif_pixmaps_get_png_icons(tmp_path: Path) -> None:
    gif = io.BytesIO()
    Image.new("RGB", (32, 32), (0, 0, 255)).save(gif, format="GIF")
    files = {
        **samples.app_files("xgame", samples.desktop("X Game", "xgame"), {}),
        "usr/share/pixmaps/xgame.xpm": XPM,
        **samples.app_files("ggame", samples.desktop("G Game", "ggame.gif"), {}),
        "usr/share/pixmaps/ggame.gif": gif.getvalue(),
    }
    for name, content in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode() if isinstance(content, str) else content)
    composition = Composer(sizes=(64,)).compose([Job(0, InputKind.TREE, str(tmp_path))])
    assert sorted(app.id for app in composition.apps) == ["ggame", "xgame"]
    for app in composition.apps:
        (cached,) = [icon for icon in app.icons if icon.kind is IconKind.CACHED]
        assert _pixels(composition.icons[cached.path]).size == (64, 64)
    blue = _pixels(composition.icons["64x64/ggame.png"]).getpixel((32, 32))
    assert blue == (0, 0, 255, 255)
