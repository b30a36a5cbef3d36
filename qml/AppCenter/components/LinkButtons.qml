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

    Repeater {
        model: links.model
        delegate: Button {
            id: link
            required property var modelData
            objectName: "link_" + link.modelData.kind
            text: link.modelData.label
            contentItem: PlainContent { control: link }
            flat: true
            icon.name: link.modelData.kind === "homepage" ? "internet-web-browser"
                     : link.modelData.kind === "bugtracker" ? "tools-report-bug"
                     : link.modelData.kind === "help" || link.modelData.kind === "faq" ? "help-contents"
                     : link.modelData.kind === "donation" ? "help-donate"
                     : link.modelData.kind === "translate" ? "preferences-desktop-locale"
                     : link.modelData.kind === "contact" ? "mail-message-new"
                     : "internet-web-browser"
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
