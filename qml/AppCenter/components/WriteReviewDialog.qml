pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

// Writing a review: stars, a summary and a text with the ratings server's limits checked as
// the user types (docs/reviews.md), and the name shown with it (the user's real name by
// default; left empty, the review is anonymous).
PlainDialog {
    id: dialog

    required property var reviews
    property string appName: ""
    property int stars: 0

    readonly property string summaryText: summaryField.text.trim()
    readonly property string bodyText: bodyArea.text.trim()
    readonly property string problem: {
        if (dialog.stars < 1)
            return qsTr("Choose how many stars to give.")
        if (dialog.summaryText.length < dialog.reviews.summaryMin)
            return qsTr("Write a short summary.")
        if (dialog.summaryText.length > dialog.reviews.summaryMax)
            return qsTr("The summary is too long.")
        if (dialog.bodyText.length < dialog.reviews.descriptionMin)
            return qsTr("Write what you think of the application.")
        if (dialog.bodyText.length > dialog.reviews.descriptionMax)
            return qsTr("The review is too long.")
        if (dialog.summaryText.indexOf("<") >= 0 || dialog.bodyText.indexOf("<") >= 0)
            return qsTr("The review cannot contain the character “<”.")
        return ""
    }

    objectName: "writeReviewDialog"
    modal: true
    width: Math.min(560, (parent ? parent.width : 560) - 40)
    title: qsTr("Review %1").arg(dialog.appName)

    onOpened: {
        dialog.stars = 0
        summaryField.text = ""
        bodyArea.text = ""
        nameField.text = dialog.reviews.defaultName
    }

    Connections {
        target: dialog.reviews
        function onSubmitted() { dialog.close() }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 8

        Label { textFormat: Text.PlainText; text: qsTr("Rating") }
        Row {
            objectName: "starPicker"
            spacing: 2
            Repeater {
                model: 5
                delegate: ToolButton {
                    required property int index
                    text: "★"
                    font.pointSize: Theme.iconGlyphSize
                    palette.buttonText: index < dialog.stars ? Theme.star : Theme.starEmpty
                    Accessible.name: qsTr("%n star(s)", "", index + 1)
                    onClicked: dialog.stars = index + 1
                }
            }
        }
        Label { textFormat: Text.PlainText; text: qsTr("Summary") }
        TextField {
            id: summaryField
            objectName: "summaryField"
            placeholderText: qsTr("Sum up your review in a few words")
            Layout.fillWidth: true
        }
        Label {
            textFormat: Text.PlainText
            text: qsTr("%1 / %2").arg(dialog.summaryText.length).arg(dialog.reviews.summaryMax)
            color: dialog.summaryText.length > dialog.reviews.summaryMax ? Theme.errorText : Theme.mutedText
            font.pointSize: Theme.smallSize
        }
        Label { textFormat: Text.PlainText; text: qsTr("Review") }
        ScrollView {
            Layout.fillWidth: true
            Layout.preferredHeight: 140
            TextArea {
                id: bodyArea
                objectName: "bodyArea"
                wrapMode: TextEdit.Wrap
                placeholderText: qsTr("What do you like or dislike about it?")
            }
        }
        Label {
            textFormat: Text.PlainText
            text: qsTr("%1 / %2").arg(dialog.bodyText.length).arg(dialog.reviews.descriptionMax)
            color: dialog.bodyText.length > dialog.reviews.descriptionMax ? Theme.errorText : Theme.mutedText
            font.pointSize: Theme.smallSize
        }
        Label { textFormat: Text.PlainText; text: qsTr("Name shown with the review") }
        TextField {
            id: nameField
            objectName: "nameField"
            placeholderText: qsTr("Anonymous")
            Layout.fillWidth: true
        }
        Label {
            objectName: "reviewProblem"
            text: dialog.reviews.alreadyReviewed
                  ? qsTr("You have already reviewed this application.")
                  : (dialog.reviews.submitError !== ""
                     //: %1 is the ratings server's own (English) message
                     ? qsTr("The review was not published: %1").arg(dialog.reviews.submitError)
                     : dialog.problem)
            textFormat: Text.PlainText
            visible: text !== ""
            wrapMode: Text.Wrap
            color: dialog.reviews.submitError !== "" ? Theme.errorText : Theme.mutedText
            Layout.fillWidth: true
        }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "publishButton"
            text: qsTr("Publish")
            enabled: dialog.problem === "" && !dialog.reviews.sending
            // not AcceptRole: the dialog stays open until the server confirms (onSubmitted)
            DialogButtonBox.buttonRole: DialogButtonBox.ActionRole
            onClicked: dialog.reviews.submitReview(dialog.stars, summaryField.text, bodyArea.text,
                                             nameField.text)
        }
        Button {
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
        }
    }
}
