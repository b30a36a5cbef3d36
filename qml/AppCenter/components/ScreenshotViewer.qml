pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// A screenshot over the whole window, opened from the app page's carousel: swipe, the arrow
// keys (Home and End for the first and last) or the buttons move between screenshots; Esc
// (or Close) goes back to the page. The caption is shown below the picture. Pictures load
// only while the viewer is open, decoded at most at the window's size (2560 px wide at
// most): a huge image from a catalog costs no more memory than a screenful.
Popup {
    id: viewer

    property var model
    property int currentIndex: 0

    function show(index: int) {
        viewer.open()
        view.currentIndex = index
        view.positionViewAtIndex(index, ListView.Beginning)
        view.forceActiveFocus()
    }

    parent: Overlay.overlay
    x: 0
    y: 0
    width: parent ? parent.width : 0
    height: parent ? parent.height : 0
    modal: true
    focus: true
    padding: Theme.largeSpacing
    closePolicy: Popup.CloseOnEscape

    background: Rectangle {
        color: Theme.background
    }

    contentItem: ColumnLayout {
        spacing: Theme.spacing
        Accessible.role: Accessible.Dialog
        Accessible.name: qsTr("Screenshot viewer")

        RowLayout {
            Layout.fillWidth: true
            Label {
                textFormat: Text.PlainText
                text: qsTr("Screenshot %1 of %2").arg(view.currentIndex + 1).arg(view.count)
                color: Theme.mutedText
                Layout.fillWidth: true
            }
            Button {
                objectName: "closeViewer"
                text: qsTr("Close")
                Accessible.name: qsTr("Close the screenshot viewer")
                onClicked: viewer.close()
            }
        }

        ListView {
            id: view
            objectName: "viewerView"
            Layout.fillWidth: true
            Layout.fillHeight: true
            orientation: ListView.Horizontal
            snapMode: ListView.SnapOneItem
            highlightRangeMode: ListView.StrictlyEnforceRange
            highlightMoveDuration: 200
            boundsBehavior: Flickable.StopAtBounds
            clip: true
            keyNavigationEnabled: true
            // swiping with a finger or the mouse moves one screenshot at a time
            interactive: true
            model: viewer.model
            Keys.onPressed: event => {
                if (event.key === Qt.Key_Home) {
                    view.currentIndex = 0
                    event.accepted = true
                } else if (event.key === Qt.Key_End) {
                    view.currentIndex = view.count - 1
                    event.accepted = true
                }
            }
            onCurrentIndexChanged: viewer.currentIndex = view.currentIndex
            Accessible.name: qsTr("Screenshots")
            Accessible.role: Accessible.List

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
                    Image {
                        id: picture
                        readonly property bool isLoading: status === Image.Loading
                        anchors.fill: parent
                        // nothing is loaded until the viewer is opened
                        source: viewer.visible ? slide.url : ""
                        asynchronous: true
                        cache: true
                        fillMode: Image.PreserveAspectFit
                        sourceSize.width: Math.min(2560, Math.ceil(viewer.width * Screen.devicePixelRatio))
                        Accessible.ignored: true
                    }
                    BusyIndicator {
                        anchors.centerIn: parent
                        running: picture.status === Image.Loading
                        visible: running
                    }
                    Label {
                        anchors.centerIn: parent
                        visible: picture.status === Image.Error
                        text: qsTr("Screenshot not available")
                        textFormat: Text.PlainText
                        color: Theme.mutedText
                    }
                }
                Label {
                    visible: slide.caption !== ""
                    text: slide.caption
                    textFormat: Text.PlainText
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.Wrap
                    font.pointSize: Theme.subheadingSize
                    Layout.fillWidth: true
                }
            }
        }

        RowLayout {
            Layout.alignment: Qt.AlignHCenter
            spacing: Theme.largeSpacing
            Button {
                objectName: "viewerPrevious"
                text: qsTr("Previous")
                icon.source: Qt.resolvedUrl("../icons/go-previous.svg")
                icon.color: Theme.text
                enabled: view.currentIndex > 0
                // Fusion greys only a disabled button's icon: the whole button fades
                opacity: enabled ? 1 : 0.45
                Accessible.name: qsTr("Previous screenshot")
                onClicked: view.decrementCurrentIndex()
            }
            Button {
                objectName: "viewerNext"
                text: qsTr("Next")
                icon.source: Qt.resolvedUrl("../icons/go-next.svg")
                icon.color: Theme.text
                enabled: view.currentIndex < view.count - 1
                opacity: enabled ? 1 : 0.45
                Accessible.name: qsTr("Next screenshot")
                onClicked: view.incrementCurrentIndex()
            }
        }
    }
}
