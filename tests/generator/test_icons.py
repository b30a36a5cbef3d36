"""Icon classification, ranking and rendering, with the hostile images the issue lists."""

from __future__ import annotations

import gzip
import io

import pytest
from PIL import Image

from appcenter_qt.generator.icons import (
    MAX_SVG_BYTES,
    IconError,
    IconFile,
    check_svg,
    icon_file,
    icon_name_of,
    rank,
    render_icon,
    usable,
)
from tests.extract import samples


def test_icon_file_classification() -> None:
    assert icon_file("usr/share/icons/hicolor/48x48/apps/a.png") == IconFile(
        "a", "hicolor", 48, 1, "png", "usr/share/icons/hicolor/48x48/apps/a.png"
    )
    assert icon_file("usr/share/icons/hicolor/32x32@2/apps/a.png").pixels == 64
    assert icon_file("usr/share/icons/breeze/scalable/apps/a.svgz").size == 0
    assert icon_file("usr/share/pixmaps/a.xpm").size == -1
    breeze = icon_file("usr/share/icons/breeze/apps/48/a.svg")  # <context>/<size> layout
    assert (breeze.theme, breeze.size, breeze.fmt) == ("breeze", 48, "svg")
    assert icon_file("usr/share/icons/breeze/apps/22@2x/a.png").pixels == 44
    for path in (
        "usr/share/icons/breeze/apps/big/a.svg",
        "usr/share/icons/hicolor/48x32/apps/a.png",
        "usr/share/icons/hicolor/symbolic/apps/a-symbolic.svg",
        "usr/share/icons/hicolor/48x48/apps/a.txt",
        "usr/share/pixmaps/sub/a.png",
    ):
        assert icon_file(path) is None, path


def test_icon_names() -> None:
    assert icon_name_of("org.gnome.Mines") == ("org.gnome.Mines", "")
    assert icon_name_of("foo.png") == ("foo", "")
    assert icon_name_of("org.kde.kcalc") == ("org.kde.kcalc", "")
    assert icon_name_of("/usr/share/pixmaps/foo.xpm") == ("", "usr/share/pixmaps/foo.xpm")


def test_ranking_prefers_own_hicolor_then_adequate_png_then_svg() -> None:
    def f(theme: str, size: int, fmt: str = "png") -> IconFile:
        return IconFile("a", theme, size, 1, fmt, f"{theme}/{size}.{fmt}")

    files = [f("hicolor", 48), f("hicolor", 128), f("hicolor", 0, "svg"), f("Adwaita", 64)]
    assert min(files, key=lambda c: rank(c, 64, True)).size == 128
    assert min(files, key=lambda c: rank(c, 256, True)).fmt == "svg"
    assert min([f("hicolor", 48), f("hicolor", 32)], key=lambda c: rank(c, 64, True)).size == 48
    own, other = f("hicolor", 16), f("hicolor", 256)
    assert rank(own, 64, True) < rank(other, 64, False)
    assert not usable(f("hicolor", 16), 64) and usable(f("hicolor", 32), 64)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_raster_is_scaled_and_padded_to_a_square() -> None:
    out = io.BytesIO()
    Image.new("RGBA", (100, 50), (10, 20, 30, 255)).save(out, format="PNG")
    image = decode(render_icon(out.getvalue(), "png", 64))
    assert image.size == (64, 64) and image.mode == "RGBA"
    assert image.getpixel((32, 32)) == (10, 20, 30, 255) and image.getpixel((32, 2))[3] == 0
    assert render_icon(out.getvalue(), "png", 64) == render_icon(out.getvalue(), "png", 64)


def test_svg_and_svgz_render() -> None:
    image = decode(render_icon(samples.SVG.encode(), "svg", 128))
    assert image.size == (128, 128) and image.getpixel((64, 64))[:3] == (0x30, 0x60, 0xC0)
    assert render_icon(gzip.compress(samples.SVG.encode()), "svgz", 64) == render_icon(
        samples.SVG.encode(), "svg", 64
    )


@pytest.mark.parametrize(
    ("data", "fmt", "reason"),
    [
        (samples.huge_png_header(), "png", "image too large: 20000×20000"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "png", "corrupt image"),
        (samples.png(64)[:60], "png", "corrupt image"),
        (b"GIF89a not really", "png", "corrupt image"),
        (samples.EXTERNAL_ENTITY_SVG.encode(), "svg", "svg declares entities"),
        (
            b'<!DOCTYPE s [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg>&b;</svg>',
            "svg",
            "svg declares entities",
        ),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            b'<image xlink:href="file:///etc/shadow" width="9" height="9"/></svg>',
            "svg",
            "external resource",
        ),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://x/y.css);</style>'
            b"</svg>",
            "svg",
            "external resource",
        ),
        (b"<svg><unclosed></svg>", "svg", "not well-formed"),
        (b"<svg>" + b"<g/>" * 20_001 + b"</svg>", "svg", "too complex"),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            b'<g id="a"/>' + b'<use xlink:href="#a"/>' * 501 + b"</svg>",
            "svg",
            "too complex",
        ),
        (gzip.compress(b" " * (MAX_SVG_BYTES + 10)), "svgz", "bomb"),
        (b"not gzip", "svgz", "corrupt svgz"),
        (b"<svg xmlns='http://www.w3.org/2000/svg' width='0' height='0'/>", "svg", "svg"),
    ],
)
def test_hostile_images_are_rejected_with_a_reason(data: bytes, fmt: str, reason: str) -> None:
    with pytest.raises(IconError, match=reason):
        render_icon(data, fmt, 64)


def test_check_svg_allows_fragments_and_data_urls() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<defs><linearGradient id="g"/></defs><use xlink:href="#g"/>'
        '<image href="data:image/png;base64,AAAA"/><style>.a{fill:url(#g)}</style></svg>'
    )
    assert check_svg(svg.encode()).startswith("<svg")
