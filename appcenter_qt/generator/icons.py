"""Icons: finding an application's icon among theme files, and rendering it to fixed sizes.

**Lookup.** A desktop file names an icon (``Icon=org.gnome.Mines``); the pixels live under
``usr/share/icons/<theme>/<size>/<context>/`` or ``usr/share/pixmaps/`` of the same package or,
for stock names such as ``accessories-calculator``, of an icon theme package elsewhere in the
input. :func:`icon_file` classifies a member path, :func:`rank` orders candidates for one target
size: the package's own files first, ``hicolor`` before other themes, then a PNG at least as
large as the target (the smallest such), then SVG, then smaller PNGs (upscaled), then pixmaps;
between other themes quality decides before the theme name.

**Rendering.** Pillow decodes raster icons (PNG, GIF: first frame) after checking the declared
dimensions (:data:`MAX_DIMENSION`, so a 20000×20000 PNG is rejected before any pixel is
decoded) and renders to a square transparent PNG; XPM is decoded by :func:`_xpm`, because
Pillow's reader refuses most real XPM files. SVG goes through resvg (``resvg-py``): a maintained,
sandbox-friendly renderer in Rust with wheels on PyPI, no cairo/GTK stack and no network or
file access when the document has no external references, which we reject up front. SVGZ is
decompressed with a size cap, so a gzip bomb is a reason, not an out-of-memory.

Output is deterministic: the same input bytes give the same PNG bytes (no timestamps or text
chunks), which keeps the icon archive reproducible.
"""

from __future__ import annotations

import base64
import io
import re
import struct
import zlib
from typing import TYPE_CHECKING

import defusedxml
import defusedxml.ElementTree as SafeET
from PIL import Image, ImageColor, UnidentifiedImageError

from appcenter_qt.extract.appstream.xml_limits import max_depth
from appcenter_qt.generator.composition import IconFile

if TYPE_CHECKING:  # defusedxml parses into the standard library's elements
    from xml.etree.ElementTree import Element

#: Largest raster icon accepted, per side. Real icons are at most 1024 px.
MAX_DIMENSION = 4096
#: Largest SVG (after SVGZ decompression) accepted.
MAX_SVG_BYTES = 4 * 1024 * 1024
#: An icon has hundreds of elements, not tens of thousands; ``<use>`` fan-out is the SVG form
#: of a billion-laughs attack, which no renderer time limit would catch in time.
MAX_SVG_ELEMENTS = 20_000
MAX_SVG_USES = 500
#: resvg recurses per nesting level: 900 nested groups with opacity are a SIGSEGV. Icons nest
#: a dozen levels.
MAX_SVG_DEPTH = 64
#: Declared canvas (root width/height or viewBox) per side, in user units; icons are ≤ 1024.
MAX_SVG_SIDE = 16_384
#: Largest ``data:`` URI embedded in an SVG (encoded). Its image's declared size is checked
#: against :data:`MAX_DIMENSION` too: a 20000×20000 PNG compresses to a few MiB and would
#: expand to 1.6 GB in the renderer.
MAX_SVG_EMBEDDED_BYTES = 1024 * 1024
#: ``feTurbulence`` costs numOctaves per pixel; real files use 1–8, 10⁸ never finishes.
MAX_SVG_OCTAVES = 16
#: Theme sizes below this fraction of the target are not upscaled.
MIN_UPSCALE_FRACTION = 0.5
IMAGE_EXTENSIONS = ("png", "svg", "svgz", "xpm", "gif")
#: An XPM palette entry is at most this many characters per pixel (real files use 1–2).
MAX_XPM_CHARS_PER_PIXEL = 4
_SIZE_DIR = re.compile(r"(\d{1,4})(?:x(\d{1,4}))?(?:@(\d)x?)?")
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_LEADING_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")

_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class IconError(ValueError):
    """An icon file that cannot be used; the message is the reason for the report."""


