pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Add-ons of the application (plugins, language packs): name, summary, and Install or
// Remove through the same transactions as applications.
ColumnLayout {
    id: addons

    required property var model
    required property var transactions

    spacing: Theme.spacing

    Repeater {
        model: addons.model
        delegate: RowLayout {
            id: addon
            required property string appId
            required property string name
            required property string summary
            required property string appState
            required property int progress
            readonly property bool installed: addon.appState === "installed" || addon.appState === "updatable"
            readonly property bool working: addon.appState === "installing" || addon.appState === "removing"
            spacing: Theme.largeSpacing
            Layout.fillWidth: true

            ColumnLayout {
                spacing: 0
                Layout.fillWidth: true
                Label {
                    text: addon.name
                    textFormat: Text.PlainText
                    font.bold: true
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
                Label {
                    visible: addon.summary !== ""
                    text: addon.summary
                    textFormat: Text.PlainText
                    color: Theme.mutedText
                    wrapMode: Text.Wrap
                    maximumLineCount: 2
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
            }
            ProgressBar {
                visible: addon.working
                indeterminate: addon.progress < 0
                value: addon.progress / 100
                Layout.preferredWidth: Theme.gridUnit * 5
                Accessible.name: qsTr("Progress of %1").arg(addon.name)
            }
            Button {
                objectName: "addonButton"
                // like the application's Install: not offered when nothing could install it
                // (the page's note says why)
                visible: !addon.working && addons.transactions.available
                text: addon.installed ? qsTr("Remove") : qsTr("Install")
                Accessible.name: addon.installed ? qsTr("Remove %1").arg(addon.name)
                                                 : qsTr("Install %1").arg(addon.name)
                onClicked: addon.installed ? addons.transactions.remove(addon.appId)
                                           : addons.transactions.install(addon.appId)
                FocusRing {}
            }
        }
    }
}
