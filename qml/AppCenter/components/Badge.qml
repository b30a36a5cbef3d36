import QtQuick
import QtQuick.Controls

// A small rounded label (the age rating, the licence): filled with a theme colour whose text
// reaches 4.5:1, or outlined when ``fill`` is transparent.
Rectangle {
    id: badge

    property string text: ""
    property color fill: "transparent"
    property color textColor: Theme.text

    implicitWidth: label.implicitWidth + Theme.largeSpacing
    implicitHeight: label.implicitHeight + Theme.spacing / 2
    radius: height / 2
    color: badge.fill
    border.width: badge.fill.a === 0 ? 1 : 0
    border.color: Theme.outline
    Accessible.role: Accessible.StaticText
    Accessible.name: badge.text

    Label {
        id: label
        anchors.centerIn: parent
        text: badge.text
        textFormat: Text.PlainText
        font.bold: true
        font.pointSize: Theme.smallSize
        color: badge.textColor
        Accessible.ignored: true
    }
}
