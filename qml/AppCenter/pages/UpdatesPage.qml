import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Updates (placeholder until the updater fills UpdatesModel): says so instead of lying.
Page {
    id: page

    required property var updates

    padding: 24
    Accessible.name: qsTr("Updates")

    ColumnLayout {
        anchors.fill: parent
        spacing: 12
        Label {
            text: qsTr("Updates")
            font.pixelSize: 22
            font.bold: true
        }
        Label {
            visible: !page.updates.available
            text: qsTr("Updates are not available yet in this version of the application center.")
            wrapMode: Text.Wrap
            opacity: 0.8
            Layout.fillWidth: true
        }
        Label {
            visible: page.updates.available && page.updates.count === 0
            text: qsTr("Your system is up to date.")
            Layout.fillWidth: true
        }
        Item { Layout.fillHeight: true }
    }
}
