import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One application in the grid: icon, localized name, one-line summary, stars with count.
// Names and summaries come from packages: shown as plain text, elided, never as markup.
ItemDelegate {
    id: card

    required property int index
    required property string appId
    required property string name
    required property string summary
    required property string iconUrl
    required property real rating
    required property int ratingCount
    required property string appState

    signal opened(string appId)

    padding: 12
    Accessible.name: card.name
    Accessible.description: card.summary
    onClicked: card.opened(card.appId)

    background: Rectangle {
        radius: 6
        color: card.down ? card.palette.midlight : (card.hovered ? card.palette.alternateBase : card.palette.base)
        border.width: card.visualFocus || card.highlighted ? 2 : 1
        border.color: card.visualFocus || card.highlighted ? card.palette.highlight : card.palette.mid
    }

    contentItem: RowLayout {
        spacing: 12
        Image {
            // read by --screenshot, which waits for every image
            readonly property bool isLoading: status === Image.Loading
            source: card.iconUrl
            sourceSize.width: 64
            sourceSize.height: 64
            Layout.preferredWidth: 64
            Layout.preferredHeight: 64
            Layout.alignment: Qt.AlignTop
            asynchronous: true
            fillMode: Image.PreserveAspectFit
            Accessible.ignored: true
        }
        ColumnLayout {
            Layout.fillWidth: true
            Layout.alignment: Qt.AlignVCenter
            spacing: 4
            Label {
                text: card.name
                textFormat: Text.PlainText
                font.bold: true
                font.pixelSize: 15
                elide: Text.ElideRight
                maximumLineCount: 1
                Layout.fillWidth: true
            }
            Label {
                text: card.summary
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                elide: Text.ElideRight
                maximumLineCount: 2
                opacity: 0.8
                Layout.fillWidth: true
            }
            RowLayout {
                spacing: 6
                StarRating {
                    value: card.rating
                    visible: card.ratingCount > 0
                }
                Label {
                    text: card.ratingCount > 0 ? qsTr("(%L1)").arg(card.ratingCount) : qsTr("No ratings")
                    opacity: 0.7
                    font.pixelSize: 11
                }
                Item { Layout.fillWidth: true }
                Label {
                    visible: card.appState === "installed"
                    text: qsTr("Installed")
                    color: card.palette.highlight
                    font.pixelSize: 11
                    font.bold: true
                }
            }
        }
    }
}
