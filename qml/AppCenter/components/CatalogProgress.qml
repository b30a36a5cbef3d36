import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Shown instead of the pages until the catalog is open. On the first start on a machine
// whose catalog is built from its own AppStream pool this takes seconds, so it is a real
// progress bar (indeterminate until the build reports how far it is).
Item {
    id: panel

    property real progress: -1
    property string detail: ""

    Accessible.role: Accessible.ProgressBar
    Accessible.name: title.text

    ColumnLayout {
        anchors.centerIn: parent
        width: Math.min(panel.width - Theme.gridUnit * 3, Theme.gridUnit * 24)
        spacing: Theme.largeSpacing

        Label {
            id: title
            textFormat: Text.PlainText
            text: qsTr("Preparing the catalog…")
            font.pointSize: Theme.headingSize
            horizontalAlignment: Text.AlignHCenter
            Layout.fillWidth: true
        }
        Label {
            id: body
            textFormat: Text.PlainText
            text: qsTr("Reading the applications this system offers. This is only needed once, and again after the software sources change.")
            wrapMode: Text.Wrap
            color: Theme.mutedText
            horizontalAlignment: Text.AlignHCenter
            Layout.fillWidth: true
        }
        ProgressBar {
            objectName: "catalogProgressBar"
            from: 0
            to: 1
            value: Math.max(0, panel.progress)
            indeterminate: panel.progress < 0
            Layout.fillWidth: true
        }
        Label {
            // A file path from the machine: plain text, elided in the middle.
            text: panel.detail
            textFormat: Text.PlainText
            elide: Text.ElideMiddle
            color: Theme.mutedText
            font.pointSize: Theme.smallSize
            horizontalAlignment: Text.AlignHCenter
            Layout.fillWidth: true
        }
    }
}
