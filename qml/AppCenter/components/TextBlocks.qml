pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Structured text from a package (a description, release notes), one plain-text label per
// block: headings, paragraphs and list items with their bullet or number. The blocks come
// from Python (text_blocks.py), which has already dropped every markup: nothing here is ever
// rich text.
ColumnLayout {
    id: blocks

    // [{kind: "heading"|"paragraph"|"item", text, level, marker}]
    property var model: []

    spacing: Theme.spacing * 1.5

    Repeater {
        model: blocks.model
        delegate: RowLayout {
            id: block
            required property var modelData
            readonly property bool isItem: block.modelData.kind === "item"
            readonly property bool isHeading: block.modelData.kind === "heading"
            spacing: Theme.spacing
            Layout.fillWidth: true
            Layout.leftMargin: block.isItem ? Theme.largeSpacing * block.modelData.level : 0
            Layout.topMargin: block.isHeading ? Theme.spacing : 0
            Accessible.role: block.isHeading ? Accessible.Heading : Accessible.StaticText
            Accessible.name: block.modelData.text

            Label {
                visible: block.isItem
                text: block.modelData.marker
                textFormat: Text.PlainText
                Layout.alignment: Qt.AlignTop
                Accessible.ignored: true
            }
            Label {
                text: block.modelData.text
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                font.bold: block.isHeading
                font.pointSize: block.isHeading && block.modelData.level <= 2
                                ? Theme.subheadingSize : Theme.bodySize
                Layout.fillWidth: true
                Accessible.ignored: true
            }
        }
    }
}
