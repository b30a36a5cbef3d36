pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls

// The category sidebar: freedesktop main categories with their icons and application counts.
// Keyboard: Tab into the list, arrows move, Return or Space opens; the current entry shows
// the focus ring while the list has focus.
ListView {
    id: list

    property string current: ""
    signal selected(string categoryId)

    objectName: "categoryList"
    clip: true
    keyNavigationEnabled: true
    activeFocusOnTab: true
    currentIndex: -1
    Accessible.name: qsTr("Categories")
    Accessible.role: Accessible.List
    // Entering with the keyboard starts at the shown category (or the first).
    onActiveFocusChanged: {
        if (!list.activeFocus || list.count === 0)
            return
        for (let i = 0; i < list.count; ++i) {
            const entry = list.itemAtIndex(i) as ItemDelegate
            if (entry && entry.highlighted) {
                list.currentIndex = i
                return
            }
        }
        if (list.currentIndex < 0)
            list.currentIndex = 0
    }
    Keys.onReturnPressed: list.openCurrent()
    Keys.onEnterPressed: list.openCurrent()
    Keys.onSpacePressed: list.openCurrent()

    function openCurrent() {
        const entry = list.currentItem as CategoryEntry
        if (entry)
            list.selected(entry.categoryId)
    }

    component CategoryEntry: ItemDelegate {
        id: entry
        required property int index
        required property string categoryId
        required property string name
        required property string countText
        required property string iconName

        width: ListView.view.width
        highlighted: entry.categoryId === list.current
        focusPolicy: Qt.NoFocus  // the list has the focus; arrows move its current entry
        icon.name: entry.iconName
        text: entry.name
        contentItem: PlainContent {
            id: entryContent
            control: entry
            color: entry.highlighted ? entry.palette.highlightedText : entry.palette.text
            // the icons' own colours; symbolic ones follow the text (dark on a dark
            // palette they vanished; issue 32)
            iconColor: entry.iconName.endsWith("-symbolic") ? entryContent.color : "transparent"
            alignment: Qt.AlignLeft
        }
        font.bold: entry.highlighted
        Accessible.name: qsTr("%1, %2 applications").arg(entry.name).arg(entry.countText)
        onClicked: list.selected(entry.categoryId)
        // The style's icon and text, with the count on the right.
        rightPadding: count.implicitWidth + Theme.largeSpacing * 2
        Label {
            id: count
            textFormat: Text.PlainText
            anchors.right: parent.right
            anchors.rightMargin: Theme.largeSpacing
            anchors.verticalCenter: parent.verticalCenter
            text: entry.countText
            color: entry.highlighted ? entry.palette.highlightedText : Theme.mutedText
            Accessible.ignored: true
        }
        FocusRing {
            shown: list.activeFocus && entry.ListView.isCurrentItem
        }
    }

    delegate: CategoryEntry {}
}