def icon_file(path: str) -> IconFile | None:
    """Classify ``usr/share/icons/<theme>/<size>/<context>/<name>.<ext>`` or
    ``usr/share/pixmaps/<name>.<ext>``; ``None`` for anything else (and symbolic icons)."""
    parts = path.split("/")
    stem, dot, ext = parts[-1].rpartition(".")
    ext = ext.lower()
    if not dot or ext not in IMAGE_EXTENSIONS or not stem or stem.endswith("-symbolic"):
        return None
    if parts[:3] == ["usr", "share", "pixmaps"] and len(parts) == 4:
        return IconFile(stem, "", -1, 1, ext, path)
    if parts[:3] != ["usr", "share", "icons"] or len(parts) != 7:
        return None
    theme = parts[3]
    # The theme spec lets index.theme name any directories; real themes use either
    # <size>/<context> (hicolor, Adwaita) or <context>/<size> (breeze: apps/48).
    for size_dir in (parts[4], parts[5]):
        if size_dir == "scalable":
            return IconFile(stem, theme, 0, 1, ext, path)
        match = _SIZE_DIR.fullmatch(size_dir)
        if match and match.group(2) in (None, match.group(1)):
            scale = max(int(match.group(3) or 1), 1)
            return IconFile(stem, theme, int(match.group(1)), scale, ext, path)
    return None


def icon_name_of(value: str) -> tuple[str, str]:
    """``Icon=`` value → (name, absolute member path or ""). ``foo.png`` (not allowed by the
    spec, common in practice) is looked up as ``foo``."""
    value = value.strip()
    if value.startswith("/"):
        return "", value.lstrip("/")
    stem, dot, ext = value.rpartition(".")
    if dot and ext.lower() in IMAGE_EXTENSIONS:
        return stem, ""
    return value, ""


def rank(candidate: IconFile, target: int, own: bool) -> tuple:
    """Sort key: lower is better (see the module docstring)."""
    pixels = candidate.pixels
    if candidate.fmt in ("svg", "svgz"):
        quality: tuple[int, int] = (1, 0)
    elif candidate.size == -1:
        quality = (3, 0) if candidate.fmt == "png" else (4, 0)
    elif pixels >= target:
        quality = (0, pixels)
    else:
        quality = (2, -pixels)
    return (
        0 if own else 1,
        0 if candidate.theme in ("hicolor", "") else 1,
        *quality,
        candidate.theme,
        candidate.path,
    )


def usable(candidate: IconFile, target: int) -> bool:
    """Theme PNGs far smaller than the target would be a blur; pixmaps are checked later."""
    if candidate.size <= 0 or candidate.fmt in ("svg", "svgz"):
        return True
    return candidate.pixels >= target * MIN_UPSCALE_FRACTION


