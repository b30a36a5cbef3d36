"""Issue 32: banner tiles in the application's colours, their text readable: WCAG AA (4.5:1)
for every colour, in light and in dark windows."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from appcenter_qt.domain.colors import (
    KEY,
    PRIMARY,
    TEXT_CONTRAST,
    AppColor,
    contrast,
    luminance,
    tile_colors,
    to_rgb,
)

hex_colors = st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}")


def test_wcag_arithmetic() -> None:
    assert round(contrast((0, 0, 0), (1, 1, 1)), 1) == 21.0
    assert contrast(to_rgb("#777777"), to_rgb("#ffffff")) < TEXT_CONTRAST  # the classic miss
    assert luminance((1, 1, 1)) == 1.0


@given(hex_colors, st.booleans(), st.sampled_from(["key", "primary", "primary-light"]))
def test_every_colour_gives_text_at_aa(value: str, dark: bool, how: str) -> None:
    if how == "key":
        colors = (AppColor(KEY, "", value),)
    elif how == "primary":
        colors = (AppColor(PRIMARY, "", value),)
    else:
        colors = (AppColor(PRIMARY, "dark" if dark else "light", value),)
    pair = tile_colors(colors, dark)
    assert pair is not None
    background, text = pair
    assert contrast(to_rgb(background), to_rgb(text)) >= TEXT_CONTRAST


def test_branding_for_the_scheme_wins_and_the_key_colour_is_softened() -> None:
    colors = (
        AppColor(KEY, "", "#3daee9"),
        AppColor(PRIMARY, "dark", "#102030"),
        AppColor(PRIMARY, "light", "#faa298"),
    )
    assert tile_colors(colors, dark=False) == ("#faa298", "#000000")
    assert tile_colors(colors, dark=True) == ("#102030", "#ffffff")
    key_only = (AppColor(KEY, "", "#3daee9"),)
    light = tile_colors(key_only, dark=False)
    dark = tile_colors(key_only, dark=True)
    assert light is not None and dark is not None
    # a pale tint on light windows, a deep shade on dark ones: no glaring block in dark mode
    assert luminance(to_rgb(light[0])) > luminance(to_rgb("#3daee9"))
    assert luminance(to_rgb(dark[0])) < 0.1
    # a near-black icon's tile is still a tile on a dark window, a white one on a light one
    near_black = tile_colors((AppColor(KEY, "", "#0a0a0a"),), dark=True)
    white = tile_colors((AppColor(KEY, "", "#ffffff"),), dark=False)
    assert near_black is not None and white is not None
    assert luminance(to_rgb(near_black[0])) >= 0.04
    assert luminance(to_rgb(white[0])) <= 0.7
    assert tile_colors((), dark=True) is None
