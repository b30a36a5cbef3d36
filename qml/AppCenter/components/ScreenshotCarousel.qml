pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Screenshots one at a time: swipe, arrow buttons or the arrow keys; page dots; caption.
// A click, Enter or Space asks for the full-screen viewer (openRequested).
// Images load asynchronously (remote ones through the disk cache); a broken or offline
// image shows a placeholder instead.
ColumnLayout {
    id: carousel

    property var model
    readonly property int count: view.count
    readonly property int currentIndex: view.currentIndex

    signal openRequested(int index)

    spacing: Theme.spacing

    Item {
        Layout.fillWidth: true
        Layout.preferredHeight: Math.min(carousel.width * 10 / 16, Theme.gridUnit * 26)

        ListView {
            id: view
            objectName: "screenshotView"
            anchors.fill: parent
            orientation: ListView.Horizontal
            snapMode: ListView.SnapOneItem
            highlightRangeMode: ListView.StrictlyEnforceRange
            highlightMoveDuration: 250
            boundsBehavior: Flickable.StopAtBounds
            clip: true
            keyNavigationEnabled: true
            activeFocusOnTab: true
            model: carousel.model
            // a new application's screenshots start at the first one
            onCountChanged: view.currentIndex = view.count > 0 ? 0 : -1
            Accessible.name: qsTr("Screenshots")
            Accessible.description: qsTr("Press Enter to view full screen")
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
                    Layout.fillHeight: true
                    TapHandler {
                        onTapped: carousel.openRequested(view.currentIndex)
                    }
                    HoverHandler {
                        cursorShape: Qt.PointingHandCursor
                    }
                    Image {
                        // read by --screenshot, which waits for every image
                        readonly property bool isLoading: status === Image.Loading
                        id: picture
                        anchors.fill: parent
                        source: slide.url
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
                    Layout.fillWidth: true
                }
            }
        }
        RoundButton {
            anchors.left: parent.left
            anchors.verticalCenter: parent.verticalCenter
            anchors.leftMargin: Theme.spacing
            text: "‹"
            font.pointSize: Theme.headingSize
            visible: view.count > 1
            enabled: view.currentIndex > 0
            Accessible.name: qsTr("Previous screenshot")
            onClicked: view.decrementCurrentIndex()
        }
        RoundButton {
            anchors.right: parent.right
            anchors.verticalCenter: parent.verticalCenter
            anchors.rightMargin: Theme.spacing
            text: "›"
            font.pointSize: Theme.headingSize
            visible: view.count > 1
            enabled: view.currentIndex < view.count - 1
            Accessible.name: qsTr("Next screenshot")
            onClicked: view.incrementCurrentIndex()
        }
    }
    PageIndicator {
        id: dots
        count: view.count
        currentIndex: view.currentIndex
        // the style's dots are faint on dark palettes: outline colour, the current one filled
        // in the focus colour (both 3:1 against the window)
        delegate: Rectangle {
            required property int index
            implicitWidth: Theme.spacing * 2
            implicitHeight: Theme.spacing * 2
            radius: width / 2
            color: index === dots.currentIndex ? Theme.focus : "transparent"
            border.width: 1
            border.color: index === dots.currentIndex ? Theme.focus : Theme.outline
        }
        visible: view.count > 1
        Layout.alignment: Qt.AlignHCenter
        Accessible.name: qsTr("Screenshot %1 of %2").arg(view.currentIndex + 1).arg(view.count)
    }
}
