"""Drawing the demo's icons and screenshots with Pillow, from an entry's two colours and glyph.

Icons are drawn at 4× and downsampled (cheap antialiasing); screenshots are a stylised
window of the application in its colours, so the carousel shows something that reads as a
program. Fonts come from DejaVu when installed (Debian's fonts-dejavu-core), else Pillow's
built-in font.
"""

from __future__ import annotations

import functools
import io
from typing import Any

from PIL import Image, ImageDraw, ImageFont

_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu")


@functools.lru_cache(maxsize=32)
def _font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for directory in _FONT_DIRS:
        try:
            return ImageFont.truetype(f"{directory}/{name}", size)
        except OSError:
            continue
    return ImageFont.load_default(size)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return red, green, blue


def _gradient(
    size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]
) -> Image.Image:
    width, height = size
    column = Image.new("RGB", (1, height))
    for y in range(height):
        column.putpixel((0, y), _mix(top, bottom, y / max(height - 1, 1)))
    return column.resize((width, height))


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _centered_text(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, font: Any, fill: Any
) -> None:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    x = box[0] + (box[2] - box[0] - (right - left)) / 2 - left
    y = box[1] + (box[3] - box[1] - (bottom - top)) / 2 - top
    draw.text((x, y), text, font=font, fill=fill)


def icon_png(entry: dict[str, Any], size: int) -> bytes:
    """A rounded-square icon with a gradient and the entry's glyph, ``size`` px square."""
    dark, light = (_rgb(c) for c in entry.get("colors", ["#3daee9", "#93cee9"]))
    big = size * 4
    margin = big // 16
    inner = (margin, margin, big - margin, big - margin)
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=big // 5, fill=255)
    shadow = Image.new("L", (big, big), 0)
    ImageDraw.Draw(shadow).rounded_rectangle(
        (inner[0], inner[1] + big // 40, inner[2], inner[3] + big // 40), radius=big // 5, fill=70
    )
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    canvas.paste(Image.new("RGBA", (big, big), (0, 0, 0, 255)), mask=shadow)
    canvas.paste(_gradient((big, big), light, dark).convert("RGBA"), mask=mask)
    draw = ImageDraw.Draw(canvas)
    glyph = entry.get("glyph") or entry["name"]["C"][:1]
    font_size = big // 2 if len(glyph) == 1 else big // 3
    _centered_text(draw, inner, glyph, _font(font_size), (255, 255, 255, 240))
    return _png(canvas.resize((size, size), Image.Resampling.LANCZOS))


def screenshot_png(entry: dict[str, Any], index: int, title: str | None) -> bytes:
    """A 1280×800 stylised window of the application (its colours, glyph and name)."""
    dark, light = (_rgb(c) for c in entry.get("colors", ["#3daee9", "#93cee9"]))
    width, height = 1280, 800
    image = Image.new("RGB", (width, height), (239, 240, 241))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, 44), fill=(222, 224, 226))
    draw.text((20, 12), title or entry["id"], font=_font(20), fill=(35, 38, 41))
    for n, colour in enumerate(((237, 21, 21), (246, 116, 0), (39, 174, 96))):
        draw.ellipse((width - 40 - n * 30, 14, width - 22 - n * 30, 32), fill=colour)
    sidebar = 260 if index % 2 == 0 else 0
    if sidebar:
        draw.rectangle((0, 44, sidebar, height), fill=_mix(light, (255, 255, 255), 0.75))
        for row in range(9):
            y = 76 + row * 52
            fill = dark if row == index % 9 else _mix(dark, (255, 255, 255), 0.6)
            draw.rounded_rectangle((24, y, sidebar - 24, y + 30), radius=8, fill=fill)
    content = (sidebar + 32, 76, width - 32, height - 32)
    box = (content[2] - content[0], content[3] - content[1])
    rounded = Image.new("L", box, 0)
    ImageDraw.Draw(rounded).rounded_rectangle((0, 0, box[0] - 1, box[1] - 1), radius=18, fill=255)
    image.paste(_gradient(box, _mix(light, (255, 255, 255), 0.3), dark), content[:2], rounded)
    draw.rounded_rectangle(content, radius=18, outline=_mix(dark, (0, 0, 0), 0.2), width=3)
    glyph = entry.get("glyph") or entry["name"]["C"][:1]
    _centered_text(draw, content, glyph, _font(220), (255, 255, 255))
    for n in range(3 + index):
        y = content[3] - 70 - n * 38
        draw.rounded_rectangle(
            (content[0] + 40, y, content[0] + 40 + 180 + 60 * ((n + index) % 4), y + 18),
            radius=9,
            fill=(255, 255, 255),
        )
    return _png(image)
