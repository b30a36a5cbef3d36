import QtQuick
import QtQuick.Controls

// A fixed text that opens a web page: drawn like a link (the accent colour at text contrast,
// underlined when hovered or focused, a pointing hand), reached with Tab and opened with
// Enter or Space like a button. The text is a fixed string of ours, shown plain.
AbstractButton {
    id: link

    // the address, for the tooltip and screen readers (opening it is the user's onClicked)
    property string url: ""

    padding: 0
    focusPolicy: Qt.StrongFocus
    hoverEnabled: true
    Accessible.role: Accessible.Link
    Accessible.name: link.text
    Accessible.description: link.url
    ToolTip.text: link.url
    ToolTip.visible: link.hovered && link.url !== ""
    ToolTip.delay: 600

    contentItem: Label {
        text: link.text
        textFormat: Text.PlainText
        color: Theme.accentText
        font.underline: true
        elide: Text.ElideRight
    }

    Keys.onReturnPressed: link.clicked()
    Keys.onEnterPressed: link.clicked()

    HoverHandler {
        cursorShape: Qt.PointingHandCursor
    }
    FocusRing {}
}
