pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The newest releases: version, date and notes (read from Markdown into plain blocks).
ColumnLayout {
    id: releases

    // [{version, date, kindText, blocks}]
    property var model: []

    spacing: Theme.largeSpacing

    Repeater {
        model: releases.model
        delegate: ColumnLayout {
            id: release
            required property var modelData
            required property int index
            spacing: Theme.spacing
            Layout.fillWidth: true

            Label {
                //: a release heading: "Version 43.1 · 4 Mar 2026"
                text: (release.modelData.date !== ""
                       ? qsTr("Version %1 · %2").arg(release.modelData.version).arg(release.modelData.date)
                       : qsTr("Version %1").arg(release.modelData.version))
                      + (release.modelData.kindText !== "" ? " · " + release.modelData.kindText : "")
                textFormat: Text.PlainText
                font.bold: true
                wrapMode: Text.Wrap
                Layout.fillWidth: true
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }
            TextBlocks {
                model: release.modelData.blocks
                Layout.fillWidth: true
            }
            Label {
                textFormat: Text.PlainText
                // said once, for the newest: repeated under every older release it is noise
                visible: release.modelData.blocks.length === 0 && release.index === 0
                text: qsTr("No details for this release.")
                color: Theme.mutedText
                Layout.fillWidth: true
            }
        }
    }
}
