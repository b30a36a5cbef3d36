import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// A failure the backend reported, in one sentence, until dismissed. ``tone`` is the theme's
// negative red by default; a warning (a fallback catalog) uses its warning orange. The text
// colour comes with the tone (Theme picks the pair for contrast).
Rectangle {
    id: banner

    property string text: ""
    // The leading sign: a warning by default; a notice (something done) passes "ℹ".
    property string glyph: "⚠"
    property color tone: Theme.negative
    property color toneText: Theme.negativeText
    signal dismissed()

    implicitHeight: row.implicitHeight + Theme.spacing * 2
    color: banner.tone
    Accessible.role: Accessible.AlertMessage
    Accessible.name: banner.text

    RowLayout {
        id: row
        anchors.fill: parent
        anchors.margins: Theme.spacing
        spacing: Theme.spacing
        Label {
            textFormat: Text.PlainText
            text: banner.glyph
            color: banner.toneText
            font.pointSize: Theme.subheadingSize
            Accessible.ignored: true
        }
        Label {
            text: banner.text
            textFormat: Text.PlainText
            color: banner.toneText
            wrapMode: Text.Wrap
            maximumLineCount: 4
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        Button {
            text: qsTr("Dismiss")
            Accessible.name: qsTr("Dismiss error")
            onClicked: banner.dismissed()
            FocusRing {}
        }
    }
}
