import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// A running install or removal: status text, progress bar (busy bar when the backend cannot
// tell a percentage) and Cancel.
Frame {
    id: panel

    property string statusText: ""
    property int percent: -1
    signal cancelRequested()

    Accessible.role: Accessible.ProgressBar
    Accessible.name: panel.statusText

    RowLayout {
        anchors.fill: parent
        spacing: Theme.largeSpacing
        ColumnLayout {
            Layout.fillWidth: true
            Label {
                text: panel.percent >= 0 ? qsTr("%1 — %2 %").arg(panel.statusText).arg(panel.percent)
                                         : panel.statusText
                textFormat: Text.PlainText
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
            ProgressBar {
                from: 0
                to: 100
                value: Math.max(0, panel.percent)
                indeterminate: panel.percent < 0
                Layout.fillWidth: true
                Accessible.name: panel.statusText
            }
        }
        Button {
            text: qsTr("Cancel")
            icon.name: "dialog-cancel"
            Accessible.name: qsTr("Cancel")
            onClicked: panel.cancelRequested()
        }
    }
}
