pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The application's screenshots on its page. No space is reserved for pictures the page does
// not have: while the thumbnails load, when none could be loaded (offline, refused, broken)
// and when there are none, the area is one quiet line. Once one has loaded: the current
// screenshot large (the catalog's aspect ratio, the height capped), the arrows on its edges,
// its caption, and a strip of thumbnails below. Swipe, the arrows, the arrow keys or a
// thumbnail move; a click, Enter or Space asks for the full-size viewer (openRequested).
// Remote images load asynchronously through the engine's disk cache (ui/network_cache.py)
// and the media guard; decoding is capped at 1280 px wide (thumbnails at their strip size).
ColumnLayout {
    id: carousel

    property var model
    readonly property int count: carousel.model ? carousel.model.count : 0
    readonly property int currentIndex: view.currentIndex
    // the catalog's width / height of the screenshots (ScreenshotsModel.aspect)
    readonly property real aspect: carousel.model ? carousel.model.aspect : 1.6
    // how many thumbnails loaded and how many could not (recount())
    property int readyCount: 0
    property int failedCount: 0
    // set when nothing has loaded after a while: a request that never answers (a dead
    // network can leave one hanging) must not keep the page "loading" for ever
    property bool gaveUp: false
    //: none, loading, failed or ready: what the area shows
    readonly property string phase: carousel.count === 0 ? "none"
                                    : carousel.readyCount > 0 ? "ready"
                                    : carousel.failedCount >= carousel.count || carousel.gaveUp
                                      ? "failed"
                                    : "loading"
    // the picture's height at most (the page keeps it under half its own height)
    property real maximumHeight: Theme.gridUnit * 22
    readonly property real pictureHeight: Math.round(Math.min(carousel.width / carousel.aspect,
                                                              carousel.maximumHeight))
    readonly property real thumbnailHeight: Theme.gridUnit * 3.5

    signal openRequested(int index)

    function recount(): void {
        let ready = 0
        let failed = 0
        for (let i = 0; i < thumbnails.count; ++i) {
            const thumb = thumbnails.itemAt(i) as Thumbnail
            if (thumb === null)
                continue
            if (thumb.loaded)
                ++ready
            else if (thumb.failed)
                ++failed
        }
        carousel.readyCount = ready
        carousel.failedCount = failed
    }

    // keeps the current screenshot's thumbnail in the strip's view
    function revealThumbnail(index: int): void {
        const thumb = thumbnails.itemAt(index)
        if (thumb === null)
            return
        let x = strip.contentX
        if (thumb.x < x)
            x = thumb.x
        else if (thumb.x + thumb.width > x + strip.width)
            x = thumb.x + thumb.width - strip.width
        // within the strip's bounds, whatever the sizes were when this was last asked
        strip.contentX = Math.max(0, Math.min(x, strip.contentWidth - strip.width))
    }

    component Thumbnail: Item {
        id: thumb
        required property int index
        required property string thumbnailUrl
        required property string caption
        readonly property bool loaded: picture.status === Image.Ready
        readonly property bool failed: picture.status === Image.Error || picture.status === Image.Null
        readonly property bool current: thumb.index === view.currentIndex

        objectName: "thumbnail"
        // a picture that cannot be shown takes no room in the strip
        visible: !thumb.failed
        implicitWidth: thumb.failed ? 0 : Math.round(carousel.thumbnailHeight * carousel.aspect)
        implicitHeight: carousel.thumbnailHeight
        Accessible.role: Accessible.Button
        Accessible.name: thumb.caption !== "" ? thumb.caption
                                              : qsTr("Screenshot %1").arg(thumb.index + 1)
        Accessible.onPressAction: view.currentIndex = thumb.index

        Image {
            id: picture
            // read by --screenshot, which waits for every image
            readonly property bool isLoading: status === Image.Loading
            anchors.fill: parent
            anchors.margins: Theme.focusWidth + 1
            source: thumb.thumbnailUrl
            asynchronous: true
            cache: true
            fillMode: Image.PreserveAspectFit
            sourceSize.height: Math.ceil(carousel.thumbnailHeight * 2)
            opacity: thumb.current ? 1 : 0.75
            // later, once every binding on the status (loaded, failed) has followed
            onStatusChanged: Qt.callLater(carousel.recount)
        }
        Rectangle {
            anchors.fill: parent
            color: "transparent"
            radius: 3
            border.width: thumb.current ? Theme.focusWidth : 1
            border.color: thumb.current ? Theme.focus : Theme.border
        }
        TapHandler {
            onTapped: view.currentIndex = thumb.index
        }
        HoverHandler {
            cursorShape: Qt.PointingHandCursor
        }
    }

    spacing: Theme.spacing

    // every new application (the model says so even when the count stays the same)
    Connections {
        target: carousel.model
        function onCountChanged(): void {
            carousel.gaveUp = false
            patience.restart()
            carousel.recount()
        }
    }

    Timer {
        id: patience
        interval: 8000
        onTriggered: carousel.gaveUp = true
    }

    // the quiet line: loading, none, or none that could be loaded
    RowLayout {
        objectName: "screenshotsLine"
        // read by --screenshot, which waits until the thumbnails have answered
        readonly property bool isLoading: carousel.phase === "loading"
        visible: carousel.phase !== "ready"
        spacing: Theme.spacing
        Layout.fillWidth: true
        BusyIndicator {
            running: carousel.phase === "loading"
            visible: running
            implicitWidth: Theme.gridUnit
            implicitHeight: Theme.gridUnit
        }
        Label {
            objectName: "screenshotsNote"
            textFormat: Text.PlainText
            text: carousel.phase === "loading" ? qsTr("Loading screenshots…")
                : carousel.phase === "failed" ? qsTr("Screenshots could not be loaded")
                : qsTr("No screenshots")
            color: Theme.mutedText
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
    }

    Item {
        objectName: "screenshotStage"
        visible: carousel.phase === "ready"
        Layout.fillWidth: true
        Layout.preferredHeight: carousel.pictureHeight + captionMetrics.height + Theme.spacing

        FontMetrics {
            id: captionMetrics
        }

        ListView {
            id: view
            objectName: "screenshotView"
            // as wide as the picture (never wider than the page), so the arrows sit on it
            width: Math.min(carousel.width, Math.round(carousel.pictureHeight * carousel.aspect))
            height: parent.height
            anchors.horizontalCenter: parent.horizontalCenter
            orientation: ListView.Horizontal
            snapMode: ListView.SnapOneItem
            highlightRangeMode: ListView.StrictlyEnforceRange
            highlightMoveDuration: 250
            boundsBehavior: Flickable.StopAtBounds
            clip: true
            keyNavigationEnabled: true
            activeFocusOnTab: carousel.phase === "ready"
            model: carousel.model
            // a new application's screenshots start at the first one
            onCountChanged: view.currentIndex = view.count > 0 ? 0 : -1
            onCurrentIndexChanged: carousel.revealThumbnail(view.currentIndex)
            Accessible.name: qsTr("Screenshots")
            Accessible.description: qsTr("Press Enter to view full size")
            Accessible.role: Accessible.List
            Keys.onReturnPressed: carousel.openRequested(view.currentIndex)
            Keys.onEnterPressed: carousel.openRequested(view.currentIndex)
            Keys.onSpacePressed: carousel.openRequested(view.currentIndex)
            // Visible focus: Tab lands here, the arrow keys then move between screenshots.
            FocusRing {}

            delegate: ColumnLayout {
                id: slide
                required property string url
                required property string caption
                width: ListView.view.width
                height: ListView.view.height
                spacing: Theme.spacing
                Accessible.role: Accessible.Graphic
                Accessible.name: slide.caption !== "" ? slide.caption : qsTr("Screenshot")

                Item {
                    Layout.fillWidth: true
                    Layout.preferredHeight: carousel.pictureHeight
                    TapHandler {
                        onTapped: carousel.openRequested(view.currentIndex)
                    }
                    HoverHandler {
                        cursorShape: Qt.PointingHandCursor
                    }
                    Image {
                        id: picture
                        // read by --screenshot, which waits for every image
                        readonly property bool isLoading: status === Image.Loading
                        anchors.fill: parent
                        // the thumbnails first: the large pictures only once one has loaded
                        // (so a dead network costs one small request a screenshot)
                        source: carousel.phase === "ready" ? slide.url : ""
                        asynchronous: true
                        cache: true
                        fillMode: Image.PreserveAspectFit
                        sourceSize.width: 1280
                        Accessible.name: slide.caption
                    }
                    Label {
                        textFormat: Text.PlainText
                        anchors.centerIn: parent
                        visible: picture.status === Image.Error || picture.status === Image.Null
                        text: qsTr("Screenshot not available")
                        color: Theme.mutedText
                    }
                    BusyIndicator {
                        anchors.centerIn: parent
                        running: picture.status === Image.Loading
                        visible: running
                    }
                }
                Label {
                    text: slide.caption
                    textFormat: Text.PlainText
                    horizontalAlignment: Text.AlignHCenter
                    elide: Text.ElideRight
                    color: Theme.mutedText
                    Layout.fillWidth: true
                }
            }
        }
        RoundButton {
            objectName: "fullSizeButton"
            x: view.x + view.width - width - Theme.spacing
            y: Theme.spacing
            icon.source: Qt.resolvedUrl("../icons/view-fullscreen.svg")
            icon.color: Theme.text
            display: AbstractButton.IconOnly
            text: qsTr("View full size")
            Accessible.name: text
            ToolTip.text: text
            ToolTip.visible: hovered
            ToolTip.delay: 600
            onClicked: carousel.openRequested(view.currentIndex)
        }
        RoundButton {
            objectName: "previousScreenshot"
            x: view.x + Theme.spacing
            y: Math.round((carousel.pictureHeight - height) / 2)
            text: "‹"
            font.pointSize: Theme.headingSize
            visible: view.count > 1 && view.currentIndex > 0
            Accessible.name: qsTr("Previous screenshot")
            onClicked: view.decrementCurrentIndex()
        }
        RoundButton {
            objectName: "nextScreenshot"
            x: view.x + view.width - width - Theme.spacing
            y: Math.round((carousel.pictureHeight - height) / 2)
            text: "›"
            font.pointSize: Theme.headingSize
            visible: view.count > 1 && view.currentIndex < view.count - 1
            Accessible.name: qsTr("Next screenshot")
            onClicked: view.incrementCurrentIndex()
        }
    }

    // the thumbnails: every screenshot that could be loaded, the current one framed
    Flickable {
        id: strip
        objectName: "thumbnailStrip"
        // kept in the scene while hidden: its thumbnails are what decides the phase
        visible: carousel.phase === "ready" && carousel.readyCount > 1
        Layout.alignment: Qt.AlignHCenter
        Layout.preferredWidth: Math.min(carousel.width, thumbnailRow.width)
        Layout.preferredHeight: carousel.thumbnailHeight
        contentWidth: thumbnailRow.width
        contentHeight: thumbnailRow.height
        boundsBehavior: Flickable.StopAtBounds
        flickableDirection: Flickable.HorizontalFlick
        clip: true
        Accessible.role: Accessible.List
        Accessible.name: qsTr("Screenshot %1 of %2").arg(view.currentIndex + 1).arg(view.count)

        onWidthChanged: carousel.revealThumbnail(view.currentIndex)
        onContentWidthChanged: carousel.revealThumbnail(view.currentIndex)

        Behavior on contentX {
            NumberAnimation { duration: 150 }
        }

        Row {
            id: thumbnailRow
            spacing: Theme.spacing
            Repeater {
                id: thumbnails
                objectName: "thumbnails"
                model: carousel.model
                delegate: Thumbnail {}
                onItemAdded: Qt.callLater(carousel.recount)
                onItemRemoved: Qt.callLater(carousel.recount)
            }
        }
    }
}
