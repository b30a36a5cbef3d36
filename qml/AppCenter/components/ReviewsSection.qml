pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// The app page's reviews from the ratings server (docs/reviews.md): a page of reviews with
// helpful / not helpful / report / remove, "Show more", and "Write a review" for an installed
// application. Everything from the server is plain text. Cached reviews show at once; when
// the server fails they stay, with a quiet note.
ColumnLayout {
    id: section

    required property var reviews
    property string appName: ""
    property bool canWrite: false

    spacing: 12

    RowLayout {
        Layout.fillWidth: true
        Label {
            textFormat: Text.PlainText
            text: qsTr("Reviews")
            font.bold: true
            // the app page's section headings (AppPage.sectionSize)
            font.pointSize: Theme.bodySize * 1.35
            Accessible.role: Accessible.Heading
            Layout.fillWidth: true
        }
        Button {
            objectName: "writeReviewButton"
            text: qsTr("Write a Review")
            icon.name: "document-edit"
            visible: section.canWrite
            onClicked: writeDialog.open()
        }
    }

    RowLayout {
        visible: section.reviews.loading
        spacing: 8
        BusyIndicator {
            running: section.reviews.loading
            Layout.preferredWidth: 24
            Layout.preferredHeight: 24
        }
        Label { textFormat: Text.PlainText; text: qsTr("Loading reviews…"); color: Theme.mutedText }
    }

    Label {
        textFormat: Text.PlainText
        objectName: "reviewsStatus"
        visible: section.reviews.status !== ""
        text: section.reviews.status === "stale"
              ? qsTr("These reviews may be out of date: the ratings server could not be reached.")
              : qsTr("Reviews are unavailable: the ratings server could not be reached.")
        wrapMode: Text.Wrap
        color: Theme.mutedText
        font.italic: true
        Layout.fillWidth: true
    }

    Label {
        visible: section.reviews.actionError !== ""
        //: %1 is the ratings server's own (English) message
        text: qsTr("That did not work: %1").arg(section.reviews.actionError)
        textFormat: Text.PlainText
        wrapMode: Text.Wrap
        color: Theme.errorText
        Layout.fillWidth: true
    }

    Label {
        textFormat: Text.PlainText
        visible: !section.reviews.loading && section.reviews.count === 0
                 && section.reviews.status !== "error"
        text: qsTr("Nobody has reviewed this application yet.")
        color: Theme.mutedText
    }

    Repeater {
        model: section.reviews
        delegate: ColumnLayout {
            id: entry
            required property int index
            required property int stars
            required property string summary
            required property string description
            required property string name
            required property string dateText
            required property string version
            required property bool olderVersion
            required property int helpful
            required property int notHelpful
            required property bool own
            required property bool voted

            objectName: "review"
            spacing: 4
            Layout.fillWidth: true

            RowLayout {
                spacing: 8
                StarRating { value: entry.stars; starSize: 14 }
                Label {
                    text: entry.summary
                    textFormat: Text.PlainText
                    font.bold: true
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
            }
            Label {
                //: who wrote a review and when: "Alice · Mar 4, 2025" (the date in the user's locale)
                text: qsTr("%1 · %2").arg(entry.name !== "" ? entry.name : qsTr("Anonymous"))
                          .arg(entry.dateText)
                textFormat: Text.PlainText
                color: Theme.mutedText
                font.pointSize: Theme.smallSize
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
            Label {
                visible: entry.olderVersion && entry.version !== ""
                //: %1 is the version the reviewer used
                text: qsTr("For an older version (%1)").arg(entry.version)
                textFormat: Text.PlainText
                color: Theme.mutedText
                font.pointSize: Theme.smallSize
            }
            Label {
                text: entry.description
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            RowLayout {
                spacing: 6
                Label {
                    textFormat: Text.PlainText
                    visible: entry.helpful + entry.notHelpful > 0
                    text: qsTr("%1 of %2 people found this helpful").arg(entry.helpful)
                              .arg(entry.helpful + entry.notHelpful)
                    color: Theme.mutedText
                    font.pointSize: Theme.smallSize
                }
                Label {
                    textFormat: Text.PlainText
                    visible: !entry.own && !entry.voted
                    text: qsTr("Was this review helpful?")
                    color: Theme.mutedText
                    font.pointSize: Theme.smallSize
                }
                Button {
                    objectName: "helpfulButton"
                    visible: !entry.own && !entry.voted
                    text: qsTr("Yes")
                    flat: true
                    onClicked: section.reviews.vote(entry.index, "up")
                }
                Button {
                    visible: !entry.own && !entry.voted
                    text: qsTr("No")
                    flat: true
                    onClicked: section.reviews.vote(entry.index, "down")
                }
                Button {
                    visible: !entry.own
                    text: qsTr("Report…")
                    flat: true
                    onClicked: {
                        confirm.row = entry.index
                        confirm.kind = "report"
                        confirm.open()
                    }
                }
                Button {
                    visible: entry.own
                    text: qsTr("Remove My Review…")
                    flat: true
                    onClicked: {
                        confirm.row = entry.index
                        confirm.kind = "remove"
                        confirm.open()
                    }
                }
            }
            Rectangle {
                color: Theme.border
                Layout.fillWidth: true
                Layout.preferredHeight: 1
            }
        }
    }

    Button {
        visible: section.reviews.hasMore && !section.reviews.loading
        text: qsTr("Show More Reviews")
        onClicked: section.reviews.loadMore()
    }

    // The popups live in a plain Item: they are shown in the window's overlay, not laid out.
    Item {
        Layout.preferredHeight: 0
        Layout.preferredWidth: 0

        PlainDialog {
            id: confirm
            property int row: -1
            property string kind: "report"
            objectName: "confirmReviewAction"
            parent: Overlay.overlay
            anchors.centerIn: parent
            modal: true
            width: Math.min(480, (parent ? parent.width : 480) - 40)
            title: confirm.kind === "report" ? qsTr("Report This Review?") : qsTr("Remove Your Review?")
            standardButtons: Dialog.Ok | Dialog.Cancel
            onAccepted: section.reviews.vote(confirm.row, confirm.kind)
            ColumnLayout {
                anchors.fill: parent
                Label {
                    textFormat: Text.PlainText
                    wrapMode: Text.WordWrap
                    text: confirm.kind === "report"
                          ? qsTr("Report reviews that are abusive, rude or discriminatory. Moderators of the ratings service will look at it.")
                          : qsTr("Your review will be deleted from the ratings service.")
                    Layout.fillWidth: true
                }
            }
        }

        WriteReviewDialog {
            id: writeDialog
            parent: Overlay.overlay
            anchors.centerIn: parent
            reviews: section.reviews
            appName: section.appName
        }
    }
}
