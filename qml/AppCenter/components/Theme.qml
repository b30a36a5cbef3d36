pragma Singleton
import QtQuick

// Every colour and text size the pages use, derived from the system: colours from the
// palette (SystemPalette follows the desktop's colour scheme, the org.kde.desktop style and
// --color-scheme), sizes from the application font (the desktop's font and --font-scale).
// Accent colours (stars, banners, badges) start from Breeze's hues and are darkened or
// lightened until they meet WCAG AA against the palette they are drawn on: text 4.5:1,
// stars, icons and focus rings 3:1. tests/ui/test_theme_contrast.py checks light, dark and
// high-contrast palettes.
QtObject {
    id: theme

    readonly property SystemPalette palette: SystemPalette {
        colorGroup: SystemPalette.Active
    }
    readonly property SystemPalette disabledPalette: SystemPalette {
        colorGroup: SystemPalette.Disabled
    }

    // -- text sizes: a scale over the application font (points, never pixels) ------------
    // FontMetrics starts with the application font (the desktop's, times --font-scale).
    readonly property FontMetrics applicationFont: FontMetrics {}
    readonly property real bodySize: theme.applicationFont.font.pointSize > 0
                                     ? theme.applicationFont.font.pointSize
                                     : theme.applicationFont.font.pixelSize * 0.75
    readonly property real smallSize: theme.bodySize * 0.9
    readonly property real subheadingSize: theme.bodySize * 1.15
    readonly property real headingSize: theme.bodySize * 1.5
    readonly property real titleSize: theme.bodySize * 1.8
    readonly property real iconGlyphSize: theme.bodySize * 1.6

    // -- spacing follows the font too, so a big font does not crowd -----------------------
    readonly property real gridUnit: Math.round(theme.bodySize * 1.6)
    readonly property real spacing: Math.round(theme.gridUnit / 3)
    readonly property real largeSpacing: Math.round(theme.gridUnit * 2 / 3)

    // -- text -------------------------------------------------------------------------------
    readonly property color text: theme.palette.windowText
    readonly property color background: theme.palette.window
    readonly property color surface: theme.palette.base
    readonly property color surfaceHover: theme.palette.alternateBase
    readonly property color border: theme.palette.mid
    // Outlines that are the only sign of a shape (outlined badges, page dots): 3:1, WCAG's
    // non-text contrast; palette.mid nearly vanishes on dark palettes (issue 32).
    readonly property color outline: theme.ensureContrast(
        theme.palette.mid, [theme.palette.window, theme.palette.base], 3)
    // Secondary text (counts, developer, hints): quieter than the text, still 4.5:1.
    readonly property color mutedText: theme.ensureContrast(
        Qt.tint(theme.palette.windowText, theme.withAlpha(theme.palette.window, 0.4)),
        [theme.palette.window, theme.palette.base], 4.5)
    // Accent text ("Installed", notes): the highlight hue at text contrast.
    // Error text on the window ("That did not work", over-long input): the negative hue at
    // text contrast.
    readonly property color errorText: theme.ensureContrast(
        "#da4453", [theme.palette.window, theme.palette.base], 4.5)
    readonly property color accentText: theme.ensureContrast(
        theme.palette.highlight, [theme.palette.window, theme.palette.base], 4.5)

    // -- stars --------------------------------------------------------------------------------
    readonly property color star: theme.ensureContrast(
        "#f6a500", [theme.palette.base, theme.palette.window], 3)
    readonly property color starEmpty: theme.ensureContrast(
        Qt.tint(theme.palette.windowText, theme.withAlpha(theme.palette.base, 0.55)),
        [theme.palette.base, theme.palette.window], 3)

    // -- focus ring -------------------------------------------------------------------------
    readonly property color focus: theme.ensureContrast(
        theme.palette.highlight, [theme.palette.base, theme.palette.window], 3)
    readonly property int focusWidth: 2

    // -- banners and badges: a background and the text drawn on it ------------------------
    readonly property color negative: theme.backgroundFor("#da4453")
    readonly property color negativeText: theme.textOn("#da4453")
    readonly property color warning: theme.backgroundFor("#f67400")
    readonly property color warningText: theme.textOn("#f67400")
    readonly property color info: theme.backgroundFor("#3daee9")
    readonly property color infoText: theme.textOn("#3daee9")
    readonly property color badge: theme.backgroundFor(theme.palette.highlight)
    readonly property color badgeText: theme.textOn(theme.palette.highlight)

    // -- WCAG arithmetic ----------------------------------------------------------------------
    function channel(value: real): real {
        return value <= 0.04045 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4)
    }
    function luminance(c: color): real {
        return 0.2126 * theme.channel(c.r) + 0.7152 * theme.channel(c.g)
               + 0.0722 * theme.channel(c.b)
    }
    function contrast(a: color, b: color): real {
        const la = theme.luminance(a)
        const lb = theme.luminance(b)
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
    }
    function withAlpha(c: color, alpha: real): color {
        return Qt.rgba(c.r, c.g, c.b, alpha)
    }
    function mix(a: color, b: color, t: real): color {
        return Qt.rgba(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, 1)
    }
    // ``wanted`` moved towards black on light backgrounds (white on dark ones) in small
    // steps until it reaches ``ratio`` against every colour in ``backgrounds``.
    function ensureContrast(wanted: color, backgrounds: list<color>, ratio: real): color {
        let light = 0
        for (const bg of backgrounds)
            light += theme.luminance(bg)
        const target = light / backgrounds.length > 0.18 ? Qt.rgba(0, 0, 0, 1) : Qt.rgba(1, 1, 1, 1)
        for (let step = 0; step <= 20; ++step) {
            const candidate = theme.mix(wanted, target, step / 20)
            let ok = true
            for (const bg of backgrounds)
                ok = ok && theme.contrast(candidate, bg) >= ratio
            if (ok)
                return candidate
        }
        return target
    }
    // Black or white, whichever reads better on ``bg``.
    function textOn(bg: color): color {
        const black = Qt.rgba(0, 0, 0, 1)
        const white = Qt.rgba(1, 1, 1, 1)
        return theme.contrast(bg, black) >= theme.contrast(bg, white) ? black : white
    }
    // ``bg`` adjusted so that textOn(bg) reaches 4.5:1 on it.
    function backgroundFor(bg: color): color {
        return theme.ensureContrast(bg, [theme.textOn(bg)], 4.5)
    }
}
