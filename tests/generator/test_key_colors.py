"""Issue 32: the banner's colours. The developer's AppStream branding colours are read from
every syntax; without them the generator computes the icon's key colour once, from the icon
the catalog stores, and writes it into the catalog (never the front end per frame)."""

from __future__ import annotations

import io
import random
import sqlite3
from pathlib import Path

from PIL import Image

from appcenter_qt.cli import generate
from appcenter_qt.domain import Application, Icon, IconKind, LocalizedText
from appcenter_qt.domain.colors import KEY, PRIMARY, AppColor, to_hex, to_rgb
from appcenter_qt.extract.app_spool import AppSpool, pixel_icon_count
from appcenter_qt.extract.appstream.metainfo import parse_metainfo
from appcenter_qt.generator.key_colors import key_color, with_key_colors
from tests.extract.conftest import read_dep11, read_xml, tags
from tests.extract.packages import build_deb
from tests.extract.samples import app_files, desktop, png


def _icon(draw: str) -> bytes:
    """A 64 px icon: a transparent frame around a shape."""
    image = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    pixels = image.load()
    assert pixels is not None
    for x in range(8, 56):
        for y in range(8, 56):
            if draw == "orange-on-white":  # a white plate with an orange mark on it
                pixels[x, y] = (240, 120, 20, 255) if 20 <= x < 44 else (255, 255, 255, 255)
            elif draw == "black-and-white":
                pixels[x, y] = (0, 0, 0, 255) if x < 32 else (255, 255, 255, 255)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_the_key_colour_is_the_icons_colour_not_its_plate_or_frame() -> None:
    color = key_color(_icon("orange-on-white"))
    assert color is not None
    r, g, b = to_rgb(color)
    assert r > 0.85 and 0.35 < g < 0.6 and b < 0.2  # orange: the frame and plate left out
    assert key_color(png(64, (30, 90, 200, 255))) == "#1e5ac8"


def test_an_icon_without_colour_gets_a_grey_and_bad_data_none() -> None:
    color = key_color(_icon("black-and-white"))
    assert color is not None
    r, g, b = to_rgb(color)
    assert r == g == b  # a grey: no hue was invented
    assert key_color(png(64, (0, 0, 0, 0))) is None  # fully transparent
    assert key_color(b"not a png") is None
    assert key_color(b"") is None


