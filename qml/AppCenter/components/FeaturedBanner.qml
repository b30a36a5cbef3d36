pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The home page's featured banner: large tiles in the highlight colour, one or more at a
// time depending on the width, with arrows to move through them. Tab focuses the banner,
// arrows move, Enter opens. Names and summaries come from packages: plain text.
FocusScope {
    id: banner

    required property var model
    signal opened(string appId)

    readonly property int count: tiles.count
    // As many whole tiles of about 22 grid units as fit, and at least 14 grid units each.
    readonly property int perView: Math.max(1, Math.floor(tiles.width / (Theme.gridUnit * 22)))
    readonly property real tileWidth: Math.max(Theme.gridUnit * 14,
                                               (tiles.width - Theme.spacing * (banner.perView - 1)) / banner.perView)

    implicitHeight: Math.ceil(Theme.gridUnit * 6.5 + titleMetrics.height * 2.5)

    ListView {
        id: tiles
        objectName: "featuredBanner"
        anchors.fill: parent
        orientation: ListView.Horizontal
        spacing: Theme.spacing
        clip: true
        focus: true
        activeFocusOnTab: true
        keyNavigationEnabled: true
        highlightRangeMode: ListView.ApplyRange
        preferredHighlightBegin: 0
        preferredHighlightEnd: width
        snapMode: ListView.SnapToItem
        boundsBehavior: Flickable.StopAtBounds
        highlightMoveDuration: 200
        model: banner.model
        Accessible.name: qsTr("Featured applications")
        Accessible.role: Accessible.List
        onCountChanged: tiles.currentIndex = tiles.count > 0 ? Math.max(tiles.currentIndex, 0) : -1
        Keys.onReturnPressed: banner.opened(banner.model.appIdAt(tiles.currentIndex))
        Keys.onEnterPressed: banner.opened(banner.model.appIdAt(tiles.currentIndex))

        delegate: ItemDelegate {
            id: tile
            required property int index
            required property string appId
            required property string name
            required property string summary
            required property string iconUrl
            width: banner.tileWidth
            height: tiles.height
            padding: Theme.largeSpacing
            focusPolicy: Qt.NoFocus
            Accessible.name: tile.name
            Accessible.description: tile.summary
            onClicked: banner.opened(tile.appId)
            background: Rectangle {
                radius: Theme.spacing
                color: Theme.badge
                border.width: tiles.activeFocus && tiles.currentIndex === tile.index ? Theme.focusWidth * 2 : 0
                border.color: Theme.badgeText
            }
            contentItem: RowLayout {
                spacing: Theme.largeSpacing
                Image {
                    readonly property bool isLoading: status === Image.Loading
                    source: tile.iconUrl
                    sourceSize.width: 128
                    sourceSize.height: 128
                    asynchronous: true
                    fillMode: Image.PreserveAspectFit
                    Layout.preferredWidth: Theme.gridUnit * 5
                    Layout.preferredHeight: Theme.gridUnit * 5
                    Accessible.ignored: true
                }
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: Theme.spacing
                    Label {
                        text: tile.name
                        textFormat: Text.PlainText
                        color: Theme.badgeText
                        font.pointSize: Theme.titleSize
                        font.bold: true
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    Label {
                        text: tile.summary
                        textFormat: Text.PlainText
                        color: Theme.badgeText
                        font.pointSize: Theme.subheadingSize
                        wrapMode: Text.Wrap
                        elide: Text.ElideRight
                        maximumLineCount: 2
                        Layout.fillWidth: true
                    }
                }
            }
        }
    }

    RoundButton {
        objectName: "bannerPrevious"
        visible: tiles.count > 1 && tiles.currentIndex > 0
        anchors.left: parent.left
        anchors.verticalCenter: parent.verticalCenter
        anchors.leftMargin: Theme.spacing
        text: "‹"
        font.pointSize: Theme.headingSize
        focusPolicy: Qt.NoFocus
        Accessible.name: qsTr("Previous featured application")
        onClicked: tiles.decrementCurrentIndex()
    }
    RoundButton {
        objectName: "bannerNext"
        visible: tiles.count > 1 && tiles.currentIndex < tiles.count - 1
        anchors.right: parent.right
        anchors.verticalCenter: parent.verticalCenter
        anchors.rightMargin: Theme.spacing
        text: "›"
        font.pointSize: Theme.headingSize
        focusPolicy: Qt.NoFocus
        Accessible.name: qsTr("Next featured application")
        onClicked: tiles.incrementCurrentIndex()
    }
    FocusRing {
        shown: tiles.activeFocus
    }

    FontMetrics {
        id: titleMetrics
        font.pointSize: Theme.titleSize
    }
}
