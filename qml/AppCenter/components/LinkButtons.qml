pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls

// The application's links (website, bug tracker, help, donate, translate, contact) as
// buttons opened with the desktop's handler. Python offers only http(s) and mailto links
// and checks again when one is opened (Launcher.openUrl).
Flow {
    id: links

    // [{kind, url, label}]
    property var model: []
    required property var launcher

    spacing: Theme.spacing

    function iconFor(kind: string): string {
        switch (kind) {
        case "bugtracker": return "tools-report-bug"
        case "help": return "help-contents"
        case "faq": return "help-faq"
        case "donation": return "help-donate"
        case "translate": return "preferences-desktop-locale"
        case "contact": return "mail-message-new"
        default: return "internet-web-browser"
        }
    }

    Repeater {
        model: links.model
        delegate: Button {
            id: link
            required property var modelData
            objectName: "link_" + link.modelData.kind
            text: link.modelData.label
            contentItem: PlainContent { control: link }
            flat: true
            // Our own monochrome glyphs, named after the freedesktop icons they stand for,
            // drawn in the text colour: a theme's full-colour icon tinted by the style turns
            // into a black square (light) or a white blob (dark), and half of these names
            // are missing from most themes anyway.
            icon.source: Qt.resolvedUrl("../icons/" + links.iconFor(link.modelData.kind) + ".svg")
            icon.color: link.enabled ? Theme.text : Theme.disabledPalette.windowText
            ToolTip.text: link.modelData.url
            ToolTip.visible: link.hovered || link.visualFocus
            ToolTip.delay: 600
            Accessible.name: link.modelData.label
            Accessible.description: link.modelData.url
            onClicked: links.launcher.openUrl(link.modelData.url)
            FocusRing {}
        }
    }
}
