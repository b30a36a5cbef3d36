pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One row of the home page: a heading and the row's application cards side by side,
// scrolled sideways. The cards share the row's width exactly (no half card at the end);
// when there are more than fit, the heading carries previous/next buttons that page through
// them (Tab reaches them; nothing is drawn over a card). Tab enters the row, arrows move,
// Enter opens; "See all" (when given) opens the full list. The cards are the grid's AppCard.
ColumnLayout {
    id: shelf

    required property string title
    required property var model
    property string seeAllText: ""
    // Before the first answer: cards' placeholders of the same size (the first frame).
    property bool placeholder: false

    signal opened(string appId)
    signal seeAll()

    readonly property int count: row.count
    // Whole cards of at least 15 grid units (17 at most, as before), filling the row.
    readonly property int perView: Math.max(1, Math.floor((row.width + Theme.spacing) / (Theme.gridUnit * 15 + Theme.spacing)))
    readonly property real cardWidth: (row.width - Theme.spacing * (shelf.perView - 1)) / shelf.perView
    readonly property bool scrolls: row.count > shelf.perView
    readonly property int firstShown: Math.max(0, row.indexAt(row.contentX + 1, 1))

    // Move by a page of whole cards; the current card follows, so the keyboard agrees.
    function page(step: int) {
        const target = Math.max(0, Math.min(row.count - shelf.perView, shelf.firstShown + step * shelf.perView))
        row.positionViewAtIndex(target, ListView.Beginning)
        row.currentIndex = step > 0 ? Math.max(row.currentIndex, target) : Math.min(row.currentIndex, target + shelf.perView - 1)
    }

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
        Button {
            objectName: "shelfPrevious"
            visible: shelf.scrolls || shelf.placeholder
            opacity: shelf.placeholder ? 0 : 1  // a placeholder row keeps the header's height
            enabled: row.contentX > row.originX + 1
            flat: true
            text: "‹"
            font.pointSize: Theme.headingSize
            Accessible.name: qsTr("%1: previous applications").arg(shelf.title)
            onClicked: shelf.page(-1)
            FocusRing {}
        }
        Button {
            objectName: "shelfNext"
            visible: shelf.scrolls || shelf.placeholder
            opacity: shelf.placeholder ? 0 : 1  // a placeholder row keeps the header's height
            enabled: row.contentX + row.width < row.originX + row.contentWidth - 1
            flat: true
            text: "›"
            font.pointSize: Theme.headingSize
            Accessible.name: qsTr("%1: more applications").arg(shelf.title)
            onClicked: shelf.page(1)
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
        snapMode: ListView.SnapToItem
        Layout.fillWidth: true
        Layout.preferredHeight: Math.ceil(cardMetrics.height * 4.3 + Theme.largeSpacing * 2 + Theme.spacing * 2)
        Accessible.name: shelf.title
        Accessible.role: Accessible.List
        ScrollBar.horizontal: ScrollBar { policy: ScrollBar.AsNeeded }
        onCountChanged: row.currentIndex = row.count > 0 ? Math.max(row.currentIndex, 0) : -1
        Keys.onReturnPressed: shelf.opened(shelf.model.appIdAt(row.currentIndex))
        Keys.onEnterPressed: shelf.opened(shelf.model.appIdAt(row.currentIndex))

        Row {
            objectName: "shelfPlaceholder"
            visible: shelf.placeholder && row.count === 0
            spacing: Theme.spacing
            Repeater {
                model: shelf.placeholder ? shelf.perView : 0
                CardPlaceholder {
                    width: shelf.cardWidth
                    height: row.height - Theme.spacing
                }
            }
        }

        delegate: AppCard {
            id: card
            width: shelf.cardWidth
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
