pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One row of the home page: a heading and the row's application cards side by side,
// scrolled sideways. Tab enters the row, arrows move, Enter opens; "See all" (when given)
// opens the full list. The cards are the grid's own AppCard.
ColumnLayout {
    id: shelf

    required property string title
    required property var model
    property string seeAllText: ""

    signal opened(string appId)
    signal seeAll()

    readonly property int count: row.count

    spacing: Theme.spacing

    RowLayout {
        Layout.fillWidth: true
        spacing: Theme.spacing
        Label {
            textFormat: Text.PlainText
            text: shelf.title
            font.pointSize: Theme.subheadingSize
            font.bold: true
            elide: Text.ElideRight
            Accessible.role: Accessible.Heading
            Layout.fillWidth: true
        }
        Button {
            id: seeAll
            visible: shelf.seeAllText !== ""
            text: shelf.seeAllText
            contentItem: PlainContent { control: seeAll }
            flat: true
            Accessible.name: qsTr("%1: %2").arg(shelf.title).arg(shelf.seeAllText)
            onClicked: shelf.seeAll()
            FocusRing {}
        }
    }

    ListView {
        id: row
        objectName: "shelfRow"
        orientation: ListView.Horizontal
        spacing: Theme.spacing
        clip: true
        model: shelf.model
        activeFocusOnTab: true
        keyNavigationEnabled: true
        boundsBehavior: Flickable.StopAtBounds
        Layout.fillWidth: true
        Layout.preferredHeight: Math.ceil(cardMetrics.height * 4.3 + Theme.largeSpacing * 2 + Theme.spacing * 2)
        Accessible.name: shelf.title
        Accessible.role: Accessible.List
        ScrollBar.horizontal: ScrollBar { policy: ScrollBar.AsNeeded }
        onCountChanged: row.currentIndex = row.count > 0 ? Math.max(row.currentIndex, 0) : -1
        Keys.onReturnPressed: shelf.opened(shelf.model.appIdAt(row.currentIndex))
        Keys.onEnterPressed: shelf.opened(shelf.model.appIdAt(row.currentIndex))

        delegate: AppCard {
            id: card
            width: Math.min(Theme.gridUnit * 17, row.width - Theme.spacing)
            height: row.height - Theme.spacing
            highlighted: row.activeFocus && row.currentIndex === card.index
            onOpened: id => shelf.opened(id)
        }
    }

    FontMetrics {
        id: cardMetrics
        font: Theme.applicationFont.font
    }
}
