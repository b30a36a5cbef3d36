import QtQuick

// What a card or a banner tile will look like, drawn before the catalog has answered: the
// same size, an icon's square and two lines of text as quiet bars. The home page's first
// frame shows these (issue 31: cards at once); the real cards take their places without
// moving anything.
Rectangle {
    id: placeholder

    // The icon's side: a card's 3.5 grid units, a banner tile's 4.
    property real iconSize: Math.round(Theme.gridUnit * 3.5)
    property real inset: Theme.largeSpacing
    readonly property color ink: Theme.withAlpha(Theme.text, 0.08)

    objectName: "cardPlaceholder"
    radius: Theme.spacing
    color: Theme.surface
    border.width: 1
    border.color: Theme.border
    Accessible.ignored: true

    Rectangle {
        id: icon
        x: placeholder.inset
        anchors.verticalCenter: parent.verticalCenter
        width: placeholder.iconSize
        height: placeholder.iconSize
        radius: Theme.spacing
        color: placeholder.ink
    }
    Column {
        anchors.left: icon.right
        anchors.leftMargin: placeholder.inset
        anchors.right: parent.right
        anchors.rightMargin: placeholder.inset
        anchors.verticalCenter: parent.verticalCenter
        spacing: Theme.spacing
        Rectangle {
            width: parent.width * 0.55
            height: Theme.spacing * 2
            radius: height / 2
            color: placeholder.ink
        }
        Rectangle {
            width: parent.width * 0.85
            height: Theme.spacing * 1.5
            radius: height / 2
            color: placeholder.ink
        }
    }
}