# -- rendering ---------------------------------------------------------------------------------
def _square(image: Image.Image, size: int) -> bytes:
    image = image.convert("RGBA")
    width, height = image.size
    if (width, height) != (size, size):
        factor = size / max(width, height)
        new_size = (max(1, round(width * factor)), max(1, round(height * factor)))
        image = image.resize(new_size, Image.Resampling.LANCZOS)
    if image.size != (size, size):
        canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        canvas.paste(image, ((size - image.width) // 2, (size - image.height) // 2))
        image = canvas
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _check_png_header(data: bytes) -> None:
    """Read a PNG's declared size from IHDR, before Pillow allocates anything."""
    if data[:8] == _PNG_MAGIC and data[12:16] == b"IHDR" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        if width > MAX_DIMENSION or height > MAX_DIMENSION:
            raise IconError(f"image too large: {width}×{height} (limit {MAX_DIMENSION})")


def _raster(data: bytes, size: int) -> bytes:
    _check_png_header(data)
    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
            if width > MAX_DIMENSION or height > MAX_DIMENSION:
                raise IconError(f"image too large: {width}×{height} (limit {MAX_DIMENSION})")
            if image.format not in ("PNG", "XPM", "JPEG", "GIF", "ICO"):
                raise IconError(f"unsupported image format {image.format}")
            if getattr(image, "n_frames", 1) > 1:
                image.seek(0)
            image.load()
            return _square(image, size)
    except IconError:
        raise
    except Image.DecompressionBombError as error:
        raise IconError("image too large: decompression bomb") from error
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as error:
        raise IconError(f"corrupt image: {error}") from error


#: A C string literal, or a comment (skipped as a whole, so ``"/*"`` inside a string is text).
_XPM_TOKEN = re.compile(rb'"((?:[^"\\]|\\.)*)"|/\*.*?\*/', re.DOTALL)
_XPM_GREY = re.compile(r"gr[ae]y(\d{1,3})\Z")
_XPM_COLOUR_KEYS = ("c", "g", "g4", "m")  # colour visual first, as libXpm prefers
_XPM_KEYS = frozenset({*_XPM_COLOUR_KEYS, "s"})


def _xpm_colour(value: str) -> tuple[int, int, int, int]:
    """An XPM colour: ``None``, ``#rgb`` … ``#rrrrggggbbbb``, an X11 name (``gray50``)."""
    lowered = value.lower()
    if lowered in ("none", "transparent"):
        return (0, 0, 0, 0)
    if lowered.startswith("#") and len(lowered) in (4, 7, 10, 13):
        digits = len(lowered[1:]) // 3
        try:
            channels = [int(lowered[1 + n * digits : 1 + (n + 1) * digits], 16) for n in range(3)]
        except ValueError:
            raise IconError(f"xpm colour {value[:20]!r} is not hexadecimal") from None
        top = 16**digits - 1
        r, g, b = (round(c * 255 / top) for c in channels)
        return (r, g, b, 255)
    grey = _XPM_GREY.match(lowered.replace(" ", ""))
    if grey and int(grey.group(1)) <= 100:
        level = round(int(grey.group(1)) * 255 / 100)
        return (level, level, level, 255)
    try:
        r, g, b = ImageColor.getrgb(lowered.replace(" ", ""))[:3]
    except ValueError:
        raise IconError(f"xpm colour {value[:20]!r} is unknown") from None
    return (r, g, b, 255)


def _xpm(data: bytes) -> Image.Image:
    """Decode an XPM (the X PixMap C source Debian's menu pixmaps use) to RGBA.

    Pillow's XPM reader refuses the X11 colour names (``gray100``), 16-bit colours and the
    comments real files have between their strings, so XPM is decoded here: it is a list of
    C strings (values, palette, rows), small and bounded by :data:`MAX_DIMENSION`.
    """
    strings = [
        m.group(1).decode("latin-1") for m in _XPM_TOKEN.finditer(data) if m.group(1) is not None
    ]
    try:
        width, height, colours, cpp = (int(v) for v in strings[0].split()[:4])
    except (IndexError, ValueError):
        raise IconError("corrupt image: xpm has no valid values line") from None
    if width > MAX_DIMENSION or height > MAX_DIMENSION:
        raise IconError(f"image too large: {width}×{height} (limit {MAX_DIMENSION})")
    if min(width, height, colours, cpp) <= 0 or cpp > MAX_XPM_CHARS_PER_PIXEL:
        raise IconError(f"corrupt image: xpm values {strings[0][:40]!r}")
    if len(strings) < 1 + colours + height:
        raise IconError("corrupt image: xpm is truncated")
    palette: dict[str, bytes] = {}
    for entry in strings[1 : 1 + colours]:
        key, current = entry[:cpp], None
        pairs: dict[str, list[str]] = {}
        for word in entry[cpp:].split():  # "c light gray s background": values may have spaces
            if word in _XPM_KEYS:
                current = pairs.setdefault(word, [])
            elif current is not None:
                current.append(word)
        name = next((" ".join(pairs[k]) for k in _XPM_COLOUR_KEYS if pairs.get(k)), None)
        if name is None:
            raise IconError(f"corrupt image: xpm colour entry {entry[:40]!r}")
        palette[key] = bytes(_xpm_colour(name))
    pixels = bytearray()
    for row in strings[1 + colours : 1 + colours + height]:
        if len(row) < width * cpp:
            raise IconError("corrupt image: xpm row too short")
        try:
            pixels += b"".join(palette[row[x : x + cpp]] for x in range(0, width * cpp, cpp))
        except KeyError as error:
            raise IconError(
                f"corrupt image: xpm pixel {error.args[0]!r} not in the palette"
            ) from None
    return Image.frombytes("RGBA", (width, height), bytes(pixels))


def _gunzip_limited(data: bytes) -> bytes:
    decompressor = zlib.decompressobj(wbits=zlib.MAX_WBITS | 16)
    try:
        out = decompressor.decompress(data, MAX_SVG_BYTES + 1)
    except zlib.error as error:
        raise IconError(f"corrupt svgz: {error}") from error
    if len(out) > MAX_SVG_BYTES or decompressor.unconsumed_tail:
        raise IconError(f"svgz decompresses to more than {MAX_SVG_BYTES} bytes (bomb?)")
    return out


def check_svg(data: bytes) -> str:
    """The SVG as text if it is safe to hand to resvg: well-formed, no entity declarations,
    no references to files or URLs (only ``#fragment`` and ``data:`` links)."""
    if len(data) > MAX_SVG_BYTES:
        raise IconError(f"svg larger than {MAX_SVG_BYTES} bytes")
    try:
        root = SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except defusedxml.DefusedXmlException as error:
        raise IconError(f"svg declares entities ({type(error).__name__})") from error
    except SafeET.ParseError as error:
        raise IconError(f"svg is not well-formed XML: {error}") from error
    if max_depth(root, MAX_SVG_DEPTH) > MAX_SVG_DEPTH:
        raise IconError(f"svg nested deeper than {MAX_SVG_DEPTH} levels")
    _check_canvas(root)
    uses = 0
    for elements, element in enumerate(root.iter(), start=1):
        if isinstance(element.tag, str) and element.tag.rsplit("}", 1)[-1] == "use":
            uses += 1
        if elements > MAX_SVG_ELEMENTS or uses > MAX_SVG_USES:
            raise IconError(
                f"svg too complex (over {MAX_SVG_ELEMENTS} elements or {MAX_SVG_USES} <use>)"
            )
        for key in ("href", _XLINK_HREF):
            value = (element.get(key) or "").strip()
            if value and not value.startswith(("#", "data:")):
                raise IconError(f"svg references an external resource: {value[:80]!r}")
            if value.startswith("data:"):
                _check_embedded(value)
        octaves = element.get("numOctaves")
        if octaves is not None and _number(octaves) > MAX_SVG_OCTAVES:
            raise IconError(f"svg filter too expensive: numOctaves={octaves[:20]}")
        tag = element.tag if isinstance(element.tag, str) else ""
        style = (element.text or "").replace("url(#", "") if tag.endswith("style") else ""
        if "@import" in style or "url(" in style:
            raise IconError("svg stylesheet references an external resource")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _number(value: str) -> float:
    """The leading number of an SVG length (``"64px"`` → 64); 0 when there is none."""
    match = _LEADING_NUMBER.match(value.strip())
    try:
        return float(match.group()) if match else 0.0
    except ValueError:
        return 0.0


def _check_canvas(root: Element) -> None:
    sides = [_number(root.get("width") or ""), _number(root.get("height") or "")]
    box = (root.get("viewBox") or "").replace(",", " ").split()
    if len(box) == 4:
        sides += [_number(box[2]), _number(box[3])]
    largest = max(abs(side) for side in sides)
    if largest > MAX_SVG_SIDE:
        raise IconError(f"svg canvas too large: {largest:g} units (limit {MAX_SVG_SIDE})")


def _check_embedded(uri: str) -> None:
    """A ``data:`` image: small, not itself an SVG (whose content we would not have checked),
    and declaring at most :data:`MAX_DIMENSION` pixels per side."""
    if len(uri) > MAX_SVG_EMBEDDED_BYTES:
        raise IconError(f"svg embeds {len(uri)} bytes of data (limit {MAX_SVG_EMBEDDED_BYTES})")
    header, _, payload = uri.partition(",")
    if "svg" in header.lower():
        raise IconError("svg embeds another svg")
    if not header.lower().endswith(";base64"):
        return
    try:
        raw = base64.b64decode(payload, validate=False)
    except ValueError as error:
        raise IconError(f"svg embeds undecodable data: {error}") from error
    _check_png_header(raw)
    try:
        with Image.open(io.BytesIO(raw)) as image:  # reads the header only, no pixels
            width, height = image.size
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        return  # resvg will refuse it; nothing large can hide in what Pillow cannot size
    except Image.DecompressionBombError as error:
        raise IconError("svg embeds an image too large: decompression bomb") from error
    if width > MAX_DIMENSION or height > MAX_DIMENSION:
        raise IconError(f"svg embeds an image too large: {width}×{height}")


def _svg(data: bytes, size: int) -> bytes:
    import resvg_py

    text = check_svg(data)
    try:
        png = resvg_py.svg_to_bytes(
            svg_string=text, width=size, height=size, skip_system_fonts=True
        )
    except BaseException as error:  # resvg raises pyo3 PanicException (BaseException) too
        if isinstance(error, KeyboardInterrupt | SystemExit):
            raise
        raise IconError(f"svg cannot be rendered: {str(error)[:200]}") from error
    return _raster(bytes(png), size)


def render_icon(data: bytes, fmt: str, size: int) -> bytes:
    """PNG bytes of ``size``×``size`` pixels, or :class:`IconError` with the reason."""
    if fmt == "svgz":
        return _svg(_gunzip_limited(data), size)
    if fmt == "svg":
        return _svg(data, size)
    if fmt == "xpm" or data.lstrip()[:9] == b"/* XPM */":
        return _square(_xpm(data), size)
    return _raster(data, size)
