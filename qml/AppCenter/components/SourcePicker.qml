pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The app page's source picker, shown when an application comes from several sources (the
// distribution's package and a Flatpak remote's app, say): one choice per source with its
// version, sizes and, for a sandboxed source, what the app may reach outside its sandbox.
// Install and Remove act on the chosen one. Labels and versions come from the catalog and
// the sources: shown as plain text.
ColumnLayout {
    id: picker

    // packageDetails.sources: [{source, label, versionText, downloadSizeText, sizeText,
    // permissions, unsafe}], the default first
    property var sources: []
    property string selected: ""
    // registry names of the sources the application is installed from
    property var installedSources: []
    signal chosen(string source)

    spacing: Theme.spacing
    Accessible.role: Accessible.Grouping
    Accessible.name: qsTr("Source")

    Label {
        textFormat: Text.PlainText
        text: qsTr("Source")
        font.bold: true
        font.pointSize: Theme.subheadingSize
    }
    ButtonGroup { id: choices }
    Repeater {
        model: picker.sources
        delegate: Frame {
            id: entry
            required property var modelData
            required property int index
            readonly property bool current: entry.modelData.source === picker.selected
            readonly property bool installed: picker.installedSources.indexOf(entry.modelData.source) >= 0
            objectName: "sourceChoice" + entry.index
            Layout.fillWidth: true
            background: Rectangle {
                color: entry.current ? Theme.surface : "transparent"
                border.color: entry.current ? Theme.focus : Theme.border
                border.width: 1
                radius: Theme.spacing
            }
            RowLayout {
                anchors.left: parent.left
                anchors.right: parent.right
                spacing: Theme.spacing
                RadioButton {
                    id: radio
                    objectName: "sourceRadio" + entry.index
                    checked: entry.current
                    ButtonGroup.group: choices
                    Layout.alignment: Qt.AlignTop
                    Accessible.name: entry.modelData.label
                    onClicked: picker.chosen(entry.modelData.source)
                }
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: Theme.spacing / 2
                    RowLayout {
                        spacing: Theme.spacing
                        Label {
                            text: entry.modelData.label
                            textFormat: Text.PlainText
                            font.bold: true
                            elide: Text.ElideRight
                            Layout.fillWidth: true
                            TapHandler { onTapped: picker.chosen(entry.modelData.source) }
                        }
                        Badge {
                            visible: entry.installed
                            text: qsTr("Installed")
                            fill: Theme.badge
                            textColor: Theme.badgeText
                        }
                    }
                    Label {
                        // version · download size · installed size, whichever are known
                        text: [
                            entry.modelData.versionText !== ""
                                ? qsTr("Version %1").arg(entry.modelData.versionText) : "",
                            entry.modelData.downloadSizeText !== ""
                                ? qsTr("%1 to download").arg(entry.modelData.downloadSizeText) : "",
                            entry.modelData.sizeText !== ""
                                ? qsTr("%1 installed").arg(entry.modelData.sizeText) : ""
                        ].filter(part => part !== "").join(" · ")
                        textFormat: Text.PlainText
                        visible: text !== ""
                        color: Theme.mutedText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Repeater {
                        model: entry.modelData.permissions
                        delegate: Label {
                            required property string modelData
                            objectName: "permission"
                            text: "• " + modelData
                            textFormat: Text.PlainText
                            color: entry.modelData.unsafe ? Theme.errorText : Theme.text
                            font.pointSize: Theme.smallSize
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                    }
                }
            }
        }
    }
}
