pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The home page's featured banner: large tiles, one or more at a time depending on the width,
// with arrows to move through them. Each tile is painted in the application's own colour
// (its AppStream branding, else its icon's key colour, stored in the catalog), softened for
// the window's scheme, its text black or white at 4.5:1 (domain/colors.py); the highlight
// colour when the catalog has none. The arrows sit in gutters beside the tiles, never over
// text; names wrap to two lines before they are cut. Tab focuses the banner, arrows move,
// Enter opens. Names and summaries come from packages: plain text.
FocusScope {
    id: banner

    required property var model
    // Before the first answer: tiles' placeholders of the same size (the first frame).
    property bool placeholder: false
    readonly property bool showsPlaceholder: banner.placeholder && tiles.count === 0
    signal opened(string appId)

    readonly property int count: tiles.count
    // As many whole tiles of about 22 grid units as fit, and at least 14 grid units each.
    readonly property int perView: Math.max(1, Math.floor(tiles.width / (Theme.gridUnit * 22)))
    readonly property real tileWidth: Math.max(Theme.gridUnit * 14,
                                               (tiles.width - Theme.spacing * (banner.perView - 1)) / banner.perView)

    implicitHeight: Math.ceil(Theme.gridUnit * 5 + titleMetrics.height * 3.5)

    // Room for the arrows beside the tiles (an arrow over a tile covered its name).
    // Only when there are more tiles than fit (computed on the banner's width: the tiles'
    // width depends on the gutter).
    readonly property bool scrolls: tiles.count > Math.max(1, Math.floor(banner.width / (Theme.gridUnit * 22)))
    // The placeholder keeps the gutters too: a banner has more tiles than fit (BANNER_SIZE).
    readonly property real gutter: banner.scrolls || banner.showsPlaceholder ? Theme.gridUnit * 2 : 0

    ListView {
        id: tiles
        objectName: "featuredBanner"
        anchors.fill: parent
        anchors.leftMargin: banner.gutter
        anchors.rightMargin: banner.gutter
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
            required property string tileColor
            required property string tileTextColor
            readonly property color fill: tile.tileColor !== "" ? tile.tileColor : Theme.badge
            readonly property color ink: tile.tileTextColor !== "" ? tile.tileTextColor
                                                                   : Theme.badgeText
            objectName: "featuredTile"
            width: banner.tileWidth
            height: tiles.height
            padding: Theme.largeSpacing
            focusPolicy: Qt.NoFocus
            Accessible.name: tile.name
            Accessible.description: tile.summary
            onClicked: banner.opened(tile.appId)
            background: Rectangle {
                radius: Theme.spacing
                color: tile.fill
                border.width: tiles.activeFocus && tiles.currentIndex === tile.index ? Theme.focusWidth * 2 : 0
                border.color: tile.ink
            }
            contentItem: RowLayout {
                spacing: Theme.largeSpacing
                Image {
                    readonly property bool isLoading: status === Image.Loading
                    source: tile.iconUrl
                    sourceSize.width: 128
                    sourceSize.height: 128
                    asynchronous: false  // a Python image provider: see AppCard.qml
                    fillMode: Image.PreserveAspectFit
                    Layout.preferredWidth: Theme.gridUnit * 4
                    Layout.preferredHeight: Theme.gridUnit * 4
                    Accessible.ignored: true
                }
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: Theme.spacing
                    Label {
                        id: nameLabel
                        objectName: "featuredName"
                        text: tile.name
                        textFormat: Text.PlainText
                        color: tile.ink
                        // a name that needs more than two lines at the title size gets the
                        // heading size, so it is read whole
                        font.pointSize: nameProbe.lineCount > 2 ? Theme.headingSize : Theme.titleSize
                        font.bold: true
                        // "GNU Image Manipulation Program" on two lines, not "GNU Image Manip…"
                        wrapMode: Text.Wrap
                        maximumLineCount: 2
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                        // the name laid out at the title size, unseen: how many lines it takes
                        Text {
                            id: nameProbe
                            visible: false
                            width: nameLabel.width
                            text: tile.name
                            textFormat: Text.PlainText
                            wrapMode: Text.Wrap
                            font.pointSize: Theme.titleSize
                            font.bold: true
                        }
                    }
                    Label {
                        text: tile.summary
                        textFormat: Text.PlainText
                        color: tile.ink
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

    Row {
        objectName: "bannerPlaceholder"
        visible: banner.showsPlaceholder
        x: banner.gutter
        spacing: Theme.spacing
        Repeater {
            model: banner.placeholder ? banner.perView : 0  // hidden, not destroyed, when the tiles come
            CardPlaceholder {
                width: banner.tileWidth
                height: banner.height
                iconSize: Theme.gridUnit * 4
                border.width: 0
                color: Theme.withAlpha(Theme.text, 0.05)
            }
        }
    }

    RoundButton {
        objectName: "bannerPrevious"
        visible: banner.scrolls
        enabled: tiles.currentIndex > 0
        anchors.left: parent.left
        anchors.verticalCenter: parent.verticalCenter
        width: banner.gutter - Theme.spacing
        height: width
        text: "‹"
        font.pointSize: Theme.headingSize
        focusPolicy: Qt.NoFocus
        Accessible.name: qsTr("Previous featured application")
        onClicked: tiles.decrementCurrentIndex()
    }
    RoundButton {
        objectName: "bannerNext"
        visible: banner.scrolls
        enabled: tiles.currentIndex < tiles.count - 1
        anchors.right: parent.right
        anchors.verticalCenter: parent.verticalCenter
        width: banner.gutter - Theme.spacing
        height: width
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
