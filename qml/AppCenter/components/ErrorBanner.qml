import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// A failure the backend reported, in one sentence, until dismissed. ``tone`` is Breeze's
// negative red by default; a warning (a fallback catalog) uses its warning orange.
Rectangle {
    id: banner

    property string text: ""
    property color tone: "#da4453"
    signal dismissed()

    implicitHeight: row.implicitHeight + 16
    color: banner.tone
    Accessible.role: Accessible.AlertMessage
    Accessible.name: banner.text

    RowLayout {
        id: row
        anchors.fill: parent
        anchors.margins: 8
        spacing: 8
        Label {
            text: "⚠"
            color: "white"
            font.pixelSize: 18
        }
        Label {
            text: banner.text
            textFormat: Text.PlainText
            color: "white"
            wrapMode: Text.Wrap
            maximumLineCount: 4
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
        Button {
            text: qsTr("Dismiss")
            Accessible.name: qsTr("Dismiss error")
            onClicked: banner.dismissed()
        }
    }
}