def _key_colour_per_pixel(data: bytes) -> str | None:
    """The key colour as the module's docstring defines it, one pixel at a time: what the
    whole-image masks must give, the boundary levels included."""
    with Image.open(io.BytesIO(data)) as image:
        small = image.convert("RGBA").resize((32, 32), Image.Resampling.BOX)
    rgba = list(small.get_flattened_data())
    hsv = list(small.convert("RGB").convert("HSV").get_flattened_data())
    opaque = [n for n, (_r, _g, _b, a) in enumerate(rgba) if a >= 128]
    if not opaque:
        return None
    colourful = [n for n in opaque if hsv[n][1] >= 0.25 * 255 and hsv[n][2] >= 0.2 * 255]
    chosen = opaque
    if len(colourful) >= 0.1 * len(opaque):
        sectors = [hsv[n][0] * 12 // 256 for n in colourful]
        fullest = max(range(12), key=lambda k: (sectors.count(k), -k))
        chosen = [n for n, k in zip(colourful, sectors, strict=True) if k == fullest]
    mean = [sum(rgba[n][band] for n in chosen) / (len(chosen) * 255) for band in range(3)]
    return to_hex((mean[0], mean[1], mean[2]))


def test_the_key_colour_is_its_per_pixel_definition_at_every_level() -> None:
    # 32 px icons of random levels: the reduction keeps every pixel as it is, and each of
    # the thresholds' boundary levels (alpha 127/128, saturation 63/64, value 50/51, the
    # hues where a sector starts) occurs in every icon many times.
    rng = random.Random(31)  # noqa: S311 (test pixels, not secrets)
    icons = []
    for n in range(150):
        pixels = bytes(rng.getrandbits(8) for _ in range(32 * 32 * 4))
        image = Image.frombytes("RGBA", (32, 32), pixels)
        if n % 3 == 0:  # few colours: one sector can win by a wide margin, or greys
            image = image.quantize(rng.randint(2, 6)).convert("RGBA")
        out = io.BytesIO()
        image.save(out, format="PNG")
        icons.append(out.getvalue())
    differing = [n for n, i in enumerate(icons) if key_color(i) != _key_colour_per_pixel(i)]
    assert differing == []
    assert len({key_color(icon) for icon in icons}) > 100  # colours, not one fallback


def test_key_colours_are_added_once_from_the_stored_icon() -> None:
    icon = Icon(IconKind.CACHED, "org.example.A.png", 64, 1, "64x64/org.example.A.png")
    app = Application("org.example.A", LocalizedText.untranslated("A"), icons=(icon,))
    (done,) = with_key_colors([app], {icon.path: png(64, (200, 30, 30, 255))})
    assert done.colors == (AppColor(KEY, "", "#c81e1e"),)
    # a theme icon's pixels are not the catalog's: no colour rather than a guess
    stock = Application("b", LocalizedText.untranslated("B"), icons=(Icon(IconKind.STOCK, "b"),))
    assert with_key_colors([stock], {})[0].colors == ()


def test_worker_processes_give_the_same_colours_in_the_same_order() -> None:
    """A cold system build decodes its icons in ``--jobs`` processes: same result as one."""
    apps, archive = [], {}
    for n in range(300):  # more than two batches, so the work is split
        icon = Icon(IconKind.CACHED, f"a{n}.png", 64, 1, f"64x64/a{n}.png")
        archive[icon.path] = png(64, (n % 256, (7 * n) % 256, 200, 255)) if n % 50 else b"bad"
        apps.append(
            Application(f"org.example.A{n}", LocalizedText.untranslated("A"), icons=(icon,))
        )
    alone = with_key_colors(apps, archive)
    together = with_key_colors(apps, archive, workers=2)
    assert together == alone
    assert together[1].colors == (AppColor(KEY, "", "#0107c8"),)
    assert together[50].colors == ()  # undecodable: no colour, and the others still have one


def _many(count: int) -> tuple[list[Application], dict[str, bytes]]:
    apps, archive = [], {}
    for n in range(count):
        icon = Icon(IconKind.CACHED, f"s{n}.png", 64, 1, f"64x64/s{n}.png")
        archive[icon.path] = png(64, ((3 * n) % 256, 120, (5 * n) % 256, 255))
        apps.append(
            Application(f"org.example.S{n}", LocalizedText.untranslated("S"), icons=(icon,))
        )
    return apps, archive


class _Counted(list):  # type: ignore[type-arg]
    """A list that counts the reads of its items (a spool unpickles each)."""

    def __init__(self, items: list[Application]) -> None:
        super().__init__(items)
        self.reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        self.reads += 1
        return super().__getitem__(index)


def test_streamed_colours_are_decoded_while_read_and_the_memo_learns_them(
    tmp_path: Path,
) -> None:
    """A system build reads the coloured view while the workers still decode (the writer
    works meanwhile): the same colours as decoding first, each application read once, and
    the memo has them all once the view is closed."""
    from appcenter_qt.generator.color_memo import ColorMemo

    apps, archive = _many(1000)  # eight batches: more than the view reads ahead
    counted = _Counted(apps)
    memo = ColorMemo.load(tmp_path)
    streamed = with_key_colors(counted, archive, memo=memo, workers=2, streamed=True)
    assert counted.reads == 0  # returned before any application was read
    assert list(streamed) == list(with_key_colors(apps, archive))
    # read once, for its icon and for the caller alike (a first pass read each twice)
    assert counted.reads == 1000
    streamed.close()
    memo.save(tmp_path)
    again = ColorMemo.load(tmp_path)
    assert with_key_colors(apps, archive, memo=again) == streamed
    assert again.hits == 1000  # every icon known: nothing decoded the second time


def test_a_failed_build_stops_the_colour_workers_at_once() -> None:
    apps, archive = _many(600)
    streamed = with_key_colors(apps, archive, workers=2, streamed=True)
    streamed[0]  # the first application asked for: the workers start on the icons ahead
    pool = streamed._decoding._pool
    assert pool is not None
    pids = [worker.process.pid for worker in pool._workers]
    assert pids and all(Path(f"/proc/{pid}").exists() for pid in pids)
    streamed.close(kill=True)
    assert not any(Path(f"/proc/{pid}").exists() for pid in pids)  # killed and reaped
    streamed.close()  # twice is harmless


def test_spooled_applications_are_coloured_as_read_not_loaded_at_once() -> None:
    """The merge keeps Debian's 2,000 applications on disk; colouring them must not load
    them all (~50 MB): the result is a view over the spool, equal to colouring a list."""
    apps, archive = [], {}
    for n in range(5):
        icon = Icon(IconKind.CACHED, f"b{n}.png", 64, 1, f"64x64/b{n}.png")
        archive[icon.path] = png(64, (40 * n, 90, 30, 255))
        apps.append(
            Application(f"org.example.B{n}", LocalizedText.untranslated("B"), icons=(icon,))
        )
    spool = AppSpool()
    spool.extend(apps)
    coloured = with_key_colors(spool, archive)
    assert not isinstance(coloured, list)
    assert coloured == with_key_colors(apps, archive)
    assert coloured[-1] == list(coloured)[4] and coloured[-1].colors[0].kind == KEY
    assert pixel_icon_count(coloured) == 5  # counted from the spool, nothing read


BRANDING_XML = b"""<?xml version="1.0"?>
<components version="0.16" origin="test">
 <component type="desktop-application">
  <id>org.example.Brand</id>
  <name>Brand</name>
  <summary>Branded</summary>
  <pkgname>brand</pkgname>
  <branding>
   <color type="primary" scheme_preference="light">#FAA298</color>
   <color type="primary" scheme_preference="dark">#7f2c22</color>
   <color type="primary">red</color>
   <color type="secondary">#000000</color>
  </branding>
 </component>
</components>
"""
BRANDING_DEP11 = b"""---
File: DEP-11
Version: '0.16'
Origin: test
---
Type: desktop-application
ID: org.example.Brand
Package: brand
Name: {C: Brand}
Summary: {C: Branded}
Branding:
  colors:
  - {type: primary, scheme-preference: light, value: '#FAA298'}
  - {type: primary, scheme-preference: dark, value: '#7f2c22'}
  - {type: primary, value: 'red'}
"""
EXPECTED = (AppColor(PRIMARY, "dark", "#7f2c22"), AppColor(PRIMARY, "light", "#faa298"))


def test_branding_colours_from_catalog_xml_dep11_and_metainfo() -> None:
    apps, result, _ = read_xml(BRANDING_XML)
    assert apps["org.example.Brand"].colors == EXPECTED
    assert "invalid-field" in tags(result)  # "red" was skipped with a hint
    apps, result, _ = read_dep11(BRANDING_DEP11)
    assert apps["org.example.Brand"].colors == EXPECTED
    assert "invalid-field" in tags(result)
    component = BRANDING_XML.split(b"<components", 1)[1].split(b">", 1)[1]
    component = component.rsplit(b"</components>", 1)[0]
    info, hints = parse_metainfo(
        b'<?xml version="1.0"?>' + component, "usr/share/metainfo/org.example.Brand.xml", "t"
    )
    assert info is not None, hints
    app = info.application if hasattr(info, "application") else info.app
    assert app.colors == EXPECTED


def test_the_generator_stores_the_key_colour_in_the_catalog(tmp_path: Path) -> None:
    files = app_files(
        "org.example.Blue",
        desktop("Blue", "org.example.Blue"),
        {"usr/share/icons/hicolor/64x64/apps/org.example.Blue.png": png(64, (30, 90, 200, 255))},
    )
    pool = tmp_path / "pool"
    pool.mkdir()
    build_deb(pool, "blue", files)
    out = tmp_path / "out"
    assert generate.main(["-q", "-o", str(out), str(pool)]) == 0
    with sqlite3.connect(out / "appcenter.sqlite") as db:
        rows = db.execute(
            "SELECT a.app_id, c.kind, c.scheme, c.color FROM colors c "
            "JOIN applications a ON a.id = c.application_id"
        ).fetchall()
    assert rows == [("org.example.Blue", "key", "", "#1e5ac8")]
