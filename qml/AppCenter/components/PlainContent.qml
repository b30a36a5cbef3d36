import QtQuick
import QtQuick.Controls
import QtQuick.Controls.impl
import QtQuick.Layouts
import QtQuick.Templates as T

// A button's or a list entry's icon and text, the text plain. The styles draw a control's
// text with an internal label in AutoText format, which renders text that looks like HTML as
// rich text and loads its <img src> (issue 29). A control whose text is not a fixed string
// (a category's or an application's name, a word from the catalog) takes
// `contentItem: PlainContent { control: theButton }`; laid out like the styles' own content
// (icon beside the text, centred in buttons, at the left in list entries).
Item {
    id: content

    required property T.AbstractButton control
    // The styles' colours: button text, or the list's text (highlighted when selected).
    property color color: content.control.palette.buttonText
    // Buttons tint their theme icons like their text; list entries keep the icons' colours
    // (transparent: untinted).
    property color iconColor: content.control.icon.color.a > 0 ? content.control.icon.color
                                                                : content.color
    property int alignment: Qt.AlignHCenter
    // Icons grow with the font (--font-scale 1.6 left 16 px glyphs beside big text), never
    // below the control's own size.
    readonly property int iconSize: Math.max(content.control.icon.width, Theme.gridUnit)

    implicitWidth: row.implicitWidth
    implicitHeight: row.implicitHeight

    RowLayout {
        id: row
        width: Math.min(row.implicitWidth, content.width)
        x: content.alignment === Qt.AlignLeft ? 0 : (content.width - row.width) / 2
        anchors.verticalCenter: parent.verticalCenter
        spacing: content.control.spacing

        IconImage {
            id: image
            // Like the styles: no room for an icon the theme does not have.
            visible: content.control.display !== AbstractButton.TextOnly
                     && image.status === Image.Ready
            name: content.control.icon.name
            source: content.control.icon.source
            color: content.iconColor
            sourceSize.width: content.iconSize
            sourceSize.height: content.iconSize
            Layout.alignment: Qt.AlignVCenter
        }
        Label {
            visible: content.control.display !== AbstractButton.IconOnly && text !== ""
            text: content.control.text
            textFormat: Text.PlainText
            font: content.control.font
            color: content.color
            elide: Text.ElideRight
            Layout.fillWidth: true
            Layout.alignment: Qt.AlignVCenter
        }
    }
}
