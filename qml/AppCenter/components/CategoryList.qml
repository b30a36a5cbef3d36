pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The category sidebar: freedesktop main categories with their application counts.
ListView {
    id: list

    property string current: ""
    signal selected(string categoryId)

    clip: true
    keyNavigationEnabled: true
    activeFocusOnTab: true
    currentIndex: -1
    Accessible.name: qsTr("Categories")
    Accessible.role: Accessible.List

    delegate: ItemDelegate {
        id: entry
        required property int index
        required property string categoryId
        required property string name
        required property string countText
        required property string iconName

        width: ListView.view.width
        highlighted: entry.categoryId === list.current
        icon.name: entry.iconName
        text: entry.name
        Accessible.name: qsTr("%1, %2 applications").arg(entry.name).arg(entry.countText)
        onClicked: list.selected(entry.categoryId)
        Keys.onReturnPressed: list.selected(entry.categoryId)
        contentItem: RowLayout {
            Label {
                text: entry.name
                elide: Text.ElideRight
                font.bold: entry.highlighted
                Layout.fillWidth: true
            }
            Label {
                text: entry.countText
                opacity: 0.6
            }
        }
    }
}
