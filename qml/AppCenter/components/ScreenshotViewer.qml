pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// A screenshot over the whole window: the arrow keys or buttons move between screenshots,
// Esc (or Close) goes back to the page. The caption is shown below the picture.
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
                icon.name: "window-close"
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
            model: viewer.model
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

                Image {
                    readonly property bool isLoading: status === Image.Loading
                    // nothing is loaded until the viewer is opened
                    source: viewer.visible ? slide.url : ""
                    asynchronous: true
                    cache: true
                    fillMode: Image.PreserveAspectFit
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    Accessible.ignored: true
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
                icon.name: "go-previous"
                enabled: view.currentIndex > 0
                Accessible.name: qsTr("Previous screenshot")
                onClicked: view.decrementCurrentIndex()
            }
            Button {
                objectName: "viewerNext"
                text: qsTr("Next")
                icon.name: "go-next"
                enabled: view.currentIndex < view.count - 1
                Accessible.name: qsTr("Next screenshot")
                onClicked: view.incrementCurrentIndex()
            }
        }
    }
}
