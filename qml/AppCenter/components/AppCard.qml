import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// One application in the grid: icon, localized name, two-line summary, the average stars
// with the vote count when there are votes (nothing otherwise; the Bayesian score only orders
// the grid). Sizes follow Theme.
// Names and summaries come from packages: shown as plain text, elided, never as markup.
ItemDelegate {
    id: card

    required property int index
    required property string appId
    required property string name
    required property string summary
    required property string iconUrl
    required property real rating
    required property real ratingMean
    required property int ratingCount
    required property string appState

    signal opened(string appId)

    padding: Theme.largeSpacing
    Accessible.name: card.name
    Accessible.description: card.summary
    onClicked: card.opened(card.appId)

    background: Rectangle {
        radius: Theme.spacing
        color: card.down ? card.palette.midlight : (card.hovered ? Theme.surfaceHover : Theme.surface)
        border.width: card.visualFocus || card.highlighted ? Theme.focusWidth : 1
        border.color: card.visualFocus || card.highlighted ? Theme.focus : Theme.border
    }

    contentItem: RowLayout {
        spacing: Theme.largeSpacing
        Image {
            // read by --screenshot, which waits for every image
            readonly property bool isLoading: status === Image.Loading
            source: card.iconUrl
            sourceSize.width: 64
            sourceSize.height: 64
            Layout.preferredWidth: Math.round(Theme.gridUnit * 3.5)
            Layout.preferredHeight: Math.round(Theme.gridUnit * 3.5)
            Layout.alignment: Qt.AlignTop
            // Loaded on the GUI thread (a 64 px PNG from the icon archive is ~0.1 ms): the
            // image provider is Python, and Qt's image reader thread calling into it while a
            // model update held the interpreter's lock deadlocked about 1 start in 4.
            asynchronous: false
            fillMode: Image.PreserveAspectFit
            Accessible.ignored: true
        }
        ColumnLayout {
            Layout.fillWidth: true
            Layout.alignment: Qt.AlignVCenter
            spacing: Theme.spacing / 2
            Label {
                text: card.name
                textFormat: Text.PlainText
                font.bold: true
                font.pointSize: Theme.subheadingSize
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
                color: Theme.mutedText
                Layout.fillWidth: true
            }
            RowLayout {
                spacing: Theme.spacing
                StarRating {
                    value: card.ratingMean
                    visible: card.ratingCount > 0
                }
                // Nothing without votes (1,987 times "No ratings" said nothing; issue 32).
                Label {
                    objectName: "cardRatingText"
                    textFormat: Text.PlainText
                    visible: card.ratingCount > 0
                    //: the average of the votes on a 1 to 5 scale, and how many votes there are
                    text: qsTr("%1 · %Ln rating(s)", "", card.ratingCount)
                          .arg(Number(card.ratingMean).toLocaleString(Qt.locale(), "f", 1))
                    color: Theme.mutedText
                    font.pointSize: Theme.smallSize
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                    Layout.minimumWidth: 0
                }
                Label {
                    objectName: "cardStateText"
                    textFormat: Text.PlainText
                    visible: card.appState === "installed" || card.appState === "updatable"
                    //: on a card: installed, and the update check found a newer version
                    text: card.appState === "updatable" ? qsTr("Update available") : qsTr("Installed")
                    color: Theme.accentText
                    font.pointSize: Theme.smallSize
                    font.bold: true
                }
            }
        }
    }
}
